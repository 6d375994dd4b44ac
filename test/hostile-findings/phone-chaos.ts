// Hostile phone commands at the end of a shuffleboard end (a question pending, or the end just scored): random
// sequences of undo / place (odd values) / rest / clear / toss from a paired phone. Oracle: the rules text alone
// (docs/games/shuffleboard.md's zone table, S6, S11 with the 5 mm resolution) applied to the table the board
// ends with: its scores must be what that table scores (nothing doubled or invented), or 0 while the end is
// not over (round 8: hanging read from `d`, as the state now keeps it). Usage: npx tsx test/hostile-findings/phone-chaos.ts N SEED
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';
import { rulesScore } from './rules-score';

const N = Number(process.argv[2] || 30), SEED = Number(process.argv[3] || 1);
const BASES = ['shuffleboard-cluster-hanger', 'shuffleboard-corrected', 'shuffleboard-knocks'].map((f) =>
  readFileSync(`scenarios/${f}.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).filter((l, i) => i === 0 || (l.do && l.t <= 43000)));
const D = fc.constantFrom(-100, -1, 0, 28, 29, 122, 123, 150, 181, 182, 275, 276, 334, 335, 1799, 1800, 3000);
const cmd = fc.oneof(
  fc.constant({ cmd: 'undo' }), fc.constant({ cmd: 'rest' }), fc.constant({ cmd: 'clear' }), fc.constant({ cmd: 'toss', s: 1 }),
  fc.record({ cmd: fc.constant('place'), i: fc.nat(7), d: D }),
  fc.record({ cmd: fc.constant('place'), i: fc.nat(7) }),
  fc.record({ cmd: fc.constant('place'), i: fc.nat(7), c: fc.nat(1) }),
  fc.record({ cmd: fc.constant('place'), i: fc.nat(7), h: fc.nat(1) }),
  fc.record({ cmd: fc.constant('place'), i: fc.nat(7), d: D, h: fc.nat(1) }),
);
let tried = 0, bad = 0;
fc.assert(fc.property(fc.nat(BASES.length - 1), fc.array(cmd, { minLength: 1, maxLength: 6 }), fc.integer({ min: 46000, max: 52000 }), (b, cmds, t0) => {
  tried++;
  const lines: object[] = [{ ...BASES[b][0], pollMs: 10 }, ...BASES[b].slice(1), ...cmds.map((c, k) => ({ t: t0 + 700 * k, phone: { ...c, id: k } }))];
  const out = replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
  const st = out[out.length - 1].final.state;
  const want: number[] = st.e === 1 && st.t === 8 && st.q === 0 ? rulesScore(st.d, st.c, st.d.map((x: number) => (x >= 0 && x < 29 ? 1 : 0)), st.rs) : [0, 0];
  // A weight hangs exactly when its centre is on the table within a radius of the edge (0 <= d < 29): a place whose
  // h says otherwise in one command, taken (`ok`), is invented.
  const oddHang = cmds.some((c: any, k) => c.h !== undefined && c.d !== undefined && c.h !== +(c.d >= 0 && c.d < 29) &&
    out.some((l) => l.phone && l.phone.type === 'ok' && l.phone.id === k));
  if (st.e === 1 && (want[0] !== st.s[0] || want[1] !== st.s[1] || oddHang)) {
    bad++;
    console.log(JSON.stringify({ want, seen: st.s, oddHang, state: st, replies: out.filter((l) => l.phone && ['error', 'score'].includes(l.phone.type)).map((l) => l.phone), scenario: lines }));
  }
  return true;
}), { numRuns: N, seed: SEED });
console.log(`tried ${tried}, wrong ${bad}`);
