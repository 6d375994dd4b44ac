// A record cut short by a power cut stays cut short (docs/saving.md, "What a
// power cut can do to the log"): whatever the board writes after it (the
// resync at power-up, the moves played on) never makes it whole again. Every
// record of every example game, cut at a seeded sample of its bytes (at every
// byte: `npm run bench torn-records`): the log cut there, the board's resync,
// and the records the game went on to write restore as the log without the
// cut record, never with it. So too when the resync is itself cut
// short, at any byte (a second cut as the board comes back: the next power-up
// writes another), and when a garbled record lies before whole ones.
import assert from 'node:assert/strict';
import { resyncRecord } from '../firmware/persist';
import { mulberry32 } from '../sim/inputs';
import { SWEPT, exampleWrites } from './power-sweep';
import { checkTorn, readBack, restored } from './torn-records';

/** The bytes a record is cut after here, of its n (all of them: `npm run bench torn-records`): its first two and last two, and SAMPLED more at seeded places. */
const SAMPLED = 3;

describe('torn records: a record cut short is never completed by what is written after it', function () {
  this.timeout(60000);
  for (const name of SWEPT) {
    it(`${name}: a cut at bytes of every record (its first and last two, and ${SAMPLED} more, seeded) restores the log without that record`, () => {
      const { game, writes } = exampleWrites(name);
      assert.ok(writes.length > 3, `${name} writes records (${writes.length})`);
      const random = mulberry32(writes.length);
      for (let i = 1; i < writes.length; i++) {
        const n = writes[i].length;
        const cuts = [1, 2, n - 2, n - 1];
        for (let k = 0; k < SAMPLED; k++) cuts.push(1 + Math.floor(random() * (n - 1)));
        checkTorn(game, writes, i, cuts);
      }
    });

    it(`${name}: the resync cut at any byte (a second cut at power-up) is written again at the next, and the moves after it count`, () => {
      const { game, writes } = exampleWrites(name);
      let cuts = 0;
      // (The resync is the same few bytes after any record: every third record and the last, each cut at its middle.)
      const picked: number[] = [];
      for (let i = 1; i < writes.length - 1; i += 3) picked.push(i);
      picked.push(writes.length - 1);
      for (const i of picked) {
        const before = writes.slice(0, i).join('');
        const after = writes.slice(i + 1).join('');
        const want = restored(game, before + after);
        const torn = before + writes[i].slice(0, writes[i].length >> 1);
        const first = readBack(game, torn)!;
        const repair = resyncRecord(first.stand, first.lastMove);
        // (Found at first: a cut after the '~' and its newline left a whole line that ended nothing, and the log
        // untrusted for good, every move after it dropped at each later power-up: hostile round 41.)
        for (let bytes = 1; bytes < repair.length; bytes++) {
          const log = torn + repair.slice(0, bytes);
          const again = readBack(game, log);
          assert.ok(again && again.cut, `record ${i} torn, its resync cut after ${bytes} bytes: known untrusted still`);
          assert.equal(again.stand, first.stand);
          assert.deepEqual(restored(game, log + resyncRecord(again.stand, again.lastMove) + after), want, `record ${i} torn, its resync cut after ${bytes} bytes`);
          cuts++;
        }
      }
      assert.ok(cuts > 30, `${cuts} cuts`);
    });

    it(`${name}: a garbled record before whole ones leaves the log untrusted until a resync, and the moves after the resync count`, () => {
      const { game, writes } = exampleWrites(name);
      for (let i = 1; i + 1 < writes.length; i++) {
        // A byte of record i garbled (flash worn, or written over), the records after it whole.
        const garbled = writes[i].slice(0, 1) + '#' + writes[i].slice(2);
        const log = writes.slice(0, i).join('') + garbled + writes.slice(i + 1).join('');
        const atBoot = readBack(game, log)!;
        assert.ok(atBoot.cut, `record ${i} garbled: known untrusted`);
        const want = restored(game, writes.slice(0, i).join('') + writes.slice(i + 1).join(''));
        // The board plays on from the moves that stand (those before the garbled record) after its resync: the
        // records after the garbled one are dropped, those after the resync counted.
        const on = restored(game, log + resyncRecord(atBoot.stand, atBoot.lastMove) + writes.slice(i + 1).join(''));
        assert.deepEqual(on, want, `record ${i} garbled, the moves after it played again after the resync`);
      }
    });
  }
});
