// Diagnostics mode: what a maker needs to fix a board. It hears the same
// events a game would (sense) and reads live levels and raw change counts from
// the scanner. Reports are plain objects for the phone (type "diag") and a
// short text for the LED display. Built for humans looking at a board, so
// reports allocate (sensor names are looked up then, not kept); sense() does not.
// A plain constructor with prototype methods, like the scanner, and all
// counters in two typed arrays: what costs the chip least.
import type { Buttons } from '../hal/types';
import type { BoardDescription } from './board';
import type { SensorEventKind } from './sensing';
import { EDGE, TRANSIT } from './sensing';
import type { Scanner } from './scan';

/** Diagnostics is asked for by holding the mode button while the board powers up. */
export function diagAtPowerUp(buttons: Buttons): boolean {
  return buttons.isDown('mode');
}

export interface DiagOptions {
  scanner: Scanner;
  board: BoardDescription;
  /** A channel reported active for this long is listed as stuck (default 5000 ms). */
  stuckMs?: number;
  /** Time diagnostics started (ms). */
  now: number;
}

/** Recent edges kept for the report. */
const RECENT = 8;
// Per channel c in Diagnostics.u: 3c flags (SEEN, SENSOR), 3c + 1 edges, 3c + 2
// transits; then per recent edge j at 3 * channels + 2j: its channel and level
// (2 for a transit). In Diagnostics.t: each channel's time of its last reported
// change (or of the start), then each recent edge's time.
const SEEN = 1;
const SENSOR = 2;

export interface Diagnostics {
  /** (Re)starts the walk test: every sensor must be triggered once. */
  walk(now: number): void;
  sense(kind: SensorEventKind, ch: number, level: number, t: number): void;
  /** True once after each step of the walk test. */
  progressed(): boolean;
  /** The walk test: how many sensors were triggered, of how many, and which are missing. */
  walkState(): { seen: number; of: number; missing: string[] };
  /** The full report for the phone. */
  report(now: number): object;
  /** Display text: walk progress, e.g. "d 3-16", then "d done". */
  display(): string;
  /** The scanner, the board, and the stuck time (ms). */
  sc: Scanner;
  bd: BoardDescription;
  stk: number;
  /** Sensors seen in the walk test, and how many sensors there are. */
  seen: number;
  of: number;
  /** Recent edges recorded (all time; the last RECENT are kept). */
  rec: number;
  /** Set when the walk test progressed since the last call of progressed(). */
  mov: boolean;
  /** Counters, flags and recent edges (layout above). */
  u: Uint16Array;
  /** Times (layout above). */
  t: Float64Array;
}

export const Diagnostics = function (this: Diagnostics, o: DiagOptions): void {
  const n = o.board.channels;
  const sensors = o.board.sensors;
  this.sc = o.scanner;
  this.bd = o.board;
  this.stk = o.stuckMs || 5000;
  this.of = sensors.length;
  this.rec = 0;
  this.u = new Uint16Array(3 * n + 2 * RECENT);
  this.t = new Float64Array(n + RECENT);
  for (let i = 0; i < sensors.length; i++) this.u[3 * sensors[i].ch] = SENSOR;
  this.walk(o.now);
} as unknown as { new (o: DiagOptions): Diagnostics; prototype: Diagnostics };

const P = Diagnostics.prototype;

P.walk = function (this: Diagnostics, now: number): void {
  const n = this.bd.channels;
  for (let c = 0; c < n; c++) {
    this.u[3 * c] &= ~SEEN;
    this.t[c] = now;
  }
  this.seen = 0;
  this.mov = true;
};

P.sense = function (this: Diagnostics, kind: SensorEventKind, ch: number, level: number, t: number): void {
  if (kind !== EDGE && kind !== TRANSIT) return;
  const u = this.u;
  const n = this.bd.channels;
  if (kind === EDGE) {
    u[3 * ch + 1]++;
    this.t[ch] = t;
  } else u[3 * ch + 2]++;
  const j = this.rec++ % RECENT;
  this.t[n + j] = t;
  u[3 * n + 2 * j] = ch;
  u[3 * n + 2 * j + 1] = kind === TRANSIT ? 2 : level;
  if (level === 1 && u[3 * ch] === SENSOR) {
    u[3 * ch] |= SEEN;
    this.seen++;
    this.mov = true;
  }
};

P.progressed = function (this: Diagnostics): boolean {
  const m = this.mov;
  this.mov = false;
  return m;
};

P.walkState = function (this: Diagnostics): { seen: number; of: number; missing: string[] } {
  const sensors = this.bd.sensors;
  const missing: string[] = [];
  for (let i = 0; i < sensors.length; i++) if (!(this.u[3 * sensors[i].ch] & SEEN)) missing.push(sensors[i].name);
  return { seen: this.seen, of: this.of, missing: missing };
};

P.report = function (this: Diagnostics, now: number): object {
  const n = this.bd.channels;
  const u = this.u;
  const sc = this.sc;
  const sensors = this.bd.sensors;
  // Each channel's name: its sensor's, else "ch<n>" (made when asked, not kept; written here, not as a function the chip would keep).
  const name: string[] = [];
  for (let c = 0; c < n; c++) name.push('ch' + c);
  for (let i = 0; i < sensors.length; i++) name[sensors[i].ch] = sensors[i].name;
  const levels: string[] = [];
  const stuck: string[] = [];
  const never: string[] = [];
  const chs: object[] = [];
  let word = 0;
  for (let c = 0; c < n; c++) {
    word |= sc.level(c) << (c & 31);
    if ((c & 31) === 31 || c === n - 1) {
      levels.push(('0000000' + (word >>> 0).toString(16)).slice(-8));
      word = 0;
    }
    if (sc.level(c) && now - this.t[c] >= this.stk) stuck.push(name[c]);
    const raw = sc.rawChanges(c);
    if (!raw && u[3 * c] & SENSOR) never.push(name[c]);
    // Raw changes the debouncer did not pass on (bounces and noise); only
    // channels with something to say: a 160-channel list would not fit a phone screen.
    const rejected = raw - u[3 * c + 1] - 2 * u[3 * c + 2];
    if (raw) chs.push({ s: name[c], ch: c, e: u[3 * c + 1], x: u[3 * c + 2], r: rejected > 0 ? rejected : 0 });
  }
  const recent: number[][] = [];
  for (let i = this.rec > RECENT ? this.rec - RECENT : 0; i < this.rec; i++) {
    const j = i % RECENT;
    recent.push([this.t[n + j], u[3 * n + 2 * j], u[3 * n + 2 * j + 1]]);
  }
  return { type: 'diag', levels: levels, walk: this.walkState(), stuck: stuck, never: never, ch: chs, recent: recent, lost: sc.lost };
};

P.display = function (this: Diagnostics): string {
  return this.of && this.seen === this.of ? 'd done' : 'd ' + this.seen + '-' + this.of;
};
