// The scan tick: reads every bank once, and only a bank whose raw word changed
// or that has something pending (a debounce timer, a transit being watched)
// goes further. Debounced level changes become EDGE events, short active
// pulses that the debouncer never reported become TRANSIT events, and quiet
// groups become SETTLED events, all pushed into a ring the consumer drains.
import type { DigitalBank } from '../hal/types';
import type { BoardDescription, SensorKind } from './board';
import type { Interpreter } from './sensing';
import { EDGE, TRANSIT, SETTLED } from './sensing';
import { Debouncer, algorithmId, bitIndex, defaultDebounce, latchesTransits } from './debounce';
import { EventRing } from './events';

/** Channels that settle together: SETTLED(index) once none of them changed for `ms`. */
export interface SettleGroup {
  chs: number[];
  ms: number;
}

export interface ScanOptions {
  banks: DigitalBank[];
  /** Sensor kinds by channel; channels with no sensor are taken as contacts. */
  board: BoardDescription;
  /** One algorithm for every channel (the scenario header's `debounce`). */
  debounce?: { algorithm: string; ms: number };
  settle?: SettleGroup[];
  /** Ring size in events (default 64). */
  capacity?: number;
  /** Count raw level changes per channel (for diagnostics). */
  counts?: boolean;
}

/** Each channel's sensor kind, contact where the board names no sensor. */
export function channelKinds(board: BoardDescription): SensorKind[] {
  const kinds: SensorKind[] = [];
  for (let c = 0; c < board.channels; c++) kinds.push('contact');
  for (let i = 0; i < board.sensors.length; i++) {
    const s = board.sensors[i];
    if (!(s.ch >= 0 && s.ch < board.channels)) throw new Error('sensor ' + s.name + ' has no channel ' + s.ch);
    kinds[s.ch] = s.kind;
  }
  return kinds;
}

/**
 * The tick as a closure over a few locals: the interpreter finds local
 * variables faster than an object's properties. `hot[0]` counts banks with
 * something pending plus armed settle groups; while it is 0 a tick is one read
 * and one comparison per bank.
 */
function makePoll(banks: DigitalBank[], last: Float64Array, pend: Int32Array, hot: Int32Array, sc: Scanner): (now: number) => void {
  const nb = banks.length;
  return function (now: number): void {
    let b = 0;
    let r = 0;
    if (hot[0] === 0) {
      for (; b < nb; b++) {
        r = banks[b].read();
        if (r !== last[b]) break;
      }
      if (b === nb) return;
      last[b] = r;
      sc.work(b, r | 0, now);
      b++;
    }
    for (; b < nb; b++) {
      r = banks[b].read();
      if (r !== last[b] || pend[b] !== 0) {
        last[b] = r;
        sc.work(b, r | 0, now);
      }
    }
    if (hot[1] !== 0) sc.settle(now);
  };
}

export class Scanner {
  /** One scan tick at time `now` (ms). */
  poll: (now: number) => void;
  readonly channels: number;
  readonly ring: EventRing;
  readonly deb: Debouncer;
  private banks: DigitalBank[];
  private nb: number;
  /** Last raw value per bank exactly as read (compared before any conversion). */
  private last: Float64Array;
  /** Non-zero while a bank must be worked on even with no raw change. */
  private pend: Int32Array;
  /** Transit-latched channels per bank, and those seen active but not yet reported. */
  private lt: Int32Array;
  private hi: Int32Array;
  /** Watched channels low again, waiting out their debounce time before the transit is reported. */
  private tw: Int32Array;
  private tdl: Int32Array;
  private rc: Uint16Array | null;
  private sMask: Int32Array;
  private sMs: Int32Array;
  private sDl: Int32Array;
  private sOn: Uint8Array;
  /** [banks pending + groups armed, groups armed]. */
  private hot: Int32Array;

  constructor(o: ScanOptions) {
    // First property: found first when the tick is called.
    this.poll = function () {};
    const channels = o.board.channels;
    const nb = (channels + 31) >> 5;
    if (o.banks.length !== nb) throw new Error(channels + ' channels need ' + nb + ' banks, got ' + o.banks.length);
    this.channels = channels;
    this.banks = o.banks;
    this.nb = nb;
    const kinds = channelKinds(o.board);
    const alg = new Uint8Array(channels);
    const ms = new Uint16Array(channels);
    let forced = -1;
    if (o.debounce) {
      forced = algorithmId(o.debounce.algorithm);
      if (forced < 0) throw new Error('unknown debounce algorithm ' + o.debounce.algorithm);
    }
    this.lt = new Int32Array(nb);
    for (let c = 0; c < channels; c++) {
      const def = defaultDebounce(kinds[c]);
      alg[c] = forced >= 0 ? forced : def.alg;
      ms[c] = forced >= 0 && o.debounce ? o.debounce.ms : def.ms;
      if (latchesTransits(kinds[c])) this.lt[c >> 5] |= 1 << (c & 31);
    }
    this.last = new Float64Array(nb);
    const first = new Int32Array(nb);
    for (let b = 0; b < nb; b++) {
      // Levels present at start are the starting state, not edges.
      const r = o.banks[b].read();
      this.last[b] = r;
      first[b] = r | 0;
    }
    this.deb = new Debouncer(alg, ms, first);
    this.pend = new Int32Array(nb);
    this.hi = new Int32Array(nb);
    this.tw = new Int32Array(nb);
    this.tdl = new Int32Array(channels);
    this.rc = o.counts ? new Uint16Array(channels) : null;
    this.ring = new EventRing(o.capacity || 64);
    const groups = o.settle || [];
    this.sMask = new Int32Array(groups.length * nb);
    this.sMs = new Int32Array(groups.length);
    this.sDl = new Int32Array(groups.length);
    this.sOn = new Uint8Array(groups.length);
    for (let g = 0; g < groups.length; g++) {
      this.sMs[g] = groups[g].ms;
      for (let i = 0; i < groups[g].chs.length; i++) {
        const c = groups[g].chs[i];
        if (!(c >= 0 && c < channels)) throw new Error('settle group ' + g + ' has no channel ' + c);
        this.sMask[g * nb + (c >> 5)] |= 1 << (c & 31);
      }
    }
    this.hot = new Int32Array(2);
    this.poll = makePoll(this.banks, this.last, this.pend, this.hot, this);
  }

