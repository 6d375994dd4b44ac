// Code only a rare need runs, kept out of a board's bundle: the build makes
// each such part a module of its own (tools/build.ts, ON_DEMAND), flash writes
// it to Storage beside the bundle, and the board loads it when it is needed.
// Parsed from Storage, a module's function bodies stay in flash: in RAM it
// costs only its functions, while they are held. The simulator and the tests
// call the same functions directly (each caller's `ON_DEVICE` branch). The
// loader is a function of its own, kept for good (some 6 JsVars): inlined at
// the core's four calls it would cost each bundle some 180 bytes more (and
// fortification billiards' four more, for its rare moves and its power-up).

/** Espruino's module cache, a global on the chip: an entry let go frees what nothing else holds. */
export interface ModuleCache {
  removeCached(name: string): void;
}

/**
 * The module in Storage file `name`, or false when the board was flashed without it. Unless `keep`, the
 * interpreter's module cache lets it go at once: it lives while the caller holds it, and is parsed afresh next time.
 */
export function loadModule<T>(name: string, keep?: boolean): T | false {
  // One expression, no variable: the module is held by the caller alone.
  return global.require('Storage').read(name) !== undefined
    && [global.require(name), keep || (global as unknown as { Modules: ModuleCache }).Modules.removeCached(name)][0] as T;
}

/** A game's moves it plays seldom (firmware/games/<game>/rare.ts, where a game has one): loaded for such a move. */
export const RARE_MODULE = 'tallyboard-rare';
/** What only a power-up runs, of a game whose interpreter takes up the board then (firmware/games/<game>/powerup.ts, where it has one). */
export const POWERUP_MODULE = 'tallyboard-powerup';
/** What only a move's decision runs, of a game whose interpreter works a move out at length (firmware/games/<game>/decide.ts, where it has one). */
export const DECIDE_MODULE = 'tallyboard-decide';
/** The matching of a table seen to a game's weights, of a game that plays what its board sees as a whole table (firmware/games/<game>/match.ts, where it has one). */
export const MATCH_MODULE = 'tallyboard-match';
