// The simulator's inputs: a virtual clock, banks of channels whose levels
// follow a time-ordered schedule, the imperfections of each sensor kind laid
// over clean changes from a seeded generator, and optional scan jitter.
// A bank reads the levels at the moment of the read, as every bank a board
// has does (hal/types.ts): a pulse that begins and ends between two reads is
// not seen.
// A level is what a bank reads, 1 for a sensor that sees something: on both
// boards wired by the book it is also the level at the pin or on the chain
// (wiring.md: a covered triangle point's 74HC14 output is high, a broken beam
// reads 1 from the 74HC165s' /QH), so nothing is inverted here, as on the chip.
// Wiring faults are level schedules too: every input active (an inverted bank,
// an unplugged harness with its pull-ups), or inputs flipping at random
// (floating inputs), as test/faults.test.ts plays them with raw lines.
import type { BankOptions, Clock, DigitalBank } from '../hal/types';
import type { SensorKind } from '../firmware/board';
import type { LevelChange } from './physics/types';
import { DEFAULT_IMPERFECTIONS, imperfect } from './physics/bounce';
import type { ImperfectionOptions, Random } from './physics/bounce';
import type { SimFaults } from './faults';

/**
 * mulberry32: a tiny seeded generator, good enough for physics noise. Its state is kept in a typed array: a number
 * of 2^31 or more kept in a plain variable is a fresh heap object at each draw, and a noisy sensor draws at each read.
 */
