// From the board's sensors to shuffleboard moves: it reads the board's one
// analog bank itself. The launch row's switches, read every tick, tell a throw
// began; from then on each scan reads only the grid's rows near
// where something changes (and the rows at the foul line, where a weight comes
// in), keeping for each sensor the last reading that counted as a change.
// Once no sensor has changed for QUIET_MS, every weight is still: the whole grid
// is read once and the weights are found in it (locate), and the table as
// seen is the move `seen` (rules.ts matches it to the weights). A throw whose
// weight never reaches the grid (short) is decided SHORT_MS after the launch.
// Between throws the grid is read one row at a time, slowly, to see the table
// cleared after an end. The scan allocates nothing; locate, run once a throw,
// does. It checks the sensors it reads once a second (faults), and has its own
// diagnostics mode (diagnose): the board has nothing for the scanner.
import type { AnalogBank } from '../../../hal/types';
import type { Diagnostics, Interpreter, WalkState } from '../../sensing';
import { BANK, RAIL, STUCK } from '../../faults';
import type { ShuffleboardMove } from './rules';
import { RADIUS_MM } from './rules';
import { CHANNELS, COL0_MM, COLS, LAUNCH_GROUPS, MAGNET_MM, PEAK, PITCH_MM, QUIESCENT, ROW0_MM, ROWS, SENSORS, WIDTH_MM, sensorName } from './board';

/** Every row unchanged this long after a change: every weight is still (ms). */
export const QUIET_MS = 400;
/** A throw whose weight never changed a sensor of the grid is over this long after the launch: it stopped short (ms). */
export const SHORT_MS = 5000;
/**
 * A throw under way when the power went is decided, if nothing moves, QUIET_MS after this long after power-up
 * (ms): 1.8 s in all. Its weight may not have reached the grid yet: one that rests past the foul line reaches it
 * 1.74 s after its launch at the latest, and a board may be back at once. Not longer: the players may soon clear
 * the table.
 */
export const RESUME_MS = 1400;
/** The rows a sensor changed in within this long are where weights move now (ms). */
export const WINDOW_MS = 60;
/** Between throws, one row is read this often, to see the table cleared (ms). */
export const ROW_MS = 50;
/** Readings in ADC steps (12 bits). */
const STEPS = 4096;
/** A weight is looked for where a sensor reads at least this much field (a fraction of PEAK: 41 ADC steps). */
const FOUND = 0.067;
/** A reading this near either rail is no sensor's (one missing, or its line broken): it counts as no field. */
const NO_SENSOR = 0.45;
/** A placing stops once a step moves the weight less than this (mm): far inside the millimetre it is told to. */
const SETTLED_MM = 0.01;
/** The longest step of a placing (mm). */
const STEP_MM = 16;
/** Times every weight near another is placed again, the others' fields taken away (locate). */
const PASSES = 3;
/** Two weights found nearer than this both ways overlap, which weights cannot (mm). */
const OVERLAP_MM = 40;
/** Angles at which a pair of weights side by side is tried (split). */
const SPLITS = 8;
/** Weights nearer than this both ways see each other's field where they are placed (mm). */
const NEAR_MM = 160;
/** A reading kept (in 255ths of the supply, some 16 ADC steps) this far from half the supply sees a weight's field (48 steps or more); this far, no sensor's (NO_SENSOR). */
const SOME = 3;
const RAILED = 115;
/** The rows a weight comes in by. */
const ENTRY = ROWS - 2;
/** Sensors a diagnostics report lists, at most: a message stays short. */
const LISTED = 8;

/** A weight found: polarity (1 red, -1 blue), d and y (mm). */
type Found = number[];

/**
 * The weights in a whole grid's readings (ADC steps): the strongest field
 * left is a weight; it is placed, its field taken away, and so on while any
 * is left (two weights side by side are two). Then each one near another is
 * placed again with the others' fields taken away, PASSES times, and one the
 * readings do not support (its field makes the misfit worse) goes. Each as
 * [colour, d]: 0 red, 1 blue; d whole mm, never past the end edge (a weight
 * whose centre is past it has fallen). `poll` is called every few ms of the
 * work (the board watches its launch row meanwhile).
 */
