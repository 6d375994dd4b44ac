// The triangle game as the firmware runtime plays it.
import type { GameModule } from '../../game';
import type { Fields } from '../../protocol';
import { triangleGame, TriangleMove, TriangleState, RESULTS } from './rules';
import { triangleBoard } from './board';
import { triangleInterpreter } from './interpret';
import { triangleButton, triangleCommand, triangleLayout, trianglePhoneFields } from './layout';

/** The result argument of `fix` and `flick` (a command table's, firmware/commands.ts). */
const RESULT_ARG = ',!r:str ' + RESULTS.join('|');

export const game: GameModule<TriangleState, TriangleMove> = {
  game: triangleGame,
  code: 1,
  board: triangleBoard,
  // A chip covers a sensing point for 13 ms or more, even at its fastest (docs/games/triangle.md).
  pollMs: 3,
  interpreter: triangleInterpreter,
  layout: triangleLayout,
  fields: trianglePhoneFields as (state: TriangleState) => Fields,
  round: 'flick',
  commands: 'off;fix' + RESULT_ARG + ';flick' + RESULT_ARG,
  command: triangleCommand,
  button: triangleButton,
};
