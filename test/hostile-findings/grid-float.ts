// Round 9: one grid sensor left floating (its multiplexer input open) or noisy for the rest of a game, from an instant
// of it. Oracle (docs/diagnostics.md, `noisy`: "every sensor within 20 s"; a sensor out of service is taken out and
// the throws scored without it): the fault told (`noisy` or any fault on that sensor) within 20 s, and the game ends
// as without the fault, or each difference comes after a report (the referee's to enter).
// Usage: npx tsx test/hostile-findings/grid-float.ts N SEED [BASE]; FAULT=noise (amplitude 0.01-0.2) or floating (default)
import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

const [N, SEED, BASE] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4] || 'scenarios/shuffleboard-singles.jsonl'];
let x = SEED >>> 0;
const rnd = () => { x = (x * 1664525 + 1013904223) >>> 0; return x / 4294967296; };
const base = readFileSync(BASE, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const end = base[base.length - 1].t;
const run = (lines: any[]) => replay([lines[0], ...lines.slice(1).sort((a, b) => a.t - b.t)].map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const scores = (out: any[]) => out.filter((l) => l.phone?.type === 'score').map((l) => ({ t: l.t, s: `${l.phone.player}:${l.phone.points}:${l.phone.rule}` }));
const clean = run(base);
const cleanScores = scores(clean).map((s) => s.s);
let bad = 0;
for (let i = 0; i < N; i++) {
  const sensor = `grid.${Math.floor(rnd() * 38)}.${Math.floor(rnd() * 10)}`;
  const at = Math.round(rnd() * end * 0.9);
  const fault = process.env.FAULT === 'noise' ? { fault: 'noise', sensor, amplitude: Math.round((0.01 + rnd() * 0.19) * 1000) / 1000 } : { fault: 'floating', sensor };
  const lines = [...base, { t: at, ...fault }, { t: end + 15000, fault: 'lift', sensor }];
  const out = run(lines);
  const told = out.find((l) => l.t >= at && l.phone?.type === 'fault' && l.phone.sensor === sensor);
  const got = scores(out);
  // The first score that differs from the clean game's, by place.
  const k = got.findIndex((s, j) => s.s !== cleanScores[j]);
  const diff = k >= 0 || got.length !== cleanScores.length;
  const firstDiffAt = k >= 0 ? got[k].t : (got.length !== cleanScores.length ? end : Infinity);
  const late = !told || told.t - at > 20000;
  const untoldDiff = diff && (!told || firstDiffAt < told.t);
  if (late || untoldDiff) {
    bad++;
    console.log(JSON.stringify({ ...fault, at, told: told ? { t: told.t, after: told.t - at, fault: told.phone.fault } : null, firstDiffAt: diff ? firstDiffAt : null, final: out[out.length - 1].final.scores }));
  }
}
console.log(JSON.stringify({ cases: N, flagged: bad }));
