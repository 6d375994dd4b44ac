// Per game bundle: stored bytes against the 16 KB budget and, when ESPRUINO
// names a real interpreter, JsVars in use after boot against 35% of 2,950,
// measured on the pretokenised form a board stores. Ends with the rows of
// README's table, as measured here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildGame } from '../tools/build';
import { bootInEspruino, describeBuild, espruinoPath } from '../tools/espruino-run';
import { BUNDLE_BUDGET_BYTES, JSVAR_BUDGET, ROOT, gameIds } from '../tools/games';

const thousands = (n: number) => n.toLocaleString('en-GB');
const percent = (n: number, of: number) => `${Math.round(n / of * 100)}%`;

export async function run(print: (line: string) => void): Promise<void> {
  const binary = espruinoPath();
  const boot0 = readFileSync(join(ROOT, 'tools', 'espruino-linux-stubs.js'), 'utf8');
  print(`budgets: ${BUNDLE_BUDGET_BYTES} bytes stored (minified, then pretokenised as Espruino's tools upload it); ${JSVAR_BUDGET} JsVars after boot (35% of 2950)`);
  print('game          bytes  of budget   JsVars after boot  of budget');
  const rows: string[] = [];
  let build = '';
  for (const game of await gameIds()) {
    const bundle = await buildGame(game);
    const bytes = bundle.stored.length;
    let vars = 'skipped: ESPRUINO not set';
    let varsCell = '(ESPRUINO not set)';
    if (binary) {
      const report = bootInEspruino(bundle.stored, { boot0, settleMs: 500 });
      const used = report.memory.usage - report.baseline.usage;
      if (report.errors.length) throw new Error(`${game} did not boot: ${report.errors[0]}`);
      build = describeBuild(report.build);
      vars = `${String(used).padStart(17)}  ${percent(used, JSVAR_BUDGET).padStart(9)}`;
      varsCell = `${thousands(used)} (${percent(used, JSVAR_BUDGET)})`;
    }
    print(`${game.padEnd(12)} ${String(bytes).padStart(6)}  ${percent(bytes, BUNDLE_BUDGET_BYTES).padStart(9)}   ${vars}`);
    rows.push(`| ${game} | ${thousands(bundle.min.length)} B | ${thousands(bytes)} B (${percent(bytes, BUNDLE_BUDGET_BYTES)}) | ${varsCell} |`);
  }
  if (build) print(`JsVars measured in ${binary} (${build}), on the pretokenised bundle a board stores, less the same run with no bundle`);
  print('README table rows:');
  for (const row of rows) print(row);
}
