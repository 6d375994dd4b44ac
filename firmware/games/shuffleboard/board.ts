// The shuffleboard board (wiring.md, Shuffleboard board): every weight carries
// a magnet, south pole down in a red weight, north pole down in a blue one,
// and a grid of ratiometric hall sensors under the scoring area reads the
// field each one makes. A weight's position is where the model field below
// (the same for every weight: its magnet sits at a fixed height) fits what the
// sensors around it read; its colour is the sign. The hall switches of the
// launch row, where the players release their weights, tell that a weight was
// thrown: on the same multiplexers, so the board is one analog bank, which the
// game's interpreter reads (it has no digital channel for the scanner).
import { withSensorList } from '../../board';
import type { BoardDescription, Sensor } from '../../board';

/**
 * The board's channels as literals where used (a const enum: on the chip a name is looked for through every scope out
 * to the bundle's top level, which the scan's tick, run a hundred times a second, should not pay). Named below too.
 */
export const enum Grid {
  ROWS = 38,
  COLS = 10,
  SENSORS = ROWS * COLS,
  LAUNCH_GROUPS = 4,
  CHANNELS = SENSORS + LAUNCH_GROUPS,
}
/** Sensor rows across the table, and sensors per row. */
export const ROWS = Grid.ROWS;
export const COLS = Grid.COLS;
/** The grid's sensors: row r, column k is analog channel r * COLS + k. */
export const SENSORS = Grid.SENSORS;

/** The k-th (0 to 3) neighbour of the sensor at i in column c: the row before, the row after, left, right (-1: none). */
export function neighbour(i: number, c: number, k: number): number {
  return k === 0 ? i - COLS : k === 1 ? i + COLS : k === 2 ? (c ? i - 1 : -1) : c < COLS - 1 ? i + 1 : -1;
}
/** Grid pitch (mm), both ways. */
export const PITCH_MM = 50;
/** Row 0 lies this far from the end edge: row r at ROW0_MM + r * PITCH_MM, the last (1,875 mm) beyond the foul line. */
export const ROW0_MM = 25;
/** Column 0 lies this far from the left rail: column k at COL0_MM + k * PITCH_MM (the table is 508 mm wide). */
export const COL0_MM = 29;
/** The magnet's centre above the sensors' plane (mm): the playfield's 40 mm and the magnet's pocket. */
export const MAGNET_MM = 50;
/**
 * What a weight's magnet right above a sensor adds to its reading, as a fraction of the supply (8.2 mT on a
 * DRV5055A1 at 3.3 V). This and MAGNET_MM are fitted to the grid's physics (tools/fit-hall.ts), not shared with it.
 */
export const PEAK = 0.148;
/**
 * A reading this far from half the supply (a fraction of PEAK, some 47 ADC steps) is as unsure from its sensor's
 * own spread (its sensitivity's, and its die's height's, which scale what it reads) as from its noise and offset:
 * the weights' last fits weigh each sensor by it. Worked out from the parts' tolerances (tools/fit-hall.ts).
 */
export const GAIN_KNEE = 0.078;
/** The reading with no field: half the supply. */
export const QUIESCENT = 0.5;
/** The nRF52's ADC: 12 bits, the steps a reading is counted in. */
export const ADC_STEPS = 4096;
/** A reading kept (in 255ths of the supply) this far from half the supply is at a rail: no sensor's (one missing, or its line broken). */
export const RAILED = 115;
/** The launch row, a line of hall switches across the table where the players release their weights (mm from the end edge). */
export const LAUNCH_MM = 3300;

/**
 * The field a magnet's centre makes at a sensor `dd` mm along the table and
 * `dy` mm across from it, as a fraction of PEAK: the vertical field of a
 * dipole MAGNET_MM above the sensor (1 right above it, 0 at 71 mm, slightly
 * negative farther out).
 */
export function field(dd: number, dy: number): number {
  const u = (dd * dd + dy * dy) / (MAGNET_MM * MAGNET_MM);
  const q = 1 + u;
  return (2 - u) / (2 * q * q * Math.sqrt(q));
}

/** The launch row's switches are wired in LAUNCH_GROUPS groups across the table, group g on analog channel SENSORS + g. */
export const LAUNCH_GROUPS = Grid.LAUNCH_GROUPS;
/** The analog bank's channels: the grid's, then the launch row's groups (24 multiplexers of 16: none left over). */
export const CHANNELS = Grid.CHANNELS;
/** The table's width (mm). */
export const WIDTH_MM = 508;

/** The name of the sensor on analog channel ch: `grid.<row>.<column>`, or `launch.<group>` (from 1). */
export function sensorName(ch: number): string {
  return ch < SENSORS ? 'grid.' + ((ch / COLS) | 0) + '.' + (ch % COLS) : 'launch.' + (ch - SENSORS + 1);
}

/**
 * One analog bank: the grid, channels 0-379, and the launch row's hall
 * switches in four groups across the table, channels 380-383 (open drain,
 * each group wired together to a multiplexer input with a 10 kOhm pull-up:
 * the supply while no weight passes, ground while one does; a weight passes
 * one or two groups). 24 CD74HC4067s, their S0-S3 on D11-D14, their outputs
 * into two more 4067s (S0-S3 on D15-D18) whose outputs are AIN0 (D2,
 * muxes 0-15) and AIN1 (D3, muxes 16-23). No digital channel: the scanner
 * reads nothing here. The sensors are named by analog channel (fault
 * reports, diagnostics): `grid.<row>.<column>` and `launch.<group>`.
 */
export function shuffleboardBoard(): BoardDescription {
  return withSensorList({
    channels: 0,
    // Made when asked, as Ring-a-Peg's pegs are, not written out.
    sensor: function (ch: number): Sensor | undefined {
      return ch < CHANNELS ? { name: sensorName(ch), ch: ch, kind: 'hall' } : undefined;
    },
    banks: [{ kind: 'analog', select: [11, 12, 13, 14, 15, 16, 17, 18], adc: [2, 3], channels: CHANNELS }],
  });
}
