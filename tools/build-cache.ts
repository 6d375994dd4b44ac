// Device code already built, kept by a hash of all that makes it: the bundled
// source, how it is built (the build's own code, and the name and version of
// every package the build runs, with the packages those depend on), and the
// build's arguments. Lowering and minifying take a second or two a bundle; a
// build of code built before (the tests build the same bundles many times, the
// command line at each flash) reads it back instead. A change to any of those
// builds afresh. An edit inside node_modules that keeps a package's version is
// not seen: `rm -rf node_modules/.cache/tallyboard-build` after one. Kept in
// node_modules/.cache/tallyboard-build, where tools keep their caches; a
// folder that cannot be written is no cache, not an error.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from './games';

/** Where the build of the project in folder `root` keeps what it built. */
export function cacheFolder(root: string): string {
  return join(root, 'node_modules', '.cache', 'tallyboard-build');
}

const CACHE = cacheFolder(ROOT);
/** Entries kept at most: past it, the older half goes (a source edited often leaves an entry for each version). */
const KEPT = 300;
/** The packages the build runs (tools/es5.ts, tools/tokenise.ts, tools/boot-only.ts); those they depend on are found from them. */
const TOOLS = ['esbuild', '@babel/core', '@babel/preset-env', '@babel/plugin-transform-for-of', 'terser', 'acorn', 'acorn-walk', '@types/espruino', 'espruino'];

/** The folder of package `name` as Node finds it from folder `from` (its node_modules, then each folder's above). */
function packageDir(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const there = join(dir, 'node_modules', name);
    if (existsSync(join(there, 'package.json'))) return there;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * A hash of the build's own code in project `root` (every file of tools/, and the module loader's names it writes
 * code for) and of the name and version of each package in TOOLS and of every package those depend on. The project's
 * is taken as the build's code is loaded, not at its first build: a tools/ file saved in between would have the code
 * loaded kept under the key of the code saved.
 */
export function toolchainPrint(root: string): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(join(root, 'tools')).filter((f) => /\.[cm]?[tj]s$/.test(f)).sort()) hash.update(name + '\0' + readFileSync(join(root, 'tools', name)) + '\0');
  hash.update(readFileSync(join(root, 'firmware', 'modules.ts')));
  const seen = new Set<string>();
  const packages: string[] = [];
  const add = (name: string, from: string) => {
    const dir = packageDir(name, from);
    if (!dir || seen.has(dir)) return;
    seen.add(dir);
    const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string; dependencies?: Record<string, string> };
    packages.push(`${name}@${json.version}`);
    for (const dep of Object.keys(json.dependencies || {})) add(dep, dir);
  };
  for (const name of TOOLS) add(name, root);
  hash.update(packages.sort().join('\0'));
  return hash.digest('hex');
}

const toolchain = toolchainPrint(ROOT);

/** The key of a build of `parts` (the bundled source and every argument that changes the result, as JSON). */
export function buildKey(parts: unknown[]): string {
  return createHash('sha256').update(toolchain).update(JSON.stringify(parts)).digest('hex');
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
