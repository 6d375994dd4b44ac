// The list of games, for everything that runs in Node (simulator, build, flash,
// tests, benchmarks; never a board): a game is a folder of this one whose
// index.ts exports `game` (firmware/game.ts). Nothing else lists the games, so
// a new one is its folder. The folder is read at each call: a game added while
// a process runs is found by the next.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { GameModule } from '../game';

const GAMES_DIR = dirname(fileURLToPath(import.meta.url));

export type AnyGameModule = GameModule<any, any>;

/** A game's folder. */
export function gameDir(id: string): string {
  return join(GAMES_DIR, id);
}

/** A file of a game's folder, as an import() takes it. */
export function gameFileUrl(id: string, file: string): string {
  return pathToFileURL(join(gameDir(id), file)).href;
}

/** A game's firmware module (its folder's index.ts exports `game`). */
export async function moduleOf(id: string): Promise<AnyGameModule> {
  const exports = await import(gameFileUrl(id, 'index.ts')) as { game?: AnyGameModule };
  if (!exports.game) throw new Error(`firmware/games/${id}/index.ts does not export \`game\``);
  return exports.game;
}

/**
 * Every game, in the order of their advert codes: the folders here with an
 * index.ts. Two games with one code are refused (a phone could not tell them
 * apart).
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