export function locate(ref: Int16Array, poll?: () => void): number[][] {
  const v = new Float32Array(SENSORS);
  /** Per row, 1 while a reading of it may be a weight's (FOUND or more): the search for the strongest skips the others. */
  const may = new Uint8Array(ROWS);
  /** A placing's weight's own field at its 3 x 3 sensors where it began, when it counts as given back (place). */
  const held = new Float32Array(9);
  const found: Found[] = [];
  let ch: number;
  let i: number;
  for (ch = 0; ch < SENSORS; ch++) {
    if (poll && !(ch & 63)) poll();
    const x = ref[ch] / STEPS - QUIESCENT;
    v[ch] = x > NO_SENSOR || x < -NO_SENSOR ? 0 : x / PEAK;
    if (v[ch] * v[ch] >= FOUND * FOUND) may[(ch / COLS) | 0] = 1;
  }
  // Made here, not kept: the board needs them once a throw, and they keep no JsVars between throws.
  // Math is looked up through every global name on the chip: once here, not at each sensor.
  const sqrt = Math.sqrt;
  /** Set by at: how fast its field grows as the weight comes nearer, over the distance (either way). */
  let slope = 0;
  /** Calls of at: every 16th polls (a few ms apart on the chip). */
  let calls = 0;
  /** The field (a fraction of PEAK) of a weight dd mm along the table and dy across from a sensor: board.ts's field, with slope. */
  function at(dd: number, dy: number): number {
    if (poll && !(++calls & 15)) poll();
    const u = (dd * dd + dy * dy) / (MAGNET_MM * MAGNET_MM);
    const s = 1 + u;
    const t = s * s * sqrt(s);
    slope = (3 * (4 - u)) / (2 * MAGNET_MM * MAGNET_MM * t * s);
    return (2 - u) / (2 * t);
  }
  /** x, or the nearer of lo and hi if it is not between them. */
  function within(x: number, lo: number, hi: number): number {
    return Math.max(lo, Math.min(hi, x));
  }

  /** The row (first ROW0_MM, count ROWS) or column of the sensors nearest a place x mm along it. */
  function nearest(x: number, first: number, count: number): number {
    return within(Math.round((x - first) / PITCH_MM), 0, count - 1);
  }

  /**
   * Over the sensors within `span` rows and columns of (r, k): the squared
   * misfit of the residual readings `v` (in PEAKs) with weight w's field
   * taken away, and `sign` times its field taken away from `v` for good (1
   * takes it, -1 gives it back, 0 only measures).
   */
  function misfit(w: Found, r: number, k: number, span: number, sign: number): number {
    let sum = 0;
    const i1 = within(r + span, 0, ROWS - 1);
    const j0 = within(k - span, 0, COLS);
    const j1 = within(k + span, 0, COLS - 1);
    const d = ROW0_MM - w[1];
    const y = COL0_MM - w[2];
    for (let i = within(r - span, 0, ROWS); i <= i1; i++) {
      if (sign) may[i] = 1;
      for (let j = j0; j <= j1; j++) {
        const m = w[0] * at(d + i * PITCH_MM, y + j * PITCH_MM);
        const e = v[i * COLS + j] - m;
        sum += e * e;
        if (sign) v[i * COLS + j] -= sign * m;
      }
    }
    return sum;
  }

  /** Takes weight w's field away from the residual readings (`sign` 1), or gives it back (-1): all of it that matters, 3 rows and columns around it. */
  function take(w: Found, sign: number): void {
    misfit(w, nearest(w[1], ROW0_MM, ROWS), nearest(w[2], COL0_MM, COLS), 3, sign);
  }

  /**
   * Moves weight w to where its field fits the readings of the 3 x 3 sensors
   * around it best (its centre between the rails), by Gauss-Newton steps: the
   * misfit's slope and curvature from the field's own slope at each sensor,
   * until a step moves it less than SETTLED_MM; `back` 1: w's own field is
   * in the residual readings' (taken away), and counts as given back. Whether
   * the field of one weight and a half there fits worse than one (the
   * sensors see no more than a weight): a sum above 0.
   */
  function place(w: Found, back: number): number {
    let z = 0;
    const r = nearest(w[1], ROW0_MM, ROWS);
    const k = nearest(w[2], COL0_MM, COLS);
    const i1 = within(r + 1, 0, ROWS - 1);
    const j0 = within(k - 1, 0, COLS);
    const j1 = within(k + 1, 0, COLS - 1);
    /** The misfit where the last step began, and that step. */
    let last = Infinity;
    let sd = 0;
    let sy = 0;
    for (let n = 0; n < 20; n++) {
      // The sums of the normal equations: dd, dy, yy of the slopes, and each slope times the misfit; the misfit.
      let sum = 0;
      let a = 0;
      let b = 0;
      let c = 0;
      let p = 0;
      let q = 0;
      let x = 0;
      z = 0;
      for (let i = within(r - 1, 0, ROWS); i <= i1; i++) {
        const dd = ROW0_MM + i * PITCH_MM - w[1];
        for (let j = j0; j <= j1; j++) {
          const dy = COL0_MM + j * PITCH_MM - w[2];
          const m = w[0] * at(dd, dy);
          if (!n) held[x] = back * m;
          const e = v[i * COLS + j] + held[x++] - m;
          sum += e * e;
          // (v - 1.5 m)^2 - (v - m)^2, a quarter of it.
          z += m * (m - 4 * e);
          // How the field there changes as the weight moves along the table, and across.
          const gd = w[0] * slope * dd;
          const gy = w[0] * slope * dy;
          a += gd * gd;
          b += gd * gy;
          c += gy * gy;
          p += gd * e;
          q += gy * e;
        }
      }
      if (sum > last) {
        // The step went too far (two weights' field fits one weight's badly): back half of it.
        sd /= 2;
        sy /= 2;
        w[1] -= sd;
        w[2] -= sy;
      } else {
        last = sum;
        const det = a * c - b * b;
        // At most STEP_MM a step (far from its place, the slopes say little of the way there).
        sd = within((c * p - b * q) / det, -STEP_MM, STEP_MM);
        const y = within(w[2] + within((a * q - b * p) / det, -STEP_MM, STEP_MM), RADIUS_MM, WIDTH_MM - RADIUS_MM);
        // Against a rail: along the table alone.
        if (!(y > RADIUS_MM && y < WIDTH_MM - RADIUS_MM)) sd = within(p / a, -STEP_MM, STEP_MM);
        sy = y - w[2];
        // Settled: where it is (a weight placed again that stays is left as it is).
        if (sd * sd + sy * sy < SETTLED_MM * SETTLED_MM) break;
        w[1] += sd;
        w[2] = y;
      }
    }
    return z;
  }

  /**
   * Two weights of one colour side by side fit as one between them, stronger
   * than a weight is (place tells): the pair (touching or nearly, at SPLITS angles around
   * w's place) that explains the readings within 2 rows and columns of it
   * (w's field given back) better than w alone does, by half, or null.
   */
  function split(w: Found): Found[] | null {
    const r = nearest(w[1], ROW0_MM, ROWS);
    const k = nearest(w[2], COL0_MM, COLS);
    let best = misfit(w, r, k, 2, 0) / 2;
    let pair: Found[] | null = null;
    for (let a = 0; a < SPLITS; a++) {
      const c = Math.cos(Math.PI * a / SPLITS);
      const s = Math.sin(Math.PI * a / SPLITS);
      for (let gap = 2 * RADIUS_MM; gap <= 2 * RADIUS_MM + 16; gap += 8) {
        // Each between the rails.
        const p = [w[0], w[1] + c * gap / 2, within(w[2] + s * gap / 2, RADIUS_MM, WIDTH_MM - RADIUS_MM)];
        const q = [w[0], w[1] - c * gap / 2, within(w[2] - s * gap / 2, RADIUS_MM, WIDTH_MM - RADIUS_MM)];
        take(p, 1);
        const e = misfit(q, r, k, 2, 0);
        take(p, -1);
        if (e < best) {
          best = e;
          pair = [p, q];
        }
      }
    }
    return pair;
  }

  // At most one weight more than a game has: anything else is noise or a fault.
  while (found.length < 9) {
    if (poll) poll();
    // The strongest reading (the first of equals), in the rows that may hold one strong enough.
    let top = 0;
    let most = 0;
    for (let r = 0; r < ROWS; r++) {
      if (!may[r]) continue;
      may[r] = 0;
      for (ch = r * COLS; ch < r * COLS + COLS; ch++) {
        const x = v[ch] * v[ch];
        if (x >= FOUND * FOUND) may[r] = 1;
        if (x > most) {
          most = x;
          top = ch;
        }
      }
    }
    if (most < FOUND * FOUND) break;
    const w = [v[top] > 0 ? 1 : -1, ROW0_MM + ((top / COLS) | 0) * PITCH_MM, COL0_MM + (top % COLS) * PITCH_MM];
    const two = (place(w, 0) <= 0 && split(w)) || [w];
    for (i = 0; i < two.length; i++) {
      take(two[i], 1);
      found.push(two[i]);
    }
    // Weights near each other were placed each with the others' fields still in the readings: placed again.
    let near: Found[] = [];
    for (i = 0; i < found.length; i++) if (Math.abs(found[i][1] - w[1]) < NEAR_MM && Math.abs(found[i][2] - w[2]) < NEAR_MM) near.push(found[i]);
    if (near.length < 2) near = [];
    for (let pass = 0; pass < PASSES * near.length; pass++) {
      const o = near[pass % near.length];
      const was = o.slice();
      place(o, 1);
      // Moved: its field given back where it was and taken where it is.
      if (o[1] !== was[1] || o[2] !== was[2]) {
        take(was, -1);
        take(o, 1);
      }
    }
  }
  // Weights that overlap cannot be: a red and a blue one on one place (fields that cancel: what is left of a
  // misfit) both go, and of two of one colour, the later found.
  for (i = 0; i < found.length; i++) {
    for (let j = i + 1; j < found.length; j++) {
      if (Math.abs(found[i][1] - found[j][1]) >= OVERLAP_MM || Math.abs(found[i][2] - found[j][2]) >= OVERLAP_MM) continue;
      take(found[j], -1);
      if (found[i][0] !== found[j][0]) {
        take(found[i], -1);
        found.splice(j, 1);
        found.splice(i--, 1);
        break;
      }
      found.splice(j--, 1);
    }
  }
  // A weight whose field explains the readings worse than none (a misfit's remnant, or one of two found on one
  // weight) goes.
  for (i = 0; i < found.length; i++) {
    const w = found[i];
    const r = nearest(w[1], ROW0_MM, ROWS);
    const k = nearest(w[2], COL0_MM, COLS);
    // Worse than none: what is left now (v) misfits more than the readings with its field given back (v + m).
    if (misfit([0, 0, 0], r, k, 1, 0) > misfit([-w[0], w[1], w[2]], r, k, 1, 0)) {
      take(w, -1);
      found.splice(i--, 1);
    }
  }
  const seen: number[][] = [];
  for (i = 0; i < found.length; i++) seen.push([found[i][0] > 0 ? 0 : 1, Math.max(0, Math.round(found[i][1]))]);
  return seen;
}

