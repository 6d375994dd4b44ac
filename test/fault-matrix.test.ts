// The fault matrix (test/fault-matrix.ts) in CI: a seeded sample of its cases, the
// priority ones always among them; `npm run bench faults` runs every case.
import assert from 'node:assert/strict';
import { allCases, caseName, judge } from './fault-matrix';
import { mulberry32 } from '../sim/inputs';

/** Cases always run: the faults of issue 26's regressions. */
const ALWAYS = [/bell\.FA1 from/, /mouth\.FA1\.s\.lo from/, /stuck grid\.33\.8/, /inverted grid/, /floating grid/,
  // The digital games' hostile findings: the rest of a stroke scored, rings lost to chatter, a stuck point scoring.
  /25 Hz bell\.FA2/, /10 Hz board\.impact/, /stuck-active tri\.A\.even/];
/** Cases drawn besides them (each a second or two; the grid's noise longer). */
const SAMPLE = 10;

describe('fault matrix: a fault reported in time, no phantom point, back in service after the lift', function () {
  this.timeout(120_000);
  const random = mulberry32(26);
  // (A whole game's case is its regression scenario's, replayed by test/fault-scenarios.test.ts.)
  const cases = allCases().filter((c) => !/noise grid\.\*/.test(caseName(c)) && !c.whole);
  const chosen = cases.filter((c) => ALWAYS.some((r) => r.test(caseName(c))));
  const rest = cases.filter((c) => !chosen.includes(c));
  while (chosen.length < ALWAYS.length * 2 + SAMPLE && rest.length) chosen.push(rest.splice(Math.floor(random() * rest.length), 1)[0]);
  for (const c of chosen) {
    it(caseName(c), () => {
      const { problems, scenario } = judge(c);
      assert.deepEqual(problems, [], `replay this scenario to see it:\n${scenario}`);
    });
  }
});
