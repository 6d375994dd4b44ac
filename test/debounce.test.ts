// Table-driven, after QMK's debounce tests: each row is a scan time and the raw
// word read then; the expected output is every debounced edge as "t:ch=level".
// The debouncer under test is the shipped one: the scanner's tick, with one
// algorithm forced on every channel (as a scenario's `debounce` does).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  ALGORITHM_NAMES, ASYM_EAGER_DEFER_PK, BANK0, SYM_DEFER_G, SYM_DEFER_PK, SYM_EAGER_PK, algorithmId, BIT_INDEX,
} from '../firmware/debounce';
import type { BoardDescription } from '../firmware/board';
import { Scanner } from '../firmware/scan';

type Scan = [t: number, raw: number];

/**
 * One bank of `channels` channels in a scanner, every channel on `alg` with
 * `ms`, or on its sensor kind's default when `alg` is null: step() scans the
 * raw word at time t and returns the debounced word.
 */
function debouncer(alg: number | null, ms: number, channels: number, board?: BoardDescription) {
  let raw = 0;
  const scanner = new Scanner({
    banks: [{ read: () => raw }],
    board: board || { channels, sensors: [] },
    debounce: alg === null ? undefined : { algorithm: ALGORITHM_NAMES[alg], ms },
  });
  return {
    step: (t: number, word: number): number => {
      raw = word;
      scanner.poll(t);
      return scanner.s[BANK0];
    },
  };
}

/** Runs one bank of `channels` channels, all on `alg` with `ms`; returns its edges. */
function run(alg: number, ms: number, scans: Scan[], channels = 4): string[] {
  const d = debouncer(alg, ms, channels);
  const edges: string[] = [];
  let cooked = 0;
  for (const [t, raw] of scans) {
    const next = d.step(t, raw);
    for (let ch = 0; ch < channels; ch++) {
      if (((next ^ cooked) >>> ch) & 1) edges.push(`${t}:${ch}=${(next >>> ch) & 1}`);
    }
    cooked = next;
  }
  return edges;
}

/** Scans every ms from `from` to `to` inclusive, with raw levels given as changes [t, word]. */
function everyMs(from: number, to: number, changes: Scan[]): Scan[] {
  const scans: Scan[] = [];
  let raw = 0;
  let i = 0;
  for (let t = from; t <= to; t++) {
    while (i < changes.length && changes[i][0] <= t) raw = changes[i++][1];
    scans.push([t, raw]);
  }
  return scans;
}

interface Row {
  name: string;
  alg: number;
  ms: number;
  scans: Scan[];
  edges: string[];
}

