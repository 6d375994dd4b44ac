// The power-cut sweep (docs/saving.md, "How it is tested"): a cut of CUT_MS,
// then the board's boot time, at an instant of an example game. The game the
// board goes on to play must be the game played without the cut, or, when the
// cut hid something from it, the game played without what happened while it
// was blind (the actions whose sensor signals fall in the cut or the boot, and
// phone lines sent then) and the phone told the board was restored. A phone
// line the board refused `not_now` after the cut (a move the cut made it decide
// later still being decided) counts with those: the phone was told, and sends
// it again or not. A shuffleboard game is compared as a board back from a cut can
// know it: its weights' places within their stated uncertainty, which of a
// colour is which not at all (sameGame).
//
// Each cut is run from the example's last action before it with nothing
// under way, not from its start: the board boots from the log as the uncut
// game left it at that action, with the physical world (rings on pegs, where the last chip lies)
// as those actions left it, and runs beside a board that saw everything (or
// only what the cut board could see) until both play the same game with
// nothing under way, past the game's own timeouts. The table is the same in
// every run: a line that leaves its ball to the game (a fortress miss) is
// struck, while the board is off or starting, by the player whose turn it
// last showed (sim/games/fortress.ts, cut): players strike in turn with or
// without power, and a board that read another table is no wrong board. Used by
// test/power-sweep.test.ts (seeded samples) and bench/power-sweep.bench.ts (all
// instants).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOG, restore } from '../firmware/persist';
import type { GameModule } from '../firmware/game';
import { BEYOND_AT_MM, CHIP_MM } from '../firmware/games/triangle/board';
import { CLR } from '../firmware/games/ringapeg/rules';
import { SimFlash } from '../sim/flash';
import { FLICK_MS } from '../sim/physics/triangle';
import { BOOT_MS, parseScenario, Simulation } from '../sim/replay';
import type { Scenario, ScenarioAction } from '../sim/replay';
import { ScenarioError } from '../sim/scenario';
import type { World } from '../sim/game';
import type { LevelChange } from '../sim/physics/types';
import { ROOT } from '../tools/games';
import { gameIds } from '../firmware/games/registry';

/** Every example game of every game the firmware plays: scenarios/<game>-*.jsonl, by name. */
export const SWEPT = await (async () => {
  const ids = await gameIds();
  return readdirSync(join(ROOT, 'scenarios')).filter((f) => ids.some((id) => f.startsWith(id + '-'))).map((f) => f.replace(/\.jsonl$/, '')).sort();
})();
/** The power goes for this long. */
export const CUT_MS = 20;
/** The board is blind from the cut until it is up again. */
export const BLIND_MS = CUT_MS + BOOT_MS;
/** The longest a default debounce holds an edge back (a contact's release: wiring.md, Debounce defaults). */
const RELEASE_DEBOUNCE_MS = 10;

/** The actions before a board's start happened this long before it, and more (ms). */
const LONG_AGO_MS = 3600000;
/** How often the example is looked at for a move under way (Example.done). */
const DONE_STEP_MS = 50;

/** An example game played once without a cut, with what each cut needs of it. */
export interface Example {
  name: string;
  header: string;
  scenario: Scenario;
  /** Per action: the first and last time of the sensor signals it made ([t, t] for one that makes none). */
  spans: [number, number][];
  /**
   * Per action: when the board had nothing under way after it (a move it made decided and told), or the next action's
   * time: a cut until then starts from this action, as a board that has not decided its move yet (a shuffleboard
   * throw's weight comes to rest after its launch's signal, and is decided after that).
   */
  done: number[];
  /** Per action: the log, the game state and whether a move was under way just before it. */
  logs: string[];
  states: unknown[];
  busy: boolean[];
  /** When the example's last action happens. */
  end: number;
}

/**
 * Widens spans[k] to the times (example times: a run's plus `shift`) of the signals the k-th action makes, for the
 * actions `does` in the order sim plays them: each happening adds its signals in one call, in order.
 */
