// The simulated board in the page: the firmware that goes on the board, on the
// simulator's HAL (sim/simulation.ts), bundled for the browser. It runs on the
// page's clock (or as fast as it can, to play a scenario back at once), takes
// happenings, button presses and power cuts as lines, and talks to the
// companion over an in-page link that behaves as the Nordic UART does.
import { GAMES } from 'tallyboard:games';
import type { WebGame } from 'tallyboard:games';
import { SETTLED } from '../../firmware/sensing';
import { Simulation, parseScenarioOf } from '../../sim/simulation';
import type { SimGames } from '../../sim/simulation';
import type { GameWords } from '../../sim/phone';
import { DEFAULT_PAYLOAD, pieces } from './transport';
import type { Transport } from './transport';

/** The games and their words, as the simulation takes them. */
export function simGames(): SimGames {
  const factories: SimGames['factories'] = {};
  const words: GameWords = {};
  for (const g of GAMES) {
    words[g.id] = g.words;
    if (g.simGame) factories[g.id] = g.simGame;
  }
  return { factories, words };
}

/** A game by its id, or undefined. */
export function gameById(id: string): WebGame | undefined {
  return GAMES.find((g) => g.id === id);
}

/** The longest the board catches up in one go (ms of its time) when the page was away: a background tab does not run for minutes on return. */
const MAX_CATCH_UP_MS = 5000;

export class SimBoard {
  readonly sim: Simulation;
  /** The in-page link: what the companion connects to. */
  readonly link: Transport;
  /** Board ms per page ms (0: stopped). */
  speed = 1;
  /** Called after every step that changed what the board shows or sent. */
  onChange: (() => void) | null = null;
  private connected = false;
  private timer: number | null = null;
  private last = 0;
  /**
   * The board's present on the page's clock (ms of its time): what start() runs it on to. The simulation's own time is
   * its next scan's, which may be past it (a scan period, or a resting board's next moment of note): run on from
   * that, the board's clock ran fast (by a scan period a frame).
   */
  private present = 0;
  /** Sensors seen firing since the board was last at rest. */
  private readonly seen: string[] = [];

  /** A board playing `scenario` (JSON Lines, as `tallyboard replay` reads; throws ScenarioError for a bad one). */
  constructor(scenario: string) {
    this.sim = new Simulation(parseScenarioOf(scenario, simGames()));
    const board = this;
    const link: Transport = {
      name: 'simulated board',
      async connect() {
        board.connected = true;
      },
      async write(text: string) {
        if (!board.connected) throw new Error('not connected');
        for (const piece of pieces(text, DEFAULT_PAYLOAD)) board.sim.write(piece, true);
        board.changed();
      },
      close() {
        board.connected = false;
      },
      onData: null,
      onDrop: null,
    };
    this.link = link;
    this.sim.onChunk = (chunk) => {
      if (board.connected && link.onData) link.onData(chunk);
    };
    this.sim.onSense = (kind, sensor, level) => {
      if (kind === SETTLED || !level) return;
      if (!this.busy()) this.seen.length = 0;
      if (this.seen.indexOf(sensor) < 0) this.seen.push(sensor);
    };
  }

  /** The sensors the board saw fire in the play it is deciding (a stroke whose balls still roll), while it lasts. */
  seenUnderWay(): string[] {
    return this.busy() ? this.seen : [];
  }

  /** A new board with no lines: live play of `game`. */
  static live(game: string, players: number | string[], options: Record<string, unknown> = {}, seed = 1): SimBoard {
    return new SimBoard(JSON.stringify({ game, players, options, seed }) + '\n');
  }

  /** The board's time now (ms). */
  now(): number {
    return this.sim.t;
  }

  /** A line now: `{"do":"flick","stopMm":20}`, `{"button":"next"}`, `{"power":"cut"}`... */
  act(line: Record<string, unknown>): void {
    this.sim.add(line);
    this.sim.runUntil(this.sim.t);
    this.changed();
  }

  /** Runs the board to `t` (ms of its time). */
  runUntil(t: number): void {
    this.present = Math.max(this.present, t);
    this.sim.runUntil(t);
    this.changed();
  }

  /** Plays every line and on until the board is quiet (a scenario played back at once). */
  runToEnd(): void {
    this.sim.runToEnd();
    this.present = Math.max(this.present, this.sim.t);
    this.changed();
  }

  /** Runs on the page's clock, `speed` board ms a page ms, until stop(). */
  start(): void {
    if (this.timer !== null) return;
    this.last = performance.now();
    const frame = (): void => {
      const now = performance.now();
      const ahead = Math.min(MAX_CATCH_UP_MS, (now - this.last) * this.speed);
      this.last = now;
      if (ahead > 0) this.runUntil(this.present + ahead);
      this.timer = requestAnimationFrame(frame);
    };
    this.timer = requestAnimationFrame(frame);
  }

  stop(): void {
    if (this.timer !== null) cancelAnimationFrame(this.timer);
    this.timer = null;
  }

  /** Whether every line of the scenario has been played. */
  done(): boolean {
    const actions = this.sim.scenario.actions;
    return actions.length === 0 || this.sim.t > actions[actions.length - 1].t;
  }

  /** Whether the board has power (booting counts: the power is on). */
  powered(): boolean {
    return this.sim.powered;
  }

  /** Whether the board's game is in the middle of something it decides once at rest (a stroke whose balls still roll). */
  busy(): boolean {
    const firmware = this.sim.firmware;
    return firmware !== null && firmware.view().busy;
  }

  /** The display's modules as the MAX7219s light them: each cell's segments (bit 7 the point, then A..G). */
  segments(): number[][] {
    return this.sim.hal.chain.segments();
  }

  private changed(): void {
    if (this.onChange) this.onChange();
  }
}
