// npm run build: one self-contained, minified ES5 file per game in dist/, plus
// a readable .debug.js, and a table of their sizes: the budget is counted on
// the pretokenised form a board stores (tools/tokenise.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDeviceCode } from './es5';
import { BUNDLE_BUDGET_BYTES, GAME_IDS, ROOT, builtGames, distFile, entryOf, moduleOf } from './games';
import type { GameId } from '../firmware/game';

export interface BuiltBundle {
  game: GameId;
  /** Minified ES5. */
  min: string;
  /** `min` pretokenised: the bytes written to the board's Storage. */
  stored: string;
  debug: string;
}

export async function buildGame(game: GameId): Promise<BuiltBundle> {
  const mod = await moduleOf(game);
  const code = await buildDeviceCode(entryOf(game), { settleGroups: !!(mod.settle && mod.settle.length) });
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
  for (const game of builtGames()) {
    const bundle = await buildGame(game);
    writeBundle(bundle);
    built.push(bundle);
  }
  return built;
}

export function sizeTable(built: BuiltBundle[]): string[] {
  const rows = ['game          minified  stored  budget   use   debug'];
  for (const game of GAME_IDS) {
    const b = built.find((x) => x.game === game);
    if (!b) { rows.push(`${game.padEnd(13)} (not written yet)`); continue; }
    const bytes = b.stored.length;
    const over = bytes > BUNDLE_BUDGET_BYTES ? '  OVER BUDGET' : '';
    rows.push(`${game.padEnd(13)} ${String(b.min.length).padStart(8)}  ${String(bytes).padStart(6)}  ${String(BUNDLE_BUDGET_BYTES).padStart(6)}  ${(Math.round(bytes / BUNDLE_BUDGET_BYTES * 100) + '%').padStart(4)}  ${String(Buffer.byteLength(b.debug)).padStart(6)}${over}`);
  }
  return rows;
}

if (process.argv[1] && /build\.ts$/.test(process.argv[1])) {
  const built = await buildAll();
  // Over budget is reported, not failed: budgets are benchmarks (npm run bench), not tests.
  for (const row of sizeTable(built)) console.log(row);
}
