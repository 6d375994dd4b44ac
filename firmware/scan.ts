// The scan tick: reads every bank once, and only a bank whose raw word changed,
// or whose earliest deadline (a debounce timer, a transit being watched) has
// come, goes further. Debounced level changes become EDGE events, short active
// pulses that the debouncer never reported become TRANSIT events, and quiet
// groups become SETTLED events, all queued for the consumer to drain.
//
// Shaped by the chip (docs/espruino.md): all integer state shares the
// debouncer's Int32Array, the scanner is its own event queue (on a board, a
// word of edges a bank: EDGE_WORDS), and the tick is a
// closure over the function's locals (the interpreter finds a local faster
// than an object's property). The other methods are closures too: shorter than
// prototype methods reading this.s, and (measured) no more JsVars, as the
// prototype object goes. A plain function that makes the scanner object, not a
// class (the ES5 step would wrap a class in one more closure) nor a constructor:
// the runtime calls it without `new`, so the chip makes no prototype for it
// (8 JsVars). `new Scanner(o)` gives the same object.
import type { DigitalBank } from '../hal/types';
import type { BoardDescription, SensorKind } from './board';
import { sensorAt } from './board';
import type { Interpreter, SensorEventKind } from './sensing';
import { EDGE, SETTLED, TRANSIT } from './sensing';
import { ON_DEVICE, SETTLE_GROUPS } from './device';
import {
  A, ASYM_EAGER_DEFER_PK, BANK0, BANK_BITS, BIT_INDEX, CHAN, CONTACT_MS, DF, E, G, GMS, LT, NO_DEADLINE, NX, PK, PR, RW,
  SYM_DEFER_G, SYM_EAGER_PK, TM, TRANSIT_MS, WORD_MAX, algorithmId, expire, start,
} from './debounce';

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
  /**
   * Queue size in events, for tests. By default one per channel and settle group: a tick queues at most one
   * event for each, and the runtime drains the queue every tick, so none is ever lost.
   */
  capacity?: number;
  /** Count raw level changes per channel (for the fault check and diagnostics): a board always does, its runtime needs them. */
  counts?: boolean;
}

/** Each channel's sensor kind, contact where the board names no sensor (for the simulator and tests: it checks the board's channels). */
export function channelKinds(board: BoardDescription): SensorKind[] {
  const kinds: SensorKind[] = [];
  const sensors = board.sensors;
  for (let c = 0; c < board.channels; c++) kinds.push('contact');
  for (let i = 0; i < sensors.length; i++) {
    if (!(sensors[i].ch >= 0 && sensors[i].ch < board.channels)) throw new Error('no channel ' + sensors[i].ch);
    kinds[sensors[i].ch] = sensors[i].kind;
  }
  return kinds;
}

// The scanner's words in the debouncer's array (see debounce.ts): header words
// below BANK0, the scanner's words of each bank record, then per settle group
// GREC + nb words (armed, ms, deadline, a channel mask per bank), then 16-bit
// words (8-bit on a board without settle groups: debounce.ts, WORD_MAX), read
// through a second view of the same memory: each channel's raw change count,
// the queue's events (kind << 14 | level << 13 | channel), then the channel
// records.
/**
 * The queue: the next event to hand over while draining (0 otherwise), events queued (its capacity is the
 * constructor's cap: a constant on a board). Emptied whole by each drain, so no wrapping.
 */
const HEAD = 1;
const SIZE = 2;
// Word 3 is free.
/** Where the 16-bit words start, in 32-bit words (the settle groups end there). */
const R0 = 4;
/** Where the settle groups start. */
const G0 = 5;
/** 1 when raw changes are counted per channel (a word, not a local kept in the tick's scope). */
const CNT = 6;
/** Non-zero while the bank has a deadline pending (timers, watched transits): it is worked on once its NX comes, raw change or not. */
const PEND = 13;
/** Latched channels seen active but not yet reported. */
const HI = 14;
/**
 * Watched channels low again, waiting out their debounce time before the transit is reported. On a board, which
 * watches no transit, the bank's edges of this tick instead (EDGE_WORDS).
 */
