// npm run build: one self-contained, minified ES5 file per game in dist/, plus
// a readable .debug.js, and a table of their sizes: the budget is counted on
// the pretokenised form a board stores (tools/tokenise.ts).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDeviceCode } from './es5';
import type { BoardFeatures, PropertyNames } from './es5';
import { BUNDLE_BUDGET_BYTES, DECIDE_BUDGET_BYTES, MODULE_BUDGET_BYTES, ROOT, distFile, internalNamesOf } from './games';
import { DIAG_MODULE } from '../firmware/diag';
import { CHANNEL_MODULE, CHECK_MODULE, commandTable } from '../firmware/commands';
import { RESTORE_MODULE } from '../firmware/persist';
import { DECIDE_MODULE, MATCH_MODULE, MODULES_FILE, POWERUP_MODULE, Part, RARE_MODULE } from '../firmware/modules';
import { modulesFile } from './modules-file';
import { FILE_HEADER_BYTES } from '../sim/flash';
import { SIGN_MODULE } from '../firmware/signer';
import { FAULT_MODULE } from '../firmware/faults';
import { HANDLE_MODULE } from '../firmware/handle';
import { gameDir, loadGames, moduleOf } from '../firmware/games/registry';
import type { AnyGameModule } from '../firmware/games/registry';

/** A module a board loads from Storage when it is needed (firmware/modules.ts), built for one game's bundle. */
export interface BuiltModule {
  /** Its name (what a phone hears of it when the board lacks it), and its part of the Storage file MODULES_FILE. */
  name: string;
  part: Part;
  /** Its files in dist/: <game>.<suffix>.js, and .debug.js. */
  suffix: string;
  min: string;
  stored: string;
  debug: string;
  /** Its stored budget (OnDemand's). */
  budget: number;
  /** The short name of each internal property in it: the bundle's (a module names none of its own). */
  names: PropertyNames;
  /** The bundle's functions it calls as the bundle's own (its names there: BuiltBundle's `shared`). */
  calls: string[];
}

export interface BuiltBundle {
  game: string;
  /** Minified ES5. */
  min: string;
  /** `min` pretokenised: the bytes written to the board's Storage. */
  stored: string;
  debug: string;
  /** Its modules loaded on demand (ON_DEMAND), kept out of the bundle: flash writes them to Storage beside it, in one file (moduleFiles). */
  modules: BuiltModule[];
  /** The bundle's functions its modules call as its own (SHARED_FUNCTIONS, tools/es5.ts): their names in it. */
  shared: Map<string, string>;
  /** The short name of each internal property (tools/es5.ts), in it and in its modules alike. */
  names: PropertyNames;
}

/** What a module loaded on demand is, and which boards carry it. */
export interface OnDemand {
  name: string;
  /** Its part of MODULES_FILE (firmware/modules.ts): ON_DEMAND lists them in this order. */
  part: Part;
  suffix: string;
  /** What it holds, in a few words (the size table's). */
  about: string;
  /** Its source file (`<game>` the game's folder name) and the function require() of it gives. */
  from: string;
  exports: string;
  /** Its first argument, when the build gives it (bound: the board passes the others). */
  bound?(mod: AnyGameModule): unknown;
  carried(features: BoardFeatures, game: string): boolean;
  /** On a board of analog banks alone, its source and export instead (its interpreter's own). */
  analog?: { from: string; exports: string };
  /** Its stored budget: MODULE_BUDGET_BYTES unless given (tools/games.ts). */
  budget?: number;
  /**
   * Its top-level numeric constants written in place where that makes it at most this many bytes longer
   * (tools/es5.ts, constantsInPlace): a module held while its work peaks keeps fewer names.
   */
  inPlace?: number;
}

/**
 * The modules a bundle loads on demand. Diagnostics (firmware/diag.ts), when the mode starts: those of a board with
 * digital banks; a board of analog banks alone has its interpreter's instead (its folder's diagnose.ts), if any. The check of a phone's line
 * (firmware/commands.ts, checkLine), for each line a phone sends. The reading back of the game's log
 * (firmware/persist.ts, readBack), at power-up and for an undo. A game's moves it plays seldom (its folder's
 * rare.ts, rare, where it has one), for each such move and each setup's check of its options; what only its power-up runs (its folder's powerup.ts,
 * powerUp, where it has one), at power-up. The signer of the advert (firmware/signer.ts, on the
 * chip's signing: app/espruino-signer.ts), at power-up, for each advert of a board with a key, and when a phone pairs.
 * The telling of faults (firmware/faults.ts, tellFault), the first time the board tells one, and kept from then on.
 * The carrying out of a phone's commands (firmware/handle.ts, handleCommand), and the command channel that joins a
 * phone's data into lines (firmware/commands.ts, createCommandChannel), while a phone talks (and for diagnostics
 * started at power-up).
 * What only a move's decision runs (its folder's decide.ts, decision, where it has one: shuffleboard's checks of a
 * throw's table and finding of its weights), loaded as a move is decided and let go once it is. The matching of a
 * table seen to the game's weights (its folder's match.ts, matched, where it has one: shuffleboard's), at the first
 * move played from a table seen, and kept (one function: its body stays in flash).
 */
