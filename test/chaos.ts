// The chaos harness (docs/saving.md, "How it is tested"): random legal play of
// a game from its own happenings (test/chaos-games.ts), mixed with undo, `new`,
// referee corrections, garbled and unpaired phone lines, and power cuts: at an
// instant, back to back, during the boot, or in the middle of any write to
// flash (at any byte). Each run is a scenario (docs/replay.md) the simulator
// plays twice, with and without its cuts, and checks:
//
// - at every power-up, the saved log restores the scores, turn and winner the
//   phone last heard, or the phone is told the saved game was lost;
// - with cuts in quiet time only (after a step's happenings, as a board left
//   alone), the game ends exactly as without them;
// - without cuts, the scores are the independent scorer's for the happenings
//   played (nothing doubled, invented or lost); a board that asks the referee
//   (shuffleboard) is answered with where the weights lie, as at a table (play());
// - nothing throws, and the board is running at the end;
// - the longest log the runs left restores in the real interpreter (ESPRUINO)
//   within the peak budget of JsVars (restoredJsVars).
//
// A break throws an Error whose message holds the cut run as a JSON Lines
// scenario that `npx tallyboard replay` plays. Used by test/chaos.test.ts (a
// seeded sample) and bench/chaos.bench.ts (at scale).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { LOG, restore } from '../firmware/persist';
import { buildGame, moduleFiles } from '../tools/build';
import { bootInEspruino } from '../tools/espruino-run';
import { ROOT } from '../tools/games';
import type { GameModule } from '../firmware/game';
import { BOOT_MS, parseScenario, ScenarioError, Simulation } from '../sim/replay';
import { SimFlash } from '../sim/flash';
import type { ChaosGame, Step, TimedLine } from './chaos-games';

/** A power cut in a step: in its quiet time (the game must end as uncut), or anywhere in it. */
export type Cut =
  | { kind: 'write'; bytes: number; anywhere: boolean }
  | { kind: 'instant'; at: number; after: number[]; anywhere: boolean };

export interface Plan {
  steps: Step[];
  /** Per step, its cut, if any. */
  cuts: (Cut | null)[];
}

/** How a run came out. */
export interface RunResult {
  /** Power cuts that struck (a cut armed on a write strikes only if a write comes while it is armed). */
  cuts: number;
  /** The cut run as a scenario. */
  scenario: string;
  /** The log the cut run left. */
  log: string;
}

/** The board needs this long after `on` before the next step: its boot, and some. */
const UP_MS = BOOT_MS + 200;

function garbledText(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength: 40 }).map((s) => s.replace(/[\r\n]/g, ' ')),
    fc.constantFrom('{"cmd":', '{"cmd":"undo"', '{"cmd":"nope"}', '{"cmd":"new","players":99}', '{"cmd":"fix","r":7}', '[]', 'null', '{"cmd":"hand","h":"XY? EA"}', '{"cmd":"stroke","h":"EA>QQ"}', '{"cmd":"ring","peg":"zz"}', '{"cmd":"place","i":9}'),
  );
}

/** The steps of a game's runs: its own, and undo, `new`, garbled and unpaired phone lines. */
export function stepArbitrary(game: ChaosGame): fc.Arbitrary<Step> {
  const others: fc.WeightedArbitrary<Step>[] = [
    { weight: 1, arbitrary: garbledText().map((text): Step => ({ k: 'garbled', text })) },
    { weight: 1, arbitrary: fc.nat(1).map((v): Step => ({ k: 'unpaired', v })) },
  ];
  if (game.undo) others.push({ weight: 2, arbitrary: fc.constant<Step>({ k: 'undo' }) });
  if (game.newGame) others.push({ weight: 1, arbitrary: fc.constant<Step>({ k: 'new' }) });
  return fc.oneof({ weight: 12, arbitrary: game.steps }, ...others);
}

