import assert from 'node:assert/strict';
import { createDiagnostics } from '../firmware/diag';
import type { WalkState } from '../firmware/sensing';
import { Scanner } from '../firmware/scan';
import { SimInputs } from '../sim/inputs';
import type { BoardDescription } from '../firmware/board';
import { fortressBoard } from '../firmware/games/fortress/board';
import { ringapegBoard } from '../firmware/games/ringapeg/board';
import { replay } from '../sim/replay';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';

const board: BoardDescription = {
  channels: 40,
  sensors: [
    { name: 'peg.o1', ch: 0, kind: 'contact' },
    { name: 'gate', ch: 1, kind: 'ir' },
    { name: 'far', ch: 35, kind: 'hall' },
  ],
};

function rig(on: BoardDescription = board) {
  const inputs = new SimInputs({ channels: 40, kinds: ['contact', 'ir'], seed: 3 });
  const scanner = new Scanner({ banks: inputs.banks, board: on, counts: true });
  /** The walk test's states told so far (progressed), each at the end of a scan tick. */
  const steps: WalkState[] = [];
  const diag = createDiagnostics(scanner, on, 0, (walk) => steps.push(walk), 100);
  const until = (end: number) => {
    for (let t = inputs.clock.now(); t <= end; t++) {
      inputs.advanceTo(t);
      scanner.poll(t);
      scanner.drain(diag);
      diag.tick(t);
    }
  };
  return { inputs, scanner, diag, steps, until };
}

type Report = {
  levels: string[]; walk: WalkState; stuck: string[]; never: string[];
  ch: [number, number, number, number][]; recent: number[][]; lost: number;
};

/** The channels set in a message's channel words, as docs/diagnostics.md defines them: channel c is bit c % 32 of word c / 32, a word 8 hex digits. */
function channelsIn(words: string[]): number[] {
  const out: number[] = [];
  words.forEach((w, i) => {
    assert.match(w, /^[0-9a-f]{8}$/);
    for (let b = 0; b < 32; b++) if (Math.floor(parseInt(w, 16) / 2 ** b) % 2) out.push(32 * i + b);
  });
  return out;
}

