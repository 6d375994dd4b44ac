// The triangle game as the firmware runtime plays it.
import { ON_DEVICE } from '../../device';
import type { GameModule } from '../../game';
import type { Fields } from '../../protocol';
import { play, setup, TriangleMove, TriangleState } from './rules';
import { triangleBoard } from './board';
import { triangleInterpreter } from './interpret';
import { triangleLayout, trianglePhoneFields } from './layout';

export const game: GameModule<TriangleState, TriangleMove> = {
  id: 'triangle',
  code: 1,
  board: triangleBoard,
  // A chip covers a sensing point for 13 ms or more, even at its fastest (docs/games/triangle.md).
  pollMs: 3,
  setup: setup,
  // Every move is one function (rules.ts): a flick, or a correction of the last one.
  moves: { flick: play, fix: play, off: play, next: play },
  // The referee's (docs/games/triangle.md): `off`, and `fix` and `flick` with the result (rules.ts, RESULTS; spelt
  // out, so that the chip keeps the table in flash).
  // A board's check module carries the table (tools/build.ts), not its bundle.
  commands: ON_DEVICE ? '' : 'off;fix,!r:str partly|perfect|beyond|short;flick,!r:str partly|perfect|beyond|short',
  // No copy: states are never changed (a move makes a new one), and callers only read scores.
  scores: function (state) {
    return state.s;
  },
  turn: function (state) {
    return state.p;
  },
  winner: function (state) {
    return state.w;
  },
  interpreter: triangleInterpreter,
  layout: triangleLayout,
  fields: trianglePhoneFields as (state: TriangleState) => Fields,
  round: 'flick',
};
