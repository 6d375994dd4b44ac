// Round 9: a board left on for weeks. The firmware keeps times in ms and compares some of them as 32-bit integers
// (`now | 0`), which wrap at 2^31 ms (24.8 days of uptime) and 2^32 ms (49.7 days). Each example game is replayed
// shifted so that such an instant falls at K points spread over it; oracle: the same game shifted by 2^30 ms less
// (no wrap in it), and unshifted: the same score messages (player, points, rule), the same faults and flags, the same
// final scores and winner.
// Usage: npx tsx test/hostile-findings/clock-wrap.ts K FILE... (WRAP=2147483648 or 4294967296, default both);
// OUT=DIR writes each case that differs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

const [K, ...files] = [Number(process.argv[2]), ...process.argv.slice(3)];
const wraps = process.env.WRAP ? [Number(process.env.WRAP)] : [2 ** 31, 2 ** 32];
const OUT = process.env.OUT;
if (OUT) mkdirSync(OUT, { recursive: true });
const load = (f: string) => readFileSync(f, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const run = (lines: object[]) => replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const shift = (lines: any[], by: number) => [lines[0], ...lines.slice(1).map((l) => ({ ...l, t: l.t + by }))];
const sum = (out: any[]) => {
  const f = out[out.length - 1].final;
  const told = out.filter((l) => ['score', 'flag', 'fault', 'error', 'over'].includes(l.phone?.type))
    .map((l) => l.phone.type === 'score' ? `${l.phone.player}:${l.phone.points}:${l.phone.rule}` : `${l.phone.type}:${l.phone.code || l.phone.fault || ''}:${l.phone.sensor || ''}`);
  return JSON.stringify({ told, scores: f.scores, winner: f.winner });
};
let n = 0, bad = 0;
for (const file of files) {
  const base = load(file);
  const t0 = base[1].t, t1 = base[base.length - 1].t;
  const plain = sum(run(base));
  for (const W of wraps) {
    for (let k = 0; k < K; k++) {
      const at = Math.round(t0 + ((k + 0.5) / K) * (t1 - t0 + 8000));
      const by = W - at;
      const got = sum(run(shift(base, by)));
      n++;
      if (got !== plain) {
        const ref = sum(run(shift(base, by - 2 ** 30)));
        bad++;
        console.log(JSON.stringify({ file, W, wrapAtGameMs: at, shiftedBy: by, sameAsNoWrapShift: ref === got }));
        if (OUT) writeFileSync(`${OUT}/${file.replace(/.*\//, '').replace('.jsonl', '')}-${W}-${at}.jsonl`, shift(base, by).map((l) => JSON.stringify(l)).join('\n') + '\n');
        if (process.env.VERBOSE) console.log(' plain', plain, '\n got  ', got, '\n ref  ', ref);
      }
    }
  }
}
console.log(JSON.stringify({ cases: n, differing: bad }));