describe('diagnostics', () => {
  it('walk test: progress, the sensors still missing, and the display text', () => {
    const r = rig();
    assert.equal(r.diag.show(), 'd 0-3');
    r.until(4);
    assert.deepEqual(r.steps, [], 'told at the end of a scan tick that brought events, only');
    r.inputs.setExact(5, 2, 1); // a channel without a sensor
    r.until(8);
    assert.deepEqual(r.steps, [{ seen: 0, of: 3, missing: ['peg.o1', 'gate', 'far'], unseen: ['00000003', '00000008'], lost: 0 }], 'the start counts as a step');
    r.inputs.setExact(10, 1, 1);
    r.inputs.setExact(13, 1, 0);
    r.until(30);
    assert.deepEqual(r.steps.slice(1), [{ seen: 1, of: 3, missing: ['peg.o1', 'far'], unseen: ['00000001', '00000008'], lost: 0 }], 'each step told once');
    assert.equal(r.diag.show(), 'd 1-3');
    r.inputs.setExact(40, 0, 1);
    r.inputs.setExact(40, 35, 1);
    r.until(60);
    assert.equal(r.diag.show(), 'd done');
    r.diag.walk(60);
    assert.equal(r.diag.show(), 'd 0-3');
  });

  it('counts edges and rejected bounces per channel, and lists stuck and never-seen sensors', () => {
    const r = rig();
    // A bouncing press: eager, so one edge; the 4 other raw changes were rejected.
    for (const [t, level] of [[5, 1], [6, 0], [7, 1], [8, 0], [9, 1]] as [number, 0 | 1][]) r.inputs.setExact(t, 0, level);
    r.until(300);
    const rep = r.diag.report(300) as Report & { type: string };
    assert.equal(rep.type, 'diag', 'the phone gets the report in a diag message');
    // [channel, edges, transits, rejected]: only the channel that changed.
    assert.deepEqual(rep.ch, [[0, 1, 0, 4]]);
    assert.equal(r.scanner.rawChanges[0], 0, 'the report took the scanner\'s counts');
    assert.deepEqual(channelsIn(rep.stuck), [0], 'active for longer than stuckMs');
    assert.deepEqual(channelsIn(rep.never), [1, 35]);
    assert.deepEqual(rep.levels, ['00000001', '00000000']);
    assert.deepEqual(rep.recent, [[5, 0, 1]]);
    assert.equal(rep.lost, 0);
  });

  it('the walk test begun again is told at the next tick, and a sensor active since before is still stuck (hostile round 26)', () => {
    const r = rig();
    r.inputs.setExact(5, 0, 1);
    r.until(300);
    const told = r.steps.length;
    r.diag.walk(300);
    r.until(301);
    assert.deepEqual(r.steps.slice(told), [{ seen: 0, of: 3, missing: ['peg.o1', 'gate', 'far'], unseen: ['00000003', '00000008'], lost: 0 }], 'told, no event needed');
    r.until(330);
    assert.deepEqual(channelsIn((r.diag.report(330) as Report).stuck), [0], 'active since 5 ms: stuck, the walk begun again or not');
  });

  it('a sensor that holds a state (a ball\'s spot, colours down) is never listed stuck (hostile round 26)', () => {
    const r = rig({ channels: 40, sensors: [{ name: 'spot.EA', ch: 0, kind: 'contact', holds: true }, { name: 'gate', ch: 1, kind: 'ir' }] });
    r.inputs.setExact(5, 0, 1);
    r.inputs.setExact(5, 1, 1);
    r.until(300);
    const rep = r.diag.report(300) as Report;
    assert.deepEqual([channelsIn(rep.levels), channelsIn(rep.stuck)], [[0, 1], [1]]);
  });

  it('counts stop at 65,535, where 16 bits end: the noisiest channel stays in the report (hostile round 26)', () => {
    const r = rig();
    // The scanner's counts taken 300 times, 255 changes each (as a floating contact makes in some 4 minutes), and a
    // last edge: 76,500 raw changes.
    for (let i = 0; i < 300; i++) {
      r.scanner.rawChanges[1] = 255;
      r.diag.report(1);
    }
    const rep = r.diag.report(1) as Report;
    assert.deepEqual(rep.ch, [[1, 0, 0, 65535]]);
  });

  it('left in diagnostics past 2^32 ms (49.7 days), tells a channel held 10 ms as not stuck, and its edge at its own time', () => {
    const r = rig();
    r.until(5);
    // Diagnostics began at 0; the board keeps their times as 32 bits from then, which wrap here.
    const T = 2 ** 32 + 1000;
    r.inputs.setExact(T + 10, 0, 1);
    for (let t = T; t <= T + 20; t++) {
      r.inputs.advanceTo(t);
      r.scanner.poll(t);
      r.scanner.drain(r.diag);
      r.diag.tick(t);
    }
    const rep = r.diag.report(T + 20) as Report;
    assert.deepEqual(channelsIn(rep.levels), [0], 'the channel is active');
    assert.deepEqual(channelsIn(rep.stuck), [], 'active for 10 ms, under stuckMs (100)');
    assert.deepEqual(rep.recent, [[T + 10, 0, 1]], 'its edge, at the time it came');
  });

  it("counts a channel's raw changes past what a board's scanner holds (255): it takes them before they get there", () => {
    const r = rig();
    // An IR beam (eager, a 2 ms lockout) flipping every ms for 2 s: 2,000 raw changes.
    let most = 0;
    for (let t = 1; t <= 2000; t++) {
      r.inputs.setExact(t, 1, (t & 1) as 0 | 1);
      r.until(t);
      most = Math.max(most, r.scanner.rawChanges[1]);
    }
    const rep = r.diag.report(2000) as Report;
    const [ch, edges, transits, rejected] = rep.ch[0];
    assert.deepEqual([ch, edges + 2 * transits + rejected], [1, 2000]);
    assert.ok(most <= 128, `the scanner's count reached ${most}`);
    assert.deepEqual(channelsIn(rep.never), [0, 35]);
  });

  it('keeps the last 8 edges, oldest first', () => {
    const r = rig();
    for (let i = 0; i < 6; i++) {
      r.inputs.setExact(10 + 40 * i, 1, 1);
      r.inputs.setExact(30 + 40 * i, 1, 0);
    }
    r.until(300);
    const rep = r.diag.report(300) as Report;
    assert.equal(rep.recent.length, 8);
    assert.deepEqual(rep.recent.at(-1), [230, 1, 0]);
    assert.deepEqual(rep.recent[0], [90, 1, 1]);
  });

  it('walk test: all twelve triangle points covered in one scan are all seen, none lost', () => {
    const every = (level: number) => JSON.stringify({ raw: Array.from({ length: 12 }, (_, ch) => ({ ch, level })) }).slice(1);
    const out = replay(['{"game":"triangle","players":2,"mode":"diag"}', `{"t":100,${every(1)}`, `{"t":300,${every(0)}`].join('\n')).lines.map((l) => JSON.parse(l));
    const walks = out.filter((o) => o.phone && o.phone.walk).map((o) => o.phone.walk);
    assert.deepEqual(walks.at(-1), { seen: 12, of: 12, missing: [], unseen: ['00000000'], lost: 0 });
    assert.equal(out.at(-1).final.lost, 0);
  });

  it('walk test: events the ring had to drop are reported as lost, never as missing sensors', () => {
    const sensors = Array.from({ length: 12 }, (_, ch) => ({ name: 's' + ch, ch, kind: 'ir' as const }));
    const twelve: BoardDescription = { channels: 12, sensors };
    const inputs = new SimInputs({ channels: 12, seed: 1 });
    // A ring smaller than the board (a board's holds one event per channel): a test's way to make it overflow.
    const scanner = new Scanner({ banks: inputs.banks, board: twelve, counts: true, capacity: 8 });
    const steps: WalkState[] = [];
    const diag = createDiagnostics(scanner, twelve, 0, (walk) => steps.push(walk));
    for (let ch = 0; ch < 12; ch++) inputs.setExact(5, ch, 1);
    inputs.advanceTo(5);
    scanner.poll(5);
    scanner.drain(diag);
    diag.tick(5);
    assert.deepEqual(steps, [{ seen: 12, of: 12, missing: [], unseen: ['00000000'], lost: 4 }]);
  });

  it("a board's sensors as sensorAt reads them: a channel's first in a list, none on a channel not the board's whole one, and a board that makes its sensors asked channel by channel", () => {
    const first = { name: 'spot.first', ch: 0, kind: 'hall' as const, holds: true };
    const three = { name: 'three', ch: 3, kind: 'contact' as const };
    // (Channels a board's data would never give: a list is read once through, and none of these is a channel's.)
    const odd = [1.5, '2', null, -1, 40, NaN].map((ch, i) => ({ name: 'odd' + i, ch: ch as number, kind: 'contact' as const }));
    const listed: BoardDescription = { channels: 40, sensors: [first, { name: 'spot.again', ch: 0, kind: 'hall' }, ...odd, three] };
    const made: BoardDescription = { channels: 40, sensors: [], sensor: (ch) => (ch === 0 ? first : ch === 3 ? three : undefined) };
    for (const on of [listed, made]) {
      const r = rig(on);
      r.inputs.setExact(5, 0, 1);
      r.until(300);
      const rep = r.diag.report(300) as Report;
      assert.equal(rep.walk.of, 2, 'two sensors to see');
      assert.deepEqual(channelsIn(rep.walk.unseen!), [3]);
      assert.deepEqual(rep.walk.missing, ['three']);
      assert.deepEqual(channelsIn(rep.levels), [0]);
      assert.deepEqual(channelsIn(rep.stuck), [], "the first sensor's: it holds a state, never stuck");
      assert.equal(r.diag.show(), 'd 1-2');
    }
  });

  it("the walk test makes no sensor's name on a board that makes its sensors: only the 8 a walk message lists (fortification billiards' 96 names held its start some 75 ms more)", () => {
    for (const on of [fortressBoard, ringapegBoard()]) {
      let named = 0;
      const counting: BoardDescription = {
        channels: on.channels, sensors: [],
        sensor: (ch, unnamed) => {
          const sensor = on.sensor!(ch, unnamed);
          if (sensor && sensor.name) named++;
          return sensor;
        },
      };
      const steps: WalkState[] = [];
      const inputs = new SimInputs({ channels: on.channels, kinds: ['contact'], seed: 3 });
      const scanner = new Scanner({ banks: inputs.banks, board: counting, counts: true });
      // (The scanner, made at boot, reads the board's sensors once: the count is of what diagnostics make.)
      named = 0;
      const diag = createDiagnostics(scanner, counting, 0, (walk) => steps.push(walk), 100);
      diag.tick(0);
      assert.equal((diag.report(0) as Report).walk.of, on.sensors.length, 'every sensor to see');
      assert.ok(named <= 8, `${named} names made`);
      diag.walk(1);
      diag.tick(1);
      assert.equal(steps[steps.length - 1].missing.length, 8);
      assert.ok(named <= 16, `${named} names made`);
    }
  });

  it('any board: the walk message names at most 8 sensors, its words every one still to see; the report its words the ones that never changed, and the 8 channels that rejected most; no message grows with the board', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 160 }).chain((channels) => fc.tuple(fc.constant(channels),
      fc.uniqueArray(fc.integer({ min: 0, max: channels - 1 }), { minLength: 1, maxLength: channels }),
      // Per channel: not triggered (-1), or pressed with that many bounces, each a 1 ms open and a 1 ms close.
      fc.array(fc.integer({ min: -1, max: 4 }), { minLength: channels, maxLength: channels }))),
    ([channels, chs, bounces]) => {
      const triggered = bounces.map((b) => b >= 0);
      // Long names: what a message holds of them must not depend on how many there are.
      const sensors = chs.map((ch) => ({ name: 'sensor.with.a.long.name.' + ch, ch, kind: 'contact' as const }));
      const many: BoardDescription = { channels, sensors };
      const inputs = new SimInputs({ channels, seed: 5 });
      const scanner = new Scanner({ banks: inputs.banks, board: many, counts: true });
      const steps: WalkState[] = [];
      const diag = createDiagnostics(scanner, many, 0, (walk) => steps.push(walk));
      for (let ch = 0; ch < channels; ch++) if (triggered[ch]) {
        inputs.setExact(5, ch, 1);
        for (let k = 0; k < bounces[ch]; k++) {
          inputs.setExact(6 + 2 * k, ch, 0);
          inputs.setExact(7 + 2 * k, ch, 1);
        }
        inputs.setExact(40, ch, 0);
      }
      for (let t = 0; t <= 80; t++) {
        inputs.advanceTo(t);
        scanner.poll(t);
        scanner.drain(diag);
        diag.tick(t);
      }
      const toSee = sensors.filter((s) => !triggered[s.ch]).map((s) => s.ch).sort((a, b) => a - b);
      const rep = diag.report(80) as Report;
      for (const walk of steps.concat([rep.walk])) {
        assert.ok(walk.missing.length <= 8 && walk.unseen!.length === Math.ceil(channels / 32));
        assert.ok(JSON.stringify(walk).length <= 8 * 30 + 11 * Math.ceil(channels / 32) + 60, JSON.stringify(walk));
      }
      assert.deepEqual(channelsIn(rep.walk.unseen!), toSee);
      assert.deepEqual(rep.walk.missing, toSee.slice(0, 8).map((ch) => 'sensor.with.a.long.name.' + ch));
      assert.equal(rep.walk.of - rep.walk.seen, toSee.length);
      assert.deepEqual(channelsIn(rep.never), toSee, 'the sensors never changed');
      // A contact is taken at its first closure: the bounces' changes after it are rejected, 2 a bounce.
      const noisy = bounces.map((b, ch) => [ch, 2 * b]).filter(([, r]) => r > 0).sort((x, y) => y[1] - x[1] || x[0] - y[0]).slice(0, 8);
      assert.deepEqual(rep.ch.map((c) => [c[0], c[3]]), noisy, 'the channels that rejected most, most first');
      assert.ok(rep.ch.every((c) => c[1] === 2 && c[2] === 0), 'a press and a release each');
      assert.ok(!JSON.stringify(rep).slice(JSON.stringify(rep.walk).length).includes('sensor.'), 'names only in the walk');
    }), { seed: 31, numRuns: 40 });
  });

  it('a phone\'s visit in the middle of a game loses nothing untold: refused (`moving`) while a move is under way; a move played in it is not scored, and the phone is told so when it ends (hostile round 9)', function () {
    this.timeout(60000);
    const ROOT = new URL('../scenarios/', import.meta.url);
    // Each example game with a 300 ms visit at a seeded instant: the game ends as without it, or the phone was told.
    const games = ['triangle-game', 'fortress-game', 'ringapeg-advance'].map((name) => readFileSync(new URL(name + '.jsonl', ROOT), 'utf8').trim().split('\n'));
    const ending = (lines: string[]) => replay(lines.join('\n')).lines;
    const scores = (out: string[]) => JSON.stringify(JSON.parse(out[out.length - 1]).final.scores);
    const plain = games.map((g) => scores(ending(g)));
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 500, max: 60000 }), (g, at) => {
      const lines = games[g].slice();
      const visit = [`{"t":${at},"phone":{"cmd":"diag","on":true}}`, `{"t":${at + 300},"phone":{"cmd":"diag","on":false}}`];
      // In time order, each before the game's lines at the same instant.
      for (const v of visit) lines.splice(lines.findIndex((l, i) => i > 0 && JSON.parse(l).t >= JSON.parse(v).t) >>> 0, 0, v);
      const out = ending(lines);
      const refused = out.some((l) => /"code":"not_now","message":"a move is still under way/.test(l));
      const told = out.some((l) => /"type":"flag","message":"sensors changed in diagnostics/.test(l));
      assert.ok(scores(out) === plain[g] || told, `${scores(out)} for ${plain[g]}, untold`);
      if (refused) assert.equal(scores(out), plain[g]);
    }), { seed: 9, numRuns: 40 });
  });

  // Asked for by the mode button held at power-up: test/bundles.test.ts boots the chip's bundle with it held.

  it('in replay: edges, walk progress to the phone and display, report on request, error on other commands', () => {
    const out = replay([
      '{"game":"bench","channels":2,"mode":"diag"}',
      '{"t":10,"raw":[{"ch":1,"level":1}]}',
      '{"t":20,"phone":{"cmd":"diag"}}',
      '{"t":30,"phone":{"cmd":"undo"}}',
    ].join('\n')).lines.map((l) => JSON.parse(l));
    // (The walk's step drawn at the scan tick after its message: that tick works the walk test's state out alone.)
    assert.deepEqual(out.filter((o) => o.display).map((o) => `${o.t}:${o.display}`), ['0:d 0-2', '11:d 1-2']);
    assert.deepEqual(out.find((o) => o.edge), { t: 10, edge: { ch: 1, sensor: 'ch1', level: 1 } });
    assert.deepEqual(out.find((o) => o.t === 10 && o.phone).phone.walk, { seen: 1, of: 2, missing: ['ch0'], unseen: ['00000001'], lost: 0 });
    // (Each line answered at a scan tick after it.)
    assert.deepEqual(out.find((o) => o.t >= 20 && o.phone).phone.never, ['00000001']);
    assert.equal(out.find((o) => o.t >= 30 && o.phone).phone.type, 'error');
    assert.equal(out.at(-1).final.mode, 'diag');
  });
});
