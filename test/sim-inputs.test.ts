import assert from 'node:assert/strict';
import { ScanJitter, SimInputs, VirtualClock, bankCount, mulberry32 } from '../sim/inputs';
import { contactBounce, imperfect, irChatter, toggles, transit } from '../sim/physics/bounce';

describe('simulated inputs', () => {
  it('mulberry32 repeats from its seed and differs between seeds', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 5 }, () => a());
    assert.deepEqual(xs, Array.from({ length: 5 }, () => b()));
    assert.notDeepEqual(xs, Array.from({ length: 5 }, mulberry32(43)));
    assert.ok(xs.every((x) => x >= 0 && x < 1));
  });

  it('the virtual clock moves only forward', () => {
    const c = new VirtualClock();
    c.set(5);
    assert.equal(c.now(), 5);
    assert.throws(() => c.set(4), /cannot go back/);
  });

  it('banks follow the schedule in time order, 32 channels a word', () => {
    const s = new SimInputs({ channels: 40 });
    s.setExact(5, 33, 1);
    s.setExact(3, 0, 1);
    s.setExact(5, 33, 0); // same time: applied in the order given
    s.setExact(7, 31, 1);
    assert.equal(s.banks.length, 2);
    s.advanceTo(4);
    assert.equal(s.banks[0].read(0), 1);
    s.advanceTo(5);
    assert.equal(s.banks[1].read(1), 0);
    s.advanceTo(7);
    assert.equal(s.banks[0].read(0) >>> 0, 0x80000001);
    assert.equal(s.pending(), false);
    assert.throws(() => s.setExact(6, 1, 1), /in the past/);
    assert.throws(() => s.setExact(9, 40, 1), /no channel 40/);
  });

  it('a bank reads the levels at the moment of the read: a pulse between two reads is not seen, as on every board', () => {
    const s = new SimInputs({ channels: 4, kinds: ['contact', 'ir', 'hall', 'contact'] });
    for (const ch of [0, 1, 2]) {
      s.setExact(1.2, ch, 1);
      s.setExact(1.6, ch, 0);
    }
    s.setExact(1.5, 3, 1);
    s.advanceTo(1);
    assert.equal(s.banks[0].read(0), 0);
    s.advanceTo(2);
    assert.equal(s.unread(), true, 'channel 3 rose');
    assert.equal(s.banks[0].read(0), 0b1000, 'the pulses of channels 0-2 missed, whatever their kind');
    assert.equal(s.unread(), false);
  });

  it('a contact touched for less than its bounce (a bell\'s clapper) ends open: the bounce ends where the next clean edge begins', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const s = new SimInputs({ channels: 1, kinds: ['contact'], seed });
      s.addClean([{ t: 10, ch: 0, level: 1 }, { t: 11, ch: 0, level: 0 }, { t: 40, ch: 0, level: 1 }, { t: 41.5, ch: 0, level: 0 }]);
      s.advanceTo(20);
      assert.equal(s.level(0), 0, `seed ${seed}: open after the first touch`);
      s.advanceTo(100);
      assert.equal(s.level(0), 0, `seed ${seed}: open after the second`);
    }
  });

  it('makes the banks the board data makes, and refuses data that does not read the board\'s channels', () => {
    assert.equal(bankCount([{ kind: 'gpio', gpios: 0xff, mode: 'input', invert: 0 }, { kind: 'chain', loadPin: 1, sck: 2, miso: 3, chips: 5, invert: 0 }]), 3);
    assert.equal(new SimInputs({ channels: 27, banks: [{ kind: 'chain', loadPin: 14, sck: 15, miso: 16, chips: 4, invert: 0 }] }).banks.length, 1);
    assert.equal(new SimInputs({ channels: 40, banks: [{ kind: 'chain', loadPin: 14, sck: 15, miso: 16, chips: 5, invert: 0 }] }).banks.length, 2);
    assert.throws(() => new SimInputs({ channels: 40, banks: [{ kind: 'pins', pins: [3, 4], mode: 'input', invert: 0 }] }), /read 1 words of 32 channels, its 40 channels need 2/);
  });

  it('contacts bounce, IR chatters, hall is clean; each ends on the clean level within its spread', () => {
    const r = mulberry32(7);
    let bounced = 0;
    for (let i = 0; i < 200; i++) {
      const level = (i & 1) as 0 | 1;
      const b = contactBounce({ t: 100, ch: 3, level }, r);
      assert.equal(b[0].t, 100);
      assert.equal(b.at(-1)!.level, level);
      assert.ok(b.every((c, k) => c.ch === 3 && c.t >= 100 && c.t <= 103 && (k === 0 || c.t >= b[k - 1].t)));
      if (b.length > 1) bounced++;
      const ir = irChatter({ t: 50, ch: 1, level }, r);
      assert.equal(ir.at(-1)!.level, level);
      assert.ok(ir.every((c) => c.t <= 50.5));
    }
    assert.ok(bounced > 100, 'most contact edges bounce');
    assert.deepEqual(imperfect('hall', { t: 1, ch: 0, level: 1 }, r), [{ t: 1, ch: 0, level: 1 }]);
    assert.equal(toggles({ t: 0, ch: 0, level: 1 }, 4, 2, r).length, 5);
    assert.deepEqual(transit(10, 2, 3), [{ t: 10, ch: 2, level: 1 }, { t: 13, ch: 2, level: 0 }]);
  });

  it('clean changes get their channel kind’s imperfections, repeatably from the seed', () => {
    const run = (seed: number) => {
      const s = new SimInputs({ channels: 2, kinds: ['contact', 'hall'], seed });
      s.addClean([{ t: 1, ch: 0, level: 1 }, { t: 1, ch: 1, level: 1 }]);
      const seen: number[] = [];
      for (let t = 1; t <= 5; t += 0.25) {
        s.advanceTo(t);
        seen.push(s.banks[0].read(0));
      }
      return seen;
    };
    assert.deepEqual(run(3), run(3));
    const all = [1, 2, 3, 4, 5, 6].map(run);
    assert.ok(all.some((seen) => seen.some((w) => (w & 1) === 0 && (w & 2) === 2)), 'the contact bounced while the hall sensor held');
    assert.ok(all.every((seen) => seen.at(-1) === 3));
  });

  it('scan jitter delays some scans, never hastens one', () => {
    const j = new ScanJitter(1, 10, mulberry32(1));
    let t = 0;
    const gaps: number[] = [];
    for (let i = 0; i < 500; i++) {
      const n = j.next(t);
      gaps.push(n - t);
      t = n;
    }
    assert.ok(gaps.every((g) => g >= 1 && g <= 11 && Number.isInteger(g)));
    assert.ok(gaps.some((g) => g > 1));
    assert.ok(gaps.filter((g) => g === 1).length > 400);
    assert.ok(new ScanJitter(2, 0, mulberry32(1)).next(4) === 6);
  });
});
