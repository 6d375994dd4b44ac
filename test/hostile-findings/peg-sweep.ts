// Targeted sweep: Ring-a-Peg and triangle, a fault on the sensor a move needs, struck around that move.
import { readFileSync } from 'node:fs';
import { judge } from './hunt';
let tried = 0, bad = 0;
const runs: [string, string, (a: any, i: number) => string[]][] = [
  ['ringapeg', 'ringapeg-advance', (a) => (a.peg ? [`peg.${a.peg}.top`, `peg.${a.peg}.low`] : ['board.impact'])],
  ['triangle', 'triangle-game', (_a, i) => [`tri.${'ABC'[i % 3]}.even`, `tri.${'ABC'[(i + 1) % 3]}.over`]],
];
for (const [game, file, sensorsOf] of runs) {
  const acts = readFileSync(`scenarios/${file}.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).slice(1);
  const t0 = acts[0].t, t1 = acts[acts.length - 1].t;
  acts.forEach((a: any, i: number) => {
    if (!a.do || i % 3) return;
    for (const sensor of sensorsOf(a, i)) for (const f of [{ fault: 'chatter', hz: 12 }, { fault: 'chatter', hz: 40 }, { fault: 'floating' }, { fault: 'stuck-active' }]) {
      for (const dt of [-700, 50, 400]) {
        const at = a.t + dt; if (at < t0) continue;
        tried++;
        const r = judge({ game, file, fault: { ...f, sensor }, startFrac: (at - t0) / (t1 - t0), lastsMs: 6000 });
        if (r.problems.length) { bad++; console.log(JSON.stringify({ file, at, f: { ...f, sensor }, problems: r.problems })); }
      }
    }
  });
}
console.log(`tried ${tried}, with problems ${bad}`);