/** Cuts: in quiet time only (`anywhere` false), or anywhere at all. */
export function cutArbitrary(anywhere: boolean): fc.Arbitrary<Cut | null> {
  const write = fc.nat(90).map((bytes): Cut => ({ kind: 'write', bytes, anywhere }));
  const instant = fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.array(fc.integer({ min: 1, max: 999 }), { maxLength: 3 }))
    .map(([at, after]): Cut => ({ kind: 'instant', at, after: after.length % 2 ? after : after.concat([1]), anywhere }));
  return fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: write }, { weight: 1, arbitrary: instant });
}

export function planArbitrary(game: ChaosGame, anywhere: boolean, maxSteps: number): fc.Arbitrary<Plan> {
  return fc.array(fc.tuple(stepArbitrary(game), cutArbitrary(anywhere)), { minLength: 1, maxLength: maxSteps })
    .map((pairs) => ({ steps: pairs.map((p) => p[0]), cuts: pairs.map((p) => p[1]) }));
}

interface Line {
  t: number;
  body: Record<string, unknown>;
  /** A cut armed on a write, its step's window end: disarmed then if it has not struck (its lines left out). */
  armedUntil?: number;
  pair?: Line;
}

/** From `t` on (a step's start), where the weights lie as the scorer has them: the referee's answers then. */
interface Truth {
  t: number;
  where: { c: number; d: number }[];
}

/**
 * The plan as scenario lines (with its cuts, or without), the scorer's scores for it (steps it cannot play now are
 * left out), and where the weights lie from each step on (for a game whose scorer says: `where`).
 */
function lay(game: ChaosGame, plan: Plan, withCuts: boolean): { lines: Line[]; scores: number[]; truth: Truth[] } {
  const scorer = game.scorer();
  const lines: Line[] = [];
  const truth: Truth[] = [];
  let t = 1000;
  for (const opening of scorer.opening ? scorer.opening() : []) lines.push({ t: t + opening.dt, body: opening.body });
  if (lines.length) t += game.gapMs;
  plan.steps.forEach((step, i) => {
    const made: TimedLine[] | null = scorer.lines(step);
    if (!made) return;
    const body = (dt: number, b: Record<string, unknown>): void => {
      lines.push({ t: t + dt, body: b });
    };
    if (step.k === 'undo') body(0, { phone: { cmd: 'undo' } });
    else if (step.k === 'new') body(game.newAfterMs || 0, { phone: { cmd: 'new', game: game.id, players: game.header.players, options: game.header.options || {} } });
    else if (step.k === 'garbled') body(0, { phone: step.text });
    else if (step.k === 'unpaired') body(0, { phone: step.v ? { cmd: 'undo' } : { cmd: 'state' }, paired: false });
    for (const m of made) body(m.dt, m.body);
    scorer.apply(step);
    if (scorer.where) truth.push({ t, where: scorer.where() });
    const last = Math.max(step.k === 'new' ? game.newAfterMs || 0 : 0, ...made.map((m) => m.dt));
    // An unpaired command waits 10 s for the board's buttons, then lapses.
    const span = Math.max(last + game.gapMs, step.k === 'unpaired' ? 11000 + UP_MS : 0);
    const quiet = t + Math.max(last + game.quietMs, step.k === 'unpaired' ? 10500 : 0);
    const windowEnd = t + span - UP_MS - game.resumeMs;
    const cut = withCuts ? plan.cuts[i] : null;
    if (cut) {
      const from = cut.anywhere ? t : quiet;
      if (cut.kind === 'write') {
        const on: Line = { t: windowEnd, body: { power: 'on' } };
        lines.push({ t: from, body: { power: 'cut', afterBytes: cut.bytes }, armedUntil: windowEnd - 1, pair: on }, on);
      } else {
        // The cuts and power-ups after it, scaled to end in the window.
        const room = windowEnd - from - cut.after.length;
        const sum = cut.after.reduce((a, b) => a + b, 0);
        const scale = sum > room ? room / sum : 1;
        let at = Math.round(from + cut.at * Math.max(0, room - sum * scale));
        lines.push({ t: at, body: { power: 'cut' } });
        cut.after.forEach((ms, k) => {
          at += Math.max(1, Math.floor(ms * scale));
          lines.push({ t: at, body: { power: k % 2 ? 'cut' : 'on' } });
        });
      }
    }
    t += span;
  });
  lines.sort((a, b) => a.t - b.t);
  return { lines, scores: scorer.scores(), truth };
}

