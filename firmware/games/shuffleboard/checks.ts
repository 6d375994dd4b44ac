// The shuffleboard grid's sensor checks during play (docs/diagnostics.md), apart
// from finding the weights (interpret.ts calls them); those of a throw's table,
// which only its decision runs, are throw-checks.ts's, on what these keep. A hall sensor can fail
// without reaching a rail: stuck at one reading, drifted off its calibration,
// noisy, the whole grid's field reversed (sensors turned over), the grid
// floating (its multiplexers' output open), a multiplexer select line dead
// (half the channels read the other half's sensors). A channel found faulty is taken out
// of service: the interpreter reads it as half the supply (no field) through
// `bank` below, so it places no weight, until it reads sanely again; a fault of
// the whole grid stops the sensed scoring (BANK) while it lasts.
import type { AnalogBank } from '../../../hal/types';
import { BANK, DRIFT, NOISY, OK, SELECT, STUCK, TAKEN_OUT } from '../../faults';
import { ADC_STEPS, CHANNELS, COLS, QUIESCENT, RAILED, ROWS, SENSORS, neighbour } from './board';
import { turn } from './rules';
import type { ShuffleboardState } from './state';
import type { GameInPlay } from '../../sensing';
import { WEIGHTS } from './table';

/** A reading's spread over three reads in a row beyond this (a fraction of the supply, some 25 ADC steps) is noise no sound sensor makes: its own is a step or two once the ADC has averaged. */
export const NOISY_SPREAD = 0.006;
/** Off its calibration (the empty table's reading, or half the supply before the first) by more than this (a fraction of the supply: a fifth of a weight's peak) on an empty table: drifted, or stuck off half the supply. */
export const OFF_MARGIN = 0.03;
/**
 * A reading this far from half the supply (in 255ths, some 96 ADC steps: 0.16 of a weight's peak) is a field whose
 * magnet lies within 48 mm of the sensor; then one of its neighbours along its row and across it reads ALONE_NEAR
 * or more (0.05 of a peak, 2 255ths): one lies within 38 mm of the magnet.
 */
export const ALONE_FAR = 6;
const ALONE_NEAR = 2;
/** A reading this far from half the supply (ADC steps; 0.16 of a weight's peak, its magnet within 48 mm) has a field that tells a dead select line; two reads of one sensor are alike within ALIAS_LIKE_STEPS (some 2 steps of noise each). */
export const ALIAS_FIELD_STEPS = 96;
export const ALIAS_LIKE_STEPS = 8;
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
export const OFF = 1;
const NOISE = 2;
export const HELD = 4;
/** Taken out of service or back since the interpreter last read it. */
const MOVED = 8;

/** A channel's select lines (bits 0-3 the first-level multiplexers', 4-7 the second level's: wiring.md). */
const SELECT_LINES = 8;
/** The work of a reading with a field looked at against its partners across the select lines (counted as the checks of a throw's frame count it: throw-checks.ts). */
const ALIAS_WORK = 25;

/** The runtime's report of a fault: a channel's (or none), and a select line's. */
export type Report = (ch: number | undefined, fault: number, line?: number) => void;

/**
 * The grid's sensor checks, and what they keep between calls: the checks of a throw's table (throw-checks.ts, on a
 * board a module loaded for each decision) share it, and the parts they use.
 */
