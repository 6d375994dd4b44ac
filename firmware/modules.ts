// Code only a rare need runs, kept out of a board's bundle: the build makes
// each such part a module of its own (tools/build.ts, ON_DEMAND), flash writes
// them all to one Storage file beside the bundle (MODULES_FILE), and the board
// loads one when it is needed. Parsed from Storage, a module's function bodies
// stay in flash: in RAM it costs only its functions, while they are held. The
// simulator and the tests call the same functions directly (each caller's
// `ON_DEVICE` branch). The loader is a function of its own, kept for good (some
// 6 JsVars): inlined at the core's calls it would cost each bundle far more.

/**
 * The Storage file of a board's modules: first an index of INDEX_DIGITS characters a part (where part k starts, from
 * the file's start, in decimal, padded with spaces: the interpreter reads a leading 0 as octal; then where the last
 * ends), then each module's code, which sets its exports (loadModule; docs/flashing.md). One file, not a file a module:
 * Storage gives each file a header of 32 bytes, and a board with nine modules stored 256 bytes of them more.
 */
export const MODULES_FILE = 'tallyboard-modules';
/** The loader's one argument, as a module's code names it: its exports are set as its `x` (tools/es5.ts, LOADER_EXPORTS). */
export const MODULE_ARGUMENT = '$';
export const INDEX_DIGITS = 5;

/** Each module's part of MODULES_FILE: its place in the index (the build's ON_DEMAND lists them in this order). */
export const enum Part { diag, check, restore, rare, powerup, decide, match, sign, fault, handle, channel }

/**
 * Module `part` of MODULES_FILE, or false when the board was flashed without it (its part empty, or no such file).
 * Parsed afresh at each load: it lives while the caller holds it. (Run as a function made from its text, its code
 * sees the bundle's globals, as a required module does, and none of the loader's names: `eval` runs in its caller's
 * scope on the chip. The text stays in flash, as a required module's does. Its code sets its exports as the `x` of the
 * function's one argument, MODULE_ARGUMENT.)
 */
export function loadModule<T>(part: number): T | false {
  const storage = global.require('Storage');
  // (No such file: NaN, and no part.)
  const start = +(storage.read(MODULES_FILE, part * INDEX_DIGITS, INDEX_DIGITS) as string);
  const end = +(storage.read(MODULES_FILE, (part + 1) * INDEX_DIGITS, INDEX_DIGITS) as string);
  const given = { x: false as T | false };
  // (A part that does not parse, or throws before it sets its exports, is none: a file cut short by a flash that
  // stopped midway. Such a part ends in erased flash, 0xFF, which no module's code ends in: it is not parsed, since the
  // interpreter parsing shuffleboard's decision so cut ran out of memory, past this try.)
  try {
    if (end > start && storage.read(MODULES_FILE, end - 1, 1) !== '\xff') Function(MODULE_ARGUMENT, storage.read(MODULES_FILE, start, end - start) as string)(given);
  } catch (e) {
    // (None.)
  }
  return given.x;
}

/** A game's moves it plays seldom (firmware/games/<game>/rare.ts, where a game has one): loaded for such a move. */
export const RARE_MODULE = 'tallyboard-rare';
/** What only a power-up runs, of a game whose interpreter takes up the board then (firmware/games/<game>/powerup.ts, where it has one). */
export const POWERUP_MODULE = 'tallyboard-powerup';
/** What only a move's decision runs, of a game whose interpreter works a move out at length (firmware/games/<game>/decide.ts, where it has one). */
export const DECIDE_MODULE = 'tallyboard-decide';
/** The matching of a table seen to a game's weights, of a game that plays what its board sees as a whole table (firmware/games/<game>/match.ts, where it has one). */
export const MATCH_MODULE = 'tallyboard-match';
