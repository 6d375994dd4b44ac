// Round 8: docs/games/shuffleboard.md's promise for the cluster of five (a weight thrown into the middle of four):
// "as the parts' tolerances fall, that weight is ... decided 12.5 to 16.5 s after its launch, either side throwing
// first" (test/shuffleboard-cluster.test.ts holds seeds 1-9). Here other draws of the parts (seeds FROM..TO), and the
// cluster moved along the table (SHIFT_MM, default 0): when throw 5 is decided, and how many weights are asked or
// placed over 6 mm from where they lie (the table laid, not the firmware, is the oracle).
// Usage: [SHIFT_MM=0] npx tsx test/hostile-findings/cluster-times.ts FROM TO
import { replay } from '../../sim/replay';
import { CLUSTER } from './kept-judge';

const [FROM, TO] = process.argv.slice(2).map(Number);
const SHIFT = Number(process.env.SHIFT_MM || 0);
let late = 0, n = 0;
for (let seed = FROM; seed <= TO; seed++) for (const first of [0, 1]) {
  n++;
  const truth = CLUSTER.map((p) => ({ d: p.d + SHIFT, y: p.y }));
  const lines = [{ game: 'shuffleboard', players: 2, options: { firstPlayer: first }, seed, pollMs: 10 },
    ...truth.map((to, i) => ({ t: 1000 + 6000 * i, do: 'slide', to })), { t: 80000, phone: { cmd: 'state' } }];
  const out = replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
  const st = out.find((l) => l.phone?.type === 'state' && l.phone.left === 3);
  const took = st ? (st.t - 25000) / 1000 : Infinity;
  const off = st ? st.phone.weights.filter((w: any, i: number) => Math.abs(w.d - truth[i].d) > 6 && !truth.some((p) => Math.abs(p.d - w.d) <= 6)).length : 5;
  const bad = took > 16.5 || off > 0;
  if (bad) late++;
  console.log(JSON.stringify({ seed, first, took, off, asked: st?.phone.ask.length, d: st?.phone.weights.map((w: any) => w.d), bad }));
}
console.log(`${n} cases (seeds ${FROM}-${TO}, shift ${SHIFT} mm): ${late} over 16.5 s or a weight placed wrong`);
