// The shuffleboard grid's rails property (test/rails.ts) at scale: RAILS_RUNS cases (1,000) from RAILS_SEED (1).
import { checkRails } from '../test/rails';

export async function run(print: (line: string) => void): Promise<void> {
  const runs = Number(process.env.RAILS_RUNS ?? 1000);
  const seed = Number(process.env.RAILS_SEED ?? 1);
  const t0 = Date.now();
  checkRails(runs, seed);
  print(`${runs} random sets of grid sensors at a rail (seed ${seed}), struck at any time of a game of throws at any phase: every promise of docs/diagnostics.md kept (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
