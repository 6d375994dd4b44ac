// Round 9: the log full to the byte. On the board (Espruino 2v29's StorageFile.write, checked in the Linux build: a
// record that exactly fills the last chunk the log can have is written whole, and then the write throws, as the next
// chunk cannot be made), the firmware takes such a record for not saved. This replays BASE with a phone command CMD
// at T, the log's room set (as log-full.ts does) so that CMD's record ends exactly at its end, then a power cut CUT_MS (default 2000) ms
// later, on 0.5 s after. Oracle (docs/saving.md: "An undo that cannot be written is not made: it is flagged so too,
// and refused"; a power-up "gives back exactly the game that was being played"): the state after power-up is the
// state before the cut.
// Usage: npx tsx test/hostile-findings/exact-full.ts BASE T 'CMDJSON'
import { readFileSync } from 'node:fs';
import { SimFlash } from '../../sim/flash';
import { replay } from '../../sim/replay';
import { LOG } from '../../firmware/persist';

const [BASE, T, CMD] = [process.argv[2], Number(process.argv[3]), process.argv[4]];
const CUT_MS = Number(process.env.CUT_MS || 2000);
const base = readFileSync(BASE, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const lines = (extra: object[]) => [base[0], ...[...base.slice(1), { t: T, phone: JSON.parse(CMD) }, ...extra].sort((a: any, b: any) => a.t - b.t)];
let limit = 0;
let watch: ((data: string, before: number) => void) | null = null;
const append = SimFlash.prototype.append;
SimFlash.prototype.append = function (this: SimFlash, name: string, data: string): void {
  const before = (this.files[name] || '').length;
  if (watch && name === LOG) watch(data, before);
  if (limit && name === LOG && !this.cut && data.length >= limit - before) {
    if (limit - before > 0) append.call(this, name, data.slice(0, limit - before));
    throw new Error('Unable to find or create file');
  }
  append.call(this, name, data);
};
// First pass: the first record written at T or later is the command's (the replay's clock is in the HAL; the record
// that follows the command line is the first append after the line, found by its text).
let seen = false;
const key = JSON.parse(CMD).cmd === 'undo' ? '"u":1' : `"k":"${JSON.parse(CMD).cmd}"`;
watch = (data, before) => { if (!seen && data.includes(key)) { seen = true; limit = before + data.length; } };
const clean = replay(lines([]).map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
watch = null;
if (!limit) throw new Error('no record of the command found');
const show = (out: any[]) => out.filter((l) => l.phone && ['score', 'error', 'flag', 'restored', 'undone', 'ok', 'state'].includes(l.phone.type) && l.t >= T - 10)
  .map((l) => `${l.t} ${l.phone.type === 'state' ? 'state ' + JSON.stringify({ scores: l.phone.scores, turn: l.phone.turn }) : JSON.stringify(l.phone)}`).join('\n');
const state = (out: any[]) => { const s = [...out].reverse().find((l) => l.phone?.type === 'state')?.phone; return JSON.stringify({ scores: s?.scores, turn: s?.turn }); };
const uncut = replay(lines([]).map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const cut = replay(lines([{ t: T + CUT_MS, power: 'cut' }, { t: T + CUT_MS + 500, power: 'on' }]).map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
console.log(`log room ${limit} bytes (the command's record ends there)`);
console.log('without the room:', state(clean));
console.log('full to the byte, no cut:\n' + show(uncut) + '\n', state(uncut));
console.log('full to the byte, cut and back:\n' + show(cut) + '\n', state(cut));
