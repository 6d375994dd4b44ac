// npm run build: one self-contained, minified ES5 file per game in dist/, plus
// a readable .debug.js, and a table of their sizes: the budget is counted on
// the pretokenised form a board stores (tools/tokenise.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDeviceCode } from './es5';
import type { BoardFeatures } from './es5';
import { BUNDLE_BUDGET_BYTES, ROOT, distFile, internalNamesOf } from './games';
import { gameDir, loadGames, moduleOf } from '../firmware/games/registry';
import type { AnyGameModule } from '../firmware/games/registry';

export interface BuiltBundle {
  game: string;
  /** Minified ES5. */
  min: string;
  /** `min` pretokenised: the bytes written to the board's Storage. */
  stored: string;
  debug: string;
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

export async function buildGame(game: string): Promise<BuiltBundle> {
  const mod = await moduleOf(game);
  const code = await buildDeviceCode({ source: entrySource(game), dir: ROOT }, await featuresOf(game, mod));
  return { game, min: code.min, stored: code.stored, debug: code.debug };
}

/** Writes a bundle to dist/<game>.js, and its readable form to dist/<game>.debug.js. */
export function writeBundle(bundle: BuiltBundle): void {
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  writeFileSync(distFile(bundle.game), bundle.min);
  writeFileSync(distFile(bundle.game, true), bundle.debug);
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
  for (const b of built) {
    const bytes = b.stored.length;
    const over = bytes > BUNDLE_BUDGET_BYTES ? '  OVER BUDGET' : '';
    rows.push(`${b.game.padEnd(13)} ${String(b.min.length).padStart(8)}  ${String(bytes).padStart(6)}  ${String(BUNDLE_BUDGET_BYTES).padStart(6)}  ${(Math.round(bytes / BUNDLE_BUDGET_BYTES * 100) + '%').padStart(4)}  ${String(Buffer.byteLength(b.debug)).padStart(6)}${over}`);
  }
  return rows;
}

if (process.argv[1] && /build\.ts$/.test(process.argv[1])) {
  const built = await buildAll();
  // Over budget is reported, not failed: budgets are benchmarks (npm run bench), not tests.
  for (const row of sizeTable(built)) console.log(row);
}
