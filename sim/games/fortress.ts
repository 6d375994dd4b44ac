// The fortification billiards board as the simulator plays it (docs/replay.md).
import { playMove } from '../../firmware/game';
import { game as fortress } from '../../firmware/games/fortress/index';
import type { FortressState } from '../../firmware/games/fortress/state';
import { COLOURS, FORT_COUNT } from '../../firmware/games/fortress/board';
import { REST_MS } from '../../firmware/games/fortress/interpret';
import { createFortressWorld, Happening, written } from '../physics/fortress';
import { PLAY_ACTIONS, fieldsProblem } from '../game';
import type { SimGame, World } from '../game';

const BALLS = ['EA', 'ED', 'ED1', 'ED2', 'FA', 'FD', 'FD1', 'FD2'];
const FORT_NAMES = COLOURS.split(' ').slice(0, FORT_COUNT);

/** What is wrong with one happening of a stroke, or ''. */
function problem(h: unknown): string {
  if (typeof h !== 'object' || h === null || Array.isArray(h)) return 'a happening is an object';
  const o = h as Happening;
  const keys = Object.keys(o).sort().join(',');
  if (o.colours !== undefined) {
    return FORT_NAMES.concat(['EP', 'FP']).indexOf(o.colours) < 0 ? `"colours" must be a fort or EP, FP` : keys !== 'colours,down' || typeof o.down !== 'boolean' ? 'colours take "down": true or false' : '';
  }
  if (BALLS.indexOf(o.ball as string) < 0) return `"ball" must be one of ${BALLS.join(', ')}`;
  if (o.offSpot !== undefined) return keys !== 'ball,offSpot' || typeof o.offSpot !== 'boolean' ? '"offSpot" is true or false, alone' : (o.ball as string).length < 3 && o.ball![1] === 'D' ? 'a spot is a ball\'s own: ED1, ED2, FD1, FD2' : '';
  if (o.pass !== undefined) return !/^(back,)?ball,pass$/.test(keys) || o.pass !== true || (o.back !== undefined && o.back !== true) ? '"pass": true, alone or with "back": true' : '';
  if (o.into === 'fort') return FORT_NAMES.indexOf(o.fort as string) < 0 ? `"fort" must be one of ${FORT_NAMES.join(', ')}` : !/^ball,(bell,)?fort,into$/.test(keys) || (o.bell !== undefined && typeof o.bell !== 'boolean') ? 'a fort takes "fort" and "bell"' : '';
  if (o.rests !== undefined) return FORT_NAMES.indexOf(o.rests) < 0 || keys !== 'ball,rests' ? `"rests" (alone) must be one of ${FORT_NAMES.join(', ')}` : '';
  if (o.into === 'pocket') return !(Number.isInteger(o.pocket) && o.pocket! >= 1 && o.pocket! <= 6) || keys !== 'ball,into,pocket' ? '"pocket" must be 1 to 6' : '';
  return 'a ball goes "into" a fort or a pocket, makes the "pass", "rests" over a fort\'s mouth, or leaves or comes back to its spot ("offSpot")';
}

/** Whether a happening is done by hand (colours moved, a ball put back on its spot): no ball moves. */
const byHand = (h: Happening): boolean => h.colours !== undefined || h.offSpot === false;
/** Whether the board sees a ball move in a happening: not one done by hand, nor a ball rolling back through the pass (no pass). */
const seenMoving = (h: Happening): boolean => !byHand(h) && !h.back;

/**
 * A stroke's (or hand's) happenings as the board reads them (docs/games/fortress.md, Happenings): a ball that lay on
 * its spot leaves it as it moves, a mouth names a ball's class, a roll back through the pass is none. `onSpot`: where
 * the balls lie before it. What the players reckon the game by while the board is off or starting.
 */
