// Table shuffleboard as the firmware runtime plays it.
import { ON_DEVICE } from '../../device';
import type { GameModule } from '../../game';
import { setup, scores, shuffleboardMoves, turn, winner } from './rules';
import type { ShuffleboardMove } from './rules';
import { shuffleboardBoard } from './board';
import { createShuffleboardInterpreter } from './interpret';
import { shuffleboardLayout, shuffleboardView } from './layout';
import type { ShuffleboardState } from './state';

// (Its moves, defined below.)
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
} satisfies Omit<GameModule<ShuffleboardState, ShuffleboardMove>, 'moves'> as unknown as GameModule<ShuffleboardState, ShuffleboardMove>;
// The moves, made afresh when asked, as the board is: the getter is the rules' own function, made in one call
// (docs/espruino.md, Memory: a getter of its own would be a function more for good, and inlined there by the
// minifier, the moves' functions would each keep a copy of both scopes). Enumerable, as a getter written in an
// object is: a copy of the game (Object.assign) has its moves.
Object.defineProperty(game, 'moves', { get: shuffleboardMoves, enumerable: true });
