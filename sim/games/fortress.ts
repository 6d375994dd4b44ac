// The fortification billiards board as the simulator plays it (docs/replay.md).
import { game as fortress } from '../../firmware/games/fortress/index';
import { COLOURS, FORT_COUNT } from '../../firmware/games/fortress/board';
import { createFortressWorld, Happening } from '../physics/fortress';
import { PLAY_ACTIONS, fieldsProblem } from '../game';
import type { SimGame } from '../game';

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
  if (o.pass !== undefined) return keys !== 'ball,pass' || o.pass !== true ? '"pass": true, alone' : '';
  if (o.into === 'fort') return FORT_NAMES.indexOf(o.fort as string) < 0 ? `"fort" must be one of ${FORT_NAMES.join(', ')}` : !/^ball,(bell,)?fort,into$/.test(keys) || (o.bell !== undefined && typeof o.bell !== 'boolean') ? 'a fort takes "fort" and "bell"' : '';
  if (o.into === 'pocket') return !(Number.isInteger(o.pocket) && o.pocket! >= 1 && o.pocket! <= 6) || keys !== 'ball,into,pocket' ? '"pocket" must be 1 to 6' : '';
  return 'a ball goes "into" a fort or a pocket, makes the "pass", or leaves or comes back to its spot ("offSpot")';
}

/** Fortification billiards: strokes, each a list of happenings (docs/replay.md). */
export function simGame(): SimGame {
  let world: ReturnType<typeof createFortressWorld> | null = null;
  return {
    module: fortress,
    actions: PLAY_ACTIONS,
    check(a) {
      const o = a.body;
      if (o.do !== 'stroke') return 'fortress happenings are: stroke';
      if (!Array.isArray(o.happens)) return '"happens" must be a list of happenings';
      for (const h of o.happens) {
        const p = problem(h);
        if (p) return p;
      }
      return fieldsProblem(a, ['t', 'do', 'happens']);
    },
    happen(a, w) {
      if (!world) world = createFortressWorld(fortress.board, w.random);
      const happens = a.body.happens as Happening[];
      // A miss: the striker's attacking ball leaves its spot, if it lies there (else nothing is sensed: the referee holds next).
      const state = w.state() as { t: number; e: number } | null;
      const striker = state ? ['EA', 'FA'][state.t ^ state.e] : 'EA';
      w.levels(world.stroke(a.t, happens.length === 0 && world.onSpot(striker) ? [{ ball: striker, offSpot: true }] : happens));
    },
    tailMs: 8000,
  };
}
