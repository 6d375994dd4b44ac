// Ring-a-Peg as the firmware runtime plays it.
import { ON_DEVICE } from '../../device';
import type { GameModule } from '../../game';
import { play, setup, totals, RingapegMove, RingapegState } from './rules';
import { ringapegBoard } from './board';
import { createRingapegInterpreter } from './interpret';
import { ringapegLayout, ringapegView } from './layout';

export const game: GameModule<RingapegState, RingapegMove> = {
  id: 'ringapeg',
  code: 3,
  // A falling ring breaks a beam for 3 ms or more, and the shift registers latch nothing between reads.
  pollMs: 2,
  // Made afresh when asked (by the scanner at start, by diagnostics when turned
  // on) and not kept: its 27 sensor objects would hold ~230 JsVars for good.
  get board() {
    return ringapegBoard();
  },
  setup: setup,
  // Every move is one function (rules.ts): they share their refusals, and what a ring's coming to rest does.
  // Made afresh when asked, as the board is: kept, the object would hold ~10 JsVars for good.
  get moves() {
    return { ring: play, lift: play, end: play, cleared: play, claim: play, next: play };
  },
  // A command table (firmware/commands.ts). `ring` and `lift`: what the sensors missed, told by the referee, a ring
  // down over a peg ("none": off every peg) and a ring lifted, by the peg's name (board.ts, pegNames(); spelt out,
  // so that the chip keeps the table in flash).
  // A board's check module carries the table (tools/build.ts), not its bundle.
  commands: ON_DEVICE ? '' : 'claim,!player:int 0..3;cleared;end;ring,!peg:str o1|o2|o3|o4|o5|o6|o7|o8|i1|i2|i3|i4|k|none;lift,!peg:str o1|o2|o3|o4|o5|o6|o7|o8|i1|i2|i3|i4|k',
  scores: totals,
  turn: function (s) {
    return s.tn;
  },
  winner: function (s) {
    return s.w;
  },
  interpreter: createRingapegInterpreter,
  layout: ringapegLayout,
  fields: ringapegView,
  round: 'board',
};
