import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';
const base = readFileSync(process.argv[2], 'utf8').trim().split('\n').map((l) => JSON.parse(l));
// Round 10: the power cut of a Ring-a-Peg scenario moved to every 25 ms from 0 to 1.5 s after the snap before it;
// prints the final scores at each, R where `restored` said `resume`. `npx tsx test/hostile-findings/peg-miss-cut.ts FILE`
const ci = base.findIndex((l: any) => l.power === 'cut');
const snapT = base.slice(0, ci).filter((l: any) => l.do === 'snap').pop().t;
const res: string[] = [];
for (let d = 0; d <= 1500; d += 25) {
  const lines = base.map((l: any) => (l.power === 'cut' ? { ...l, t: snapT + d } : l));
  const out = replay(lines.map((l: any) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
  const r = out.find((l: any) => l.phone?.type === 'restored')?.phone;
  res.push(`${d}:${JSON.stringify(out[out.length - 1].final.scores)}${r && r.resume !== undefined ? 'R' : ''}`);
}
console.log(res.join(' '));
