// Clean triangle play at the sensing lines: random flicks (stops near every line of the tolerance table), seeded
// IR noise; the oracle is docs/games/triangle.md's table (no fault may be told, every flick scored as the table
// says; within 0.3 mm of a line either neighbour is right). Usage: npx tsx test/hostile-findings/tri-flicks.ts N SEED [GAP_MS]
import fc from 'fast-check';
import { replay } from '../../sim/replay';

const LINES = [-3, 0.5, 19, 22.5, 44.5];
const truth = (s: number) => (s < -3 ? 'short' : s < 0.5 ? 'perfect' : s < 22.5 ? 'partly' : 'beyond');
const fits = (s: number, r: string) => [s - 0.3, s, s + 0.3].some((x) => truth(x) === r);
const N = Number(process.argv[2] || 50), SEED = Number(process.argv[3] || 1), GAP = Number(process.argv[4] || 2500);
const stop = fc.oneof(fc.double({ min: -12, max: 60, noNaN: true }), fc.tuple(fc.constantFrom(...LINES), fc.double({ min: -1, max: 1, noNaN: true })).map(([l, d]) => l + d))
  .map((x) => Math.round(x * 10) / 10);
let tried = 0, bad = 0;
fc.assert(fc.property(fc.integer({ min: 1, max: 999 }), fc.array(stop, { minLength: 1, maxLength: 8 }), (seed, stops) => {
  tried++;
  const lines = [{ game: 'triangle', players: 2, seed }, ...stops.map((s, i) => ({ t: 1000 + GAP * i, do: 'flick', stopMm: s }))];
  const out = replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
  const results = out.filter((l) => l.phone?.type === 'state' && l.phone.last && l.t > 0).map((l) => l.phone.last);
  const faults = out.filter((l) => l.phone?.type === 'fault').map((l) => `${l.t}:${l.phone.fault}:${l.phone.sensor ?? ''}`);
  const ok = faults.length === 0 && results.length === stops.length && stops.every((s, i) => fits(s, results[i]));
  if (!ok) { bad++; console.log(JSON.stringify({ seed, stops, results, faults })); }
  return true;
}), { numRuns: N, seed: SEED });
console.log(`tried ${tried}, wrong ${bad}`);