const TW = 15;
/**
 * A board whose game declares no settle groups has edges for its only events (its latched channels report every
 * pulse as edges: work(), below), and its runtime drains them at every tick: a bank's edges of the tick are its
 * changed channels, kept as a word, in place of a queue of events (on 96 channels, 192 bytes, some 15 JsVars).
 */
const EDGE_WORDS = ON_DEVICE && !SETTLE_GROUPS;
/** Channel words to a 32-bit word, as a shift: 4 of 8 bits, or 2 of 16 (debounce.ts, WORD_MAX). */
const PER_WORD = WORD_MAX > 255 ? 1 : 2;
/** In a channel's record: when its watched transit is due (16 bits, as its deadline: debounce.ts). */
const TDL = 2;
const GREC = 3;

/**
 * The state for a scanner's options: the debouncer's array (debounce.ts),
 * holding the scanner's words too. Reads the banks once into F: levels
 * present at start are the starting state, not edges. Apart from the
 * constructor so that its temporaries do not stay in the tick's scope.
 *
 * Each channel debounces as its sensor kind asks (contact where the board
 * names no sensor), unless the simulator or a test forces one algorithm on
 * every channel. The one statement of the per-kind policy:
 * contact: reeds bounce for up to a few ms and bells ring in bursts that may
 * never stay closed for long, so a press is taken at its first closure (a
 * deferred press could miss a bell strike altogether) and a release only
 * after 10 ms without contact: longer than any bounce, far shorter than play
 * (asym_eager_defer_pk).
 * hall, ir: clean edges with at most sub-ms chatter from a slow edge; a 3 ms
 * transit must survive, so each edge is taken at once and the 2 ms lockout
 * only swallows chatter (sym_eager_pk). Their channels are also the ones whose
 * short active pulses are latched and reported as transits (LT).
 */
function setup(o: ScanOptions, F: Float64Array | Int32Array, cap: number): Int32Array {
  const banks = o.banks;
  const board = o.board;
  const channels = board.channels;
  const nb = (channels + 31) >> 5;
  // A board's banks are built from its board data (app/espruino.ts), whose bundle the tests boot: checked here for the simulator and tests.
  if (!ON_DEVICE && banks.length !== nb) throw new Error('need ' + nb + ' banks');
  // A board whose game declares no settle groups carries none of their code (firmware/device.ts).
  const groups = SETTLE_GROUPS ? o.settle || [] : [];
  // Only the simulator and tests force an algorithm: a board uses each kind's default.
  const forced = ON_DEVICE ? null : o.debounce;
  const fa = forced ? algorithmId(forced.algorithm) : 0;
  // (A channel's time is kept in 16 bits, and read as a difference of them: debounce.ts.)
  if (forced && (fa < 0 || !(forced.ms >= 0 && forced.ms <= 32767))) throw new Error('bad debounce');
  // An event keeps its channel (or settle group) in 13 bits.
  if (!ON_DEVICE && channels > 8192) throw new Error('at most 8192 channels');
  const g0 = BANK0 + (nb << BANK_BITS);
  // (groups.length is 0 without SETTLE_GROUPS, but the minifier would keep the product.)
  const r0 = g0 + (SETTLE_GROUPS ? groups.length * (GREC + nb) : 0);
  // The channel words: a count per channel, the queue, then the channel records (from ch0 on).
  const ch0 = channels + cap;
  const s = new Int32Array(r0 + ((ch0 + channels * CHAN + 3) >> PER_WORD));
  s[0] = ch0;
  for (let c = 0; c < channels; c++) {
    const i = BANK0 + ((c >> 5) << BANK_BITS);
    const bit = 1 << (c & 31);
    const sensor = sensorAt(board, c);
    let a = ASYM_EAGER_DEFER_PK;
    let ms = CONTACT_MS;
    // A channel of a transit kind (boards come from game modules, tested code, and checked by channelKinds in the simulator).
    if (sensor && sensor.kind !== 'contact') {
      s[i + LT] |= bit;
      a = SYM_EAGER_PK;
      ms = TRANSIT_MS;
    }
    if (forced) {
      a = fa;
      ms = forced.ms;
    }
    // A board's channels have their kind's time (debounce.ts, start).
    if (!ON_DEVICE) new Uint16Array(s.buffer, 4 * r0)[ch0 + c * CHAN + 1] = ms;
    // A board has only the defaults (per key, never sym_defer_g).
    if (!ON_DEVICE && a === SYM_DEFER_G) {
      s[i + G] |= bit;
      // One timer per bank for sym_defer_g (only ever forced on every channel, with one time).
      s[i + GMS] = ms;
    } else {
      // (DF, the deferred keys among them, is set as their timers start: debounce.ts, start.)
      s[i + PK] |= bit;
      if (a === SYM_EAGER_PK) s[i + E] |= bit;
      else if (a === ASYM_EAGER_DEFER_PK) s[i + A] |= bit;
    }
  }
  for (let b = 0; b < nb; b++) {
    const i = BANK0 + (b << BANK_BITS);
    F[b] = banks[b].read(b);
    s[i] = s[i + RW] = F[b] | 0; // Debounced and raw words alike.
  }
  // (G0 is read only where there are settle groups.)
  if (SETTLE_GROUPS) for (let g = 0, i = (s[G0] = g0); g < groups.length; g++, i += GREC + nb) {
    const chs = groups[g].chs;
    s[i + 1] = groups[g].ms;
    // Groups come from game modules (tested code), not from outside: their channels are not checked here.
    for (let k = 0; k < chs.length; k++) s[i + GREC + (chs[k] >> 5)] |= 1 << (chs[k] & 31);
  }
  // A board always counts: the word is for the simulator and tests.
  if (!ON_DEVICE) s[CNT] = o.counts ? 1 : 0;
  s[R0] = r0;
  return s;
}

