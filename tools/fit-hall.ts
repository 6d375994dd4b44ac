// The shuffleboard firmware's model of a weight's field (firmware/games/shuffleboard/board.ts: field, PEAK,
// MAGNET_MM; and GAIN_KNEE, how the last fits weigh a sensor) fitted to the grid's physics (sim/physics/hall-grid.ts,
// from the parts' datasheets): the firmware's constants are what this fit gives (test/shuffleboard-physics.test.ts checks them; `npm run bench
// shuffleboard` prints the fit).
import { ADC, MAGNET, SENSOR, momentAm2, noiseSteps, sensorOutput, verticalFieldT } from '../sim/physics/hall-grid';
import { MAGNET_MM, PEAK, field } from '../firmware/games/shuffleboard/board';

/** The nominal magnet's field at a nominal sensor dd, dy mm off, as the sensor's output less half the supply (a fraction of it). */
function physics(dd: number, dy: number): number {
  const m = momentAm2(MAGNET.remanenceT, MAGNET.diameterMm, MAGNET.thicknessMm);
  return sensorOutput(verticalFieldT(m, dd, dy, MAGNET.heightMm), 1) - SENSOR.quiescent;
}

/**
 * The firmware's model's two constants fitted to the physics by least squares over the offsets a weight's 3 x 3
 * sensors see (0-100 mm each way): the height its field's shape is scaled to, and its peak. The shape is the
 * firmware's own (field), scaled: field(dd * MAGNET_MM / h, dy * MAGNET_MM / h) is its shape for a magnet h mm up.
 */
export function fitFirmwareModel(): { heightMm: number; peak: number; worst: number } {
  const offsets: number[][] = [];
  for (let dd = 0; dd <= 100; dd += 5) for (let dy = 0; dy <= 100; dy += 5) offsets.push([dd, dy]);
  let best = { heightMm: 0, peak: 0, worst: 0, misfit: Infinity };
  for (let h = 40; h <= 60; h += 0.01) {
    // For a height, the best peak is a linear least squares: sum(f p) / sum(f f).
    let fp = 0;
    let ff = 0;
    for (const [dd, dy] of offsets) {
      const f = field((dd * MAGNET_MM) / h, (dy * MAGNET_MM) / h);
      fp += f * physics(dd, dy);
      ff += f * f;
    }
    const peak = fp / ff;
    let misfit = 0;
    let worst = 0;
    for (const [dd, dy] of offsets) {
      const e = peak * field((dd * MAGNET_MM) / h, (dy * MAGNET_MM) / h) - physics(dd, dy);
      misfit += e * e;
      worst = Math.max(worst, Math.abs(e));
    }
    if (misfit < best.misfit) best = { heightMm: h, peak, worst, misfit };
  }
  return { heightMm: best.heightMm, peak: best.peak, worst: best.worst };
}


/**
 * The reading (a fraction of the firmware's PEAK) at which a sensor's error from its own spread equals its error
 * from its noise, its calibrated offset and the ADC's rounding: its spread is its sensitivity's tolerance and its
 * die's height's (which scales the field it sees, as much as right under a magnet), each even over its tolerance
 * (a deviation of the tolerance over √3), as the offset is.
 */
export function gainKnee(): number {
  const m = momentAm2(MAGNET.remanenceT, MAGNET.diameterMm, MAGNET.thicknessMm);
  const under = verticalFieldT(m, 0, 0, MAGNET.heightMm);
  const raised = verticalFieldT(m, 0, 0, MAGNET.heightMm - SENSOR.heightToleranceMm) / under - 1;
  const spread = Math.hypot(SENSOR.sensitivityTolerance, raised) / Math.sqrt(3);
  const floorSteps = Math.hypot(noiseSteps(), SENSOR.offsetSteps / Math.sqrt(3), 1 / Math.sqrt(12));
  return floorSteps / (PEAK * ADC.steps) / spread;
}
