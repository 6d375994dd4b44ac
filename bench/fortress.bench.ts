// npm run bench fortress: the board against the independent referee
// (test/fortress-referee.ts) at scale: generated games of fortification
// billiards, played as scenarios through the simulated table, the board's
// final scores, winner and turn against the referee's. A failure prints the
// scenario it shrank to, to keep under scenarios/ as a regression scenario.
import fc from 'fast-check';
import { agrees, games } from '../test/fortress-referee';

const RUNS = Number(process.env.FORTRESS_GAMES) || 400;
const CHECK_MS = 12 * 60_000;

export async function run(print: (line: string) => void): Promise<void> {
  const t0 = Date.now();
  // (The check stops after CHECK_MS, its runs and a failure's shrinking: games of 1,200 steps shrink for longer than a
  // bench may run, and the smallest failure found by then is printed.)
  const result = fc.check(fc.property(games(1200), agrees), { seed: Date.now() % 100000, numRuns: RUNS, interruptAfterTimeLimit: CHECK_MS });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  print(`fortress against the referee: ${result.numRuns} generated games (fast-check seed ${result.seed}), ${result.failed ? 'a disagreement' : 'all agree'}${result.interrupted ? ` (stopped after ${CHECK_MS / 60_000} min)` : ''}, ${seconds} s`);
  if (result.failed) print(String((result.errorInstance as Error).message));
}
