// The triangle board: one start spot at each angle (where the chip is placed
// before it is flicked along the side that leaves that angle) and three sensing
// points before and past each angle line (on the side that arrives there).
// All sensors are reflective IR points under slits in the base plate: the white
// chip reflects, so a point reads 1 while any part of the chip lies over it.
// docs/games/triangle.md has the tolerance table these positions give.
import { BoardDescription, Sensor } from '../../board';

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

export const ANGLES = 'ABC';
/** Sensor roles, in channel order within an angle: channel = angle * 4 + role. */
export const ROLE_START = 0;
export const ROLE_EVEN = 1;
export const ROLE_OVER = 2;
export const ROLE_BEYOND = 3;
export const ROLE_NAMES = ['start', 'even', 'over', 'beyond'];

/** 'tri.B.even' and the like: the names used in wiring.md and in scenario `set` actions. */
export function triangleSensorName(angle: number, role: number): string {
  return 'tri.' + ANGLES.charAt(angle) + '.' + ROLE_NAMES[role];
}

function buildSensors(): Sensor[] {
  const sensors: Sensor[] = [];
  for (let angle = 0; angle < 3; angle++) {
    for (let role = 0; role < 4; role++) {
      sensors.push({ name: triangleSensorName(angle, role), ch: angle * 4 + role, kind: 'ir' });
    }
  }
  return sensors;
}

/** Twelve IR points on channels 0-11: A start/even/over/beyond, then B, then C. */
export const triangleBoard: BoardDescription = { channels: 12, sensors: buildSensors() };
