// The scan period each board uses on the chip (GameModule.pollMs) against 1 ms
// scans: a scenario replayed at its board's period (the replay's default) ends
// with the scores and winner it ends with at 1 ms. Used by
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

/** The scenario's final scores and winner, replayed with its header's pollMs set to `pollMs` (undefined: left out). */
function ending(text: string, pollMs: number | undefined): unknown {
  const [head, ...rest] = text.split('\n');
  const header = { ...JSON.parse(head), pollMs };
  const lines = replay([JSON.stringify(header), ...rest].join('\n')).lines;
  const final = JSON.parse(lines[lines.length - 1]).final;
  return [final.scores, final.winner];
}

/** A scenario of scenarios/ (its file name) ended at its board's scan period and at 1 ms. */
export function endings(file: string): { atItsPeriod: unknown; at1ms: unknown } {
  const text = readFileSync(join(DIR, file), 'utf8');
  return { atItsPeriod: ending(text, undefined), at1ms: ending(text, 1) };
}
