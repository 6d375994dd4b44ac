// The triangle board (wiring.md): twelve reflective IR points straight on
// GPIOs, channels 0-11 in the order of firmware/games/triangle/board.ts.
// A covered point reads low, so the bank inverts.
import { startOnEspruino } from '../index';
import { pinBank } from '../inputs';
import { triangleModule } from '../../../firmware/games/triangle/module';

startOnEspruino(triangleModule, function () {
  return [pinBank({ pins: [D11, D12, D13, D14, D15, D16, D17, D18, D19, D20, D22, D23], mode: 'input_pullup', invert: 0xfff })];
});