function recordSpans(sim: Simulation, does: number[], spans: [number, number][], shift: number): void {
  const inputs = sim.hal.inputs;
  const addClean = inputs.addClean.bind(inputs);
  let calls = 0;
  inputs.addClean = (changes) => {
    const k = does[calls++];
    for (const c of k === undefined ? [] : changes) spans[k] = [Math.min(spans[k][0], c.t + shift), Math.max(spans[k][1], c.t + shift)];
    addClean(changes);
  };
}

export function example(name: string): Example {
  const text = readFileSync(join(ROOT, 'scenarios', name + '.jsonl'), 'utf8');
  const sim = new Simulation(parseScenario(text));
  const actions = sim.scenario.actions;
  const spans: [number, number][] = actions.map((a) => [a.t, a.t]);
  recordSpans(sim, actions.map((a, k) => k).filter((k) => actions[k].kind === 'do'), spans, 0);
  const logs: string[] = [];
  const states: unknown[] = [];
  const busy: boolean[] = [];
  const done: number[] = actions.map((a) => a.t);
  actions.forEach((a, k) => {
    // (Up to it, whether the board has a move under way, every DONE_STEP_MS: the action before is done after the last
    // such look that found one.)
    let under = -1;
    for (let t = k ? actions[k - 1].t : a.t - 1; t < a.t - 1; ) {
      t = Math.min(t + DONE_STEP_MS, a.t - 1);
      sim.runUntil(t);
      if (sim.firmware && sim.firmware.view().busy) under = t;
    }
    if (under >= 0) done[k - 1] = Math.min(under + DONE_STEP_MS, a.t);
    sim.runUntil(a.t - 1);
    const view = sim.firmware!.view();
    logs.push(sim.flash.files[LOG]);
    states.push(view.state);
    busy.push(view.busy);
  });
  sim.runToEnd();
  return { name, header: text.split('\n')[0], scenario: sim.scenario, spans, done, logs, states, busy, end: actions[actions.length - 1].t };
}

/** How a cut at one instant came out. */
export interface CutOutcome {
  at: number;
  /** 'uncut': the same game as without the cut; 'blind': the game without what the board could not see, and the phone was told. */
  outcome: 'uncut' | 'blind' | 'failed';
  detail?: string;
}

/** Moves not yet decided, the game, and the display of a running board, as one comparable text. */
function playing(sim: Simulation): string {
  const view = sim.firmware ? sim.firmware.view() : null;
  return JSON.stringify(view ? { state: view.state, busy: view.busy } : null);
}

/**
 * For the sweep's own test (test/power-sweep.test.ts): places compared exactly (sameGame), and a change made to every
 * board that has the cut (to make it one that misplaces a weight after power-up).
 */
export const sweepTesting: { exactPlaces: boolean; cutBoard?: (sim: Simulation) => void } = { exactPlaces: false };

/** A shuffleboard weight's u (docs/games/shuffleboard.md, The moves: `seen`): 999, the board cannot tell where it lies. */
const CANT_TELL_U = 999;
/** Added to the u of a weight the board cannot tell is in play at all (2000 and more: *Short weights*). */
const MAYBE_OUT_U = 2000;

/** A shuffleboard state as the sweep compares it (docs/games/shuffleboard.md, firmware/games/shuffleboard/state.ts). */
interface Weights {
  c: number[];
  d: number[];
  u: number[];
  x: number[];
  q: number;
}

