// The shuffleboard table as the simulator plays it (docs/replay.md): weights
// slide from the launch row and brake to rest, knock others on, fall off the
// end, and are cleared between ends; the launch row's switches pull their
// channel to ground as a weight passes, and each hall sensor of the grid reads
// the field of every magnet near it as the physics of the parts has it
// (sim/physics/hall-grid.ts: not the firmware's model), each part within its
// tolerance.
import { game as shuffleboard } from '../../firmware/games/shuffleboard/index';
import { turn } from '../../firmware/games/shuffleboard/rules';
import { COL0_MM, COLS, LAUNCH_GROUPS, LAUNCH_MM, PITCH_MM, ROW0_MM, SENSORS, WIDTH_MM } from '../../firmware/games/shuffleboard/board';
import { ADC, NOISE_MOST, fieldOf, fieldRange, magnetOf, readingIn, readingRange, sensorOf, stepsIn } from '../physics/hall-grid';
import type { HallSensor, Magnet, Tolerances } from '../physics/hall-grid';
import { PLAY_ACTIONS, fieldsProblem } from '../game';
import type { SimGame } from '../game';
import type { ScenarioHeader } from '../scenario';
import { RADIUS_MM, WEIGHTS } from '../../firmware/games/shuffleboard/table';
import type { ShuffleboardState } from '../../firmware/games/shuffleboard/state';

/** Braking on a waxed table (mm/ms², 0.5 m/s²). */
export const BRAKE = 0.0005;
/** Where a weight goes off the end comes to: its centre past the edge, it has fallen. */
const FALLEN_MM = -RADIUS_MM - 1;
/** Where a weight that goes off the end crosses the table. */
const MIDDLE_MM = WIDTH_MM / 2;
/** Time the players take to lift each weight off the table when clearing it (ms). */
const LIFT_MS = 300;
/** Players throw one weight at a time: the next at least this long after the last (ms). */
const THROW_GAP_MS = 500;

/** The launch row's group whose switches a weight crossing the row y mm from the left rail passes. */
function groupOf(y: number): number {
  return Math.min(LAUNCH_GROUPS - 1, Math.floor(y / (WIDTH_MM / LAUNCH_GROUPS)));
}

/** A place on the table: d from the end edge, y from the left rail (mm). */
interface Place {
  d: number;
  y: number;
}

/** A weight's slide: from `from` at t0, braking to rest at `to` at t1. */
interface Weight {
  name: string;
  /** 1 red (south pole down), -1 blue. */
  pol: number;
  from: Place;
  to: Place;
  t0: number;
  t1: number;
  /** When it was lifted off the table (Infinity: not yet). */
  gone: number;
  /**
   * When it is on the table from: a knocked weight's slide, at its knock (until then the weight that lay there, gone
   * then, is it: laid from the throw, both were there, a field twice a weight's); -Infinity for a thrown one.
   */
  since: number;
  /** Its magnet's moment (A m²) and height above the grid (mm): the same weight's in every end. */
  moment: number;
  heightMm: number;
}

/** How far along its slide a weight is at time t, 0 to 1. */
function progressAt(w: Weight, t: number): number {
  return t <= w.t0 ? 0 : t >= w.t1 ? 1 : 1 - ((w.t1 - t) / (w.t1 - w.t0)) ** 2;
}

/** Where a weight is at time t: on its braking slide, or resting; null once fallen off the end or lifted. */
export function placeAt(w: Weight, t: number): Place | null {
  if (t >= w.gone || t < w.since) return null;
  const s = progressAt(w, t);
  const d = w.from.d + (w.to.d - w.from.d) * s;
  return d < 0 ? null : { d, y: w.from.y + (w.to.y - w.from.y) * s };
}

/** A weight braking from `from` at t0 to rest at `to`. */
function slide(name: string, pol: number, from: Place, to: Place, t0: number, magnet: { moment: number; heightMm: number }): Weight {
  const length = Math.hypot(to.d - from.d, to.y - from.y);
  return { name, pol, from, to, t0, t1: t0 + Math.sqrt(2 * length / BRAKE), gone: Infinity, since: -Infinity, moment: magnet.moment, heightMm: magnet.heightMm };
}

