// Per game bundle: stored bytes against the 16 KB budget and, when ESPRUINO
// names a real interpreter, JsVars in use after boot against 35% of 2,950,
// measured on the pretokenised form a board stores; then each bundle split
// into the core every game carries and the game's own part, against the
// budget of each part. Ends with the rows of the tables of README.md and docs/budgets.md, as measured here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDeviceCode, minifyEs5, storedBySource } from '../tools/es5';
import { ON_DEMAND, buildGame, coreEntry, featuresOf } from '../tools/build';
import type { BuiltBundle } from '../tools/build';
import { bootInEspruino, describeBuild, espruinoPath } from '../tools/espruino-run';
import { BUNDLE_BUDGET_BYTES, CORE_BYTES_BUDGET, CORE_JSVAR_BUDGET, DECIDE_BUDGET_BYTES, JSVAR_BUDGET, MODULE_BUDGET_BYTES, ROOT } from '../tools/games';
import { loadGames } from '../firmware/games/registry';

/** What is left of the whole budget for a game's own part (its rules, interpreter, layout, board description). */
export const GAME_BYTES_BUDGET = BUNDLE_BUDGET_BYTES - CORE_BYTES_BUDGET;
export const GAME_JSVAR_BUDGET = JSVAR_BUDGET - CORE_JSVAR_BUDGET;

const thousands = (n: number) => n.toLocaleString('en-GB');
const percent = (n: number, of: number) => `${Math.round(n / of * 100)}%`;

export async function run(print: (line: string) => void): Promise<void> {
  const binary = espruinoPath();
  const boot0 = readFileSync(join(ROOT, 'tools', 'espruino-linux-stubs.js'), 'utf8');
  /** JsVars in use after booting `stored`, or null without the interpreter. */
  function jsVars(stored: string, what: string): number | null {
    if (!binary) return null;
    const report = bootInEspruino(stored, { boot0, settleMs: 500 });
    if (report.errors.length) throw new Error(`${what} did not boot: ${report.errors[0]}`);
    build = describeBuild(report.build);
    return report.memory.usage - report.baseline.usage;
  }
  let build = '';
  print(`budgets: ${BUNDLE_BUDGET_BYTES} bytes stored (minified, then pretokenised as Espruino's tools upload it); ${JSVAR_BUDGET} JsVars after boot (35% of 2950)`);
  print(`part budgets: core ${CORE_BYTES_BUDGET} bytes and ${CORE_JSVAR_BUDGET} JsVars; each game's own part ${GAME_BYTES_BUDGET} bytes and ${GAME_JSVAR_BUDGET} JsVars`);
  print(`each module a board loads on demand (all in one Storage file beside the bundle, not in it: ${ON_DEMAND.map((m) => m.about).join(', ')}): ${MODULE_BUDGET_BYTES} bytes stored, a game's decision ${DECIDE_BUDGET_BYTES} (what parses within a call's hold: npm run bench modules)`);
  print('game          bytes  of budget    core  of budget    game  of budget   JsVars  of budget    core  of budget    game  of budget');
  const rows: string[] = [];
  const partRows: string[] = [];
  const diagRows: string[] = [];
  const builtBundles: BuiltBundle[] = [];
  for (const { id, module } of await loadGames()) {
    const bundle = await buildGame(id);
    builtBundles.push(bundle);
    const core = await buildDeviceCode({ source: coreEntry(module), dir: ROOT }, await featuresOf(id, module));
    const bytes = bundle.stored.length;
    const coreBytes = core.stored.length;
    const vars = jsVars(bundle.stored, id);
    const coreVars = jsVars(core.stored, `${id}'s core`);
    const cell = (n: number | null, of: number) => n === null ? '   (no ESPRUINO)' : `${String(n).padStart(6)}  ${percent(n, of).padStart(9)}`;
    print(`${id.padEnd(12)} ${String(bytes).padStart(6)}  ${percent(bytes, BUNDLE_BUDGET_BYTES).padStart(9)}  ${String(coreBytes).padStart(6)}  ${percent(coreBytes, CORE_BYTES_BUDGET).padStart(9)}  ` +
      `${String(bytes - coreBytes).padStart(6)}  ${percent(bytes - coreBytes, GAME_BYTES_BUDGET).padStart(9)}  ${cell(vars, JSVAR_BUDGET)}  ${cell(coreVars, CORE_JSVAR_BUDGET)}  ` +
      `${cell(vars === null || coreVars === null ? null : vars - coreVars, GAME_JSVAR_BUDGET)}`);
    for (const m of bundle.modules) {
      const about = ON_DEMAND.find((o) => o.name === m.name)!.about;
      print(`${(id + ' ' + m.suffix).padEnd(12)} ${String(m.stored.length).padStart(6)}  ${percent(m.stored.length, m.budget).padStart(9)}  (its ${about} module, beside the bundle in Storage)`);
      diagRows.push(`| ${id} | ${about} | ${thousands(m.min.length)} B | ${thousands(m.stored.length)} B (${percent(m.stored.length, m.budget)}) |`);
    }
    const varsCell = vars === null ? '(ESPRUINO not set)' : `${thousands(vars)} (${percent(vars, JSVAR_BUDGET)})`;
    rows.push(`| ${id} | ${thousands(bundle.min.length)} B | ${thousands(bytes)} B (${percent(bytes, BUNDLE_BUDGET_BYTES)}) | ${varsCell} |`);
    const partVars = (n: number | null, of: number) => n === null ? '(ESPRUINO not set)' : `${thousands(n)} (${percent(n, of)})`;
    partRows.push(`| ${id} | ${thousands(coreBytes)} B (${percent(coreBytes, CORE_BYTES_BUDGET)}) | ${partVars(coreVars, CORE_JSVAR_BUDGET)} | ` +
      `${thousands(bytes - coreBytes)} B (${percent(bytes - coreBytes, GAME_BYTES_BUDGET)}) | ${partVars(vars === null || coreVars === null ? null : vars - coreVars, GAME_JSVAR_BUDGET)} |`);
  }
  if (build) print(`JsVars measured in ${binary} (${build}), on the pretokenised bundle a board stores, less the same run with no bundle`);
  // The split by source file: where each bundle's stored bytes come from, the heaviest first.
  print('stored bytes by source file (each token counted as stored alone: the sums come near the bundles\' sizes)');
  const split = new Map<string, Map<string, number>>();
  for (const b of builtBundles) {
    const minified = await minifyEs5(b.debug, (await featuresOf(b.game, (await loadGames()).find((g) => g.id === b.game)!.module)).internalProperties, undefined, true);
    split.set(b.game, storedBySource(b.debug, minified.map!.mapped, minified.map!.map));
  }
  const files = new Map<string, number>();
  for (const bytes of split.values()) for (const [file, n] of bytes) files.set(file, Math.max(files.get(file) || 0, n));
  print('file                                      ' + Array.from(split.keys()).map((g) => g.padStart(13)).join(''));
  for (const file of Array.from(files.keys()).sort((a, b) => files.get(b)! - files.get(a)!)) {
    print(file.padEnd(42) + Array.from(split.values()).map((bytes) => String(bytes.get(file) || '').padStart(13)).join(''));
  }
  print('README.md table rows (bundles):');
  for (const row of rows) print(row);
  print('docs/budgets.md table rows (parts):');
  for (const row of partRows) print(row);
  print('docs/budgets.md table rows (modules loaded on demand):');
  for (const row of diagRows) print(row);
}