/**
 * Whether two boards' games (a state, or a final line, as JSON) are the same game: equal, but for which weight of a
 * colour is which, and how far apart a shuffleboard board may place one weight after a cut. Two weights of one
 * colour look alike to the grid (the same magnet, the same pole down), so a board that did not watch them move (the
 * power was off) cannot tell which is which, and neither do their points (S6-S10: by colour and place): the
 * weights of a colour are compared as a set (the docs say so: *The table as seen*, "which is which may swap after a
 * knock"). And where a board places a weight is what it measured, to within how far off it says that may be (its u:
 * *How sure it is*): a board that lost power finds every weight afresh from the grid at power-up (only the board
 * that watched holds a weight nothing touched where it found it at its throw), and each finding lies within its own
 * u of where the weight rests, so two findings of one weight differ by up to both u's together, and by no more.
 * Everything else is compared exactly: the scores, the throws, each throw's colour, which weights are out of play
 * or beyond the grid, which the board cannot tell (u 999) or may be out of play (2000 and more), and the weights
 * the referee is asked about. `exact`: compared exactly throughout (the sweep's test: a board that misplaces a
 * weight fails either way).
 */
export function sameGame(game: string, a: string, b: string, exact = false): boolean {
  if (a === b) return true;
  if (game !== 'shuffleboard' || exact) return false;
  const x = JSON.parse(a) as { state?: Weights } | null;
  const y = JSON.parse(b) as { state?: Weights } | null;
  const sx = x && x.state;
  const sy = y && y.state;
  const valid = (s: Weights | null | undefined): s is Weights => !!s && [s.c, s.d, s.u, s.x].every((l) => Array.isArray(l) && l.length === s.c.length);
  if (!valid(sx) || !valid(sy) || JSON.stringify(sx.c) !== JSON.stringify(sy.c)) return false;
  // Each colour's weights, as [d, u, x, asked], in order of place.
  const weights = (s: Weights, colour: number): number[][] =>
    s.c.map((c, i) => [c, s.d[i], s.u[i], s.x[i], (s.q >> i) & 1]).filter((w) => w[0] === colour).map((w) => w.slice(1)).sort((p, q) => p[0] - q[0] || p[2] - q[2]);
  for (const colour of [0, 1]) {
    const wx = weights(sx, colour);
    const wy = weights(sy, colour);
    for (let i = 0; i < wx.length; i++) {
      const [[dx, ux, xx, qx], [dy, uy, xy, qy]] = [wx[i], wy[i]];
      if (xx !== xy || qx !== qy || Math.floor(ux / MAYBE_OUT_U) !== Math.floor(uy / MAYBE_OUT_U)) return false;
      if (dx === dy && ux === uy) continue;
      const [px, py] = [ux % MAYBE_OUT_U, uy % MAYBE_OUT_U];
      if (!(dx >= 0 && dy >= 0 && px < CANT_TELL_U && py < CANT_TELL_U && Math.abs(dx - dy) <= px + py)) return false;
    }
  }
  // (The rest, exactly: the weights put level.)
  for (const k of ['d', 'u', 'x', 'q'] as const) (sx as unknown as Record<string, unknown>)[k] = sy[k];
  return JSON.stringify(x) === JSON.stringify(y);
}

/**
 * A board starting at action `from` of the example, from the log and world
 * the uncut game had there, playing the actions from there on except those in
 * `skip`, with `extra` lines (times as in the example).
 */
