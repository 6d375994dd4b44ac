import assert from 'node:assert/strict';
import { Scanner, channelKinds, isIdle, rawLevel } from '../firmware/scan';
import type { ScanOptions } from '../firmware/scan';
import type { BoardDescription, SensorKind } from '../firmware/board';
import type { DigitalBank } from '../hal/types';
import { EDGE } from '../firmware/sensing';
import { BANK0, BANK_BITS } from '../firmware/debounce';
import type { Interpreter } from '../firmware/sensing';
import { bundle, toEs5 } from '../tools/es5';
import { ROOT } from '../tools/games';
import { seeded } from './seeded';

/** A bank whose word the test sets; counts its reads. */
class WordBank implements DigitalBank {
  v = 0;
  reads = 0;
  read(): number {
    this.reads++;
    return this.v;
  }
  set(ch: number, level: number): void {
    const bit = 1 << (ch & 31);
    this.v = level ? (this.v | bit) >>> 0 : (this.v & ~bit) >>> 0;
  }
}

/** A time that counts how often the scanner reads it: a tick that works on no bank never looks at the clock. */
function countingTime() {
  const c = {
    reads: 0,
    at(t: number): number {
      return { valueOf: () => { c.reads++; return t; } } as unknown as number;
    },
  };
  return c;
}

function board(channels: number, kinds: Record<number, SensorKind> = {}): BoardDescription {
  const sensors = Object.entries(kinds).map(([ch, kind]) => ({ name: `s${ch}`, ch: Number(ch), kind }));
  return { channels, sensors };
}

function rig(channels: number, kinds: Record<number, SensorKind> = {}, extra: Partial<ScanOptions> = {}) {
  const banks: WordBank[] = [];
  for (let i = 0; i < (channels + 31) >> 5; i++) banks.push(new WordBank());
  const scanner = new Scanner({ banks, board: board(channels, kinds), ...extra });
  const got: string[] = [];
  const sink: Interpreter = { sense: (k, ch, level, t) => { got.push(`${t}:${['E', 'T', 'S'][k]}${ch}=${level}`); }, tick: () => {} };
  const set = (ch: number, level: number) => banks[ch >> 5].set(ch, level);
  /** Scans every ms from `from` to `to`, running `at[t]` before the scan at t. */
  const scan = (from: number, to: number, at: Record<number, () => void> = {}) => {
    for (let t = from; t <= to; t++) {
      if (at[t]) at[t]();
      scanner.poll(t);
      scanner.drain(sink);
    }
  };
  return { banks, scanner, got, set, scan };
}

