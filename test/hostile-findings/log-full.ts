// Round 9: a long game filling the board's log. The simulator's flash (sim/flash.ts) holds 40 KB of log, whole
// records or nothing; the board's log has the room docs/saving.md states (fortification billiards two chunks, 8,128
// bytes; shuffleboard one, 4,064) and Espruino's StorageFile.write (jswrap_storage.c) fills the last chunk with what
// fits of a record and then throws ("Unable to find or create file"), so the record at the edge is cut short and
// every write after it throws. LIMIT=N (bytes of log) makes the simulator's flash do so here.
// Usage: LIMIT=4064 npx tsx test/hostile-findings/log-full.ts FILE [more lines as JSON, each one argument]
// prints what a referee watches, the flags `not_saved`, and the log's size and last line at the end.
import { readFileSync } from 'node:fs';
import { SimFlash } from '../../sim/flash';
import { replay } from '../../sim/replay';
import { LOG } from '../../firmware/persist';

const LIMIT = Number(process.env.LIMIT || 0);
let flash: SimFlash | undefined;
const append = SimFlash.prototype.append;
SimFlash.prototype.append = function (this: SimFlash, name: string, data: string): void {
  flash = this;
  if (LIMIT && name === LOG && !this.cut) {
    const room = LIMIT - (this.files[name] || '').length;
    // StorageFile.write: a record shorter than the room left goes in whole; else the room is filled and the next
    // chunk cannot be made.
    if (data.length >= room) {
      if (room > 0) append.call(this, name, data.slice(0, room));
      if (!this.cut) throw new Error('Unable to find or create file');
      return;
    }
  }
  append.call(this, name, data);
};
const lines = readFileSync(process.argv[2], 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const extra = process.argv.slice(3).map((l) => JSON.parse(l));
const all = [lines[0], ...[...lines.slice(1), ...extra].sort((a, b) => a.t - b.t)];
let notSaved = 0;
for (const s of replay(all.map((l) => JSON.stringify(l)).join('\n')).lines) {
  const l = JSON.parse(s);
  const p = l.phone;
  if (p?.code === 'not_saved') { if (!notSaved++) console.log(l.t, 'first not_saved', JSON.stringify(p)); continue; }
  if (p && ['score', 'flag', 'error', 'fault', 'over', 'restored', 'ok', 'undone'].includes(p.type)) console.log(l.t, JSON.stringify(p));
  else if (l.final) console.log('final', JSON.stringify(l.final.scores), JSON.stringify(l.final.state).slice(0, 200));
}
const log = flash?.files[LOG] || '';
console.log(JSON.stringify({ notSaved, logBytes: log.length, lastLine: log.slice(log.lastIndexOf('\n', log.length - 2) + 1) }));