/** The plan as scenario lines without its cuts (each a body and its time), and the scorer's scores for them. */
export function planLines(game: ChaosGame, plan: Plan): { lines: { t: number; body: Record<string, unknown> }[]; scores: number[] } {
  const { lines, scores } = lay(game, plan, false);
  return { lines, scores };
}

function text(game: ChaosGame, lines: Line[]): string {
  return [JSON.stringify(Object.assign({}, game.header, { seed: 7 })), ...lines.map((l) => JSON.stringify(Object.assign({ t: l.t }, l.body)))].join('\n') + '\n';
}

interface Heard {
  scores: number[];
  turn: number;
  winner: number | null;
}

/** The referee answers the board's question about a weight this long after the board asks it (ms). */
const ANSWER_MS = 500;
/** A weight the board shows farther than this from every weight of its colour that lies on the table is none (mm: a weight's width). */
const NONE_WITHIN_MM = 58;

/**
 * Runs a scenario's lines, disarming cuts on writes that did not strike in their window; checks every power-up.
 * Where the board cannot tell how an end scores and asks the referee (a `state` whose `ask` names weights:
 * docs/games/shuffleboard.md, The referee's word), the referee answers as at a table, ANSWER_MS after the question:
 * he looks where the board shows each weight asked about and places it (`place`) where the weight of its colour
 * nearest there lies (`truth`), or off the table when none lies within NONE_WITHIN_MM. By place, not by name: two
 * weights of one colour look alike, and after a knock the board may name them the other way round (their points do
 * not change). His answers are lines of the run (`kept`). A question is no break: the end scores once he has
 * answered, as the rules give for where the weights lie.
 */
function play(game: ChaosGame, lines: Line[], truth: Truth[] = [], anywhere = false): { sim: Simulation; kept: Line[]; cuts: number; diverged: boolean } {
  const sim = new Simulation(parseScenario(text(game, lines)));
  const answers: Line[] = [];
  /** Per weight asked about, when its answer is due: asked again after that (a power-up, a line the board missed), answered again. */
  const due: Record<string, number> = {};
  const emit = sim.emit.bind(sim);
  sim.emit = (line: Record<string, unknown>): void => {
    emit(line);
    const phone = line.phone as { type?: string; ask?: string[]; weights?: { w: string; c: number; d: number }[] } | undefined;
    if (!phone || phone.type !== 'state' || !phone.ask || !phone.ask.length || !phone.weights) return;
    const t = (JSON.parse(sim.out[sim.out.length - 1]) as { t: number }).t + ANSWER_MS;
    let now: Truth | undefined;
    for (const x of truth) if (x.t <= t) now = x;
    for (const name of phone.ask) {
      const i = phone.weights.findIndex((w) => w.w === name);
      if (!now || i < 0 || due[name] >= sim.t) continue;
      due[name] = t;
      const shown = phone.weights[i];
      let d = -1;
      for (const w of now.where) if (w.c === shown.c && Math.abs(w.d - shown.d) <= NONE_WITHIN_MM && (d < 0 || Math.abs(w.d - shown.d) < Math.abs(d - shown.d))) d = w.d;
      const answer: Line = { t, body: { phone: { cmd: 'place', i, d } } };
      answers.push(answer);
      sim.insert(Object.assign({ t }, answer.body));
    }
  };
  const module = sim.scenario.game.module as GameModule<unknown, object>;
  const dropped = new Set<Line>();
  let cuts = 0;
  // Whether the power went while an undo was read back.
  let undoing = false;
  const powerOff = sim.powerOff.bind(sim);
  sim.powerOff = (): void => {
    if (sim.firmware) {
      cuts++;
      undoing = sim.firmware.view().undoing;
    }
    powerOff();
  };
  const powerOn = sim.powerOn.bind(sim);
  sim.powerOn = (bootMs?: number): void => {
    if (!sim.firmware) checkRestore(sim, module, undoing);
    powerOn(bootMs);
  };
  let diverged = false;
  try {
    for (const line of lines) {
      if (line.armedUntil === undefined) continue;
      sim.runUntil(line.armedUntil);
      if (sim.flash.armed()) {
        sim.flash.cutAfter(-1);
        dropped.add(line).add(line.pair!);
      }
    }
    sim.runToEnd();
  } catch (e) {
    // A cut anywhere may hide happenings from the board (throws, a clear: docs/saving.md, What the board cannot see);
    // the players then name the weights by the turn the board shows (sim/games/shuffleboard.ts), and a knock the plan
    // names by the rules' turn may name a weight the table does not hold. The run ends there: only the restores up to
    // it are checked (the one guarantee that holds then).
    if (!anywhere || !(e instanceof ScenarioError) || !/ is not on the table$| is on the table already/.test(e.message)) throw e;
    diverged = true;
  }
  return { sim, kept: lines.filter((l) => !dropped.has(l)).concat(answers).sort((a, b) => a.t - b.t), cuts, diverged };
}

