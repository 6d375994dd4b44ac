// What the build tools know of the games beside their list
// (firmware/games/registry.ts): the checkout's root, the budgets a bundle is
// measured against, where a game's bundle and its shortened names are, and its
// example scenarios.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gameDir, gameFileUrl } from '../firmware/games/registry';
import { PAGE_BYTES, STORAGE_BYTES } from '../sim/flash';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Bundle budget, as stored (minified, then pretokenised): code, config and saved state must fit the MDBT42Q's 40 KB Storage. */
export const BUNDLE_BUDGET_BYTES = 16 * 1024;
/** JsVars in use after boot, at most 35% of the MDBT42Q's 2,950. */
export const JSVAR_BUDGET = Math.floor(2950 * 0.35);
/** The core's part of the bundle (runtime, scanner, diagnostics, phone, display, saving, the drivers a board uses): its bytes stored and JsVars after boot. */
export const CORE_BYTES_BUDGET = 9728;
export const CORE_JSVAR_BUDGET = 700;
/** JsVars in use at the peak of a game (a move under way, a message in flight), or after a power-up into a game saved: at most half of 2,950. */
export const PEAK_JSVAR_BUDGET = Math.floor(2950 / 2);

/** The example scenarios of a game: scenarios/<game>-*.jsonl, by file name. */
export function examplesOf(id: string): string[] {
  return readdirSync(join(ROOT, 'scenarios')).filter((f) => f.startsWith(id + '-') && f.endsWith('.jsonl')).sort();
}

/** Property names a game's bundle may shorten beside the core's: its folder's internal-names.ts, when it has one (tools/es5.ts). */
export async function internalNamesOf(id: string): Promise<string[]> {
  if (!existsSync(join(gameDir(id), 'internal-names.ts'))) return [];
  return (await import(gameFileUrl(id, 'internal-names.ts')) as { INTERNAL_PROPERTIES: string[] }).INTERNAL_PROPERTIES;
}

/**
 * Stored bytes of each module a board loads on demand (tools/build.ts, ON_DEMAND), budgeted apart from its game
 * bundle: the board loads it from Storage only when it is needed, so it costs Storage (40 KB on the MDBT42Q, where
 * the game's log lives too), never the bundle's share. The core's modules, which every board carries, keep to this.
 */
export const MODULE_BUDGET_BYTES = 1536;
/**
 * Loading a module is one call, its parse: like any call it may hold the interpreter at most MODULE_HOLD_US on the
 * chip (a step's limit). A module that must be larger than MODULE_BUDGET_BYTES (a game's decision module, decide.ts)
 * is budgeted by that: DECIDE_BUDGET_BYTES parse, at the rate `npm run bench modules` measures in the real
 * interpreter (some 30 bytes a bare channel read, CHIP_READ_US on the chip), in some 18 ms, a tenth to spare (8,340 bytes
 * took 288 reads, 17.3 ms; the same module's runs vary by some 5%); the
 * bench and test/bundles.test.ts check every module's parse against the limit itself (a module that grows past it is
 * split, each part loaded in a tick of its own). Its bytes count in Storage with the bundle's: a game's firmware there (bundle, modules and a 32-byte
 * header each) is at most storageFirmwareBytes.
 */
export const MODULE_HOLD_US = 20000;
/** What one analog channel's bare read costs on the chip (us), the yardstick of a hold measured in the Linux interpreter (bench analog's estimate). */
export const CHIP_READ_US = 60;
export const DECIDE_BUDGET_BYTES = 8448;
/**
 * A game's firmware in Storage at most, for the chunks of log a board of the game has room for (the simulator's
 * figure, sim/game.ts logChunks, which gives its log that room): the MDBT42Q's 40 KB less a page kept free for
 * Storage to compact into and those chunks, a page each (one chunk, 4,064 bytes: some 50 shuffleboard throws at its
 * example games' 65-79 bytes a throw, twice its example singles game; docs/saving.md, Where it goes). Past the log's
 * room a move is flagged `not_saved`.
 */
export const storageFirmwareBytes = (logChunks: number) => STORAGE_BYTES - PAGE_BYTES - logChunks * PAGE_BYTES;

/** The chunks of log the simulator gives game `id` (sim/game.ts logChunks); the simulator loaded only when asked. */
export async function logChunksOf(id: string): Promise<number> {
  const { parseScenario } = await import('../sim/replay');
  return parseScenario(JSON.stringify({ game: id })).game.logChunks ?? 1;
}

/** A game's bundle in dist/, its readable form (`debug`), or one of its modules (by its `suffix`: diag, check). */
export function distFile(game: string, debug = false, suffix = ''): string {
  return join(ROOT, 'dist', game + (suffix ? '.' + suffix : '') + (debug ? '.debug.js' : '.js'));
}
