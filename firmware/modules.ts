// Code only a rare need runs, kept out of a board's bundle: the build makes
// each such part a module of its own (tools/build.ts, ON_DEMAND), flash writes
// it to Storage beside the bundle, and the board loads it when it is needed.
// Parsed from Storage, a module's function bodies stay in flash: in RAM it
// costs only its functions, while they are held. The simulator and the tests
// call the same functions directly (each caller's `ON_DEVICE` branch). Each
// call is marked for the minifier to inline (`@__INLINE__`): kept as a
// function of its own, the loader would hold some 6 JsVars for good, for the
// 50 bytes it saves.

/** Espruino's module cache, a global on the chip: an entry let go frees what nothing else holds. */
interface ModuleCache {
  removeCached(name: string): void;
}

/**
 * The module in Storage file `name`, or false when the board was flashed without it. Unless `keep`, the
 * interpreter's module cache lets it go at once: it lives while the caller holds it, and is parsed afresh next time.
 */
export function loadModule<T>(name: string, keep?: boolean): T | false {
  // One expression, no variable: inlined where it is called, a variable would hold the module in the caller's scope.
  return global.require('Storage').read(name) !== undefined
    && [global.require(name), keep || (global as unknown as { Modules: ModuleCache }).Modules.removeCached(name)][0] as T;
}
