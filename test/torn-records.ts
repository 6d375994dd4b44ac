// A record cut short by a power cut, and the board's resync after it (docs/saving.md, "What a power cut can do to
// the log"): the check of one cut, which test/torn-records.test.ts makes at a seeded sample of bytes of every record
// and `npm run bench torn-records` at every byte.
import assert from 'node:assert/strict';
import { LOG, restore, resyncRecord } from '../firmware/persist';
import type { GameModule } from '../firmware/game';
import { SimFlash } from '../sim/flash';

/** The game a board reads back from `log`. */
export function readBack(game: GameModule<unknown, object>, log: string) {
  const flash = new SimFlash();
  flash.files[LOG] = log;
  return restore(flash, game);
}

/** What of the game read back from `log` a board plays on with. */
export function restored(game: GameModule<unknown, object>, log: string) {
  const r = readBack(game, log);
  return r && { state: r.state, moves: r.moves, stand: r.stand, pending: r.pending };
}

/**
 * Record i of `writes` (the records a game wrote, in order) cut after each of `cuts` bytes: the log, as read back at
 * power-up, is known cut; with the board's resync and the records the game went on to write after it, it restores as
 * the log without record i. (Record 0, the setup, is not cut here: cut short, there is no game to take up.)
 */
export function checkTorn(game: GameModule<unknown, object>, writes: string[], i: number, cuts: number[]): void {
  const before = writes.slice(0, i).join('');
  const after = writes.slice(i + 1).join('');
  const want = restored(game, before + after);
  for (const bytes of cuts) {
    const torn = before + writes[i].slice(0, bytes);
    const atBoot = readBack(game, torn);
    assert.ok(atBoot && atBoot.cut, `record ${i} cut after ${bytes} bytes: restored and known cut`);
    const log = torn + resyncRecord(atBoot.stand, atBoot.lastMove) + after;
    assert.deepEqual(restored(game, log), want, `record ${i} ${JSON.stringify(writes[i])} cut after ${bytes} bytes`);
  }
}
