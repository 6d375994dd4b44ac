// Fast legitimate Ring-a-Peg play: the same snaps (misses, glances, landings) played at a quick pace and at a 3 s
// pace; the slow game is the oracle (a miss is a ring played, R2). Usage: npx tsx test/hostile-findings/peg-fast.ts N SEED
import fc from 'fast-check';
import { replay } from '../../sim/replay';

const PEGS = ['o1', 'o2', 'o3', 'o4', 'o5', 'o6', 'o7', 'o8', 'i1', 'i2', 'i3', 'i4', 'k'];
const run = (lines: object[]) => replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const summary = (ls: any[]) => {
  const f = ls[ls.length - 1].final;
  const faults = ls.filter((l) => l.phone?.type === 'fault').map((l) => `${l.t}:${l.phone.fault}:${l.phone.sensor ?? ''}`);
  return { scores: JSON.stringify(f.scores), stacks: f.state.st, left: JSON.stringify(f.state.lf), faults };
};
export function scenario(players: number, seed: number, snaps: { peg: string | null; bounceOff?: string }[], gaps: number[]) {
  const lines: object[] = [{ game: 'ringapeg', players, seed }];
  let t = 1000;
  snaps.forEach((s, i) => {
    lines.push({ t, do: 'snap', peg: s.peg, ...(s.bounceOff ? { bounceOff: s.bounceOff } : {}) });
    t += gaps[i];
  });
  return lines;
}
const N = Number(process.argv[2] || 50), SEED = Number(process.argv[3] || 1);
const snap = fc.record({ peg: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 7, arbitrary: fc.constantFrom(...PEGS) }), glance: fc.boolean(), off: fc.constantFrom(...PEGS) })
  .map((s) => (s.glance && s.off !== s.peg ? { peg: s.peg, bounceOff: s.off } : { peg: s.peg }));
let tried = 0, bad = 0;
fc.assert(fc.property(fc.integer({ min: 2, max: 4 }), fc.integer({ min: 1, max: 99 }), fc.array(snap, { minLength: 2, maxLength: 6 }),
  fc.array(fc.integer({ min: Number(process.env.MIN_GAP || 450), max: 1500 }), { minLength: 6, maxLength: 6 }), (players, seed, snaps, gaps) => {
    tried++;
    const fast = summary(run(scenario(players, seed, snaps, gaps)));
    const slow = summary(run(scenario(players, seed, snaps, gaps.map(() => 3000))));
    const same = fast.scores === slow.scores && fast.stacks === slow.stacks && fast.left === slow.left && fast.faults.length === slow.faults.length;
    if (!same) { bad++; console.log(JSON.stringify({ players, seed, snaps, gaps: gaps.slice(0, snaps.length - 1), fast, slow })); }
    return true;
  }), { numRuns: N, seed: SEED });
console.log(`tried ${tried}, differ ${bad}`);
