// The triangle board (wiring.md): twelve reflective IR points straight on
// GPIOs, channels 0-11 in the order of firmware/games/triangle/board.ts.
// A covered point reads low, so the bank inverts.
import { pin, startOnEspruino } from '../index';
import { pinBank } from '../inputs';
import { triangleModule } from '../../../firmware/games/triangle/module';

const IR_PINS = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22, 23];

startOnEspruino(triangleModule, function () {
  const pins: Pin[] = [];
  for (let i = 0; i < IR_PINS.length; i++) pins.push(pin(IR_PINS[i]));
  return [pinBank({ pins: pins, mode: 'input_pullup', invert: 0xfff })];
});
