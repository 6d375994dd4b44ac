// Where each game's device bundle starts, and the budgets it must meet.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GameId } from '../firmware/game';
import type { GameModule } from '../firmware/game';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const GAME_IDS: GameId[] = ['triangle', 'fortress', 'ringapeg', 'shuffleboard'];

/** Bundle budget, as stored (minified, then pretokenised): code, config and saved state must fit the MDBT42Q's 40 KB Storage. */
export const BUNDLE_BUDGET_BYTES = 16 * 1024;
/** JsVars in use after boot, at most 35% of the MDBT42Q's 2,950. */
export const JSVAR_BUDGET = Math.floor(2950 * 0.35);

export function entryOf(game: GameId): string {
  return join(ROOT, 'hal', 'espruino', 'boot', game + '.ts');
}

/** Games whose firmware exists (an Espruino boot entry). */
export function builtGames(): GameId[] {
  return GAME_IDS.filter((g) => existsSync(entryOf(g)));
}

/** A game's firmware module (firmware/games/<game>/index.ts exports `game`). */
export async function moduleOf(game: GameId): Promise<GameModule<unknown, unknown>> {
  const exports = await import(join(ROOT, 'firmware', 'games', game, 'index.ts')) as { game: GameModule<unknown, unknown> };
  return exports.game;
}

export function distFile(game: GameId, debug = false): string {
  return join(ROOT, 'dist', game + (debug ? '.debug.js' : '.js'));
}
