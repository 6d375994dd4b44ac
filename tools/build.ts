// npm run build: one self-contained, minified ES5 file per game in dist/, plus
// a readable .debug.js, and a table of their sizes: the budget is counted on
// the pretokenised form a board stores (tools/tokenise.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDeviceCode } from './es5';
import type { BoardFeatures } from './es5';
import { BUNDLE_BUDGET_BYTES, DIAG_BUDGET_BYTES, ROOT, distFile, internalNamesOf } from './games';
import { gameDir, loadGames, moduleOf } from '../firmware/games/registry';
import type { AnyGameModule } from '../firmware/games/registry';

export interface BuiltBundle {
  game: string;
  /** Minified ES5. */
  min: string;
  /** `min` pretokenised: the bytes written to the board's Storage. */
  stored: string;
  debug: string;
  /**
   * The board's diagnostics module (firmware/diag.ts), kept out of the bundle: flash writes it to Storage as
   * DIAG_MODULE and the board loads it when diagnostics start. Only a board with digital banks has one (the
   * others' diagnostics are their interpreter's).
   */
  diag: { min: string; stored: string; debug: string } | null;
}

/**
 * A game's bundle entry: the generic boot (app/espruino.ts) started with the
 * game's module. The game's folder needs no boot file of its own.
 */
export function entrySource(game: string): string {
  const index = JSON.stringify(join(gameDir(game), 'index'));
  return `import { boot } from './app/espruino';\nimport { game } from ${index};\nboot(game);\n`;
}

/** Runs of consecutive GPIOs in a gpio bank's mask (the chip's gpioBank reads at most two, hal/espruino/inputs.ts). */
export function gpioRuns(gpios: number): number {
  let runs = 0;
  // A run starts at each set bit whose lower neighbour is clear.
  for (let starts = (gpios & ~(gpios << 1)) >>> 0; starts; starts &= starts - 1) runs++;
  return runs;
}

/** What a game's bundle carries (firmware/device.ts) and may shorten, from its module and its folder. */
export async function featuresOf(game: string, mod: AnyGameModule): Promise<BoardFeatures> {
  const banks = mod.board.banks;
  if (!banks || !banks.length) throw new Error(`firmware/games/${game}: its board lists no banks (firmware/board.ts)`);
  for (const b of banks) {
    if (b.kind === 'gpio' && gpioRuns(b.gpios) > 2) {
      throw new Error(`firmware/games/${game}: its gpio bank 0x${(b.gpios >>> 0).toString(16)} makes more than two runs of GPIOs (a pin bank takes any pins)`);
    }
  }
  return {
    settleGroups: !!(mod.settle && mod.settle.length),
    bankKinds: banks.map((b) => b.kind),
    internalProperties: await internalNamesOf(game),
  };
}

/** The diagnostics module's entry: what require() of it gives a board is createDiagnostics. */
export const DIAG_ENTRY = "import { createDiagnostics } from './firmware/diag';\ndeclare let DIAG_EXPORTS: unknown;\nDIAG_EXPORTS = createDiagnostics;\n";

export async function buildGame(game: string): Promise<BuiltBundle> {
  const mod = await moduleOf(game);
  const features = await featuresOf(game, mod);
  const code = await buildDeviceCode({ source: entrySource(game), dir: ROOT }, features);
  // The module reaches the bundle's objects (scanner, board, the diagnostics it returns) by the bundle's short names.
  const digital = features.bankKinds.some((kind) => kind !== 'analog');
  const diag = digital ? await buildDeviceCode({ source: DIAG_ENTRY, dir: ROOT, moduleExports: 'DIAG_EXPORTS' }, features, code.names) : null;
  return { game, min: code.min, stored: code.stored, debug: code.debug, diag: diag && { min: diag.min, stored: diag.stored, debug: diag.debug } };
}

/** Writes a bundle to dist/<game>.js, and its readable form to dist/<game>.debug.js; its diagnostics module to dist/<game>.diag.js (and .diag.debug.js). */
export function writeBundle(bundle: BuiltBundle): void {
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  writeFileSync(distFile(bundle.game), bundle.min);
  writeFileSync(distFile(bundle.game, true), bundle.debug);
  if (bundle.diag) {
    writeFileSync(distFile(bundle.game, false, true), bundle.diag.min);
    writeFileSync(distFile(bundle.game, true, true), bundle.diag.debug);
  }
}

export async function buildAll(): Promise<BuiltBundle[]> {
  const built: BuiltBundle[] = [];
  for (const { id } of await loadGames()) {
    const bundle = await buildGame(id);
    writeBundle(bundle);
    built.push(bundle);
  }
  return built;
}

export function sizeTable(built: BuiltBundle[]): string[] {
  const rows = ['game          minified  stored  budget   use   debug'];
  const row = (name: string, min: string, stored: string, budget: number, debug: string) => {
    const over = stored.length > budget ? '  over the stored budget' : '';
    return `${name.padEnd(13)} ${String(min.length).padStart(8)}  ${String(stored.length).padStart(6)}  ${String(budget).padStart(6)}  ${(Math.round(stored.length / budget * 100) + '%').padStart(4)}  ${String(Buffer.byteLength(debug)).padStart(6)}${over}`;
  };
  for (const b of built) {
    rows.push(row(b.game, b.min, b.stored, BUNDLE_BUDGET_BYTES, b.debug));
    // Its diagnostics module: stored beside the bundle, on a budget of its own.
    if (b.diag) rows.push(row('  + diag', b.diag.min, b.diag.stored, DIAG_BUDGET_BYTES, b.diag.debug));
  }
  return rows;
}

/** One line per bundle over the stored budget, saying by how much and which budget. */
export function overBudget(built: BuiltBundle[]): string[] {
  return built.filter((b) => b.stored.length > BUNDLE_BUDGET_BYTES).map((b) =>
    `${b.game} is ${b.stored.length} bytes stored, ${b.stored.length - BUNDLE_BUDGET_BYTES} over the stored budget of ${BUNDLE_BUDGET_BYTES} bytes a game (minified, then pretokenised as a board stores it)`)
    .concat(built.filter((b) => b.diag && b.diag.stored.length > DIAG_BUDGET_BYTES).map((b) =>
      `${b.game}'s diagnostics module is ${b.diag!.stored.length} bytes stored, ${b.diag!.stored.length - DIAG_BUDGET_BYTES} over its stored budget of ${DIAG_BUDGET_BYTES} bytes`));
}