function segment(ex: Example, from: number, changed: Map<number, object | null>, extra: { t: number }[], spans?: [number, number][]): { sim: Simulation; shift: number } {
  const actions = ex.scenario.actions;
  const shift = Math.min(actions[from].t, ...extra.map((e) => e.t)) - 1000;
  const lines: { t: number }[] = [];
  for (let k = from; k < actions.length; k++) {
    const body = changed.has(k) ? changed.get(k) : actions[k].body;
    if (body) lines.push(Object.assign({}, body, { t: actions[k].t - shift }) as { t: number });
  }
  for (const e of extra) {
    const t = e.t - shift;
    let at = lines.findIndex((l) => l.t > t);
    if (at < 0) at = lines.length;
    lines.splice(at, 0, Object.assign({}, e, { t }));
  }
  const sim = new Simulation(parseScenario([ex.header, ...lines.map((l) => JSON.stringify(l))].join('\n') + '\n'));
  // The signals of this run's actions (example times), which are not the example's own: the physics draws its noise
  // from one generator, and the actions before `from` drew for their contacts' bounce in the example only.
  if (spans) recordSpans(sim, actions.map((a, k) => k).filter((k) => k >= from && actions[k].kind === 'do' && changed.get(k) !== null), spans, shift);
  // The world as the actions before `from` left it: they made their signals long ago (a model whose happenings
  // take time, as weights sliding, has them over before the board starts), and what lies on the sensors then (a
  // ball on its spot, colours down) is there when the board starts.
  const lying = new Map<number, number>();
  for (let k = 0; k < from; k++) {
    const a: ScenarioAction = actions[k];
    if (a.kind !== 'do') continue;
    const levels = (changes: LevelChange[]): void => changes.slice().sort((x, y) => x.t - y.t).forEach((c) => lying.set(c.ch, c.level));
    const world: World = { levels, state: () => ex.states[k], busy: () => ex.busy[k], random: sim.hal.inputs.random };
    sim.scenario.game.happen!(Object.assign({}, a, { t: a.t - actions[from].t - LONG_AGO_MS }), world);
  }
  sim.powerOff();
  // (A ball that left its spot then is off it now: the game's start put it there.)
  for (const [ch, level] of lying) sim.hal.inputs.setExact(sim.hal.inputs.clock.now(), ch, level ? 1 : 0);
  sim.hal.inputs.advanceTo(sim.hal.inputs.clock.now());
  sim.flash.files = { [LOG]: ex.logs[from] };
  sim.powerOn(0);
  if (extra.length && sweepTesting.cutBoard) sweepTesting.cutBoard(sim);
  return { sim, shift };
}

/**
 * Runs two boards side by side until both play the same game with nothing
 * under way just before an action well after the cut (the game's timeouts
 * over), or to the end; returns whether they play the same game.
 */
function converge(a: Simulation, b: Simulation, after: number, tailMs: number): boolean {
  const actions = a.scenario.actions;
  const game = a.scenario.header.game;
  for (const line of actions) {
    if (line.t < after + tailMs) continue;
    a.runUntil(line.t - 1);
    b.runUntil(line.t - 1);
    if (sameGame(game, playing(a), playing(b), sweepTesting.exactPlaces) && a.firmware && !a.firmware.view().busy) return true;
  }
  a.runToEnd();
  b.runToEnd();
  return sameGame(game, JSON.stringify(a.final()), JSON.stringify(b.final()), sweepTesting.exactPlaces);
}

/** A cut of CUT_MS at `at`, then the boot. */
/**
 * Whether the cut run `again` ends as the game with `changed` actions: a game without what the board did not see
 * may be one the table cannot play (a fortress miss struck by a ball left off its spot), and no such game is what
 * the board should have scored.
 */
function endsAs(ex: Example, from: number, again: ReturnType<typeof segment>, changed: Map<number, object | null>, blindEnd: number, tailMs: number): boolean {
  try {
    return converge(again.sim, segment(ex, from, changed, []).sim, blindEnd - again.shift, tailMs);
  } catch (e) {
    if (e instanceof ScenarioError) return false;
    throw e;
  }
}

/** The example with its actions after `at` happening `by` ms later. */
function later(ex: Example, at: number, by: number): Example {
  const actions = ex.scenario.actions.map((a) => (a.t > at ? Object.assign({}, a, { t: a.t + by }) : a));
  return Object.assign({}, ex, { scenario: Object.assign({}, ex.scenario, { actions }), end: ex.end + by });
}

