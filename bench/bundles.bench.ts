// Per game bundle: minified bytes against the 16 KB budget and, when ESPRUINO
// names a real interpreter, JsVars in use after boot against 35% of 2,950.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildGame } from '../tools/build';
import { bootInEspruino, espruinoPath } from '../tools/espruino-run';
import { BUNDLE_BUDGET_BYTES, JSVAR_BUDGET, ROOT, builtGames } from '../tools/games';

export async function run(print: (line: string) => void): Promise<void> {
  const binary = espruinoPath();
  const boot0 = readFileSync(join(ROOT, 'tools', 'espruino-linux-stubs.js'), 'utf8');
  print(`budgets: ${BUNDLE_BUDGET_BYTES} bytes stored (minified, then pretokenised as Espruino's tools upload it); ${JSVAR_BUDGET} JsVars after boot (35% of 2950)`);
  print('game          bytes  of budget   JsVars after boot  of budget');
  for (const game of builtGames()) {
    const bundle = await buildGame(game);
    const bytes = bundle.stored.length;
    let vars = 'skipped: ESPRUINO not set';
    if (binary) {
      const report = bootInEspruino(bundle.stored, { boot0, settleMs: 500 });
      const used = report.memory.usage - report.baseline.usage;
      vars = `${String(used).padStart(6)} (${report.memory.blocksize}-byte vars)  ${Math.round(used / JSVAR_BUDGET * 100)}%`;
    }
    print(`${game.padEnd(12)} ${String(bytes).padStart(6)}  ${(Math.round(bytes / BUNDLE_BUDGET_BYTES * 100) + '%').padStart(9)}   ${vars}`);
  }
}
