// Debounce after QMK's quantum/debounce, with the same algorithm names and
// meanings, but timestamp-based (a deadline per timer instead of a counter
// decremented every ms, so late or irregular scans cannot stretch a delay) and
// bit-parallel: a bank is one 32-bit word, and an algorithm's channels in it
// are one mask. All state sits in one Int32Array (one object on the chip
// instead of fifteen); times are compared as ((now - deadline) | 0) >= 0, which
// stays right when ms wrap past 2^31.
import type { SensorKind } from './board';

/** Global: a bank reports all its changes once none of its channels changed for `ms`. */
export const SYM_DEFER_G = 0;
/** Per key: a change is reported once the key has differed from its reported level for `ms`. */
export const SYM_DEFER_PK = 1;
/** Per key: a change is reported at once, then the key is ignored for `ms`. */
export const SYM_EAGER_PK = 2;
/** Per key: eager on press (0 to 1), deferred on release (1 to 0). */
export const ASYM_EAGER_DEFER_PK = 3;

/** QMK's names, indexed by the constants above. */
export const ALGORITHM_NAMES = ['sym_defer_g', 'sym_defer_pk', 'sym_eager_pk', 'asym_eager_defer_pk'];

/** The algorithm constant for a QMK name, or -1. */
export function algorithmId(name: string): number {
  // Split from one string when asked: ALGORITHM_NAMES would keep four strings in the chip's RAM.
  return 'sym_defer_g sym_defer_pk sym_eager_pk asym_eager_defer_pk'.split(' ').indexOf(name);
}

/** Default times (see defaultDebounce). */
export const CONTACT_MS = 10;
export const TRANSIT_MS = 2;

export interface DebounceSetting {
  alg: number;
  ms: number;
}

/**
 * Defaults per sensor kind.
 * contact: reeds bounce for up to a few ms and bells ring in bursts that may
 * never stay closed for long, so a press is taken at its first closure (a
 * deferred press could miss a bell strike altogether) and a release only
 * after 10 ms without contact: longer than any bounce, far shorter than play.
 * hall, ir: clean edges with at most sub-ms chatter from a slow edge; a 3 ms
 * transit must survive, so each edge is taken at once and the 2 ms lockout
 * only swallows chatter.
 */
export function defaultDebounce(kind: SensorKind): DebounceSetting {
  return kind === 'contact' ? { alg: ASYM_EAGER_DEFER_PK, ms: CONTACT_MS } : { alg: SYM_EAGER_PK, ms: TRANSIT_MS };
}

/** Whether a kind's short active pulses are latched and reported as transits. */
export function latchesTransits(kind: SensorKind): boolean {
  return kind !== 'contact';
}

/**
 * Index (0..31) of a word with exactly one bit set (as a signed 32-bit
 * integer), by halving masks. Math.clz32 is missing on the chip; this is
 * faster there than Math.log and needs no table in RAM.
 */
export function bitIndex(bit: number): number {
  return (
    (bit & 0xffff0000 ? 16 : 0) | (bit & 0xff00ff00 ? 8 : 0) | (bit & 0xf0f0f0f0 ? 4 : 0) | (bit & 0xcccccccc ? 2 : 0) | (bit & 0xaaaaaaaa ? 1 : 0)
  );
}

// The state of every bank and channel sits in one Int32Array, s. Word 0 says
// where the channel records start (ch0); words 1 to BANK0 - 1 are the owner's.
// Bank b's record is 16 words from BANK0 + (b << BANK_BITS); channel c's record is
// CHAN words from ch0 + c * CHAN. The last words of each bank record, the
// upper half of each channel's second word, and `extra` words after the
// channels are the owner's too (the scanner keeps its own state there: one
// array instead of several).
/** Where the banks start. */
export const BANK0 = 7;
/** Debounced ("cooked") word. */
export const CK = 0;
/** Last raw word. */
export const RW = 1;
/** Channels with a per-key timer running. */
export const TM = 2;
/** Earliest deadline of the bank's timers: until then, an unchanged raw word changes nothing. */
export const NX = 3;
// Channel masks per algorithm, in the algorithms' order (the mask of algorithm k is at G + k).
const G = 4;
const D = 5;
export const E = 6;
export const A = 7;
/** asym_eager_defer_pk keys whose timer is a press lockout (else a release deferral). */
export const PR = 8;
/** sym_defer_g: 1 while the bank's timer runs, its deadline, and its time (the longest of its channels). */
export const GON = 9;
const GDL = 10;
const GMS = 11;
/** Words per bank (1 << BANK_BITS: a shift by a one-digit constant is what the minifier inlines); 12 to 15 are the owner's. */
export const BANK_BITS = 4;
// A channel's record: its deadline; its time (ms) in the low 16 bits of the
// second word; the third word is the owner's.
/** Words per channel. */
export const CHAN = 3;

