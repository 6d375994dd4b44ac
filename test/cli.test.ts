// The tallyboard command and npm start, as a user meets them: real help,
// one plain line and exit 2 for a user's mistake, never a stack trace.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../tools/games';
import { BENCHES, benches, chosen } from '../tools/bench';

const cli = join(ROOT, 'bin', 'tallyboard.js');
const start = join(ROOT, 'sim', 'start.ts');
const tallyboard = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: ROOT });
const npmStart = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', start, ...args], { encoding: 'utf8', cwd: ROOT });

describe('command line', function () {
  this.timeout(60000);
  let dir: string;
  before(() => { dir = mkdtempSync(join(tmpdir(), 'tallyboard-cli-')); });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const helps: [string[], RegExp][] = [
    [['--help'], /^usage: tallyboard COMMAND[\s\S]*replay[\s\S]*flash[\s\S]*build[\s\S]*hub/],
    [['help'], /^usage: tallyboard COMMAND/],
    [['help', '--help'], /^usage: tallyboard COMMAND/],
    [['help', 'flash'], /^usage: tallyboard flash[\s\S]*--dry-run/],
    [['replay', '--help'], /^usage: tallyboard replay FILE/],
    [['build', '--help'], /^usage: tallyboard build/],
    [['flash', '--help'], /^usage: tallyboard flash/],
    [['hub', '--help'], /^usage: tallyboard hub --mqtt mqtt:\/\/HOST[\s\S]*--config FILE/],
  ];
  for (const [args, text] of helps) {
    it(`tallyboard ${args.join(' ')}: the help, exit 0`, () => {
      const r = tallyboard(...args);
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, text);
    });
  }

  it('npm start -- --help: the help, exit 0', () => {
    const r = npmStart('--help');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^usage: npm start/);
  });

  /** One line on standard error, exit 2, no stack trace. */
  function oneLine(r: ReturnType<typeof spawnSync>, message: RegExp): void {
    const stderr = String(r.stderr);
    assert.equal(r.status, 2, stderr);
    assert.match(stderr, message);
    assert.equal(stderr.trim().split('\n').length, 1, stderr);
    assert.doesNotMatch(stderr, /\n\s+at /);
  }

  it('a missing scenario file, or a folder, is one line and exit 2 (replay and npm start)', () => {
    oneLine(tallyboard('replay', join(dir, 'nope.jsonl')), /cannot read .*nope\.jsonl: no such file/);
    oneLine(tallyboard('replay', dir), /cannot read .*: it is a folder/);
    oneLine(npmStart(join(dir, 'nope.jsonl')), /cannot read .*nope\.jsonl: no such file/);
    oneLine(npmStart(dir), /it is a folder/);
  });

  it('npm start on a bad header names the line', () => {
    const file = join(dir, 'bad.jsonl');
    writeFileSync(file, '\n{"game":"triangle","players":0}\n');
    oneLine(npmStart(file), /bad\.jsonl:2: header "players"/);
  });

  it('scenario lines nested 5,000 deep are refused with the line, exit 2', () => {
    const file = join(dir, 'deep.jsonl');
    writeFileSync(file, '{"game":"triangle"}\n{"t":1,"phone":' + '{"a":'.repeat(5000) + '1' + '}'.repeat(5000) + '}\n');
    oneLine(tallyboard('replay', file), /deep\.jsonl:2: nested more than \d+ levels deep/);
  });

  it('flash --out into a missing folder is one line and exit 2', () => {
    oneLine(tallyboard('flash', '--game', 'triangle', '--out', join(dir, 'no', 'such', 'x.js')), /cannot write .*x\.js: no folder/);
  });

  it('output that stops being read (| head) ends quietly', () => {
    for (const command of [`"${process.execPath}" --import tsx "${start}" --fast`, `"${process.execPath}" "${cli}" replay scenarios/triangle-game.jsonl`]) {
      const r = spawnSync('sh', ['-c', `${command} | head -1`], { encoding: 'utf8', cwd: ROOT });
      assert.equal(r.status, 0);
      assert.equal(r.stderr, '', command);
      assert.equal(r.stdout.split('\n').length, 2);
    }
  });
});

describe('npm run bench: the default run and the long ones', () => {
  it('lists every benchmark of bench/, long ones marked; with no name it leaves the long ones out; a name that is none is exit 2', () => {
    const files = readdirSync(join(ROOT, 'bench')).filter((f) => f.endsWith('.bench.ts')).map((f) => f.replace('.bench.ts', '')).sort();
    assert.deepEqual(benches().map((b) => b.name).sort(), files);
    assert.ok(benches().every((b) => b.about && !b.about.startsWith('(not described')), 'every benchmark is described in tools/bench.ts');
    assert.ok(BENCHES.find((b) => b.name === 'power-sweep')?.long, 'the power-cut sweep is a long one');
    assert.deepEqual(chosen([]).map((b) => b.name), benches().filter((b) => !b.long).map((b) => b.name));
    assert.ok(!chosen([]).some((b) => b.name === 'power-sweep'));
    assert.deepEqual(chosen(['power-sweep']).map((b) => b.name), ['power-sweep']);
    // Words after a benchmark's name that name none are its own arguments.
    assert.deepEqual(chosen(['chaos', '2000']).map((b) => b.name), ['chaos']);
    const help = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'tools', 'bench.ts'), '--help'], { encoding: 'utf8', cwd: ROOT });
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^ {2}power-sweep +\(long\) /m);
    for (const name of files) assert.match(help.stdout, new RegExp(`^ {2}${name} `, 'm'));
    const bad = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'tools', 'bench.ts'), 'nope'], { encoding: 'utf8', cwd: ROOT });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^bench: no benchmark nope; they are: /);
  });
});
