// Round 9: a paired phone's diagnostics visit (`diag` on, then off 0.2-3 s later) at a seeded random instant of a
// digital board's example game. Oracle (docs/diagnostics.md: back "to the game, which is kept as it was"; what
// happens wholly inside the visit is not scored, documented): the game as without the visit, unless a happening
// lay wholly inside it. Each case that differs says whether a move was under way as the visit began (the last action
// line before it less than MOVE_MS earlier: a stroke 9 s, a flick 3 s, a ring 0.3 s).
// Usage: npx tsx test/hostile-findings/diag-visit.ts BASE N SEED [MOVE_MS]
import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

const [BASE, N, SEED, MOVE_MS] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4]), Number(process.argv[5] || 3000)];
let x = SEED >>> 0;
const rnd = () => { x = (x * 1664525 + 1013904223) >>> 0; return x / 4294967296; };
const base = readFileSync(BASE, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const acts = base.slice(1).filter((l: any) => l.do).map((l: any) => l.t);
const end = base[base.length - 1].t;
const run = (lines: any[]) => replay([lines[0], ...lines.slice(1).sort((a, b) => a.t - b.t)].map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const sum = (out: any[]) => JSON.stringify(out.filter((l) => l.phone?.type === 'score').map((l) => `${l.phone.player}:${l.phone.points}:${l.phone.rule}`).concat(JSON.stringify(out[out.length - 1].final.scores)));
const clean = sum(run(base));
let differ = 0, underWay = 0, inside = 0;
for (let i = 0; i < N; i++) {
  const from = Math.round(acts[0] + rnd() * (end - acts[0]));
  const to = from + Math.round(200 + rnd() * 2800);
  const got = sum(run([...base, { t: from, phone: { cmd: 'diag', on: true } }, { t: to, phone: { cmd: 'diag', on: false } }]));
  if (got === clean) continue;
  differ++;
  const last = Math.max(...acts.filter((t: number) => t <= from));
  const busy = from - last < MOVE_MS;
  const wholly = acts.some((t: number) => t > from && t < to);
  if (busy) underWay++;
  else if (wholly) inside++;
  console.log(JSON.stringify({ from, to, moveUnderWay: busy, actionInside: wholly, final: JSON.parse(got).slice(-1)[0] }));
}
console.log(JSON.stringify({ cases: N, differ, beganWithAMoveUnderWay: underWay, aThrowWhollyInside: inside, other: differ - underWay - inside }));
