// Table shuffleboard as the firmware runtime plays it.
import { ON_DEVICE } from '../../device';
import type { GameModule } from '../../game';
import { setup, scores, shuffleboardMoves, turn, winner } from './rules';
import type { ShuffleboardMove } from './rules';
import { shuffleboardBoard } from './board';
import { createShuffleboardInterpreter } from './interpret';
import { shuffleboardLayout, shuffleboardView } from './layout';
import type { ShuffleboardState } from './state';

export const game = {
  id: 'shuffleboard',
  code: 4,
  // A weight passes the launch row's switches in 30 ms or more; the grid is read by the interpreter, not the scanner.
  pollMs: 10,
  // Made afresh when asked, as Ring-a-Peg's is: kept, it would hold its JsVars for good.
  get board() {
    return shuffleboardBoard();
  },
  setup: setup,
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
} as unknown as GameModule<ShuffleboardState, ShuffleboardMove>;
// The moves, made afresh when asked, as the board is (rules.ts). The getter is the rules' own function: a getter of
// its own that called it was a function more for good, and one that the minifier inlined made the moves in a call
// inside the getter's, where each of their functions kept a copy of both scopes (some 3 JsVars each, at every move).
Object.defineProperty(game, 'moves', { get: shuffleboardMoves });
