// The shuffleboard grid's wiring faults as properties (test/grid-wiring.ts) at scale: GRID_WIRING_RUNS cases of each
// (1,000) from GRID_WIRING_SEED (1).
import { checkDeadLines, checkRails } from '../test/grid-wiring';

export async function run(print: (line: string) => void): Promise<void> {
  const runs = Number(process.env.GRID_WIRING_RUNS ?? 1000);
  const seed = Number(process.env.GRID_WIRING_SEED ?? 1);
  let t0 = Date.now();
  checkRails(runs, seed);
  print(`${runs} random sets of grid sensors at a rail (seed ${seed}), struck at any time of a game of throws at any phase: every promise of docs/diagnostics.md kept (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  t0 = Date.now();
  checkDeadLines(runs, seed);
  print(`${runs} dead select lines (seed ${seed}), any line at either level, at any time and phase: every promise kept (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
