// The tallyboard command installed as a package, as a user gets it: `npm pack`,
// installed into an empty folder (offline, from npm's cache, through a lock
// made from the project's own), and each command run there, in a folder whose
// own tsconfig.json would break the TypeScript runner if it were read.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import { ROOT } from '../tools/games';
import { replay } from '../sim/replay';
import { pretokenise } from '../tools/tokenise';
import { bundle, toEs5 } from '../tools/es5';
import { entrySource } from '../tools/build';
import { cacheFolder } from '../tools/build-cache';
import { createSandbox } from '../tools/espruino-sandbox';

/** A folder's tsconfig.json that breaks the firmware's classes when tsx takes it (class fields defined, not assigned). */
const HOSTILE_TSCONFIG = JSON.stringify({ compilerOptions: { useDefineForClassFields: true, target: 'es2022', module: 'commonjs' } });

/** The project's lock, made the lock of a folder that depends only on the packed tarball `tgz`: npm ci then needs no registry. */
function lockFor(tgz: string): { packageJson: object; lock: object } {
  const projectLock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const root = projectLock.packages[''];
  const dependencies = { tallyboard: 'file:' + tgz };
  const packages: Record<string, unknown> = {
    '': { name: 'installed', version: '1.0.0', dependencies },
    'node_modules/tallyboard': { version: root.version, resolved: 'file:' + tgz, license: root.license, dependencies: root.dependencies, bin: root.bin, engines: root.engines },
  };
  for (const [path, entry] of Object.entries(projectLock.packages as Record<string, { dev?: boolean }>)) if (path && !entry.dev) packages[path] = entry;
  return {
    packageJson: { name: 'installed', version: '1.0.0', private: true, dependencies },
    lock: { name: 'installed', version: '1.0.0', lockfileVersion: 3, requires: true, packages },
  };
}

