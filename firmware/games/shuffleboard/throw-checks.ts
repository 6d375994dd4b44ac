// The checks of a throw's table (docs/diagnostics.md), as its decision reads it
// (interpret.ts): the grid's readings once every weight is still, checked a few
// rows a step before the weights are found in them (a sensor stuck under a
// weight, one drifted, a dead select line), and the weights found, checked
// against the throws before (the grid's field reversed). Only a throw's
// decision runs them: a board keeps them out of its bundle, in its decision
// module (decide.ts), made afresh for each decision from what the sensor
// checks keep between throws (checks.ts, GridChecks), and let go after it.
import { INVERTED, OK } from '../../faults';
import { ADC_STEPS, COLS, PITCH_MM, QUIESCENT, ROW0_MM, ROWS, SENSORS } from './board';
import type { neighbour as Neighbour } from './board';
import { ALIAS_FIELD_STEPS, ALONE_FAR, HELD, OFF } from './checks';
import type { GridChecks } from './checks';
import { WEIGHTS } from './table';

/**
 * A sensor, or two neighbours together, moved alone this far (ADC steps: 0.75 of a weight's peak): no magnet's doing,
 * in any row. One lying between two neighbours reads at most half its peak at each (0.6 with its parts' tolerances),
 * one beyond the first or last row (25 mm or more past it) as much at the sensor nearest; one nearer a sensor moves its
 * other neighbours too, as does a second weight beside it.
 */
const PAIR_STEPS = 450;
/** A weight seen placed to within this (mm, its u), not one the board cannot tell: one beyond the first or last row explains a field there. */
const PLACED_MM = 100;
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
/**
 * A step of checking a throw's frame does this much work, counted in bare reads of a channel (what a sensor looked
 * at costs in the interpreter, two with a call): at most 20 ms on the chip, the longest a step may hold the
 * interpreter (bench analog prints the longest). The other work as so many: a reading with a field against its
 * partners across the select lines, a sensor's neighbours looked at for a weight over it, or for a sensor moved
 * alone.
 */
const CHECK_WORK = 160;
const OVER_WORK = 40;
const ALONE_WORK = 20;

export interface ThrowChecks {
  /**
   * A throw's frame (every grid channel, in ADC steps; a channel out of service reads half the supply), before the
   * weights are found in it: checked by the calls of step that follow, a few rows each.
   */
  frame(frame: Int16Array): void;
  /**
   * A step of checking the frame (at most 20 ms on the chip, as a step of finding the weights): true once it is all
   * checked, when the frame's parts (frame, step) are let go, not to be called again.
   */
  step(): boolean;
  /**
   * The weights found in the frame of n throws ([colour, d, u] each), counted: 1, the throws are told; 0 when the grid
   * is not trusted now (they are not); 2 when a sensor whose field they may hold was taken out just now, and nothing
   * else counted: they are found again without it.
   */
  seen(w: number[][], n: number): number;
  /** Grid channel ch reads a field no magnet makes (the weights are being found): out of service, told drifted (1; 0 while the grid is not trusted). */
  suspect(ch: number): number;
}

/**
 * The checks of a throw's table, on what the grid's sensor checks `g` keep; `neighbour`: the board's (board.ts),
 * given by the bundle that has it (a copy in this module would take the bytes of its budget).
 */
