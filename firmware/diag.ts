// Diagnostics mode: what a maker needs to fix a board. It listens to the same
// events a game would (it is an Interpreter) and reads live levels and raw
// change counts from the scanner. Reports are plain objects for the phone
// (type "diag") and a short text for the LED display. Built for humans
// looking at a board, so reports allocate; sense() itself does not.
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

export class Diagnostics {
  private sc: Scanner;
  private board: BoardDescription;
  private stuckMs: number;
  private names: string[];
  /** Channels the walk test waits for (the board's sensors). */
  private walkChs: number[];
  private seen: Uint8Array;
  private seenCount = 0;
  private edges: Uint16Array;
  private transits: Uint16Array;
  /** Time of each channel's last reported change (or of the start). */
  private since: Float64Array;
  private recT: Float64Array;
  private recC: Uint16Array;
  private recL: Uint8Array;
  private recN = 0;
  /** Set when the walk test progressed since the last call of progressed(). */
  private moved = false;

  constructor(o: DiagOptions) {
    const n = o.board.channels;
    this.sc = o.scanner;
    this.board = o.board;
    this.stuckMs = o.stuckMs || 5000;
    this.names = [];
    for (let c = 0; c < n; c++) this.names.push('ch' + c);
    this.walkChs = [];
    for (let i = 0; i < o.board.sensors.length; i++) {
      this.names[o.board.sensors[i].ch] = o.board.sensors[i].name;
      this.walkChs.push(o.board.sensors[i].ch);
    }
    this.seen = new Uint8Array(n);
    this.edges = new Uint16Array(n);
    this.transits = new Uint16Array(n);
    this.since = new Float64Array(n);
    this.recT = new Float64Array(RECENT);
    this.recC = new Uint16Array(RECENT);
    this.recL = new Uint8Array(RECENT);
    this.walk(o.now);
  }

  /** (Re)starts the walk test: every sensor must be triggered once. */
  walk(now: number): void {
    this.seen.fill(0);
    this.seenCount = 0;
    this.since.fill(now);
    this.moved = true;
  }

  sense(kind: SensorEventKind, ch: number, level: number, t: number): void {
    if (kind !== EDGE && kind !== TRANSIT) return;
    if (kind === EDGE) {
      this.edges[ch]++;
      this.since[ch] = t;
    } else this.transits[ch]++;
    const i = this.recN % RECENT;
    this.recT[i] = t;
    this.recC[i] = ch;
    this.recL[i] = kind === TRANSIT ? 2 : level;
    this.recN++;
    if (level === 1 && this.seen[ch] === 0) {
      this.seen[ch] = 1;
      if (this.walkChs.indexOf(ch) >= 0) {
        this.seenCount++;
        this.moved = true;
      }
    }
  }

  tick(t: number): void {}

  /** True once after each step of the walk test. */
  progressed(): boolean {
    const m = this.moved;
    this.moved = false;
    return m;
  }

  /** The walk test: how many sensors were triggered, of how many, and which are missing. */
  walkState(): { seen: number; of: number; missing: string[] } {
    const missing: string[] = [];
    for (let i = 0; i < this.walkChs.length; i++) {
      if (this.seen[this.walkChs[i]] === 0) missing.push(this.names[this.walkChs[i]]);
    }
    return { seen: this.seenCount, of: this.walkChs.length, missing: missing };
  }

  /** Raw changes the debouncer did not pass on (bounces and noise). */
  rejected(ch: number): number {
    const r = this.sc.rawChanges(ch) - this.edges[ch] - 2 * this.transits[ch];
    return r > 0 ? r : 0;
  }

  /** The full report for the phone. */
  report(now: number): object {
    const levels: string[] = [];
    const nb = (this.board.channels + 31) >> 5;
    for (let b = 0; b < nb; b++) levels.push(('0000000' + (this.sc.word(b) >>> 0).toString(16)).slice(-8));
    const stuck: string[] = [];
    const never: string[] = [];
    const chs: object[] = [];
    for (let c = 0; c < this.board.channels; c++) {
      if (this.sc.level(c) === 1 && now - this.since[c] >= this.stuckMs) stuck.push(this.names[c]);
      const raw = this.sc.rawChanges(c);
      if (raw === 0 && this.walkChs.indexOf(c) >= 0) never.push(this.names[c]);
      // Only channels with something to say: a 160-channel list would not fit a phone screen.
      if (raw > 0) chs.push({ s: this.names[c], ch: c, e: this.edges[c], x: this.transits[c], r: this.rejected(c) });
    }
    const recent: number[][] = [];
    const start = this.recN > RECENT ? this.recN - RECENT : 0;
    for (let i = start; i < this.recN; i++) {
      const j = i % RECENT;
      recent.push([this.recT[j], this.recC[j], this.recL[j]]);
    }
    return {
      type: 'diag',
      levels: levels,
      walk: this.walkState(),
      stuck: stuck,
      never: never,
      ch: chs,
      recent: recent,
      lost: this.sc.ring.lost,
    };
  }

  /** Display text: walk progress, e.g. "d 3-16", then "d done". */
  display(): string {
    const w = this.walkChs.length;
    if (w > 0 && this.seenCount === w) return 'd done';
    return 'd ' + this.seenCount + '-' + w;
  }
}
