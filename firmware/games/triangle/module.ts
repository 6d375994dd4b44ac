// The triangle game as the firmware runtime plays it.
import type { GameModule } from '../../runtime';
import { triangleGame, TriangleMove, TriangleState } from './rules';
import { triangleBoard } from './board';
import { TriangleInterpreter } from './interpret';
import { triangleButton, triangleCommand, triangleLayout, trianglePhoneFields } from './layout';

export const triangleModule: GameModule<TriangleState, TriangleMove> = {
  game: triangleGame,
  board: triangleBoard,
  interpreter: function (emit) {
    return new TriangleInterpreter(triangleBoard, emit);
  },
  layout: triangleLayout,
  fields: function (state) {
    return trianglePhoneFields(state) as unknown as { [k: string]: unknown };
  },
  round: function (state) {
    return state.f + 1;
  },
  commands: [
    { name: 'off', edit: true, args: [] },
    { name: 'fix', edit: true, args: [{ key: 'r', type: 'str', need: true, one: ['perfect', 'partly', 'short', 'beyond'] }] },
    { name: 'flick', edit: true, args: [{ key: 'r', type: 'str', need: true, one: ['perfect', 'partly', 'short', 'beyond'] }] },
  ],
  command: function (command) {
    return triangleCommand({ cmd: command.name, r: command.args.r });
  },
  button: triangleButton,
  undoMove: { k: 'undo' },
};
