// The same sensors, two interpreters: what a digital board's sensors see, played to the firmware in Node's simulator
// and to its stored bundle in the real interpreter (ESPRUINO), through the real-vs-node harness (test/real-vs-node.ts:
// each on a virtual clock, every line the board sends and every advert compared). The simulator's physics turns a
// game's happenings into level changes (a chip's or a ball's transit, a ring's fall, their bounce and noise); the real
// interpreter's board reads the same changes through its own drivers (tools/espruino-play.ts sensorWorld: a GPIO
// bank's P0.IN, a chain's software SPI), and rests and wakes on its own ticker's watch of the wake line. What is
// played: each example game as a board sees it; random legal play (the chaos harness's, scored by its independent
// scorer), with a power cut; sensors that chatter, bounce, stick and float; and transits at every phase of a resting
// board's slow tick. Used by test/real-sensors.test.ts (a seeded sample) and bench/real-sensors.bench.ts (at scale).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { ROOT } from '../tools/games';
import { mulberry32 } from '../sim/inputs';
import { newGame } from '../tools/espruino-play';
import { REST_AFTER_MS, REST_TICK_MS } from '../firmware/runtime';
import { FIRST_MS, STEP_MS, withCut } from './real-vs-node';
import type { PhoneLine, PhonePlay } from './real-vs-node';
import { planLines, stepArbitrary } from './chaos';
import type { ChaosGame, Step } from './chaos-games';

/** The games whose boards' banks are digital (a GPIO bank: the triangle; a chain: Ring-a-Peg and fortification billiards). */
export const SENSOR_GAMES = ['triangle', 'ringapeg', 'fortress'];

/** The plays' happenings begin this long after the phone's `new` (FIRST_MS): the new game is set up by then. */
const SETTLE_MS = 2000;

/**
 * A game's example game as its board's sensors see it: the phone starts it (`new`, the scenario's players and
 * options), and its happenings come SETTLE_MS later, each as long after the one before as the scenario has it.
 */
export function exampleThroughSensors(game: string, file: string): PhonePlay {
  const [header, ...rest] = readFileSync(join(ROOT, 'scenarios', file), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  const shift = FIRST_MS + SETTLE_MS - (rest[0].t as number);
  return { game, lines: [newGame(header as { game: string; players: unknown }) as PhoneLine], happenings: rest.map((h) => Object.assign({}, h, { t: (h.t as number) + shift })) };
}

/** The phone's lines of a play: `at` each line's time (ms), put at the first of the phone's times (one every STEP_MS from FIRST_MS) at or after it. */
function onThePhonesTimes(lines: [number, PhoneLine][]): PhoneLine[] {
  const phone: PhoneLine[] = [];
  for (const [t, line] of lines) {
    const slot = Math.max(phone.length, Math.ceil((t - FIRST_MS) / STEP_MS));
    while (phone.length < slot) phone.push(null);
    phone.push(line);
  }
  return phone;
}

/**
 * Whether a step of the chaos harness's plays the same on a board and in the simulator by design: not a phone that
 * has not paired (a board refuses its changes, the simulator asks for the buttons: docs/security.md), nor a garbled
 * line that begins with a value other than an object or an array (`5abc`, and on shuffleboard's board `0#`: the board's
 * JSON.parse reads the value and ignores the rest, docs/protocol.md, Not yet; both refuse it, with other codes).
 */
function comparable(step: Step): boolean {
  return step.k !== 'unpaired' && (step.k !== 'garbled' || /^\s*([[{]|$)/.test(step.text));
}

/**
 * Random legal play through a game's sensors (the chaos harness's, test/chaos.ts: the game's own happenings, a
 * referee's corrections, undo, `new` and garbled lines; those `comparable`), and the scores its independent scorer
 * gives them. The phone starts the game (`new`, the harness's players and options); the plan's lines come from
 * SETTLE_MS later. With `cut`, the power goes once, at any
 * moment of the play (a move under way or not; between two of the interpreter's calls), and comes
 * back 0 to 3 s later (withCut). The scorer's scores are then
 * not the play's: a move under way at the cut may be decided otherwise.
 */
export function sensorPlay(game: ChaosGame, maxSteps: number, cut: boolean): fc.Arbitrary<PhonePlay & { scores: number[] }> {
  // (As long as maxSteps allows, mostly: the chaos harness's plans are short mostly.)
  const plans = fc.array(stepArbitrary(game).filter(comparable), { minLength: 1, maxLength: maxSteps, size: 'max' }).map((steps) => ({ steps, cuts: steps.map(() => null) }));
  return fc.tuple(plans, cut ? fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 3000 })) : fc.constant(null)).map(([plan, c]) => {
    const { lines, scores } = planLines(game, plan);
    const shift = FIRST_MS + SETTLE_MS - 1000;
    const happenings = lines.filter((l) => l.body.phone === undefined).map(({ t, body }) => Object.assign({ t: t + shift }, body));
    const said = lines.filter((l) => l.body.phone !== undefined).map(({ t, body }): [number, PhoneLine] => [t + shift, body.phone as PhoneLine]);
    const phone = onThePhonesTimes([[FIRST_MS, newGame(game.header as { game: string; players: unknown }) as PhoneLine] as [number, PhoneLine]].concat(said));
    const play = { game: game.id, lines: phone, happenings, scores };
    if (!c) return play;
    const end = Math.max(FIRST_MS + STEP_MS * phone.length, ...happenings.map((h) => h.t + game.quietMs));
    // (Never at a phone's line: the simulator's board takes a line before a cut at its time, where the real
    // interpreter's run ends at the cut, before any timer due then. A scan then is run by neither.)
    let at = Math.round(FIRST_MS + SETTLE_MS + c[0] * (end - FIRST_MS - SETTLE_MS));
    if ((at - FIRST_MS) % STEP_MS === 0) at++;
    return withCut(play, at, at + c[1]);
  });
}

