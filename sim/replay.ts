// Scenario replay (docs/replay.md): the firmware that goes on
// the board (firmware/runtime.ts with the game's module) runs on the simulator
// HAL under a virtual clock. Scenario lines become sensor signals, button
// presses, phone writes and power cuts; what the board sends to the phone and
// shows on its display is printed as JSON Lines. Every line is checked before
// the first tick, so a malformed scenario is reported and nothing half-run.
import { sensorNames } from '../firmware/board';
import { existsSync } from 'node:fs';
import { channelKinds, isIdle } from '../firmware/scan';
import { startFirmware } from '../firmware/runtime';
import type { Firmware } from '../firmware/runtime';
import { EDGE, SETTLED, TRANSIT } from '../firmware/sensing';
import type { Interpreter } from '../firmware/sensing';
import { ScanJitter, mulberry32 } from './inputs';
import { SimFlash, createSimHal } from './hal';
import type { SimHal } from './hal';
import type { Advert } from './radio';
import { createLineDecoder } from './phone';
import { gameWords } from './words';
import { ScenarioError, parseAction, splitScenario } from './scenario';
import type { ScenarioAction, ScenarioHeader } from './scenario';
import { plainSimGame } from './game';
import type { GameFactory, SimGame, World } from './game';
import { BENCH_CODE, benchGame } from './bench';
import { REFERENCE_BOARD } from '../firmware/board';
import { loadGames } from '../tools/games';

export { ScenarioError } from './scenario';
export type { ScenarioAction, ScenarioHeader } from './scenario';
export type { GameFactory, SimGame } from './game';

/** The refusal words the replay's phone decoder shows for the codes the board sends. */
const WORDS = gameWords();

/**
 * The games a scenario may name: every game of the registry (tools/games.ts),
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

/** How long the replay keeps scanning after the last line, at most, for everything to settle. */
const TAIL_LIMIT_MS = 60_000;
/**
 * After this long with nothing happening (no line, no sensor activity, nothing
 * shown or sent) the firmware has nothing left to do until the next line: it is
 * longer than its longest timeout (the pairing window, 60 s). The replay then skips to
 * the next line instead of scanning every pollMs, so a scenario costs time in
 * proportion to its events, not to its length.
 */
const IDLE_SKIP_MS = 60_000;
/** Display modules of the reference board (wiring.md). */
const MODULES = REFERENCE_BOARD.displayModules;
/**
 * How long a board takes from power to its first scan (ms), blind all along:
 * the nRF52832 starts, Espruino brings up its Bluetooth stack and runs the
 * stored bundle (16 KB, pretokenised) from flash, and the firmware replays the
 * saved game, checking and playing every record again on an interpreter that
 * takes some 50 µs a loop step: a few hundred ms for a short log, about a
 * second for a long game's. The simulator takes the long figure
 * (docs/saving.md): a scenario starts with the board already on, and
 * `{"power":"on"}` starts it.
 */
export const BOOT_MS = 1000;

/** A scenario, checked and ready to run: its header, its game, and its action lines. */
export interface Scenario {
  header: ScenarioHeader;
  game: SimGame;
  actions: ScenarioAction[];
}

/** Reads and checks a whole scenario; throws ScenarioError naming the line of the first problem. */
export function parseScenario(scenarioText: string): Scenario {
  const { header, headerLine, lines } = splitScenario(scenarioText);
  const factory = registry[header.game];
  if (!factory) throw new ScenarioError(headerLine, `game "${header.game}" is not available: the games are ${Object.keys(registry).join(', ')}`);
  let game: SimGame;
  try {
    game = factory(header);
    // A header the rules cannot play (players, options) is refused before anything runs.
    game.module.setup(gameConfig(header));
  } catch (e) {
    throw new ScenarioError(headerLine, (e as Error).message);
  }
  const board = game.module.board;
  const names = new Set(board.sensors.map((s) => s.name));
  const rules = {
    channels: board.channels,
    hasSensor: (name: string) => names.has(name),
    actions: game.actions,
    check: (a: ScenarioAction) => (a.kind === 'do' && game.check ? game.check(a) : null),
  };
  const actions: ScenarioAction[] = [];
  let prevT = 0;
  for (const l of lines) {
    const a = parseAction(l.n, l.o, prevT, rules);
    actions.push(a);
    prevT = a.t;
  }
  return { header, game, actions };
}

export function replay(scenarioText: string): { lines: string[] } {
  const sim = new Simulation(parseScenario(scenarioText));
  sim.runToEnd();
  return { lines: sim.out };
}

/** The game's model of its analog sensors, if its board has any. */
function analogOf(game: SimGame): ((ch: number, t: number) => number) | undefined {
  return game.analog ? (ch, t) => game.analog!(ch, t) : undefined;
}

