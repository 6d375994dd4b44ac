// The shuffleboard grid's sensor checks during play (docs/diagnostics.md), apart
// from finding the weights (interpret.ts calls them). A hall sensor can fail
// without reaching a rail: stuck at one reading, drifted off its calibration,
// noisy, the whole grid's field reversed (sensors turned over), the grid
// floating (its multiplexers' output open), a multiplexer select line dead
// (half the channels read the other half's sensors). A channel found faulty is taken out
// of service: the interpreter reads it as half the supply (no field) through
// `bank` below, so it places no weight, until it reads sanely again; a fault of
// the whole grid stops the sensed scoring (BANK) while it lasts.
import type { AnalogBank } from '../../../hal/types';
import { BANK, DRIFT, INVERTED, NOISY, OK, SELECT, STUCK, TAKEN_OUT } from '../../faults';
import { ADC_STEPS, CHANNELS, COLS, PITCH_MM, QUIESCENT, RAILED, ROW0_MM, ROWS, SENSORS } from './board';
import { WEIGHTS, turn } from './rules';
import type { ShuffleboardState } from './rules';

/** A reading's spread over three reads in a row beyond this (a fraction of the supply, some 25 ADC steps) is noise no sound sensor makes: its own is a step or two once the ADC has averaged. */
export const NOISY_SPREAD = 0.006;
/** Off its calibration (the empty table's reading, or half the supply before the first) by more than this (a fraction of the supply: a fifth of a weight's peak) on an empty table: drifted, or stuck off half the supply. */
export const OFF_MARGIN = 0.03;
/**
 * A reading this far from half the supply (in 255ths, some 96 ADC steps: 0.16 of a weight's peak) is a field whose
 * magnet lies within 48 mm of the sensor; then one of its neighbours along its row and across it reads ALONE_NEAR
 * or more (0.05 of a peak, 2 255ths): one lies within 38 mm of the magnet.
 */
const ALONE_FAR = 6;
const ALONE_NEAR = 2;
/**
 * A sensor, or two neighbours together, moved alone this far (ADC steps: 0.75 of a weight's peak): no magnet's doing,
 * in any row. One lying between two neighbours reads at most half its peak at each (0.6 with its parts' tolerances),
 * one beyond the first or last row (25 mm or more past it) as much at the sensor nearest; one nearer a sensor moves its
 * other neighbours too, as does a second weight beside it.
 */
const PAIR_STEPS = 450;
/** A weight seen placed to within this (mm, its u), not one the board cannot tell: one beyond the first or last row explains a field there. */
const PLACED_MM = 100;
/** A reading this far from half the supply (ADC steps; 0.16 of a weight's peak, its magnet within 48 mm) has a field that tells a dead select line; two reads of one sensor are alike within ALIAS_LIKE_STEPS (some 2 steps of noise each). */
const ALIAS_FIELD_STEPS = 96;
const ALIAS_LIKE_STEPS = 8;
/** Each neighbour (along its row and across) of a sensor reads this many ADC steps or more from half the supply, all the same way: a weight lies right over the sensor (its field at 50 mm to 63 mm from the magnet). */
const OVER_STEPS = 10;
/** A sensor that a weight lies over whose own reading is no more than this (ADC steps) from half the supply is stuck there: a sound one reads hundreds. */
export const STILL_STEPS = 4;
/** Throws in a row whose new weight is the other side's colour (every weight lying one of theirs): the grid reads the field reversed. */
export const INVERTED_THROWS = 2;
/** A weight seen within this of where one lay (mm, along the table) is that one lying still, as placed to a few mm: a throw does not change its colour. */
export const STILL_MM = 8;
/** Weights lying still that changed colour since the last throw (and none kept its own): the grid's field reversed, or set right. */
export const SWAPPED = 2;
/** Rows of the grid whose noise is read at each check (a second): the whole grid in ROWS / NOISE_ROWS seconds. */
export const NOISE_ROWS = 2;
/**
 * A dead select line: channel c and c with that line's bit flipped are one sensor read twice. Only readings with a
 * field tell (an empty table reads half the supply everywhere): a line on which ALIAS_READINGS readings or more
 * with a field each read like their partner (within the noise of two reads of one sensor), and none does not, is
 * dead. A weight makes one to four such fields; one lying just between two sensors that are partners (line 0:
 * columns 2m and 2m + 1) reads alike at both, as does a line of them down the centre: line 0 is dead only with such
 * readings under two pairs of columns, of a table lying still (a weight sliding down the line reads alike too).
 */
