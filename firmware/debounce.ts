// Debounce after QMK's quantum/debounce, with the same algorithm names and
// meanings, but timestamp-based (a deadline per timer instead of a counter
// decremented every ms, so late or irregular scans cannot stretch a delay) and
// bit-parallel: a bank is one 32-bit word, and an algorithm's channels in it
// are one mask. Per-key deadlines live in one Int32Array; times are compared
// as ((now - deadline) | 0) >= 0, which stays right when ms wrap past 2^31.
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
  return ALGORITHM_NAMES.indexOf(name);
}

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
  if (kind === 'contact') return { alg: ASYM_EAGER_DEFER_PK, ms: 10 };
  return { alg: SYM_EAGER_PK, ms: 2 };
}

/** Whether a kind's short active pulses are latched and reported as transits. */
export function latchesTransits(kind: SensorKind): boolean {
  return kind !== 'contact';
}

// 2^k mod 37 differs for every k < 32: the index of a lone bit in one lookup
// (Math.clz32 is missing on the chip). Kept in signed 32-bit integers, which the
// interpreter indexes typed arrays with: bit 31 is negative, (1 << 31) % 37 is
// -22, so the table is offset by 37.
const BIT_OF_MOD37 = new Uint8Array(74);
for (let k = 0; k < 32; k++) BIT_OF_MOD37[((1 << k) % 37) + 37] = k;

/** Index (0..31) of a word with exactly one bit set (as a signed 32-bit integer). */
export function bitIndex(bit: number): number {
  return BIT_OF_MOD37[(bit % 37) + 37];
}

/** Debounces whole banks of 32 channels, each channel with its own algorithm and time. */
export class Debouncer {
  /** Debounced ("cooked") word per bank. */
  ck: Int32Array;
  /** Last raw word per bank. */
  rw: Int32Array;
  /** Channels with a per-key timer running, per bank. */
  tm: Int32Array;
  /** Earliest deadline of a bank's running timers: until then, an unchanged raw word changes nothing. */
  nx: Int32Array;
  private banks: number;
  private g: Int32Array;
  private d: Int32Array;
  private e: Int32Array;
  private a: Int32Array;
  private pk: Int32Array;
  /** asym_eager_defer_pk keys whose timer is a press lockout (else a release deferral). */
  private pr: Int32Array;
  private gOn: Int32Array;
  private gDl: Int32Array;
  private gMs: Int32Array;
  private dl: Int32Array;
  private ms: Uint16Array;

  /** alg[c] and ms[c] for every channel c; `initial` words are taken as already debounced. */
  constructor(alg: ArrayLike<number>, ms: ArrayLike<number>, initial?: ArrayLike<number>) {
    const channels = alg.length;
    const nb = (channels + 31) >> 5;
    this.banks = nb;
    this.ck = new Int32Array(nb);
    this.rw = new Int32Array(nb);
    this.tm = new Int32Array(nb);
    this.nx = new Int32Array(nb);
    this.g = new Int32Array(nb);
    this.d = new Int32Array(nb);
    this.e = new Int32Array(nb);
    this.a = new Int32Array(nb);
    this.pk = new Int32Array(nb);
    this.pr = new Int32Array(nb);
    this.gOn = new Int32Array(nb);
    this.gDl = new Int32Array(nb);
    this.gMs = new Int32Array(nb);
    this.dl = new Int32Array(channels);
    this.ms = new Uint16Array(channels);
    for (let c = 0; c < channels; c++) {
      const b = c >> 5;
      const bit = 1 << (c & 31);
      const m = ms[c];
      if (!(m >= 0 && m <= 65535)) throw new Error('debounce ms out of range on channel ' + c);
      this.ms[c] = m;
      const k = alg[c];
      if (k === SYM_DEFER_G) {
        this.g[b] |= bit;
        // One timer per bank: the longest time asked for by its channels.
        if (m > this.gMs[b]) this.gMs[b] = m;
      } else if (k === SYM_DEFER_PK) this.d[b] |= bit;
      else if (k === SYM_EAGER_PK) this.e[b] |= bit;
      else if (k === ASYM_EAGER_DEFER_PK) this.a[b] |= bit;
      else throw new Error('unknown debounce algorithm on channel ' + c);
    }
    for (let b = 0; b < nb; b++) {
      this.pk[b] = this.d[b] | this.e[b] | this.a[b];
      const w = initial ? initial[b] | 0 : 0;
      this.ck[b] = w;
      this.rw[b] = w;
    }
  }

