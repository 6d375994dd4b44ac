// Device code already built, kept by a hash of all that makes it: the bundled
// source, how it is built (the build's own code and the versions of the tools
// it runs), and the build's arguments. Lowering and minifying take a second
// or two a bundle; a build of code built before (the tests build the same
// bundles many times, the command line at each flash) reads it back instead.
// Nothing else is trusted: a change anywhere in what the hash covers builds
// afresh. Kept in node_modules/.cache/tallyboard-build, where tools keep their
// caches; a folder that cannot be written is no cache, not an error.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './games';

const CACHE = join(ROOT, 'node_modules', '.cache', 'tallyboard-build');
/** Entries kept at most: past it, the older half goes (a source edited often leaves an entry for each version). */
const KEPT = 300;
/** The packages whose output or rules the build's result depends on. */
const TOOLS = ['esbuild', '@babel/core', '@babel/preset-env', 'terser', 'acorn', 'acorn-walk', '@types/espruino'];

let toolchain: string | undefined;

/** A hash of the build's own code (tools/, and the module loader's names it writes code for) and of the tools' versions. */
function toolchainPrint(): string {
  if (toolchain) return toolchain;
  const hash = createHash('sha256');
  const require = createRequire(import.meta.url);
  for (const name of readdirSync(join(ROOT, 'tools')).filter((f) => /\.[cm]?[tj]s$/.test(f)).sort()) hash.update(name + '\0' + readFileSync(join(ROOT, 'tools', name)) + '\0');
  hash.update(readFileSync(join(ROOT, 'firmware', 'modules.ts')));
  for (const name of TOOLS) hash.update(name + '@' + (JSON.parse(readFileSync(require.resolve(name + '/package.json'), 'utf8')) as { version: string }).version + '\0');
  return (toolchain = hash.digest('hex'));
}

/** The key of a build of `parts` (the bundled source and every argument that changes the result, as JSON). */
export function buildKey(parts: unknown[]): string {
  return createHash('sha256').update(toolchainPrint()).update(JSON.stringify(parts)).digest('hex');
}

/** What was built under `key`, or undefined. */
export function cached<T>(key: string): T | undefined {
  try {
    return JSON.parse(readFileSync(join(CACHE, key + '.json'), 'utf8')) as T;
  } catch (e) {
    return undefined;
  }
}

/** Keeps `value` (plain JSON) under `key`. Written whole or not at all: a test worker may read it meanwhile. */
export function keep(key: string, value: unknown): void {
  try {
    mkdirSync(CACHE, { recursive: true });
    const file = join(CACHE, key + '.json');
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, JSON.stringify(value));
    renameSync(partial, file);
    const entries = readdirSync(CACHE).filter((f) => f.endsWith('.json'));
    if (entries.length > KEPT) {
      const byAge = entries.map((f) => ({ f, at: statSync(join(CACHE, f)).mtimeMs })).sort((a, b) => a.at - b.at);
      for (const { f } of byAge.slice(0, entries.length - KEPT / 2)) unlinkSync(join(CACHE, f));
    }
  } catch (e) {
    // (No cache where the folder cannot be written, or another process pruned it meanwhile.)
  }
}
