// What the build tools know of the games beside their list
// (firmware/games/registry.ts): the checkout's root, the budgets a bundle is
// measured against, and where a game's bundle and its shortened names are.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gameDir, gameFileUrl } from '../firmware/games/registry';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Bundle budget, as stored (minified, then pretokenised): code, config and saved state must fit the MDBT42Q's 40 KB Storage. */
export const BUNDLE_BUDGET_BYTES = 16 * 1024;
/** JsVars in use after boot, at most 35% of the MDBT42Q's 2,950. */
export const JSVAR_BUDGET = Math.floor(2950 * 0.35);
/** JsVars in use at the peak of a game (a move under way, a message in flight), or after a power-up into a game saved: at most half of 2,950. */
export const PEAK_JSVAR_BUDGET = Math.floor(2950 / 2);

/** Property names a game's bundle may shorten beside the core's: its folder's internal-names.ts, when it has one (tools/es5.ts). */
export async function internalNamesOf(id: string): Promise<string[]> {
  if (!existsSync(join(gameDir(id), 'internal-names.ts'))) return [];
  return (await import(gameFileUrl(id, 'internal-names.ts')) as { INTERNAL_PROPERTIES: string[] }).INTERNAL_PROPERTIES;
}

/**
 * Stored bytes of each module a board loads on demand (tools/build.ts, ON_DEMAND), budgeted apart from its game
 * bundle: the board loads it from Storage only when it is needed, so it costs Storage (40 KB on the MDBT42Q, where
 * the game's log lives too), never the bundle's share.
 */
export const MODULE_BUDGET_BYTES = 1536;

/** A game's bundle in dist/, its readable form (`debug`), or one of its modules (by its `suffix`: diag, check). */
export function distFile(game: string, debug = false, suffix = ''): string {
  return join(ROOT, 'dist', game + (suffix ? '.' + suffix : '') + (debug ? '.debug.js' : '.js'));
}