function gameConfig(header: ScenarioHeader) {
  const players = header.players === undefined ? 2 : typeof header.players === 'number' ? header.players : header.players.length;
  return { players, options: header.options as Record<string, boolean | number | string> };
}

/**
 * The board and its world under a virtual clock, stepped scan by scan. The
 * replay runs it to the end; tests can stop anywhere, look at the firmware,
 * and cut the power.
 */
export class Simulation {
  /** Output lines so far (JSON). */
  readonly out: string[] = [];
  /** Every advert the board sent, across power cuts (each boot's radio records its own). */
  readonly adverts: Advert[] = [];
  readonly flash = new SimFlash();
  hal: SimHal;
  /** The running firmware; null while the power is off. */
  firmware: Firmware | null = null;
  /** Time of the last scan (ms). */
  t = 0;
  private now = 0;
  private next = 0;
  /** When something last happened: a line, sensor activity, or a line out. */
  private lastBusy = 0;
  /** Scan ticks run so far (time skipped while idle runs none). */
  scans = 0;
  private decoder = createLineDecoder(WORDS);
  /** While the board boots after a power-on: the time it is up; null otherwise. */
  private bootAt: number | null = null;
  private notes = 0;
  private advertsRead = 0;
  private writes = 0;
  private shown = '';
  private observe: Interpreter;
  private jitter: ScanJitter;
  private world: World;

  constructor(readonly scenario: Scenario) {
    const { header, game } = scenario;
    const board = game.module.board;
    this.hal = createSimHal({ channels: board.channels, kinds: channelKinds(board), banks: board.banks, seed: header.seed, modules: MODULES, flash: this.flash, analog: analogOf(game) });
    const printEdges = header.mode === 'diag' || header.game === 'bench';
    const nameOf = sensorNames(board);
    for (let ch = 0; ch < board.channels; ch++) nameOf[ch] ??= 'ch' + ch;
    this.observe = {
      sense: (kind, ch, level) => {
        if (!printEdges) return;
        if (kind === EDGE) this.emit({ edge: { ch, sensor: nameOf[ch], level } });
        // A transit is printed as the pair of edges it stands for.
        if (kind === TRANSIT) {
          this.emit({ edge: { ch, sensor: nameOf[ch], level: 1, transit: true } });
          this.emit({ edge: { ch, sensor: nameOf[ch], level: 0, transit: true } });
        }
        if (kind === SETTLED) this.emit({ settled: ch });
      },
      tick() {},
    };
    this.jitter = new ScanJitter(header.pollMs, header.jitterMs, mulberry32((header.seed ^ 0x5eed) >>> 0));
    const inputs = this.hal.inputs;
    this.world = {
      levels: (changes) => inputs.addClean(changes),
      state: () => (this.firmware ? this.firmware.view().state : null),
      busy: () => (this.firmware ? this.firmware.view().busy : false),
      random: inputs.random,
    };
    this.powerOn(0);
  }

  emit(line: Record<string, unknown>): void {
    this.lastBusy = this.now;
    this.out.push(JSON.stringify(Object.assign({ t: this.now }, line)));
  }

  /**
   * The power comes (back): the board boots for `bootMs`, seeing nothing, then
   * starts the firmware from whatever the flash holds at the first scan time
   * after that; the sensors stay as they are.
   */
  powerOn(bootMs = BOOT_MS): void {
    if (this.firmware || this.bootAt !== null) return;
    this.flash.powerOn();
    this.bootAt = this.now + bootMs;
    if (!bootMs) this.boot();
  }

  /** The board is up: the firmware starts, reading the flash and the sensors as they are now. */
  private boot(): void {
    this.bootAt = null;
    const { header, game } = this.scenario;
    const board = game.module.board;
    this.hal = createSimHal({ channels: board.channels, kinds: channelKinds(board), seed: header.seed, modules: MODULES, flash: this.flash, inputs: this.hal.inputs, analog: analogOf(game) });
    this.decoder = createLineDecoder(WORDS);
    this.notes = 0;
    this.advertsRead = 0;
    this.writes = 0;
    this.shown = '';
    const config = gameConfig(header);
    this.firmware = startFirmware(this.hal, game.module, {
      players: config.players,
      names: Array.isArray(header.players) ? header.players : undefined,
      options: config.options,
      pollMs: header.pollMs,
      debounce: header.debounce,
      diag: header.mode === 'diag',
      modules: MODULES,
      observe: this.observe,
    });
    this.flush();
  }

  powerOff(): void {
    this.bootAt = null;
    this.hal.ticker.stop();
    this.firmware = null;
  }

