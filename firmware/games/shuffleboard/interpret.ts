// From the board's sensors to shuffleboard moves: it reads the board's one
// analog bank itself. The launch row's switches, read every tick, tell a throw
// began; from then on each scan reads only the grid's rows near
// where something changes (and the rows at the foul line, where a weight comes
// in), keeping for each sensor the last reading that counted as a change.
// Once no sensor has changed for QUIET_MS, every weight is still: the whole grid
// is read and the weights are found in it, a step a tick (locator), and the
// table as seen is the move `seen` (rules.ts matches it to the weights). A
// throw whose weight never reaches the grid (short) is decided SHORT_MS after
// the launch. Between throws the grid is read one row at a time, slowly, to
// see the table cleared after an end. The scan allocates nothing; finding the
// weights, once a throw, does. It checks the sensors it reads once a second (faults), and has its own
// diagnostics mode (diagnose): the board has nothing for the scanner.
import type { AnalogBank } from '../../../hal/types';
import type { Diagnostics, GameInPlay, Interpreter, WalkState } from '../../sensing';
import { BANK, RAIL, STUCK, TAKEN_OUT } from '../../faults';
import type { ShuffleboardMove } from './rules';
import { ADC_STEPS, CHANNELS, COLS, Grid, LAUNCH_GROUPS, QUIESCENT, RAILED, ROWS, SENSORS, neighbour } from './board';
import { ALONE_FAR, createGridChecks } from './checks';
import type { Found } from './locate';
import { MOVED_STEPS } from './locate';
import type { ThrowChecks } from './throw-checks';
import { decision } from './decide';
import { ON_DEVICE } from '../../device';
import { DECIDE_MODULE, Part, loadModule } from '../../modules';
import { diagnoseGrid } from './diagnose';
import type { ShuffleboardState } from './state';

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
/** The pace of the rows read between throws (as literals where used: read on the scan's tick, board.ts Grid). */
const enum Between {
  /** One row is read this often, to see the table cleared (ms). */
  ROW_MS = 50,
  /** The rows a tick reads when the last was ROW_MS or more before: a resting board's (one every REST_TICK_MS, firmware/runtime.ts), a pass in 3.8 s. */
  REST_ROWS = 5,
}
/** A step of deciding a throw reads this many rows of the grid (each twice: for a change, and to the ADC step). */
const DECIDE_ROWS = 4;
/**
 * A reading kept (in 255ths of the supply, some 16 ADC steps) more than this far from half the supply sees a weight's
 * field (ALONE_FAR, 6 255ths, 96 steps, or more: a weight's nearest sensor reads 170 or more); RAILED (board.ts) and
 * beyond, no sensor's (NO_SENSOR). A sensor off by less, alone, is no fault (checks.ts): counted as a field (from 4
 * 255ths, before), one drifting towards ALONE_FAR kept the table from being seen cleared, every throw after refused.
 */
const SOME = ALONE_FAR - 1;
/** The rows a weight comes in by. */
const ENTRY = ROWS - 2;
/**
 * A launch group reads below this (in 255ths of the supply: 0.4 V of 3.3 V, the most its open-drain switches read
 * when on) while a weight passes it; a reading between that and the pull-up is no switch's (a fault), and no launch.
 */
const PULLED = 32;
/** A multiplexer's inputs: more sensors than that at a rail are no one sensor's fault, but the grid's. */
const MUX_INPUTS = 16;

export interface ShuffleboardInterpreter extends Interpreter {
  settle(spoilt?: number): string | void;
  busy(): boolean;
  faults(report: (ch: number | undefined, fault: number) => void, game?: GameInPlay): number;
  diagnose(now: number, progressed: (walk: WalkState) => void): Diagnostics | false;
}

/**
 * The interpreter of the board shuffleboardBoard describes: `emit` gets each
 * move, `begin` 1 when a throw begins (so that one under way when the power
 * goes is decided at power-up), `analog` the grid's bank.
 */
