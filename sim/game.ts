// A game as the simulator plays it: its firmware module (the very code that
// goes on the board) and, when the game has one, a model of its physical board
// (sim/games/<id>.ts) that turns a scenario's `do` lines into sensor signals.
import type { GameModule } from '../firmware/game';
import type { Firmware } from '../firmware/runtime';
import type { LevelChange } from './physics/types';
import type { Random } from './physics/bounce';
import type { ScenarioAction, ScenarioHeader } from './scenario';

/** What a physical happening can touch: the sensors, and what the players see of the game. */
export interface World {
  /** Clean level changes; the simulator adds each sensor kind's imperfections. */
  levels(changes: LevelChange[]): void;
  /** The firmware's game state, as the display shows it to the players (null while the power is off). */
  state(): unknown;
  /** Whether the firmware is still working out the last move (the board has not shown it yet). */
  busy(): boolean;
  random: Random;
}

export interface SimGame {
  module: GameModule<any, any>;
  /** Actions the game takes beside raw and set: do, button, phone, power. */
  actions: string[];
  /** Checks a `do` line's fields before anything runs: a message, or null. */
  check?(a: ScenarioAction): string | null;
  /** The world as a scenario starts, before the board first boots (what the game's setup assumes): levels set exactly at 0. */
  start?(world: World): LevelChange[];
  /** A `do` line: the happening's sensor signals. */
  happen?(a: ScenarioAction, world: World): void;
  /**
   * The power goes at `t` while the board runs: what the players keep in mind of the game while it is off or
   * starting, the game as the board last showed it (an undo or a referee's mark included) and whether it was then
   * still working out a move (at the last scan it ran whole: a cut in a write shows nothing after that write).
   */
  cut?(shown: unknown, busy: boolean, t: number): void;
  /** How long to keep scanning after the last line, so the game's own timeouts run out. */
  tailMs: number;
  /**
   * The chunks of log (4,064 bytes each) a board of this game has room for: the build keeps the game's firmware in
   * Storage small enough to leave them (test/bundles.test.ts), and the simulator gives its log that room. 1 unless told.
   */
  logChunks?: number;
  /** The level of each channel of the board's analog bank at time t, when it has one (hal/types.ts AnalogBank). */
  analog?(ch: number, t: number): number;
  /** What analog gives channels from..to at time t, into out[from..to): a scan reads a row of channels at one time. */
  analogRun?(from: number, to: number, t: number, out: Float64Array): void;
  /**
   * The least and the most that channel ch can read at time t (range[0], range[1]), told more cheaply than the
   * reading itself, or false when it cannot tell cheaply: a scan that only asks whether a reading moved off the one
   * it keeps needs no more (sim/hal.ts). `kept`, when given, is the reading the scan keeps for it (in 255ths of the
   * supply: hal/types.ts AnalogBank.changes): the game may then tell a range that holds for reads to come.
   */
  analogRange?(ch: number, t: number, range: Float64Array, kept?: number): boolean;
  /**
   * The levels at time t of the analog sensors on the board's wake line (wiring.md, Resting when idle), as bits, for a
   * board that has some: a change between two scans pulses it, as any change of a digital sensor does.
   */
  wake?(t: number): number;
  /** The final line's fields, when the game has its own. */
  final?(firmware: Firmware): Record<string, unknown>;
}

/** Builds a game for a scenario header; throws an Error with a readable message for a header it cannot play. */
export type GameFactory = (header: ScenarioHeader) => SimGame;

/** Actions of a game with a model of its board: happenings, the buttons, the phone and the power. */
export const PLAY_ACTIONS = ['do', 'button', 'phone', 'power'];

/** A `do` line's problem when it has a field beside `allowed`, or null. */
export function fieldsProblem(a: ScenarioAction, allowed: string[]): string | null {
  for (const k of Object.keys(a.body)) if (allowed.indexOf(k) < 0) return `unexpected field "${k}" in a ${a.body.do} happening`;
  return null;
}

/**
 * A game with no model of its board (no sim/games/<id>.ts): its scenarios
 * play raw and set lines, the buttons, the phone and the power, but no `do`.
 */
export function plainSimGame(module: GameModule<any, any>): SimGame {
  return { module, actions: ['button', 'phone', 'power'], tailMs: 0 };
}
