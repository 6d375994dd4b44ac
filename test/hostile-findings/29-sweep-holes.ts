// Round 29: two ways the power sweep (test/power-sweep.ts) passes a shuffleboard cut it should fail.
// 1. A cut after a throw's launch and before its decision is run from the NEXT action's log (the throw already
//    decided there): `from` is the first action whose signals reach the cut, and a slide's span is its launch
//    instant alone. So cutAt(singles, 45912) is 'uncut', while the full game with that cut (the replay of
//    29-shuffleboard-cut-before-last-throw-decided-clear-loses-end.jsonl) ends 7-4, not won, for 11-4 won.
// 2. sameGame takes a weight's place within both boards' u, the cut board's u unchecked: a cut board that tells a
//    weight 100 to 140 mm off, with u 150 or 998 where the uncut board says 3, is 'uncut'.
// Usage: npx tsx test/hostile-findings/29-sweep-holes.ts
import { readFileSync } from 'node:fs';
import { cutAt, example, sweepTesting } from '../power-sweep';
import { replay } from '../../sim/replay';
import type { Simulation } from '../../sim/replay';

const singles = example('shuffleboard-singles');
console.log('1. sweep, singles cut at 45,912:', cutAt(singles, 45912).outcome);
const last = (f: string) => JSON.parse(replay(readFileSync(f, 'utf8')).lines.slice(-1)[0]).final.scores;
console.log('   full replay with that cut:', JSON.stringify(last(new URL('./29-shuffleboard-cut-before-last-throw-decided-clear-loses-end.jsonl', import.meta.url).pathname)),
  'uncut:', JSON.stringify(last(new URL('../../scenarios/shuffleboard-singles.jsonl', import.meta.url).pathname)));

function told(i: number, mm: number, u: number): (sim: Simulation) => void {
  return (sim) => {
    let fw = sim.firmware;
    Object.defineProperty(sim, 'firmware', { configurable: true, get: () => fw, set: (f: Simulation['firmware']) => {
      fw = f;
      if (!f) return;
      const view = f.view.bind(f);
      f.view = () => {
        const v = view();
        const st = v.state as { d: number[]; u: number[] };
        const d = st.d.map((x, k) => (k === i && x >= 0 ? x + mm : x));
        return Object.assign({}, v, { state: Object.assign({}, st, { d, u: st.u.map((x, k) => (k === i && st.d[k] >= 0 ? u : x)) }) });
      };
    } });
  };
}
const knocks = example('shuffleboard-knocks');
for (const [mm, u] of [[8, 3], [100, 150], [140, 998]]) {
  sweepTesting.cutBoard = told(2, mm, u);
  console.log(`2. knocks cut at 28,242, red2 told ${mm} mm off with u ${u}:`, cutAt(knocks, 28242).outcome);
}
sweepTesting.cutBoard = undefined;