export function throwChecks(g: GridChecks, neighbour: typeof Neighbour): ThrowChecks {
  // (The parts looked at for each sensor, as the checks' own.)
  g.take(-1, 0);
  const settled = g.settled as Uint8Array;
  const raw = g.driver;
  const take = g.take;
  const alone = g.alone;
  /** The throw being decided was read while the grid floated or a select line was dead (not 0): its table tells nothing. */
  let doubtful = 0;
  /** The next part of the frame's check (a pass over the grid, SENSORS parts a pass, one a sensor). */
  let part = 0;
  /**
   * Per sensor, 1: it keeps its reading as the table last lay still (pass 2 sets it where it looks; one it does not
   * look at reads as it lay already). The decision's own, let go with the frame's parts: kept in the channels' flags,
   * it made them at the first throw, which none needs until a channel is taken out (33 JsVars).
   */
  let stay: Uint8Array | undefined = new Uint8Array(SENSORS);

  /**
   * The rare work of a pass of the frame's check (step) at sensor ch. Pass 1: a weight lies right over ch: every
   * neighbour of ch along its row and across it reads OVER_STEPS or more from half the supply, all the same way, and none of its diagonal neighbours more than the most
   * of them (within some 13 mm; its diagonal neighbours lie 57 mm or more from it; two weights each near a diagonal
   * one may leave ch on the ring where their fields cross zero, and its other neighbours within their reach). Its own
   * reading is then hundreds of steps from half the supply (one out of service: read afresh, and so to the fit if it
   * comes back), a sound sensor's noise one or two. The work it took (CHECK_WORK).
   *
   * Pass 2: ch moved alone since the table last lay still: drifted (a weight at rest leaves its sensors still, one
   * moved changes its neighbours too), taken out before the weights are found. In the first and last rows a field
   * come there alone may be a weight beyond the grid, if one is found there (seen). The work it took (CHECK_WORK).
   * (One function: each costs its JsVars at every decision.)
   */
  let rare: ((frame: Int16Array, ch: number, pass: number) => number) | undefined = function (frame: Int16Array, ch: number, pass: number): number {
    if (pass === 1) {
      let up = 0;
      let down = 0;
      let n4 = 0;
      let most = 0;
      const c = ch % COLS;
      for (let k = 0; k < 8; k++) {
        // (A corner's two neighbours do not tell a weight over it from one between them.)
        if (k === 4 && (n4 < 3 || (up !== n4 && down !== n4))) return OVER_WORK;
        const n = k < 4 ? neighbour(ch, c, k) : neighbour(neighbour(ch, c, k & 1), c, k >> 1);
        if (n < 0 || n >= SENSORS) continue;
        const d = frame[n] - QUIESCENT * ADC_STEPS;
        if (k > 3) {
          if ((up ? d : -d) > most) return OVER_WORK;
          continue;
        }
        n4++;
        if (d >= OVER_STEPS) up++;
        else if (d <= -OVER_STEPS) down++;
        most = Math.max(most, d, -d);
      }
      // (The flags as they are now: take makes them at the first channel taken out.)
      if (g.channelFlags[ch] & 7) frame[ch] = raw.read(ch) * ADC_STEPS;
      const off = frame[ch] - QUIESCENT * ADC_STEPS;
      if (off * off <= STILL_STEPS * STILL_STEPS) take(ch, HELD);
      else take(ch, HELD, 1);
      return OVER_WORK;
    }
    const e = ch < COLS ? ch : ch >= SENSORS - COLS ? ch - SENSORS + 2 * COLS : -1;
    let a = alone(frame, ch, 0);
    const d = frame[ch] - settled[ch] * 16;
    let work = ALONE_WORK;
    // Two neighbours moved together so far, and alone (PAIR_STEPS): stuck or drifted both, taken out together.
    // (Only a sensor moved that far itself may be one of them.)
    for (let k = 0; a < 0 && d * d >= PAIR_STEPS * PAIR_STEPS && k < 4; k++) {
      const n = neighbour(ch, ch % COLS, k);
      work += 2 * ALONE_WORK;
      if (n >= 0 && n < SENSORS && alone(frame, ch, 0, n) >= PAIR_STEPS && alone(frame, n, 0, ch) >= PAIR_STEPS) {
        take(n, OFF);
        a = PAIR_STEPS;
      }
    }
    if (a >= 16 * ALONE_FAR) {
      if (e < 0 || a >= PAIR_STEPS) take(ch, OFF);
      else if (Math.abs((frame[ch] >> 4) - 128) >= Math.abs(settled[ch] - 128) + ALONE_FAR) g.came |= 1 << e;
    }
    (stay as Uint8Array)[ch] = e < 0 && a >= 0 ? 1 : 0;
    return work;
  };

  const checks: Partial<ThrowChecks> = {
    frame: function (frame: Int16Array): void {
      g.checked = frame;
      g.told.fill(0);
      // A grid that floats tells nothing of its sensors one by one, nor one whose select line is dead (a weight seen
      // twice, or not at all): a dead line is found first, before the throw is told (seen).
      doubtful = g.floating;
      part = g.floating ? 4 * SENSORS : 0;
    },
    step: function (): boolean {
      const frame = g.checked as Int16Array;
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
            if (d * d >= ALIAS_FIELD_STEPS * ALIAS_FIELD_STEPS) work += /*@__NOINLINE__*/ g.aliases(frame, 0, ch, ch + 1);
          }
          if (ch === SENSORS) {
            g.aliases(frame, 0, SENSORS, SENSORS);
            if ((doubtful = g.aliased)) ch = 4 * SENSORS;
          }
        }
        // (One neighbour reading no field is no weight over it: most sensors, at once.)
        if (pass === 1) {
          for (; ch < SENSORS && work < CHECK_WORK; ch++, work++) {
            d = frame[ch + COLS < SENSORS ? ch + COLS : ch - COLS] - QUIESCENT * ADC_STEPS;
            if (d * d >= OVER_STEPS * OVER_STEPS) work += rare!(frame, ch, 1);
          }
        }
        // (A sensor reading as it lay, to the 255th, moved too little to be drifted, and keeps its reading as it lay
        // whether or not its neighbours moved: most sensors, at once.)
        if (pass === 2) for (; ch < SENSORS && work < CHECK_WORK; ch++, work++) if (frame[ch] >> 4 !== settled[ch]) work += rare!(frame, ch, 2);
        // Then the table as it lies still now: where a weight moved (a sensor moved alone keeps its last still
        // reading, so that a drift slower than ALONE_FAR a throw adds up), and the first and last rows.
        if (pass === 3) for (; ch < SENSORS && work < CHECK_WORK; ch++, work++) if (!(stay as Uint8Array)[ch]) settled[ch] = frame[ch] >> 4;
        part = pass * SENSORS + ch;
      }
      if (part < 4 * SENSORS) return false;
      g.checked = null;
      // The frame's parts let go (some 25 JsVars while the weights are found): nothing calls them after.
      rare = checks.step = checks.frame = stay = undefined;
      return true;
    },
    seen: function (w: number[][], n: number): number {
      let r = 0;
      /** Bit 0: a weight placed beyond the first row (a hanger); bit 1: beyond the last (a short one). */
      let beyond = 0;
      let i: number;
      let again = 0;
      for (i = 0; i < w.length; i++) {
        r += +!w[i][0];
        if (w[i][2] < PLACED_MM) beyond |= w[i][1] < ROW0_MM ? 1 : w[i][1] > ROW0_MM + (ROWS - 1) * PITCH_MM ? 2 : 0;
      }
      // A field come alone in the first or last row: a weight placed beyond that row explains it (what lies there is
      // taken as still at the next throw); none, and the sensor drifted or stuck: taken out, and the weights are found
      // again without it (one found in its field is what it made), before anything counts.
      for (let e = 0; g.came; e++, g.came >>= 1) {
        if (g.came & 1 && !((beyond >> +(e >= COLS)) & 1)) {
          take(e < COLS ? e : e + SENSORS - 2 * COLS, OFF);
          again = 2;
        }
      }
      if (again) return again;
      const b = w.length - r;
      // The thrower's weight appears (one more of its colour, none more of the other); anything else (it went off,
      // it knocked one of its own off), or throws of both sides seen at once, tells nothing.
      const appeared = n > 1 ? -1 : r === g.reds + 1 && b <= g.blues ? 0 : b === g.blues + 1 && r <= g.reds ? 1 : -1;
      // A table seen while the grid floats or a select line is dead is no table: the next throw is compared with none,
      // and the throws made meanwhile are not known (some run together): the side whose weight appears at the first
      // throw after is the thrower.
      const trusted = !(doubtful || g.floating || g.aliased);
      g.reds = trusted ? r : WEIGHTS;
      g.blues = trusted ? b : WEIGHTS;
      if (!trusted) {
        g.due = -1;
        g.wrong = 0;
      } else if (g.due < 0) g.due = appeared;
      // The weights that lay still, by their colour now (within STILL_MM): two or more changed colour, and none kept it
      // (a reversed field turns them all), is the grid's field reversed since the last throw (or set right), found at
      // once, before the end can be scored from it.
      let same = 0;
      let swapped = 0;
      let kept = 0;
      const lay = g.lay as Int16Array;
      for (let j = 0; j < g.lying; j++) {
        // (Bit 0: seen there in its colour, bit 1: in the other; weights side by side at one d may be either.)
        let m = 0;
        for (i = 0; i < w.length; i++) {
          const dd = w[i][1] - (lay[j] >> 1);
          if (dd * dd <= STILL_MM * STILL_MM) m |= w[i][0] === (lay[j] & 1) ? 1 : 2;
        }
        same += m & 1;
        swapped += m >> 1 & ~m;
        kept += m === 1 ? 1 : 0;
      }
      const was = g.reversed;
      if (swapped >= SWAPPED && !kept) {
        g.reversed ^= 1;
        g.wrong = 0;
      }
      // Against its thrower's colour: the side the board showed to throw first after a clear, then the sides take
      // turns (the board's own count of the throws: the game's takes a throw whose colour is not its thrower's for a
      // missed one and the next). A throw that looks right sets the grid right; one that looks wrong tells only if
      // every weight that lay on the table is seen still, as it lay, and each came with a throw that looked wrong: a
      // field reversed while a weight lay turns its colour too, found above; else a wrong colour is the fit's doubt
      // about touching weights (a weight lost and found again is no throw), or throws the board ran together, which
      // put its count of them, and so each side's turn, one out.
      else if (appeared >= 0 && g.due >= 0) {
        if (appeared !== g.due) g.reversed |= +(same >= g.lying && g.lying <= g.wrong && ++g.wrong >= INVERTED_THROWS);
        else g.wrong = g.reversed = 0;
      }
      if (g.reversed !== was && g.tell) g.tell(undefined, g.reversed ? INVERTED : OK);
      for (i = 0; trusted && i < w.length && i < lay.length; i++) lay[i] = 2 * w[i][1] + w[i][0];
      g.lying = i;
      g.throws++;
      if (g.due >= 0) g.due ^= n & 1;
      // A grid that reads what no table makes: the throw is not told (the referee places it).
      return g.floating || g.reversed || g.aliased ? 0 : 1;
    },
    suspect: function (ch: number): number {
      // (A grid that floats, or whose select line is dead, tells nothing of its sensors one by one.)
      if (doubtful) return 0;
      take(ch, OFF);
      return 1;
    },
  };
  return checks as ThrowChecks;
}
