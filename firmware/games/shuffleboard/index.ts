// Table shuffleboard as the firmware runtime plays it.
import { ON_DEVICE } from '../../device';
import { DECIDE_MODULE } from '../../modules';
import type { GameModule, Outcome } from '../../game';
import { setup, scores, shuffleboardMoves, turn, winner } from './rules';
import type { ShuffleboardMove } from './rules';
import { shuffleboardBoard } from './board';
import { createShuffleboardInterpreter } from './interpret';
import { shuffleboardLayout, shuffleboardView } from './layout';
import type { ShuffleboardState } from './state';

export const game: GameModule<ShuffleboardState, ShuffleboardMove> = {
  id: 'shuffleboard',
  code: 4,
  // A weight passes the launch row's switches in 30 ms or more; the grid is read by the interpreter, not the scanner.
  pollMs: 10,
  // Made afresh when asked, as Ring-a-Peg's is: kept, it would hold its JsVars for good.
  get board() {
    return shuffleboardBoard();
  },
  setup: setup,
  // Made when asked, as the board is. A throw decided on a board flashed without its decision module (interpret.ts)
  // is refused, and the phone told the module's name.
  get moves() {
    const moves = shuffleboardMoves();
    moves[DECIDE_MODULE] = function (state: ShuffleboardState): Outcome<ShuffleboardState> {
      return { state: state, changes: [], refused: DECIDE_MODULE };
    };
    return moves;
  },
  // The referee's inputs (docs/games/shuffleboard.md): the coin toss, a throw the board missed (its weight gone:
  // `rest`, then `place` it), a weight put right (place, colour, overhang; d -1 takes it off), the table cleared.
  // A board's check module carries the table (tools/build.ts), not its bundle.
  commands: ON_DEVICE ? '' : 'toss,!s:int 0..1;rest;place,!i:int 0..7,d:int -100..3000,c:int 0..1,h:int 0..1;clear',
  scores: scores,
  turn: turn,
  winner: winner,
  interpreter: createShuffleboardInterpreter,
  layout: shuffleboardLayout,
  fields: shuffleboardView,
  round: 'end',
};