export interface ShuffleboardInterpreter extends Interpreter {
  settle(): void;
  busy(): boolean;
  faults(report: (ch: number, fault: number) => void): number;
  diagnose(now: number, progressed: (walk: WalkState) => void): Diagnostics;
}

/** What a mode does with the scanner's events, on a board that has none. */
function nothing(): void {}

/**
 * The interpreter of the board shuffleboardBoard describes: `emit` gets each
 * move, `begin` 1 when a throw begins (so that one under way when the power
 * goes is decided at power-up), `analog` the grid's bank.
 */
export function createShuffleboardInterpreter(emit: (move: ShuffleboardMove) => void, begin: (value: number) => void, analog?: AnalogBank[]): ShuffleboardInterpreter {
  const bank = (analog as AnalogBank[])[0];
  /** Per channel, the last reading that counted as a change (in 255ths of the supply, some 16 ADC steps: a byte; the bank's changes keeps it). */
  const ref = new Uint8Array(CHANNELS);
  /** Per row, when a sensor of it last changed (ms), and how many of its sensors saw a weight's field then. */
  const rowAt = new Int32Array(ROWS);
  const rowSees = new Uint8Array(ROWS);
  /** When the throw under way began; -1: none. */
  let throwAt = -1;
  /** The throw's weight came into the grid (1). */
  let came = 0;
  /** When a sensor of the grid last changed in this throw. */
  let last = 0;
  /** The rows a throw's scan reads: at first the rows a weight comes in by. */
  let lo = ENTRY;
  let hi = ROWS - 1;
  /** Between throws: the next row to read, when, and whether this pass and the last found a weight. */
  let row = 0;
  let rowDue = 0;
  let seenNow = 0;
  /** The launch row's groups a weight is passing (bit g: channel SENSORS + g reads below half the supply, its switch pulling it to ground). */
  let passing = 0;
  /** Groups newly passed while a throw was being decided (watchLaunch). */
  let launchedWhile = 0;
  /** For the fault check: the groups passed at the last check, those told stuck, and how many of the grid's sensors were at a rail. */
  let held = 0;
  let told = 0;
  let railed = 0;
  /** 1 at power-up: the table may have been cleared while the power was off, the first pass tells (a clear of a table that was clear before is nothing to do). */
  let seenLast = 1;
  /** Until when a weight's field come between throws is a weight thrown while the board was starting (0 once a throw is decided). */
  let blindUntil = 0;

  /** Row r changed at t: how many of its sensors see a weight's field now (a reading kept SOME or more from half the supply, and not at a rail, which is no sensor's: locate). */
  function changed(r: number, t: number): void {
    rowAt[r] = t;
    rowSees[r] = 0;
    for (let ch = r * COLS; ch < r * COLS + COLS; ch++) {
      const x = ref[ch];
      if (x > 128 + SOME ? x < 128 + RAILED : x < 128 - SOME && x > 128 - RAILED) rowSees[r]++;
    }
  }

  /** Reads row r, keeping each sensor's reading that counts as a change. A row unchanged costs its reads and a comparison each. */
  function readRow(r: number, t: number): void {
    if (bank.changes(r * COLS, r * COLS + COLS, ref)) /*@__NOINLINE__*/ changed(r, t);
  }

  /**
   * The launch row's groups newly passed, as last read (bits as `passing`, which takes the groups passed now: a
   * group's reading below half the supply).
   */
  function newlyPassed(): number {
    let now = 0;
    for (let g = 0; g < LAUNCH_GROUPS; g++) if (ref[SENSORS + g] < 128) now |= 1 << g;
    const rose = now & ~passing;
    passing = now;
    return rose;
  }

  /**
   * The launch row's readings changed at t: a group newly passed is a throw (a weight passes it in 30 ms or
   * more). A weight passes one or two groups at once. A launch later in a throw is the next throw: the one under
   * way is over, the table as it lies (its weight stopped short, or lay still when the board came back).
   */
  function launched(t: number): void {
    if (newlyPassed() && !(throwAt >= 0 && t - throwAt < QUIET_MS)) {
      if (throwAt >= 0) decide(t, true);
      if (throwAt < 0) throwBegins(t);
    }
  }

  /** While a throw is decided (the board does nothing else for up to half a second): a launch seen is kept, its throw begins once this one is decided. */
  function watchLaunch(): void {
    if (bank.changes(SENSORS, CHANNELS, ref)) launchedWhile |= newlyPassed();
  }

  /** A throw begins at t: its weight is watched for where it comes into the grid, and the begin is saved. */
  function throwBegins(t: number): void {
    throwAt = t;
    watch(t, 0, ENTRY, ROWS - 1);
    begin(1);
  }

  /** From t, a throw's scan reads rows from..to (within the grid); `cameIn` 1: the throw's weight came into the grid. */
  function watch(t: number, cameIn: number, from: number, to: number): void {
    last = t;
    came = cameIn;
    lo = Math.max(0, from);
    hi = Math.min(ROWS - 1, to);
  }

  /**
   * The throw is over, if nothing moves: the whole grid is read, and the table as seen is the move. A sensor
   * changed since its last reading (a weight knocked on where the scan was not looking) is a weight still
   * moving: the scan looks there from now on instead. `force`: the table as it lies now, moving or not.
   */
  function decide(t: number, force: boolean): void {
    let lo2 = ROWS;
    let hi2 = -1;
    for (let r = 0; r < ROWS; r++) {
      if (!(r & 3)) watchLaunch();
      readRow(r, t);
      if (rowAt[r] === (t | 0)) {
        if (r < lo2) lo2 = r;
        hi2 = r;
      }
    }
    if (hi2 >= 0 && !force) {
      watch(t, came, lo2 - 2, hi2 + 2);
      return;
    }
    // The readings as they are now, whole (those kept are within a 255th of them).
    const frame = new Int16Array(SENSORS);
    for (let ch = 0; ch < SENSORS; ch++) {
      if (!(ch & 63)) watchLaunch();
      frame[ch] = bank.read(ch) * STEPS;
    }
    const seen = locate(frame, watchLaunch);
    throwAt = -1;
    // A fresh pass of the rows begins, after one that saw the table as it is now. Soon after power-up, a throw that
    // leaves nothing on the table may have been weights lifted off to clear it (a field revealed where one of the
    // other colour's cancelled it, taken for a throw whose launch was missed): the table found empty then is
    // cleared, as at power-up.
    seenLast = seen.length || blindUntil;
    // The board has watched the table since (a throw under way at power-up, or one launched after): a weight that
    // moves from now on was seen launched, or is lifted off.
    blindUntil = 0;
    seenNow = row = 0;
    emit({ k: 'seen', w: seen });
    // A weight launched meanwhile: its throw (the launch passed, it may be sliding already).
    if (launchedWhile) {
      launchedWhile = 0;
      throwBegins(t);
    }
  }

  /** A throw's tick: the rows near where something changes, until all is still (or the weight stopped short). */
  function follow(t: number): void {
    let nlo = ROWS;
    let nhi = -1;
    for (let r = lo; r <= hi; r++) {
      readRow(r, t);
      if (t - rowAt[r] < WINDOW_MS) {
        if (r < nlo) nlo = r;
        nhi = r;
      }
    }
    // Rows changing now, and two on either side: where a weight goes next. Else the same rows again (a weight
    // creeping to rest changes its sensors less often).
    if (nhi >= 0) watch(t, 1, nlo - 2, nhi + 2);
    else if (came ? t - last >= QUIET_MS : t - throwAt >= SHORT_MS) decide(t, false);
  }

  return {
    sense: nothing,
    // The launch row every tick; between throws, a row now and then; during one, follow (apart: the interpreter
    // reads a whole function's text at each call).
    tick: function (t: number): void {
      // The launch row: a change of its readings is all there can be to work out.
      if (bank.changes(SENSORS, CHANNELS, ref)) /*@__NOINLINE__*/ launched(t);
      if (throwAt >= 0) return /*@__NOINLINE__*/ follow(t);
      // Soon after power-up, a row every tick: a weight thrown while the board was starting may be crossing the grid.
      if (t < rowDue && t >= blindUntil) return;
      rowDue = t + ROW_MS;
      // A weight anywhere in a row: its strongest reading is well above the noise.
      const before = rowSees[row];
      readRow(row, t);
      seenNow |= rowSees[row];
      // Soon after power-up, a weight's field where there was none: a weight thrown while the board was starting,
      // its launch unseen (lifting weights off the table, to clear it, only takes fields away).
      if (t < blindUntil && rowSees[row] > before) {
        throwAt = t;
        watch(t, 1, 0, ROWS - 1);
        begin(1);
      } else if (++row >= ROWS) {
        // A whole pass with no weight after one with some: the table was cleared.
        if (seenLast && !seenNow) emit({ k: 'clear' });
        seenLast = seenNow;
        seenNow = row = 0;
      }
    },
    settle: function (): void {
      if (throwAt >= 0) decide(throwAt, true);
    },
    busy: function (): boolean {
      return throwAt >= 0;
    },
    resume: function (t: number, _level, pending: number): void {
      // What lies on the table was there before the power went (read as changed, from nothing, long enough ago
      // to be no change of now), and a weight on the launch row is no launch.
      for (let r = 0; r < ROWS; r++) readRow(r, t - QUIET_MS);
      // (From half the supply, so that the first read of every group counts.)
      ref.fill(128, SENSORS);
      bank.changes(SENSORS, CHANNELS, ref);
      newlyPassed();
      blindUntil = t + SHORT_MS;
      if (pending < 0) return;
      // A throw under way: its weight may be sliding on the grid (every row is watched), or still to come, or lie
      // still (decided RESUME_MS + QUIET_MS from now, or at the next launch). With its weight past the launch row,
      // a launch soon after power-up is the next throw, not this weight passing another group.
      throwAt = passing ? t : Math.max(0, t - QUIET_MS);
      watch(t + RESUME_MS, 1, 0, ROWS - 1);
    },
    faults: function (report: (ch: number, fault: number) => void): number {
      // A launch group passed at two checks in a row (a second or more): stuck, or a weight left on the launch row,
      // which no launch gets past; told once while it lasts.
      const stuck = passing & held & ~told;
      for (let g = 0; g < LAUNCH_GROUPS; g++) if ((stuck >> g) & 1) report(SENSORS + g, STUCK);
      told = (told | stuck) & passing;
      held = passing;
      // The grid's sensors at a rail, from the readings kept (every row is read within 2 s): told when there are
      // more of them, by the first (diagnostics lists them: `off`). Locate takes them as reading no field.
      let n = 0;
      let first = 0;
      for (let ch = SENSORS - 1; ch >= 0; ch--) {
        const x = ref[ch];
        if (x >= 128 + RAILED || x <= 128 - RAILED) {
          n++;
          first = ch;
        }
      }
      if (n > railed) report(first, RAIL);
      railed = n;
      // Most of them: the multiplexers' select lines, their supply or a connector; nothing the grid senses is scored.
      return n > SENSORS >> 1 ? BANK : 0;
    },
    diagnose: function (now: number, progressed: (walk: WalkState) => void): Diagnostics {
      /** The walk test: per channel, 1 once a grid sensor saw a weight's field or a launch group was passed. */
      const seen = new Uint8Array(CHANNELS);
      let count = 0;
      /** The grid's row read next, and whether the walk test progressed in this pass. */
      let next = 0;
      let moved = 1;
      /** A reading x from half the supply that a weight's field makes (FOUND or more), or a rail. */
      function off(x: number): boolean {
        return x * x >= FOUND * FOUND * PEAK * PEAK;
      }
      /** Channels from..to-1 read: one that sees a weight (a grid sensor its field, not at a rail; a launch group pulled low) is seen. */
      function see(from: number, to: number): void {
        for (let ch = from; ch < to; ch++) {
          const x = bank.read(ch) - QUIESCENT;
          if (!seen[ch] && (ch < SENSORS ? off(x) && x * x < NO_SENSOR * NO_SENSOR : x < 0)) {
            seen[ch] = 1;
            count++;
            moved = 1;
          }
        }
      }
      /** The walk test as the phone gets it: the first LISTED sensors still to see. */
      function walkState(): WalkState {
        const missing: string[] = [];
        for (let ch = 0; ch < CHANNELS && missing.length < LISTED; ch++) if (!seen[ch]) missing.push(sensorName(ch));
        return { seen: count, of: CHANNELS, missing: missing, lost: 0 };
      }
      return {
        sense: nothing,
        // The launch row every tick (a weight passes it in 30 ms or more), and two rows of the grid: all of it in 19
        // ticks, and the phone told of each pass that saw more. A weight moved by hand at up to 10 cm/s is seen by
        // the sensors of its column and of the columns either side as it passes them.
        tick: function (): void {
          see(SENSORS, CHANNELS);
          see(next * COLS, (next += 2) * COLS);
          if (next >= ROWS) {
            next = 0;
            if (moved) progressed(walkState());
            moved = 0;
          }
        },
        // (Eight cells: no blank after the d.)
        show: function (): string {
          return count < CHANNELS ? 'd' + count + '-' + CHANNELS : 'd done';
        },
        // The walk test, and the sensors reading a field now (to the ADC step, from half the supply) or at a rail:
        // on an empty table, the ones to look at.
        report: function (): object {
          const listed: (string | number)[][] = [];
          for (let ch = 0; ch < SENSORS && listed.length < LISTED; ch++) {
            const x = bank.read(ch) - QUIESCENT;
            if (off(x)) listed.push([sensorName(ch), Math.round(x * STEPS)]);
          }
          return { type: 'diag', walk: walkState(), off: listed };
        },
        walk: function (): void {
          seen.fill(0);
          count = next = 0;
          moved = 1;
        },
      } as Diagnostics;
    },
  };
}
