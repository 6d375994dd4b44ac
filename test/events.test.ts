// The scanner's event queue (the scanner is its own queue: count(), drain(), lost).
import assert from 'node:assert/strict';
import { Scanner } from '../firmware/scan';
import type { ScanOptions } from '../firmware/scan';
import { EDGE, SETTLED, TRANSIT } from '../firmware/sensing';
import type { Interpreter, SensorEventKind } from '../firmware/sensing';

function collector(): Interpreter & { got: string[] } {
  const got: string[] = [];
  return { got, sense: (k: SensorEventKind, ch: number, level: number, t: number) => { got.push(`${k}/${ch}/${level}@${t}`); }, tick: () => {} };
}

/** A scanner over banks whose words the test sets; every channel's edges are taken at once (0 ms). */
function rig(channels: number, extra: Partial<ScanOptions> = {}) {
  const words: number[] = [];
  const banks = [];
  for (let b = 0; b < (channels + 31) >> 5; b++) {
    words.push(0);
    banks.push({ read: () => words[b] });
  }
  const scanner = new Scanner({ banks, board: { channels, sensors: [] }, debounce: { algorithm: 'sym_eager_pk', ms: 0 }, ...extra });
  const set = (ch: number, level: number) => {
    const bit = 1 << (ch & 31);
    words[ch >> 5] = level ? (words[ch >> 5] | bit) >>> 0 : (words[ch >> 5] & ~bit) >>> 0;
  };
  return { scanner, set };
}

describe('event queue', () => {
  it('hands events over oldest first, with their kind, channel, level and time (fractions and beyond 2^32 kept)', () => {
    const r = rig(160, { board: { channels: 160, sensors: [{ name: 'gate', ch: 159, kind: 'ir' }] }, debounce: { algorithm: 'sym_defer_pk', ms: 2 }, settle: [{ chs: [3], ms: 5 }] });
    r.set(3, 1);
    r.scanner.poll(10);
    // A pulse on the IR channel shorter than its deferral: reported as a transit once it stayed gone 2 ms.
    r.set(159, 1);
    r.scanner.poll(11.5);
    r.set(159, 0);
    r.scanner.poll(12);
    r.scanner.poll(14.25);
    // The group ends 5 ms after its last change; times more than 2^31 ms apart are not compared.
    r.scanner.poll(2e9);
    r.set(3, 0);
    r.scanner.poll(4e9);
    r.scanner.poll(4e9 + 2.5);
    // Each tick returns the events queued so far (a board's runtime has no other way to ask).
    assert.equal(r.scanner.poll(4e9 + 10), 5);
    const sink = collector();
    assert.equal(r.scanner.count(), 5);
    r.scanner.drain(sink);
    assert.deepEqual(sink.got, [`${EDGE}/3/1@12`, `${TRANSIT}/159/1@14.25`, `${SETTLED}/0/0@2000000000`, `${EDGE}/3/0@4000000002.5`, `${SETTLED}/0/0@4000000010`]);
    assert.equal(r.scanner.count(), 0);
  });

  it('takes events again after each drain, in order', () => {
    const r = rig(32, { capacity: 3 });
    const sink = collector();
    for (let i = 0; i < 10; i++) {
      r.set(i, 1);
      r.scanner.poll(i);
      if (i % 2 === 1) r.scanner.drain(sink);
    }
    assert.deepEqual(sink.got.map((s) => s.split('/')[1]), ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('counts what it drops when full, and keeps the oldest', () => {
    const r = rig(32, { capacity: 2 });
    for (let ch = 1; ch <= 4; ch++) r.set(ch, 1);
    r.scanner.poll(1);
    assert.equal(r.scanner.lost, 2);
    const sink = collector();
    r.scanner.drain(sink);
    assert.deepEqual(sink.got, ['0/1/1@1', '0/2/1@1']);
    r.set(5, 1);
    r.scanner.poll(2);
    r.scanner.drain(sink);
    assert.deepEqual(sink.got.slice(2), ['0/5/1@2'], 'room again after draining');
    assert.equal(r.scanner.lost, 2);
  });

  it('a sink that makes more events while draining sees each event once', () => {
    const r = rig(32, { capacity: 4 });
    const seen: number[] = [];
    r.set(1, 1);
    r.scanner.poll(1);
    r.scanner.drain({
      sense: (_k, ch) => {
        seen.push(ch);
        if (ch < 3) {
          r.set(ch + 1, 1);
          r.scanner.poll(2 + ch);
        }
      },
    });
    assert.deepEqual(seen, [1, 2, 3]);
  });

  it('holds one event per channel unless told otherwise: every channel changing in one tick loses none', () => {
    const r = rig(32);
    for (let ch = 0; ch < 32; ch++) r.set(ch, 1);
    r.scanner.poll(1);
    assert.equal(r.scanner.count(), 32);
    assert.equal(r.scanner.lost, 0);
  });
});
