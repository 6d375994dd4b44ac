// A record cut short by a power cut stays cut short (docs/saving.md, "What a
// power cut can do to the log"): whatever the board writes after it (the
// resync at power-up, the moves played on) never makes it whole again. Every
// byte of every record of every example game: the log cut there, the board's
// resync, and the records the game went on to write restore as the log
// without the cut record, never with it.
import assert from 'node:assert/strict';
import { LOG, restore, resyncRecord } from '../firmware/persist';
import type { GameModule } from '../firmware/game';
import { SimFlash } from '../sim/flash';
import { SWEPT, exampleWrites } from './power-sweep';

function restored(game: GameModule<unknown, object>, log: string) {
  const flash = new SimFlash();
  flash.files[LOG] = log;
  const r = restore(flash, game);
  return r && { state: r.state, moves: r.moves, stand: r.stand, pending: r.pending };
}

describe('torn records: a record cut short is never completed by what is written after it', function () {
  this.timeout(60000);
  for (const name of SWEPT) {
    it(`${name}: a cut at every byte of every record restores the log without that record`, () => {
      const { game, writes } = exampleWrites(name);
      assert.ok(writes.length > 3, `${name} writes records (${writes.length})`);
      let cuts = 0;
      // Record 0 is the setup: cut short, there is no game to take up, and the board starts a new log.
      for (let i = 1; i < writes.length; i++) {
        const before = writes.slice(0, i).join('');
        const after = writes.slice(i + 1).join('');
        const want = restored(game, before + after);
        for (let bytes = 1; bytes < writes[i].length; bytes++) {
          const torn = before + writes[i].slice(0, bytes);
          const atBoot = restore(Object.assign(new SimFlash(), { files: { [LOG]: torn } }), game);
          assert.ok(atBoot && atBoot.cut, `record ${i} cut after ${bytes} bytes: restored and known cut`);
          const log = torn + resyncRecord(atBoot.stand) + after;
          assert.deepEqual(restored(game, log), want, `record ${i} ${JSON.stringify(writes[i])} cut after ${bytes} bytes`);
          cuts++;
        }
      }
      assert.ok(cuts > 100, `${cuts} cuts`);
    });
  }
});