const rows: Row[] = [
  // sym_defer_g: the whole bank must be quiet for ms.
  { name: 'g: clean press reported after ms', alg: SYM_DEFER_G, ms: 5, scans: everyMs(0, 12, [[1, 1]]), edges: ['6:0=1'] },
  { name: 'g: bounce storm restarts the timer', alg: SYM_DEFER_G, ms: 5, scans: everyMs(0, 14, [[1, 1], [2, 0], [3, 1], [4, 0], [5, 1]]), edges: ['10:0=1'] },
  { name: 'g: another channel changing delays everyone', alg: SYM_DEFER_G, ms: 5, scans: everyMs(0, 14, [[1, 1], [4, 3]]), edges: ['9:0=1', '9:1=1'] },
  { name: 'g: simultaneous changes come out together', alg: SYM_DEFER_G, ms: 5, scans: everyMs(0, 12, [[2, 0b1011]]), edges: ['7:0=1', '7:1=1', '7:3=1'] },
  { name: 'g: pulse shorter than ms is filtered', alg: SYM_DEFER_G, ms: 5, scans: everyMs(0, 12, [[1, 1], [3, 0]]), edges: [] },
  { name: 'g: time jump reports at the next scan', alg: SYM_DEFER_G, ms: 5, scans: [[0, 0], [1, 1], [100, 1]], edges: ['100:0=1'] },

  // sym_defer_pk: each key must differ from its reported level for ms.
  { name: 'pk: clean press and release', alg: SYM_DEFER_PK, ms: 5, scans: everyMs(0, 25, [[1, 1], [12, 0]]), edges: ['6:0=1', '17:0=0'] },
  { name: 'pk: bounce storm reported once, ms after it ends', alg: SYM_DEFER_PK, ms: 5, scans: everyMs(0, 14, [[1, 1], [2, 0], [3, 1], [4, 0], [5, 1]]), edges: ['10:0=1'] },
  { name: 'pk: another key bouncing does not delay this one', alg: SYM_DEFER_PK, ms: 5, scans: everyMs(0, 14, [[1, 1], [2, 3], [3, 1], [4, 3], [5, 1]]), edges: ['6:0=1'] },
  { name: 'pk: simultaneous presses', alg: SYM_DEFER_PK, ms: 5, scans: everyMs(0, 10, [[2, 0b0110]]), edges: ['7:1=1', '7:2=1'] },
  { name: 'pk: pulse shorter than ms is filtered', alg: SYM_DEFER_PK, ms: 5, scans: everyMs(0, 12, [[1, 1], [4, 0]]), edges: [] },
  { name: 'pk: time jump', alg: SYM_DEFER_PK, ms: 5, scans: [[0, 0], [1, 1], [50, 1], [51, 0], [52, 0], [500, 0]], edges: ['50:0=1', '500:0=0'] },

  // sym_eager_pk: report at once, then ignore the key for ms.
  { name: 'eager: press and release at once', alg: SYM_EAGER_PK, ms: 5, scans: everyMs(0, 20, [[1, 1], [10, 0]]), edges: ['1:0=1', '10:0=0'] },
  { name: 'eager: bounce inside the lockout ignored', alg: SYM_EAGER_PK, ms: 5, scans: everyMs(0, 12, [[1, 1], [2, 0], [3, 1], [4, 0], [5, 1]]), edges: ['1:0=1'] },
  { name: 'eager: release inside the lockout reported when it ends', alg: SYM_EAGER_PK, ms: 5, scans: everyMs(0, 12, [[1, 1], [3, 0]]), edges: ['1:0=1', '6:0=0'] },
  { name: 'eager: 3 ms transit at 1 ms scans, 2 ms lockout', alg: SYM_EAGER_PK, ms: 2, scans: everyMs(0, 8, [[1, 1], [4, 0]]), edges: ['1:0=1', '4:0=0'] },
  { name: 'eager: simultaneous presses', alg: SYM_EAGER_PK, ms: 5, scans: everyMs(0, 4, [[1, 0b1001]]), edges: ['1:0=1', '1:3=1'] },
  { name: 'eager: storm longer than the lockout', alg: SYM_EAGER_PK, ms: 2, scans: everyMs(0, 9, [[1, 1], [2, 0], [3, 1], [4, 0], [5, 1], [6, 0]]), edges: ['1:0=1', '4:0=0'] },

  // asym_eager_defer_pk: press at once, release once released for ms.
  { name: 'asym: press eager, release deferred', alg: ASYM_EAGER_DEFER_PK, ms: 5, scans: everyMs(0, 20, [[1, 1], [10, 0]]), edges: ['1:0=1', '15:0=0'] },
  { name: 'asym: release bounce restarts the deferral', alg: ASYM_EAGER_DEFER_PK, ms: 5, scans: everyMs(0, 25, [[1, 1], [10, 0], [11, 1], [12, 0], [13, 1], [14, 0]]), edges: ['1:0=1', '19:0=0'] },
  { name: 'asym: press bounce ignored', alg: ASYM_EAGER_DEFER_PK, ms: 5, scans: everyMs(0, 12, [[1, 1], [2, 0], [3, 1]]), edges: ['1:0=1'] },
  { name: 'asym: release inside the press lockout deferred from its end', alg: ASYM_EAGER_DEFER_PK, ms: 5, scans: everyMs(0, 15, [[1, 1], [3, 0]]), edges: ['1:0=1', '11:0=0'] },
  // Timers count from the scan that saw the change: the deferral starts when the lockout is seen to end.
  { name: 'asym: time jump', alg: ASYM_EAGER_DEFER_PK, ms: 5, scans: [[0, 0], [1, 1], [2, 0], [300, 0], [304, 0], [305, 0]], edges: ['1:0=1', '305:0=0'] },
  { name: 'asym: simultaneous press and release', alg: ASYM_EAGER_DEFER_PK, ms: 5, scans: everyMs(0, 30, [[1, 1], [10, 2]]), edges: ['1:0=1', '10:1=1', '15:0=0'] },
];