  /** Whether bank b has a timer running (it must be stepped even if its raw word does not change). */
  busy(b: number): number {
    return this.tm[b] | this.gOn[b];
  }

  /** Takes bank b's raw word at time `now` (ms, non-decreasing); returns its debounced word. */
  step(b: number, now: number, raw: number): number {
    const r = raw | 0;
    const n = now | 0;
    const chg = r ^ this.rw[b];
    // Nothing changed and no timer is due: the common busy tick (a lockout or deferral running).
    if (chg === 0 && ((n - this.nx[b]) | 0) < 0) return this.ck[b];
    this.rw[b] = r;
    let ck = this.ck[b];
    // Time to the earliest deadline still running after this step.
    let soon = 0x3fffffff;
    const G = this.g[b];
    if (G !== 0) {
      // sym_defer_g: any change in the group restarts the bank's timer.
      if ((chg & G) !== 0) {
        this.gOn[b] = 1;
        this.gDl[b] = n + this.gMs[b];
      }
      if (this.gOn[b] !== 0) {
        const left = (this.gDl[b] - n) | 0;
        if (left <= 0) {
          ck = (ck & ~G) | (r & G);
          this.gOn[b] = 0;
        } else soon = left;
      }
    }
    const PK = this.pk[b];
    if (PK !== 0) {
      const A = this.a[b];
      const dl = this.dl;
      const base = b << 5;
      let tm = this.tm[b];
      let pr = this.pr[b];
      let x: number;
      let bit: number;
      let c: number;
      // Deferred timers run only while the key differs from its reported
      // level; back to it, the change was a bounce (QMK: counter reset).
      const deferred = this.d[b] | (A & ~pr);
      tm &= ~(deferred & ~(r ^ ck));
      x = tm;
      while (x !== 0) {
        bit = x & -x;
        x ^= bit;
        c = base + BIT_OF_MOD37[(bit % 37) + 37];
        const left = (dl[c] - n) | 0;
        if (left <= 0) {
          tm ^= bit;
          // A deferred key still running differs from its reported level: take the raw one.
          if ((deferred & bit) !== 0) ck ^= bit;
        } else if (left < soon) soon = left;
      }
      // Keys that differ and have no timer: eager ones flip now, all start one.
      x = (r ^ ck) & PK & ~tm;
      if (x !== 0) {
        const eager = this.e[b] | (A & r);
        pr = (pr & ~x) | (x & A & r);
        ck ^= x & eager;
        while (x !== 0) {
          bit = x & -x;
          x ^= bit;
          c = base + BIT_OF_MOD37[(bit % 37) + 37];
          const m = this.ms[c];
          if (m === 0) {
            // No time: deferred keys report now too, and nothing waits.
            if ((eager & bit) === 0) ck ^= bit;
          } else {
            dl[c] = n + m;
            tm |= bit;
            if (m < soon) soon = m;
          }
        }
      }
      this.tm[b] = tm;
      this.pr[b] = pr;
    }
    this.ck[b] = ck;
    this.nx[b] = n + soon;
    return ck;
  }

  /** Channels of bank b inside an eager lockout (changes ignored until it ends). */
  lockout(b: number): number {
    return this.tm[b] & (this.e[b] | (this.a[b] & this.pr[b]));
  }

  /** Debounce time of a channel (ms). */
  timeOf(c: number): number {
    return this.ms[c];
  }

  /** Number of banks. */
  count(): number {
    return this.banks;
  }
}
