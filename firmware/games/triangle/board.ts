// The triangle board: one start spot at each angle (where the chip is placed
// before it is flicked along the side that leaves that angle) and three sensing
// points before and past each angle line (on the side that arrives there).
// All sensors are reflective IR points under slits in the base plate: the white
// chip reflects, so a point reads 1 while any part of the chip lies over it.
// docs/games/triangle.md has the tolerance table these positions give.
import { withSensorList } from '../../board';
import type { BoardDescription, Sensor } from '../../board';
import type { BankOptions } from '../../../hal/types';

/** Chip diameter: a white celluloid chip (a large bone button is 22-25 mm). */
export const CHIP_MM = 22;
/** One side of the triangle, angle line to angle line (1 foot). */
export const SIDE_MM = 305;

// Sensing points along a side, in mm from the target angle's line
// (negative: short of it). A point is covered while the chip's leading edge
// is between the point and the point plus CHIP_MM.
/** Covered once the leading edge is within 3 mm short of the line (T7's tolerance). */
export const EVEN_AT_MM = -3;
/** Half a millimetre past the line: covered while any part of the chip is over the line. */
export const OVER_AT_MM = 0.5;
/** Half a millimetre past where a chip lies wholly beyond the line. */
export const BEYOND_AT_MM = CHIP_MM + 0.5;
/** The start spot, from the line of the angle the chip leaves: under the placed chip's centre. */
export const START_AT_MM = -CHIP_MM / 2;

/** Sensor roles: the channel of a role at an angle (0 A, 1 B, 2 C) is angle * 4 + role. */
export const ROLE_START = 0;
export const ROLE_EVEN = 1;
export const ROLE_OVER = 2;
export const ROLE_BEYOND = 3;

/**
 * Twelve IR points on channels 0-11: A start/even/over/beyond, then B, then C,
 * named 'tri.B.even' and the like (wiring.md, scenario `set` actions), straight
 * on GPIOs D11-D20 and D22-D23 (D21 is the reset pin), read from the GPIO input
 * register. A covered point lights its phototransistor, which pulls its 74HC14
 * input low: the Schmitt inverter's output, the pin, is high, so nothing is
 * inverted. The pull-ups stay on, so an unplugged harness reads every point
 * covered, which the firmware reports as a bank fault instead of playing.
 * A channel's sensor is made when asked (`sensor`, what the firmware reads), as
 * the other boards' are: objects kept for good cost JsVars, and the whole list
 * made for each sensor diagnostics named took their report some 120 bare reads.
 */
export const triangleBoard: BoardDescription = withSensorList({
  channels: 12,
  // A side's four points tell where its chip stopped together.
  together: [12, 4],
  sensor: function (ch: number, unnamed?: 1): Sensor | undefined {
    if (!(ch >= 0 && ch < 12)) return undefined;
    return { name: unnamed ? '' : 'tri.' + 'ABC'[ch >> 2] + '.' + ['start', 'even', 'over', 'beyond'][ch & 3], ch: ch, kind: 'ir' };
  },
  get banks(): BankOptions[] {
    // D11-D20 and D22-D23.
    return [{ kind: 'gpio', gpios: 0x00dff800, mode: 'input_pullup', invert: 0 }];
  },
});

/** The name of the sensor of `role` at `angle` (for the simulator and tests). */
export function triangleSensorName(angle: number, role: number): string {
  return triangleBoard.sensors[angle * 4 + role].name;
}
