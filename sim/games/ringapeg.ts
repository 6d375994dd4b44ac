// Ring-a-Peg's board as the simulator plays it (docs/replay.md).
import { game as ringapeg } from '../../firmware/games/ringapeg/index';
import { createRingapegWorld } from '../physics/ringapeg';
import { PLAY_ACTIONS, fieldsProblem } from '../game';
import type { SimGame } from '../game';

const PEG_ACTIONS = ['snap', 'lift', 'drop', 'clear'];

/** Ring-a-Peg: rings snapped, lifted, dropped and cleared (docs/replay.md). */
export function simGame(): SimGame {
  const board = ringapeg.board;
  const pegs = board.sensors.filter((s) => /\.top$/.test(s.name)).map((s) => s.name.split('.')[1]);
  let world: ReturnType<typeof createRingapegWorld> | null = null;
  return {
    module: ringapeg,
    actions: PLAY_ACTIONS,
    check(a) {
      const o = a.body;
      if (PEG_ACTIONS.indexOf(o.do as string) < 0) return `ringapeg happenings are ${PEG_ACTIONS.join(', ')}`;
      if (o.do === 'clear') return fieldsProblem(a, ['t', 'do']);
      const nullable = o.do === 'snap' || o.do === 'drop';
      if (!(pegs.indexOf(o.peg as string) >= 0 || (nullable && o.peg === null))) {
        return `"peg" must be one of ${pegs.join(', ')}${nullable ? ', or null for a ring that misses every peg' : ''}`;
      }
      if (o.bounceOff !== undefined && (o.do !== 'snap' || pegs.indexOf(o.bounceOff as string) < 0)) return '"bounceOff" names the peg a snapped ring glances off';
      return fieldsProblem(a, ['t', 'do', 'peg', 'bounceOff']);
    },
    happen(a, w) {
      if (!world) world = createRingapegWorld(board, w.random);
      const o = a.body;
      const peg = o.peg as string | null;
      if (o.do === 'snap') w.levels(world.snap(a.t, peg, o.bounceOff as string | undefined));
      else if (o.do === 'lift') w.levels(world.lift(a.t, peg as string));
      else if (o.do === 'drop') w.levels(world.drop(a.t, peg));
      else w.levels(world.clear(a.t));
    },
    tailMs: 2000,
    logChunks: 3,
  };
}