export function cutAt(ex: Example, at: number, waited = false): CutOutcome {
  const actions = ex.scenario.actions;
  const blindEnd = at + BLIND_MS;
  // Start from the first action that has anything at or after the cut: its signals, or the board still deciding it.
  let from = actions.findIndex((a, k) => Math.max(ex.spans[k][1], ex.done[k]) >= at);
  if (from < 0) from = actions.length - 1;
  // A board started there must not have anything under way: it would start (and so cut) it too.
  while (from > 0 && ex.busy[from]) from--;
  const tailMs = ex.scenario.game.tailMs;
  const power = [{ t: at, power: 'cut' }, { t: at + CUT_MS, power: 'on' }];
  const cut = segment(ex, from, new Map(), power);
  const mark = cut.sim.out.length;
  // (From `from` on, the signals the run makes: ex.spans are the example's, whose noise differs.)
  const spans = ex.spans.map((s, k): [number, number] => (k < from ? s : [actions[k].t, actions[k].t]));
  const uncut = segment(ex, from, new Map(), [], spans);
  try {
    if (converge(cut.sim, uncut.sim, blindEnd - cut.shift, tailMs)) return { at, outcome: 'uncut' };
  } catch (e) {
    // The cut board refused a line of the example as it stands (a fortress stroke struck while the board still takes
    // the one before as under way: back from the cut, it ends it 8 s after power-up, docs/saving.md). The players
    // wait for the board: the rest of the example comes a game's tail after the boot. Refused then too: a failure to
    // report, not one to stop the sweep at.
    if (!(e instanceof ScenarioError)) throw e;
    if (!waited) return cutAt(later(ex, at, BLIND_MS + tailMs), at, true);
    return { at, outcome: 'failed', detail: `the example cannot go on as it stands after the cut: ${e.message}` };
  }
  // What the board could not see: actions with signals in the blind time, and lines sent then.
  const hidden = new Set<number>();
  // And lines the cut board refused `not_now` after the cut (it was run to the end by converge; a refusal is told at
  // its line's instant).
  const refusedAt = new Set(cut.sim.out.map((l) => JSON.parse(l) as { t: number; phone?: { type: string; code?: string } }).filter((o) => o.phone && o.phone.type === 'error' && o.phone.code === 'not_now').map((o) => o.t + cut.shift));
  // (A signal a scan period or a debounce before the cut had not reached the board yet: a chip that left its start spot
  // a millisecond before the scan the cut took away was seen by no board. The longest wait is a contact's release, held
  // 10 ms: wiring.md, Debounce defaults.)
  const reaching = ex.scenario.header.pollMs! + RELEASE_DEBOUNCE_MS;
  // A flick still being decided at the cut whose chip passed every sensing point: the board saw it pass before the
  // cut, which took that with it; at power-up its chip looks short (docs/saving.md), and the phone hears `resume`:
  // only so, seen at rest and taken up, not as unseen (hostile round 30: a board that forgot it passed so).
  const takenUp = new Set<number>();
  actions.forEach((a, k) => {
    if ((spans[k][0] <= blindEnd && spans[k][1] + reaching >= at) || (a.t >= at && a.kind === 'phone' && refusedAt.has(a.t))) hidden.add(k);
    else if (spans[k][0] <= at && ex.done[k] >= at && seenAtRest(a.body)) {
      hidden.add(k);
      takenUp.add(k);
    }
  });
  const restored = cut.sim.out.slice(mark).map((l) => (JSON.parse(l) as { phone?: { type: string; resume?: number } }).phone).find((p) => p && p.type === 'restored');
  const told = restored !== undefined;
  const list = [...hidden];
  const name = (k: number): string => `line ${actions[k].line} ${JSON.stringify(actions[k].body)}`;
  const result = (names: string): CutOutcome => (told ? { at, outcome: 'blind', detail: names } : { at, outcome: 'failed', detail: `the phone was not told (unseen: ${names})` });
  // Some of the actions in the blind time may have been seen all the same (a chip lifted while the
  // board was starting, placed and flicked after): any of them unseen, fewest first. A flick under
  // way whose chip passed the target and lies past every sensing point looks short once the board is back.
  const subsets: number[][] = [];
  for (let bits = 1; bits < 1 << list.length; bits++) subsets.push(list.filter((k, i) => bits & (1 << i)));
  subsets.sort((x, y) => x.length - y.length);
  // (The cut board's game, for the failure's detail.)
  let last = playing(cut.sim);
  for (const unseen of subsets) {
    for (const asSeen of [false, true]) {
      if (unseen.some((k) => takenUp.has(k)) && (!asSeen || restored?.resume === undefined)) continue;
      const changed = new Map<number, object | null>();
      for (const k of unseen) changed.set(k, asSeen ? seenAtRest(actions[k].body) : null);
      if (asSeen && [...changed.values()].every((b) => b === null)) continue;
      const again = segment(ex, from, new Map(), power);
      if (endsAs(ex, from, again, changed, blindEnd, tailMs)) return result(unseen.map(name).join(', ') + (asSeen ? ' (seen at rest)' : ''));
      last = playing(again.sim);
    }
  }
  // A stroke of fortification billiards may be seen in part (the colours moved before the cut, the
  // balls that passed a mouth after it): the game is then the one without some of its happenings,
  // or with only their balls' leaving their spots (seen before the cut).
  for (const k of list) {
    const happens = actions[k].body.happens as { ball?: string; offSpot?: boolean }[];
    if (actions[k].body.do !== 'stroke' || !Array.isArray(happens) || happens.length > 6) continue;
    // (All of them gone but their balls' leaving, too.)
    // (A defending ball named by its class, `FD`, leaves the spot of one of its class: either.)
    for (let bits = 1; bits < 1 << happens.length; bits++) {
      for (const leaving of bits === (1 << happens.length) - 1 ? ['', '1', '2'] : [null, '', '1', '2']) {
        // The spot a ball of the stroke left ('' for none the board could have seen it leave).
        const spotOf = (h: { ball?: string; offSpot?: boolean }): string => {
          const spot = leaving === null || !h.ball || h.offSpot !== undefined ? '' : h.ball.length === 2 && h.ball[1] === 'D' ? h.ball + leaving : h.ball;
          return spot.length > 2 || spot[1] === 'A' ? spot : '';
        };
        const seen = happens.map((h, i) => !(bits & (1 << i)) ? h : spotOf(h) ? { ball: spotOf(h), offSpot: true } : null);
        const changed = new Map<number, object | null>([[k, Object.assign({}, actions[k].body, { happens: seen.filter((h) => h) })]]);
        const again = segment(ex, from, new Map(), power);
        if (endsAs(ex, from, again, changed, blindEnd, tailMs)) return result(`part of ${name(k)}`);
      }
    }
  }
  // A ball seen entering a fort before the cut whose bell rang while the board could not hear it: the entry without its bell.
  for (const k of list) {
    const happens = actions[k].body.happens as { bell?: boolean }[];
    if (actions[k].body.do !== 'stroke' || !Array.isArray(happens)) continue;
    for (let i = 0; i < happens.length; i++) {
      if (!happens[i].bell) continue;
      const unheard = happens.map((h, j) => (j === i ? Object.assign({}, h, { bell: false }) : h));
      const changed = new Map<number, object | null>([[k, Object.assign({}, actions[k].body, { happens: unheard })]]);
      const again = segment(ex, from, new Map(), power);
      if (endsAs(ex, from, again, changed, blindEnd, tailMs)) return result(`the bell of ${name(k)} unheard`);
    }
  }
  // An action of many moves (clearing the pegs, a stack at a time) may be seen in part: the game
  // must be the uncut one without some of the moves the uncut board saved in the blind time.
  const partly = withoutMoves(ex, from, at, blindEnd, power);
  if (partly !== null) return result(partly);
  // A flick the board did not see, or saw differently (a chip that passed every point while it was off
  // looks short), leaves the board expecting another side than the players flick: it flags each such
  // flick (side XY, expected YZ) until the referee enters or corrects the flick.
  // (A flick under way the board took up, or one whose chip left its spot in the blind time.)
  const unseenFlick = list.some((k) => actions[k].body.do === 'flick' && actions[k].t + FLICK_MS <= blindEnd && actions[k].t + FLICK_MS + 50 >= at);
  const flagged = segment(ex, from, new Map(), power);
  flagged.sim.runToEnd();
  if ((unseenFlick || restored?.resume !== undefined) && flagged.sim.out.some((l) => /"type":"flag","message":"side \w+, expected \w+"/.test(l))) {
    return result(`a flick unseen or seen short (${list.map(name).join(', ')}): the board flags the sides that do not follow`);
  }
  // Rings lifted off the pegs while the board was blind are not seen: between Boards it then waits
  // for the clear button (CLEAr on the display, warn R11 on the phone) before the next Board starts.
  if (list.some((k) => actions[k].body.do === 'clear')) {
    const cut = segment(ex, from, new Map(), power);
    cut.sim.runToEnd();
    if ((cut.sim.final().state as { ph?: number }).ph === CLR) return result('rings lifted while clearing the pegs: the board waits for the clear button');
  }
  return { at, outcome: 'failed', detail: `neither the uncut game nor one without any of ${list.map(name).join(', ') || 'nothing'}: ${last}` };
}

