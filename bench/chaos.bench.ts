// The chaos harness at scale (test/chaos.ts): seeded runs of every game, with
// cuts in quiet time and anywhere; prints runs, cuts, invariant breaks and
// the seed of any break (rerun with CHAOS_SEED=<seed> to see it again).
// `npm run bench chaos -- <runs>` or CHAOS_RUNS=<runs> sets the runs per game
// and kind (10,000 by default: hours for shuffleboard on a small machine).
import { CHAOS_GAMES } from '../test/chaos-games';
import { chaos } from '../test/chaos';

const RUNS = Number(process.argv[3]) || Number(process.env.CHAOS_RUNS) || 10000;
const SEED = Number(process.env.CHAOS_SEED) || Date.now() % 1000000;

export async function run(print: (line: string) => void): Promise<void> {
  print(`seed ${SEED}, ${RUNS} runs per game and kind of cut`);
  print('game           cuts in      runs     cuts   breaks   seconds');
  for (const game of CHAOS_GAMES) {
    for (const anywhere of [false, true]) {
      const t0 = Date.now();
      const r = chaos(game, { seed: SEED, runs: RUNS, anywhere });
      print(`${game.id.padEnd(14)} ${(anywhere ? 'anywhere' : 'quiet').padEnd(8)} ${String(r.runs).padStart(8)} ${String(r.cuts).padStart(8)} ${String(r.failure ? 1 : 0).padStart(8)} ${((Date.now() - t0) / 1000).toFixed(1).padStart(9)}`);
      if (r.failure) print(r.failure);
    }
  }
}
