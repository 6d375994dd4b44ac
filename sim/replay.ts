// Scenario replay (docs/replay.md): the firmware that goes on
// the board (firmware/runtime.ts with the game's module) runs on the simulator
// HAL under a virtual clock (sim/simulation.ts). Scenario lines become sensor
// signals, button presses, phone writes and power cuts; what the board sends to
// the phone and shows on its display is printed as JSON Lines. Every line is
// checked before the first tick, so a malformed scenario is reported and nothing
// half-run. This module gives the simulation the games from their folders.
import { existsSync } from 'node:fs';
import { gameWords } from './words';
import { plainSimGame } from './game';
import type { GameFactory } from './game';
import { BENCH_CODE, benchGame } from './bench';
import { loadGames } from '../firmware/games/registry';
import { Simulation, parseScenarioOf } from './simulation';
import type { Scenario, SimGames } from './simulation';

export { ScenarioError } from './scenario';
export type { ScenarioAction, ScenarioHeader } from './scenario';
export type { GameFactory, SimGame } from './game';
export { BOOT_MS, Simulation } from './simulation';
export type { Scenario } from './simulation';

/**
 * The games a scenario may name: every game of the registry (firmware/games/registry.ts),
 * with its board's model when it has one (sim/games/<id>.ts exports
 * `simGame`), and the bench game.
 */
async function loadSimGames(): Promise<{ factories: Record<string, GameFactory>; names: Record<number, string> }> {
  const factories: Record<string, GameFactory> = { bench: benchGame };
  const names: Record<number, string> = { [BENCH_CODE]: 'bench' };
  for (const { id, module } of await loadGames()) {
    if (module.code === BENCH_CODE) throw new Error(`game ${id} has the bench game's advert code ${BENCH_CODE}`);
    names[module.code] = id;
    const physics = new URL(`./games/${id}.ts`, import.meta.url);
    factories[id] = existsSync(physics) ? (await import(physics.href) as { simGame: GameFactory }).simGame : () => plainSimGame(module);
  }
  return { factories, names };
}

const loaded = await loadSimGames();
const registry = loaded.factories;
/** The games and the refusal words the replay's phone decoder shows for the codes the board sends. */
const GAMES: SimGames = { factories: registry, words: gameWords() };

/** Each game's name by its advert code (byte 2), as a phone's decoder takes it (sim/phone.ts decodeAdvert). */
export function advertGameNames(): Record<number, string> {
  return Object.assign({}, loaded.names);
}

/** Registers (or with null, removes) a game; returns a function that puts back what was there. */
export function registerGame(id: string, factory: GameFactory | null): () => void {
  const before = registry[id];
  if (factory) registry[id] = factory;
  else delete registry[id];
  return () => {
    if (before) registry[id] = before;
    else delete registry[id];
  };
}

/** Reads and checks a whole scenario; throws ScenarioError naming the line of the first problem. */
export function parseScenario(scenarioText: string): Scenario {
  return parseScenarioOf(scenarioText, GAMES);
}

export function replay(scenarioText: string): { lines: string[] } {
  const sim = new Simulation(parseScenario(scenarioText));
  sim.runToEnd();
  return { lines: sim.out };
}