  /** Prints what the board sent and showed since the last look; stops the board if a cut struck a flash write. */
  private flush(): void {
    if (this.firmware && this.flash.cut) this.powerOff();
    const radio = this.hal.radio;
    for (; this.advertsRead < radio.adverts.length; this.advertsRead++) this.adverts.push(radio.adverts[this.advertsRead]);
    for (; this.notes < radio.notifications.length; this.notes++) {
      for (const message of this.decoder.push(radio.notifications[this.notes].chunk)) this.emit({ phone: message });
    }
    if (this.hal.chain.writes.length !== this.writes) {
      this.writes = this.hal.chain.writes.length;
      const text = this.hal.chain.text();
      if (text !== this.shown) {
        this.shown = text;
        this.emit({ display: text });
      }
    }
  }

  private act(a: ScenarioAction): void {
    const body = a.body;
    const board = this.scenario.game.module.board;
    const inputs = this.hal.inputs;
    if (a.kind === 'raw') {
      for (const r of body.raw as { ch: number; level: 0 | 1 }[]) inputs.setExact(a.t, r.ch, r.level);
    } else if (a.kind === 'set') {
      for (const [name, level] of Object.entries(body.set as Record<string, 0 | 1>)) {
        inputs.setExact(a.t, sensorNames(board).indexOf(name), level);
      }
    } else if (a.kind === 'do') {
      try {
        this.scenario.game.happen!(a, this.world);
      } catch (e) {
        throw new ScenarioError(a.line, (e as Error).message);
      }
    } else if (a.kind === 'power') {
      if (body.power === 'on') {
        if (!this.firmware) this.powerOn();
      } else if (typeof body.afterBytes === 'number') this.flash.cutAfter(body.afterBytes);
      else this.powerOff();
    } else if (!this.firmware) {
      // A board without power neither hears the phone nor sees a button.
    } else if (a.kind === 'button') {
      this.hal.buttons.press(body.button as string, (body.holdMs as number | undefined) ?? 0);
    } else if (a.kind === 'phone') {
      const text = typeof body.phone === 'string' ? body.phone : JSON.stringify(body.phone);
      this.hal.radio.write(text + '\n', body.paired !== false);
    }
  }

  /** Runs the lines due and one scan at the next scan time; then, when idle, skips time up to the next line (or `until`). */
  step(until = Infinity): void {
    const actions = this.scenario.actions;
    const inputs = this.hal.inputs;
    // Lines up to this scan happen at their own times, so level changes between scans keep them.
    while (this.next < actions.length && actions[this.next].t <= this.t) {
      this.now = actions[this.next].t;
      this.lastBusy = this.now;
      inputs.advanceTo(this.now);
      this.act(actions[this.next++]);
      this.flush();
    }
    this.now = this.t;
    inputs.advanceTo(this.t);
    if (this.bootAt !== null && this.t >= this.bootAt) this.boot();
    if (this.firmware) {
      this.hal.ticker.fire();
      this.scans++;
    }
    this.flush();
    if (!this.quiet()) this.lastBusy = this.t;
    this.t = this.jitter.next(this.t);
    const to = Math.min(until, this.next < actions.length ? actions[this.next].t : Infinity);
    // To the last scan time at or before `to` on the same grid, as if every scan between had run.
    if (this.t - this.lastBusy >= IDLE_SKIP_MS && to < Infinity) {
      const pollMs = this.scenario.header.pollMs;
      this.t += Math.max(0, Math.floor((to - this.t) / pollMs)) * pollMs;
    }
  }

  /** Nothing moving: no board booting, no sensor change under way or unread, and the scanner idle. */
  private quiet(): boolean {
    const inputs = this.hal.inputs;
    return this.bootAt === null && !inputs.pending() && !inputs.unread() && (!this.firmware || isIdle(this.firmware.scanner));
  }

  /** Steps until the scan time passes `t`. */
  runUntil(t: number): void {
    while (this.t <= t) this.step(t);
  }

  /** Runs every line, then on until the sensors are quiet and the game's timeouts are over; prints the final line. */
  runToEnd(): void {
    const { actions } = this.scenario;
    const lastT = actions.length > 0 ? actions[actions.length - 1].t : 0;
    for (;;) {
      const t = this.t;
      this.step();
      if (this.next >= actions.length && t >= lastT + this.scenario.game.tailMs && this.quiet()) break;
      if (t > lastT + TAIL_LIMIT_MS) break;
    }
    this.emit({ final: this.final() });
  }

  /** The final line's fields. */
  final(): Record<string, unknown> {
    const fw = this.firmware;
    let final: Record<string, unknown>;
    if (!fw) final = { scores: [], winner: null, power: 'off' };
    else if (this.scenario.game.final) final = this.scenario.game.final(fw);
    else {
      const view = fw.view();
      final = { scores: view.scores, winner: view.winner, turn: view.turn, state: view.state };
      if (view.diag) final.diag = view.diag.report(view.now);
    }
    if (fw) final.lost = fw.scanner.lost;
    return final;
  }
}