function asRead(happens: Happening[], onSpot: (ball: string) => boolean): string {
  const moved: { [ball: string]: boolean } = {};
  const on = (b: string): boolean => (b in moved ? moved[b] : onSpot(b));
  const out: string[] = [];
  for (const h of happens) {
    const ball = h.ball as string;
    if (h.colours !== undefined) out.push(written(h));
    else if (h.offSpot !== undefined) {
      if (on(ball) === h.offSpot) out.push(written(h));
      moved[ball] = !h.offSpot;
    } else {
      // (As the physics has it: ED, FD is one lying off its spot, else the first of them leaves its spot.)
      const mover = ball.length === 2 && ball[1] === 'D' && on(ball + '1') && on(ball + '2') ? ball + '1' : ball;
      if (on(mover)) out.push(mover + '-');
      moved[mover] = false;
      if (h.into || (h.pass && !h.back && ball[1] === 'A')) out.push(written(h));
    }
  }
  return out.join(' ');
}

/**
 * Fortification billiards: strokes and things done by hand between them, each a list of happenings
 * (docs/replay.md). Every stroke is one the board sees: a stroke after the last is still under way, or a miss
 * the board cannot see, is refused with the reason.
 */
export function simGame(): SimGame {
  let world: ReturnType<typeof createFortressWorld> | null = null;
  const worldOf = (w: World) => (world ??= createFortressWorld(fortress.board, w.random));
  /** The game as the players reckon it while the board is off or starting (whose turn it is), from what it last showed. */
  let reckoned: FortressState | null = null;
  /** The last stroke's happenings as the board reads them: still under way when the power went, the players reckon it. */
  let last: string | null = null;
  const reckon = (state: FortressState | null, k: string, h: string): FortressState | null => (state && h ? playMove(fortress, state, { k, h }).state : state);
  return {
    module: fortress,
    actions: PLAY_ACTIONS,
    check(a) {
      const o = a.body;
      if (o.do !== 'stroke' && o.do !== 'hand') return 'fortress happenings are: stroke, hand';
      if (!Array.isArray(o.happens)) return '"happens" must be a list of happenings';
      for (const h of o.happens) {
        const p = problem(h);
        if (p) return p;
      }
      if (o.do === 'hand' && !(o.happens as Happening[]).every(byHand)) return 'by hand, colours are moved and balls put back on their spots ("offSpot": false); a ball that moves makes a stroke';
      return fieldsProblem(a, ['t', 'do', 'happens']);
    },
    // The game begins with every ball on its spot and every colours up (the rules' setup).
    start: (w) => worldOf(w).start(),
    // The players keep in mind whose turn it is when the power goes: the game the display showed, and a stroke it was
    // still working out, by the rules (they saw its balls come to rest).
    cut(shown, busy) {
      reckoned = reckon(shown as FortressState | null, 'stroke', busy && last ? last : '');
    },
    happen(a, w) {
      const world = worldOf(w);
      let happens = a.body.happens as Happening[];
      if (w.busy()) throw new Error(`the stroke before is still under way (the board ends a stroke once nothing has moved for ${REST_MS / 1000} s, or at a short press of next): strike after it`);
      // The game as the display shows it, or, while the board is off or starting, as the players reckon it: a dark
      // display does not change whose turn it is.
      const shown = w.state() as FortressState | null;
      const state = shown || reckoned;
      if (a.body.do === 'stroke' && !happens.some(seenMoving)) {
        // A miss, after what was done by hand (and balls rolling back through the pass, which the board takes for
        // no movement): the ball struck leaves its spot. The striker's attacking ball, whose turn the display shows
        // (or showed before the cut); off its spot, no sensor can see it.
        const striker = state ? ['EA', 'FA'][state.t ^ state.e] : 'EA';
        const after = world.onSpot(striker) || happens.some((h) => h.ball === striker);
        if (!after) throw new Error(`a miss by ${striker}, off its spot, is seen by no sensor: the referee enters it by holding next for a second (in a scenario, {"button":"next","holdMs":1500}; docs/games/fortress.md)`);
        happens = happens.concat([{ ball: striker, offSpot: true }]);
      }
      const read = asRead(happens, world.onSpot);
      if (a.body.do === 'stroke') last = read;
      if (!shown) reckoned = reckon(reckoned, String(a.body.do), read);
      w.levels(world.stroke(a.t, happens));
    },
    tailMs: REST_MS + 3000,
    // Its firmware, the largest beside shuffleboard's, leaves two (docs/saving.md, Where it goes).
    logChunks: 2,
  };
}
