// Ring-a-Peg as the firmware runtime plays it.
import type { GameModule } from '../../runtime';
import { ringapeg, RingapegMove, RingapegState } from './rules';
import { ringapegBoard, REFERENCE_LAYOUT } from './board';
import { createRingapegInterpreter } from './interpret';
import { ringapegLayout, ringapegView } from './layout';

const board = ringapegBoard(REFERENCE_LAYOUT);

export const ringapegModule: GameModule<RingapegState, RingapegMove> = {
  game: ringapeg,
  board: board,
  interpreter: function (emit) {
    return createRingapegInterpreter(board, emit);
  },
  layout: ringapegLayout,
  fields: function (state) {
    return ringapegView(state) as unknown as { [k: string]: unknown };
  },
  round: function (state) {
    return state.bd;
  },
  commands: [
    { name: 'peg', edit: true, args: [{ key: 'player', type: 'int', need: true, min: 0, max: 3 }] },
    { name: 'cleared', edit: true, args: [] },
    { name: 'end', edit: true, args: [] },
  ],
  command: function (command) {
    if (command.name === 'peg') return { k: 'claim', pl: command.args.player as number };
    if (command.name === 'cleared') return { k: 'clear' };
    if (command.name === 'end') return { k: 'end' };
    return null;
  },
  button: function (_state, name) {
    if (name === 'next') return { k: 'end' };
    if (name === 'clear') return { k: 'clear' };
    return null;
  },
  undoMove: { k: 'undo' },
};
