import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';
const base = readFileSync(process.argv[2], 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const res: string[] = [];
for (let d = 0; d <= 1500; d += 25) {
  const lines = base.map((l: any) => (l.power === 'cut' ? { ...l, t: 31000 + d } : l));
  const out = replay(lines.map((l: any) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
  const r = out.find((l: any) => l.phone?.type === 'restored')?.phone;
  res.push(`${d}:${JSON.stringify(out[out.length - 1].final.scores)}${r && r.resume !== undefined ? 'R' : ''}`);
}
console.log(res.join(' '));