export const ON_DEMAND: OnDemand[] = [
  { name: DIAG_MODULE, part: Part.diag, suffix: 'diag', about: 'diagnostics', from: './firmware/diag', exports: 'createDiagnostics',
    analog: { from: './firmware/games/<game>/diagnose', exports: 'diagnoseGrid' },
    carried: (features, game) => features.bankKinds.some((kind) => kind !== 'analog') || existsSync(join(gameDir(game), 'diagnose.ts')) },
  // The game's command table is the check's alone: the build gives it, so the bundle does not carry it.
  { name: CHECK_MODULE, part: Part.check, suffix: 'check', about: 'command check', from: './firmware/commands', exports: 'checkLine',
    bound: (mod) => commandTable(mod.id, mod.commands), carried: () => true },
  { name: RESTORE_MODULE, part: Part.restore, suffix: 'restore', about: 'restore', from: './firmware/persist', exports: 'readBack', carried: () => true },
  { name: RARE_MODULE, part: Part.rare, suffix: 'rare', about: 'rare moves', from: './firmware/games/<game>/rare', exports: 'rare',
    carried: (features, game) => existsSync(join(gameDir(game), 'rare.ts')) },
  { name: POWERUP_MODULE, part: Part.powerup, suffix: 'powerup', about: 'power-up', from: './firmware/games/<game>/powerup', exports: 'powerUp',
    carried: (features, game) => existsSync(join(gameDir(game), 'powerup.ts')) },
  // (Its budget: what parses within a step's hold, tools/games.ts.)
  { name: DECIDE_MODULE, part: Part.decide, suffix: 'decide', about: 'decision', from: './firmware/games/<game>/decide', exports: 'decision',
    carried: (features, game) => existsSync(join(gameDir(game), 'decide.ts')), budget: DECIDE_BUDGET_BYTES,
    // (Held at a throw's peak: 10 JsVars less there for 6 bytes, docs/budgets.md, Shuffleboard's peak.)
    inPlace: 2 },
  { name: MATCH_MODULE, part: Part.match, suffix: 'match', about: 'matching', from: './firmware/games/<game>/match', exports: 'matched',
    carried: (features, game) => existsSync(join(gameDir(game), 'match.ts')) },
  { name: SIGN_MODULE, part: Part.sign, suffix: 'sign', about: 'signer', from: './app/espruino-signer', exports: 'boardSigner', carried: () => true },
  { name: FAULT_MODULE, part: Part.fault, suffix: 'fault', about: 'fault telling', from: './firmware/faults', exports: 'tellFault', carried: () => true },
  { name: HANDLE_MODULE, part: Part.handle, suffix: 'handle', about: 'command handling', from: './firmware/handle', exports: 'handleCommand', carried: () => true },
  { name: CHANNEL_MODULE, part: Part.channel, suffix: 'channel', about: 'command channel', from: './firmware/commands', exports: 'createCommandChannel', carried: () => true },
];

/**
 * The Storage files of a bundle's modules, as flash writes them (`form`: min, or debug for the readable ones, or
 * stored): the one file MODULES_FILE (firmware/modules.ts), its index, then each module's code. `only`: those modules
 * alone (by name), the others' parts left empty, as on a board flashed without them.
 */
export function moduleFiles(bundle: BuiltBundle, form: 'min' | 'debug' | 'stored' = 'min', only?: string[]): Record<string, string> {
  return { [MODULES_FILE]: modulesFile(bundle.modules.filter((m) => !only || only.includes(m.name)).map((m) => ({ part: m.part, code: m[form] }))) };
}

/** What a bundle's firmware takes in Storage: its bundle and its modules' file, each with its header, each file's data in whole words. */
export function storedFirmwareBytes(bundle: BuiltBundle): number {
  const file = (bytes: number) => FILE_HEADER_BYTES + Math.ceil(bytes / 4) * 4;
  return file(bundle.stored.length) + file(moduleFiles(bundle, 'stored')[MODULES_FILE].length);
}

/**
 * A game's bundle entry: the generic boot (app/espruino.ts) started with the
 * game's module. The game's folder needs no boot file of its own.
 */
