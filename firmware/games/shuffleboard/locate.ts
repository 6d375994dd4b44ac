// Where the weights lie, from a whole grid's readings: the board's decision of
// a throw runs it a step a tick (interpret.ts), once every weight is still.
import { ADC_STEPS, COL0_MM, COLS, GAIN_KNEE, MAGNET_MM, PEAK, PITCH_MM, QUIESCENT, ROW0_MM, ROWS, SENSORS, WIDTH_MM } from './board';
import { CANT_TELL, RADIUS_MM } from './table';

/** A weight is looked for where a sensor reads at least this much field (a fraction of PEAK: 41 ADC steps). */
export const FOUND = 0.067;
/** A reading this near either rail is no sensor's (one missing, or its line broken): it counts as no field. */
export const NO_SENSOR = 0.45;
/**
 * A fit stops once no weight's step is longer than SETTLED_MM (mm: far inside the millimetre it is told to), or
 * has taken a step no longer than CLOSE_MM (its steps shrink as their squares near where it settles: the next
 * would be some hundredths of a mm, not worth a round).
 */
const SETTLED_MM = 0.05;
const CLOSE_MM = 0.5;
/** The longest step of a fit (mm): far from its place, the slopes say little of the way there. */
const STEP_MM = 16;
/** Two weights found nearer than this (centre to centre) overlap, which weights cannot (mm). */
const OVERLAP_MM = 45;
/**
 * Two weights fitted nearer than this (centre to centre) cannot both be where they are fitted: weights touch 58 mm
 * apart, and a touching pair's fits err by a few mm each. A fit that got there traded one's place for the
 * other's (a red and a blue weight's fields cancel in part): both are weights the board cannot tell (mm).
 */
const APART_MM = 50;
/** Weights nearer than this both ways see each other's field: they are fitted together (mm). */
const NEAR_MM = 160;
/**
 * A weight found at the last decision whose sensors within SPAN rows and columns read within this many ADC steps
 * of what they read then (the noise's spread between two reads is some 2; a weight moved 1 mm changes the sensors
 * nearest it by some 15) lies where it was: it is held there, not fitted again (fitted anew, a touching pair of
 * both colours at the end edge was once found apart from itself by a later throw that touched nothing).
 */
export const MOVED_STEPS = 12;
/** A fit reads the sensors within this many rows and columns of its weights. */
const SPAN = 2;
/** A fit's rounds at most, and the times in a row a step is backed by half. */
const ROUNDS = 12;
const BACKS = 2;
/** A job of finding the weights reads this many rows of the grid. */
const READ_ROWS = 4;
/**
 * A step of finding the weights does this much work, counted in fields worked out (at: some 2-3 bare reads of a
 * channel in the interpreter, some 150 µs on the chip), then the job it is in ends: at most 20 ms on the chip, the
 * longest a step may hold the interpreter (bench analog prints the longest). The other work as so many fields, as
 * the interpreter takes them: a job's own, a sensor read, a sensor of a weight's 3 x 3 compared with (held) or kept
 * (its place worked out too: measured, 9 took as long as 20-25 fields), a sensor looked at in a pass over the grid (a
 * row of them a job, PASS_ROWS rows a job), an entry of a fit's equations summed or eliminated. A job's own, its
 * call and what it looks up, as one and a half fields: timed one by one in the interpreter, a job took 5-15 bare
 * reads more than its fields, and one with none of its own (a fit's round begun or its step taken, the weights
 * told) 10-50. (Counted as a third of a field, steps of many such jobs held the interpreter 20 ms.)
 */
const STEP_WORK = 30;
const JOB_WORK = 1.5;
const READ_WORK = 1;
const NINE_WORK = 2.5;
const LOOK_WORK = 0.7;
const OP_WORK = 0.35;
const PASS_ROWS = 6;
/** Weights fitted together at most. */
const GROUP = 4;
/** A weight's field is fitted as up to this fraction stronger or weaker than the nominal: its magnet's, its height's and its sensors' tolerances. */
const STRENGTH = 0.2;
/**
 * A weight's uncertainty along the table (mm) is this many times the spread its last fit allows, by the misfit
 * around it (a 5 x 5 sensors' sum, each sensor's weighed as the last fits weigh it, MODEL_ERROR of PEAK a sensor at
 * least).
 */
const SPREAD = 1.5;
const MODEL_ERROR = 0.005;
/**
 * How strongly a weight's fit holds its strength to the nominal: a sensor's misfit (MODEL_ERROR) over the spread of
 * a weight's strength its parts' tolerances give, squared: some 7% while its magnet is taken as at the nominal
 * height (the height's spread counted in), some 4% in the last fits, which fit the height too (the magnet's ±3%,
 * and its sensors' sensitivities' ±5% in part).
 */
const PRIOR = 0.005;
const PRIOR_LAST = 0.015;
/**
 * How strongly the last fits hold a magnet's height to the nominal (per mm²): MODEL_ERROR over the spread of its
 * height over the sensors (0.65 mm: the magnet's ±1 mm, a sensor die's ±0.5 mm, each even over its tolerance),
 * squared. Its height is fitted within HEIGHT_MM of the nominal, twice its tolerance.
 */
const PRIOR_HEIGHT = 0.00006;
const HEIGHT_MM = 2;
/** A weight fitted this much stronger or weaker than the nominal (more than its parts' tolerances allow: two touching seen as one, or one pulled by another's field) is one the board cannot tell. */
const SURE = 0.16;
/**
 * A weight placed less surely than this (mm: a fit that poor may hide a weight it is pulled by) is one the board
 * cannot tell. With 8, the table sweep's hangers beside a weight (the grid sees them from one side) were found up
 * to 28 mm off while sure to 8, and some scored otherwise.
 */
const LOOSE_MM = 5;
/**
 * A weight whose last fit leaves the readings around it (its 5 x 5 sensors) this far from explained (their RMS, a
 * fraction of PEAK: some 12 ADC steps) may hide a weight it is pulled by: one the board cannot tell.
 */
