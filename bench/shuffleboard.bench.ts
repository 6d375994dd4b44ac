// The shuffleboard table sweep (issue: every physically possible table scored
// right): thousands of random tables a game can leave (clusters, hangers,
// weights anywhere) laid on the grid's physics (sim/physics/hall-grid.ts) with
// every part anywhere in its tolerance, the weights found by the firmware's
// locate, each table scored by the page both as it lies and as seen. Prints
// the firmware's model fitted to the physics, and the error distribution.
// SHUFFLEBOARD_TABLES sets how many (5,000 unless given), SHUFFLEBOARD_SEED which (1 unless given).
import { performance } from 'node:perf_hooks';
import { MAGNET, SENSOR, noiseSteps } from '../sim/physics/hall-grid';
import { GAIN_KNEE, MAGNET_MM, PEAK } from '../firmware/games/shuffleboard/board';
import { fitFirmwareModel, gainKnee } from '../tools/fit-hall';
import { quantile, sweep } from '../test/shuffleboard-sweep';

const mm = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-');

export async function run(print: (line: string) => void): Promise<void> {
  const fit = fitFirmwareModel();
  print(`physics: ${MAGNET.grade} disc ${MAGNET.diameterMm} x ${MAGNET.thicknessMm} mm, ±${MAGNET.strengthTolerance * 100}% strength, ${MAGNET.heightMm} ± ${MAGNET.heightToleranceMm} mm up; ${SENSOR.part} ${SENSOR.sensitivityMvPerMt} mV/mT ±${SENSOR.sensitivityTolerance * 100}%, die ±${SENSOR.heightToleranceMm} mm, offset ±${SENSOR.offsetSteps} step, noise ${noiseSteps().toFixed(2)} steps RMS`);
  print(`the firmware's model fitted to it: height ${fit.heightMm.toFixed(2)} mm (firmware ${MAGNET_MM}), peak ${fit.peak.toFixed(4)} of the supply (firmware ${PEAK}), worst misfit ${(fit.worst * 4096).toFixed(3)} steps`);
  print(`a sensor's own spread outweighs its noise beyond ${gainKnee().toFixed(3)} of the peak (firmware GAIN_KNEE ${GAIN_KNEE}): the weights' last fits weigh each sensor by it`);
  const tables = Number(process.env.SHUFFLEBOARD_TABLES ?? 5000);
  const seed = Number(process.env.SHUFFLEBOARD_SEED ?? 1);
  for (const [label, scale] of [['every part nominal', 0], ['every part anywhere in its tolerance', 1]] as const) {
    const t0 = performance.now();
    const s = sweep(seed, tables, { scale });
    const took = (performance.now() - t0) / 1000;
    print(`${label}: ${s.tables} tables, ${s.weights} weights (${took.toFixed(1)} s)`);
    print(`  scored otherwise than they lie: ${s.wrong} tables; put to the referee: ${s.asked} (${(100 * s.asked / s.tables).toFixed(1)}%); the worst error of a weight that scores: ${mm(s.scoring[s.scoring.length - 1])} mm (${s.unseenScoring} not seen; ${s.scoring.filter((e) => e > 3).length} more than 3 mm off, in ${s.offBy3} tables)`);
    print(`  weights that score, of the tables scored without a question: median ${mm(quantile(s.scoring, 0.5))} mm, p99 ${mm(quantile(s.scoring, 0.99))} mm; ${s.beyondU} farther off than the board says it may be (its u, and half a mm of rounding), the farthest by ${mm(s.worstBeyondU)} mm`);
    print(`  placed sure to 3 mm (u 3 or less): the worst ${mm(s.worstSure)} mm; ${s.loose} tables (${(100 * s.loose / s.tables).toFixed(1)}%) scored with a weight the board cannot tell to 3 mm (u over 3, its points the same wherever it lies within u), the worst ${mm(s.worstLoose)} mm off`);
    print(`  every weight:       median ${mm(quantile(s.errors, 0.5))} mm, p99 ${mm(quantile(s.errors, 0.99))} mm, worst ${mm(s.errors[s.errors.length - 1])} mm; ${s.unseen} not seen, ${s.extra} seen where none lies`);
    print(`  finding the weights (a step a scan tick): median ${quantile(s.steps, 0.5)} steps, p90 ${quantile(s.steps, 0.9)}, p99 ${quantile(s.steps, 0.99)}, most ${s.steps[s.steps.length - 1]}`);
    if (s.wrong) print(`  of those scored otherwise, ${s.wrongWithin3} with every weight within 3 mm (a line or the other side's nearest that close)`);
    for (const t of s.examples) print(`  e.g. ${t.right ? 'a weight that scores more than 3 mm off' : 'scored otherwise'}: lying ${JSON.stringify(t.table.map((w) => [w.colour, w.d, w.y]))}, seen ${JSON.stringify(t.seen)}`);
  }
}
