// Ring-a-Peg as the firmware runtime plays it.
import type { GameModule } from '../../game';
import { CLR, ringapeg, RingapegMove, RingapegState } from './rules';
import { pegIndex, ringapegBoard } from './board';
import { createRingapegInterpreter } from './interpret';
import { ringapegLayout, ringapegView } from './layout';

export const game: GameModule<RingapegState, RingapegMove> = {
  game: ringapeg,
  code: 3,
  // A falling ring breaks a beam for 3 ms or more, and the shift registers latch nothing between reads.
  pollMs: 2,
  // Made afresh when asked (by the scanner at start, by diagnostics when turned
  // on) and not kept: its 27 sensor objects would hold ~230 JsVars for good.
  get board() {
    return ringapegBoard();
  },
  interpreter: createRingapegInterpreter,
  layout: ringapegLayout,
  fields: ringapegView,
  round: 'board',
  // A command table (firmware/commands.ts). `ring` and `lift`: what the sensors missed, told by the referee, a ring
  // down over a peg ("none": off every peg) and a ring lifted; the peg's name (o1…o8, i1…i4, k) is checked by command().
  commands: 'claim,!player:int 0..3;cleared;end;ring,!peg:str 4;lift,!peg:str 4',
  command: function (command) {
    const name = command.name;
    const peg = command.args.peg as string;
    const p = pegIndex(peg);
    // The channel checked the name and the arguments; a peg this board does not have gives null (bad_arg).
    return name === 'claim' ? { k: name, pl: command.args.player as number }
      : name === 'end' ? { k: name }
        : name === 'cleared' ? { k: 'clear' }
          : name === 'ring' && peg === 'none' ? { k: 'miss' }
            : p < 0 ? null : { k: name === 'ring' ? 'add' : 'lift', p: p };
  },
  // `next` ends a turn; while the board waits for the pegs to be cleared (CLEAr), it says they are.
  button: function (state, name) {
    return name === 'next' ? { k: state.ph === CLR ? 'clear' : 'end' } : null;
  },
};