export function mulberry32(seed: number): Random {
  const a = new Uint32Array([seed]);
  return () => {
    // (Wraps modulo 2^32 as it is stored.)
    a[0] += 0x6d2b79f5;
    let t = a[0];
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A clock that only moves when told to. */
export class VirtualClock implements Clock {
  private t = 0;
  now(): number {
    return this.t;
  }
  /** Moves to `t`; time never goes back. */
  set(t: number): void {
    if (t < this.t) throw new Error(`virtual clock cannot go back from ${this.t} to ${t}`);
    this.t = t;
  }
}

export interface SimInputsOptions {
  channels: number;
  /** Kind per channel (default: all contacts). */
  kinds?: SensorKind[];
  seed?: number;
  /** The board's banks (firmware/board.ts): the simulator makes the banks they make. Without them, one bank per 32 channels. */
  banks?: BankOptions[];
  imperfections?: ImperfectionOptions;
}

/** How many banks of 32 channels a board's bank data makes (hal/espruino/inputs.ts: a chain makes one per 4 chips, an analog bank none). */
export function bankCount(banks: BankOptions[]): number {
  let n = 0;
  // An analog bank makes none: its game's interpreter reads it (hal/types.ts).
  for (const o of banks) n += o.kind === 'chain' ? (o.chips + 3) >> 2 : o.kind === 'analog' ? 0 : 1;
  return n;
}

/** A bank of up to 32 simulated channels. */
class SimBank implements DigitalBank {
  constructor(private inputs: SimInputs, private index: number) {}
  read(): number {
    return this.inputs.readBank(this.index);
  }
}

/** Channel ch's level in words of 32 channels (channel c at bit c % 32 of word c >> 5), as a board's banks read them. */
export function setLevel(words: Int32Array | number[], ch: number, level: number): void {
  if (level) words[ch >> 5] |= 1 << (ch & 31);
  else words[ch >> 5] &= ~(1 << (ch & 31));
}

export class SimInputs {
  readonly clock = new VirtualClock();
  readonly banks: DigitalBank[] = [];
  readonly random: Random;
  private kinds: SensorKind[];
  private words: Int32Array;
  private lastRead: Int32Array;
  private schedule: LevelChange[] = [];
  /** Changes applied so far: each pulses the wake line (wiring.md, Resting when idle). */
  changes = 0;
  private next = 0;
  private o: ImperfectionOptions;
  /** The board's sensor faults (sim/faults.ts), laid over the levels when a bank is read; none until the HAL sets them. */
  faults: SimFaults | null = null;

  constructor(o: SimInputsOptions) {
    const nb = (o.channels + 31) >> 5;
    if (o.banks && bankCount(o.banks) !== nb) throw new Error(`the board's banks read ${bankCount(o.banks)} words of 32 channels, its ${o.channels} channels need ${nb}`);
    this.kinds = o.kinds ?? new Array<SensorKind>(o.channels).fill('contact');
    this.random = mulberry32(o.seed ?? 1);
    this.o = o.imperfections ?? DEFAULT_IMPERFECTIONS;
    this.words = new Int32Array(nb);
    this.lastRead = new Int32Array(nb);
    for (let b = 0; b < nb; b++) this.banks.push(new SimBank(this, b));
    this.channels = o.channels;
  }

  readonly channels: number;

  /** Sets a level exactly at time t (a scenario's raw/set: no imperfection). */
  setExact(t: number, ch: number, level: 0 | 1): void {
    this.add({ t, ch, level });
  }

  /**
   * Clean changes from a physics model; each channel's kind adds its
   * imperfections, which end where the channel's next clean edge begins: a
   * touch shorter than a contact's bounce (a bell's clapper) still ends open.
   */
  addClean(changes: LevelChange[]): void {
    // The time of each edge's next clean edge on its channel (none: Infinity), the edges taken in time order.
    const order = changes.map((_, i) => i).sort((a, b) => changes[a].t - changes[b].t);
    const next: number[] = [];
    const following = new Map<number, number>();
    for (let k = order.length - 1; k >= 0; k--) {
      const edge = changes[order[k]];
      next[order[k]] = following.get(edge.ch) ?? Infinity;
      following.set(edge.ch, edge.t);
    }
    changes.forEach((edge, i) => {
      for (const c of imperfect(this.kinds[edge.ch], edge, this.random, this.o)) if (c === edge || c.t < next[i]) this.add(c);
    });
  }

  /** Applies every scheduled change up to and including time t, and moves the clock there. */
  advanceTo(t: number): void {
    this.clock.set(t);
    const s = this.schedule;
    while (this.next < s.length && s[this.next].t <= t) {
      const c = s[this.next++];
      this.changes++;
      setLevel(this.words, c.ch, c.level);
    }
    // Drop what is applied once in a while, so long runs keep a short schedule.
    if (this.next > 1024) {
      this.schedule = s.slice(this.next);
      this.next = 0;
    }
  }

  /** Whether changes are still scheduled. */
  pending(): boolean {
    return this.next < this.schedule.length;
  }

  /** Time of the next change not yet applied, or Infinity: when the wake line (wiring.md) next pulses. */
  nextTime(): number {
    return this.next < this.schedule.length ? this.schedule[this.next].t : Infinity;
  }

  /** Time of the last scheduled change, or -1. */
  lastTime(): number {
    return this.schedule.length > 0 ? this.schedule[this.schedule.length - 1].t : -1;
  }

  level(ch: number): number {
    return (this.words[ch >> 5] >>> (ch & 31)) & 1;
  }

  readBank(b: number): number {
    return (this.lastRead[b] = this.wordRead(b));
  }

  /** Bank b's word as the board reads it now: the levels, and the faults over them. */
  private wordRead(b: number): number {
    return this.faults ? this.faults.word(b, this.words[b], this.clock.now()) : this.words[b];
  }

  /** Whether a bank would read differently from its last read (the scanner has not seen everything yet). */
  unread(): boolean {
    for (let b = 0; b < this.words.length; b++) if (this.wordRead(b) !== this.lastRead[b]) return true;
    return false;
  }

  private add(c: LevelChange): void {
    if (!(c.ch >= 0 && c.ch < this.channels)) throw new Error(`no channel ${c.ch}`);
    if (c.t < this.clock.now()) throw new Error(`level change at ${c.t} is in the past (now ${this.clock.now()})`);
    // Insert after every change at the same or an earlier time: ties keep their order.
    const s = this.schedule;
    let lo = this.next;
    let hi = s.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (s[mid].t <= c.t) lo = mid + 1;
      else hi = mid;
    }
    s.splice(lo, 0, c);
  }
}

/**
 * Scan times of a busy interpreter: usually every pollMs, but now and then a
 * long callback holds the loop for up to jitterMs more (JS is never
 * pre-empted; the missed interval ticks then run back to back, which reads the
 * same levels again and is not modelled).
 */
export class ScanJitter {
  constructor(private pollMs: number, private jitterMs: number, private random: Random, private chance = 0.1) {}
  next(t: number): number {
    if (this.jitterMs > 0 && this.random() < this.chance) return t + this.pollMs + Math.ceil(this.random() * this.jitterMs);
    return t + this.pollMs;
  }
}