export interface GridChecks {
  /**
   * The grid's changes as the interpreter reads them: a channel out of service reads half the supply and never
   * changes. (Its reading alone is the driver's, or half the supply while `channelFlags` holds it out: each caller's own
   * line, not a function kept for good.)
   */
  bank: Pick<AnalogBank, 'changes'>;
  /**
   * Per channel, why it is out of service (any of the low three bits; none: in service). Until a channel is first
   * taken out (take makes them), an empty list, which reads no bit set for any (33 JsVars less while none is): only
   * take, and what a channel out of service runs, write them.
   */
  channelFlags: Uint8Array;
  /** The table was found cleared: the empty table's readings are the calibration; returns them (in 255ths, 0: none yet). */
  cleared(): Uint8Array;
  /**
   * The check once a second during play (the runtime's, with the game in play, whose state it reads only when it
   * needs it; `busy` while a throw is under way):
   * reports each new fault, returns BANK while the grid is untrustworthy, TAKEN_OUT when a channel was taken out since
   * the last. `stale` 1 once a reading kept changed since the last (else, between throws, what the readings kept tell
   * was told by it).
   */
  check(report: Report, game: GameInPlay<ShuffleboardState> | undefined, busy: boolean, stale: number): number;
  /** The grid's driver: its sensors as they read, out of service or not. */
  driver: AnalogBank;
  /** The runtime's report, from its first check (faults found while a throw is decided are told at once). */
  tell?: Report;
  /**
   * The throws seen since the table was last cleared (or since power-up), the colours seen on the table after the
   * last, and the side due to throw next (-1: not known yet).
   */
  throws: number;
  reds: number;
  blues: number;
  due: number;
  /** The weights seen after the last throw (each d * 2 + its colour), `lying` of them (made by take). */
  lay?: Int16Array;
  lying: number;
  /** Throws in a row with the other side's colour appearing; the grid is taken as reversed (1). */
  wrong: number;
  reversed: number;
  /** The grid floats (most channels read noise): 1. */
  floating: number;
  /** The select lines found dead (bit k: line k). */
  aliased: number;
  /**
   * What readings told of the select lines (aliases): per line, the readings with a field that tell; then the lines
   * a reading unlike its partner's shows sound (bit k: line k), and the pairs of columns line 0's tellers lie under.
   */
  told: Uint8Array;
  /** The throw's frame being checked (null once checked; none before the first). */
  checked?: Int16Array | null;
  /**
   * The grid's readings (in 255ths) as the table last lay still, a throw decided, where a weight moved: a weight at
   * rest leaves its sensors still, a drifting sensor moves alone. None (half the supply everywhere) after power-up and
   * after a clear, until a throw's frame is checked or a sensor is taken out or comes back (take makes them).
   */
  settled?: Uint8Array;
  /** Those of them whose field came alone in the throw being decided (bit e: the e-th), until its weights are found. */
  came: number;
  /**
   * Channel ch is faulty (`why`: OFF, NOISE, HELD): out of service, told once. `back` 1: it reads sanely as far as
   * `why` goes: back in service once nothing else holds it out, told. Either makes the weights seen and the readings
   * as the table last lay still, those not made yet; ch -1 only that (a throw's frame check reads them).
   */
  take(ch: number, why: number, back?: number): void;
  /** How far a sensor moved alone since the table last lay still (createGridChecks's alone, below). */
  alone(read: Int16Array | Uint8Array, i: number, base: number, skip?: number): number;
  /** What readings tell of the select lines, and, once the grid's last channel is told, the lines judged (aliases, below). */
  aliases(read: Int16Array | Uint8Array, afresh: number, from: number, to: number): number;
}

