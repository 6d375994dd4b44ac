import { mulberry32 } from '/work/main/sim/inputs';
import { gen, readings, run, judge } from './cmp';
import * as M from '/work/main/firmware/games/shuffleboard/locate';
import * as B from '/work/wt/base/firmware/games/shuffleboard/locate';
const mode = process.argv[2], seed = Number(process.argv[3]), N = Number(process.argv[4]);
const s = { mode, seed, N, stepsB: 0, stepsM: 0, mMore: 0, bMore: 0, missedB: 0, missedM: 0, seenB: 0, seenM: 0, askedB: 0, askedM: 0, wrongB: 0, wrongM: 0, beyondB: 0, beyondM: 0, maxB: 0, maxM: 0, askOnlyM: 0, askOnlyB: 0 };
for (let k = 0; k < N; k++) {
  const rnd = mulberry32(seed * 100003 + k);
  const table = gen(mode, rnd);
  const ref = readings(table, seed + k);
  const b = run(B as never, ref, null), m = run(M as never, ref, null);
  const jb = judge(table, b.seen), jm = judge(table, m.seen);
  s.stepsB += b.steps; s.stepsM += m.steps; s.maxB = Math.max(s.maxB, b.steps); s.maxM = Math.max(s.maxM, m.steps);
  if (m.steps > b.steps) s.mMore++; else if (b.steps > m.steps) s.bMore++;
  s.missedB += jb.missed; s.missedM += jm.missed; s.seenB += b.seen.length; s.seenM += m.seen.length;
  s.askedB += +jb.asked; s.askedM += +jm.asked; s.wrongB += +jb.wrongSilently; s.wrongM += +jm.wrongSilently;
  s.beyondB += jb.beyond; s.beyondM += jm.beyond;
  if (jm.asked && !jb.asked) s.askOnlyM++; if (jb.asked && !jm.asked) s.askOnlyB++;
}
console.log(JSON.stringify(s));
