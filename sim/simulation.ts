// The simulation of a board: the firmware that goes on the board
// (firmware/runtime.ts with the game's module) on the simulator HAL under a
// virtual clock, fed a checked scenario (docs/replay.md). It reads no files: the
// replay (sim/replay.ts) gives it the games from their folders, and the
// companion page (web/) the same games bundled, so the browser runs it as Node does.
import { sensorNames, REFERENCE_BOARD } from '../firmware/board';
import { channelKinds, isIdle } from '../firmware/scan';
import { startFirmware } from '../firmware/runtime';
import type { Firmware } from '../firmware/runtime';
import { EDGE, SETTLED, TRANSIT } from '../firmware/sensing';
import type { Interpreter, SensorEventKind } from '../firmware/sensing';
import { ScanJitter, mulberry32 } from './inputs';
import { SimFlash, createSimHal } from './hal';
import { LOG_CHUNK_BYTES } from './flash';
import type { SimHal, SimHalOptions } from './hal';
import type { Advert } from './radio';
import { createLineDecoder } from './phone';
import type { GameWords } from './phone';
import { ScenarioError, parseAction, splitScenario } from './scenario';
import type { LineRules, ScenarioAction, ScenarioHeader } from './scenario';
import type { GameFactory, SimGame, World } from './game';
import { faultLineProblem } from './faults';