export function createGridChecks(raw: AnalogBank, kept: Uint8Array): GridChecks {
  /** The empty table's readings at the last clear, in 255ths (0: none yet; none at all until the first: made then). */
  let cal: Uint8Array | undefined;
  /** Channels out of service (while none is, a channel's flags have none of the low three bits, if it has flags); the next row whose noise is read. */
  let out = 0;
  let moved = 0;
  /** TAKEN_OUT once a channel was taken out since the last check (the throw under way may hold what it read). */
  let taken = 0;
  let row = 0;
  /**
   * 1 while the next check's passes over the readings kept must look, whatever changed: a channel was taken out or
   * back, or the readings as the table lay still changed, since the last check; a throw was under way at it; or its
   * passes found a sensor that moved alone in the readings kept (read afresh, it may not have yet).
   */
  let dirty = 1;
  const told = new Uint8Array(SELECT_LINES + 2);
  // (What the checks of a throw's table share: their parts are set below, on it alone, not also named here, where
  // each name would be a JsVar more, but for what a throw's frame check asks of them for most sensors (a name in
  // scope is found at once, a property after a search). No `tell` nor `checked` yet: a property the object lacks
  // costs none, nor do `settled` and `lay` until they are made. `channelFlags` and `settled` are named first, made or
  // not, where a search finds them at once: the checks of a throw's frame read them for most sensors.)
  const g = { channelFlags: [], settled: undefined, driver: raw, throws: 0, reds: 0, blues: 0, due: -1, lying: 0, wrong: 0, reversed: 0, floating: 0, aliased: 0, told: told, came: 0 } as unknown as GridChecks;

  // (A channel that goes out of service or comes back is MOVED: its row counts as changed at its next read, and the
  // grid is read through runs until it is. One function for taking out, bringing back and making ready, all rare:
  // each function kept costs its JsVars for good.)
  g.take = function (ch: number, why: number, back?: number): void {
    let flags = g.channelFlags;
    if (back) {
      if (!(out && flags[ch] & why)) return;
      flags[ch] &= ~why;
      if (flags[ch] & 7) return;
    }
    // Ready: a channel taken out or back, and a throw's checks, make what they change ready (none set, and half the
    // supply everywhere) before they change what the passes of the check a second read: `dirty`.
    dirty = 1;
    if (!g.lay) g.lay = new Int16Array(2 * WEIGHTS);
    if (!g.settled) g.settled = new Uint8Array(SENSORS).fill(128);
    if (ch < 0) return;
    if (!flags.length) flags = g.channelFlags = new Uint8Array(CHANNELS);
    if (back || !(flags[ch] & 7)) {
      if (back) out--;
      else {
        out++;
        taken = TAKEN_OUT;
      }
      if (!(flags[ch] & MOVED)) moved++;
      flags[ch] |= MOVED;
      g.bank.changes = runs;
      // (Back: what it reads now is how it lies still; a weight may have come over it meanwhile.)
      if (back) g.settled[ch] = (raw.read(ch) * 255) | 0;
      if (g.tell) g.tell(ch, back ? OK : why === HELD ? STUCK : why === NOISE ? NOISY : DRIFT);
    }
    if (!back) flags[ch] |= why;
  };

  /**
   * How far the sensor at i of `read` (the readings kept, in 255ths, or read afresh, in ADC steps) moved since the table
   * last lay still while none of its neighbours along its row and across it moved ALONE_NEAR or more (and the 2 steps
   * a kept reading lags by); -1 if one did. Moved ALONE_FAR or more so alone, it is no magnet's doing: one within
   * reach of a sensor is nearer one of them, or reads 0.09 of its peak at each, 50 mm away, and one that moves
   * changes them as it changes the sensor; a sensor drifted, or stuck off its reading. `base`: the channel of
   * read[0]. A neighbour out of service tells nothing: it may be the one nearest the magnet. (One at a rail is the
   * interpreter's rail fault, and reads as no field already; one out of service: 0.)
   */
  g.alone = function (read: Int16Array | Uint8Array, i: number, base: number, skip?: number): number {
    const mid = read === kept ? 128 : QUIESCENT * ADC_STEPS;
    const s = g.settled;
    const flags = g.channelFlags;
    if ((out && flags[base + i] & 7) || Math.abs(read[i] - mid) >= (RAILED * mid) >> 7) return 0;
    for (let k = 0; k < 4; k++) {
      const n = neighbour(i, (base + i) % COLS, k);
      if (n >= 0 && n !== skip && n < read.length && ((out && flags[base + n] & 7) || Math.abs(read[n] - (((s ? s[base + n] : 128) * mid) >> 7)) >= ((ALONE_NEAR * mid) >> 7) + 2)) return -1;
    }
    return Math.abs(read[i] - (((s ? s[base + i] : 128) * mid) >> 7));
  };

  /**
   * What channels from..to-1 of `read` (a throw's frame, in ADC steps, or, `afresh` 1, the readings kept, in 255ths, 2
   * while a throw is under way) tell of the select lines, added to `told` (the units and margins follow from
   * `afresh`: each parameter is a JsVar for good, while the function is kept): a
   * reading with a field unlike its partner's shows the line sound (no dead line makes that). The kept readings of two
   * channels were read at different times, and coarsely: two alike, or two on a dead line, are read afresh,
   * together, to be sure (a weight may have come or gone between their reads). Once the grid's last channel is told
   * (`to` SENSORS), the select lines are judged (below). The work of a channel with a field (CHECK_WORK).
   */
  g.aliases = function (read: Int16Array | Uint8Array, afresh: number, from: number, to: number): number {
    const flags = g.channelFlags;
    const t = told;
    const mid = afresh ? 128 : QUIESCENT * ADC_STEPS;
    const some = afresh ? ALIAS_FIELD_STEPS >> 4 : ALIAS_FIELD_STEPS;
    const like = afresh ? 3 : ALIAS_LIKE_STEPS;
    for (let ch = from, x = 0; ; ch++) {
      // (The channels with no field, most of them, skipped in a loop of their own: the interpreter reads the text of
      // the loop's whole body at each turn, run or not.)
      while (ch < to && (x = read[ch] - mid) * x < some * some) ch++;
      if (ch >= to) break;
      // (A kept reading may be a sliding weight's as it passed: one with no field now tells nothing. A channel out of
      // service reads as no field, whatever its sensor reads; one at a rail reads no sensor.)
      if (afresh) x = raw.read(ch) * 255 - mid;
      if (x * x < some * some || (out && flags[ch] & 7) || x * x >= ((RAILED * mid) >> 7) * ((RAILED * mid) >> 7)) continue;
      for (let k = 0; k < SELECT_LINES; k++) {
        const p = ch ^ (1 << k);
        if (p >= SENSORS || (out && flags[p] & 7)) continue;
        t[k]++;
        if (!k) t[SELECT_LINES + 1] |= 1 << ((ch % COLS) >> 1);
        let d = read[p] - mid - x;
        if (afresh && (d * d <= like * like || (g.aliased >> k) & 1)) d = ((raw.read(p) - raw.read(ch)) * ADC_STEPS * like) / ALIAS_LIKE_STEPS;
        if (d * d > like * like) t[SELECT_LINES] |= 1 << k;
      }
    }
    if (to < SENSORS) return ALIAS_WORK;
    // The select lines dead by what the readings told (`told`, of all the grid; `afresh`: line 0 not judged while a
    // throw is under way): told as each is found dead (SELECT, the line), or sound again (OK). A line that nothing
    // tells stays as it was. (Judged again, nothing changes: a line turns only where what was told disagrees with it.)
    const differ = t[SELECT_LINES];
    const pairs = t[SELECT_LINES + 1];
    for (let k = 0; k < SELECT_LINES; k++) {
      const dead = (g.aliased >> k) & 1;
      if (dead ? !((differ >> k) & 1) : t[k] < ALIAS_READINGS || (differ >> k) & 1 || !(k || (afresh < 2 && pairs & (pairs - 1)))) continue;
      g.aliased ^= 1 << k;
      if (g.tell) g.tell(undefined, dead ? OK : SELECT, k);
    }
    return ALIAS_WORK;
  };

  /**
   * The runs of channels from..to-1 in service, read as the driver reads them; a channel out of service is kept at
   * half the supply; one taken out or back since the last read counts as changed (the interpreter counts its row
   * again): bank's changes meanwhile. Only with a channel out of service or moved: the flags are made.
   */
  function runs(from: number, to: number, k: Uint8Array): number {
    const flags = g.channelFlags;
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
    // The grid's reads through runs while a channel is out of service or was taken out or back since its read.
    g.bank.changes = out || moved ? runs : raw.changes;
    return some;
  }

  // (Straight from the driver while every channel is in service and none was taken out or back since its read: the
  // interpreter reads a row a call, not two.)
  g.bank = { changes: raw.changes };

  return Object.assign(g, {
    cleared: function (): Uint8Array {
      const c = cal || (cal = new Uint8Array(SENSORS));
      for (let ch = 0; ch < SENSORS; ch++) {
        // (Out of service: one of the low three bits; the flags as they are now, made by a channel taken out.)
        const off = out && g.channelFlags[ch] & 7;
        const x = off ? (raw.read(ch) * 255) | 0 : kept[ch];
        const ref = c[ch] || 128;
        // (A sensor at a rail is the interpreter's rail fault, and reads as no field already.)
        if ((x - 128) * (x - 128) >= RAILED * RAILED) continue;
        // (One out of service comes back within half the margin: a sensor drifting still is not back as it passes it.)
        if ((x - ref) * (x - ref) * (off ? 4 : 1) > OFF_MARGIN * OFF_MARGIN * 255 * 255) g.take(ch, OFF);
        else {
          // (Called only with a channel out: most clears find none, and a call costs more than the rest of a turn.)
          if (out) g.take(ch, OFF, 1);
          c[ch] = x;
        }
      }
      g.reds = g.blues = g.lying = 0;
      // (Half the supply everywhere: let go.)
      g.settled = undefined;
      dirty = 1;
      // The players open the next end as the board shows it then (an end the game missed, while the sensors were
      // not trusted and nobody entered it, goes on in the game).
      g.throws = 0;
      return c;
    },
    check: function (report: Report, game: GameInPlay<ShuffleboardState> | undefined, busy: boolean, stale: number): number {
      /**
       * The spread of three reads of channel ch, a launch group read between the first two (a floating input follows
       * what was read before it, and the group reads a rail). (Made by each check, which alone uses it: not kept.)
       */
      function noise(ch: number): number {
        const a = raw.read(ch);
        raw.read(SENSORS);
        const b = raw.read(ch);
        const c = raw.read(ch);
        return Math.max(a, b, c) - Math.min(a, b, c);
      }
      g.tell = report;
      // Noise: NOISE_ROWS rows read three times each.
      let noisy = 0;
      let bits = 0;
      const first = row * COLS;
      for (let i = 0; i < NOISE_ROWS * COLS; i++) {
        const spread = noise(first + i);
        if (spread > NOISY_SPREAD) {
          noisy++;
          bits |= 1 << i;
        }
        // (Back: called only with a channel out, as in cleared.)
        else if (out && spread < NOISY_SPREAD / 2) g.take(first + i, NOISE, 1);
      }
      row = (row + NOISE_ROWS) % ROWS;
      // Most of them noisy: the grid floats (its multiplexers' output open), or noise drowns it: a bank fault while
      // it lasts; else each noisy one is out of service (below).
      const floats = 2 * noisy > NOISE_ROWS * COLS ? 1 : 0;
      g.floating = floats;
      // A dead select line, from the readings kept; then a
      // weight's image, where its partner channel reads it, is no sensor's fault. (`busy`: a throw under way, whose
      // weight may slide down the line between two partners on line 0.) Not while a throw's frame is checked: that
      // check reads the same sensors afresh, and judges them as the table lies still (frame, a few steps).
      // Between throws, with no reading kept changed, no channel taken out or back, the readings as the table lay
      // still as they were (a throw's decision sets them: the check after a throw's looks), no select line dead, and
      // no sensor that moved alone in the readings kept at the last check (read afresh, a sensor drifting on may be
      // found at the next), the passes over the readings kept below would find what the last found: they are skipped
      // (on a table at rest, most of the check's time).
      const free = !floats && !g.checked && (busy || stale || dirty || g.aliased);
      dirty = busy ? 1 : 0;
      if (free) {
        told.fill(0);
        g.aliases(kept, busy ? 2 : 1, 0, SENSORS);
      }
      // A reading that no magnet makes: among the readings kept (in 255ths; most are at half the supply, and skipped
      // at once: a kept one follows its reading within 2 255ths), then read afresh, with its neighbours'. Not in the
      // first and last rows: a weight may lie beyond them (a hanger, a short one), over a sensor there whose
      // neighbours all read less than ALONE_NEAR (56 mm off); a throw's readings tell a fault there (frame, seen).
      // (Nor while the grid floats: its noise makes such readings, the grid's fault and no one sensor's.)
      const s = g.settled;
      for (let ch = COLS, x = 0; !g.aliased && free; ch++) {
        // (Those that did not move, most of them, skipped in a loop of their own, as in aliases.)
        while (ch < SENSORS - COLS && (x = kept[ch] - (s ? s[ch] : 128)) * x < ALONE_FAR * ALONE_FAR) ch++;
        if (ch >= SENSORS - COLS) break;
        if (g.alone(kept, ch, 0) >= ALONE_FAR) {
          dirty = 1;
          // Its readings and its neighbours', afresh (channel ch - COLS to ch + COLS): made only here, seldom.
          const near = new Int16Array(2 * COLS + 1);
          for (let k = -COLS; k <= COLS; k++) near[k + COLS] = ch + k >= 0 && ch + k < SENSORS ? raw.read(ch + k) * ADC_STEPS : QUIESCENT * ADC_STEPS;
          // (Nor one that reads like a partner across a select line: a weight's image, a dead line that the check of the
          // select lines names once enough fields tell, not a fault of this sensor.)
          let image = 0;
          for (let k = 0; k < SELECT_LINES; k++) {
            const d = (ch ^ (1 << k)) < SENSORS ? (raw.read(ch ^ (1 << k)) - raw.read(ch)) * ADC_STEPS : ADC_STEPS;
            if (d * d <= ALIAS_LIKE_STEPS * ALIAS_LIKE_STEPS) image = 1;
          }
          if (!image && g.alone(near, COLS, ch - COLS) >= 16 * ALONE_FAR) g.take(ch, noise(ch) ? NOISE : OFF);
        }
      }
      if (!floats) for (let i = 0; bits; i++, bits >>= 1) if (bits & 1) g.take(first + i, NOISE);
      // Until a throw after a clear (or power-up), the side the board shows to throw (-1 before the coin toss). (The
      // state read here alone: the runtime keeps it as text, and a read parses it, some 65 JsVars while held.)
      if (!g.throws && game) g.due = turn(game.current) % 2;
      const bad = taken | (g.floating || g.reversed || g.aliased ? BANK : 0);
      taken = 0;
      return bad;
    },
  });
}
