// Round 9: the log's room ending at every STEP-th byte of a game's log (as Espruino fills it: log-full.ts), a power
// cut DELAY ms after the first `not_saved`, on 0.5 s later. Oracle (docs/saving.md: moves not saved are lost at the
// next power cut; nothing else): the game the board comes up with is one the phone was shown before the cut (its
// scores and turn: the game as the log holds it), and the phone hears `restored`.
// Usage: npx tsx test/hostile-findings/full-sweep.ts BASE FROM TO STEP [DELAY]
import { readFileSync } from 'node:fs';
import { SimFlash } from '../../sim/flash';
import { replay } from '../../sim/replay';
import { LOG } from '../../firmware/persist';

const [BASE, FROM, TO, STEP, DELAY] = [process.argv[2], ...process.argv.slice(3, 6).map(Number), Number(process.argv[6] || 3000)];
let limit = 0;
const append = SimFlash.prototype.append;
SimFlash.prototype.append = function (this: SimFlash, name: string, data: string): void {
  const before = (this.files[name] || '').length;
  if (limit && name === LOG && !this.cut && data.length >= limit - before) {
    if (limit - before > 0) append.call(this, name, data.slice(0, limit - before));
    if (!this.cut) throw new Error('Unable to find or create file');
    return;
  }
  append.call(this, name, data);
};
const base = readFileSync(BASE, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const run = (extra: object[]) => replay([base[0], ...[...base.slice(1), ...extra].sort((a: any, b: any) => a.t - b.t)].map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const st = (p: any) => JSON.stringify({ scores: p.scores, turn: p.turn });
let n = 0, bad = 0, refused = 0;
for (limit = FROM; limit <= TO; limit += STEP) {
  const uncut = run([]);
  const full = uncut.find((l) => l.phone?.code === 'not_saved');
  if (!full) continue;
  const shown = new Set(uncut.filter((l) => l.phone?.type === 'state' && l.t <= full.t + DELAY).map((l) => st(l.phone)));
  const cutAt = full.t + DELAY;
  let out: any[];
  try {
    out = run([{ t: cutAt, power: 'cut' }, { t: cutAt + 500, power: 'on' }]);
  } catch (e) {
    // The simulated players' own rule (docs/replay.md: a fortress stroke struck while the one the board took up at
    // power-up is under way is refused): no case.
    refused++;
    continue;
  }
  const restored = out.find((l) => l.t > cutAt && l.phone?.type === 'restored');
  const after = out.find((l) => l.t > cutAt && l.phone?.type === 'state');
  n++;
  if (!restored || !after || !shown.has(st(after.phone))) {
    bad++;
    console.log(JSON.stringify({ limit, fullAt: full.t, cutAt, restored: restored?.phone ?? null, after: after ? st(after.phone) : null }));
  }
}
console.log(JSON.stringify({ cases: n, otherwise: bad, refusedByPlayers: refused }));
