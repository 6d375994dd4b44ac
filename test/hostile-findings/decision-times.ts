// Round 9: when a shuffleboard board tells each throw decided (each `state` whose throws-left count changed), for a
// scenario shifted by SHIFT ms (the board's uptime at the game), beside the same unshifted.
// Usage: npx tsx test/hostile-findings/decision-times.ts FILE SHIFT
import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

const [file, by] = [process.argv[2], Number(process.argv[3])];
const base = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const times = (shift: number) => {
  const out = replay([base[0], ...base.slice(1).map((l: any) => ({ ...l, t: l.t + shift }))].map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
  const seen: string[] = [];
  let last = '';
  for (const l of out) {
    if (l.phone?.type !== 'state') continue;
    const k = `${l.phone.end}/${l.phone.left}`;
    if (k !== last) seen.push(`${l.t - shift}:${k}`);
    last = k;
  }
  return seen;
};
const a = times(0), b = times(by);
for (let i = 0; i < Math.max(a.length, b.length); i++) console.log((a[i] || '').padEnd(16), b[i] || '', a[i] !== b[i] ? '<' : '');
