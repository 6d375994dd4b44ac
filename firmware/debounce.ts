// Debounce after QMK's quantum/debounce, with the same algorithm names and
// meanings, but timestamp-based (a deadline per timer instead of a counter
// decremented every ms, so late or irregular scans cannot stretch a delay) and
// bit-parallel: a bank is one 32-bit word, and an algorithm's channels in it
// are one mask. All state sits in one Int32Array (one object on the chip
// instead of fifteen); times are compared as ((now - deadline) | 0) >= 0, which
// stays right when ms wrap past 2^31.
import { ON_DEVICE, SETTLE_GROUPS } from './device';

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

/** Time to a deadline when there is none: later than any (deadlines are at most 32,767 ms away). */
export const NO_DEADLINE = 0x3fffffff;
/** Default times (the scanner's setup, firmware/scan.ts, states the policy). */
export const CONTACT_MS = 10;
export const TRANSIT_MS = 2;

/**
 * Index (0..31) of a word with exactly one bit set, by BIT_INDEX[(bit >>> 0) % 37]:
 * the powers of two up to 2^31 leave distinct remainders mod 37. One typed-array
 * read where a function (Math.clz32 is missing on the chip) cost a call and five
 * tests. (Pure: a bundle with no digital bank, which never reads it, drops it.)
 */
export const BIT_INDEX = /*#__PURE__*/ (function (): Uint8Array {
  const t = new Uint8Array(37);
  for (let k = 0; k < 32; k++) t[((1 << k) >>> 0) % 37] = k;
  return t;
})();

// The state of every bank and channel sits in one buffer, made by the scanner's
// setup (firmware/scan.ts): 32-bit words, s, then 16-bit ones, u (a view of the
// same memory). Word 0 of s says where the channel records start in u (ch0);
// words 1 to BANK0 - 1 are the scanner's. Bank b's record is 16 words of s from
// BANK0 + (b << BANK_BITS); channel c's record is CHAN 16-bit words of u from
// ch0 + c * CHAN. The last words of each bank record and the words after the
// banks are the scanner's too (one buffer instead of several).
/** Where the banks start. */
export const BANK0 = 7;
// Word 0 of a bank's record, s[o], is its debounced ("cooked") word: read with
// no offset, as `o + 0` would cost the hot path a token (the minifier keeps it).
/** Last raw word. */
export const RW = 1;
/** Channels with a timer running (sym_defer_g channels all together while the bank's timer runs). */
export const TM = 2;
/**
 * No deadline of the bank comes before this time: until then, an unchanged raw
 * word changes nothing. Brought forward when a timer starts, made exact when reached.
 */
export const NX = 3;
/** sym_defer_g channels. */
export const G = 4;
/** Per-key channels whose timer, running, is a deferral (sym_defer_pk, asym_eager_defer_pk releases). */
export const DF = 5;
/** Per-key channels (sym_defer_pk, sym_eager_pk, asym_eager_defer_pk). */
export const PK = 6;
/** sym_eager_pk channels. */
export const E = 7;
/** asym_eager_defer_pk channels. */
export const A = 8;
/** asym_eager_defer_pk keys whose timer is a press lockout (else a release deferral). */
export const PR = 9;
/** sym_defer_g: the bank's deadline, and its time. */
const GDL = 10;
export const GMS = 11;
/** Words per bank (1 << BANK_BITS: a shift by a one-digit constant is what the minifier inlines); 12 to 15 are the scanner's. */
export const BANK_BITS = 4;
// A channel's record: its deadline, then its time (ms) and a word of the
// scanner's. On a board the record is the deadline alone: a channel's time is
// its kind's (LT below, the scanner's setup), and the scanner's word is for
// its transit watch, which never runs there (firmware/scan.ts). Its words are
// 16 bits, and 8 on a board whose game has no settle groups (no queue of
// 16-bit events there: firmware/scan.ts): on 96 channels 96 bytes, not 192. A
// deadline is kept modulo WORD_MAX + 1 and read from the bank's earliest (NX,
// 32 bits): every deadline running lies from NX to less than a channel's time
// after it (expire runs at the first scan past NX, before any timer starts),
// so its distance from NX is its low bits' (a channel's time is at most 10 ms
// on a board, 32,767 ms in the simulator), right however late the scan.
/** Words per channel. */
export const CHAN = ON_DEVICE ? 1 : 3;
/** The largest value of a channel's word (8 or 16 bits, above). */
export const WORD_MAX = ON_DEVICE && !SETTLE_GROUPS ? 255 : 65535;
/** In a bank's record (the scanner's part): its channels of the transit kinds (hall, ir), whose short active pulses are latched. */
export const LT = 12;

