// The scan period each board uses on the chip (GameModule.pollMs) against 1 ms
// scans: a scenario replayed at its board's period (the replay's default) ends
// with the scores and winner it ends with at 1 ms; and as it ends with every
// line some milliseconds later, where the board's scans fall at other instants
// of it (a board's scans keep no time with the game played on it). Used by
// test/scan-period.test.ts (every game's examples and a seeded sample of the
// other scenarios) and bench/scan-period.bench.ts (every scenario).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replay } from '../sim/replay';
import { ROOT, examplesOf } from '../tools/games';
import { gameIds } from '../firmware/games/registry';

const DIR = join(ROOT, 'scenarios');

/** Every scenario of scenarios/, by file name. */
export const SCENARIOS = readdirSync(DIR).filter((f) => f.endsWith('.jsonl')).sort();

/** Every game's example scenarios: scenarios/<game>-*.jsonl. */
export const EXAMPLES = (await gameIds()).flatMap(examplesOf);

/**
 * Scenarios whose very point is a line at an instant of a shuffleboard throw's decision, which runs a step a scan
 * tick (ten times sooner over at 1 ms scans): a command while throws launched meanwhile still slide, a cut in the
 * writes that end the decision. At 1 ms the decision is over before that instant, and the line lands elsewhere.
 */
export const TIMED_TO_THE_DECISION = ['regression-shuffleboard-cut-between-seen-and-kept-launches.jsonl', 'regression-shuffleboard-undo-as-kept-weight-slides.jsonl'];

/**
 * The lines of a scenario are shifted by each of these (ms) to play it at other phases of its board's scans: more than a
 * shuffleboard board's 10 ms scan period apart, as a board boots at no time of the game's.
 */
export const SHIFTS_MS = [22, 77, 95];

/**
 * Scenarios that end otherwise at another phase of their board's scans (found by this check: test/hostile-findings/
 * README.md, round 18), by what the fault hides: a fortification billiards mouth sensor dropping out for 10 ms at
 * 50 Hz hides a ball's transit or not (the board tells `missed`, or scores it); a triangle flick comes in the second
 * between a stuck sensor's mending and the check that trusts it again, or after it (not scored, for the referee to
 * enter, or scored). (A third, shuffleboard's dead select line, was a defect, mended: test/fault-scenarios.test.ts.)
 */
export const PHASE_SENSITIVE = ['fault-fortress-mouth-dropout.jsonl', 'fault-triangle-stuck-over-mid-flick.jsonl'];

/** A scenario's text with every line after its header `shiftMs` later. */
export function shiftedBy(text: string, shiftMs: number): string {
  const [head, ...rest] = text.split('\n');
  return [head, ...rest.map((line) => {
    if (!line.trim() || !shiftMs) return line;
    const body = JSON.parse(line);
    return JSON.stringify(typeof body.t === 'number' ? Object.assign(body, { t: body.t + shiftMs }) : body);
  })].join('\n');
}

/** The scenario's final scores and winner, replayed with its header's pollMs set to `pollMs` (undefined: left out), every line `shiftMs` later. */
function ending(text: string, pollMs: number | undefined, shiftMs = 0): unknown {
  const [head, ...rest] = shiftedBy(text, shiftMs).split('\n');
  const header = { ...JSON.parse(head), pollMs };
  const lines = replay([JSON.stringify(header), ...rest].join('\n')).lines;
  const final = JSON.parse(lines[lines.length - 1]).final;
  return [final.scores, final.winner];
}

/** A scenario of scenarios/ (its file name) ended at its board's scan period, at 1 ms, and at its board's period every line SHIFTS_MS later. */
export function endings(file: string): { atItsPeriod: unknown; at1ms: unknown; shifted: unknown[] } {
  const text = readFileSync(join(DIR, file), 'utf8');
  return { atItsPeriod: ending(text, undefined), at1ms: ending(text, 1), shifted: SHIFTS_MS.map((ms) => ending(text, undefined, ms)) };
}