/** A snapped ring is on its peg, its bounce over, in this long at most; the board then rests REST_AFTER_MS later. */
const SNAP_MS = 1000;
/** The pegs a sweep snaps rings onto, one after another (a Ring-a-Peg board's 13; a game holds 16 rings). */
const PEGS = ['o1', 'o2', 'o3', 'o4', 'o5', 'o6', 'o7', 'o8', 'i1', 'i2', 'i3', 'i4', 'k'];

/**
 * Rings snapped onto Ring-a-Peg's pegs, `count` of them (a new game every 13), each coming to a board at rest: each
 * comes some 1 / count of a rest tick later in the board's rest than the one before it, so that the snaps sweep a
 * whole slow tick (test/idle.test.ts sweeps it in the simulator). A snapped ring breaks each gate's beam for 3 ms on
 * its way down, which a board that reads its sensors only at its slow ticks misses. The oracle: each snap scores
 * (its peg's value more for the snapper), and the board woke for it on its wake line.
 */
export function wakeSweep(count: number): PhonePlay & { snaps: number } {
  const happenings: Record<string, unknown>[] = [];
  const said: [number, PhoneLine][] = [];
  const fresh = { cmd: 'new', game: 'ringapeg', players: 2, options: { variant: 'primary' } };
  // A phone's line wakes the board too (docs/protocol.md): the game's `new` comes long enough before the snap after it
  // for the board to rest again first.
  const quiet = SETTLE_MS + REST_AFTER_MS + REST_TICK_MS;
  for (let k = 0, t = FIRST_MS + quiet; k < count; k++, t += SNAP_MS + REST_AFTER_MS + REST_TICK_MS + Math.round((k * REST_TICK_MS) / count)) {
    if (k % PEGS.length === 0) said.push([t - quiet, fresh]);
    happenings.push({ t, do: 'snap', peg: PEGS[k % PEGS.length] });
  }
  return { game: 'ringapeg', lines: onThePhonesTimes(said), happenings, snaps: count };
}

/** A burst of a faulty sensor's levels: a contact chattering, an input floating, a sensor stuck active, or one pulse. */
type Burst = { ch: number; at: number; kind: 'chatter' | 'float' | 'stuck' | 'pulse'; ms: number; seed: number };

/** The level changes of a burst (chatter: a change every 1-3 ms; floating: at random, 1 to 40 ms apart; stuck and a pulse: on, then off `ms` later). */
function burstLines(b: Burst): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  const raw = (t: number, level: number) => lines.push({ t, raw: [{ ch: b.ch, level }] });
  if (b.kind === 'stuck' || b.kind === 'pulse') {
    raw(b.at, 1);
    raw(b.at + b.ms, 0);
    return lines;
  }
  const random = mulberry32(b.seed);
  let level = 0;
  for (let t = b.at; t < b.at + b.ms; t += 1 + Math.floor(random() * (b.kind === 'chatter' ? 3 : 40))) raw(t, (level ^= 1));
  if (level) raw(b.at + b.ms, 0);
  return lines;
}

/**
 * Faulty sensors on a game's board: bursts on random channels, each a second or more after the last has ended, then
 * the phone asks for the state and the board's diagnostics report (its view of every sensor). Nothing here is scored
 * by an oracle of the rules: both boards must tell the same faults, and make the same of what the bursts look like.
 */
export function faultyPlay(game: string, channels: number, maxBursts: number): fc.Arbitrary<PhonePlay> {
  const burst = fc.record({
    ch: fc.nat(channels - 1),
    gap: fc.integer({ min: 1000, max: 4000 }),
    kind: fc.constantFrom<Burst['kind']>('chatter', 'float', 'stuck', 'pulse'),
    ms: fc.integer({ min: 2, max: 12000 }),
    seed: fc.nat(),
  });
  return fc.array(burst, { minLength: 1, maxLength: maxBursts }).map((bursts) => {
    const happenings: Record<string, unknown>[] = [];
    let t = FIRST_MS + SETTLE_MS;
    for (const b of bursts) {
      // (A pulse is short; a stuck sensor holds for seconds.)
      const ms = b.kind === 'pulse' ? 2 + (b.ms % 20) : b.ms;
      happenings.push(...burstLines({ ch: b.ch, at: t, kind: b.kind, ms, seed: b.seed }));
      t += ms + b.gap;
    }
    const lines = onThePhonesTimes([[FIRST_MS, { cmd: 'new', game, players: 2, options: {} }], [t + 2000, { cmd: 'state' }], [t + 2000, { cmd: 'diag', on: true }], [t + 2000, { cmd: 'diag' }]]);
    return { game, lines, happenings };
  });
}

/** The scores of the last `state` line of what a board sent (each `ms line`). */
export function lastScores(lines: string[]): number[] {
  const states = lines.filter((l) => l.includes('"type":"state"'));
  return JSON.parse(states[states.length - 1].replace(/^\d+ /, '')).scores as number[];
}

/** The phases (ms into its slow tick) at which the wake line woke a resting board, from the real interpreter's wakes. */
export function wakePhases(wakes: string[]): number[] {
  return wakes.map((w) => {
    const [rest, woke] = w.split(' ').map(Number);
    return (woke - rest) % REST_TICK_MS;
  });
}