/** When weight w sliding off the end at t is no longer on the table (its centre past the edge), a little before: Infinity if it stays on. */
function fallsAt(w: Weight): number {
  if (w.to.d >= 0) return Infinity;
  const s = w.from.d / (w.from.d - w.to.d);
  return w.t1 - (w.t1 - w.t0) * Math.sqrt(1 - s) - 0.01;
}

/** `at` if it is t or later, else Infinity. */
function nextAt(at: number, t: number): number {
  return at >= t ? at : Infinity;
}

/** Whether two lists of magnets are the same magnets in the same places. */
function sameMagnets(a: Magnet[], b: Magnet[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const m = a[i];
    const n = b[i];
    if (m.d !== n.d || m.y !== n.y || m.pol !== n.pol || m.moment !== n.moment || m.heightMm !== n.heightMm) return false;
  }
  return true;
}

/** The weights' names, each its magnet's number on the board. */
const NAMES = ['red1', 'red2', 'red3', 'red4', 'blue1', 'blue2', 'blue3', 'blue4'];

function isPlace(p: unknown): p is Place {
  const o = p as Place;
  return !!o && typeof o === 'object' && typeof o.d === 'number' && Number.isFinite(o.d) && typeof o.y === 'number' && Number.isFinite(o.y);
}

/** A place's problem, or null: y within the rails, d short of the launch row and not past the end edge (that is "off"). */
function placeProblem(p: unknown, what: string): string | null {
  if (!isPlace(p) || Object.keys(p).some((k) => k !== 'd' && k !== 'y')) return `${what} must be {"d":mm,"y":mm}`;
  if (p.y < RADIUS_MM || p.y > WIDTH_MM - RADIUS_MM) return `${what}: y must be ${RADIUS_MM} to ${WIDTH_MM - RADIUS_MM} mm (the weight between the rails)`;
  if (p.d < 0 || p.d >= LAUNCH_MM - RADIUS_MM) return `${what}: d must be 0 (centre on the end edge) to ${LAUNCH_MM - RADIUS_MM - 1} mm; a weight past the edge is "off":true`;
  return null;
}

/**
 * Table shuffleboard: weights slid, knocked and cleared (docs/replay.md).
 * `tolerances`: how far its parts spread over their tolerances (1, the
 * default: all of each; 0: every part nominal).
 */
