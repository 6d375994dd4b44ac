// The games as the simulator plays them: each game's firmware module (the very
// code that goes on the board) and a model of the physical board that turns
// a scenario's `do` lines into sensor signals.
import type { BoardDescription, SensorKind } from '../firmware/board';
import type { Firmware } from '../firmware/runtime';
import { playMove } from '../firmware/game';
import type { GameId, GameModule } from '../firmware/game';
import { EDGE, TRANSIT } from '../firmware/sensing';
import { game as triangle } from '../firmware/games/triangle/index';
import type { FlickResult, TriangleMove, TriangleState } from '../firmware/games/triangle/rules';
import { BEYOND_AT_MM, EVEN_AT_MM, OVER_AT_MM } from '../firmware/games/triangle/board';
import { game as ringapeg } from '../firmware/games/ringapeg/index';
import { TrianglePhysics } from './physics/triangle';
import { createRingapegWorld } from './physics/ringapeg';
import { transit } from './physics/bounce';
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
  /** A `do` line: the happening's sensor signals. */
  happen?(a: ScenarioAction, world: World): void;
  /** How long to keep scanning after the last line, so the game's own timeouts run out. */
  tailMs: number;
  /** The final line's fields, when the game has its own. */
  final?(firmware: Firmware): Record<string, unknown>;
}

/** Builds a game for a scenario header; throws an Error with a readable message for a header it cannot play. */
export type GameFactory = (header: ScenarioHeader) => SimGame;

const PLAY_ACTIONS = ['do', 'button', 'phone', 'power'];

function fieldsProblem(a: ScenarioAction, allowed: string[]): string | null {
  for (const k of Object.keys(a.body)) if (allowed.indexOf(k) < 0) return `unexpected field "${k}" in a ${a.body.do} happening`;
  return null;
}

/** The bench game: a bare bank of `channels` channels named ch0, ch1, ..., no scoring. */
export function benchGame(header: ScenarioHeader): SimGame {
  const channels = header.channels ?? 32;
  const kind = (header.options.kind ?? 'contact') as SensorKind;
  if (kind !== 'contact' && kind !== 'hall' && kind !== 'ir') throw new Error('bench option "kind" must be contact, hall or ir');
  const sensors = [];
  for (let ch = 0; ch < channels; ch++) sensors.push({ name: 'ch' + ch, ch, kind });
  const board: BoardDescription = { channels, sensors };
  let edges = 0;
  let transits = 0;
  return {
    module: {
      id: 'bench' as GameId,
      code: 5,
      board,
      pollMs: 1,
      setup: () => ({}),
      moves: {},
      commands: '',
      scores: () => [],
      turn: () => 0,
      winner: () => null,
      interpreter: () => ({
        sense(k) {
          if (k === EDGE) edges++;
          else if (k === TRANSIT) transits++;
        },
        tick() {},
      }),
      layout: () => '',
      fields: () => ({}),
    },
    actions: ['do', 'phone', 'power'],
    check(a) {
      const o = a.body;
      if (!['close', 'open', 'pass'].includes(o.do as string)) return 'bench happenings are close, open and pass';
      if (typeof o.ch !== 'number' || !Number.isInteger(o.ch) || o.ch < 0 || o.ch >= channels) return `"ch" must be 0 to ${channels - 1}`;
      if (o.do === 'pass' && !(typeof o.ms === 'number' && o.ms > 0)) return 'a pass needs "ms" > 0';
      return fieldsProblem(a, ['t', 'do', 'ch', 'ms']);
    },
    happen(a, world) {
      const ch = a.body.ch as number;
      if (a.body.do === 'pass') world.levels(transit(a.t, ch, a.body.ms as number));
      else world.levels([{ t: a.t, ch, level: a.body.do === 'close' ? 1 : 0 }]);
    },
    tailMs: 0,
    final(firmware) {
      const view = firmware.view();
      if (view.diag) return { scores: [], winner: null, mode: 'diag', diag: view.diag.report(view.now) };
      const active: number[] = [];
      for (let ch = 0; ch < channels; ch++) if (firmware.scanner.level(ch) === 1) active.push(ch);
      return { scores: [], winner: null, edges, transits, active };
    },
  };
}

