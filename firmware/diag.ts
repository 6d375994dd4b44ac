// Diagnostics mode: what a maker needs to fix a board. It hears the same
// events a game would (sense) and reads live levels and raw change counts from
// the scanner. Reports are plain objects for the phone (type "diag") and a
// short text for the LED display. Built for humans looking at a board, so
// reports allocate, but never in proportion to the sensors' names: a set of
// channels goes as words of bits (the phone knows each sensor's channel), and
// at most LISTED names are looked up (not kept); sense() allocates nothing.
// Made when the mode starts, as closures over one scope: diagnostics is rarely
// entered, and methods on a prototype would hold the chip's RAM for as long as
// the firmware runs. All counters sit in two typed arrays.
// A board keeps this code out of its game bundle: the build makes it a module
// of its own (dist/<game>.diag.js), flash writes it to Storage with the other
// modules beside the bundle, and the board loads it when diagnostics start
// (firmware/modules.ts, firmware/handle.ts). Its bytes are budgeted apart from the game's.
import type { BoardDescription, Sensor } from './board';
import { sensorAt } from './board';
import type { Diagnostics, SensorEventKind, WalkState } from './sensing';
import { SETTLED } from './sensing';
import type { Scanner } from './scan';
import { ON_DEVICE } from './device';

/** The module name (what a phone hears when the board was flashed without it; firmware/modules.ts) of the diagnostics module on a board. */
export const DIAG_MODULE = 'tallyboard-diag';
/** How long a channel reported active is listed as stuck, unless a test asks otherwise. */
const STUCK_MS = 5000;
/** Recent edges kept for the report. */
const RECENT = 8;
/** Sensors named in a walk message, and channels in a report's `ch`, at most: the rest are in its words. */
const LISTED = 8;
/** Channel flags (see u below): seen in the walk test, a sensor's, a sensor that holds a state (never stuck). */
const SEEN = 1;
const SENSOR = 2;
const HOLDS = 4;

/**
 * Diagnostics of `board`, whose channels `sc` scans, from `now` (ms). `progressed` is told the walk test's
 * state after each step of it, at the end of the scan tick whose events made it (the start counts as one).
 * Once the scanner's ring dropped events (`lost`: only where a test makes the ring smaller), the sensors
 * active then count as seen, so an overflow never passes for missing sensors. A channel reported active for
 * `stuckMs` is listed as stuck (5000 ms unless a test asks otherwise).
 */
