// The chaos harness at scale (test/chaos.ts): seeded runs of every game, with
// cuts in quiet time and anywhere; prints runs, cuts, invariant breaks and
// the seed of any break (rerun with CHAOS_SEED=<seed> to see it again).
// `npm run bench chaos -- <runs>` or CHAOS_RUNS=<runs> sets the runs per game
// and kind (10,000 by default: hours for shuffleboard on a small machine);
// CHAOS_GAMES=<game>,<game> runs those games only.
import { CHAOS_GAMES } from '../test/chaos-games';
import { chaos, restoredJsVars } from '../test/chaos';
import { espruinoPath } from '../tools/espruino-run';
import { PEAK_JSVAR_BUDGET } from '../tools/games';

const RUNS = Number(process.argv[3]) || Number(process.env.CHAOS_RUNS) || 10000;
const SEED = Number(process.env.CHAOS_SEED) || Date.now() % 1000000;
const NAMED = (process.env.CHAOS_GAMES || '').split(',').filter((id) => id);

export async function run(print: (line: string) => void): Promise<void> {
  print(`seed ${SEED}, ${RUNS} runs per game and kind of cut`);
  print('game           cuts in      runs     cuts   breaks   seconds');
  const games = CHAOS_GAMES.filter((g) => !NAMED.length || NAMED.includes(g.id));
  const logs: string[] = [];
  for (const game of games) {
    let longest = '';
    for (const anywhere of [false, true]) {
      const t0 = Date.now();
      const r = chaos(game, { seed: SEED, runs: RUNS, anywhere });
      print(`${game.id.padEnd(14)} ${(anywhere ? 'anywhere' : 'quiet').padEnd(8)} ${String(r.runs).padStart(8)} ${String(r.cuts).padStart(8)} ${String(r.failure ? 1 : 0).padStart(8)} ${((Date.now() - t0) / 1000).toFixed(1).padStart(9)}`);
      if (r.failure) print(r.failure);
      if (r.longest.length > longest.length) longest = r.longest;
    }
    logs.push(longest);
  }
  // The longest log of each game's runs, restored in the real interpreter.
  if (!espruinoPath()) {
    print('JsVars after a power-up from the longest log: skipped (ESPRUINO not set)');
    return;
  }
  for (let i = 0; i < games.length; i++) {
    const used = await restoredJsVars(games[i], logs[i]);
    print(`${games[i].id}: ${used} JsVars after a power-up from its longest log (${logs[i].length} bytes; budget ${PEAK_JSVAR_BUDGET})`);
  }
}