export const ALIAS_READINGS = 6;

// Per channel, in `flags`: why it is out of service (any of the low three bits: off its calibration, noisy, stuck).
const OFF = 1;
const NOISE = 2;
const HELD = 4;
/** Taken out of service or back since the interpreter last read it. */
const MOVED = 8;
/** Keeps its reading as the table last lay still (while a throw's readings are compared with them). */
const STAY = 16;

/** A channel's select lines (bits 0-3 the first-level multiplexers', 4-7 the second level's: wiring.md). */
const SELECT_LINES = 8;
/**
 * A step of checking a throw's frame does this much work, counted in bare reads of a channel (what a sensor looked
 * at costs in the interpreter, two with a call): at most 20 ms on the chip, the longest a step may hold the
 * interpreter (bench analog prints the longest). The other work as so many: a reading with a field against its
 * partners across the select lines, a sensor's neighbours looked at for a weight over it, or for a sensor moved
 * alone.
 */
const CHECK_WORK = 200;
const ALIAS_WORK = 25;
const OVER_WORK = 40;
const ALONE_WORK = 20;

export interface GridChecks {
  /** The grid as the interpreter reads it: a channel out of service reads half the supply and never changes. */
  bank: AnalogBank;
  /** Per channel, why it is out of service (any of the low three bits; none: in service). */
  flags: Uint8Array;
  /**
   * A throw's frame (every grid channel, in ADC steps; a channel out of service reads half the supply), before the
   * weights are found in it: checked by the calls of step that follow, a few rows each.
   */
  frame(frame: Int16Array): void;
  /** A step of checking the frame (at most 20 ms on the chip, as a step of finding the weights): true once it is all checked. */
  step(): boolean;
  /** The weights found in the frame of n throws ([colour, d] each): which colour appeared; 0 when the grid is not trusted now (the throws are not to be told). */
  seen(w: number[][], n: number): number;
  /** The table was found cleared: the empty table's readings are the calibration. */
  cleared(): void;
  /** Grid channel ch reads a field no magnet makes (the weights are being found): out of service, told drifted (1; 0 while the grid is not trusted). */
  suspect(ch: number): number;
  /** The check once a second during play (the runtime's, with the game's state): reports each new fault, returns BANK while the grid is untrustworthy, TAKEN_OUT when a channel was taken out since the last. */
  check(report: (ch: number | undefined, fault: number, line?: number) => void, state: ShuffleboardState | undefined, busy: boolean): number;
}