describe('tallyboard run from another folder of the checkout', () => {
  it('lowers code to ES5 from any working folder (Babel finds its plugins in the project, not where it runs)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tallyboard-cwd-'));
    const here = process.cwd();
    try {
      process.chdir(dir);
      assert.match(await toEs5('for (const x of [1]) { let y = () => x; }'), /var /);
    } finally {
      process.chdir(here);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('bundles the same from any working folder: the paths in its comments are the project\'s (a build there reads the project\'s back from the cache)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tallyboard-cwd-'));
    // (In a process started there: esbuild's service takes its working folder once, at its first build.)
    const code = `import { bundle } from ${JSON.stringify(join(ROOT, 'tools', 'es5.ts'))};\n`
      + `import { entrySource } from ${JSON.stringify(join(ROOT, 'tools', 'build.ts'))};\n`
      + `process.stdout.write(await bundle({ source: entrySource('triangle'), dir: ${JSON.stringify(ROOT)} }));\n`;
    try {
      const r = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), '--input-type=module', '-e', code], { cwd: dir, encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      const fromProject = await bundle({ source: entrySource('triangle'), dir: ROOT });
      assert.match(fromProject, /^\/\/ firmware\/device\.ts$/m);
      assert.equal(r.stdout, fromProject);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("replays as it does from the project's own folder, whatever tsconfig.json the folder has", () => {
    const dir = mkdtempSync(join(tmpdir(), 'tallyboard-elsewhere-'));
    try {
      writeFileSync(join(dir, 'tsconfig.json'), HOSTILE_TSCONFIG);
      const scenario = join(ROOT, 'scenarios', 'ringapeg-advance.jsonl');
      const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'tallyboard.js'), 'replay', scenario], { cwd: dir, encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout, replay(readFileSync(scenario, 'utf8')).lines.join('\n') + '\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('tallyboard installed as a package', function () {
  this.timeout(180000);
  let dir: string;
  /** The installed package's build cache (under its own folder, as the project's under its). */
  const installedCache = () => cacheFolder(join(dir, 'node_modules', 'tallyboard'));
  const run = (args: string[], input?: string) =>
    spawnSync(join(dir, 'node_modules', '.bin', 'tallyboard'), args, { cwd: dir, encoding: 'utf8', input, timeout: 120000 });

  before(function () {
    dir = mkdtempSync(join(tmpdir(), 'tallyboard-installed-'));
    const pack = spawnSync('npm', ['pack', '--pack-destination', dir, '--json'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(pack.status, 0, pack.stderr);
    const tgz = (JSON.parse(pack.stdout) as { filename: string }[])[0].filename;
    const { packageJson, lock } = lockFor(tgz);
    writeFileSync(join(dir, 'package.json'), JSON.stringify(packageJson, null, 2));
    writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lock, null, 2));
    writeFileSync(join(dir, 'tsconfig.json'), HOSTILE_TSCONFIG);
    const install = spawnSync('npm', ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, encoding: 'utf8' });
    if (install.status !== 0 && /ENOTCACHED/.test(install.stderr)) {
      console.log('      skipped: npm\'s cache lacks packages the install needs, and it installs offline (run npm ci once online)');
      this.skip();
    }
    assert.equal(install.status, 0, install.stderr);
  });
  after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

  it('help, replay (of a file and of standard input) and a bad command line', () => {
    assert.match(run(['--help']).stdout, /^usage: tallyboard COMMAND[\s\S]*replay[\s\S]*flash[\s\S]*build[\s\S]*hub/);
    const scenario = join(dir, 'node_modules', 'tallyboard', 'scenarios', 'triangle-game.jsonl');
    const expected = replay(readFileSync(scenario, 'utf8')).lines.join('\n') + '\n';
    const fromFile = run(['replay', scenario]);
    assert.equal(fromFile.status, 0, fromFile.stderr);
    assert.equal(fromFile.stdout, expected);
    assert.equal(run(['replay', '-'], readFileSync(scenario, 'utf8')).stdout, expected);
    const bad = run(['replay']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^tallyboard: replay takes one scenario file/);
  });

  // (Before the build's test: the installed package's first build, from a cache still empty, is this one, so that
  // lowering, minifying and pretokenising are run there for real at least once.)
  it('flash --out builds the game from the sources (nothing built before) and writes the upload file with no board; --dry-run shows the espruino command', () => {
    assert.ok(!existsSync(installedCache()), 'nothing built yet in the installed package');
    const r = run(['flash', '--game', 'triangle', '--out', 'triangle.upload.js']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^wrote triangle\.upload\.js \(\d+ bytes\)/m);
    const sandbox = createSandbox();
    vm.runInContext(readFileSync(join(dir, 'triangle.upload.js'), 'utf8'), sandbox.context);
    const built = join(dir, 'node_modules', 'tallyboard', 'dist', 'triangle.js');
    assert.ok(existsSync(built));
    assert.equal(sandbox.storage['.bootcde'], pretokenise(readFileSync(built, 'utf8')));
    assert.ok(existsSync(installedCache()), 'the build kept for the next, in the installed package');
    const dry = run(['flash', '--game', 'triangle', '--dry-run']);
    assert.equal(dry.status, 0, dry.stderr);
    assert.match(dry.stdout, /^over a serial port: npx espruino --port PORT --no-ble /m);
  });

  it('build: every bundle, exit 1 for one over the stored budget unless --allow-over', () => {
    // (Built here as the project's own build left them: the same sources and tools, so the installed command reads
    // them back from its cache as it would its own, where four bundles built afresh took some 15 s of the suite.)
    if (existsSync(cacheFolder(ROOT))) cpSync(cacheFolder(ROOT), installedCache(), { recursive: true });
    const r = run(['build']);
    const rows = r.stdout.trim().split('\n').slice(1).map((l) => l.split(/\s+/));
    assert.ok(rows.length >= 4, r.stdout + r.stderr);
    const over = rows.filter(([, , stored, budget]) => +stored > +budget).map(([game]) => game);
    assert.equal(r.status, over.length ? 1 : 0, r.stderr);
    assert.deepEqual(r.stderr.split('\n').filter(Boolean).map((l) => /^tallyboard: error: (\w+) is \d+ bytes stored, \d+ over the stored budget of 16384 bytes a game/.exec(l)?.[1]), over);
    if (over.length) {
      // Built again with --allow-over: the same bundles reported, not an error.
      const allowed = run(['build', '--allow-over']);
      assert.equal(allowed.status, 0, allowed.stderr);
      assert.deepEqual(allowed.stderr.split('\n').filter(Boolean).map((l) => /^tallyboard: (\w+) is \d+ bytes stored, .* \(allowed by --allow-over\)$/.exec(l)?.[1]), over);
    } else {
      // None over: a second build would show nothing new. The flag is still read: with a word it does not take, the
      // command line is refused (exit 2) before anything is built.
      const bad = run(['build', '--allow-over', '--bogus']);
      assert.equal(bad.status, 2, bad.stderr);
      assert.equal(bad.stdout, '');
      assert.match(bad.stderr, /^tallyboard: build takes only --allow-over \(got --allow-over --bogus\)\nusage: tallyboard build \[--allow-over\]/);
    }
  });

  it('hub: its help, and a bad broker address is exit 2', () => {
    assert.match(run(['hub', '--help']).stdout, /^usage: tallyboard hub --mqtt/);
    const bad = run(['hub', '--mqtt', 'nope://x']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^tallyboard: --mqtt: nope:\/\/x is not a broker address/);
  });
});
