// The build's cache (tools/build-cache.ts): code built before from the same
// source is read back, and anything else is built afresh. Each test builds a
// small entry of its own, spelt with a mark no other build has, and finds its
// entry in the cache by that mark.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheFolder, toolchainPrint } from '../tools/build-cache';
import { ALL_FEATURES, buildDeviceCode } from '../tools/es5';
import { ROOT } from '../tools/games';

const CACHE = cacheFolder(ROOT);

/** A small entry, marked `mark`: it uses a property the build shortens (`radio`), so its names are not empty. */
function entry(mark: string, more = '') {
  return { source: `declare const print: (s: unknown) => void;\nconst o = { radio: '${mark}' };\nprint(o.radio);\n${more}`, dir: ROOT };
}

/** The cache's files that hold `mark`. */
function entriesOf(mark: string): string[] {
  return existsSync(CACHE) ? readdirSync(CACHE).filter((f) => f.endsWith('.json') && readFileSync(join(CACHE, f), 'utf8').includes(mark)).map((f) => join(CACHE, f)) : [];
}

describe('the build cache', () => {
  const mark = `cache-mark-${process.pid}-${Date.now()}`;
  after(() => entriesOf(mark).forEach((f) => unlinkSync(f)));

  it('a build of the same source reads back what was built, names included; an entry cut short is built again, the same', async () => {
    const first = await buildDeviceCode(entry(mark));
    assert.ok(first.min.includes(mark), first.min);
    assert.ok(first.names.size > 0, 'the entry has shortened names');
    const [file] = entriesOf(mark);
    assert.ok(file, 'its build is kept');
    // Read back: what is kept is what the next build gives (changed here, to tell it from a build afresh).
    const kept = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...kept, min: kept.min + '/*read back*/' }));
    const again = await buildDeviceCode(entry(mark));
    assert.equal(again.min, first.min + '/*read back*/');
    assert.deepEqual([again.debug, again.stored, again.names, again.shared, again.calls], [first.debug, first.stored, first.names, first.shared, first.calls]);
    // Cut short (a process stopped as it wrote, or a disk full): no cache, a build afresh.
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, 40));
    assert.deepEqual(await buildDeviceCode(entry(mark)), first);
  });

  it('a changed source, or the same source built otherwise, is built afresh', async () => {
    const first = await buildDeviceCode(entry(mark));
    for (const f of entriesOf(mark)) writeFileSync(f, JSON.stringify({ ...JSON.parse(readFileSync(f, 'utf8')), min: 'stale' }));
    const changed = await buildDeviceCode(entry(mark, 'print(2);\n'));
    assert.notEqual(changed.min, 'stale');
    assert.match(changed.min, /print\(2\)/);
    // The same source with another property shortened: other names, another build.
    const otherwise = await buildDeviceCode(entry(mark), { settleGroups: true, bankKinds: ['gpio'], internalProperties: ['nowhere'] });
    assert.notEqual(otherwise.min, 'stale');
    assert.equal(otherwise.min, first.min);
  });

  it('a module whose constants are written in place at no limit (NaN, Infinity) is not the one with none written', async () => {
    // (Hostile: JSON writes NaN and Infinity as null, as it writes undefined, and the key was the arguments' JSON.)
    const module = { source: `declare let MODULE_EXPORTS: unknown;\nconst n = 123456789;\nMODULE_EXPORTS = function (r: number, a: number) { return '${mark}' + (r * n + a * n - n); };\n`, dir: ROOT, moduleExports: 'MODULE_EXPORTS' };
    const none = await buildDeviceCode(module, ALL_FEATURES, undefined, undefined, undefined);
    assert.match(none.min, /123456789/);
    for (const most of [NaN, Infinity]) {
      const all = await buildDeviceCode(module, ALL_FEATURES, undefined, undefined, most);
      assert.notEqual(all.min, none.min, `inPlace ${most}`);
      assert.equal(all.min.split('123456789').length - 1, 3, `inPlace ${most}: each use written in place`);
    }
  });
});

describe("the build cache's print of the build's own code and tools", () => {
  let root: string;
  /** A package in the folder's node_modules (`under`: a package's own node_modules), at `version`, depending on `deps`. */
  const pkg = (under: string, name: string, version: string, deps: Record<string, string> = {}) => {
    mkdirSync(join(under, 'node_modules', name), { recursive: true });
    writeFileSync(join(under, 'node_modules', name, 'package.json'), JSON.stringify({ name, version, dependencies: deps }));
  };
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'tallyboard-print-'));
    mkdirSync(join(root, 'tools'));
    mkdirSync(join(root, 'firmware'));
    writeFileSync(join(root, 'tools', 'es5.ts'), 'export const a = 1;\n');
    writeFileSync(join(root, 'firmware', 'modules.ts'), "export const MODULE_ARGUMENT = '$';\n");
    pkg(root, 'terser', '5.0.0', { 'source-map': '^0.7.0' });
    pkg(root, 'source-map', '0.7.0');
    pkg(root, 'espruino', '0.1.67');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('changes with the build code, the pretokeniser\'s package, and a package a tool depends on, hoisted or nested', () => {
    const first = toolchainPrint(root);
    assert.equal(toolchainPrint(root), first, 'the same folder, the same print');
    const changes: [string, () => void][] = [
      ['a tools/ file', () => writeFileSync(join(root, 'tools', 'es5.ts'), 'export const a = 2;\n')],
      ['firmware/modules.ts', () => writeFileSync(join(root, 'firmware', 'modules.ts'), "export const MODULE_ARGUMENT = '_';\n")],
      ['espruino (the pretokeniser) bumped', () => pkg(root, 'espruino', '0.1.99')],
      ["terser's dependency bumped, hoisted", () => pkg(root, 'source-map', '0.7.1')],
      ["terser's dependency nested in terser's own node_modules", () => pkg(join(root, 'node_modules', 'terser'), 'source-map', '0.6.1')],
    ];
    let before = first;
    for (const [what, change] of changes) {
      change();
      const now = toolchainPrint(root);
      assert.notEqual(now, before, what);
      before = now;
    }
  });
});
