// The triangle game as the firmware runtime plays it.
import type { GameModule } from '../../runtime';
import type { Fields } from '../../protocol';
import type { ArgSpec } from '../../commands';
import { triangleGame, TriangleMove, TriangleState, RESULTS } from './rules';
import { triangleBoard } from './board';
import { triangleInterpreter } from './interpret';
import { triangleButton, triangleCommand, triangleLayout, trianglePhoneFields } from './layout';

/** The result argument of `fix` and `flick`, one object for both. */
const RESULT_ARG: ArgSpec[] = [{ key: 'r', type: 'str', need: true, one: RESULTS }];

export const triangleModule: GameModule<TriangleState, TriangleMove> = {
  game: triangleGame,
  board: triangleBoard,
  // A chip covers a sensing point for 13 ms or more, even at its fastest (docs/games/triangle.md).
  pollMs: 3,
  interpreter: triangleInterpreter,
  layout: triangleLayout,
  fields: trianglePhoneFields as (state: TriangleState) => Fields,
  round: function (state) {
    return state.f + 1;
  },
  commands: [
    { name: 'off', edit: true, args: [] },
    { name: 'fix', edit: true, args: RESULT_ARG },
    { name: 'flick', edit: true, args: RESULT_ARG },
  ],
  command: triangleCommand,
  button: triangleButton,
};
