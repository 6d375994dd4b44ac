// Every scenario of scenarios/ replayed at its board's scan period, at 1 ms, and at its board's period with every
// line some milliseconds later (test/scan-period.ts; CI replays every game's examples and a seeded sample of the
// others): each one whose scores or winner differ, then how many do. The scenarios timed to an instant of a
// shuffleboard decision are replayed too, and told apart: at 1 ms their line lands elsewhere, as the test expects;
// so are those known to end otherwise at another phase (PHASE_SENSITIVE: two, by what their fault hides).
import { PHASE_SENSITIVE, SCENARIOS, SHIFTS_MS, TIMED_TO_THE_DECISION, endings } from '../test/scan-period';

export async function run(print: (line: string) => void): Promise<void> {
  const t0 = Date.now();
  let differ = 0;
  let timed = 0;
  let phased = 0;
  let known = 0;
  for (const file of SCENARIOS) {
    const { atItsPeriod, at1ms, shifted } = endings(file);
    const at = JSON.stringify(atItsPeriod);
    if (at !== JSON.stringify(at1ms)) {
      const expected = TIMED_TO_THE_DECISION.includes(file);
      if (expected) timed++;
      else differ++;
      print(`${file}: ${at} at its board's scan period, ${JSON.stringify(at1ms)} at 1 ms${expected ? ' (timed to the decision: expected)' : ''}`);
    }
    const other = shifted.map((e, k) => [SHIFTS_MS[k], JSON.stringify(e)] as [number, string]).filter(([, e]) => e !== at);
    if (!other.length) continue;
    if (PHASE_SENSITIVE.includes(file)) known++;
    else phased++;
    print(`${file}: ${at} as written, ${other.map(([ms, e]) => `${e} with its lines ${ms} ms later`).join(', ')}${PHASE_SENSITIVE.includes(file) ? ' (known: PHASE_SENSITIVE)' : ''}`);
  }
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  print(`${SCENARIOS.length} scenarios at their board's scan period and at 1 ms: ${differ} end otherwise (scores or winner); of the ${TIMED_TO_THE_DECISION.length} timed to a shuffleboard decision (npm test leaves them out), ${timed}`);
  print(`with every line ${SHIFTS_MS.join(' or ')} ms later: ${phased} end otherwise; of the ${PHASE_SENSITIVE.length} known to (npm test leaves them out), ${known} (${seconds} s)`);
}
