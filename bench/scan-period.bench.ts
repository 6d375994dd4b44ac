// Every scenario of scenarios/ replayed at its board's scan period and at 1 ms
// (test/scan-period.ts; CI replays every game's examples and a seeded sample of
// the others): each one whose scores or winner differ, then how many do. The
// scenarios timed to an instant of a shuffleboard decision are replayed too,
// and told apart: at 1 ms their line lands elsewhere, as the test expects.
import { SCENARIOS, TIMED_TO_THE_DECISION, endings } from '../test/scan-period';

export async function run(print: (line: string) => void): Promise<void> {
  const t0 = Date.now();
  let differ = 0;
  let timed = 0;
  for (const file of SCENARIOS) {
    const { atItsPeriod, at1ms } = endings(file);
    if (JSON.stringify(atItsPeriod) === JSON.stringify(at1ms)) continue;
    const expected = TIMED_TO_THE_DECISION.includes(file);
    if (expected) timed++;
    else differ++;
    print(`${file}: ${JSON.stringify(atItsPeriod)} at its board's scan period, ${JSON.stringify(at1ms)} at 1 ms${expected ? ' (timed to the decision: expected)' : ''}`);
  }
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  print(`${SCENARIOS.length} scenarios at their board's scan period and at 1 ms: ${differ} end otherwise (scores or winner); of the ${TIMED_TO_THE_DECISION.length} timed to a shuffleboard decision (npm test leaves them out), ${timed} (${seconds} s)`);
}
