// The triangle's board as the simulator plays it: a chip flicked along the
// current side (docs/replay.md).
import { playMove } from '../../firmware/game';
import { game as triangle } from '../../firmware/games/triangle/index';
import type { FlickResult, TriangleMove, TriangleState } from '../../firmware/games/triangle/rules';
import { BEYOND_AT_MM, EVEN_AT_MM, OVER_AT_MM, SIDE_MM } from '../../firmware/games/triangle/board';
import { FLICK_MS, TrianglePhysics } from '../physics/triangle';
import { PLAY_ACTIONS, fieldsProblem } from '../game';
import type { SimGame } from '../game';

/** The triangle: a chip flicked along the current side (docs/replay.md: flick with stopMm, or off). */
export function simGame(): SimGame {
  const physics = new TrianglePhysics(triangle.board);
  /** The player's last flick as he saw it land, the one before it, and when the last one's chip leaves its spot. */
  let last: TriangleMove | null = null;
  let before: TriangleMove | null = null;
  let lastFlickedAt = -Infinity;
  /** The game as the player reckons it while the board is off or starting: what it showed before the cut, and his flicks since. */
  let reckoned: TriangleState | null = null;
  return {
    module: triangle,
    actions: PLAY_ACTIONS,
    check(a) {
      const o = a.body;
      if (o.do !== 'flick') return 'triangle happenings: {"do":"flick","stopMm":N} or {"do":"flick","off":true}';
      if (o.off !== undefined && o.off !== true) return '"off" must be true';
      if (o.off === undefined && !(typeof o.stopMm === 'number' && Number.isFinite(o.stopMm))) return 'a flick needs "stopMm" (a number of mm) or "off": true';
      // (Farther past the line than a side is long, the chip left the triangle: `off`. Before its start, it never left its spot.)
      if (typeof o.stopMm === 'number' && Math.abs(o.stopMm) > SIDE_MM) return `"stopMm" must be -${SIDE_MM} to ${SIDE_MM} (a side's length; a chip farther past the line left the triangle: "off": true)`;
      if (o.off !== undefined && o.stopMm !== undefined) return 'a flick has "stopMm" or "off", not both';
      for (const k of ['sideMm', 'driftDeg']) {
        if (o[k] !== undefined && (o.off !== undefined || !(typeof o[k] === 'number' && Math.abs(o[k] as number) < (k === 'sideMm' ? 30 : 60)))) return `"${k}" is a number (under ${k === 'sideMm' ? '30 mm' : '60°'} either way), with "stopMm"`;
      }
      return fieldsProblem(a, ['t', 'do', 'stopMm', 'off', 'sideMm', 'driftDeg']);
    },
    // The player keeps in mind what the board showed when the power went (an undo, a fix or an off he saw), and his
    // flicks it had not shown: the latest chip flicked, while the board still worked it out, and one placed but not
    // yet flicked (it goes while the board is off).
    cut(shown, busy, t) {
      const placed = last !== null && lastFlickedAt >= t;
      const working = placed ? before : last;
      let state = shown as TriangleState | null;
      if (state && busy && working) state = playMove(triangle, state, working).state;
      if (state && placed) state = playMove(triangle, state, last!).state;
      reckoned = state;
    },
    happen(a, world) {
      const shown = world.state() as TriangleState | null;
      // The player flicks along the side the display shows. A short flick is only
      // scored once the next chip is placed, so while the board still works on the
      // last flick, the player reckons the side by the rules from where it landed;
      // while the board is off or starting, he goes on from what it showed before the cut.
      const state = shown ? (last && world.busy() ? playMove(triangle, shown, last).state : shown) : reckoned;
      const side = state ? state.f : 0;
      const stopMm = a.body.stopMm as number | undefined;
      // A chip off the triangle ends the turn once the referee marks it (T8), as beyond does.
      before = last;
      last = { k: 'flick', r: stopMm === undefined ? 'beyond' : trueResult(stopMm), s: side };
      lastFlickedAt = a.t + FLICK_MS;
      if (state) reckoned = playMove(triangle, state, last).state;
      world.levels(physics.flick({ stopMm, off: a.body.off as boolean | undefined, sideMm: a.body.sideMm as number | undefined, driftDeg: a.body.driftDeg as number | undefined }, a.t, side, world.random));
    },
    // Longer than the triangle's arrival timeout, so a flick that never arrives is still scored.
    tailMs: 5000,
    // A three-player game to 99 writes some 7.2 KB, a six-player one some 11.3 KB of its 12,192 bytes, more when
    // its players score less a flick (docs/saving.md).
    logChunks: 3,
  };
}

/** How a chip resting `stopMm` from the line scores, as the board's sensing points place it (docs/games/triangle.md). */
function trueResult(stopMm: number): FlickResult {
  if (stopMm < EVEN_AT_MM) return 'short';
  if (stopMm < OVER_AT_MM) return 'perfect';
  return stopMm < BEYOND_AT_MM ? 'partly' : 'beyond';
}

