// The triangle board (wiring.md): twelve reflective IR points straight on
// GPIOs D11-D20 and D22-D23 (D21 is the reset pin), channels 0-11 in the
// order of firmware/games/triangle/board.ts, read from the GPIO input register.
// A covered point reads low, so the bank inverts.
import { startOnEspruino } from '../index';
import { gpioBank } from '../inputs';
import { triangleModule } from '../../../firmware/games/triangle/module';

/** D11-D20 and D22-D23. */
const IR_GPIOS = 0x00dff800;

startOnEspruino(triangleModule, function () {
  return [gpioBank({ gpios: IR_GPIOS, mode: 'input_pullup', invert: 0xfff })];
});