/** The triangle: a chip flicked along the current side (docs/replay.md: flick with stopMm, or off). */
export function triangleSim(): SimGame {
  const physics = new TrianglePhysics(triangle.board);
  /** The last flick as the player saw it land. */
  let last: TriangleMove | null = null;
  /** The game as the player reckons it after his last flick: while the board is off, he goes on from it. */
  let reckoned: TriangleState | null = null;
  return {
    module: triangle,
    actions: PLAY_ACTIONS,
    check(a) {
      const o = a.body;
      if (o.do !== 'flick') return 'triangle happenings: {"do":"flick","stopMm":N} or {"do":"flick","off":true}';
      if (o.off !== undefined && o.off !== true) return '"off" must be true';
      if (o.off === undefined && !(typeof o.stopMm === 'number' && Number.isFinite(o.stopMm))) return 'a flick needs "stopMm" (a number of mm) or "off": true';
      if (o.off !== undefined && o.stopMm !== undefined) return 'a flick has "stopMm" or "off", not both';
      return fieldsProblem(a, ['t', 'do', 'stopMm', 'off']);
    },
    happen(a, world) {
      let state = world.state() as TriangleState | null;
      // The player flicks along the side the display shows. A short flick is only
      // scored once the next chip is placed, so while the board still works on the
      // last flick, the player reckons the side by the rules from where it landed,
      // and so he does while the board is off.
      if (state && last && world.busy()) state = playMove(triangle, state, last).state;
      if (!state) state = reckoned;
      const side = state ? state.f : 0;
      const stopMm = a.body.stopMm as number | undefined;
      // A chip off the triangle ends the turn once the referee marks it (T8), as beyond does.
      last = { k: 'flick', r: stopMm === undefined ? 'beyond' : trueResult(stopMm), s: side };
      if (state) reckoned = playMove(triangle, state, last).state;
      world.levels(physics.flick({ stopMm, off: a.body.off as boolean | undefined }, a.t, side, world.random));
    },
    // Longer than the triangle's arrival timeout, so a flick that never arrives is still scored.
    tailMs: 5000,
  };
}

/** How a chip resting `stopMm` from the line scores, as the board's sensing points place it (docs/games/triangle.md). */
function trueResult(stopMm: number): FlickResult {
  if (stopMm < EVEN_AT_MM) return 'short';
  if (stopMm < OVER_AT_MM) return 'perfect';
  return stopMm < BEYOND_AT_MM ? 'partly' : 'beyond';
}

const PEG_ACTIONS = ['snap', 'lift', 'drop', 'clear'];

/** Ring-a-Peg: rings snapped, lifted, dropped and cleared (docs/replay.md). */
export function ringapegSim(): SimGame {
  const board = ringapeg.board;
  const pegs = board.sensors.filter((s) => /\.top$/.test(s.name)).map((s) => s.name.split('.')[1]);
  let world: ReturnType<typeof createRingapegWorld> | null = null;
  return {
    module: ringapeg,
    actions: PLAY_ACTIONS,
    check(a) {
      const o = a.body;
      if (PEG_ACTIONS.indexOf(o.do as string) < 0) return `ringapeg happenings are ${PEG_ACTIONS.join(', ')}`;
      if (o.do === 'clear') return fieldsProblem(a, ['t', 'do']);
      const nullable = o.do === 'snap' || o.do === 'drop';
      if (!(pegs.indexOf(o.peg as string) >= 0 || (nullable && o.peg === null))) {
        return `"peg" must be one of ${pegs.join(', ')}${nullable ? ', or null for a ring that misses every peg' : ''}`;
      }
      if (o.bounceOff !== undefined && (o.do !== 'snap' || pegs.indexOf(o.bounceOff as string) < 0)) return '"bounceOff" names the peg a snapped ring glances off';
      return fieldsProblem(a, ['t', 'do', 'peg', 'bounceOff']);
    },
    happen(a, w) {
      if (!world) world = createRingapegWorld(board, w.random);
      const o = a.body;
      const peg = o.peg as string | null;
      if (o.do === 'snap') w.levels(world.snap(a.t, peg, o.bounceOff as string | undefined));
      else if (o.do === 'lift') w.levels(world.lift(a.t, peg as string));
      else if (o.do === 'drop') w.levels(world.drop(a.t, peg));
      else w.levels(world.clear(a.t));
    },
    tailMs: 2000,
  };
}
