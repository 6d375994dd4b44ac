// Round 9: a power cut around a phone's `new` (sent at once, or waiting for a move under way), after every byte count
// of the writes it makes (the move decided first, the log erased, the new setup). The new game names other players
// than the board's own settings, so a board that comes up in neither game shows it.
// Oracle (docs/saving.md: a cut loses at most the move being saved; a log the board cannot use is told `lost`):
// after power-up the phone's last state is the old game as it stands without the `new` (same players, names, scores,
// the move under way decided), or the new game as it starts without the cut (its players, names, zero); a board that
// starts a game of its own settings says `lost`.
// Usage: npx tsx test/hostile-findings/new-cut.ts BASE AT FROM TO 'NEWJSON' [ON_AFTER_MS]; OUT=DIR writes each case that differs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

const BASE = process.argv[2];
const [AT, FROM, TO] = process.argv.slice(3, 6).map(Number);
const NEW = process.argv[6];
const ON = Number(process.argv[7] || 15000);
const OUT = process.env.OUT;
if (OUT) mkdirSync(OUT, { recursive: true });
const base = readFileSync(BASE, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const upTo = [base[0], ...base.slice(1).filter((l: any) => l.t <= AT)];
const cmd = JSON.parse(NEW);
const run = (lines: object[]) => replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const last = (out: any[]) => {
  const s = [...out].reverse().find((l) => l.phone?.type === 'state')?.phone;
  return s && JSON.stringify({ players: s.players, names: s.names, scores: s.scores });
};
const old = last(run(upTo));
const fresh = last(run([...upTo, { t: AT, phone: cmd }]));
console.log(JSON.stringify({ old, fresh }));
let n = 0, bad = 0;
for (let b = FROM; b <= TO; b++) {
  const lines = [...upTo, { t: AT, power: 'cut', afterBytes: b }, { t: AT, phone: cmd }, { t: AT + ON, power: 'on' }];
  const out = run(lines);
  if (out[out.length - 1].final.power === 'off') continue;
  // The cut struck nothing before the `on` (fewer bytes written than asked): no case.
  if (!out.some((l) => l.phone?.type === 'restored') && out.filter((l) => l.phone?.type === 'state').length && !out.some((l) => l.t >= AT + ON && l.phone)) continue;
  n++;
  const got = last(out);
  const restored = out.find((l) => l.t >= AT && l.phone?.type === 'restored')?.phone;
  if (got !== old && got !== fresh && !restored?.lost) {
    bad++;
    console.log(JSON.stringify({ afterBytes: b, got, restored: restored || null }));
    if (OUT) writeFileSync(`${OUT}/new-cut-${AT}-${b}.jsonl`, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  }
}
console.log(JSON.stringify({ cases: n, differing: bad }));