export function createShuffleboardInterpreter(emit: (move: ShuffleboardMove) => void, begin: (value: number) => void, analog?: AnalogBank[]): ShuffleboardInterpreter {
  const raw = (analog as AnalogBank[])[0];
  /** Per channel, the last reading that counted as a change (in 255ths of the supply, some 16 ADC steps: a byte; the bank's changes keeps it). */
  const ref = new Uint8Array(CHANNELS);
  /**
   * The grid's sensor checks (checks.ts): the grid is read through them, a channel out of service as no field.
   * (Made by a call, not inlined here: their closures hold one scope, not a copied array of this one's.)
   */
  const checks = /*@__NOINLINE__*/ createGridChecks(raw, ref);
  const bank = checks.bank;
  /**
   * Per row, when a sensor of it last changed (ms, as a 32-bit integer: compared by their difference as one, `| 0`, right
   * past 24.8 days on), and how many of its sensors saw a weight's field when it was last counted (changed), plus 16
   * times how many read at a rail then (between throws the fault check looks at the readings kept only while a row
   * has some: a pass over them held it some 13 ms on the chip).
   */
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
  /** Until when a tick whose launch row reads as before has nothing to do: the next row due (0: a throw under way, or soon after power-up). */
  let quiet = 0;
  let seenNow = 0;
  /** The launch row's groups a weight is passing (bit g: channel SENSORS + g reads below half the supply, its switch pulling it to ground). */
  let passing = 0;
  /**
   * The throws a decision under way covers (1; more when launches were kept while the one before was decided: the
   * table, read once, shows their weights together), and the launches kept meanwhile: how many, and when the last
   * was (ms). Their throws are decided together next, timed from the last launch (taken as launched once the
   * weights before were found, its weight, come to rest meanwhile, waited SHORT_MS more).
   */
  let throws = 1;
  let queued = 0;
  let launchedWhile = -1;
  /** The throws of the decision under way that are not scored (settle: made while the grid was not trusted), not in `throws` then. */
  let unscored = 0;
  /**
   * The weights found at the last decision (locator), each with the readings around it in the frame it was found in,
   * and the frame being located (let go once its weights are found: only those readings are kept).
   */
  let table: Found[] = [];
  let frame: Int16Array | undefined;
  /**
   * The weights found at the last decision, while this one finds them: found again (a sensor taken out meanwhile),
   * the weights are held or fitted anew from those, not from what the fit with that sensor made of them.
   */
  let before: Found[] | undefined;
  /**
   * The table as it lay at power-up (resume), in 255ths of the supply (a byte a sensor, where a frame takes two), while
   * a throw whose launch is unseen may begin (blindUntil): one that leaves it so was no weight (found). Once the table
   * is found cleared, the empty table's readings the checks keep (their calibration, the same bytes): not a copy.
   */
  let powerUp: Uint8Array | undefined;
  /** The next step of finding the weights of the throw decided, while they are being found; 1 once a sensor they read was found faulty (they are found again). */
  let locating: (() => number[][] | null) | undefined;
  let redo = 0;
  /** 1 once the frame is checked and the weights are being found in it (the fit reads its sensors from then on). */
  let fitting = 0;
  /** The checks of the table of the throw decided (throw-checks.ts), from its weights' checking to their telling (found). */
  let judging: ThrowChecks | undefined;
  /** For the fault check: the launch groups not at their pull-up at the last check (passed, or read part-way), those told stuck, and how many of the grid's sensors at a rail were told (a multiplexer's inputs or fewer). */
  let held = 0;
  let told = 0;
  let railed = 0;
  /** The next check reads every sensor afresh for the rails (their count rose). */
  let afresh = false;
  /** 1 at power-up: the table may have been cleared while the power was off, the first pass tells (a clear of a table that was clear before is nothing to do). */
  let seenLast = 1;
  /** Until when a weight's field come between throws is a weight thrown while the board was starting (0 once a throw is seen launched or decided). */
  let blindUntil = 0;

  /** 1 once a row's count of sensors that see a weight's field changed (a weight came or went; a reading's noise near its last kept value changes none). */
  let stirred = 0;
  /** When a row read last changed. */
  let changedAt = -1;
  /** 1 once a reading kept changed between throws since the last fault check (a throw's weight changes them too). */
  let stale = 1;
  /** The last tick's time (ms): a referee's command comes between ticks. */
  let now = 0;

  /**
   * Row r changed at t: how many of its sensors see a weight's field now (a reading kept more than SOME from half the
   * supply, and not at a rail, which is no sensor's: locate). `read` 1: row r is read at t first, keeping each
   * sensor's reading that counts as a change, and counted unchanged as of when it last changed, if none did: a
   * throw's weight changes rows uncounted (follow), and a throw's decision reads every row. (One function: each costs
   * its JsVars for good.)
   */
  function changed(r: number, t: number, read?: number): void {
    let n = 0;
    if (read && !bank.changes(r * COLS, r * COLS + COLS, ref)) t = rowAt[r];
    else stale = 1;
    changedAt = rowAt[r] = t;
    for (let ch = r * Grid.COLS, end = ch + Grid.COLS, d; ch < end; ch++) if ((d = ref[ch] - 128) * d >= RAILED * RAILED) n += 16; else if (d * d > SOME * SOME) n++;
    // (Only more: a sensor taken out of service, reading no field from now, is no weight coming.)
    if ((n & 15) > (rowSees[r] & 15)) stirred = 1;
    rowSees[r] = n;
  }

  /**
   * The launch row's readings changed at t: a group newly passed is a throw (a weight passes it in 30 ms or
   * more). A weight passes one or two groups at once. A launch later in a throw is the next throw: the one under
   * way is over, the table as it lies (its weight stopped short, or lay still when the board came back). A launch
   * while a throw is being decided (`locating`), or decided now, is kept, in order, for the decision after it (saved
   * too, as the throws under way: a power cut loses none); a weight passes the launch row once: not kept twice.
   * The groups passed, as last read, are `passing` from now on (a group's reading pulled to ground, below PULLED).
   */
  function launched(t: number): void {
    let on = 0;
    for (let g = 0; g < LAUNCH_GROUPS; g++) if (ref[SENSORS + g] < PULLED) on |= 1 << g;
    const rose = on & ~passing;
    passing = on;
    // (A weight is on the grid before a throw whose launch was unseen begins: a launch soon after is another throw.)
    if (!rose || (!locating && throwAt >= 0 && t - throwAt < QUIET_MS && blindUntil >= 0)) return;
    if (!locating) {
      // (The one under way is decided first: its weights found, this throw begins.) The rows its weight comes in by
      // are read first: a field come there since the rows were last read (a sensor gone bad) is no weight coming.
      if (throwAt < 0) {
        changed(ENTRY, t, 1);
        changed(ENTRY + 1, t, 1);
        return watch(t, 0, ENTRY);
      }
      decide(t, true);
    }
    if (!(t - launchedWhile < QUIET_MS)) begin(throws + ++queued);
    launchedWhile = t;
  }


  /**
   * From t, a throw's scan reads rows from..to (within the grid); `cameIn` 1: the throw's weight came into the grid.
   * Watched for (0), the rows read are counted first, as of when they last changed: what they see is what a weight
   * coming must add to (follow).
   *
   * No `to`: a throw begins at t (no throw was under way: the throws it is, one), and the begin is saved; its weight
   * is watched for from row `from` to the last. `cameIn` 0: its launch was seen, a throw, not weights lifted off after
   * power-up, so a table it leaves empty is no clear (found()); watched for where it comes into the grid (ENTRY). 1:
   * soon after power-up, a weight's field where there was none, a weight thrown while the board was starting, its
   * launch unseen (lifting weights off the table, to clear it, only takes fields away); watched for anywhere (0).
   * (One function with the watching: each costs its JsVars for good.)
   */
  function watch(t: number, cameIn: number, from: number, to?: number): void {
    const begins = to === undefined;
    if (begins) {
      throwAt = t;
      // (-1: the throw under way was begun so, its launch unseen.)
      blindUntil = -cameIn;
      quiet = 0;
    }
    last = t;
    // (Not Math's: a name of Espruino's own is looked for through the bundle's names first.)
    lo = from > 0 ? from : 0;
    hi = (to as number) < Grid.ROWS - 1 ? to as number : Grid.ROWS - 1;
    if (!(came = cameIn)) for (let r = lo; r <= hi; r++) /*@__NOINLINE__*/ changed(r, rowAt[r]);
    if (begins) begin(throws);
  }

  /**
   * The throw is over, if nothing moves: the whole grid is read, and the table as seen is the move, a step a tick
   * (locating) as the weights are found in it, so that no step holds the interpreter long. A sensor changed since its
   * last reading (a weight knocked on where the scan was not looking) is a weight still moving: the scan looks there
   * from now on instead. `force` (or a launch meanwhile): the table as it lies now, moving or not. `again` 1: the
   * frame read already is fitted again (a sensor taken out since; the weights of launches kept meanwhile may be
   * sliding on the grid now, and read now, one was taken for the throw's).
   */
  function decide(t: number, force: boolean, again?: number): void {
    let lo2 = ROWS;
    let hi2 = -1;
    let r = 0;
    judging = undefined;
    // The readings as they are now, whole, for the sensor checks (checks.ts) first; then the weights are found in
    // them (the table is still).
    const now = (frame = again ? frame as Int16Array : new Int16Array(SENSORS));
    fitting = 0;
    locating = function (): null {
      for (const end = r + DECIDE_ROWS; r < end && r < ROWS; r++) {
        changed(r, t, 1);
        if (rowAt[r] === (t | 0)) {
          if (r < lo2) lo2 = r;
          hi2 = r;
        }
        if (!again) for (let ch = r * COLS; ch < r * COLS + COLS; ch++) now[ch] = (checks.channelFlags[ch] & 7 ? QUIESCENT : raw.read(ch)) * ADC_STEPS;
      }
      if (r < ROWS) return null;
      if (hi2 >= 0 && !force && !queued) {
        locating = undefined;
        watch(t, came, lo2 - 2, hi2 + 2);
        return null;
      }
      // The decision's parts (decide.ts), in a step of their own: on a board its module, whose parsing holds the
      // interpreter as long as a step may, held by the steps that follow and let go with them. A board flashed without
      // it says so, and its throws are the referee's to enter.
      locating = function (): null {
        const parts = ON_DEVICE ? loadModule<typeof decision>(Part.decide) : decision;
        if (!parts) {
          locating = undefined;
          throwAt = -1;
          throws = 1;
          queued = 0;
          emit({ k: DECIDE_MODULE } as unknown as ShuffleboardMove);
          return null;
        }
        const checking = (judging = parts.throwChecks(checks, neighbour));
        checking.frame(now);
        locating = function (): null {
          if (!checking.step()) return null;
          // A sensor of the rows watched taken out by the checks just now (its row reads as changed) may be what was
          // taken for the throw's weight coming in (one that went bad as the weight was launched): it is watched for again.
          for (r = lo; r <= hi && (changed(r, t, 1), rowAt[r] !== (t | 0)); r++);
          if (r <= hi && !force && !queued) {
            locating = undefined;
            judging = undefined;
            watch(t, 0, lo, hi);
            return null;
          }
          // (A sensor out of service is none to the fit: read as no field, it made the fields around it holes that
          // phantom weights filled.)
          fitting = 1;
          locating = parts.locator(function (ch: number): number {
            return checks.channelFlags[ch] & 7 ? NaN : now[ch] / ADC_STEPS;
          }, before = before || table, table = [], now, function (ch: number): void {
            // A reading no magnet makes: the sensor is taken out (drift), and the weights are found again without it.
            redo = checking.suspect(ch);
          });
          // On a board, the module's two functions that made the parts are let go (some 14 JsVars while the weights
          // are found: the module keeps its exports in its scope, which the parts keep). Its next load makes them anew.
          if (ON_DEVICE) parts.locator = parts.throwChecks = undefined as never;
          return null;
        };
        return null;
      };
      return null;
    };
  }

  /** The weights found (`seen`): the table as seen is the move. */
  function found(seen: number[][]): void {
    // A throw whose launch was unseen that left every sensor in service as it read at power-up was no weight: a
    // sensor's blip (a weight that went off the end unseen is a missed throw, which the next puts right: rules.ts).
    // (Within MOVED_STEPS, and the half 255th a reading at power-up was kept to. After the clear, a sensor at a rail
    // then has no calibration, 0: it tells nothing, as one out of service.)
    let k = SENSORS;
    if (blindUntil < 0) while (k-- && (checks.channelFlags[k] & 7 || !(powerUp as Uint8Array)[k] || Math.abs((frame as Int16Array)[k] - ((powerUp as Uint8Array)[k] + 0.5) * ADC_STEPS / 255) <= MOVED_STEPS + ADC_STEPS / 510));
    // The table's checks (throw-checks.ts): a sensor they took out just now, the weights are found again without it
    // in the same frame (a weight found in its field is what it made).
    const told = k < 0 ? 0 : (judging as ThrowChecks).seen(seen, throws + unscored);
    if (told > 1) return decide(throwAt, true, 1);
    locating = before = frame = powerUp = undefined;
    throwAt = -1;
    // A fresh pass of the rows begins, after one that saw the table as it is now. Soon after power-up, a throw that
    // leaves nothing on the table may have been weights lifted off to clear it (a field revealed where one of the
    // other colour's cancelled it, taken for a throw whose launch was missed): the table found empty then is
    // cleared, as at power-up.
    seenLast = seen.length || blindUntil;
    const move: ShuffleboardMove = { k: 'seen', w: seen };
    // The throws under way at power-up (`a`): one may have been launched while the board was off or starting, unseen.
    if (blindUntil > 0) move.a = 1;
    // The board has watched the table since (a throw under way at power-up, or one launched after): a weight that
    // moves from now on was seen launched, or is lifted off.
    blindUntil = 0;
    seenNow = row = 0;
    if (throws > 1) move.n = throws;
    // (A throw whose weight never came into the grid: one not seen lies short beyond it, where the next may knock it in.)
    else if (!came) move.o = 1;
    // The launches kept meanwhile, under way after it: in its record (a cut between it and their begin record after
    // would forget them).
    if (queued) move.b = queued;
    if (k < 0) begin(-1);
    else if (told && !unscored) emit(move);
    // (Not scored, it is saved as over: the launches kept meanwhile, if any, are saved as under way below.)
    else if (unscored && !queued) begin(-1);
    unscored = 0;
    judging = undefined;
    // The weights launched meanwhile: their throws, in order, decided together (their launches passed: they may
    // be sliding still, or at rest).
    throws = queued || 1;
    if (queued) watch(launchedWhile, 0, ENTRY);
    queued = 0;
  }

  /** A throw's tick: the rows near where something changes, until all is still (or the weight stopped short). */
  function follow(t: number): void {
    let nlo = ROWS;
    let nhi = -1;
    now = t;
    stirred = came;
    // (changed with `read`, written out: a call a row costs what a channel's read does.) Once the throw's weight came
    // in, a row changed is not counted: only the weight's coming asks what the rows see (a count went up), and the
    // table's as it lies once a throw is over (rows, passed), when a throw's decision has counted every row (changed,
    // `read`).
    for (let r = lo, c = lo * Grid.COLS; r <= hi; r++, c += Grid.COLS) {
      if (bank.changes(c, c + Grid.COLS, ref)) if (came) rowAt[r] = t; else /*@__NOINLINE__*/ changed(r, t);
      if ((t - rowAt[r] | 0) < WINDOW_MS) {
        if (r < nlo) nlo = r;
        nhi = r;
      }
    }
    // Rows changing now, and two on either side: where a weight goes next. Else the same rows again (a weight
    // creeping to rest changes its sensors less often). Before the throw's weight came in, only a change of what
    // the rows see is it: a reading left by hysteresis a step off (a weight passed by) and flickering back with the
    // noise is not, and taken for it, the throw was decided before its weight arrived.
    // (watch, written out: a call a tick.)
    if (nhi >= 0 && stirred) {
      last = t;
      came = 1;
      lo = nlo > 2 ? nlo - 2 : 0;
      hi = nhi < Grid.ROWS - 3 ? nhi + 2 : Grid.ROWS - 1;
    }
    else if (came ? t - last >= QUIET_MS : t - throwAt >= SHORT_MS) decide(t, false);
  }

  /**
   * A tick at t with something to do (tick): the launch row changed (`launchRow` 1), or the weights of a throw being
   * found (a throw's other ticks go straight to follow, a row of the grid due to rows). (The rows and a throw's
   * following in functions of their own: the interpreter reads the text of a function it runs, as far as its end.)
   */
  function work(t: number, launchRow: number): boolean | void {
    if (launchRow) /*@__NOINLINE__*/ launched(t);
    now = t;
    if (!locating) return throwAt < 0 ? /*@__NOINLINE__*/ rows(t) : /*@__NOINLINE__*/ follow(t);
    // A step of finding the weights of the throw being decided.
    const seen = locating();
    if (redo) {
      redo = 0;
      return decide(throwAt, true);
    }
    if (seen) found(seen);
  }

  /** A whole pass of the rows read between throws: with no weight after one with some, the table was cleared. */
  function passed(): void {
    if (seenLast && !seenNow) {
      // (No weight is left of the table found: none may be kept hidden by a sensor out of service, locate.ts.)
      table = [];
      const empty = checks.cleared();
      if (powerUp) powerUp = empty;
      emit({ k: 'clear' });
    }
    seenLast = seenNow;
    seenNow = row = 0;
  }

  /** Between throws, at t: a row of the grid read when one is due (its rare work apart: a throw unseen begins, passed). */
  function rows(t: number): boolean | void {
    // Soon after power-up, a row every tick: a weight thrown while the board was starting may be crossing the grid.
    if (t < rowDue && t >= blindUntil) return;
    // A row every ROW_MS; at rest, ticking seldom, REST_ROWS a tick.
    let n = t - rowDue < Between.ROW_MS ? 1 : Between.REST_ROWS;
    rowDue = t + Between.ROW_MS;
    quiet = t < blindUntil ? 0 : rowDue;
    do {
      // A weight anywhere in a row: its strongest reading is well above the noise. (changed with `read`, written out: a call
      // costs what a channel's read does.) A weight come unseen is a field newly seen: one the row had is none.
      const c = row * Grid.COLS;
      if (bank.changes(c, c + Grid.COLS, ref) && (stirred = 0, /*@__NOINLINE__*/ changed(row, t), t < blindUntil && stirred)) return /*@__NOINLINE__*/ watch(t, 1, 0);
      seenNow |= rowSees[row] & 15;
      if (++row >= Grid.ROWS) /*@__NOINLINE__*/ passed();
    } while (--n);
    // Something moved, or a sensor's reading did (a fault): a row read changed. The board does not rest then, nor
    // soon after power-up, while it reads a row every tick.
    return changedAt === t || t < blindUntil;
  }

  // (No `sense`: the board has no scanner, and nothing sends it sensor events (firmware/runtime.ts): a function doing
  // nothing with them would be one more for good.)
  return {
    // The launch row every tick; between throws, a row now and then; during one, follow (apart: the interpreter
    // reads a whole function's text at each call).
    tick: function (t: number): boolean | void {
      // The launch row: a change of its readings is all there can be to work out; while the weights of a throw are
      // found, every launch is kept (their throws begin once they are). (Straight from the driver: the checks take
      // only the grid's channels out of service.) Unchanged, with no throw under way and no row due (quiet), the tick
      // is over.
      const launchRow = raw.changes(Grid.SENSORS, Grid.CHANNELS, ref);
      if (launchRow || t >= quiet) return launchRow || locating ? /*@__NOINLINE__*/ work(t, launchRow) : throwAt >= 0 ? /*@__NOINLINE__*/ follow(t) : /*@__NOINLINE__*/ rows(t);
    },
    // The sensors found sound again (0): the throw under way is not scored, nor are the throws kept meanwhile (all
    // moves the sensors were working out: launched while the grid was not trusted, they are the referee's to enter);
    // with a sensor taken out (spoilt), only the one under way: the throws kept are followed on, and scored, without
    // it. A referee's command (no `spoilt`) that would have a throw decided is
    // refused (`deciding`) instead; not for throws kept whose last launch was less than SHORT_MS ago, unless their
    // weights are being found: they may still slide, or not have reached the grid (decided as they lay, a hanger on
    // its way was taken as gone); the command acts on the throws before them. Either way the decision's steps are the
    // board's own ticks': done in one call, they would hold the interpreter for seconds (each is a tick's).
    settle: function (spoilt?: number): string | void {
      // (Throws kept, followed from their last launch, are those with throwAt at launchedWhile.)
      if (spoilt === undefined) return throwAt >= 0 && (locating || throwAt !== launchedWhile || now - throwAt >= SHORT_MS) ? 'deciding' : undefined;
      if (throwAt < 0) return;
      // Decided as any throw is, on the ticks, once the table is still (a weight decided as it slid would come to
      // rest after, and a power-up then take it for a throw whose launch it missed), and not told (unscored): with
      // the throws kept, unless spoilt, followed from their last launch (their weights may not have come yet) and
      // decided together. Saved at once as a throw under way not to be scored (0; or the throws kept, under way
      // after it): a power-up meanwhile decides it so. Launches kept from now on are throws of their own, scored.
      const kept = spoilt ? 0 : queued;
      throws += kept;
      queued -= kept;
      unscored += throws;
      throws = 0;
      if (!kept) return begin(queued);
      locating = undefined;
      watch(launchedWhile, 0, ENTRY);
    },
    busy: function (): boolean {
      return throwAt >= 0;
    },
    // The last move a clear (no throw in an end after the first) while weights lie on the table, the next end's:
    // undone, the end before would go on, and be scored, from them.
    // Throws still under way (kept, their weights sliding: settle): an undo would take back the throw before them.
    keeps: function (state: unknown): string {
      const s = state as ShuffleboardState;
      return throwAt >= 0 ? 'sliding' : !s.t && s.e > 1 && seenLast ? 'cleared' : '';
    },
    resume: function (t: number, _level, pending: number): void {
      // What lies on the table was there before the power went (read as changed, from nothing, long enough ago
      // to be no change of now), and a weight on the launch row is no launch. Every channel's reading is kept as
      // it reads (read from nothing, 0, as at boot), and a copy is the table as it lies now, for a throw whose
      // launch is unseen (found): each sensor read once (a second read of the table took some 380 reads, 23 ms on
      // the chip); the launch row's part of the copy is never looked at. The weights found at the last decision are
      // kept, at a new game too: one still where it was is held there and listed first, so that a new game's first
      // throw is not taken for one left lying from the game before (match.ts).
      ref.fill(0);
      for (let r = 0; r < ROWS; r++) changed(r, t - QUIET_MS, 1);
      powerUp = new Uint8Array(ref);
      bank.changes(SENSORS, CHANNELS, ref);
      // (Every group taken as passed already: those passed now are kept as passed, and none is a launch.)
      passing = -1;
      launched(t);
      blindUntil = t + SHORT_MS;
      quiet = 0;
      // (A new game: throws kept at the command, still under way, are not its.)
      throwAt = -1;
      throws = 1;
      // (0 under way: a throw the sensors made while the grid was not trusted, settle.)
      unscored = +!pending;
      if (pending < 0) return;
      // The throws under way (`pending` of them, saved as they were launched): the last one's weight may be sliding
      // on the grid (every row is watched), or still to come, or lie still (decided RESUME_MS + QUIET_MS from now,
      // or at the next launch), all of them together. With its weight past the launch row, a launch soon after
      // power-up is the next throw, not this weight passing another group.
      throws = pending;
      throwAt = passing ? t : Math.max(0, t - QUIET_MS);
      watch(t + RESUME_MS, 1, 0, ROWS - 1);
    },
    faults: function (report: (ch: number | undefined, fault: number) => void, game?: GameInPlay): number {
      // The table as it lay at power-up goes once no throw whose launch is unseen can begin, nor is under way.
      if (blindUntil >= 0 && now >= blindUntil) powerUp = undefined;
      // A launch group passed at two checks in a row (a second or more): stuck, or a weight left on the launch row,
      // which no launch gets past; or reading part-way, no switch's (its line floating, its pull-up gone), which no
      // launch pulls low: told once while it lasts, and then nothing the board sees is scored (a throw through it
      // unseen, its weight was taken for the next throw's).
      let on = 0;
      for (let g = 0; g < LAUNCH_GROUPS; g++) {
        if (ref[SENSORS + g] < 255 - PULLED) {
          on |= 1 << g;
          if (((held & ~told) >> g) & 1) report(SENSORS + g, STUCK);
        }
      }
      told = (told | held) & on;
      held = on;
      // A channel taken out of service: a throw under way reads the grid through the checks when it is decided, so
      // only one whose weights are being found read it; they are found again (a throw decided early and dropped
      // would leave its weight to the next, and every throw after it told a throw late).
      const look = stale;
      stale = 0;
      const bad = checks.check(report, game as GameInPlay<ShuffleboardState> | undefined, throwAt >= 0, look);
      if (bad & TAKEN_OUT && locating && fitting) decide(throwAt, true, queued);
      // One under way, or being decided before the fit reads the grid (the decision reads the sensor out of service
      // then, and asks whether its row is the throw's, as when its own checks take one out; found again by force,
      // that was skipped: a check a second falling there took a stuck entry sensor for the weight come): what the
      // sensor read may have been taken for its weight coming into the grid (one that went bad as the weight was
      // launched); it is watched for again (a weight sliding soon shows it has), from the watched rows' counts as they
      // are now (a throw's scan does not recount them while its weight slides).
      else if (bad & TAKEN_OUT) {
        if (throwAt >= 0) watch(last, 0, lo, hi);
        else came = 0;
      }
      // The grid's sensors at a rail, from the readings kept (every row is read within 2 s between throws, 3.8 s at
      // rest, and as a throw is decided), each read again. More than were told: every sensor is read afresh at the
      // next check (some 380 reads: the rows are read one after another, and a dead select line's rails would come a
      // few at a time), and told then, by the first (diagnostics lists them: `off`). Locate takes them as reading no
      // field. More than a multiplexer's inputs are no sensor's fault but the grid's (a dead select line making half
      // the channels read inputs that are not there, named once the checks see it; a second-level multiplexer; a
      // connector): nothing the grid senses is scored while they last (every sensor read afresh at every other
      // check meanwhile), and it is trusted again as soon as they are gone.
      // (Between throws, with none at a rail as the readings were kept, none is now: a sensor reads afresh only one kept
      // at a rail, while a row counted one, rowSees. A throw's rows are kept uncounted once its weight came in: follow.)
      let n = 0;
      let first = 0;
      let r = ROWS;
      while (r-- && rowSees[r] < 16);
      for (let ch = afresh || r >= 0 || throwAt >= 0 ? SENSORS : 0, x; ch--; ) {
        if ((afresh || (x = ref[ch] - 128) * x >= RAILED * RAILED) && (x = raw.read(ch) * 255 - 128) * x >= RAILED * RAILED) {
          n++;
          first = ch;
        }
      }
      afresh = n > railed && !afresh;
      if (!afresh && n <= MUX_INPUTS) {
        if (n > railed) report(first, RAIL);
        railed = n;
      }
      return (n > MUX_INPUTS || told & ~passing ? BANK : 0) | (bad & BANK);
    },
    // Its diagnostics (diagnose.ts): on a board its diagnostics module, loaded when the mode starts and kept, as a
    // digital board's are; a board flashed without it stays in the game and says so (firmware/command-path.ts).
    diagnose: function (now: number, progressed: (walk: WalkState) => void): Diagnostics | false {
      const make = ON_DEVICE ? loadModule<typeof diagnoseGrid>(Part.diag) : diagnoseGrid;
      return make && make(raw, now, progressed);
    },
  } as Omit<ShuffleboardInterpreter, 'sense'> as ShuffleboardInterpreter;
}