export interface Scanner {
  /** One scan tick at time `now` (ms): returns the events waiting in the queue (count). */
  poll(now: number): number;
  /** Hands queued events to the sink, oldest first (no allocation). */
  drain(sink: Pick<Interpreter, 'sense'> & Partial<Interpreter>): void;
  /** Events waiting in the queue (asked between drains); not set on a board, whose runtime has them from poll. */
  count(): number;
  /**
   * Debounced level of a channel; with `mask`, the levels of it and the channels after it in its word (channel c is
   * bit c & 31 of word c >> 5), channel ch + i at bit i, under the mask: -1 from a word's first channel gives the
   * whole word, bits past the board's channels as they read. (Several read at once: a call a channel was the most
   * of a power-up's take-up of the table and of diagnostics' report.)
   */
  level(ch: number, mask?: number): number;
  /**
   * Raw level changes seen on each channel, by channel (0 unless built with `counts`; the words after the channels
   * are the queue's and the channel records): the scanner's own memory, read in place, where a method would cost the
   * chip a function. Each stops at WORD_MAX (255 on most boards: more than any check's limit, so nothing it finds
   * changes). The fault check takes them once a second, and starts them again from 0 (firmware/faults.ts), as
   * diagnostics do more often (firmware/diag.ts).
   */
  rawChanges: Uint8Array | Uint16Array;
  /**
   * Events dropped because the queue was full (never silently lost: diag and replay report it). Not set on a board
   * that keeps its edges as words (EDGE_WORDS), which has no queue to fill: none is ever dropped there.
   */
  lost?: number;
  /** All integer state (debounce.ts and the layout above); not set on a board (ON_DEVICE). */
  s: Int32Array;
  /** Last raw value per bank exactly as read (compared before any conversion), then the queue's event times; not set on a board. */
  f: Float64Array;
}

