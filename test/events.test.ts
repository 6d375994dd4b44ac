import assert from 'node:assert/strict';
import { EventRing } from '../firmware/events';
import { EDGE, SETTLED, TRANSIT } from '../firmware/sensing';
import type { Interpreter, SensorEventKind } from '../firmware/sensing';

function collector(): Interpreter & { got: string[] } {
  const got: string[] = [];
  return { got, sense: (k: SensorEventKind, ch: number, level: number, t: number) => { got.push(`${k}/${ch}/${level}@${t}`); }, tick: () => {} };
}

describe('event ring', () => {
  it('hands events over oldest first, with their kind, channel, level and time', () => {
    const ring = new EventRing(4);
    ring.push(EDGE, 3, 1, 10);
    ring.push(TRANSIT, 159, 1, 11.5);
    ring.push(SETTLED, 2, 0, 4e9);
    const sink = collector();
    assert.equal(ring.drain(sink), 3);
    assert.deepEqual(sink.got, ['0/3/1@10', '1/159/1@11.5', '2/2/0@4000000000']);
    assert.equal(ring.count(), 0);
  });

  it('wraps around its end', () => {
    const ring = new EventRing(3);
    const sink = collector();
    for (let i = 0; i < 10; i++) {
      ring.push(EDGE, i, i & 1, i);
      if (i % 2 === 1) ring.drain(sink);
    }
    assert.deepEqual(sink.got.map((s) => s.split('/')[1]), ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('counts what it drops when full, and keeps the oldest', () => {
    const ring = new EventRing(2);
    assert.equal(ring.push(EDGE, 1, 1, 1), true);
    assert.equal(ring.push(EDGE, 2, 1, 2), true);
    assert.equal(ring.push(EDGE, 3, 1, 3), false);
    assert.equal(ring.push(EDGE, 4, 1, 4), false);
    assert.equal(ring.lost, 2);
    const sink = collector();
    ring.drain(sink);
    assert.deepEqual(sink.got, ['0/1/1@1', '0/2/1@2']);
    assert.equal(ring.push(EDGE, 5, 1, 5), true, 'room again after draining');
  });

  it('a sink that pushes while draining sees each event once', () => {
    const ring = new EventRing(4);
    const seen: number[] = [];
    ring.push(EDGE, 1, 1, 1);
    ring.drain({ sense: (_k, ch) => { seen.push(ch); if (ch < 3) ring.push(EDGE, ch + 1, 1, 2); }, tick: () => {} });
    assert.deepEqual(seen, [1, 2, 3]);
  });

  it('refuses a ring of no size', () => {
    assert.throws(() => new EventRing(0), /positive/);
  });
});
