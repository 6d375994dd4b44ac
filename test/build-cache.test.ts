// The build's cache (tools/build-cache.ts): code built before from the same
// source is read back, and anything else is built afresh. Each test builds a
// small entry of its own, spelt with a mark no other build has, and finds its
// entry in the cache by that mark.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDeviceCode } from '../tools/es5';
import { ROOT } from '../tools/games';

const CACHE = join(ROOT, 'node_modules', '.cache', 'tallyboard-build');

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
});
