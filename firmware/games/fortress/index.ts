// Fortification billiards as the firmware runtime plays it.
import { ON_DEVICE } from '../../device';
import type { GameModule } from '../../game';
import type { Fields } from '../../protocol';
import { fortress, FortressMove, FortressState } from './rules';
import { fortressBoard } from './board';
import { fortressInterpreter } from './interpret';
import { fortressFields, fortressLayout } from './layout';

// The rules' own object, given the board's parts: a copy of it would keep a second object of the same functions on the chip.
export const game: GameModule<FortressState, FortressMove> = Object.assign(fortress, {
  code: 2,
  board: fortressBoard,
  // A ball trips a mouth's switches for 3.2 ms or more (8 mm of its path at 2.5 m/s, wiring.md), and the chain latches nothing.
  pollMs: 2,
  // The referee's (docs/games/fortress.md, Moves): happenings as one string, a space between them (`-` alone: a miss);
  // a ball the rules cannot read is refused by them (`bad`).
  // A board's check module carries the table (tools/build.ts), not its bundle.
  commands: ON_DEVICE ? '' : 'lag,!p:int 0..1;wrong;over,!ball:str 3;blind,hit:bool;fix,!h:str 200;stroke,!h:str 200;hand,!h:str 200',
  interpreter: fortressInterpreter,
  layout: fortressLayout,
  fields: fortressFields as (state: FortressState) => Fields,
});
