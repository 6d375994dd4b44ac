// Ring-a-Peg as the firmware runtime plays it.
import type { GameModule } from '../../runtime';
import type { ArgSpec } from '../../commands';
import { ringapeg, RingapegMove, RingapegState } from './rules';
import { pegIndex, ringapegBoard } from './board';
import { createRingapegInterpreter } from './interpret';
import { ringapegLayout, ringapegView } from './layout';

const NO_ARGS: ArgSpec[] = [];
/** A peg by name (o1…o8, i1…i4, k), checked by command(). */
const PEG_ARG: ArgSpec[] = [{ key: 'peg', type: 'str', need: true, max: 4 }];

export const ringapegModule: GameModule<RingapegState, RingapegMove> = {
  game: ringapeg,
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
  round: function (state) {
    return state.bd;
  },
  commands: [
    { name: 'claim', edit: true, args: [{ key: 'player', type: 'int', need: true, min: 0, max: 3 }] },
    { name: 'cleared', edit: true, args: NO_ARGS },
    { name: 'end', edit: true, args: NO_ARGS },
    // What the sensors missed, told by the referee: a ring down over a peg ("none": off every peg), a ring lifted.
    { name: 'ring', edit: true, args: PEG_ARG },
    { name: 'lift', edit: true, args: PEG_ARG },
  ],
  command: function (command) {
    const name = command.name;
    const peg = command.args.peg as string;
    if (name === 'ring' || name === 'lift') {
      const p = pegIndex(peg);
      if (name === 'ring' && peg === 'none') return { k: 'miss' };
      return p < 0 ? null : { k: name === 'ring' ? 'add' : 'lift', p: p };
    }
    return name === 'claim' ? { k: 'claim', pl: command.args.player as number } : name === 'cleared' ? { k: 'clear' } : name === 'end' ? { k: 'end' } : null;
  },
  button: function (_state, name) {
    return name === 'next' ? { k: 'end' } : name === 'clear' ? { k: 'clear' } : null;
  },
};
