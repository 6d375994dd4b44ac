// Round 9: a referee's command refused `not_now` (`deciding`, or any not_now) and sent again every RESEND ms until
// the board takes it, as docs/protocol.md tells the phone to ("send it again once the move is told").
// Oracle: the refusals change nothing, so the game ends as with the command sent once, at the instant the board took
// it (same final scores, same throws/places/colours, same messages told after that instant but the refusals).
// Usage: npx tsx test/hostile-findings/resend.ts BASE 'CMDJSON' FROM TO STEP [RESEND]; OUT=DIR writes each case that differs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

const [BASE, CMD, FROM, TO, STEP, RESEND] = [process.argv[2], process.argv[3], ...process.argv.slice(4, 7).map(Number), Number(process.argv[7] || 500)];
const OUT = process.env.OUT;
if (OUT) mkdirSync(OUT, { recursive: true });
const base = readFileSync(BASE, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const cmd = JSON.parse(CMD);
const run = (lines: any[]) => replay([lines[0], ...lines.slice(1).sort((a, b) => a.t - b.t)].map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const refusedAt = (out: any[], t: number) => out.some((l) => l.t >= t && l.t < t + 20 && l.phone?.type === 'error' && l.phone.code === 'not_now');
const key = (out: any[], from: number) => {
  const f = out[out.length - 1].final;
  const told = out.filter((l) => l.t >= from && l.phone && !['state', 'error', 'ok'].includes(l.phone.type)).map((l) => JSON.stringify(l.phone));
  return JSON.stringify({ scores: f.scores, s: f.state.s, t: f.state.t, d: f.state.d, c: f.state.c, e: f.state.e, told });
};
let n = 0, resent = 0, bad = 0;
for (let at = FROM; at <= TO; at += STEP) {
  const tries = [at];
  for (let k = 1; k < 60; k++) tries.push(at + k * RESEND);
  const all = run([...base, ...tries.map((t) => ({ t, phone: cmd }))]);
  const took = tries.find((t) => !refusedAt(all, t));
  if (took === undefined) { console.log(JSON.stringify({ at, never: true })); continue; }
  n++;
  if (took === at) continue;
  resent++;
  const used = tries.filter((t) => t <= took);
  const got = run([...base, ...used.map((t) => ({ t, phone: cmd }))]);
  const once = run([...base, { t: took, phone: cmd }]);
  if (key(got, took) !== key(once, took)) {
    bad++;
    console.log(JSON.stringify({ at, took, refusals: used.length - 1, got: key(got, took), once: key(once, took) }));
    if (OUT) writeFileSync(`${OUT}/resend-${at}.jsonl`, [base[0], ...[...base.slice(1), ...used.map((t) => ({ t, phone: cmd }))].sort((a, b) => a.t - b.t)].map((l) => JSON.stringify(l)).join('\n') + '\n');
  }
}
console.log(JSON.stringify({ cases: n, resent, differing: bad }));