const LEFT_RMS = 0.019;
/** A field this strong (a fraction of PEAK) left where no weight found explains it: something the board cannot tell. */
const LEFT = 0.15;
/**
 * A field left this strong at a sensor (a fraction of PEAK: more than a weight between two sensors makes at each) has
 * its magnet within 20 mm of it, which reads SHARED or more (0.07 of PEAK at the least, right over it) at the sensors
 * beside it along its row and across, or as strong where a second magnet lies over one of them (touching weights,
 * the others reading the first's field still): none of them reading its field so but another as strong, it is no
 * magnet's (a sensor stuck or drifted, or two or three side by side).
 */
const NO_MAGNET = 0.75;
const SHARED = 0.05;
/**
 * A magnet cancels a share of SHARED or more at a sensor only from within the cone its field there keeps its sign
 * in (71 mm: 50 mm down, 50 across). The nearest of the grid's sensors to it is then one of the nine around that
 * sensor, 35 mm from it at most, and reads at least 0.28 of PEAK of its sign: less the parts' spread and the other
 * magnet's own field there, this much.
 */
const CANCELS = 0.2;
/** A weight found nearer a sensor than this (mm: two radii, as near as weights lie, less the 20 mm of NO_MAGNET) leaves no room for a magnet within 20 mm of it. */
const CROWDED_MM = 2 * RADIUS_MM - 20;
/** No weight reads more than this at a sensor (a fraction of PEAK: its strongest, right over it, and a touching one's). */
const STRONGEST = 1.25;

/**
 * A weight found: polarity (1 red, -1 blue) times its strength, d and y (mm), once found its uncertainty along the
 * table (mm), 1 while held where it was found before, the strength, d and y its field is taken away from the
 * residual readings at (strength 0: not taken), and its magnet's height over the nominal (mm), and that height
 * where its field is taken; then, once it is found, its 3 x 3 nearest sensors' readings in the frame it was found in
 * (ADC steps, 12 bits each, two to a number: a 32-bit float holds 24 bits whole; 0 until then, which no sensor in
 * service reads beside a weight). A Float32Array of FOUND_SIZE: a plain array took some 135 JsVars for 8 weights (a
 * fraction takes two JsVars there), 64-bit floats 12 JsVars a weight, these 8. (Its places and strength are kept to
 * some 0.0001 mm, and 1 part in 10 million: the fits' arithmetic is in doubles, and a fit settles to 0.05 mm.)
 */
export type Found = Float32Array;
const FOUND_SIZE = 15;
/** A reading's place value in a number of a weight's (its 12 bits: ADC steps from 0 to 4095; a reading of 4096, at the rail, is kept as 4095). */
const DIGIT = 4096;
/**
 * The residual readings are kept as 16-bit integers, in eighths of an ADC step (SUPPLY of them to the supply): a
 * reading whole, and a field taken away or given back rounded to one (a twentieth of a sensor's noise), so that a
 * field given back where it was taken leaves the reading exactly as it was. A whole reading and the fields of the
 * weights beside it stay within the 6.7 PEAKs they hold. (As 32-bit floats they took some 50 JsVars more, at the
 * decision's peak.) A sensor that tells nothing reads NONE.
 */
const SUPPLY = 8 * ADC_STEPS;
const RESIDUAL = SUPPLY * PEAK;
const NONE = -32768;

// (The helpers that need nothing of a locator's: made once with the module, not in each locator, where a function
// costs some 3 JsVars more, its scopes' copy.)
/** x, or the nearer of lo and hi if it is not between them. */
function within(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}

/** The row (first ROW0_MM, count ROWS) or column of the sensors nearest a place x mm along it. */
function nearest(x: number, first: number, count: number): number {
  return within(Math.round((x - first) / PITCH_MM), 0, count - 1);
}

/** Of the 3 x 3 sensors nearest weight w, the channel of the k-th (0 to 8, row by row; at a rail or the end edge, a sensor twice). */
function nine(w: Found, k: number): number {
  return nearest(w[1] + (((k / 3) | 0) - 1) * PITCH_MM, ROW0_MM, ROWS) * COLS + nearest(w[2] + ((k % 3) - 1) * PITCH_MM, COL0_MM, COLS);
}

/** Whether weight o is fitted with w, near it. (One held is no longer fitted: its field is taken away for good.) */
function close(o: Found, w: Found): boolean {
  return !o[4] && Math.abs(o[1] - w[1]) < NEAR_MM && Math.abs(o[2] - w[2]) < NEAR_MM;
}

/**
 * The weights in a whole grid's readings, found a step at a time (the
 * board's tick runs one, so it reads its launch row and hears its phone
 * meanwhile): `read(ch)` gives grid sensor ch's reading (a fraction of the
 * supply; NaN: out of service, a sensor that tells nothing), read a few rows a step. The strongest field left is a weight; it
 * is fitted, with the weights found near it, to where their fields together
 * fit the readings best, their fields are taken away, and so on while any is
 * left (two touching of one colour are two such fields: a weight's fitted
 * strength is held within its tolerances). Of two that
 * overlap (which weights cannot) one goes, and so does one the readings do not
 * support, the others near it fitted again. Last, each is fitted once more
 * with those near it, every other's field taken away; one fitted nearer
 * another than weights can lie is one the board cannot tell. Each step returns null until the
 * last, which returns the weights, each as [colour, d, u]: 0 red, 1 blue; d whole
 * mm, never past the end edge (a weight whose centre is past it has fallen); u how far from d it may lie (mm,
 * CANT_TELL: the board cannot tell), which decides whether the referee is asked (rules.ts). `was`: the weights found
 * in the last frame (the list left as it is: found again in the same frame, a sensor taken out meanwhile, the weights
 * start from them again), given with `frame` (the readings read gives, in ADC steps, whole: a sensor out of service's too):
 * a weight of it whose nearest sensors in service read as they did then (the readings it keeps) is held where it was
 * (MOVED_STEPS): only the others are found anew. `table` (empty) is then the weights found in this frame, each keeping
 * its 3 x 3 nearest sensors' readings in `frame` (the board keeps these 9 readings a weight, not the whole frame: some
 * 60 JsVars between throws).
 */
