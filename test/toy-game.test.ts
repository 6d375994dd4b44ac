// A new game is one folder: a toy third game, written into firmware/games/
// for this test only (and removed after it, whatever happens), is found by the
// registry, built into a bundle that passes the gate, played by the replay,
// and booted, with no other file of the project touched.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildGame } from '../tools/build';
import type { BuiltBundle } from '../tools/build';
import { espruinoGlobals } from '../tools/es5';
import { checkBundle } from '../tools/gate';
import { BUNDLE_BUDGET_BYTES, ROOT } from '../tools/games';
import { gameDir, gameIds } from '../firmware/games/registry';
import { bootInEspruino } from '../tools/espruino-run';
import { bootInSandbox } from '../tools/espruino-sandbox';
import { needsEspruino } from './real-interpreter';

/** A name no real game has: the folder is made and removed by this test. */
const TOY = 'toytest';

/**
 * The toy's whole firmware, in the GameModule shape (firmware/game.ts): two
 * contacts on D3 and D4 (a pin-array bank, the driver no shipped board uses),
 * one move, `hit`, that the sensors
 * make (a closed contact n + 1 scores n + 1 for the player to play) and a
 * phone may send as a command of the same name.
 */
const INDEX = `// A toy game for test/toy-game.test.ts.
import type { GameModule } from '../../game';
import { EDGE } from '../../sensing';

interface ToyState { s: number[]; p: number }
interface ToyMove { k: string; n: number }

export const game: GameModule<ToyState, ToyMove> = {
  id: '${TOY}',
  code: 200,
  board: {
    channels: 2,
    sensors: [{ name: 'toy.a', ch: 0, kind: 'contact' }, { name: 'toy.b', ch: 1, kind: 'contact' }],
    // D3 and D4, contacts to GND with the pull-ups: closed reads 0, so both bits are inverted.
    banks: [{ kind: 'pins', pins: [3, 4], mode: 'input_pullup', invert: 3 }],
  },
  pollMs: 5,
  setup: function (config) {
    const s: number[] = [];
    for (let i = 0; i < config.players; i++) s.push(0);
    return { s: s, p: 0 };
  },
  moves: {
    hit: function (state, move) {
      const s = state.s.slice();
      s[state.p] += move.n;
      return { state: { s: s, p: (state.p + 1) % s.length }, changes: [{ player: state.p, points: move.n, rule: 'X1' }] };
    },
  },
  commands: 'hit,!n:int 1..9',
  scores: function (state) { return state.s; },
  turn: function (state) { return state.p; },
  winner: function () { return null; },
  interpreter: function (emit) {
    return {
      sense: function (kind, ch, level) { if (kind === EDGE && level) emit({ k: 'hit', n: ch + 1 }); },
      tick: function () {},
    };
  },
  layout: function (state) { return state.s.join(' '); },
  fields: function () { return {}; },
};
`;

/** Two contacts closed and opened, then the phone's command: player 0 scores 1 (toy.a), player 1 scores 2 (toy.b), player 0 scores 3 (the command). */
const SCENARIO = [
  { game: TOY, players: 2 },
  { t: 100, set: { 'toy.a': 1 } },
  { t: 200, set: { 'toy.a': 0 } },
  { t: 300, raw: [{ ch: 1, level: 1 }] },
  { t: 400, raw: [{ ch: 1, level: 0 }] },
  { t: 500, phone: { cmd: 'hit', n: 3 } },
].map((line) => JSON.stringify(line)).join('\n') + '\n';

describe('a toy third game, from its folder alone', function () {
  this.timeout(120000);
  const dir = gameDir(TOY);
  let bundle: BuiltBundle;

  before(() => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.ts'), INDEX);
  });
  // Mocha runs after() whatever the tests and before() did.
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the registry lists it', async () => {
    assert.ok((await gameIds()).includes(TOY));
  });

  it('the build makes its bundle, under budget, through the gate, with only the bank driver its board uses', async () => {
    bundle = await buildGame(TOY);
    assert.ok(bundle.stored.length <= BUNDLE_BUDGET_BYTES, `${bundle.stored.length} bytes stored`);
    for (const code of [bundle.min, bundle.debug]) assert.deepEqual(checkBundle(code, espruinoGlobals()).map((p) => `${p.line}:${p.column}: ${p.message}`), []);
    assert.match(bundle.min, /digitalRead\([\w$]+\)\^/, 'the pin array');
    assert.doesNotMatch(bundle.min, /peek32/, 'no GPIO register bank');
    assert.doesNotMatch(bundle.min, /new SPI\b/, 'no shift-register chain');
  });

  it('the replay plays a scenario of it: sensors and a phone command score', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'bin', 'tallyboard.js'), 'replay', '-'], { input: SCENARIO, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const lines = run.stdout.trim().split('\n').map((l) => JSON.parse(l));
    const scores = lines.filter((l) => l.phone && l.phone.type === 'score').map((l) => [l.phone.player, l.phone.points]);
    assert.deepEqual(scores, [[0, 1], [1, 2], [0, 3]]);
    assert.deepEqual(lines[lines.length - 1].final.scores, [4, 2]);
  });

  it('its bundle boots with Espruino\'s globals stubbed, and a contact closed on D3 scores', () => {
    const pins: Record<string, number> = { D3: 1, D4: 1 };
    const sandbox = bootInSandbox(bundle.min, { pins });
    sandbox.emit('NRF', 'connect', 'phone');
    sandbox.advance(1500);
    pins.D3 = 0;
    sandbox.advance(100);
    pins.D3 = 1;
    sandbox.advance(1000);
    assert.deepEqual(sandbox.errors, []);
    const said = sandbox.said();
    assert.match(said, /"type":"score","player":0,"points":1/);
  });

  it('its bundle boots in the real interpreter (when ESPRUINO is set)', function () {
    needsEspruino(this, 'boot the toy\'s bundle in');
    const report = bootInEspruino(bundle.stored, { boot0: readFileSync(join(ROOT, 'tools', 'espruino-linux-stubs.js'), 'utf8'), settleMs: 500 });
    assert.deepEqual(report.errors, []);
  });
});
