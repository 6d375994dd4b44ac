// The shuffleboard firmware's model of a weight's field (firmware/games/shuffleboard/board.ts: field, PEAK,
// MAGNET_MM) fitted to the grid's physics (sim/physics/hall-grid.ts, from the parts' datasheets): the
// firmware's constants are what this fit gives (test/shuffleboard-physics.test.ts checks them; `npm run bench
// shuffleboard` prints the fit).
import { MAGNET, SENSOR, momentAm2, sensorOutput, verticalFieldT } from '../sim/physics/hall-grid';
import { MAGNET_MM, field } from '../firmware/games/shuffleboard/board';

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