// The kernel's step is the scanner's work() (firmware/scan.ts), split so that
// a step reads only what it uses: on the chip, every character of a called
// function is read on each call, run or skipped. Its rare parts are here.

// expire and start read the raw word from the state (work() stored it): one parameter less each, for good.

/**
 * Restarts bank b's sym_defer_g timer if the raw change chg touches its
 * group, then ends the timers that are due at n (ck: its debounced word), and
 * sets NX to the next deadline.
 */
export function expire(s: Int32Array, u: Uint8Array | Uint16Array, b: number, n: number, ck: number, chg: number): number {
  const o = BANK0 + (b << BANK_BITS);
  const deferred = s[o + DF];
  const base = s[0] + 32 * CHAN * b;
  const nx = s[o + NX];
  // How late the earliest deadline is (above).
  const late = (n - nx) | 0;
  let tm = s[o + TM];
  // The per-key timers running (the sym_defer_g group's bits are its own).
  let x = tm;
  // Time to the earliest deadline still running.
  let soon = NO_DEADLINE;
  // sym_defer_g is only ever forced (the simulator, tests): a board never has it.
  if (!ON_DEVICE) {
    const g = s[o + G];
    x &= ~g;
    // Any change in the group restarts the bank's timer.
    if (chg & g) {
      tm |= g;
      s[o + GDL] = n + s[o + GMS];
    }
    if (tm & g) {
      const left = (s[o + GDL] - n) | 0;
      if (left <= 0) {
        ck = (ck & ~g) | (s[o + RW] & g);
        tm &= ~g;
      } else soon = left;
    }
  }
  while (x) {
    const bit = x & -x;
    x ^= bit;
    const left = ((u[base + CHAN * BIT_INDEX[(bit >>> 0) % 37]] - nx) & WORD_MAX) - late;
    if (left <= 0) {
      tm ^= bit;
      // A deferred key still running differs from its reported level: take the raw one.
      if (deferred & bit) ck ^= bit;
    } else if (left < soon) soon = left;
  }
  s[o + TM] = tm;
  s[o + NX] = n + soon;
  return ck;
}

/** Starts the timers of bank b's keys x (differing, none running): eager ones flip now. */
export function start(s: Int32Array, u: Uint8Array | Uint16Array, b: number, n: number, ck: number, x: number): number {
  const o = BANK0 + (b << BANK_BITS);
  // asym_eager_defer_pk keys pressed: their timer is a lockout.
  const ar = s[o + A] & s[o + RW];
  const eager = s[o + E] | ar;
  const base = s[0] + 32 * CHAN * b;
  let tm = s[o + TM];
  let soon = NO_DEADLINE;
  s[o + PR] = (s[o + PR] & ~x) | (x & ar);
  // PR is within A: only the line above sets it.
  s[o + DF] = s[o + PK] & ~(s[o + E] | s[o + PR]);
  ck ^= x & eager;
  while (x) {
    const bit = x & -x;
    x ^= bit;
    const i = base + CHAN * BIT_INDEX[(bit >>> 0) % 37];
    // (A board has the kinds' own times only: firmware/scan.ts, setup.)
    const m = ON_DEVICE ? (s[o + LT] & bit ? TRANSIT_MS : CONTACT_MS) : u[i + 1];
    if (m) {
      u[i] = n + m;
      tm |= bit;
      if (m < soon) soon = m;
    } else if (!(eager & bit)) ck ^= bit; // No time: deferred keys report now too, and nothing waits.
  }
  // With no timer running before, NX may be long past (a cancelled timer's): set it outright.
  if (!s[o + TM] || ((n + soon - s[o + NX]) | 0) < 0) s[o + NX] = n + soon;
  s[o + TM] = tm;
  return ck;
}
