// Scenario replay (../shared/CONTRACT.md section 1): the firmware that goes on
// the board (firmware/runtime.ts with the game's module) runs on the simulator
// HAL under a virtual clock. Scenario lines become sensor signals, button
// presses, phone writes and power cuts; what the board sends to the phone and
// shows on its display is printed as JSON Lines. Every line is checked before
// the first tick, so a malformed scenario is reported and nothing half-run.
import { channelKinds } from '../firmware/scan';
import { startFirmware } from '../firmware/runtime';
import type { Firmware } from '../firmware/runtime';
import { EDGE, SETTLED, TRANSIT } from '../firmware/sensing';
import type { Interpreter } from '../firmware/sensing';
import { ScanJitter, mulberry32 } from './inputs';
import { SimFlash, createSimHal } from './hal';
import type { SimHal } from './hal';
import { createLineDecoder } from './phone';
import { ScenarioError, parseAction, splitScenario } from './scenario';
import type { ScenarioAction, ScenarioHeader } from './scenario';
import { benchGame, ringapegSim, triangleSim } from './games';
import type { GameFactory, SimGame, World } from './games';

export { ScenarioError } from './scenario';
export type { ScenarioAction, ScenarioHeader } from './scenario';
export type { GameFactory, SimGame } from './games';

const registry: Record<string, GameFactory> = {
  bench: benchGame,
  triangle: triangleSim,
  ringapeg: ringapegSim,
};

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
/** Display modules of the reference board (wiring.md). */
const MODULES = 3;

