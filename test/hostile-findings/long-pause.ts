// Round 9: a game left for a long while between two moves (players at the bar): every line of BASE from AT on is
// played PAUSE ms later; the board rests meanwhile (wiring.md, Resting when idle). Oracle: the same game unpaused
// (the same score messages, faults and flags, the same final scores).
// Usage: npx tsx test/hostile-findings/long-pause.ts BASE PAUSE AT...
import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

const [BASE, PAUSE, ...ATS] = [process.argv[2], ...process.argv.slice(3).map(Number)] as [string, number, ...number[]];
const base = readFileSync(BASE, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const run = (lines: any[]) => replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const sum = (out: any[]) => JSON.stringify(out.filter((l) => ['score', 'flag', 'fault', 'over'].includes(l.phone?.type))
  .map((l) => l.phone.type === 'score' ? `${l.phone.player}:${l.phone.points}:${l.phone.rule}` : `${l.phone.type}:${l.phone.fault || l.phone.message || ''}`).concat(JSON.stringify(out[out.length - 1].final.scores)));
const clean = sum(run(base));
let bad = 0;
for (const at of ATS) {
  const got = sum(run([base[0], ...base.slice(1).map((l: any) => (l.t >= at ? { ...l, t: l.t + PAUSE } : l))]));
  if (got !== clean) { bad++; console.log(JSON.stringify({ at, pause: PAUSE, got: JSON.parse(got).slice(-4), clean: JSON.parse(clean).slice(-4) })); }
}
console.log(JSON.stringify({ cases: ATS.length, otherwise: bad }));