/** A flick as a board that saw none of its passage reads it: a chip resting past every sensing point looks short. */
function seenAtRest(body: Record<string, unknown>): object | null {
  return body.do === 'flick' && typeof body.stopMm === 'number' && body.stopMm > BEYOND_AT_MM + CHIP_MM ? Object.assign({}, body, { stopMm: -10 }) : null;
}

/**
 * The moves the uncut board saved from the cut to a little after the boot that
 * the cut board's game lacks, or null when no choice of them gives its game.
 */
function withoutMoves(ex: Example, from: number, at: number, blindEnd: number, power: { t: number }[]): string | null {
  const uncut = segment(ex, from, new Map(), []);
  const writes: { t: number; text: string }[] = [];
  const flash = uncut.sim.flash;
  const append = flash.append.bind(flash);
  flash.append = (name: string, data: string): void => {
    if (name === LOG) writes.push({ t: uncut.sim.t + uncut.shift, text: data });
    append(name, data);
  };
  uncut.sim.runToEnd();
  const cut = segment(ex, from, new Map(), power);
  cut.sim.runToEnd();
  const want = JSON.stringify(cut.sim.final().state);
  const candidates = writes.filter((w) => w.t >= at && w.t <= blindEnd + 1000 && !/^\{"b"/.test(w.text));
  if (candidates.length > 8) return null;
  const game = ex.scenario.game.module as GameModule<unknown, object>;
  const log = flash.files[LOG];
  for (let bits = 1; bits < 1 << candidates.length; bits++) {
    let text = log;
    const gone = candidates.filter((w, i) => bits & (1 << i));
    for (const w of gone) text = text.replace(w.text, '');
    const store = new SimFlash();
    store.files[LOG] = text;
    const r = restore(store, game);
    if (r && JSON.stringify(r.state) === want) return 'moves ' + gone.map((w) => w.text.split('*')[0]).join(', ');
  }
  return null;
}

/** The records an example game writes to its log, in order, from the log's last erase (a `new`) on. */
export function exampleWrites(name: string): { game: GameModule<unknown, object>; writes: string[] } {
  const sim = new Simulation(parseScenario(readFileSync(join(ROOT, 'scenarios', name + '.jsonl'), 'utf8')));
  const writes: string[] = [sim.flash.files[LOG]];
  const flash = sim.flash;
  const append = flash.append.bind(flash);
  const erase = flash.erase.bind(flash);
  flash.append = (file: string, data: string): void => {
    if (file === LOG) writes.push(data);
    append(file, data);
  };
  flash.erase = (file: string): void => {
    if (file === LOG) writes.length = 0;
    erase(file);
  };
  sim.runToEnd();
  return { game: sim.scenario.game.module as GameModule<unknown, object>, writes };
}
