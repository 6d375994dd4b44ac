// Round 6: an entry-row grid sensor (rows 34-37) stuck part-way (0.3 or 0.7 of the supply) for 1 s from a few ms
// after a throw is launched: on the weight's path (its column), beside it, or across the table (a corner).
// Oracle: the same game without the fault (final scores); docs/diagnostics.md: a throw under way scores as the table
// lies, looked at again without a sensor found faulty. Usage: npx tsx test/hostile-findings/shuffle-at-launch.ts [THROWS] [AFTER_MS]
import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

const THROWS = Number(process.argv[2] || 8), AFTER = Number(process.argv[3] || 1);
const base = readFileSync(process.env.BASE || 'scenarios/shuffleboard-singles.jsonl', 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const run = (lines: object[]) => replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const clean = run(base);
const cleanFinal = JSON.stringify(clean[clean.length - 1].final.scores);
let tried = 0, told = 0, wrong = 0, toldWrong = 0;
for (const s of base.filter((l) => l.do === 'slide').slice(0, THROWS)) {
  const y = s.to ? s.to.y : 254;
  const c = Math.max(0, Math.min(9, Math.round((y - 29) / 50)));
  for (const [row, col, where] of [[37, c, 'path'], [36, c, 'path'], [37, c < 5 ? 9 : 0, 'across'], [35, c < 9 ? c + 1 : c - 1, 'beside']] as [number, number, string][]) {
    for (const value of [0.3, 0.7]) {
      tried++;
      const sensor = `grid.${row}.${col}`, t0 = s.t + AFTER;
      const lines = [base[0], ...[...base.slice(1), { t: t0, fault: 'stuck', value, sensor }, { t: t0 + 1000, fault: 'lift', sensor }].sort((a, b) => a.t - b.t)];
      let out: any[];
      try { out = run(lines); } catch (e) { console.log(JSON.stringify({ refused: String(e).slice(0, 120), sensor, t0 })); continue; }
      const rep = out.find((l) => l.phone?.type === 'fault' && l.phone.fault !== 'ok' && l.t >= t0);
      const fin = JSON.stringify(out[out.length - 1].final.scores);
      if (rep) told++;
      if (fin !== cleanFinal) { if (rep) toldWrong++; else wrong++; console.log(JSON.stringify({ launch: s.t, to: s.to ?? 'off', sensor, where, value, told: rep ? `${rep.phone.fault} at ${rep.t}` : 'never', final: fin, clean: cleanFinal })); }
    }
  }
}
console.log(`tried ${tried}: told ${told}; scored otherwise untold ${wrong}, told ${toldWrong}`);