describe('debounce: QMK algorithms, table-driven', () => {
  for (const row of rows) {
    it(row.name, () => assert.deepEqual(run(row.alg, row.ms, row.scans), row.edges));
  }

  it('0 ms passes every change through, whatever the algorithm', () => {
    for (const alg of [SYM_DEFER_G, SYM_DEFER_PK, SYM_EAGER_PK, ASYM_EAGER_DEFER_PK]) {
      assert.deepEqual(run(alg, 0, [[0, 0], [1, 1], [2, 0], [3, 1]]), ['1:0=1', '2:0=0', '3:0=1'], `algorithm ${alg}`);
    }
  });

  it('deadlines survive the ms counter passing 2^31 and 2^32', () => {
    for (const base of [2 ** 31 - 3, 2 ** 32 - 3]) {
      const scans = everyMs(0, 12, [[1, 1], [3, 0], [4, 1]]).map(([t, r]): Scan => [base + t, r]);
      assert.deepEqual(run(SYM_DEFER_PK, 5, scans).map((e) => e.replace(/^\d+/, (t) => String(Number(t) - base))), ['9:0=1']);
      assert.deepEqual(run(SYM_EAGER_PK, 5, scans).map((e) => e.replace(/^\d+/, (t) => String(Number(t) - base))), ['1:0=1']);
    }
  });

  it('bit 31 and a raw word read as unsigned behave like any other channel', () => {
    const d = debouncer(SYM_EAGER_PK, 2, 32);
    assert.equal(d.step(1, 0x80000000) >>> 0, 0x80000000);
    assert.equal(d.step(5, 0), 0);
  });

  it('each channel on its sensor kind\'s algorithm, in one bank', () => {
    const board: BoardDescription = { channels: 2, sensors: [{ name: 'reed', ch: 0, kind: 'contact' }, { name: 'gate', ch: 1, kind: 'ir' }] };
    const d = debouncer(null, 0, 2, board);
    assert.equal(d.step(1, 3), 3, 'both presses at once');
    assert.equal(d.step(20, 0), 1, 'the ir release at once');
    assert.equal(d.step(29, 0), 1);
    assert.equal(d.step(30, 0), 0, 'the contact release 10 ms later');
  });

  it('knows QMK names, and the defaults suit each kind', () => {
    assert.equal(algorithmId('asym_eager_defer_pk'), ASYM_EAGER_DEFER_PK);
    ALGORITHM_NAMES.forEach((name, i) => assert.equal(algorithmId(name), i, name));
    assert.equal(algorithmId('nope'), -1);
    assert.equal(algorithmId(''), -1);
    assert.equal(algorithmId('sym_defer'), -1);
    const board: BoardDescription = { channels: 4, sensors: [{ name: 'reed', ch: 0, kind: 'contact' }, { name: 'gate', ch: 1, kind: 'ir' }, { name: 'hall', ch: 3, kind: 'hall' }] };
    const d = debouncer(null, 0, 4, board);
    assert.equal(d.step(1, 0b1111), 0b1111, 'every press at once');
    assert.equal(d.step(2, 0b0101), 0b1111, 'the ir and hall lockouts hold their chatter');
    assert.equal(d.step(3, 0b1111), 0b1111, 'and end after 2 ms');
    assert.equal(d.step(20, 0), 0b0101, 'the ir and hall releases at once');
    assert.equal(d.step(29, 0), 0b0101, 'a channel without a sensor is a contact');
    assert.equal(d.step(30, 0), 0, 'the contact releases 10 ms later');
    for (let k = 0; k < 32; k++) assert.equal(BIT_INDEX[((1 << k) >>> 0) % 37], k);
  });
});

/**
 * Random bounce: every stable level is reported exactly once. A history is a
 * list of steps; each flips one channel's level through a burst of bounces
 * shorter than the debounce time, then the bank stays quiet for longer than it.
 */
