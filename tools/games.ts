// The registry of games, for everything that runs in Node (build, flash,
// simulator, tests, benchmarks): a game is a folder firmware/games/<id>/ whose
// index.ts exports `game` (firmware/game.ts). Nothing else lists the games, so
// a new one is its folder. The folder is read at each call: a game added while
// a process runs is found by the next.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { GameModule } from '../firmware/game';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const GAMES_DIR = join(ROOT, 'firmware', 'games');

/** Bundle budget, as stored (minified, then pretokenised): code, config and saved state must fit the MDBT42Q's 40 KB Storage. */
export const BUNDLE_BUDGET_BYTES = 16 * 1024;
/** JsVars in use after boot, at most 35% of the MDBT42Q's 2,950. */
export const JSVAR_BUDGET = Math.floor(2950 * 0.35);

export type AnyGameModule = GameModule<any, any>;

/** A game's folder. */
export function gameDir(id: string): string {
  return join(GAMES_DIR, id);
}

/** A file of a game's folder, as an import() takes it. */
function gameFileUrl(id: string, file: string): string {
  return pathToFileURL(join(gameDir(id), file)).href;
}

/** A game's firmware module (its folder's index.ts exports `game`). */
export async function moduleOf(id: string): Promise<AnyGameModule> {
  const exports = await import(gameFileUrl(id, 'index.ts')) as { game?: AnyGameModule };
  if (!exports.game) throw new Error(`firmware/games/${id}/index.ts does not export \`game\``);
  return exports.game;
}

/**
 * Every game, in the order of their advert codes: the folders of
 * firmware/games/ with an index.ts. Two games with one code are refused
 * (a phone could not tell them apart).
 */
export async function loadGames(): Promise<{ id: string; module: AnyGameModule }[]> {
  const ids = readdirSync(GAMES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(GAMES_DIR, d.name, 'index.ts')))
    .map((d) => d.name);
  const games = [];
  for (const id of ids) games.push({ id, module: await moduleOf(id) });
  games.sort((a, b) => a.module.code - b.module.code);
  for (let i = 1; i < games.length; i++) {
    if (games[i].module.code === games[i - 1].module.code) throw new Error(`games ${games[i - 1].id} and ${games[i].id} have the same advert code ${games[i].module.code}`);
  }
  return games;
}

/** Every game's id, in the order of their advert codes. */
export async function gameIds(): Promise<string[]> {
  return (await loadGames()).map((g) => g.id);
}

/** Property names a game's bundle may shorten beside the core's: its folder's internal-names.ts, when it has one (tools/es5.ts). */
export async function internalNamesOf(id: string): Promise<string[]> {
  if (!existsSync(join(gameDir(id), 'internal-names.ts'))) return [];
  return (await import(gameFileUrl(id, 'internal-names.ts')) as { INTERNAL_PROPERTIES: string[] }).INTERNAL_PROPERTIES;
}

export function distFile(game: string, debug = false): string {
  return join(ROOT, 'dist', game + (debug ? '.debug.js' : '.js'));
}