export function entrySource(game: string): string {
  const index = JSON.stringify(join(gameDir(game), 'index'));
  return `import { boot } from './app/espruino';\nimport { game } from ${index};\nboot(game);\n`;
}

/**
 * The core of a game's bundle: the same boot and drivers, built with the
 * same features, running a game with no rules, no sensors named, no moves
 * and no interpreter on the game's own banks (so the scanner's state, which
 * grows with the channels, counts as core).
 */
export function coreEntry(mod: AnyGameModule): string {
  return `import { boot } from './app/espruino';
boot({
  id: 'core', code: 0, pollMs: ${mod.pollMs},
  board: { channels: ${mod.board.channels}, sensors: [], banks: ${JSON.stringify(mod.board.banks)} },
  setup: function () { return 0; }, moves: {}, commands: '',
  scores: function () { return []; }, turn: function () { return 0; }, winner: function () { return null; },
  interpreter: function () { return { sense: function () {}, tick: function () {} }; },
  layout: function () { return ''; }, fields: function () { return {}; },
});
`;
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

/**
 * A module's entry, for `game`'s bundle (`mod`): what require() of it gives a board is the function `exports` of
 * `from`, with its first argument bound when the build gives it.
 */
function moduleEntry(m: OnDemand, game: string, mod: AnyGameModule, features: BoardFeatures): string {
  const { from, exports } = m.analog && features.bankKinds.every((kind) => kind === 'analog') ? m.analog : m;
  const given = m.bound ? `${exports}.bind(null, ${JSON.stringify(m.bound(mod))})` : exports;
  return `import { ${exports} } from '${from.replace('<game>', game)}';\ndeclare let MODULE_EXPORTS: unknown;\nMODULE_EXPORTS = ${given};\n`;
}

/**
 * Module `m` of `game` (`mod`, `features`), for the code built with property names `names`: a module reaches that
 * code's objects (scanner, board, commands) by its short names.
 */
export async function buildOnDemand(m: OnDemand, game: string, mod: AnyGameModule, features: BoardFeatures, names: PropertyNames, shared?: Map<string, string>): Promise<BuiltModule> {
  const built = await buildDeviceCode({ source: moduleEntry(m, game, mod, features), dir: ROOT, moduleExports: 'MODULE_EXPORTS' }, features, names, shared, m.inPlace);
  return { name: m.name, part: m.part, suffix: m.suffix, min: built.min, stored: built.stored, debug: built.debug, budget: m.budget || MODULE_BUDGET_BYTES, names: built.names, calls: built.calls };
}

export async function buildGame(game: string): Promise<BuiltBundle> {
  const mod = await moduleOf(game);
  const features = await featuresOf(game, mod);
  const code = await buildDeviceCode({ source: entrySource(game), dir: ROOT }, features);
  const modules: BuiltModule[] = [];
  for (const m of ON_DEMAND.filter((m) => m.carried(features, game))) modules.push(await buildOnDemand(m, game, mod, features, code.names, code.shared));
  return { game, min: code.min, stored: code.stored, debug: code.debug, modules, names: code.names, shared: code.shared };
}

/** Writes a bundle to dist/<game>.js, and its readable form to dist/<game>.debug.js; each of its modules to dist/<game>.<suffix>.js (and .debug.js). */
export function writeBundle(bundle: BuiltBundle): void {
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  writeFileSync(distFile(bundle.game), bundle.min);
  writeFileSync(distFile(bundle.game, true), bundle.debug);
  for (const m of bundle.modules) {
    writeFileSync(distFile(bundle.game, false, m.suffix), m.min);
    writeFileSync(distFile(bundle.game, true, m.suffix), m.debug);
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
    // Its modules: stored beside the bundle, each on a budget of its own.
    for (const m of b.modules) rows.push(row('  + ' + m.suffix, m.min, m.stored, m.budget, m.debug));
  }
  return rows;
}

/** One line per bundle over the stored budget, saying by how much and which budget. */
export function overBudget(built: BuiltBundle[]): string[] {
  return built.filter((b) => b.stored.length > BUNDLE_BUDGET_BYTES).map((b) =>
    `${b.game} is ${b.stored.length} bytes stored, ${b.stored.length - BUNDLE_BUDGET_BYTES} over the stored budget of ${BUNDLE_BUDGET_BYTES} bytes a game (minified, then pretokenised as a board stores it)`)
    .concat(...built.map((b) => b.modules.filter((m) => m.stored.length > m.budget).map((m) =>
      `${b.game}'s module ${m.name} is ${m.stored.length} bytes stored, ${m.stored.length - m.budget} over its stored budget of ${m.budget} bytes`)));
}