/** The scores, turn and winner the phone last heard, from the board's state messages. */
function lastHeard(sim: Simulation): Heard | null {
  for (let i = sim.out.length - 1; i >= 0; i--) {
    const line = JSON.parse(sim.out[i]) as { phone?: { type: string } & Heard };
    if (line.phone && line.phone.type === 'state') return { scores: line.phone.scores, turn: line.phone.turn, winner: line.phone.winner };
  }
  return null;
}

/**
 * At a power-up: the log restores what the phone last heard (a log that restores nothing is told at the boot), or,
 * when the power went while an undo was read back (`undoing`: its record written, the game not yet told), the game
 * that undo makes, which restores what the phone last heard without that record (its last but begin records).
 */
function checkRestore(sim: Simulation, module: GameModule<unknown, object>, undoing: boolean): void {
  const heard = lastHeard(sim);
  const r = restore(sim.flash, module);
  if (!r || !heard) return;
  const said = (state: unknown) => JSON.stringify({ scores: module.scores(state), turn: module.turn(state), winner: module.winner(state) });
  if (said(r.state) === JSON.stringify(heard)) return;
  const log = sim.flash.files[LOG];
  const lines = log.split(/(?<=\n)/);
  let last = lines.length - 1;
  while (last > 0 && /^\{"b":/.test(lines[last])) last--;
  const before = undoing && /^\{[^\n]*"u":1[,}]/.test(lines[last]) && restore(Object.assign(new SimFlash(), { files: { [LOG]: lines.slice(0, last).join('') } }), module);
  if (before && said(before.state) === JSON.stringify(heard)) return;
  throw new Error(`at the power-up at ${sim.t} ms the log restores ${said(r.state)}, but the phone last heard ${JSON.stringify(heard)}`);
}

const outcome = (sim: Simulation): string => {
  const f = sim.final() as { scores: number[]; winner: number | null; turn?: number };
  return JSON.stringify({ scores: f.scores, winner: f.winner, turn: f.turn });
};

/** Plays a plan with its cuts and without; throws an Error holding the cut run's scenario when an invariant breaks. */
export function runPlan(game: ChaosGame, plan: Plan): RunResult {
  const uncut = lay(game, plan, false);
  const cut = lay(game, plan, true);
  let kept: Line[] = cut.lines;
  try {
    const played = play(game, uncut.lines, uncut.truth);
    const clean = played.sim;
    const expected = JSON.stringify(uncut.scores);
    const scored = JSON.stringify((clean.final() as { scores: number[] }).scores);
    // (The run without cuts as the break's scenario: with the referee's answers it had.)
    if (scored !== expected) {
      kept = played.kept;
      throw new Error(`without cuts the board scores ${scored}; the rules give ${expected}`);
    }
    const anywhere = plan.cuts.some((c) => c && c.anywhere);
    const run = play(game, cut.lines, cut.truth, anywhere);
    kept = run.kept;
    if (run.diverged) return { cuts: run.cuts, scenario: text(game, kept), log: run.sim.flash.files[LOG] };
    if (!run.sim.firmware) throw new Error('the board is off at the end');
    if (!anywhere && outcome(run.sim) !== outcome(clean)) {
      throw new Error(`with cuts in quiet time the game ends ${outcome(run.sim)}; without them ${outcome(clean)}`);
    }
    return { cuts: run.cuts, scenario: text(game, kept), log: run.sim.flash.files[LOG] };
  } catch (e) {
    throw new Error(`${(e as Error).message}\nscenario (npx tallyboard replay):\n${text(game, kept)}`);
  }
}

/**
 * Runs `runs` seeded plans of a game; returns the counts, the longest log a run left (`longest`), and the first break
 * (its seed, path and scenario).
 */
export function chaos(game: ChaosGame, options: { seed: number; runs: number; anywhere: boolean }): { runs: number; cuts: number; longest: string; failure: string | null } {
  let runs = 0;
  let cuts = 0;
  let longest = '';
  const details = fc.check(fc.property(planArbitrary(game, options.anywhere, game.maxSteps), (plan) => {
    runs++;
    const r = runPlan(game, plan);
    cuts += r.cuts;
    if (r.log.length > longest.length) longest = r.log;
  }), { seed: options.seed, numRuns: options.runs, endOnFailure: process.env.CHAOS_NO_SHRINK === '1' });
  if (!details.failed) return { runs, cuts, longest, failure: null };
  const error = details.errorInstance as Error | undefined;
  return { runs, cuts, longest, failure: `seed ${options.seed}, path ${details.counterexamplePath}: ${error ? error.message : 'interrupted'}` };
}

/**
 * JsVars the firmware holds once a board has powered up from `log`, in the real interpreter (ESPRUINO): the game's
 * bundle built from the sources and booted as test/memory.test.ts boots it, the log in Storage as the board writes it
 * (record by record), with its modules beside it, less the same boot without the bundle. Throws when the boot reports an error, or when the
 * board did not take up the game the log holds (it would have erased it and begun another).
 */
export async function restoredJsVars(game: ChaosGame, log: string): Promise<number> {
  const stubs = readFileSync(join(ROOT, 'tools', 'espruino-linux-stubs.js'), 'utf8');
  const records = log.split(/(?<=\n)/);
  const boot0 = `${stubs}\n(function(f){${JSON.stringify(records)}.forEach(function(r){f.write(r);});})(require("Storage").open(${JSON.stringify(LOG)},"a"));`;
  // Its modules beside it, as flash writes them: the restore module reads the log back.
  const bundle = await buildGame(game.id);
  const report = bootInEspruino(bundle.stored, {
    boot0, settleMs: 500, storage: moduleFiles(bundle, 'stored'), probe: `(function(f){var n=0;while(f.readLine()!==undefined)n++;return n;})(require("Storage").open(${JSON.stringify(LOG)},"r"))`,
  });
  if (report.errors.length) throw new Error(`the ${game.id} board did not boot from the log: ${report.errors[0]}`);
  if ((report.probe as number) < records.length) throw new Error(`the ${game.id} board began another game: its log has ${report.probe} records of ${records.length}`);
  return report.memory.usage - report.baseline.usage;
}