describe('debounce: property, random bounce (seeded)', () => {
  const MS = 5;
  const step = fc.record({
    ch: fc.integer({ min: 0, max: 31 }),
    bounces: fc.array(fc.integer({ min: 1, max: MS - 1 }), { maxLength: 6 }),
    quiet: fc.integer({ min: 2 * MS + 1, max: 40 }),
  });

  for (const alg of [SYM_DEFER_G, SYM_DEFER_PK, SYM_EAGER_PK, ASYM_EAGER_DEFER_PK]) {
    it(`${['sym_defer_g', 'sym_defer_pk', 'sym_eager_pk', 'asym_eager_defer_pk'][alg]}: stable levels out, once each, in order`, () => {
      fc.assert(
        fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), (steps) => {
          const d = debouncer(alg, MS, 32);
          const levels = new Array(32).fill(0);
          const expected: string[] = [];
          // Raw level changes: [time, ch, level]; bounces are toggles inside the burst.
          const changes: [number, number, number][] = [];
          let t = 1;
          for (const s of steps) {
            const target = 1 - levels[s.ch];
            levels[s.ch] = target;
            expected.push(`${s.ch}=${target}`);
            const times = [...new Set(s.bounces)].sort((a, b) => a - b);
            // Even number of extra toggles, so the burst ends on the target level.
            const toggles = times.length % 2 === 0 ? times : times.slice(1);
            changes.push([t, s.ch, target]);
            let level = target;
            for (const dt of toggles) {
              level = 1 - level;
              changes.push([t + dt, s.ch, level]);
            }
            t += MS + s.quiet;
          }
          const got: string[] = [];
          let raw = 0;
          let cooked = 0;
          let i = 0;
          for (let now = 0; now <= t + 2 * MS; now++) {
            while (i < changes.length && changes[i][0] <= now) {
              const [, ch, level] = changes[i++];
              raw = level ? raw | (1 << ch) : raw & ~(1 << ch);
            }
            const next = d.step(now, raw);
            for (let x = (next ^ cooked) >>> 0, ch = 0; x; x >>>= 1, ch++) if (x & 1) got.push(`${ch}=${(next >>> ch) & 1}`);
            cooked = next;
          }
          assert.deepEqual(got, expected);
        }),
        { seed: 20240531 + alg, numRuns: 200 },
      );
    });
  }

  it('per-key algorithms: channels bouncing at the same time each report their own stable levels', () => {
    for (const alg of [SYM_DEFER_PK, SYM_EAGER_PK, ASYM_EAGER_DEFER_PK]) {
      fc.assert(
        fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 3 * MS }), { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 8 }), (perChannel) => {
          // Channel ch toggles at burst times (relative), bursts every 50 ms; each burst ends on a new stable level.
          const d = debouncer(alg, MS, 8);
          const expected: string[][] = perChannel.map(() => []);
          const got: string[][] = perChannel.map(() => []);
          const rawAt = (ch: number, now: number): number => {
            const bursts = perChannel[ch];
            let level = 0;
            for (let k = 0; k < bursts.length; k++) {
              const start = 10 + 50 * k + ch;
              if (now < start) break;
              // Burst k: a flip at start, then toggles inside MS - 1 ms, ending flipped.
              const n = bursts[k] % 3;
              const inBurst = now - start;
              const toggles = Math.min(2 * n, inBurst < MS - 1 ? inBurst : 2 * n);
              level = (k + 1) % 2 === 1 ? 1 : 0;
              if (toggles % 2 === 1) level = 1 - level;
            }
            return level;
          };
          perChannel.forEach((bursts, ch) => bursts.forEach((_, k) => expected[ch].push(String((k + 1) % 2))));
          let cooked = 0;
          for (let now = 0; now < 10 + 50 * 9 + 20; now++) {
            let raw = 0;
            for (let ch = 0; ch < perChannel.length; ch++) raw |= rawAt(ch, now) << ch;
            const next = d.step(now, raw);
            for (let ch = 0; ch < perChannel.length; ch++) if (((next ^ cooked) >>> ch) & 1) got[ch].push(String((next >>> ch) & 1));
            cooked = next;
          }
          assert.deepEqual(got, expected);
        }),
        { seed: 7 + alg, numRuns: 100 },
      );
    }
  });
});
