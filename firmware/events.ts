// A bounded ring of sensor events held in typed arrays: pushing allocates
// nothing, and when the consumer falls behind the newest events are dropped
// and counted (never silently lost: `lost` is reported by diag and replay).
import type { Interpreter, SensorEventKind } from './sensing';

export class EventRing {
  /** Events dropped because the ring was full. */
  lost = 0;
  private cap: number;
  private head = 0;
  private size = 0;
  private k: Uint8Array;
  private c: Uint16Array;
  private l: Uint8Array;
  private t: Float64Array;

  constructor(capacity: number) {
    if (!(capacity > 0)) throw new Error('ring capacity must be positive');
    this.cap = capacity;
    this.k = new Uint8Array(capacity);
    this.c = new Uint16Array(capacity);
    this.l = new Uint8Array(capacity);
    this.t = new Float64Array(capacity);
  }

  /** Queues one event; false (and counted in `lost`) when the ring is full. */
  push(kind: number, ch: number, level: number, t: number): boolean {
    if (this.size === this.cap) {
      this.lost++;
      return false;
    }
    let i = this.head + this.size;
    if (i >= this.cap) i -= this.cap;
    this.k[i] = kind;
    this.c[i] = ch;
    this.l[i] = level;
    this.t[i] = t;
    this.size++;
    return true;
  }

  /** Events waiting. */
  count(): number {
    return this.size;
  }

  /** Hands every waiting event to the sink, oldest first; returns how many. */
  drain(sink: Interpreter): number {
    const n = this.size;
    while (this.size > 0) {
      const i = this.head;
      // Advance before calling out, so a sink that pushes more cannot see this one twice.
      this.head = i + 1 === this.cap ? 0 : i + 1;
      this.size--;
      sink.sense(this.k[i] as SensorEventKind, this.c[i], this.l[i], this.t[i]);
    }
    return n;
  }
}
