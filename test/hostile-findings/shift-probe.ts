// Replays FILE with every line shifted by SHIFT ms and prints what a referee watches, at the unshifted times.
// Usage: npx tsx test/hostile-findings/shift-probe.ts FILE SHIFT
import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';
const [file, by] = [process.argv[2], Number(process.argv[3])];
const base = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const lines = [base[0], ...base.slice(1).map((l: any) => ({ ...l, t: l.t + by }))];
for (const s of replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines) {
  const l = JSON.parse(s); const p = l.phone;
  if (p && ['score', 'flag', 'error', 'fault', 'over', 'restored'].includes(p.type)) console.log(l.t - by, JSON.stringify(p));
  else if (l.final) console.log('final', JSON.stringify(l.final.scores));
}
