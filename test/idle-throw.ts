// A shuffleboard throw at a given moment, on a board left alone until then
// (wiring.md, Resting when idle): test/idle.test.ts sweeps a sample of the
// moments of a rest tick, `npm run bench idle` every millisecond of one.
import { Simulation, parseScenario } from '../sim/replay';

/** Where the throw's weight comes to rest: d from the end edge, y from the left rail (mm). */
export const PLACE = { d: 400, y: 250 };

/**
 * A board left alone until `at`, then a weight thrown; whether it rested just before, what the phone was last told
 * (the end's throws left, the weight's distance; null: nothing), and whether that is the throw counted and its weight
 * within 3 mm of where it lies.
 */
export function throwAt(at: number, wakeLine = true): { resting: boolean; told: { left: number; d: number } | null; counted: boolean } {
  const sim = new Simulation(parseScenario(
    `{"game":"shuffleboard","players":2,"options":{"firstPlayer":0},"seed":5}\n{"t":${at},"do":"slide","to":${JSON.stringify(PLACE)}}`));
  sim.wakeLine = wakeLine;
  sim.runUntil(at - 1);
  const resting = sim.hal.ticker.restMs() > 0;
  const before = sim.out.length;
  sim.runUntil(at + 8000);
  const states = sim.out.slice(before).map((l) => JSON.parse(l).phone).filter((p) => p && p.type === 'state');
  const last = states[states.length - 1];
  const told = last ? { left: last.left as number, d: last.weights[0]?.d as number } : null;
  return { resting, told, counted: !!told && told.left === 7 && Math.abs(told.d - PLACE.d) <= 3 };
}

