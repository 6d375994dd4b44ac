// The triangle board (wiring.md): twelve reflective IR points straight on
// GPIOs D11-D20 and D22-D23 (D21 is the reset pin), channels 0-11 in the
// order of firmware/games/triangle/board.ts, read from the GPIO input register.
// A covered point lights its phototransistor, which pulls its 74HC14 input low:
// the Schmitt inverter's output, the pin, is high. Nothing is inverted. The
// pull-ups stay on, so an unplugged harness reads every point covered, which
// the firmware reports as a bank fault instead of playing.
import { startOnEspruino } from '../index';
import { gpioBank } from '../inputs';
import { game as triangle } from '../../../firmware/games/triangle/index';

/** D11-D20 and D22-D23. */
const IR_GPIOS = 0x00dff800;

startOnEspruino(triangle, function () {
  return [gpioBank({ gpios: IR_GPIOS, mode: 'input_pullup', invert: 0 })];
});