export function locator(read: (ch: number) => number, was: Found[], table: Found[], frame: Int16Array | null, suspect?: (ch: number) => void): () => number[][] | null {
  const v = new Int16Array(SENSORS);
  /** Sensor ch's residual reading (in PEAKs; NaN: it tells nothing). */
  function left(ch: number): number {
    return v[ch] === NONE ? NaN : v[ch] / RESIDUAL;
  }
  /**
   * A fit's steps, the column of the inverse of its equations at `unit` (doubt), and its slopes at one sensor; then
   * its normal equations (at most GROUP weights, 3 unknowns each, or fewer with 4 in the last fits, and two right
   * sides: the misfit's slopes, and 1 at unknown `unit`, 0 elsewhere); then, as bytes, `may`. The equations are
   * symmetric: only their upper half is kept, row i from its column i on, then its two right sides: with n unknowns,
   * entry (i, c) is at i (n + 1) - i (i - 1) / 2 + c. (The small arrays are parts of one: a typed array of its own
   * took some 10 JsVars, a part 4.)
   */
  const step = new Float32Array(9 * GROUP + (3 * GROUP * (3 * GROUP + 5)) / 2 + ((ROWS + 5 * GROUP + 3) >> 2));
  const inverse = step.subarray(3 * GROUP, 6 * GROUP);
  let unit = 0;
  const grad = step.subarray(6 * GROUP, 9 * GROUP);
  const eq = step.subarray(9 * GROUP, 9 * GROUP + (3 * GROUP * (3 * GROUP + 5)) / 2);
  /** Per row, 1 while a reading of it may be a weight's (FOUND or more): the search for the strongest skips the others. */
  const may = new Uint8Array(step.buffer, 4 * (9 * GROUP + (3 * GROUP * (3 * GROUP + 5)) / 2), ROWS + 5 * GROUP);
  /** Of a fit's unknowns, those a sensor sees (its weight within SPAN rows and columns); the row and column of each weight's nearest sensor. */
  const seen = may.subarray(ROWS, ROWS + 3 * GROUP);
  const rc = may.subarray(ROWS + 3 * GROUP);
  /** The weights found: of the last frame's (`was`), those held first; the next of those to look at. */
  const found = table;
  let wasAt = 0;
  /** The work still to do, the next last (popped: Espruino's unshift and shift renumber the whole array): each job a part of a step. */
  const jobs: (() => void)[] = [];
  let ch: number;
  let i: number;
  // Made here, not kept: the board needs them once a throw, and they keep no JsVars between throws.
  // Math is looked up through every global name on the chip: once here, not at each sensor.
  const sqrt = Math.sqrt;
  const abs = Math.abs;
  const max = Math.max;
  const min = Math.min;
  /** Set by at: how fast its field grows as the weight comes nearer, over the distance (either way), and as its magnet is higher. */
  let slope = 0;
  let lift = 0;
  /**
   * 1 in the last fits (doubt): each sensor is weighed by how exactly it reads (GAIN_KNEE), and in a group of fewer
   * than GROUP a weight's unknowns (`per`) are 4, its magnet's height too; else 0: 3 unknowns (d, y and strength),
   * every sensor alike.
   */
  let last = 0;
  let per = 3;
  /** The work done, in fields worked out (at), the measure of a step (STEP_WORK); the other work is counted as so many. */
  let work = 0;
  /**
   * The field (a fraction of PEAK) of a weight dd mm along the table and dy across from a sensor, its magnet z mm
   * above the nominal: board.ts's field of a magnet MAGNET_MM + z up, with slope and lift. (A magnet's height
   * changes its field's breadth, not only its strength: at the end edge, where the grid sees a weight from one
   * side, the nominal breadth fitted to a magnet 1 mm off placed it some 2 mm off.)
   */
  function at(dd: number, dy: number, z: number): number {
    work++;
    const h = MAGNET_MM + z;
    const r = MAGNET_MM / h;
    const u = (dd * dd + dy * dy) / (h * h);
    const s = 1 + u;
    const k = (r * r * r) / (2 * s * s * sqrt(s));
    slope = (3 * k * (4 - u)) / (h * h * s);
    lift = (k * (9 * u - 6)) / (h * s);
    return k * (2 - u);
  }
  /**
   * Set by misfit once its jobs are done: the misfit, the readings' own squares summed (and, measuring, each
   * weighed as the last fits weigh it), and with w's field added rather than taken away.
   */
  let sum = 0;
  let bare = 0;
  let weighed = 0;
  let added = 0;
  /**
   * Over the sensors within `span` rows and columns of those nearest the weight, a row a job:
   * the squared misfit of the residual readings `v` (RESIDUAL to a PEAK) with the field
   * of a weight of strength w[o] at d w[o + 1] and y w[o + 2], its magnet's
   * height w[8] (w[9] with o 5: where its field was taken) taken away
   * (sum), and `sign` times that field taken away from `v` for good (1 takes
   * it, -1 gives it back, 0 only measures).
   */
  function misfit(w: Found, o: number, span: number, sign: number): void {
    const r = nearest(w[o + 1], ROW0_MM, ROWS);
    const k = nearest(w[o + 2], COL0_MM, COLS);
    const i1 = within(r + span, 0, ROWS - 1);
    const j0 = within(k - span, 0, COLS);
    const j1 = within(k + span, 0, COLS - 1);
    const a = w[o];
    const d = ROW0_MM - w[o + 1];
    const y = COL0_MM - w[o + 2];
    const z = w[o ? 9 : 8];
    const i0 = within(r - span, 0, ROWS);
    let i = i0;
    const row = function (): void {
      // (Summed from the first row on: other jobs scheduled meanwhile may have run first.)
      if (i === i0) sum = bare = weighed = added = 0;
      if (sign) may[i] = 1;
      for (let j = j0; j <= j1; j++) {
        const m = a * at(d + i * PITCH_MM, y + j * PITCH_MM, z);
        const r = v[i * COLS + j];
        // (A sensor out of service tells nothing: its field is neither measured nor taken.)
        if (r === NONE) continue;
        const x = r / RESIDUAL;
        sum += (x - m) * (x - m);
        bare += x * x;
        if (!sign) weighed += (x * x) / (1 + ((x + m) * (x + m)) / (GAIN_KNEE * GAIN_KNEE));
        added += (x + m) * (x + m);
        if (sign) v[i * COLS + j] -= sign * Math.round(m * RESIDUAL);
      }
      if (++i <= i1) jobs.push(row);
    };
    if (i <= i1) jobs.push(row);
  }

  /** The weights (each after its sign) of the jobs of take waiting, the next last. */
  const takes: (Found | number)[] = [];
  /**
   * Takes weight w's field away from the residual readings where w is (`sign` 1), or gives it back where it was
   * taken (-1): all of it that matters, 5 rows and columns around it. Its tail is some 4 ADC steps 4 rows off, 2
   * steps 5 rows off, and under a sensor's noise (1.5 steps) from 6 rows off: left there, the tail moved a hanger,
   * whose place hangs on the small readings of the row behind it, by millimetres (4 rows: a weight 300 mm in moved
   * one 2.8 mm, told sure to 3: 3.1 mm off as told to the whole mm).
   */
  function take(w?: Found, sign?: number): void {
    // (Where w is when the job runs: a fit scheduled before it may move it.) The job is this function, called
    // without a weight, its weight and sign waiting in `takes`, the next last, as the jobs do: a closure a job took
    // some 11 JsVars, and a fit that moved 4 weights left 8 such jobs waiting (a function of its own for the job, 7).
    if (w) {
      takes.push(sign as number, w);
      jobs.push(take);
      return;
    }
    w = takes.pop() as Found;
    sign = takes.pop() as number;
    if (sign > 0) {
      for (i = 0; i < 3; i++) w[5 + i] = w[i];
      w[9] = w[8];
    }
    if (w[5]) misfit(w, 5, 5, sign);
    if (sign < 0) w[5] = 0;
  }

  /**
   * Moves every weight of the group by `scale` times its step (their fields stay taken where they were); with
   * `scale` 0, settles them: each weight of the group moved since its field was taken has its field given back where
   * it was, taken where it is. (One function: each costs its JsVars at every decision.)
   */
  function move(group: Found[], scale: number): void {
    for (const w of group) {
      if (!scale && (w[0] !== w[5] || w[1] !== w[6] || w[2] !== w[7] || w[8] !== w[9])) {
        take(w, 1);
        take(w, -1);
      }
    }
    for (let g = 0; scale && g < group.length; g++) {
      group[g][1] += scale * step[per * g];
      group[g][2] += scale * step[per * g + 1];
      group[g][0] += scale * step[per * g + 2];
      if (per > 3) group[g][8] += scale * step[per * g + 3];
    }
  }

  /** The misfit of the last normal equations summed (normal). */
  let total = 0;
  /**
   * A fit's equations begun (normal): none summed yet, the unit right side, and what the parts' tolerances say of a
   * weight's strength (within a few hundredths of the nominal), and in the last fits of its magnet's height: as if a
   * sensor more read each, PRIOR strongly. Without it, at the end edge a stronger weight a little farther fits
   * almost as well as the weight where it lies. (A function of its own: the sensors' job keeps normal's variables.)
   */
  function priors(group: Found[], n: number): void {
    eq.fill(0);
    eq[unit * (n + 1) - (unit * (unit - 1)) / 2 + n + 1] = 1;
    total = 0;
    const prior = last ? PRIOR_LAST : PRIOR;
    for (let g = 0; g < group.length; g++) {
      // (Rows k, its strength's, and k + 1, its height's: each the diagonal first.)
      const k = per * g + 2;
      const a = k * (n + 2) - (k * (k - 1)) / 2;
      const off = (group[g][0] > 0 ? 1 : -1) - group[g][0];
      const z = group[g][8];
      eq[a] += prior;
      eq[a - k + n] += prior * off;
      total += prior * off * off + last * PRIOR_HEIGHT * z * z;
      if (per > 3) {
        const b = a + n + 2 - k;
        eq[b] += PRIOR_HEIGHT;
        eq[b - k - 1 + n] -= PRIOR_HEIGHT * z;
      }
    }
  }

  /**
   * The normal equations (eq) of a fit of the weights of `group` over the sensors around them (their rows and
   * columns, and SPAN more each way): the misfit's slopes and curvatures from each field's own slope at each
   * sensor, summed a sensor a job; the misfit there (the residual readings squared, each weight's field there
   * taken where it is, not where it was taken: the fields are moved once, when the fit is done) in total.
   */
  function normal(group: Found[]): void {
    const n = per * group.length;
    const span = group.length > 1 ? SPAN : 1;
    let r0 = ROWS;
    let r1 = 0;
    let k0 = COLS;
    let k1 = 0;
    for (let g = 0; g < group.length; g++) {
      rc[2 * g] = nearest(group[g][1], ROW0_MM, ROWS);
      rc[2 * g + 1] = nearest(group[g][2], COL0_MM, COLS);
      r0 = min(r0, rc[2 * g] - span);
      r1 = max(r1, rc[2 * g] + span);
      k0 = min(k0, rc[2 * g + 1] - span);
      k1 = max(k1, rc[2 * g + 1] + span);
    }
    priors(group, n);
    let i = max(0, r0);
    let j = max(0, k0);
    // A sensor a job (with GROUP weights, its sums are as much work as a few fields). A weight is fitted to the
    // sensors within SPAN of it only: farther, its field moves the misfit little, and summing it costs much.
    const one = function (): void {
      let e = v[i * COLS + j];
      let m = 0;
      /** The group's fields at the sensor: with e, what it reads. */
      let f = 0;
      // (A sensor out of service tells nothing.)
      if (e !== NONE) {
        e /= RESIDUAL;
        for (let g = 0; g < group.length; g++) {
          const w = group[g];
          if (abs(rc[2 * g] - i) > SPAN + 1 || abs(rc[2 * g + 1] - j) > SPAN + 1) continue;
          for (let u = 0; u < per; u++) seen[m++] = per * g + u;
          const dd = ROW0_MM + i * PITCH_MM - w[1];
          const dy = COL0_MM + j * PITCH_MM - w[2];
          // How the field there changes as weight g moves along the table, and across, as it is stronger, and as
          // its magnet is higher.
          grad[per * g + 2] = at(dd, dy, w[8]);
          grad[per * g] = w[0] * slope * dd;
          grad[per * g + 1] = w[0] * slope * dy;
          if (per > 3) grad[per * g + 3] = w[0] * lift;
          f += w[0] * grad[per * g + 2];
          // (Its field is taken where it was: the difference from where it is now is the fit's. None while it has not moved.)
          if (w[1] !== w[6] || w[2] !== w[7] || w[0] !== w[5] || w[8] !== w[9]) e += w[5] * at(dd + w[1] - w[6], dy + w[2] - w[7], w[9]) - w[0] * grad[per * g + 2];
        }
        work += ((m * (m + 3)) / 2) * OP_WORK;
        // In the last fits, a sensor weighed by how exactly it reads: its gain's and its die's spread make its
        // error grow with its reading, beyond GAIN_KNEE more than its noise (equally weighed, the sensor under a
        // hanger, reading some 500 ADC steps give or take 25, moved it more than the row behind it reading 15 give
        // or take 2, which tells where it lies).
        const o = last ? 1 / (1 + ((e + f) * (e + f)) / (GAIN_KNEE * GAIN_KNEE)) : 1;
        if (m) total += o * e * e;
        for (let a = 0; a < m; a++) {
          const p = seen[a];
          const og = o * grad[p];
          const q = p * (n + 1) - (p * (p - 1)) / 2;
          for (let b = a; b < m; b++) eq[q + seen[b]] += og * grad[seen[b]];
          eq[q + n] += og * e;
        }
      }
      if (++j > min(COLS - 1, k1)) {
        j = max(0, k0);
        i++;
      }
      if (i <= min(ROWS - 1, r1)) jobs.push(one);
    };
    jobs.push(one);
  }

  /**
   * The n equations eq solved into step and inverse (both right sides), a job a pivot: by elimination (they are
   * symmetric: only the upper half was summed), then back substitution. (The caller's next job goes first: these
   * run before it.)
   */
  function solve(n: number): void {
    let i = 0;
    const pivot = function (): void {
      work += (((n - i) * (n - i + 3)) / 2) * OP_WORK;
      // (Entry (i, c) of eq at p + c, and (j, c) at q + c.)
      const p = i * (n + 1) - (i * (i - 1)) / 2;
      for (let j = i + 1; j < n; j++) {
        const f = eq[p + j] / (eq[p + i] + 1e-12);
        const q = j * (n + 1) - (j * (j - 1)) / 2;
        for (let c = j; c <= n + 1; c++) eq[q + c] -= f * eq[p + c];
      }
      jobs.push(++i < n ? pivot : back);
    };
    const back = function (): void {
      work += n * n * OP_WORK;
      for (i = n; i--; ) {
        const p = i * (n + 1) - (i * (i - 1)) / 2;
        const diagonal = eq[p + i] + 1e-12;
        let x = eq[p + n];
        let y = eq[p + n + 1];
        for (let j = i + 1; j < n; j++) {
          x -= eq[p + j] * step[j];
          y -= eq[p + j] * inverse[j];
        }
        step[i] = x / diagonal;
        inverse[i] = y / diagonal;
      }
    };
    jobs.push(n ? pivot : back);
  }

  /**
   * Moves the weights of `group` together to where their fields fit the
   * readings of the sensors around them best (their fields are taken away
   * from the residual readings), by Gauss-Newton steps: the misfit's slopes
   * and curvatures from each field's own slope at each sensor, all the
   * weights' at once (touching weights pull each other's fits), until no step
   * is longer than SETTLED_MM or a step no longer than CLOSE_MM was taken; a step that makes the misfit worse is taken
   * back by half.
   */
  function fit(group: Found[]): void {
    const n = per * group.length;
    let last = Infinity;
    let round = 0;
    let backs = 0;
    /** A round's step, once its equations are summed. */
    const stepRound = function (): void {
      if (total > last) {
        // The step went too far (touching weights' fields fit badly on the way): back half of it, twice at most;
        // then all of it, and the fit is done (halved on, such a step came back to where it began: it was no
        // way down).
        if (++backs > BACKS) {
          move(group, -1);
          return move(group, 0);
        }
        round++;
        jobs.push(fitRound);
        move(group, -0.5);
        for (let i = 0; i < n; i++) step[i] /= 2;
        return;
      }
      backs = 0;
      last = total;
      jobs.push(stepTaken);
      solve(n);
    };
    /** The round's step, solved: each part held within its bounds, then taken. */
    const stepTaken = function (): void {
      let longest = 0;
      for (let i = 0; i < n; i++) {
        const w = group[(i / per) | 0];
        // A strength: within STRENGTH of the nominal (its sign, the colour, kept); a magnet's height within
        // HEIGHT_MM of it; a place: at most STEP_MM a step.
        if (i % per > 2) step[i] = within(w[8] + step[i], -HEIGHT_MM, HEIGHT_MM) - w[8];
        else if (i % per > 1) {
          const a = abs(w[0]);
          step[i] = (within(a + step[i] * w[0] / a, 1 - STRENGTH, 1 + STRENGTH) - a) * w[0] / a;
        } else {
          step[i] = within(step[i], -STEP_MM, STEP_MM);
          // Across: a weight's centre is at least its radius from either rail (let past one, a weight in a corner
          // was fitted there, and its neighbour at the end edge 25 mm off, sure of its place).
          if (i % per) step[i] = within(w[2] + step[i], RADIUS_MM, WIDTH_MM - RADIUS_MM) - w[2];
          longest = max(longest, abs(step[i]));
        }
      }
      if (longest < SETTLED_MM) return move(group, 0);
      move(group, 1);
      // (A step this short leaves the fit far shorter still from where it settles: none more is worked out.)
      round = longest < CLOSE_MM ? ROUNDS : round + 1;
      jobs.push(fitRound);
    };
    /** A round (the last ROUNDS done: the fit is done). */
    const fitRound = function (): void {
      if (round >= ROUNDS) return move(group, 0);
      jobs.push(stepRound);
      normal(group);
    };
    jobs.push(fitRound);
  }

  /**
   * The weights found near w, at most GROUP: fitted together. w first (unless it went), then the last found first
   * (w found first among five near it was left out of its own fits: not fitted again, and not told how sure).
   */
  function around(w: Found): Found[] {
    const near: Found[] = found.indexOf(w) < 0 ? [] : [w];
    for (let k = found.length; k-- && near.length < GROUP; ) if (found[k] !== w && close(found[k], w)) near.push(found[k]);
    return near;
  }

  /** The next sensor read. */
  let next = 0;
  /**
   * The first jobs read the grid into v (in PEAKs), READ_ROWS rows a job. Then the weights of the last frame whose
   * sensors read as they did then, a job each: held, their fields taken away. (The same jobs, last, keep each
   * weight's readings: `kept` of them so far. One function: each costs its JsVars at every decision.)
   */
  let kept = 0;
  function held(): void {
    if (next < SENSORS) {
      work += READ_ROWS * COLS * READ_WORK;
      for (const end = next + READ_ROWS * COLS; next < end && next < SENSORS; next++) {
        const x = read(next) - QUIESCENT;
        // (A reading at a rail is no sensor's: it tells nothing, as one out of service, NaN, does.)
        v[next] = x <= NO_SENSOR && x >= -NO_SENSOR ? x * SUPPLY : NONE;
        // (A row with a sensor at a rail is looked over too: the sensor is not.)
        if (x * x >= FOUND * FOUND * PEAK * PEAK) may[(next / COLS) | 0] = 1;
      }
      if (next < SENSORS) jobs.push(held);
      return;
    }
    const w = last ? found[kept++] : was[wasAt++];
    if (!w) return;
    jobs.push(held);
    work += 9 * NINE_WORK;
    // Once every weight is found (the last fits begun: `last`), from the first job pushed (given a frame), each
    // keeps its 3 x 3 nearest sensors' readings in it, as held reads them (a job a weight: the last step holds the
    // interpreter no longer than any).
    if (last) {
      w.fill(0, 10);
      for (i = 0; i < 9; i++) w[10 + (i >> 1)] += min((frame as Int16Array)[nine(w, i)], DIGIT - 1) * (i & 1 ? DIGIT : 1);
      return;
    }
    // (One out of service, NaN, tells nothing: a weight over it is held by the others in service, one at least, none
    // changed (its field reaches them: one that left changes them). Not held, with one out of service, it may lie
    // there still, hidden: 2, looked at again once every weight is found.) Bits of `still`: 1 a sensor reads as then,
    // 2 one changed, 4 one is out of service.
    let still = 0;
    for (i = 0; i < 9; i++) {
      const x = read(nine(w, i)) * ADC_STEPS - ((w[10 + (i >> 1)] / (i & 1 ? DIGIT : 1)) % DIGIT | 0);
      still |= x !== x ? 4 : abs(x) <= MOVED_STEPS ? 1 : 2;
    }
    w[4] = (still & 3) === 1 ? 1 : (still >> 1) & 2;
    // (A field left that no weight explained, across 0, is looked for anew: held, its field was taken away as a
    // weight's by the rail, and each later frame found weights in what that left.)
    if (w[4] & 1 && w[2]) {
      found.push(w);
      take(w, 1);
    }
  }

  /** Set by strongest: the strongest reading left (the first of equals), its square, and how many are stronger than LEFT. */
  let top = 0;
  let most = 0;
  let many = 0;
  /**
   * Over the rows that may hold a weight's field, PASS_ROWS such rows a job, the strongest reading left; then
   * `then`. (A row no pass saw FOUND in, and no field given back or taken in since, holds none.)
   */
  function strongest(then: () => void): void {
    let r = 0;
    top = most = many = 0;
    const pass = function (): void {
      for (let looked = 0; looked < PASS_ROWS && r < ROWS; r++) {
        if (!may[r]) continue;
        looked++;
        work += COLS * LOOK_WORK;
        may[r] = 0;
        for (ch = r * COLS; ch < r * COLS + COLS; ch++) {
          if (v[ch] === NONE) continue;
          const x = (v[ch] * v[ch]) / (RESIDUAL * RESIDUAL);
          if (x >= FOUND * FOUND) may[r] = 1;
          if (x > LEFT * LEFT) many++;
          if (x > most) {
            most = x;
            top = ch;
          }
        }
      }
      if (r < ROWS) jobs.push(pass);
      else then();
    };
    pass();
  }

  /**
   * How far from the strongest reading left the top of a parabola through it and the readings `by` channels before
   * and after it lies (mm; 0 past half a pitch, or with a reading missing: none `before`, or `after`, on the grid).
   * (None past the grid: Espruino throws at a typed array's index out of it.)
   */
  function apex(by: number, before: boolean, after: boolean): number {
    const a = before ? left(top - by) : NaN;
    const c = after ? left(top + by) : NaN;
    const x = (a - c) / (2 * (a - 2 * left(top) + c));
    return x * x < 0.25 ? x * PITCH_MM : 0;
  }

  /**
   * Whether the strongest field left (at top) is one a magnet may make: less than NO_MAGNET, or, its whole reading
   * no stronger than STRONGEST, a sensor beside it along its row or across shares it. With `ch`, whether sensor ch
   * (`beside`: one of the grid) shares it: reads SHARED or more of its sign, and less than NO_MAGNET, in the field
   * left (`whole` 0), or in its whole reading (1); or, the other weights found (`othersFound`), SHARED or more of the
   * other sign in its whole reading: a weight of the other colour near, whose field may cancel this one's there (a
   * hanger touching one of the other colour lost its share at every sensor beside it, and was taken for no
   * magnet's); or, whatever is found, CANCELS or more of the other sign at a sensor of the nine around ch: a magnet
   * of the other colour near enough ch to cancel its share wholly (a hanger in the corner and a weight 71 mm from
   * it, the share at both sensors beside it gone). Not at the strongest's sensor nor one beside it: a magnet of the
   * other colour there lies where the strongest's own would have to, and a sensor stuck where such a weight rests
   * reads its field all round (it waits: detect, crowded). (One function: each costs its JsVars at every decision.)
   */
  let whole = 0;
  let othersFound = 0;
  function magnet(ch?: number, beside?: boolean): boolean {
    const sign = v[top] > 0 ? 1 : -1;
    const here = left(top);
    if (ch === undefined) {
      const k = top % COLS;
      const t = (read(top) - QUIESCENT) / PEAK;
      return here * here < NO_MAGNET * NO_MAGNET || (t * t <= STRONGEST * STRONGEST && (magnet(top - COLS, top >= COLS) || magnet(top + COLS, top < SENSORS - COLS) || magnet(top - 1, k > 0) || magnet(top + 1, k < COLS - 1)));
    }
    const x = beside ? (whole ? (read(ch) - QUIESCENT) / PEAK : left(ch)) * sign : 0;
    if ((x >= SHARED && x < NO_MAGNET) || (beside && othersFound > 0 && (read(ch) - QUIESCENT) / PEAK * sign <= -SHARED)) return true;
    for (let i = beside ? 9 : 0; i--; ) {
      const r = ((ch / COLS) | 0) + ((i / 3) | 0) - 1;
      const k = (ch % COLS) + (i % 3) - 1;
      const off = abs(r - ((top / COLS) | 0)) + abs(k - (top % COLS));
      if (off > 1 && r >= 0 && r < ROWS && k >= 0 && k < COLS && (read(r * COLS + k) - QUIESCENT) / PEAK * sign <= -CANCELS) return true;
    }
    return false;
  }

  /** The sensors whose field waits (magnet), each with its reading; those whose field waited and is a magnet's. */
  const later: number[] = [];
  const waited: number[] = [];
  /**
   * The strongest field left is a weight, fitted with those near it; then the next (at most one weight more than a
   * game has: anything else is noise or a fault). Once every other field is found (`again`), each field that waited,
   * the fields of the weights found taken away from its reading, is looked for again if a magnet may make it now;
   * else its sensor tells nothing from now on, and is told (suspect). (One function: each costs its JsVars at every
   * decision.)
   */
  function detect(again?: number): void {
    if (again || found.length > 8) {
      while (later.length) {
        let x = (later.pop() as number) / RESIDUAL;
        top = later.pop() as number;
        const d = ROW0_MM + ((top / COLS) | 0) * PITCH_MM;
        const y = COL0_MM + (top % COLS) * PITCH_MM;
        for (const w of found) if (w[5]) x -= w[5] * at(d - w[6], y - w[7], w[9]);
        v[top] = Math.round(x * RESIDUAL);
        // A field left so strong that its magnet would lie within 20 mm, where a weight found leaves no room: no magnet's.
        let crowded = 0;
        if (x * x >= NO_MAGNET * NO_MAGNET) for (const w of found) if ((d - w[1]) * (d - w[1]) + (y - w[2]) * (y - w[2]) < CROWDED_MM * CROWDED_MM) crowded = 1;
        // (Nor in the whole readings: fitted while it waited, a weight beside it may have taken a field its neighbours share.)
        whole = othersFound = 1;
        const ok = magnet();
        whole = 0;
        const magnetic = ok || magnet();
        othersFound = 0;
        if (!crowded && magnetic) {
          waited.push(top);
          may[(top / COLS) | 0] = 1;
          jobs.push(detect);
        } else {
          v[top] = NONE;
          if (suspect) suspect(top);
        }
      }
      return;
    }
    strongest(function (): void {
      if (most < FOUND * FOUND) return detect(1);
      const k = top % COLS;
      // A field that looks like no magnet's waits, its reading kept, until the others are found (a weight of the other
      // colour touching may hide its field at the sensors beside it); the next strongest.
      if (waited.indexOf(top) < 0 && !magnet()) {
        later.push(top, v[top]);
        v[top] = NONE;
        jobs.push(detect);
        return;
      }
      // First placed at the top of a parabola through the strongest reading and those beside it, each way (within
      // a few mm of where the fit settles, some rounds fewer than from the sensor's own place).
      const w = new Float32Array(FOUND_SIZE);
      w[0] = v[top] > 0 ? 1 : -1;
      w[1] = ROW0_MM + (top - k) / COLS * PITCH_MM + apex(COLS, top >= COLS, top < SENSORS - COLS);
      w[2] = COL0_MM + k * PITCH_MM + apex(1, k > 0, k < COLS - 1);
      found.push(w);
      jobs.push(detect);
      const group = around(w);
      // One near w fitted stronger or weaker than a weight can be took a share of w's field, fitted before w was found:
      // fitted with w, in the place of the first found of those near (more than GROUP near; left out, what it took
      // was left as phantoms, which took 30 s to find and prune beside a weight thrown into the middle of four).
      for (const o of found) if (group.indexOf(o) < 0 && close(o, w) && abs(abs(o[0]) - 1) > SURE) group[GROUP - 1] = o;
      fit(group);
      take(w, 1);
      // One near it fitted stronger than a weight can be (w, fitted on later, is not yet), the strongest field left
      // within APART_MM of it: two touching seen as one, w one's place; the other is as far the other way (fitted
      // on from the middle, the two were pulled apart wrong, and phantoms filled what that left).
      group.forEach(function (o: Found): void {
        const dd = o[1] - w[1];
        const dy = o[2] - w[2];
        if (o[0] * w[0] > 1 + SURE && dd * dd + dy * dy < APART_MM * APART_MM) {
          take(o, 1);
          jobs.push(function (): void {
            o[1] += dd;
            o[2] += dy;
          });
          take(o, -1);
        }
      });
    });
  }

  /**
   * Weights that overlap cannot be: of two of one colour, the later found goes; a red and a blue one on one place
   * (fields that cancel: a misfit's remnant, or a sensor stuck) both go. Then a weight whose field explains less
   * than half of itself in the readings around it (a misfit's remnant, a sensor stuck) goes: over its 3 x 3
   * sensors, without it the misfit (the readings v + m against none) is less than half its own field's (m²) above
   * what is left with it (v); 2 m² is (v + m)² + (v - m)² - 2 v². One at a time: the weights near it are fitted
   * again, and the weights looked over anew. With `j`, weights i and j go (one, when the same): their fields given
   * back, the weights near them fitted again; then prune again. (One function: each costs its JsVars at every
   * decision.)
   */
  function prune(i?: number, j?: number): void {
    if (j !== undefined) {
      const gone = found.splice(j, 1);
      if (i !== j) gone.push(found.splice(i as number, 1)[0]);
      jobs.push(prune);
      // (forEach: a closure made in a loop is compiled to ES5 as a function wrapped around the loop's body.)
      gone.forEach(function (w: Found): void {
        jobs.push(function (): void {
          const near = around(w);
          if (near.length) fit(near);
        });
      });
      for (const w of gone) take(w, -1);
      return;
    }
    for (i = 0; i < found.length; i++) {
      for (j = found.length - 1; j > i; j--) {
        // (Espruino has no Math.hypot.)
        const dd = found[i][1] - found[j][1];
        const dy = found[i][2] - found[j][2];
        if (dd * dd + dy * dy < OVERLAP_MM * OVERLAP_MM) return prune(found[i][0] * found[j][0] < 0 ? i : j, j);
      }
    }
    let checked = 0;
    const support = function (): void {
      if (checked >= found.length) return;
      const w = found[checked];
      // (One pass over its sensors: the misfit with its field, and the readings alone and with it added.)
      jobs.push(function (): void {
        if (w[1] < -RADIUS_MM || 3 * added <= 2 * bare + sum) return prune(checked, checked);
        checked++;
        jobs.push(support);
      });
      misfit(w, 0, 1, 0);
    };
    jobs.push(support);
  }

  /**
   * From weight `doubtAt` on, a job each: how far along the table it may lie from where it was fitted (mm, its
   * fourth entry): the spread of d that the misfit around it allows, from the curvatures of its fit (d against
   * its place across, its strength and its neighbours': at the end edge the grid sees it from one side only, and
   * a stronger weight a little farther fits almost as well) and the readings it leaves unexplained (MODEL_ERROR at
   * least: the parts' tolerances), with the weights near it. A weight fitted SURE stronger or weaker than the
   * nominal is one the board cannot tell (CANT_TELL); and after the last, a field left that none explains.
   */
  let doubtAt = 0;
  function doubt(): void {
    last = 1;
    if (doubtAt >= found.length) {
      // A field left that no weight found explains (weights of both colours touching, whose fields cancel, that
      // the fits could not part): a weight there the board cannot tell, of that field's colour.
      // (Two sensors or more: one alone may be stuck, a fault the sensor checks tell.)
      return strongest(function (): void {
        if (many > 1) {
          const w = new Float32Array(FOUND_SIZE);
          w[0] = left(top);
          w[1] = ROW0_MM + ((top / COLS) | 0) * PITCH_MM;
          w[3] = CANT_TELL;
          found.push(w);
        }
      });
    }
    const w = found[doubtAt++];
    // (One held keeps how sure of it the board was.)
    jobs.push(doubt);
    if (w[4]) return;
    // With the weights near it (the first of them: the last found), whose places trade against its own: the d-d
    // entry of the inverse of their equations (the fit's last, solved for a unit right side too). (Jobs.)
    const group = around(w);
    // (Its magnet's height too only with fewer than GROUP: the equations are kept the size of GROUP weights' 3
    // unknowns. Made bigger, the interpreter ran out of room for them beside 8 weights. Nor beyond the last row,
    // seen by one row from one side, where a higher magnet reads as a farther one: a lone reading there, a stuck
    // sensor's, was fitted as a weight placed sure to 6 mm. Past the foul line, its place scores nothing.)
    per = group.length < GROUP && w[1] < ROW0_MM + (ROWS - 1) * PITCH_MM ? 4 : 3;
    const g = group.indexOf(w);
    unit = per * g;
    // (One job, run twice: its first run measures, each where w is when it runs: fitted once more first.)
    let measured = 0;
    const tell = function (): void {
      if (!measured++) {
        jobs.push(tell);
        return misfit(w, 0, 2, 0);
      }
      // The readings left around it (weighed: w's field is taken away already), each weighed as the fit weighed
      // it; a fit that leaves them, as they read, more than LEFT_RMS off may hide a weight it is pulled by.
      const a = abs(w[0]);
      // (A weight fitted past the end edge is seen at it, as much less sure as it was past it.)
      let u = bare < 25 * LEFT_RMS * LEFT_RMS ? SPREAD * sqrt(inverse[per * g] * (MODEL_ERROR * MODEL_ERROR + weighed / 25)) + max(0, -w[1]) : CANT_TELL;
      // Fitted nearer another than weights can lie (they touch 58 mm apart): a fit that traded one's place for
      // the other's, as sure of itself as the truth would be (a hanger beside a weight of the other colour was
      // seen 37 mm in, sure to 6 mm).
      for (const o of group) {
        const dd = o[1] - w[1];
        const dy = o[2] - w[2];
        if (o !== w && dd * dd + dy * dy < APART_MM * APART_MM) u = CANT_TELL;
      }
      // (Equations that do not solve, NaN: nothing told.) Told to the whole mm, with half a mm more: a sensor's
      // gain off by a few hundredths moves even a lone weight's fit by up to 2 mm and leaves almost no misfit to
      // show it (rounded up alone, the sweep found weights 1.6 mm off told sure to 1).
      w[3] = (a - 1) * (a - 1) < SURE * SURE && u < LOOSE_MM ? Math.ceil(u + 0.5) : CANT_TELL;
    };
    jobs.push(tell);
    // First fitted once more with the weights near it, together, every other weight's field taken away: one found
    // early was fitted to readings that still held the fields of those found after it, and touching weights pull
    // each other's places (fitted alone in turn, more of a cluster's were left over 3 mm off).
    fit(group);
  }

  if (frame) jobs.push(held);
  jobs.push(doubt, prune, detect, held, held);
  return function (): number[][] | null {
    // Jobs until STEP_WORK was done (each a small part: a sensor of a fit, a row of a field given back or taken).
    for (const until = work + STEP_WORK; jobs.length && work < until; work += JOB_WORK) (jobs.pop() as () => void)();
    if (jobs.length) return null;
    // A weight of the last frame that may lie hidden (held), where a sensor of its 3 x 3 in service reads more of
    // its colour's field than the fits explain (LEFT_RMS) and no weight was found within APART_MM (a weight beside it
    // lies two radii away), is kept where it was, one the board cannot tell (the referee is asked where it is), until
    // it is held or found again. (One knocked off leaves nothing unexplained there.)
    was.forEach(function (w: Found): void {
      if (w[4] < 2) return;
      for (i = 0; i < 9 && !(left(nine(w, i)) * w[0] > LEFT_RMS); i++);
      if (i < 9 && !found.some(function (o: Found): boolean {
        return (o[1] - w[1]) * (o[1] - w[1]) + (o[2] - w[2]) * (o[2] - w[2]) < APART_MM * APART_MM;
      })) found.push(w);
    });
    // (A weight fitted past the end edge is on the table, seen at the edge: doubt counted how far past in its u.)
    return found.map(function (w: Found): number[] {
      return [w[0] > 0 ? 0 : 1, max(0, Math.round(w[1])), w[4] > 1 ? CANT_TELL : w[3]];
    });
  };
}

/** The weights in a whole grid's readings (ADC steps), found at once (locator's steps, run to the end). */
export function locate(ref: Int16Array): number[][] {
  const step = locator(function (ch: number): number {
    return ref[ch] / ADC_STEPS;
  }, [], [], null);
  let seen = step();
  while (!seen) seen = step();
  return seen;
}

