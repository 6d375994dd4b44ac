// Clean shuffleboard ends laid in clusters (weights touching, of both colours, hangers, knocks of a neighbour):
// the oracle is the table laid (no fault may be told in a clean game; each weight on the table placed within
// 10 mm of where it was laid, unless the referee is asked). Usage: npx tsx test/hostile-findings/shuffle-clusters.ts N SEED
// (POLL_MS=10: the board's own scan period, docs/replay.md)
import fc from 'fast-check';
import { replay } from '../../sim/replay';

const N = Number(process.argv[2] || 20), SEED = Number(process.argv[3] || 1);
type P = { d: number; y: number };
const far = (a: P, b: P) => Math.hypot(a.d - b.d, a.y - b.y) >= 59;
let tried = 0, bad = 0;
const step = fc.record({ near: fc.nat(7), ang: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), gap: fc.double({ min: 59, max: 75, noNaN: true }),
  d: fc.integer({ min: 10, max: 500 }), y: fc.integer({ min: 29, max: 479 }), knock: fc.boolean(), kang: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), kmm: fc.integer({ min: 20, max: 150 }) });
fc.assert(fc.property(fc.integer({ min: 1, max: 999 }), fc.array(step, { minLength: 8, maxLength: 8 }), (seed, steps) => {
  tried++;
  const lines: object[] = [{ game: 'shuffleboard', players: 2, options: { firstPlayer: 0 }, seed, ...(process.env.POLL_MS ? { pollMs: Number(process.env.POLL_MS) } : {}) }];
  const at: (P | null)[] = [];
  const names: string[] = [];
  steps.forEach((s, i) => {
    const name = (i % 2 ? 'blue' : 'red') + (Math.floor(i / 2) + 1);
    const on = at.map((p, j) => (p ? j : -1)).filter((j) => j >= 0);
    let to: P = { d: s.d, y: s.y };
    if (on.length) { const o = at[on[s.near % on.length]]!; to = { d: Math.round(o.d + s.gap * Math.cos(s.ang)), y: Math.round(o.y + s.gap * Math.sin(s.ang)) }; }
    const moves: object[] = [];
    let knocked = -1, was: P | null = null;
    if (s.knock && on.length) {
      const j = on[s.near % on.length], o = at[j]!;
      knocked = j; was = o;
      // Knocked on down the table (the thrower comes from the launch row), by a weight in its lane.
      const k = { d: Math.round(o.d - s.kmm * Math.abs(Math.cos(s.kang))), y: Math.round(o.y + s.kmm * Math.sin(s.kang) / 2) };
      if (Math.abs(o.y - to.y) >= 58 || to.d < o.d) k.d = -999;
      const others = at.filter((p, x) => p && x !== j) as P[];
      if (k.d >= 0 && k.d <= 600 && k.y >= 29 && k.y <= 479 && others.every((p) => far(p, k)) && far(k, to)) { moves.push({ w: names[j], to: k }); at[j] = k; }
      else knocked = -1;
    }
    const others = at.filter((p) => p) as P[];
    // The thrown weight comes straight down its lane: any weight in it but the one it knocks would be hit too.
    const blocked = at.some((p, x) => p && x !== knocked && (x === knocked ? false : true) && (was === null || x !== knocked) && p.d > to.d && Math.abs(p.y - to.y) < 59);
    if (to.d < 0 || to.d > 600 || to.y < 29 || to.y > 479 || !others.every((p) => far(p, to)) || blocked) {
      if (knocked >= 0) { at[knocked] = was; moves.length = 0; }
      lines.push({ t: 1000 + 6000 * i, do: 'slide', off: true }); at.push(null);
    }
    else { lines.push({ t: 1000 + 6000 * i, do: 'slide', to, ...(moves.length ? { moves } : {}) }); at.push(to); }
    names.push(name);
  });
  let out: any[];
  try { out = replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l)); } catch (e) { console.log('refused', String(e).slice(0, 150)); return true; }
  const faults = out.filter((l) => l.phone?.type === 'fault').map((l) => `${l.t}:${l.phone.fault}:${l.phone.sensor ?? ''}`);
  const d = out[out.length - 1].final.state.d as number[];
  const asked = out.some((l) => l.phone?.type === 'flag');
  // By colour, not by name: two weights of one colour swapping names score the same.
  const c = out[out.length - 1].final.state.c as number[];
  const key = (xs: [number, number][]) => xs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const laid = key(at.map((p, i) => [i % 2, p ? p.d : -1] as [number, number]).filter((x) => x[1] >= 0));
  const seen = key(d.map((v, i) => [c[i], v] as [number, number]).filter((x) => x[1] >= 0));
  const wrong = asked ? [] : laid.length !== seen.length ? [`laid ${JSON.stringify(laid)} seen ${JSON.stringify(seen)}`]
    : laid.filter((x, i) => x[0] !== seen[i][0] || Math.abs(x[1] - seen[i][1]) > 10).map((x) => `laid ${JSON.stringify(laid)} seen ${JSON.stringify(seen)}`).slice(0, 1);
  if (faults.length || wrong.length) { bad++; console.log(JSON.stringify({ faults, wrong, scenario: lines })); }
  return true;
}), { numRuns: N, seed: SEED });
console.log(`tried ${tried}, wrong ${bad}`);
