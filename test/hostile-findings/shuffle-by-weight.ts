// Round 6: one grid sensor next to a weight that has just come to rest, stuck part-way (0.3 or 0.7 of the supply:
// 0.2 off half, over the 0.75-of-a-peak bound docs/diagnostics.md names) for 1 s while that weight's throw is
// decided. Oracle: the same game without the fault (final scores), and docs/diagnostics.md: such a sensor is told
// `drift` "as the throw under way is decided". Prints each case: when told (ms after the lift), final scores.
// Usage: npx tsx test/hostile-findings/shuffle-by-weight.ts [DELAY_MS after launch, default 3400] [THROWS, default 8]
import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

const DELAY = Number(process.argv[2] || 3400), THROWS = Number(process.argv[3] || 8);
const base = readFileSync(process.env.BASE || 'scenarios/shuffleboard-singles.jsonl', 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const run = (lines: object[]) => replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const clean = run(base);
const cleanFinal = JSON.stringify(clean[clean.length - 1].final.scores);
let tried = 0, late = 0, untold = 0, wrong = 0;
for (const s of base.filter((l) => l.do === 'slide' && l.to).slice(0, THROWS)) {
  const r = Math.max(0, Math.min(37, Math.round((s.to.d - 25) / 50))), c = Math.max(0, Math.min(9, Math.round((s.to.y - 29) / 50)));
  for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
    const rr = r + dr, cc = c + dc;
    if (rr < 0 || rr > 37 || cc < 0 || cc > 9) continue;
    for (const value of [0.3, 0.7]) {
      tried++;
      const sensor = `grid.${rr}.${cc}`, t0 = s.t + DELAY, t1 = t0 + 1000;
      const lines = [base[0], ...[...base.slice(1), { t: t0, fault: 'stuck', value, sensor }, { t: t1, fault: 'lift', sensor }].sort((a, b) => a.t - b.t)];
      const out = run(lines);
      const rep = out.find((l) => l.phone?.type === 'fault' && l.phone.fault !== 'ok' && l.t >= t0);
      const fin = JSON.stringify(out[out.length - 1].final.scores);
      const after = rep ? rep.t - t1 : null;
      if (!rep) untold++; else if (after! > 2000) late++;
      if (fin !== cleanFinal) wrong++;
      if (!rep || after! > 2000 || fin !== cleanFinal) console.log(JSON.stringify({ weight: s.to, launch: s.t, sensor, value, t0, told: rep ? `${rep.phone.fault} +${after} ms after lift` : 'never', final: fin, clean: cleanFinal }));
    }
  }
}
console.log(`tried ${tried}: never told ${untold}, told over 2 s after the lift ${late}, final otherwise ${wrong}`);