/** The games a scenario may name, by id, and the refusal words the phone's decoder shows for them. */
export interface SimGames {
  factories: Record<string, GameFactory>;
  words: GameWords;
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

/** A scenario, checked and ready to run: its header, its game, its action lines, what checks a line, and the words its phone shows. */
export interface Scenario {
  header: ScenarioHeader;
  game: SimGame;
  actions: ScenarioAction[];
  rules: LineRules;
  words: GameWords;
}

/** Reads and checks a whole scenario of one of `games`; throws ScenarioError naming the line of the first problem. */
export function parseScenarioOf(scenarioText: string, games: SimGames): Scenario {
  const { header, headerLine, lines } = splitScenario(scenarioText);
  const registry = games.factories;
  // (Its own games only: a name every object has, `toString` or `__proto__`, is none of them.)
  const factory = Object.prototype.hasOwnProperty.call(registry, header.game) ? registry[header.game] : undefined;
  if (!factory) throw new ScenarioError(headerLine, `game "${header.game}" is not available: the games are ${Object.keys(registry).join(', ')}`);
  let game: SimGame;
  try {
    game = factory(header);
    // Without a pollMs of its own, a scenario scans as the game's board does.
    if (!header.pollMs) header.pollMs = game.module.pollMs;
    // A header the rules cannot play (players, options) is refused before anything runs.
    game.module.setup(gameConfig(header));
  } catch (e) {
    throw new ScenarioError(headerLine, (e as Error).message);
  }
  const board = game.module.board;
  const names = new Set(board.sensors.map((s) => s.name));
  const rules: LineRules = {
    channels: board.channels,
    hasSensor: (name: string) => names.has(name),
    actions: game.actions,
    check: (a: ScenarioAction) => (a.kind === 'do' && game.check ? game.check(a) : null),
    fault: (o: Record<string, unknown>) => faultLineProblem(o, board),
  };
  const actions: ScenarioAction[] = [];
  let prevT = 0;
  for (const l of lines) {
    const a = parseAction(l.n, l.o, prevT, rules);
    actions.push(a);
    prevT = a.t;
  }
  return { header, game, actions, rules, words: games.words };
}

/**
 * The game's model of its analog sensors, if its board has any: the levels, how far they can lie
 * (SimGame.analogRange), and runs of levels (SimGame.analogRun; a game without, or whose analog was replaced since,
 * reads a run one channel at a time).
 */
function analogOf(game: SimGame): Pick<SimHalOptions, 'analog' | 'analogRange' | 'analogRun'> {
  const own = game.analog;
  return {
    analog: game.analog ? (ch, t) => game.analog!(ch, t) : undefined,
    analogRange: game.analogRange ? (ch, t, range, kept) => game.analogRange!(ch, t, range, kept) : undefined,
    analogRun: game.analog ? (from, to, t, out) => {
      if (game.analogRun && game.analog === own) game.analogRun(from, to, t, out);
      else for (let ch = from; ch < to; ch++) out[ch] = game.analog!(ch, t);
    } : undefined,
  };
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
  /** The board's flash, its log given the room a board of the game has (or the scenario's). */
  readonly flash = new SimFlash(this.scenario.header.logBytes ?? (this.scenario.game.logChunks ?? 1) * LOG_CHUNK_BYTES);
  hal: SimHal;
  /** The running firmware; null while the power is off. */
  firmware: Firmware | null = null;
  /** Time of the last scan (ms). */
  t = 0;
  private now = 0;
  private next = 0;
  /** When something last happened: a line, sensor activity, or a line out. */
  private lastBusy = 0;
  /** Whether the board's wake line is wired (wiring.md, Resting when idle): without it a resting board sees only what its slow ticks read. */
  wakeLine = true;
  /** While resting: the time of the next rest tick. */
  private restTickAt = 0;
  /** The sensor changes the wake line has pulsed for (SimInputs.changes at the last scan), and its analog sensors' levels then (SimGame.wake). */
  private changesSeen = 0;
  private wakeSeen = 0;
  /** Scan ticks run so far (time skipped while idle runs none). */
  scans = 0;
  /** Hears every sensor event the firmware's scan passes to the game (edges, transits, settled groups), with the sensor's name. */
  onSense: ((kind: SensorEventKind, sensor: string, level: number) => void) | null = null;
  /** Hears every notification the board sends, as the radio split it (a phone's link: the companion page's in-page one). */
  onChunk: ((chunk: string) => void) | null = null;
  private decoder = createLineDecoder(this.scenario.words);
  /** While the board boots after a power-on: the time it is up; null otherwise. */
  private bootAt: number | null = null;
  /** When the board last booted (its scans begin a scan period later). */
  private bootedAt = -Infinity;
  private notes = 0;
  private advertsRead = 0;
  private writes = 0;
  private shown = '';
  /** The game state as the board last showed it, and whether it was then still working out a move (SimGame.cut). */
  private shownText = '';
  private shownBusy = false;
  /** Notifications and adverts the board had sent when an armed cut struck a flash write, until it boots again (-1: none struck). */
  private sentAtCut = -1;
  private advertsAtCut = 0;
  private observe: Interpreter;
  private jitter: ScanJitter;
  private world: World;

  constructor(readonly scenario: Scenario) {
    const { header, game } = scenario;
    const board = game.module.board;
    this.hal = createSimHal({ channels: board.channels, kinds: channelKinds(board), banks: board.banks, seed: header.seed, modules: MODULES, flash: this.flash, ...analogOf(game), board });
    const printEdges = header.mode === 'diag' || header.game === 'bench';
    const nameOf = sensorNames(board);
    for (let ch = 0; ch < board.channels; ch++) nameOf[ch] ??= 'ch' + ch;
    this.observe = {
      sense: (kind, ch, level) => {
        if (this.onSense) this.onSense(kind, nameOf[ch], level);
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
    for (const c of game.start ? game.start(this.world) : []) inputs.setExact(0, c.ch, c.level);
    inputs.advanceTo(0);
    this.flash.onCut = () => {
      this.sentAtCut = this.hal.radio.notifications.length;
      this.advertsAtCut = this.hal.radio.adverts.length;
    };
    this.powerOn(0);
  }

  emit(line: Record<string, unknown>): void {
    this.lastBusy = this.now;
    this.out.push(JSON.stringify(Object.assign({ t: this.now }, line)));
  }

  /**
   * The power comes (back): the board boots for `bootMs`, seeing nothing, then
   * starts the firmware from whatever the flash holds (its first scan a scan
   * period later); the sensors stay as they are.
   */
  powerOn(bootMs = BOOT_MS): void {
    if (this.firmware || this.bootAt !== null) return;
    this.flash.powerOn();
    this.bootAt = this.now + bootMs;
    if (!bootMs) this.boot();
  }

  /** A board booting is up by `t`: it boots. */
  private bootIfUp(t: number): void {
    if (this.bootAt !== null && t >= this.bootAt) this.boot();
  }

  /** The board is up: the firmware starts, reading the flash and the sensors as they are now. */
  private boot(): void {
    this.bootedAt = this.bootAt!;
    this.bootAt = null;
    this.sentAtCut = -1;
    const { header, game } = this.scenario;
    const board = game.module.board;
    this.hal = createSimHal({ channels: board.channels, kinds: channelKinds(board), seed: header.seed, modules: MODULES, flash: this.flash, inputs: this.hal.inputs, ...analogOf(game) });
    this.decoder = createLineDecoder(this.scenario.words);
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

  /** Whether the board has power: running, or booting after a power-on. */
  get powered(): boolean {
    return this.firmware !== null || this.bootAt !== null;
  }

  powerOff(): void {
    if (this.firmware && this.scenario.game.cut) this.scenario.game.cut(this.shownText ? JSON.parse(this.shownText) : null, this.shownBusy, this.now);
    this.bootAt = null;
    this.hal.ticker.stop();
    this.firmware = null;
  }

  /**
   * Prints what the board sent and showed since the last look; stops the board if a cut struck a flash write, and
   * then prints nothing it sent or showed after the cut (the chip died in the middle of that write).
   */
  private flush(): void {
    const radio = this.hal.radio;
    if (this.firmware && this.flash.cut) this.powerOff();
    const dead = this.sentAtCut >= 0;
    const sent = dead ? this.sentAtCut : radio.notifications.length;
    for (; this.advertsRead < (dead ? this.advertsAtCut : radio.adverts.length); this.advertsRead++) this.adverts.push(radio.adverts[this.advertsRead]);
    for (; this.notes < sent; this.notes++) {
      const chunk = radio.notifications[this.notes].chunk;
      if (this.onChunk) this.onChunk(chunk);
      for (const message of this.decoder.push(chunk)) this.emit({ phone: message });
    }
    if (!dead && this.hal.chain.writes.length !== this.writes) {
      this.writes = this.hal.chain.writes.length;
      const text = this.hal.chain.text();
      if (text !== this.shown) {
        this.shown = text;
        this.emit({ display: text });
      }
    }
    if (this.firmware && !dead && this.scenario.game.cut) {
      // (The state's text, parsed only if the power goes: parsing it at every step took most of a fortress replay's time.)
      const standing = this.firmware.standing();
      this.shownText = standing.text;
      this.shownBusy = standing.busy;
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
    } else if (a.kind === 'fault') {
      // The hardware's: struck (or mended) whether the board is on or not.
      inputs.faults!.apply(body, a.t);
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

  /**
   * Adds a line (a happening, a button, the power...) to happen at its `t`, or
   * at the next scan when it has none or one that is past: live play, line by
   * line. Checked as a scenario's lines are; throws ScenarioError.
   */
  add(line: Record<string, unknown>): ScenarioAction {
    const actions = this.scenario.actions;
    const last = actions.length > 0 ? actions[actions.length - 1].t : 0;
    return this.insert(Object.assign({}, line, { t: Math.max(typeof line.t === 'number' ? line.t : 0, last) }));
  }

  /**
   * Adds a line at its `t` among the lines still to come (after those of the same time), or at the next scan when its
   * `t` is past: an answer to what the board said, due before lines already laid. Checked as add's; throws ScenarioError.
   */
  insert(line: Record<string, unknown>): ScenarioAction {
    const actions = this.scenario.actions;
    const t = Math.max(typeof line.t === 'number' ? line.t : 0, this.t);
    let k = actions.length;
    while (k > this.next && actions[k - 1].t > t) k--;
    const a = parseAction(k + 2, Object.assign({}, line, { t }), k > 0 ? actions[k - 1].t : 0, this.scenario.rules);
    actions.splice(k, 0, a);
    return a;
  }

  /** A phone writes raw UART data now, paired or not (nothing hears it while the power is off). */
  write(data: string, paired = true): void {
    if (!this.firmware) return;
    this.lastBusy = this.now;
    this.hal.radio.write(data, paired);
    this.flush();
  }

  /** Runs the lines due and one scan at the next scan time; then, when idle, skips time up to the next line (or `until`). */
  step(until = Infinity): void {
    const actions = this.scenario.actions;
    const inputs = this.hal.inputs;
    // Lines up to this scan happen at their own times, so level changes between scans keep them.
    while (this.next < actions.length && actions[this.next].t <= this.t) {
      this.now = actions[this.next].t;
      // (A board up at a line's instant hears it: it boots first.)
      this.bootIfUp(this.now);
      this.lastBusy = this.now;
      inputs.advanceTo(this.now);
      this.act(actions[this.next++]);
      this.flush();
    }
    this.now = this.t;
    inputs.advanceTo(this.t);
    // (A board booted has a ticker of its own, whose timer first fires a scan period from its boot.)
    this.bootIfUp(this.t);
    const ticker = this.hal.ticker;
    // A sensor change since the last scan pulsed the wake line: a resting board ticks fast again. So does a fault
    // that changes what a sensor reads (a floating input, a chatter: faults apply where the board reads), and a
    // change of the analog sensors on the line (shuffleboard's launch row).
    const wake = this.scenario.game.wake ? this.scenario.game.wake(this.t) : 0;
    if (this.wakeLine && (inputs.changes !== this.changesSeen || wake !== this.wakeSeen || inputs.faults!.changing())) {
      this.changesSeen = inputs.changes;
      ticker.wake();
    }
    this.wakeSeen = wake;
    // A resting board ticks at its rest ticks alone: a line (a phone's, a happening) wakes it only through the wake line.
    // Its rest ticks come every rest period from the tick that began the rest (the board's timer, slowed:
    // hal/espruino/inputs.ts espruinoTicker). Its first tick is a scan period after its boot, where a board's timer
    // first fires: what it does once a second (the fault check among it) falls on the same instants as a board's
    // (docs/espruino-linux.md, The same sensors, two interpreters).
    if (this.firmware && this.t > this.bootedAt && (!ticker.restMs() || this.t >= this.restTickAt)) {
      ticker.fire();
      this.scans++;
      this.restTickAt = this.t + ticker.restMs();
    }
    this.flush();
    if (!this.quiet()) this.lastBusy = this.t;
    const tickT = this.t;
    this.t = this.jitter.next(this.t);
    const pollMs = this.scenario.header.pollMs;
    const lineAt = this.next < actions.length ? actions[this.next].t : Infinity;
    const restMs = this.firmware ? ticker.restMs() : 0;
    if (restMs) {
      // Resting: the next scan is the rest tick, or the moment the next sensor changes (the wake line's watch runs a
      // tick at once, and the fast ticks follow every pollMs from it; a fault that changes a sensor's reading pulses
      // it at once), or the next line's, each at its own time; none between has anything to do. Without the wake
      // line, a change is read at the first rest tick after it. After IDLE_SKIP_MS of nothing, the rest ticks have
      // nothing to do either: on to the next line or change, the rest ticks kept on their times.
      const change = inputs.faults!.changing() ? this.t : inputs.nextTime();
      const restTickAfter = (t: number) => this.restTickAt + Math.max(0, Math.ceil((t - this.restTickAt) / restMs)) * restMs;
      // (`until`, the caller's: a step at it; from there, one a scan period on at most, so that a caller stepping to
      // the present, as the companion page's live board does, is never long past it.)
      let to = Math.min(until > tickT ? until : this.t, lineAt, this.wakeLine ? change : restTickAfter(change));
      if (to === Infinity || this.t - this.lastBusy < IDLE_SKIP_MS) to = Math.min(to, this.restTickAt);
      if (to > tickT) this.t = to;
      this.restTickAt = restTickAfter(this.t);
    } else if (this.t - this.lastBusy >= IDLE_SKIP_MS && Math.min(until, lineAt) < Infinity) {
      // To the last scan time at or before the next line on the same grid, as if every scan between had run.
      this.t += Math.max(0, Math.floor((Math.min(until, lineAt) - this.t) / pollMs)) * pollMs;
    }
    // A board powered on boots at its own time, not on the last one's scan times.
    if (this.bootAt !== null && this.bootAt > tickT && this.bootAt < this.t) this.t = this.bootAt;
  }

  /** Nothing moving: no board booting, no sensor change under way or unread, the scanner idle, and no work left for the ticks to come. */
  private quiet(): boolean {
    const inputs = this.hal.inputs;
    const fw = this.firmware;
    return this.bootAt === null && !inputs.pending() && !inputs.unread() && !inputs.faults!.changing() && (!fw || ((!fw.scanner || isIdle(fw.scanner)) && !fw.pending()));
  }

  /** Steps until the scan time passes `t`. */
  runUntil(t: number): void {
    while (this.t <= t) this.step(t);
  }

  /** Runs every line, then on until the sensors are quiet and the game's timeouts are over; prints the final line. */
  runToEnd(): void {
    const { actions } = this.scenario;
    const lastT = actions.length > 0 ? actions[actions.length - 1].t : 0;
    const end = lastT + this.scenario.game.tailMs;
    for (;;) {
      const t = this.t;
      // A resting board's scans are 500 ms apart: the replay ends at the end of the game's timeouts all the same.
      this.step(t < end && this.firmware && this.hal.ticker.restMs() ? end : Infinity);
      // The tail waits for the board to settle what is under way (a stroke whose balls are not yet at rest).
      if (this.next >= actions.length && t >= end && this.quiet() && !this.world.busy()) break;
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
    // (A board without digital channels has no scanner, nor its queue.)
    if (fw) final.lost = fw.scanner ? fw.scanner.lost : 0;
    return final;
  }
}