export function createGridChecks(raw: AnalogBank, kept: Uint8Array): GridChecks {
  const flags = new Uint8Array(CHANNELS);
  /** The empty table's readings at the last clear, in 255ths (0: none yet). */
  const cal = new Uint8Array(SENSORS);
  /** Channels out of service; the next row whose noise is read. */
  let out = 0;
  let moved = 0;
  /** TAKEN_OUT once a channel was taken out since the last check (the throw under way may hold what it read). */
  let taken = 0;
  let row = 0;
  /** The runtime's report, from its first check (faults found while a throw is decided are told at once). */
  let tell: ((ch: number | undefined, fault: number, line?: number) => void) | null = null;
  /**
   * The throws seen since the table was last cleared (or since power-up), the colours seen on the table after the
   * last, and the side expected to throw next (-1: not known yet).
   */
  let throws = 0;
  let reds = 0;
  let blues = 0;
  let next = -1;
  /** The weights seen after the last throw (each d * 2 + its colour), `lying` of them. */
  const table = new Int16Array(2 * WEIGHTS);
  let lying = 0;
  /** Throws in a row with the other side's colour appearing; the grid is taken as reversed (1). */
  let wrong = 0;
  let reversed = 0;
  /** The grid floats (most channels read noise): 1. */
  let floating = 0;
  /** The throw being decided was read while the grid floated or a select line was dead (not 0): its table tells nothing. */
  let doubtful = 0;
  /** The select lines found dead (bit k: line k). */
  let aliased = 0;
  /**
   * What readings told of the select lines (aliases): per line, the readings with a field that tell; then the lines
   * a reading unlike its partner's shows sound (bit k: line k), and the pairs of columns line 0's tellers lie under.
   */
  const told = new Uint8Array(SELECT_LINES + 2);
  /**
   * The throw's frame being checked (frame; null once checked), and the next part of its check (a pass over the
   * grid, SENSORS parts a pass, one a sensor).
   */
  let checked: Int16Array | null = null;
  let part = 0;
  /**
   * The grid's readings (in 255ths) as the table last lay still, a throw decided, where a weight moved (half the
   * supply after a clear): a weight at rest leaves its sensors still, a drifting sensor moves alone.
   */
  const settled = new Uint8Array(SENSORS).fill(128);
  /** Those of them whose field came alone in the throw being decided (bit e: the e-th), until its weights are found. */
  let came = 0;
  /** A sensor's readings and its neighbours', afresh (channel ch - COLS to ch + COLS), for alone. */
  const near = new Int16Array(2 * COLS + 1);

  /** Channel ch goes out of service or comes back: its row counts as changed at its next read. */
  function shift(ch: number): void {
    if (!(flags[ch] & MOVED)) moved++;
    flags[ch] |= MOVED;
  }

  /** Channel ch is faulty (`why`: OFF, NOISE, HELD): out of service, told once. */
  function take(ch: number, why: number): void {
    if (!(flags[ch] & 7)) {
      out++;
      taken = TAKEN_OUT;
      shift(ch);
      if (tell) tell(ch, why === HELD ? STUCK : why === NOISE ? NOISY : DRIFT);
    }
    flags[ch] |= why;
  }

  /** Channel ch reads sanely as far as `why` goes: back in service once nothing else holds it out, told. */
  function mend(ch: number, why: number): void {
    if (!(flags[ch] & why)) return;
    flags[ch] &= ~why;
    if (!(flags[ch] & 7)) {
      out--;
      shift(ch);
      // (What it reads now is how it lies still: a weight may have come over it meanwhile.)
      settled[ch] = (raw.read(ch) * 255) | 0;
      if (tell) tell(ch, OK);
    }
  }

  /** The spread of three reads of channel ch, a launch group read between the first two (a floating input follows what was read before it, and the group reads a rail). */
  function noise(ch: number): number {
    const a = raw.read(ch);
    raw.read(SENSORS);
    const b = raw.read(ch);
    const c = raw.read(ch);
    return Math.max(a, b, c) - Math.min(a, b, c);
  }

  /** The k-th (0 to 3) neighbour of the sensor at i in column c: the row before, the row after, left, right (-1: none). */
  function neighbour(i: number, c: number, k: number): number {
    return k === 0 ? i - COLS : k === 1 ? i + COLS : k === 2 ? (c ? i - 1 : -1) : c < COLS - 1 ? i + 1 : -1;
  }

  /**
   * Whether every neighbour of ch along its row and across it reads `least` or more from half the supply, all the
   * same way, and none of its diagonal neighbours more than the most of them: a weight lies right over ch (within
   * some 13 mm; its diagonal neighbours lie 57 mm or more from it). Two weights each near a diagonal one may leave ch
   * on the ring where their fields cross zero, and its other neighbours within their reach.
   */
  function over(frame: Int16Array, ch: number, least: number): boolean {
    let up = 0;
    let down = 0;
    let n4 = 0;
    let most = 0;
    const c = ch % COLS;
    for (let k = 0; k < 8; k++) {
      // (A corner's two neighbours do not tell a weight over it from one between them.)
      if (k === 4 && (n4 < 3 || (up !== n4 && down !== n4))) return false;
      const n = k < 4 ? neighbour(ch, c, k) : neighbour(neighbour(ch, c, k & 1), c, k >> 1);
      if (n < 0 || n >= SENSORS) continue;
      const d = frame[n] - QUIESCENT * ADC_STEPS;
      if (k > 3) {
        if ((up ? d : -d) > most) return false;
        continue;
      }
      n4++;
      if (d >= least) up++;
      else if (d <= -least) down++;
      most = Math.max(most, d, -d);
    }
    return true;
  }

  /**
   * How far the sensor at i of `read` (in `mid`'s scale: 128 in 255ths, 2048 in ADC steps) moved since the table
   * last lay still while none of its neighbours along its row and across it moved ALONE_NEAR or more (and the 2 steps
   * a kept reading lags by); -1 if one did. Moved ALONE_FAR or more so alone, it is no magnet's doing: one within
   * reach of a sensor is nearer one of them, or reads 0.09 of its peak at each, 50 mm away, and one that moves
   * changes them as it changes the sensor; a sensor drifted, or stuck off its reading. `base`: the channel of
   * read[0]. A neighbour out of service tells nothing: it may be the one nearest the magnet. (One at a rail is the
   * interpreter's rail fault, and reads as no field already; one out of service: 0.)
   */
  function alone(read: Int16Array | Uint8Array, i: number, mid: number, base: number, skip?: number): number {
    if (flags[base + i] & 7 || Math.abs(read[i] - mid) >= (RAILED * mid) >> 7) return 0;
    for (let k = 0; k < 4; k++) {
      const n = neighbour(i, (base + i) % COLS, k);
      if (n >= 0 && n !== skip && n < read.length && (flags[base + n] & 7 || Math.abs(read[n] - ((settled[base + n] * mid) >> 7)) >= ((ALONE_NEAR * mid) >> 7) + 2)) return -1;
    }
    return Math.abs(read[i] - ((settled[base + i] * mid) >> 7));
  }

  /**
   * What channels from..to-1 of `read` (a throw's frame, or, `afresh` 1, the readings kept, 2 while a throw is under
   * way; `mid` no field, `some` a field, within `like` alike) tell of the select lines, added to `t` (as told): a
   * reading with a field unlike its partner's shows the line sound (no dead line makes that). The kept readings of two
   * channels were read at different times, and coarsely: two alike, or two on a dead line, are read afresh,
   * together, to be sure (a weight may have come or gone between their reads). The work of a channel with a field
   * (CHECK_WORK).
   */
  function aliases(read: Int16Array | Uint8Array, mid: number, some: number, like: number, afresh: number, from: number, to: number, t: Uint8Array): number {
    for (let ch = from; ch < to; ch++) {
      let x = read[ch] - mid;
      // (A kept reading may be a sliding weight's as it passed: one with no field now tells nothing. A channel out of
      // service reads as no field, whatever its sensor reads; one at a rail reads no sensor.)
      if (afresh && x * x >= some * some) x = raw.read(ch) * 255 - mid;
      if (x * x < some * some || flags[ch] & 7 || x * x >= ((RAILED * mid) >> 7) * ((RAILED * mid) >> 7)) continue;
      for (let k = 0; k < SELECT_LINES; k++) {
        const p = ch ^ (1 << k);
        if (p >= SENSORS || flags[p] & 7) continue;
        t[k]++;
        if (!k) t[SELECT_LINES + 1] |= 1 << ((ch % COLS) >> 1);
        let d = read[p] - mid - x;
        if (afresh && (d * d <= like * like || (aliased >> k) & 1)) d = ((raw.read(p) - raw.read(ch)) * ADC_STEPS * like) / ALIAS_LIKE_STEPS;
        if (d * d > like * like) t[SELECT_LINES] |= 1 << k;
      }
    }
    return ALIAS_WORK;
  }

  /**
   * The select lines dead by what the readings told (`t`, of all the grid; `afresh` as aliases': line 0 not judged
   * while a throw is under way): told as each is found dead (SELECT, the line), or sound again (OK). A line that
   * nothing tells stays as it was.
   */
  function judge(t: Uint8Array, afresh: number): void {
    const differ = t[SELECT_LINES];
    const pairs = t[SELECT_LINES + 1];
    for (let k = 0; k < SELECT_LINES; k++) {
      const dead = (aliased >> k) & 1;
      if (dead ? !((differ >> k) & 1) : t[k] < ALIAS_READINGS || (differ >> k) & 1 || !(k || (afresh < 2 && pairs & (pairs - 1)))) continue;
      aliased ^= 1 << k;
      if (tell) tell(undefined, dead ? OK : SELECT, k);
    }
  }

  /**
   * A weight lies right over sensor ch of a throw's frame: its own reading is hundreds of steps from half the supply
   * (one out of service: read afresh, and so to the fit if it comes back), a sound sensor's noise one or two. The
   * work it took (CHECK_WORK).
   */
  function held(frame: Int16Array, ch: number): number {
    if (/*@__NOINLINE__*/ over(frame, ch, OVER_STEPS)) {
      if (flags[ch] & 7) frame[ch] = raw.read(ch) * ADC_STEPS;
      const off = frame[ch] - QUIESCENT * ADC_STEPS;
      if (off * off <= STILL_STEPS * STILL_STEPS) take(ch, HELD);
      else mend(ch, HELD);
    }
    return OVER_WORK;
  }

  /**
   * Sensor ch of a throw's frame moved alone since the table last lay still: drifted (a weight at rest leaves its
   * sensors still, one moved changes its neighbours too), taken out before the weights are found. In the first and
   * last rows a field come there alone may be a weight beyond the grid, if one is found there (seen). The work it
   * took (CHECK_WORK).
   */
  function drifted(frame: Int16Array, ch: number): number {
    const e = ch < COLS ? ch : ch >= SENSORS - COLS ? ch - SENSORS + 2 * COLS : -1;
    let a = alone(frame, ch, QUIESCENT * ADC_STEPS, 0);
    const d = frame[ch] - settled[ch] * 16;
    let work = ALONE_WORK;
    // Two neighbours moved together so far, and alone (PAIR_STEPS): stuck or drifted both, taken out together.
    // (Only a sensor moved that far itself may be one of them.)
    for (let k = 0; a < 0 && d * d >= PAIR_STEPS * PAIR_STEPS && k < 4; k++) {
      const n = neighbour(ch, ch % COLS, k);
      work += 2 * ALONE_WORK;
      if (n >= 0 && n < SENSORS && alone(frame, ch, QUIESCENT * ADC_STEPS, 0, n) >= PAIR_STEPS && alone(frame, n, QUIESCENT * ADC_STEPS, 0, ch) >= PAIR_STEPS) {
        take(n, OFF);
        a = PAIR_STEPS;
      }
    }
    if (a >= 16 * ALONE_FAR) {
      if (e < 0 || a >= PAIR_STEPS) take(ch, OFF);
      else if (Math.abs((frame[ch] >> 4) - 128) >= Math.abs(settled[ch] - 128) + ALONE_FAR) came |= 1 << e;
    }
    // (Set or cleared at each check: one cut short by a new frame leaves none behind.)
    flags[ch] = e < 0 && a >= 0 ? flags[ch] | STAY : flags[ch] & ~STAY;
    return work;
  }

  const bank: AnalogBank = {
    read: function (ch: number): number {
      return flags[ch] & 7 ? QUIESCENT : raw.read(ch);
    },
    changes: function (from: number, to: number, k: Uint8Array): number {
      if (!out && !moved) return raw.changes(from, to, k);
      // The runs of channels in service, read as the driver reads them; a channel out of service is kept at half the
      // supply; one taken out or back since the last read counts as changed (the interpreter counts its row again).
      let some = 0;
      for (let ch = from, a = from; ch <= to; ch++) {
        if (ch < to && !(flags[ch] & (7 | MOVED))) continue;
        if (ch > a) some |= raw.changes(a, ch, k);
        if (ch < to) {
          if (flags[ch] & MOVED) {
            flags[ch] &= ~MOVED;
            moved--;
            some = 1;
            if (!(flags[ch] & 7)) k[ch] = (raw.read(ch) * 255) | 0;
          }
          if (flags[ch] & 7) k[ch] = 128;
        }
        a = ch + 1;
      }
      return some;
    },
  };

  return {
    bank: bank,
    flags: flags,
    frame: function (frame: Int16Array): void {
      checked = frame;
      told.fill(0);
      // A grid that floats tells nothing of its sensors one by one, nor one whose select line is dead (a weight seen
      // twice, or not at all): a dead line is found first, before the throw is told (seen).
      doubtful = floating;
      part = floating ? 4 * SENSORS : 0;
    },
    step: function (): boolean {
      const frame = checked as Int16Array;
      let d;
      // (Each pass its own loop, resumed where the last step left it, its rare work in a function of its own: the
      // interpreter reads a loop's whole text at each turn.)
      for (let work = 0; work < CHECK_WORK && part < 4 * SENSORS; ) {
        const pass = (part / SENSORS) | 0;
        let ch = part % SENSORS;
        if (!pass) {
          // (A reading without a field tells nothing of them: most, at once.)
          for (; ch < SENSORS && work < CHECK_WORK; ch++, work++) {
            d = frame[ch] - QUIESCENT * ADC_STEPS;
            if (d * d >= ALIAS_FIELD_STEPS * ALIAS_FIELD_STEPS) work += /*@__NOINLINE__*/ aliases(frame, QUIESCENT * ADC_STEPS, ALIAS_FIELD_STEPS, ALIAS_LIKE_STEPS, 0, ch, ch + 1, told);
          }
          if (ch === SENSORS) {
            judge(told, 0);
            if ((doubtful = aliased)) ch = 4 * SENSORS;
          }
        }
        // (One neighbour reading no field is no weight over it: most sensors, at once.)
        if (pass === 1) {
          for (; ch < SENSORS && work < CHECK_WORK; ch++, work++) {
            d = frame[ch + COLS < SENSORS ? ch + COLS : ch - COLS] - QUIESCENT * ADC_STEPS;
            if (d * d >= OVER_STEPS * OVER_STEPS) work += /*@__NOINLINE__*/ held(frame, ch);
          }
        }
        // (A sensor reading as it lay, to the 255th, moved too little to be drifted, and keeps its reading as it lay
        // whether or not its neighbours moved: most sensors, at once.)
        if (pass === 2) for (; ch < SENSORS && work < CHECK_WORK; ch++, work++) if (frame[ch] >> 4 !== settled[ch]) work += /*@__NOINLINE__*/ drifted(frame, ch);
        // Then the table as it lies still now: where a weight moved (a sensor moved alone keeps its last still
        // reading, so that a drift slower than ALONE_FAR a throw adds up), and the first and last rows.
        if (pass === 3) for (; ch < SENSORS && work < CHECK_WORK; ch++, work++) if (!(flags[ch] & STAY)) settled[ch] = frame[ch] >> 4;
        part = pass * SENSORS + ch;
      }
      if (part < 4 * SENSORS) return false;
      checked = null;
      return true;
    },
    seen: function (w: number[][], n: number): number {
      let r = 0;
      /** Bit 0: a weight placed beyond the first row (a hanger); bit 1: beyond the last (a short one). */
      let beyond = 0;
      let i: number;
      for (i = 0; i < w.length; i++) {
        r += w[i][0] ? 0 : 1;
        if (w[i][2] < PLACED_MM) beyond |= w[i][1] < ROW0_MM ? 1 : w[i][1] > ROW0_MM + (ROWS - 1) * PITCH_MM ? 2 : 0;
      }
      const b = w.length - r;
      // The thrower's weight appears (one more of its colour, none more of the other); anything else (it went off,
      // it knocked one of its own off), or throws of both sides seen at once, tells nothing.
      const appeared = n > 1 ? -1 : r === reds + 1 && b <= blues ? 0 : b === blues + 1 && r <= reds ? 1 : -1;
      // A table seen while the grid floats or a select line is dead is no table: the next throw is compared with none,
      // and the throws made meanwhile are not known (some run together): the side whose weight appears at the first
      // throw after is the thrower.
      const trusted = !(doubtful || floating || aliased);
      reds = trusted ? r : WEIGHTS;
      blues = trusted ? b : WEIGHTS;
      if (!trusted) {
        next = -1;
        wrong = 0;
      } else if (next < 0) next = appeared;
      // A field come alone in the first or last row: a weight placed beyond that row explains it (what lies there is
      // taken as still at the next throw); none, and the sensor drifted or stuck.
      for (let e = 0; came; e++, came >>= 1) {
        if (!(came & 1)) continue;
        if (!((beyond >> +(e >= COLS)) & 1)) take(e < COLS ? e : e + SENSORS - 2 * COLS, OFF);
      }
      // The weights that lay still, by their colour now (within STILL_MM): two or more changed colour, and none kept it
      // (a reversed field turns them all), is the grid's field reversed since the last throw (or set right), found at
      // once, before the end can be scored from it.
      let same = 0;
      let swapped = 0;
      let kept = 0;
      for (let j = 0; j < lying; j++) {
        // (Bit 0: seen there in its colour, bit 1: in the other; weights side by side at one d may be either.)
        let m = 0;
        for (i = 0; i < w.length; i++) {
          const dd = w[i][1] - (table[j] >> 1);
          if (dd * dd <= STILL_MM * STILL_MM) m |= w[i][0] === (table[j] & 1) ? 1 : 2;
        }
        same += m & 1;
        swapped += m >> 1 & ~m;
        kept += m === 1 ? 1 : 0;
      }
      const was = reversed;
      if (swapped >= SWAPPED && !kept) {
        reversed ^= 1;
        wrong = 0;
      }
      // Against its thrower's colour: the side the board showed to throw first after a clear, then the sides take
      // turns (the board's own count of the throws: the game's takes a throw whose colour is not its thrower's for a
      // missed one and the next). A throw that looks right sets the grid right; one that looks wrong tells only if
      // every weight that lay on the table is seen still, as it lay, and each came with a throw that looked wrong: a
      // field reversed while a weight lay turns its colour too, found above; else a wrong colour is the fit's doubt
      // about touching weights (a weight lost and found again is no throw), or throws the board ran together, which
      // put its count of them, and so each side's turn, one out.
      else if (appeared >= 0 && next >= 0) {
        if (appeared !== next) reversed |= +(same >= lying && lying <= wrong && ++wrong >= INVERTED_THROWS);
        else wrong = reversed = 0;
      }
      if (reversed !== was && tell) tell(undefined, reversed ? INVERTED : OK);
      for (lying = 0; trusted && lying < w.length && lying < table.length; lying++) table[lying] = 2 * w[lying][1] + w[lying][0];
      throws++;
      if (next >= 0) next ^= n & 1;
      // A grid that reads what no table makes: the throw is not told (the referee places it).
      return floating || reversed || aliased ? 0 : 1;
    },
    suspect: function (ch: number): number {
      // (A grid that floats, or whose select line is dead, tells nothing of its sensors one by one.)
      if (doubtful) return 0;
      take(ch, OFF);
      return 1;
    },
    cleared: function (): void {
      for (let ch = 0; ch < SENSORS; ch++) {
        const x = flags[ch] & 7 ? (raw.read(ch) * 255) | 0 : kept[ch];
        const ref = cal[ch] || 128;
        // (A sensor at a rail is the interpreter's rail fault, and reads as no field already.)
        if ((x - 128) * (x - 128) >= RAILED * RAILED) continue;
        // (One out of service comes back within half the margin: a sensor drifting still is not back as it passes it.)
        if ((x - ref) * (x - ref) * (flags[ch] & 7 ? 4 : 1) > OFF_MARGIN * OFF_MARGIN * 255 * 255) take(ch, OFF);
        else {
          mend(ch, OFF);
          cal[ch] = x;
        }
      }
      reds = blues = lying = 0;
      settled.fill(128);
      // The players open the next end as the board shows it then (an end the game missed, while the sensors were
      // not trusted and nobody entered it, goes on in the game).
      throws = 0;
    },
    check: function (report: (ch: number | undefined, fault: number, line?: number) => void, state: ShuffleboardState | undefined, busy: boolean): number {
      tell = report;
      // Noise: NOISE_ROWS rows read three times each.
      let noisy = 0;
      let bits = 0;
      const first = row * COLS;
      for (let i = 0; i < NOISE_ROWS * COLS; i++) {
        const spread = noise(first + i);
        if (spread > NOISY_SPREAD) {
          noisy++;
          bits |= 1 << i;
        } else if (spread < NOISY_SPREAD / 2) mend(first + i, NOISE);
      }
      row = (row + NOISE_ROWS) % ROWS;
      // Most of them noisy: the grid floats (its multiplexers' output open), or noise drowns it: a bank fault while
      // it lasts; else each noisy one is out of service (below).
      const floats = 2 * noisy > NOISE_ROWS * COLS ? 1 : 0;
      floating = floats;
      // A dead select line, from the readings kept (in 255ths: two of one sensor are within 3 of each other); then a
      // weight's image, where its partner channel reads it, is no sensor's fault. (`busy`: a throw under way, whose
      // weight may slide down the line between two partners on line 0.) Not while a throw's frame is checked: that
      // check reads the same sensors afresh, and judges them as the table lies still (frame, a few steps).
      const free = !floats && !checked;
      if (free) {
        aliases(kept, 128, ALIAS_FIELD_STEPS >> 4, 3, busy ? 2 : 1, 0, SENSORS, told.fill(0));
        judge(told, busy ? 2 : 1);
      }
      // A reading that no magnet makes: among the readings kept (in 255ths; most are at half the supply, and skipped
      // at once: a kept one follows its reading within 2 255ths), then read afresh, with its neighbours'. Not in the
      // first and last rows: a weight may lie beyond them (a hanger, a short one), over a sensor there whose
      // neighbours all read less than ALONE_NEAR (56 mm off); a throw's readings tell a fault there (frame, seen).
      // (Nor while the grid floats: its noise makes such readings, the grid's fault and no one sensor's.)
      for (let ch = COLS; ch < SENSORS - COLS && !aliased && free; ch++) {
        const x = kept[ch] - settled[ch];
        if (x * x >= ALONE_FAR * ALONE_FAR && alone(kept, ch, 128, 0) >= ALONE_FAR) {
          for (let k = -COLS; k <= COLS; k++) near[k + COLS] = ch + k >= 0 && ch + k < SENSORS ? raw.read(ch + k) * ADC_STEPS : QUIESCENT * ADC_STEPS;
          // (Nor one that reads like a partner across a select line: a weight's image, a dead line that the check of the
          // select lines names once enough fields tell, not a fault of this sensor.)
          let image = 0;
          for (let k = 0; k < SELECT_LINES; k++) {
            const d = (ch ^ (1 << k)) < SENSORS ? (raw.read(ch ^ (1 << k)) - raw.read(ch)) * ADC_STEPS : ADC_STEPS;
            if (d * d <= ALIAS_LIKE_STEPS * ALIAS_LIKE_STEPS) image = 1;
          }
          if (!image && alone(near, COLS, QUIESCENT * ADC_STEPS, ch - COLS) >= 16 * ALONE_FAR) take(ch, noise(ch) ? NOISE : OFF);
        }
      }
      if (!floats) for (let i = 0; bits; i++, bits >>= 1) if (bits & 1) take(first + i, NOISE);
      // Until a throw after a clear (or power-up), the side the board shows to throw (-1 before the coin toss).
      if (!throws && state) next = turn(state) % 2;
      const bad = taken | (floating || reversed || aliased ? BANK : 0);
      taken = 0;
      return bad;
    },
  };
}