describe('scanner', () => {
  it('an idle tick reads each bank once and debounces nothing', () => {
    const r = rig(160);
    r.scan(0, 5, { 1: () => r.set(70, 1) });
    r.scan(6, 20);
    assert.ok(isIdle(r.scanner));
    const before = r.banks.map((b) => b.reads);
    const clock = countingTime();
    for (let t = 21; t <= 120; t++) r.scanner.poll(clock.at(t));
    assert.deepEqual(r.banks.map((b, i) => b.reads - before[i]), [100, 100, 100, 100, 100]);
    assert.equal(clock.reads, 0, 'no bank was worked on: the time was never needed');
    assert.ok(isIdle(r.scanner));
  });

  it('a bank with a timer running is worked on until the timer ends, the others stay idle', () => {
    const r = rig(64);
    const clock = countingTime();
    const reads: number[] = [];
    for (let t = 0; t <= 30; t++) {
      if (t === 1) r.set(40, 1);
      if (t === 5) r.set(40, 0);
      const before = clock.reads;
      r.scanner.poll(clock.at(t));
      r.scanner.drain({ sense: (k, ch, level, tt) => { r.got.push(`${+tt}:${['E', 'T', 'S'][k]}${ch}=${level}`); } });
      reads.push(clock.reads - before);
      assert.equal(isIdle(r.scanner), t === 0 || t >= 21, `idle at ${t}`);
    }
    // Contact default (asym_eager_defer_pk, 10 ms): press at once; the release came inside
    // the press lockout (1..11), so its 10 ms deferral runs from 11.
    assert.deepEqual(r.got, ['1:E40=1', '21:E40=0']);
    // While bank 1 waits, a tick looks at the time once (its deadline check) and bank 0 not at all.
    for (const t of [2, 3, 4, 6, 7, 8, 9, 10, 12, 13, 19, 20]) assert.equal(reads[t], 1, `reads at ${t}: ${reads}`);
    assert.ok(reads.slice(22).every((n) => n === 0), 'none once the timer ended');
  });

  it('covers 160 channels: first, last, word boundaries and bit 31, read as unsigned', () => {
    const r = rig(160);
    r.scan(0, 3, { 1: () => { for (const ch of [0, 31, 32, 63, 64, 159]) r.set(ch, 1); } });
    assert.deepEqual(r.got, ['1:E0=1', '1:E31=1', '1:E32=1', '1:E63=1', '1:E64=1', '1:E159=1']);
    assert.equal(r.scanner.level(31), 1);
    assert.equal(r.scanner.level(30), 0);
    assert.equal(rawLevel(r.scanner, 159), 1);
    assert.equal(rawLevel(r.scanner, 158), 0);
  });

  it('levels present at start are the starting state, not edges', () => {
    const banks = [new WordBank()];
    banks[0].v = 0b101;
    const scanner = new Scanner({ banks, board: board(8) });
    const got: number[] = [];
    scanner.poll(0);
    scanner.drain({ sense: (_k, ch) => { got.push(ch); }, tick: () => {} });
    assert.deepEqual(got, []);
    assert.equal(scanner.level(2), 1);
  });

  it('a 3 ms transit at 1 ms scans on an IR channel gives both edges', () => {
    const r = rig(8, { 2: 'ir' });
    r.scan(0, 10, { 3: () => r.set(2, 1), 6: () => r.set(2, 0) });
    assert.deepEqual(r.got, ['3:E2=1', '6:E2=0']);
  });

  it('with each kind\'s own debounce, no channel is ever watched for a transit (a board carries no transit watch)', () => {
    // Noise of every length on hall, IR and contact channels, across two banks: every pulse is taken as edges.
    const kinds: Record<number, SensorKind> = { 0: 'hall', 1: 'ir', 2: 'contact', 33: 'hall', 40: 'ir' };
    const r = rig(64, kinds);
    const random = seeded(7).rnd;
    for (let t = 0; t < 3000; t++) {
      for (const ch of [0, 1, 2, 33, 40]) if (random() < 0.3) r.set(ch, random() < 0.5 ? 1 : 0);
      r.scanner.poll(t);
      r.scanner.drain({ sense: (k, ch, level, at) => { r.got.push(`${at}:${['E', 'T', 'S'][k]}${ch}=${level}`); } });
      // Word 14 of a bank's record: its channels seen active but not yet reported (firmware/scan.ts, HI).
      for (let b = 0; b < 2; b++) assert.equal(r.scanner.s[BANK0 + (b << BANK_BITS) + 14], 0, `bank ${b} watches nothing at ${t}`);
    }
    assert.ok(r.got.length > 500, `${r.got.length} events`);
    assert.deepEqual(r.got.filter((e) => e.includes(':T')), []);
  });

  it('a transit shorter than a deferred debounce is still reported, once, as a transit', () => {
    const r = rig(8, { 2: 'hall', 3: 'contact' }, { debounce: { algorithm: 'sym_defer_pk', ms: 10 } });
    r.scan(0, 40, { 3: () => { r.set(2, 1); r.set(3, 1); }, 6: () => { r.set(2, 0); r.set(3, 0); } });
    // The hall channel latches its pulse; the contact's pulse is a bounce and filtered.
    assert.deepEqual(r.got, ['16:T2=1']);
  });

  it('trailing chatter joins the transit it ends', () => {
    const r = rig(8, { 2: 'ir' }, { debounce: { algorithm: 'sym_defer_pk', ms: 5 } });
    r.scan(0, 40, { 3: () => r.set(2, 1), 6: () => r.set(2, 0), 7: () => r.set(2, 1), 8: () => r.set(2, 0) });
    assert.deepEqual(r.got, ['13:T2=1']);
  });

  it('a long deferred press is an edge, not a transit', () => {
    const r = rig(8, { 2: 'ir' }, { debounce: { algorithm: 'sym_defer_pk', ms: 5 } });
    r.scan(0, 40, { 3: () => r.set(2, 1), 20: () => r.set(2, 0) });
    assert.deepEqual(r.got, ['8:E2=1', '25:E2=0']);
  });

  it('a pulse between two scans, caught by a latching bank, is reported', () => {
    const banks = [new WordBank()];
    let pulse = false;
    const latched: DigitalBank = { read: () => { const w = banks[0].v | (pulse ? 4 : 0); pulse = false; return w; } };
    const scanner = new Scanner({ banks: [latched], board: board(8, { 2: 'ir' }) });
    const got: string[] = [];
    for (let t = 0; t < 20; t++) {
      if (t === 5) pulse = true;
      scanner.poll(t);
      scanner.drain({ sense: (k, ch, level, tt) => { got.push(`${tt}:${k}${ch}=${level}`); }, tick: () => {} });
    }
    // IR default: eager, 2 ms lockout, so the end shows once the lockout is over.
    assert.deepEqual(got, [`5:${EDGE}2=1`, `7:${EDGE}2=0`]);
  });

  it('settle groups fire once after their quiet time, re-armed by any change', () => {
    const r = rig(40, {}, { settle: [{ chs: [1, 2], ms: 20 }, { chs: [35], ms: 5 }] });
    r.scan(0, 80, { 2: () => r.set(1, 1), 10: () => r.set(2, 1), 12: () => r.set(35, 1) });
    const settled = r.got.filter((e) => e.includes('S'));
    assert.deepEqual(settled, ['17:S1=0', '30:S0=0']);
    assert.ok(isIdle(r.scanner));
  });

  it('overflow is counted, never silent', () => {
    const r = rig(32, {}, { capacity: 4 });
    for (let ch = 0; ch < 6; ch++) r.set(ch, 1);
    r.scanner.poll(1);
    assert.equal(r.scanner.lost, 2);
    const got: number[] = [];
    r.scanner.drain({ sense: (_k, ch) => { got.push(ch); }, tick: () => {} });
    assert.deepEqual(got, [0, 1, 2, 3]);
  });

  it('the header override applies one algorithm to every channel', () => {
    const r = rig(8, { 0: 'contact', 1: 'ir' }, { debounce: { algorithm: 'sym_eager_pk', ms: 3 } });
    r.scan(0, 20, { 1: () => { r.set(0, 1); r.set(1, 1); }, 10: () => { r.set(0, 0); r.set(1, 0); } });
    assert.deepEqual(r.got, ['1:E0=1', '1:E1=1', '10:E0=0', '10:E1=0']);
  });

  it('counts raw changes per channel when asked', () => {
    const r = rig(8, {}, { counts: true });
    r.scan(0, 30, { 1: () => r.set(4, 1), 2: () => r.set(4, 0), 3: () => r.set(4, 1) });
    assert.equal(r.scanner.rawChanges[4], 3);
    assert.equal(r.scanner.rawChanges[5], 0);
    assert.deepEqual(r.got, ['1:E4=1']);
  });

  it('rejects boards and banks that do not match', () => {
    assert.throws(() => new Scanner({ banks: [new WordBank()], board: board(40) }), /need 2 banks/);
    assert.throws(() => channelKinds({ channels: 8, sensors: [{ name: 'x', ch: 9, kind: 'ir' }] }), /no channel 9/);
    assert.throws(() => new Scanner({ banks: [new WordBank()], board: board(8), debounce: { algorithm: 'qmk', ms: 5 } }), /bad debounce/);
    assert.throws(() => new Scanner({ banks: [new WordBank()], board: board(8), debounce: { algorithm: 'sym_defer_pk', ms: -1 } }), /bad debounce/);
    assert.throws(() => new Scanner({ banks: [new WordBank()], board: board(8), debounce: { algorithm: 'sym_defer_pk', ms: 70000 } }), /bad debounce/);
  });

  it("a board's build (ON_DEVICE: defaults only, the simulator's parts left out) reports what the simulator's does, its edges kept as a word a bank where its game has no settle groups", async function () {
    this.timeout(30000);
    // The board's ES5 before minifying: ON_DEVICE is a true variable there, so every board-only branch runs as on a board.
    // Built twice: for a game with settle groups (a queue of events), and for one without (each bank's edges a word).
    const built = async (settleGroups: boolean) => {
      const code = await toEs5(await bundle({ source: `import { Scanner } from './firmware/scan'; (globalThis as any).BoardScanner = Scanner;`, dir: ROOT },
        { settleGroups, bankKinds: ['gpio', 'pins', 'chain'], internalProperties: [] }));
      new Function(code)();
      return (globalThis as unknown as { BoardScanner: typeof Scanner }).BoardScanner;
    };
    const withGroups = await built(true);
    const withoutGroups = await built(false);
    const rnd = seeded(7).rnd;
    for (let trial = 0; trial < 40; trial++) {
      const channels = [12, 20, 40, 70][trial % 4];
      const kinds: Record<number, SensorKind> = {};
      for (let ch = 0; ch < channels; ch++) if (rnd() < 0.5) kinds[ch] = (['contact', 'ir', 'hall'] as const)[(rnd() * 3) | 0];
      // A board's scanner always counts raw changes (its runtime's fault check needs them).
      const extra: Partial<ScanOptions> = { counts: true, settle: trial % 3 === 0 ? [{ chs: [0, channels - 1], ms: 7 }] : undefined };
      const words: number[] = [];
      const banks = () => words.map((_, b) => ({ read: () => words[b] }));
      for (let b = 0; b < (channels + 31) >> 5; b++) words.push(0);
      const BoardScanner = extra.settle ? withGroups : withoutGroups;
      const scanners = [new Scanner({ banks: banks(), board: board(channels, kinds), ...extra }), new BoardScanner({ banks: banks(), board: board(channels, kinds), ...extra })];
      const logs: string[][] = [[], []];
      // Near the wrap of ms past 2^31 in some trials.
      let now = trial % 4 === 1 ? 0x7fffff00 : trial * 1000;
      for (let step = 0; step < 1500; step++) {
        // Channels 0-3 bounce and chatter within their debounce times; the others change now and then.
        for (let k = 0; k < 5; k++) {
          const ch = k < 4 ? k : (rnd() * channels) | 0;
          if (rnd() < (k < 4 ? 0.3 : 0.1)) words[ch >> 5] = (words[ch >> 5] ^ (1 << (ch & 31))) >>> 0;
        }
        // Now and then a long pause (the interpreter held, a board resting): deadlines passed long ago still end.
        now += rnd() < 0.9 ? 1 : rnd() < 0.9 ? (rnd() * 30) | 0 : 100 + ((rnd() * 1000) | 0);
        scanners.forEach((sc, k) => {
          sc.poll(now);
          sc.drain({ sense: (kind, ch, level, t) => { logs[k].push(`${t}:${kind}${ch}=${level}`); } });
        });
      }
      // A board's counts stop at 255 (the simulator's at 65,535): more than any fault check's limit.
      scanners.forEach((sc, k) => {
        for (let ch = 0; ch < channels; ch++) logs[k].push(`${ch}:${sc.level(ch)}/${Math.min(255, sc.rawChanges[ch])}`);
        // (A board keeping its edges as words has no queue to drop from, and keeps no count: read as diagnostics do.)
        logs[k].push(`lost ${sc.lost || 0}`);
      });
      assert.deepEqual(logs[1], logs[0], `trial ${trial}`);
    }
  });
});