/**
 * The state for debouncing whole banks of 32 channels, each channel with its
 * own algorithm and time: alg[c] and ms[c] (0..65535) for every channel c,
 * all levels 0 at first; `extra` words are left at the end for the owner.
 */
export function debounceState(alg: ArrayLike<number>, ms: ArrayLike<number>, extra?: number): Int32Array {
  const channels = alg.length;
  const ch0 = BANK0 + (((channels + 31) >> 5) << BANK_BITS);
  const s = new Int32Array(ch0 + channels * CHAN + (extra || 0));
  s[0] = ch0;
  for (let c = 0; c < channels; c++) {
    const o = BANK0 + ((c >> 5) << BANK_BITS);
    const m = ms[c];
    s[ch0 + c * CHAN + 1] = m;
    // An unknown algorithm is a programming error (names are checked where they come in): it debounces nothing.
    s[o + G + alg[c]] |= 1 << (c & 31);
    // One timer per bank for sym_defer_g: the longest time asked for by its channels.
    if (alg[c] === SYM_DEFER_G && m > s[o + GMS]) s[o + GMS] = m;
  }
  return s;
}

/**
 * Takes bank b's raw word at time `now` (ms, non-decreasing); returns its
 * debounced word. A function on the state rather than a method: an object
 * and its class would cost the chip more than the state itself.
 */
export function debounce(s: Int32Array, b: number, now: number, raw: number): number {
  const o = BANK0 + (b << BANK_BITS);
  const r = raw | 0;
  const n = now | 0;
  const chg = r ^ s[o + RW];
  let ck = s[o + CK];
  // Nothing changed and no timer is due: the common busy tick (a lockout or deferral running).
  if (!chg && ((n - s[o + NX]) | 0) < 0) return ck;
  s[o + RW] = r;
  // Time to the earliest deadline still running after this step.
  let soon = 0x3fffffff;
  const g = s[o + G];
  if (g) {
    // sym_defer_g: any change in the group restarts the bank's timer.
    if (chg & g) {
      s[o + GON] = 1;
      s[o + GDL] = n + s[o + GMS];
    }
    if (s[o + GON]) {
      const left = (s[o + GDL] - n) | 0;
      if (left <= 0) {
        ck = (ck & ~g) | (r & g);
        s[o + GON] = 0;
      } else soon = left;
    }
  }
  const a = s[o + A];
  const pk = s[o + D] | s[o + E] | a;
  if (pk) {
    const base = s[0] + 32 * CHAN * b;
    let tm = s[o + TM];
    let pr = s[o + PR];
    let x: number;
    let bit: number;
    let i: number;
    // Deferred timers run only while the key differs from its reported
    // level; back to it, the change was a bounce (QMK: counter reset).
    const deferred = s[o + D] | (a & ~pr);
    tm &= ~(deferred & ~(r ^ ck));
    x = tm;
    while (x) {
      bit = x & -x;
      x ^= bit;
      const left = (s[base + CHAN * bitIndex(bit)] - n) | 0;
      if (left <= 0) {
        tm ^= bit;
        // A deferred key still running differs from its reported level: take the raw one.
        if (deferred & bit) ck ^= bit;
      } else if (left < soon) soon = left;
    }
    // Keys that differ and have no timer: eager ones flip now, all start one.
    x = (r ^ ck) & pk & ~tm;
    if (x) {
      const eager = s[o + E] | (a & r);
      pr = (pr & ~x) | (x & a & r);
      ck ^= x & eager;
      while (x) {
        bit = x & -x;
        x ^= bit;
        i = base + CHAN * bitIndex(bit);
        const m = s[i + 1] & 0xffff;
        if (m) {
          s[i] = n + m;
          tm |= bit;
          if (m < soon) soon = m;
        } else if (!(eager & bit)) ck ^= bit; // No time: deferred keys report now too, and nothing waits.
      }
    }
    s[o + TM] = tm;
    s[o + PR] = pr;
  }
  s[o + CK] = ck;
  s[o + NX] = n + soon;
  return ck;
}