export function createDiagnostics(sc: Scanner, board: BoardDescription, now: number, progressed: (walk: WalkState) => void, stuckMs?: number): Diagnostics {
  const n = board.channels;
  /** How many sensors the walk test waits for (counted by walk; not named `of`: Espruino parses it as a keyword, so the debug module would not run). */
  let toSee = 0;
  // Only tests choose stuckMs.
  const stuckAfter = ON_DEVICE ? STUCK_MS : stuckMs || STUCK_MS;
  // Three planes of a value per channel c: flags (SEEN, SENSOR) at c, edges at n + c, transits at
  // 2n + c; then recent edge j at 3n + j: its channel << 2 | its level (2 for a transit); then raw changes at
  // RAW + c, taken from the scanner's counts (which stop at 255 on most boards) before they can reach it.
  const u = new Uint16Array(4 * n + RECENT);
  const RAW = 3 * n + RECENT;
  /** The scanner's raw change counts (read in place: firmware/scan.ts). */
  const changes = sc.rawChanges;
  /** Scan ticks since the raw changes were last taken: a count grows by 1 a tick at most. */
  let ticks = 0;
  // Each channel's time of its last reported change (or of the start), then each recent edge's time: ms after
  // `now`, so that 32 bits hold them (half the memory of a board's own times, which count from 1970 once set). They
  // wrap after 49.7 days in diagnostics: a time is read back by its age, the 32-bit difference (`>>> 0`) from now's.
  const t0 = now;
  const t = new Uint32Array(n + RECENT);
  /** How long ago (ms) the kept time at t[i] was, at `now`. */
  function age(now: number, i: number): number {
    return (now - t0 - t[i]) >>> 0;
  }
  /** Sensors seen in the walk test; recent edges recorded (all time: the last RECENT are kept). */
  let seen = 0;
  let rec = 0;
  /** Whether the walk test progressed since it was last told; whether this scan tick brought events. */
  let moved = false;
  /** The walk test's state as last worked out (walkState), until it progresses. */
  let walkNow: WalkState | undefined;
  let heard = false;

  /**
   * Adds the scanner's raw change count of channel c to the channel's own, and starts it again from 0: the channel's
   * count now. (The counts stop at 65,535, 16 bits: wrapped, the noisiest channel of a board left in diagnostics left
   * the report, and came back with a count far too small.)
   */
  function take(c: number): number {
    const raw = u[RAW + c] = Math.min(65535, u[RAW + c] + changes[c]);
    changes[c] = 0;
    return raw;
  }

  /** A sensor's channel seen active: a step of the walk test, the first time. */
  function see(ch: number): void {
    if ((u[ch] & (SEEN | SENSOR)) === SENSOR) {
      u[ch] |= SEEN;
      seen++;
      moved = true;
      walkNow = undefined;
    }
  }

  // The board's sensors are read when needed, not kept: a board of many makes each when asked, one channel at a time,
  // with no name (none is read here); a board's list is read once through (asking it channel by channel searched the
  // list for each). (A channel's time is its last change's, or the start's, walk test begun again or not: a sensor
  // active for STUCK_MS since is stuck.)
  function walk(): void {
    const list = board.sensor ? null : board.sensors;
    u.fill(0, 0, n);
    toSee = 0;
    for (let i = 0; i < (list ? list.length : n); i++) {
      const sensor = list ? list[i] : board.sensor!(i, 1);
      if (sensor) {
        // Channel i's, of a board that makes its sensors; of a list, a channel's first sensor (as sensorAt finds it),
        // and only on a whole channel of the board's (any other is no channel's: on the chip, a typed array indexed
        // by 1.5 or null throws).
        const ch = list ? sensor.ch : i;
        if (ch === (ch | 0) && ch >= 0 && ch < n && !u[ch]) {
          u[ch] = sensor.holds ? SENSOR | HOLDS : SENSOR;
          toSee++;
        }
      }
    }
    seen = 0;
    moved = true;
    walkNow = undefined;
  }

  /** A channel word (channel c is bit c & 31 of word c >> 5) as 8 hex digits. */
  function hex(word: number): string {
    return (word >>> 0).toString(16).padStart(8, '0');
  }

  /**
   * The walk test's state, worked out again only once it progressed (walkNow let go): a report, which the phone asks
   * for every second, tells it too, and working it out there made the report's tick hold the interpreter longest.
   */
  function walkState(): WalkState {
    if (!walkNow) {
      const missing: string[] = [];
      const unseenWords: string[] = [];
      // (The check written out, not a call: a call a channel held a tick as long again on a board of many channels.)
      for (let c = 0, word = 0; c < n; c++) {
        if ((u[c] & (SEEN | SENSOR)) === SENSOR) {
          // Masked: the chip shifts in C, where 32 or more gives 0, not mod 32.
          word |= 1 << (c & 31);
          if (missing.length < LISTED) missing.push((sensorAt(board, c) as Sensor).name);
        }
        if ((c & 31) === 31 || c === n - 1) {
          unseenWords.push(hex(word));
          word = 0;
        }
      }
      walkNow = { seen: seen, of: toSee, missing: missing, unseen: unseenWords, lost: 0 };
    }
    walkNow.lost = sc.lost || 0;
    return walkNow;
  }

  /**
   * The full report: a `diag` message. Its channel words and its noisiest channels are worked out in one pass over
   * the channels, a word's levels read at once: on a board of many channels the report held the interpreter longest
   * of diagnostics, and the phone asks for one every second while its sensors screen shows.
   */
  function report(now: number): object {
    const chs: number[][] = [];
    const recent: number[][] = [];
    const levels: string[] = [];
    const stuck: string[] = [];
    const never: string[] = [];
    for (let w = 0; w < n; w += 32) {
      // The word's channels of the board's (a bank's inputs past them read what they will). (Masked so: the chip
      // shifts in C, where 32 or more gives 0, not mod 32, and 1 << 31 less 1 is no 32-bit number.)
      const active = sc.level(w, n - w < 32 ? -1 >>> (32 - n + w) : -1);
      let stuckBits = 0;
      let neverBits = 0;
      for (let c = w, end = Math.min(n, w + 32); c < end; c++) {
        const flags = u[c];
        const raw = changes[c] ? take(c) : u[RAW + c];
        if (raw) {
          const edges = u[n + c];
          const transits = u[2 * n + c];
          // Raw changes the debouncer did not pass on (bounces and noise) are rejected. Only the LISTED channels that
          // rejected most are listed, most first (the noisy ones to look at): a list of every channel would take the
          // memory of a board's sensors, and would not fit a phone screen.
          const rejected = raw - edges - 2 * transits;
          let i = chs.length;
          while (i && chs[i - 1][3] < rejected) i--;
          if (rejected > 0 && i < LISTED) {
            chs.splice(i, 0, [c, edges, transits, rejected]);
            if (chs.length > LISTED) chs.pop();
          }
        } else if (flags & SENSOR) neverBits |= 1 << (c - w);
        // (A sensor that holds a state, a ball's spot or colours down, is active as long as the game wants.)
        if ((active >>> (c - w)) & 1 && !(flags & HOLDS) && age(now, c) >= stuckAfter) stuckBits |= 1 << (c - w);
      }
      levels.push(hex(active));
      stuck.push(hex(stuckBits));
      never.push(hex(neverBits));
    }
    for (let i = rec > RECENT ? rec - RECENT : 0; i < rec; i++) {
      const edge = u[3 * n + i % RECENT];
      recent.push([now - age(now, n + i % RECENT), edge >> 2, edge & 3]);
    }
    return {
      type: 'diag', levels: levels, walk: walkState(), stuck: stuck, never: never, ch: chs, recent: recent, lost: sc.lost || 0,
    };
  }

  walk();
  return {
    // Begun again: told at the next tick, as a step is (the start is told by the report the phone gets).
    walk: function (): void {
      walk();
      heard = true;
    },
    sense: function (kind: SensorEventKind, ch: number, level: number, time: number): void {
      heard = true;
      if (kind === SETTLED) return;
      // An edge (kind 0) counts at n + ch, a transit (kind 1) at 2n + ch (up to 65,535, as take's).
      const at = (kind + 1) * n + ch;
      if (u[at] < 65535) u[at]++;
      if (!kind) t[ch] = time - t0;
      const j = rec++ % RECENT;
      t[n + j] = time - t0;
      // Its level, or 2 for a transit (kind 1, always level 1).
      u[3 * n + j] = (ch << 2) | (level + kind);
      if (level === 1) see(ch);
    },
    tick: function (): boolean {
      // (Taken only from a channel that changed, here and in the report: a call a channel held the tick of a report
      // on a board of many channels half as long again.)
      if (!(++ticks & 127)) for (let c = 0; c < n; c++) if (changes[c]) take(c);
      // The walk test's state is worked out again at this tick (told, or kept for the report) once it progressed, and
      // the runtime then carries out no phone's command, nor tells, at it: the two at one tick held it over 20 ms.
      const fresh = !walkNow;
      if (heard) {
        // Once the ring dropped events, the sensors active after each drain were seen. A board's ring never drops
        // (one event per channel and group, drained every tick: firmware/scan.ts); only tests make it smaller.
        if (!ON_DEVICE && sc.lost) for (let c = 0; c < n; c++) if (sc.level(c)) see(c);
        if (moved) progressed(walkState());
        moved = heard = false;
      }
      if (fresh) walkState();
      return fresh;
    },
    show: function (): string {
      return 'd ' + (toSee && seen === toSee ? 'done' : seen + '-' + toSee);
    },
    changed: function (): boolean {
      return rec > 0;
    },
    report: report,
  };
}