  /** Hands queued events to the interpreter (no allocation). */
  drain(sink: Interpreter): number {
    return this.ring.drain(sink);
  }

  /** True when nothing is pending: no timer, no watched pulse, no armed group, no queued event. */
  idle(): boolean {
    for (let b = 0; b < this.nb; b++) if (this.pend[b] !== 0) return false;
    return this.hot[0] === 0 && this.ring.count() === 0;
  }

  /** Debounced level of a channel. */
  level(ch: number): number {
    return (this.deb.ck[ch >> 5] >>> (ch & 31)) & 1;
  }

  /** Raw level of a channel at the last scan. */
  rawLevel(ch: number): number {
    return (this.deb.rw[ch >> 5] >>> (ch & 31)) & 1;
  }

  /** Raw level changes seen on a channel (0 unless built with `counts`). */
  rawChanges(ch: number): number {
    return this.rc ? this.rc[ch] : 0;
  }

  /** Debounced word of a bank. */
  word(b: number): number {
    return this.deb.ck[b];
  }

  /** A bank that changed or has something pending (called by the tick only). */
  work(b: number, r: number, now: number): void {
    const deb = this.deb;
    // The usual busy tick: a timer running, nothing changed, none due, no transit watched.
    if (r === deb.rw[b] && (((now | 0) - deb.nx[b]) | 0) < 0 && this.hi[b] === 0) return;
    const ring = this.ring;
    const base = b << 5;
    const old = deb.ck[b];
    const chg = r ^ deb.rw[b];
    let x: number;
    let bit: number;
    if (chg !== 0) {
      const rc = this.rc;
      if (rc) {
        x = chg;
        while (x !== 0) {
          bit = x & -x;
          x ^= bit;
          rc[base + bitIndex(bit)]++;
        }
      }
      for (let g = 0; g < this.sOn.length; g++) {
        if ((chg & this.sMask[g * this.nb + b]) !== 0) {
          this.sDl[g] = (now | 0) + this.sMs[g];
          if (this.sOn[g] === 0) {
            this.sOn[g] = 1;
            this.hot[0]++;
            this.hot[1]++;
          }
        }
      }
    }
    const ck = deb.step(b, now, r);
    x = ck ^ old;
    while (x !== 0) {
      bit = x & -x;
      x ^= bit;
      ring.push(EDGE, base + bitIndex(bit), (ck & bit) !== 0 ? 1 : 0, now);
    }
    let h = this.hi[b];
    const L = this.lt[b];
    if (L !== 0) {
      // Active while still reported inactive: watch it. Reported active: the edge
      // covers it. Inside an eager lockout, activity is chatter by definition.
      h = (h | (r & L & ~deb.lockout(b))) & ~ck;
      // Gone again before the debouncer took it: once it has stayed gone for the
      // channel's debounce time (so trailing chatter joins the same pulse), report it.
      let w = this.tw[b] & h & ~r;
      x = h & ~r & ~w;
      w |= x;
      const n = now | 0;
      while (x !== 0) {
        bit = x & -x;
        x ^= bit;
        const c = base + bitIndex(bit);
        this.tdl[c] = n + deb.timeOf(c);
      }
      x = w;
      while (x !== 0) {
        bit = x & -x;
        x ^= bit;
        const c = base + bitIndex(bit);
        if (((n - this.tdl[c]) | 0) >= 0) {
          w ^= bit;
          h ^= bit;
          ring.push(TRANSIT, c, 1, now);
        }
      }
      this.hi[b] = h;
      this.tw[b] = w;
    }
    const p = deb.busy(b) | h;
    if ((p === 0) !== (this.pend[b] === 0)) this.hot[0] += p === 0 ? -1 : 1;
    this.pend[b] = p;
  }

  /** Ends the quiet groups (called by the tick only). */
  settle(now: number): void {
    const n = now | 0;
    for (let g = 0; g < this.sOn.length; g++) {
      if (this.sOn[g] !== 0 && ((n - this.sDl[g]) | 0) >= 0) {
        this.sOn[g] = 0;
        this.hot[0]--;
        this.hot[1]--;
        this.ring.push(SETTLED, g, 0, now);
      }
    }
  }
}