export function simGame(header: ScenarioHeader, tolerances: Tolerances = { scale: 1 }): SimGame {
  const seed = header.seed >>> 0;
  /** Times something began to move: the noise of a still table is drawn afresh at each, and kept while all is still. */
  const epochs: number[] = [0];
  /** The grid's sensors, each as built (made when first read). */
  let sensors: HallSensor[] | null = null;
  /** Every weight on the table, or that was (knocked on, off the end, lifted off while clearing it). */
  let table: Weight[] = [];
  /** The weights thrown this end, by the players' own count, and the side that threw first (at first, the toss the header gives). */
  let thrown = 0;
  /** When the last weight was thrown (a slide). */
  let thrownAt = -Infinity;
  let first = header.options.firstPlayer === 1 ? 1 : 0;

  /**
   * The table at the time last read (a scan reads many channels at one time): the launch groups a weight is over
   * (bit g), the magnets, and the noise's draw. While all is still, each sensor's reading is kept (NaN: not read
   * since the table was last as it is now): a still table reads alike whenever it is read, and a replay reads its
   * rows thousands of times between throws.
   */
  let readAt = NaN;
  let launchOver = 0;
  let magnets: Magnet[] = [];
  let draw = 0;
  let moving = false;
  /**
   * Per magnet of `magnets`, its field at each sensor while its weight rests (before its slide, or after; NaN: not
   * worked out yet), kept per weight: while one weight slides, the others' fields stay as they were. Null: it moves.
   */
  let resting: (Float64Array | null)[] = [];
  const restFields = new Map<Weight, Float64Array[]>();
  let stillMagnets: Magnet[] = [];
  let stillDraw = -1;
  const still = new Float64Array(SENSORS).fill(NaN);

  /** While all is still, the table stays as tableAt found it until this time at least (a slide begins or ends, a weight is lifted, the noise is drawn afresh). */
  let stillUntil = -Infinity;
  /** Per magnet of `magnets`, its weight. */
  let weightOf: Weight[] = [];
  /** While weights slide: the next time one begins or ends a slide, falls off the end or is lifted (the sliding weights are the same until then). */
  let slidesUntil = -Infinity;
  /**
   * While weights slide, per sensor: from when until when (not included) its reading surely lies within
   * heldLo..heldHi whatever the read's noise, its weights sliding as they do (worked out when a read asks for its
   * range against the reading the scan keeps, so that a reading that cannot move off it is not worked out again
   * until then). Forgotten at a happening.
   */
  const heldFrom = new Float64Array(SENSORS);
  const heldUntil = new Float64Array(SENSORS).fill(-Infinity);
  const heldLo = new Float64Array(SENSORS);
  const heldHi = new Float64Array(SENSORS);

  /** The table at time t, as the fields above have it (each worked out as every read did before: the same readings). */
  function tableAt(t: number): void {
    if (!moving && t >= readAt && t < stillUntil) {
      readAt = t;
      return;
    }
    readAt = t;
    launchOver = 0;
    moving = false;
    slidesUntil = Infinity;
    // (The magnets' objects are kept from read to read: a replay works out the table every ms while weights slide.)
    let n = 0;
    for (const w of table) {
      const slides = t > w.t0 && t < w.t1;
      if (slides) moving = true;
      slidesUntil = Math.min(slidesUntil, nextAt(w.t0, t), nextAt(w.t1, t), nextAt(w.gone, t), nextAt(fallsAt(w), t));
      // (placeAt, without making a place.)
      if (t >= w.gone || t < w.since) continue;
      const s = progressAt(w, t);
      const d = w.from.d + (w.to.d - w.from.d) * s;
      if (d < 0) continue;
      const y = w.from.y + (w.to.y - w.from.y) * s;
      const m = magnets[n] || (magnets[n] = { d, y, pol: 0, moment: 0, heightMm: 0 });
      m.d = d;
      m.y = y;
      m.pol = w.pol;
      m.moment = w.moment;
      m.heightMm = w.heightMm;
      weightOf[n] = w;
      let fields = restFields.get(w);
      if (!fields) restFields.set(w, (fields = [new Float64Array(SENSORS).fill(NaN), new Float64Array(SENSORS).fill(NaN)]));
      resting[n++] = slides ? null : fields[t <= w.t0 ? 0 : 1];
      // A launch group: its switches pull it to ground while a weight just launched (at the row, on its way down
      // the table) is over one of them, else the pull-up holds it at the supply.
      if (t >= w.t0 && w.from.d === LAUNCH_MM && d > LAUNCH_MM - 2 * RADIUS_MM) launchOver |= 1 << groupOf(y);
    }
    magnets.length = weightOf.length = resting.length = n;
    // The noise: fresh at each read while something moves; a still table's own draw while all is still (the
    // ADC's oversampling averages the rest away), so a still table reads alike whenever it is read.
    draw = moving ? Math.round(t * 16) + 1e9 : epochAt(t);
    stillUntil = Infinity;
    if (moving) return;
    // (A slide that begins now moves from the next time on.)
    for (const w of table) for (const at of [w.t0, w.t1, w.gone]) if (at >= t && at < stillUntil) stillUntil = at;
    for (const e of epochs) if (e > t && e < stillUntil) stillUntil = e;
    if (draw !== stillDraw || !sameMagnets(magnets, stillMagnets)) {
      still.fill(NaN);
      stillMagnets = magnets.map((m) => ({ ...m }));
      stillDraw = draw;
    }
  }

  /** Channel ch's level, the table as tableAt last found it. */
  function levelNow(ch: number): number {
    // (A channel past the launch groups, which a dead select line can make the scan read, is none: the pull-up; and a
    // shift by 32 or more would wrap round onto a group.)
    if (ch >= SENSORS) return ch < SENSORS + LAUNCH_GROUPS && (launchOver >> (ch - SENSORS)) & 1 ? 0 : (ADC.steps - 1) / ADC.steps;
    if (!sensors) sensors = sensorsOf();
    if (moving) return readingIn(sensors[ch], fieldAt(ch), seed, ch, draw);
    if (Number.isNaN(still[ch])) still[ch] = readingIn(sensors[ch], fieldAt(ch), seed, ch, draw);
    return still[ch];
  }

  /** The magnets' field at sensor ch (T), added in their order (a resting weight's as kept). */
  function fieldAt(ch: number): number {
    const s = (sensors as HallSensor[])[ch];
    let b = 0;
    for (let i = 0; i < magnets.length; i++) {
      const kept = resting[i];
      if (!kept) b += fieldOf(s, magnets[i]);
      else {
        if (Number.isNaN(kept[ch])) kept[ch] = fieldOf(s, magnets[i]);
        b += kept[ch];
      }
    }
    return b;
  }

  /** A sliding magnet's field's range over a span of time (fieldRange). */
  const spanField = new Float64Array(2);

  /** Per sensor, the span (ms) its last hold tried first, or held for: the next tries it first. */
  const heldSpan = new Uint16Array(SENSORS).fill(16);

  /**
   * Sensor ch, at t while weights slide, reads within the change the scan keeps at `kept` (255ths of the supply:
   * a reading r is none while -1 <= r * 255 - kept < 2) whatever its noise, for some time to come: the resting
   * weights' fields as they are, and each sliding one's between the least and the most it makes on its way. Spans
   * of 1 to 256 ms, by fours, from the one that did last (longer while they hold, shorter until one does): the
   * longest that holds goes into heldFrom..heldUntil and heldLo..heldHi. False when none does.
   */
  function hold(ch: number, t: number, kept: number): boolean {
    const s = (sensors as HallSensor[])[ch];
    // (A reading is whole steps: the output plus the noise, rounded. The kept change's edges, in steps.)
    const low = ((kept - 1) * ADC.steps) / 255 + 0.5 + NOISE_MOST + 1e-6;
    const high = ((kept + 2) * ADC.steps) / 255 - 0.5 - NOISE_MOST - 1e-6;
    let rest = 0;
    for (let i = 0; i < magnets.length; i++) {
      const fields = resting[i];
      if (!fields) continue;
      if (Number.isNaN(fields[ch])) fields[ch] = fieldOf(s, magnets[i]);
      rest += fields[ch];
    }
    let span = heldSpan[ch];
    let held = 0;
    while (span >= 1 && span <= 256) {
      if (holds(s, ch, t, span, rest, low, high)) {
        held = span;
        if (span === 256) break;
        span *= 4;
      } else if (held) break;
      else span /= 4;
    }
    heldSpan[ch] = Math.max(1, held || 1);
    // (holds wrote heldFrom.. at its last success, the span held: the spans after it it did not hold for wrote nothing.)
    return held > 0;
  }

  /** Whether sensor s (channel ch) reads within low..high steps whatever its noise from t for `span` ms, the resting weights' field being `rest`: if so, into heldFrom.. as hold. */
  function holds(s: HallSensor, ch: number, t: number, span: number, rest: number, low: number, high: number): boolean {
    const until = Math.min(slidesUntil, t + span);
    if (until <= t) return false;
    let lo = rest;
    let hi = rest;
    for (let i = 0; i < magnets.length; i++) {
      if (resting[i]) continue;
      const w = weightOf[i];
      const m = magnets[i];
      const p = progressAt(w, until);
      fieldRange(s, m, m.d, m.y, w.from.d + (w.to.d - w.from.d) * p, w.from.y + (w.to.y - w.from.y) * p, spanField);
      lo += spanField[0];
      hi += spanField[1];
    }
    // (The resting fields added in another order than a read adds them: a hair more.)
    const xlo = stepsIn(s, lo - 1e-15);
    const xhi = stepsIn(s, hi + 1e-15);
    if (xlo < low || xhi > high) return false;
    heldFrom[ch] = t;
    heldUntil[ch] = until;
    heldLo[ch] = Math.max(0, Math.min(ADC.steps - 1, Math.round(xlo - NOISE_MOST))) / ADC.steps;
    heldHi[ch] = Math.max(0, Math.min(ADC.steps - 1, Math.round(xhi + NOISE_MOST))) / ADC.steps;
    return true;
  }

  /** The grid's sensors as built. */
  function sensorsOf(): HallSensor[] {
    const all: HallSensor[] = [];
    for (let c = 0; c < SENSORS; c++) all.push(sensorOf(seed, c, ROW0_MM + Math.floor(c / COLS) * PITCH_MM, COL0_MM + (c % COLS) * PITCH_MM, tolerances));
    return all;
  }

  function epochAt(t: number): number {
    let e = epochs.length - 1;
    while (e > 0 && epochs[e] > t) e--;
    return e;
  }

  return {
    module: shuffleboard,
    actions: PLAY_ACTIONS,
    check(a) {
      const o = a.body;
      if (o.do === 'clear') return fieldsProblem(a, ['t', 'do']);
      if (o.do !== 'slide') return 'shuffleboard happenings: {"do":"slide","to":{"d":mm,"y":mm}} (or "off":true), with "moves", and {"do":"clear"}';
      if ((o.to === undefined) === (o.off === undefined)) return 'a slide has "to" or "off":true';
      if (o.off !== undefined && o.off !== true) return '"off" must be true';
      if (o.to !== undefined) {
        const p = placeProblem(o.to, '"to"');
        if (p) return p;
      }
      if (o.moves !== undefined) {
        if (!Array.isArray(o.moves)) return '"moves" must be a list';
        for (const m of o.moves as Record<string, unknown>[]) {
          if (!m || typeof m !== 'object' || !/^(red|blue)[1-4]$/.test(m.w as string)) return 'each of "moves" names a weight, "w": red1..red4 or blue1..blue4';
          if ((m.to === undefined) === (m.off === undefined) || (m.off !== undefined && m.off !== true)) return `"moves": ${m.w} has "to" or "off":true`;
          if (m.to !== undefined) {
            const p = placeProblem(m.to, `"moves": ${m.w}`);
            if (p) return p;
          }
          if (Object.keys(m).some((k) => ['w', 'to', 'off'].indexOf(k) < 0)) return `"moves": ${m.w} has only "w" and "to" or "off"`;
        }
      }
      return fieldsProblem(a, ['t', 'do', 'to', 'off', 'moves']);
    },
    happen(a, world) {
      const o = a.body;
      // The table changes now: read afresh.
      readAt = NaN;
      stillUntil = -Infinity;
      heldUntil.fill(-Infinity);
      const state = world.state() as ShuffleboardState | null;
      if (o.do === 'clear') {
        // Who throws first in the next end, as the board shows it once the end is over: the players remember it
        // should the board be off or starting at that throw.
        if (state && state.t >= WEIGHTS) first = turn(state) & 1;
        // Each end starts from the table as it is, every weight back in the hand: those on it are lifted off one
        // by one, and those gone off it (off the end, knocked off) are done with too, so a weight of the same name
        // thrown in a later end is the only one by that name.
        let k = 0;
        for (const w of table) if (w.gone === Infinity) w.gone = placeAt(w, a.t) ? a.t + LIFT_MS * ++k : a.t;
        thrown = 0;
        epochs.push(a.t);
        return;
      }
      // One weight at a time: the next is thrown once the last has left the launch row and its thrower's hand is back
      // (two passing the row together, the board sees one launch, and the second's throw is lost).
      if (a.t - thrownAt < THROW_GAP_MS) throw new Error(`a throw ${THROW_GAP_MS / 1000} s or more after the last: players throw one weight at a time`);
      thrownAt = a.t;
      // The thrower: the side the board shows to throw first in an end, as the players see it (while it is off or
      // starting, the side they last saw); then the sides alternate, by the players' own count (a board that was
      // off, or is still working out the last throw, lags).
      if (!thrown && state) first = Math.max(0, turn(state)) & 1;
      const side = (first + thrown) & 1;
      const name = ['red', 'blue'][side] + ((thrown >> 1) + 1);
      thrown++;
      // The weights lifted off by now are gone for good.
      table = table.filter((w) => w.gone > a.t);
      const to = o.off ? { d: FALLEN_MM, y: MIDDLE_MM } : (o.to as Place);
      // Slid straight down the table.
      const start = { d: LAUNCH_MM, y: to.y };
      const weight = slide(name, side ? -1 : 1, start, to, a.t, magnetOf(seed, NAMES.indexOf(name), tolerances));
      if (table.some((w) => w.name === name && placeAt(w, a.t))) throw new Error(`${name} is on the table already: clear the table between ends`);
      table.push(weight);
      epochs.push(a.t);
      // It passes the launch row's switches of its group across the table at once, at its launch speed (analog).
      // Each weight it knocks starts when the thrown one reaches it (or when that one stops, short of it).
      for (const m of (o.moves ?? []) as { w: string; to?: Place; off?: true }[]) {
        const hit = table.find((w) => w.name === m.w && w !== weight && w.gone === Infinity);
        const at = hit && placeAt(hit, weight.t1);
        if (!hit || !at) throw new Error(`${m.w} is not on the table`);
        // The thrown weight's front reaches it when its centre is two radii away (or at its own rest, if never).
        const s = (at.d + 2 * RADIUS_MM - start.d) / (to.d - start.d);
        const t = Math.round(s >= 0 && s <= 1 ? weight.t1 - (weight.t1 - weight.t0) * Math.sqrt(1 - s) : weight.t1);
        const knocked = slide(hit.name, hit.pol, at, m.off ? { d: FALLEN_MM, y: at.y } : m.to!, t, hit);
        hit.gone = knocked.since = t;
        table.push(knocked);
        epochs.push(t);
      }
      epochs.sort((x, y) => x - y);
    },
    analog(ch, t) {
      if (t !== readAt) tableAt(t);
      return levelNow(ch);
    },
    analogRun(from, to, t, out) {
      if (t !== readAt) tableAt(t);
      for (let ch = from; ch < to; ch++) out[ch] = levelNow(ch);
    },
    analogRange(ch, t, range, kept) {
      if (t !== readAt) tableAt(t);
      // (A still table's readings are kept: read at once.)
      if (ch >= SENSORS || !moving) return false;
      if (t >= heldFrom[ch] && t < heldUntil[ch]) {
        range[0] = heldLo[ch];
        range[1] = heldHi[ch];
        return true;
      }
      if (!sensors) sensors = sensorsOf();
      if (kept !== undefined && hold(ch, t, kept)) {
        range[0] = heldLo[ch];
        range[1] = heldHi[ch];
        return true;
      }
      return readingRange(sensors[ch], fieldAt(ch), seed, ch, draw, range);
    },
    // The wake line's inputs (wiring.md, Resting when idle): the launch groups, each pulled to ground while a weight
    // passes it.
    wake(t) {
      if (t !== readAt) tableAt(t);
      return launchOver;
    },
    // Longer than the board's wait for a short weight.
    tailMs: 6000,
    // Its decision module leaves one (docs/saving.md, Where it goes).
    logChunks: 1,
  };
}

