// A board wired by the book (wiring.md) works: the shipped bundles read the
// levels the documented circuits give, and every call the docs show is the
// real API.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildGame } from '../tools/build';
import { ROOT } from '../tools/games';
import { bootInSandbox } from '../tools/espruino-sandbox';

/** What the board told a connected phone, as parsed lines. */
function told(sandbox: ReturnType<typeof bootInSandbox>): { type: string; [k: string]: unknown }[] {
  const text = sandbox.said();
  return text.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
}

describe('wiring: the bundles read the levels of the circuits wiring.md shows', function () {
  this.timeout(120000);

  it('triangle: a point covered by the white chip lights its phototransistor, whose 74HC14 output (the pin) goes high; a flick scores', async () => {
    const bundle = await buildGame('triangle');
    // Nothing covered: every phototransistor dark, pulled up, so every 74HC14 output is low.
    const pins: Record<string, number> = {};
    const sandbox = bootInSandbox(bundle.min, { pins });
    sandbox.emit('NRF', 'connect', 'phone');
    sandbox.advance(1500);
    // A chip placed on A's start spot (D11, channel 0), flicked along A→B, and resting over B's line (even D16 and over D17).
    pins.D11 = 1;
    sandbox.advance(500);
    pins.D11 = 0;
    sandbox.advance(80);
    pins.D16 = pins.D17 = 1;
    sandbox.advance(2000);
    assert.deepEqual(sandbox.errors, []);
    const said = told(sandbox);
    assert.deepEqual(said.filter((m) => m.type === 'fault'), [], 'no fault on a board wired by the book');
    assert.deepEqual(said.filter((m) => m.type === 'score').map((m) => m.rule !== undefined && m.player), [0], 'the flick scored for player 0');
  });

  it('ringapeg: a broken beam pulls its 74HC165 input low, and the chain is read from /QH: 1; a ring snapped over a peg scores', async () => {
    const bundle = await buildGame('ringapeg');
    const chain = [0, 0, 0, 0];
    const sandbox = bootInSandbox(bundle.min, { chain });
    sandbox.emit('NRF', 'connect', 'phone');
    sandbox.advance(1500);
    // Peg o1: its top gate (channel 0), then its low gate (channel 1), then both clear.
    for (const byte of [1, 3, 2, 0]) {
      chain[0] = byte;
      sandbox.advance(5);
    }
    sandbox.advance(2000);
    assert.deepEqual(sandbox.errors, []);
    const said = told(sandbox);
    assert.deepEqual(said.filter((m) => m.type === 'fault'), []);
    assert.equal(said.filter((m) => m.type === 'score').length, 1, 'the ring scored');
  });
});

describe('wiring: every call the docs show is the real API', function () {
  this.timeout(60000);

  /** The names a snippet may use beside the project's exports, as the pages mean them. */
  const PLACEHOLDERS = [
    "import type { DigitalBank, Radio } from '" + join(ROOT, 'hal', 'types') + "';",
    "import type { RingapegState } from '" + join(ROOT, 'firmware', 'games', 'ringapeg', 'rules') + "';",
    'declare const banks: DigitalBank[], radio: Radio, state: RingapegState;',
    'declare const passkey: string, message: string;',
  ];

  /**
   * Espruino's own API (its types, and what the interpreter has beside them: the docs quote it, it is not
   * ours to check) and JavaScript's.
   */
  function foreignNames(): Set<string> {
    const types = readFileSync(join(ROOT, 'node_modules', '@types', 'espruino', 'index.d.ts'), 'utf8') + readFileSync(join(ROOT, 'hal', 'espruino', 'globals.d.ts'), 'utf8');
    return new Set([...Array.from(types.matchAll(/declare (?:function|class|const|var|let|namespace) ([A-Za-z_$][\w$]*)/g), (m) => m[1]),
      'process', 'setTimeout', 'quit', 'Error', 'Math', 'Object', 'JSON', 'Uint8Array', 'super']);
  }

  /** Every inline code span of the user docs that is a call of something not Espruino's or JavaScript's, with where it is. */
  function snippets(): { where: string; code: string }[] {
    const pages = ['README.md', 'wiring.md', ...readdirSync(join(ROOT, 'docs'), { recursive: true }).map((f) => join('docs', String(f))).filter((f) => f.endsWith('.md'))];
    const found: { where: string; code: string }[] = [];
    const foreign = foreignNames();
    for (const page of pages) {
      readFileSync(join(ROOT, page), 'utf8').split('\n').forEach((line, i) => {
        for (const m of line.matchAll(/`([^`]+)`/g)) {
          const call = m[1].match(/^(?:new\s+)?([A-Za-z_$][\w$]*)[\w$.]*\(.*\)$/);
          if (call && !foreign.has(call[1])) found.push({ where: `${page}:${i + 1}`, code: m[1] });
        }
      });
    }
    return found;
  }

  it('each type-checks against the project\'s exports and Espruino\'s globals', () => {
    const found = snippets();
    for (const driver of ['gpioBank(', 'pinBank(', 'shiftChain(']) assert.ok(found.some((s) => s.code.startsWith(driver)), `${driver}…) is shown (found ${found.length} calls)`);
    // The project's exports, from the modules that run on a board.
    const exports: Record<string, string> = {};
    const walk = (dir: string): void => {
      for (const f of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
        const path = join(dir, f.name);
        if (f.isDirectory()) walk(path);
        else if (f.name.endsWith('.ts') && !f.name.endsWith('.d.ts')) {
          for (const m of readFileSync(join(ROOT, path), 'utf8').matchAll(/^export (?:function|const) ([A-Za-z_$][\w$]*)/gm)) exports[m[1]] ??= path.slice(0, -3);
        }
      }
    };
    walk('firmware');
    walk('hal');
    const used = new Set(found.map((s) => s.code.match(/^(?:new\s+)?([A-Za-z_$][\w$]*)/)![1]));
    const lines = [
      ...Object.keys(exports).filter((name) => used.has(name)).map((name) => `import { ${name} } from '${join(ROOT, exports[name])}';`),
      ...PLACEHOLDERS,
    ];
    const first = lines.length;
    // One line a snippet; "…" (more of the same) is left out.
    found.forEach((s, i) => lines.push(`export const snippet${i} = ${s.code.replace(/,?\s*…/g, '')};`));
    const dir = mkdtempSync(join(tmpdir(), 'tallyboard-snippets-'));
    try {
      writeFileSync(join(dir, 'snippets.ts'), lines.join('\n') + '\n');
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
        extends: join(ROOT, 'tsconfig.device.json'),
        compilerOptions: { typeRoots: [join(ROOT, 'node_modules', '@types')], noUnusedLocals: false },
        files: ['snippets.ts', join(ROOT, 'hal', 'espruino', 'globals.d.ts')],
        include: [],
      }));
      const run = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { encoding: 'utf8' });
      const problems = (run.stdout + run.stderr).split('\n').map((l) => l.match(/snippets\.ts\((\d+),\d+\): (.*)/)).filter((m) => m !== null)
        .map((m) => {
          const s = found[+m![1] - 1 - first];
          return s ? `${s.where}: ${s.code}: ${m![2]}` : m![0];
        });
      assert.deepEqual(problems, []);
      assert.equal(run.status, 0, run.stdout + run.stderr);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