export function replay(scenarioText: string): { lines: string[] } {
  const { header, headerLine, lines } = splitScenario(scenarioText);
  const factory = registry[header.game];
  if (!factory) throw new ScenarioError(headerLine, `game "${header.game}" is not available in this build`);
  let game: SimGame;
  try {
    game = factory(header);
    // A header the rules cannot play (players, options) is refused before anything runs.
    game.module.game.setup(gameConfig(header));
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
  return run(header, game, actions);
}

function gameConfig(header: ScenarioHeader) {
  const players = header.players === undefined ? 2 : typeof header.players === 'number' ? header.players : header.players.length;
  return { players, options: header.options as Record<string, boolean | number | string> };
}

function run(header: ScenarioHeader, game: SimGame, actions: ScenarioAction[]): { lines: string[] } {
  const board = game.module.board;
  const kinds = channelKinds(board);
  const flash = new SimFlash();
  const printEdges = header.mode === 'diag' || header.game === 'bench';
  const out: string[] = [];
  let now = 0;
  const emit = (line: Record<string, unknown>) => out.push(JSON.stringify(Object.assign({ t: now }, line)));
  const nameOf: string[] = [];
  for (let ch = 0; ch < board.channels; ch++) nameOf.push('ch' + ch);
  for (const s of board.sensors) nameOf[s.ch] = s.name;
  const observe: Interpreter = {
    sense(kind, ch, level) {
      if (!printEdges) return;
      if (kind === EDGE) emit({ edge: { ch, sensor: nameOf[ch], level } });
      // A transit is printed as the pair of edges it stands for.
      if (kind === TRANSIT) {
        emit({ edge: { ch, sensor: nameOf[ch], level: 1, transit: true } });
        emit({ edge: { ch, sensor: nameOf[ch], level: 0, transit: true } });
      }
      if (kind === SETTLED) emit({ settled: ch });
    },
    tick() {},
  };
  const config = gameConfig(header);

  let hal: SimHal = createSimHal({ channels: board.channels, kinds, seed: header.seed, modules: MODULES, flash });
  const inputs = hal.inputs;
  let firmware = null as Firmware | null;
  let decoder = createLineDecoder();
  let notes = 0;
  let writes = 0;
  let shown = '';

  /** Prints what the board sent and showed since the last look. */
  const flush = () => {
    const radio = hal.radio;
    for (; notes < radio.notifications.length; notes++) {
      for (const message of decoder.push(radio.notifications[notes].chunk)) emit({ phone: message });
    }
    if (hal.chain.writes.length !== writes) {
      writes = hal.chain.writes.length;
      const text = hal.chain.text();
      if (text !== shown) {
        shown = text;
        emit({ display: text });
      }
    }
  };

  const powerOn = () => {
    hal = createSimHal({ channels: board.channels, kinds, seed: header.seed, modules: MODULES, flash, inputs });
    decoder = createLineDecoder();
    notes = 0;
    writes = 0;
    shown = '';
    firmware = startFirmware(hal, game.module, {
      players: config.players,
      names: Array.isArray(header.players) ? header.players : undefined,
      options: config.options,
      pollMs: header.pollMs,
      debounce: header.debounce,
      diag: header.mode === 'diag',
      modules: MODULES,
      passkey: null,
      observe,
    });
    flush();
  };

  const powerOff = () => {
    hal.ticker.stop();
    firmware = null;
  };
  /** A cut armed in the flash struck during a write: the board stops there. */
  const checkCut = () => {
    if (firmware && flash.cut) powerOff();
  };

  const world: World = {
    levels: (changes) => inputs.addClean(changes),
    state: () => (firmware ? firmware.view().state : null),
    busy: () => (firmware ? firmware.view().busy : false),
    random: inputs.random,
  };

  const handle = (a: ScenarioAction) => {
    const body = a.body;
    if (a.kind === 'raw') {
      for (const r of body.raw as { ch: number; level: 0 | 1 }[]) inputs.setExact(a.t, r.ch, r.level);
    } else if (a.kind === 'set') {
      for (const [name, level] of Object.entries(body.set as Record<string, 0 | 1>)) {
        inputs.setExact(a.t, board.sensors.find((s) => s.name === name)!.ch, level);
      }
    } else if (a.kind === 'do') {
      try {
        game.happen!(a, world);
      } catch (e) {
        throw new ScenarioError(a.line, (e as Error).message);
      }
    } else if (a.kind === 'power') {
      if (body.power === 'cut') powerOff();
      else if (!firmware) {
        flash.powerOn();
        powerOn();
      }
    } else if (!firmware) {
      // A board without power neither hears the phone nor sees a button.
    } else if (a.kind === 'button') {
      hal.buttons.press(body.button as string, (body.holdMs as number | undefined) ?? 0);
    } else if (a.kind === 'phone') {
      const text = typeof body.phone === 'string' ? body.phone : JSON.stringify(body.phone);
      hal.radio.write(text + '\n', body.paired !== false);
    }
  };

  const jitter = new ScanJitter(header.pollMs, header.jitterMs, mulberry32((header.seed ^ 0x5eed) >>> 0));
  const lastT = actions.length > 0 ? actions[actions.length - 1].t : 0;
  powerOn();
  let i = 0;
  let t = 0;
  for (;;) {
    // Lines up to this scan happen at their own times, so level changes between scans keep them.
    while (i < actions.length && actions[i].t <= t) {
      now = actions[i].t;
      inputs.advanceTo(now);
      handle(actions[i++]);
      checkCut();
      flush();
    }
    now = t;
    inputs.advanceTo(t);
    if (firmware) hal.ticker.fire();
    checkCut();
    flush();
    const quiet = !inputs.pending() && !inputs.unread() && (!firmware || firmware.scanner.idle());
    if (i >= actions.length && t >= lastT + game.tailMs && quiet) break;
    if (t > lastT + TAIL_LIMIT_MS) break;
    t = jitter.next(t);
  }
  const fw = firmware as Firmware | null;
  let final: Record<string, unknown>;
  if (!fw) final = { scores: [], winner: null, power: 'off' };
  else if (game.final) final = game.final(fw);
  else {
    const view = fw.view();
    final = { scores: view.scores, winner: view.winner, turn: view.turn, state: view.state };
    if (view.diag) final.diag = view.diag.report(now);
  }
  if (fw) final.lost = fw.scanner.ring.lost;
  emit({ final });
  return { lines: out };
}
