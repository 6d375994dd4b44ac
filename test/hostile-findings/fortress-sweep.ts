// Targeted sweep: each fortress stroke into a fort, a fault on that fort's bell or mouth switches
// struck just before, at, and during the stroke. Judged by hunt.ts's judge (clean run + docs' times).
import { readFileSync } from 'node:fs';
import { judge } from './hunt';
let tried = 0, bad = 0;
for (const file of ['fortress-game', 'fortress-penalties']) {
  const acts = readFileSync(`scenarios/${file}.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).slice(1);
  const t0 = acts[0].t, t1 = acts[acts.length - 1].t;
  for (const a of acts) {
    const forts = [...JSON.stringify(a).matchAll(/"fort":"(\w+)"/g)].map((m) => m[1]);
    for (const fort of forts) {
      const faults = [
        { fault: 'stuck-active', sensor: `mouth.${fort}.n.hi` }, { fault: 'stuck-active', sensor: `mouth.${fort}.s.lo` },
        { fault: 'chatter', sensor: `bell.${fort}`, hz: 25 }, { fault: 'chatter', sensor: `bell.${fort}`, hz: 30 },
        { fault: 'chatter', sensor: `mouth.${fort}.n.lo`, hz: 10 }, { fault: 'floating', sensor: `bell.${fort}` },
      ];
      for (const f of faults) for (const dt of [-1500, -200, 300, 1200]) {
        const at = a.t + dt;
        // (Before the game began: no time a scenario can hold.)
        if (at < 0) continue;
        tried++;
        const r = judge({ game: 'fortress', file, fault: f, startFrac: (at - t0) / (t1 - t0), lastsMs: 9000 });
        if (r.problems.length) { bad++; console.log(JSON.stringify({ file, at, f, problems: r.problems })); }
      }
    }
  }
}
console.log(`tried ${tried}, with problems ${bad}`);
