// Sensor faults during play (issue 7): stuck, chattering and silent sensors
// are reported once each while the game goes on.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CHATTER, CHATTER_PER_CHECK, NEVER, NEVER_MOVES, STUCK, STUCK_MOVES, watchFaults } from '../firmware/faults';
import { replay } from '../sim/replay';

/** A scanner stand-in: levels and raw change counts set by the test. */
function counts(channels: number) {
  const level = new Array(channels).fill(0);
  const raw = new Array(channels).fill(0);
  return { level, raw, scanner: { level: (ch: number) => level[ch], rawChanges: (ch: number) => raw[ch] } };
}

describe('sensor faults: the check', () => {
  // [what, per check: [moves, levels, raw counts], expected reports as "check:ch:fault"]
  const table: [string, [number, number[], number[]][], string[]][] = [
    ['a quiet board reports nothing', [[0, [0, 0], [0, 0]], [5, [0, 0], [4, 2]], [9, [0, 0], [8, 2]]], []],
    ['a sensor active through STUCK_MOVES moves is stuck, once', [
      [0, [1, 0], [1, 0]], [1, [1, 0], [1, 0]], [STUCK_MOVES - 1, [1, 0], [1, 0]], [STUCK_MOVES, [1, 0], [1, 0]], [STUCK_MOVES + 5, [1, 0], [1, 0]],
    ], [`3:0:${STUCK}`]],
    ['a sensor released before STUCK_MOVES moves is not stuck', [
      [0, [1, 0], [1, 0]], [STUCK_MOVES - 1, [1, 0], [1, 0]], [STUCK_MOVES, [0, 0], [2, 0]], [STUCK_MOVES + 1, [1, 0], [3, 0]],
    ], []],
    ['CHATTER_PER_CHECK raw changes in one check is chatter, once', [
      [0, [0, 0], [0, 0]], [0, [0, 0], [0, CHATTER_PER_CHECK - 1]], [0, [0, 0], [0, 2 * CHATTER_PER_CHECK - 1]], [1, [0, 0], [0, 9 * CHATTER_PER_CHECK]],
    ], [`2:1:${CHATTER}`]],
    ['a sensor that never changed in NEVER_MOVES moves is reported, once', [
      [NEVER_MOVES - 1, [0, 0], [6, 0]], [NEVER_MOVES, [0, 0], [6, 0]], [NEVER_MOVES + 9, [0, 0], [6, 0]],
    ], [`1:1:${NEVER}`]],
  ];
  for (const [what, checks, expected] of table) {
    it(what, () => {
      const c = counts(2);
      const check = watchFaults(c.scanner, 2);
      const reports: string[] = [];
      checks.forEach(([moves, levels, raw], i) => {
        levels.forEach((l, ch) => { c.level[ch] = l; });
        raw.forEach((r, ch) => { c.raw[ch] = r; });
        check(moves, (ch, fault) => reports.push(`${i}:${ch}:${fault}`));
      });
      assert.deepEqual(reports, expected);
    });
  }
});

describe('sensor faults: in a game on the simulator', () => {
  const game = readFileSync('scenarios/triangle-game.jsonl', 'utf8').trim().split('\n');
  const run = (extra: object[]) => {
    const lines = [game[0], ...extra.map((l) => JSON.stringify(l)), ...game.slice(1)];
    // Keep time order: the injected lines go where their t belongs.
    const sorted = [lines[0], ...lines.slice(1).map((l) => JSON.parse(l)).sort((a, b) => a.t - b.t).map((l) => JSON.stringify(l))];
    return replay(sorted.join('\n')).lines.map((l) => JSON.parse(l));
  };

  it('a sensor stuck active is reported once, shown as Err and its channel, and the board keeps scoring', () => {
    // tri.C.beyond (channel 11) stuck covered from 20 s on: no chip rests on it through three flicks.
    const out = run([{ t: 20000, raw: [{ ch: 11, level: 1 }] }]);
    const faults = out.filter((l) => l.phone && l.phone.type === 'fault');
    assert.deepEqual(faults.map((l) => l.phone), [{ type: 'fault', fault: 'stuck', ch: 11, sensor: 'tri.C.beyond' }]);
    assert.ok(out.some((l) => l.display === 'Err 11' && l.t >= faults[0].t), 'the display names the channel');
    // The board keeps scoring (flicks towards C now read as beyond: the referee corrects them with fix or undo).
    assert.ok(out.filter((l) => l.phone && l.phone.type === 'score' && l.t > faults[0].t).length > 10, 'scores after it');
  });

  it('a chattering sensor is reported once, and scoring goes on', () => {
    const chatter: object[] = [];
    for (let t = 30001; t < 32000; t += 20) chatter.push({ t, raw: [{ ch: 5, level: 1 }] }, { t: t + 10, raw: [{ ch: 5, level: 0 }] });
    const out = run(chatter);
    const faults = out.filter((l) => l.phone && l.phone.type === 'fault').map((l) => l.phone);
    assert.deepEqual(faults, [{ type: 'fault', fault: 'chatter', ch: 5, sensor: 'tri.B.even' }]);
    assert.ok(out.filter((l) => l.phone && l.phone.type === 'score' && l.t > 32000).length > 10, 'scores after it');
  });

  it('a clean game reports no fault', () => {
    assert.equal(run([]).filter((l) => l.phone && l.phone.type === 'fault').length, 0);
  });
});

describe('sensor faults: a sensor that never fires, on the simulator', () => {
  it('a disconnected sensor is reported as never after NEVER_MOVES sensed moves, and the game goes on', async () => {
    // (A beyond point sees a chip only on overshoots: even so, in 150 flicks it should have fired.)
    const { Simulation, parseScenario } = await import('../sim/replay');
    const sim = new Simulation(parseScenario(readFileSync('scenarios/triangle-exact.jsonl', 'utf8')));
    // tri.C.beyond (channel 11) disconnected: its input always reads inactive.
    const inputs = sim.hal.inputs;
    const read = inputs.readBank.bind(inputs);
    inputs.readBank = (b: number) => read(b) & ~(1 << 11);
    sim.runToEnd();
    const out = sim.out.map((l) => JSON.parse(l));
    const faults = out.filter((l) => l.phone && l.phone.type === 'fault').map((l) => l.phone);
    assert.deepEqual(faults, [{ type: 'fault', fault: 'never', ch: 11, sensor: 'tri.C.beyond' }]);
    assert.ok(out.filter((l) => l.phone && l.phone.type === 'score').length > NEVER_MOVES, 'scoring went on');
  });
});