export const Scanner = function (o: ScanOptions): Scanner {
  // The scanner: an object made here, so that a call without `new` makes no prototype (new Scanner works too).
  const self = {} as Scanner;
  const banks = o.banks;
  const nb = banks.length;
  // Only tests ask for another queue size.
  const channels = o.board.channels;
  const cap = EDGE_WORDS ? 0 : (ON_DEVICE ? 0 : o.capacity) || (SETTLE_GROUPS && o.settle ? channels + o.settle.length : channels);
  // On a board the runtime drains the queue at every tick, so its events all have the tick's time: one kept (at),
  // not one per event (on 96 channels, some 60 JsVars). And its drivers read 32-bit integers: its raw words are
  // an Int32Array, so that no Float64Array is made (the chip would keep that type's prototype for good, 8 JsVars).
  const F = ON_DEVICE ? new Int32Array(nb) : new Float64Array(nb + cap);
  let at = 0;
  const s = setup(o, F, cap);
  // The channel words (above): raw change counts at 0, the queue's events from `channels` on, then the channel records.
  const u = new (PER_WORD > 1 ? Uint8Array : Uint16Array)(s.buffer as ArrayBuffer, 4 * s[R0]);
  /** Whether raw changes are counted per channel (always on a board). */
  const counts = ON_DEVICE || s[CNT];
  // The tick's scope is this one: let the options go.
  o = undefined as unknown as ScanOptions;
  /** Banks pending plus groups armed; while 0 the tick is idlePoll. */
  let hot = 0;
  /** While hot: no deadline comes before this time (ms | 0), so a tick with no raw change has nothing to do. */
  let due = 0;

  // On the chip every character of a called function is read on each call,
  // run or skipped, so the idle tick is a function of its own and the rare work
  // (counts and groups, transits, events) sits in functions called only when
  // there is some. (Calls marked NOINLINE: the minifier would turn a single-use
  // function into one made afresh at every call.)

  /** Queues an event (kind << 14 | level << 13 | channel) and its time; counted in `lost` when the queue is full. */
  function push(word: number, now: number): void {
    if (s[SIZE] === cap) self.lost!++;
    else {
      const i = s[SIZE]++;
      u[channels + i] = word;
      if (ON_DEVICE) at = now;
      else F[nb + i] = now;
    }
  }

  /** Something pending (counted in hot) has `deadline`: bring `due` forward; the only pending thing sets it outright, and the busy tick. */
  function pending(deadline: number): void {
    if (hot === 1) {
      due = deadline;
      self.poll = busyPoll;
    } else if (((deadline - due) | 0) < 0) due = deadline;
  }

  /** A raw change `chg` on bank b restarts the settle groups it touches. */
  function regroup(b: number, chg: number, n: number): void {
    for (let i = s[G0]; i < s[R0]; i += GREC + nb) {
      if (chg & s[i + GREC + b]) {
        s[i + 2] = n + s[i + 1];
        if (!s[i]) {
          s[i] = 1;
          hot++;
        }
        pending(s[i + 2]);
      }
    }
  }

  /**
   * A latching bank's transits, after its debounce step (ck) at time now:
   * queues those due and keeps its wake-up time (NX) no later than the next.
   */
  function transits(o: number, b: number, r: number, ck: number, now: number): void {
    const n = now | 0;
    // Active while still reported inactive: watch it. Reported active: the edge
    // covers it. Inside an eager lockout, activity is chatter by definition.
    const lockout = s[o + TM] & (s[o + E] | (s[o + A] & s[o + PR]));
    const h = (s[o + HI] | (r & s[o + LT] & ~lockout)) & ~ck;
    // Gone again before the debouncer took it: once it has stayed gone for the
    // channel's debounce time (so trailing chatter joins the same pulse), report it.
    // Newly gone ones start waiting; any whose wait is over is ready.
    const w = h & ~r;
    const fresh = w & ~s[o + TW];
    let ready = 0;
    let soon = NO_DEADLINE;
    let x = w;
    while (x) {
      const bit = x & -x;
      x ^= bit;
      const c = (b << 5) + BIT_INDEX[(bit >>> 0) % 37];
      const i = s[0] + CHAN * c;
      if (fresh & bit) u[i + TDL] = n + u[i + 1];
      const left = ((u[i + TDL] - n) << 16) >> 16;
      if (left <= 0) {
        ready |= bit;
        push((TRANSIT << 14) | (1 << 13) | c, now);
      } else if (left < soon) soon = left;
    }
    s[o + HI] = h & ~ready;
    s[o + TW] = w & ~ready;
    if (((n + soon - s[o + NX]) | 0) < 0) s[o + NX] = n + soon;
  }

  /**
   * A bank that changed, or is pending with its deadline come: the debounce
   * step (the kernel of debounce.ts, whose rare parts expire and start are),
   * then its edges and transits. test/debounce.test.ts runs QMK's tables
   * through it.
   */
  function work(b: number, r: number, now: number): void {
    const o = BANK0 + (b << BANK_BITS);
    const n = now | 0;
    const old = s[o];
    let ck = old;
    F[b] = r;
    // A board's drivers read 32-bit integers already (each xors its inversion in); the simulator's may not.
    if (!ON_DEVICE) r |= 0;
    let x = r ^ s[o + RW];
    // Counted per channel, up to WORD_MAX (1 added below it, 0 at it): on a board at nearly every call, so in place, not a call.
    for (let y = counts ? x : 0, bit, k; y; y ^= bit) u[k = (b << 5) + BIT_INDEX[((bit = y & -y) >>> 0) % 37]] -= (u[k] - WORD_MAX) >> 31;
    if (SETTLE_GROUPS && x && s[G0] < s[R0]) (/*@__NOINLINE__*/ regroup(b, x, n));
    s[o + RW] = r;
    // Deferred timers run only while the key differs from its reported level;
    // back to it, the change was a bounce (QMK: counter reset).
    s[o + TM] &= ~(s[o + DF] & ~(r ^ ck));
    // A deadline come, or a change in the sym_defer_g group (expire restarts its timer; never on a board).
    if ((!ON_DEVICE && x & s[o + G]) || ((n - s[o + NX]) | 0) >= 0) ck = /*@__NOINLINE__*/ expire(s, u, b, n, ck, x);
    // Per-key channels that differ and have no timer start one.
    if ((x = (r ^ ck) & s[o + PK] & ~s[o + TM])) ck = /*@__NOINLINE__*/ start(s, u, b, n, ck, x);
    // Its edges (EDGE = 0) queued, from the debounced word old to ck: in place, as at half the calls or more there are some.
    s[o] = ck;
    if (EDGE_WORDS) {
      // (Counted for the tick's return; drain reads their levels from ck.)
      s[o + TW] = ck ^ old;
      for (let y = ck ^ old; y; y &= y - 1) s[SIZE]++;
      at = now;
    } else for (let y = ck ^ old, bit; y; y ^= bit) push((ck & (bit = y & -y) ? 1 << 13 : 0) | ((b << 5) + BIT_INDEX[(bit >>> 0) % 37]), now);
    // A latching bank with nothing watched and nothing newly active: transits has nothing to do (TW is within HI).
    // A board never gets there: its latched channels are all sym_eager_pk, whose every pulse is reported as edges
    // at once (start flips it before this line; one that comes back during the lockout is chatter), so nothing
    // is ever watched (test/scan.test.ts shows it).
    if (!ON_DEVICE && (x = s[o + LT]) && s[o + HI] | (r & x & ~ck)) (/*@__NOINLINE__*/ transits(o, b, r, ck, now));
    x = s[o + TM] | s[o + HI];
    if (x) {
      if (!s[o + PEND]) hot++;
      pending(s[o + NX]);
    } else if (s[o + PEND] && !--hot) self.poll = idlePoll;
    s[o + PEND] = x;
  }

  /** The tick once a deadline has come: every bank changed or due is worked on, in order, then the quiet groups end. */
  function wake(now: number): void {
    const n = now | 0;
    // Time from n to the next deadline.
    let next = NO_DEADLINE;
    for (let b = 0, r; b < nb; b++) {
      r = banks[b].read(b);
      const o = BANK0 + (b << BANK_BITS);
      if (r !== F[b] || (s[o + PEND] && ((n - s[o + NX]) | 0) >= 0)) work(b, r, now);
      const left = (s[o + NX] - n) | 0;
      if (s[o + PEND] && left < next) next = left;
    }
    if (SETTLE_GROUPS) for (let i = s[G0], g = 0; i < s[R0]; i += GREC + nb, g++) {
      if (s[i]) {
        const left = (s[i + 2] - n) | 0;
        if (left <= 0) {
          s[i] = 0;
          hot--;
          push((SETTLED << 14) | g, now);
        } else if (left < next) next = left;
      }
    }
    due = n + next;
    if (!hot) self.poll = idlePoll;
  }

  // Each tick returns the events queued: the runtime asks no method more at every tick.

  /** The tick while nothing is pending: one read and one comparison per bank, and nothing else on its path. */
  function idlePoll(now: number): number {
    for (let b = 0, r; b < nb; b++) if ((r = banks[b].read(b)) !== F[b]) work(b, r, now);
    return s[SIZE];
  }

  /** The tick while something is pending: the idle tick until the next deadline. */
  function busyPoll(now: number): number {
    if ((((now | 0) - due) | 0) < 0) return idlePoll(now);
    (/*@__NOINLINE__*/ wake(now));
    return s[SIZE];
  }

  // First property: found first when the tick is called.
  self.poll = idlePoll;
  if (!EDGE_WORDS) self.lost = 0;
  // The state itself is for the simulator and tests (isIdle, rawLevel): the board's code reads it as locals.
  if (!ON_DEVICE) {
    self.s = s;
    self.f = F as Float64Array;
    self.count = function (): number {
      return s[SIZE];
    };
  }
  // The other methods read the state as locals too (see the top of the file).
  self.drain = function (sink: Pick<Interpreter, 'sense'> & Partial<Interpreter>): void {
    if (EDGE_WORDS) {
      for (let b = 0, o = BANK0; b < nb; b++, o += 1 << BANK_BITS) {
        for (let y = s[o + TW], bit; y; y ^= bit) {
          // Taken off before calling out, as the queue's head is advanced.
          s[o + TW] ^= bit = y & -y;
          sink.sense(EDGE, (b << 5) + BIT_INDEX[(bit >>> 0) % 37], s[o] & bit ? 1 : 0, at);
        }
      }
    } else while (s[HEAD] < s[SIZE]) {
      // Advance before calling out, so a sink that makes more events (queued after this one) cannot see it twice.
      const i = s[HEAD]++;
      const w = u[channels + i];
      sink.sense((w >> 14) as SensorEventKind, w & 0x1fff, (w >> 13) & 1, ON_DEVICE ? at : F[nb + i]);
    }
    s[HEAD] = s[SIZE] = 0;
  };
  self.level = function (ch: number, mask?: number): number {
    return (s[BANK0 + ((ch >> 5) << BANK_BITS)] >>> (ch & 31)) & (mask || 1);
  };
  self.rawChanges = u;
  return self;
} as unknown as { new (o: ScanOptions): Scanner; (o: ScanOptions): Scanner };

// For the simulator and tests: functions, not methods, so they cost the chip nothing.

/** True when nothing is pending: no timer, no watched pulse, no armed group, no queued event. */
export function isIdle(sc: Scanner): boolean {
  const s = sc.s;
  const nb = (s[G0] - BANK0) >> BANK_BITS;
  let busy = s[SIZE];
  for (let b = 0; b < nb; b++) busy |= s[BANK0 + (b << BANK_BITS) + PEND];
  for (let i = s[G0]; i < s[R0]; i += GREC + nb) busy |= s[i];
  return !busy;
}

/** Raw level of a channel at the last scan. */
export function rawLevel(sc: Scanner, ch: number): number {
  return (sc.s[BANK0 + ((ch >> 5) << BANK_BITS) + RW] >>> (ch & 31)) & 1;
}
