// The simulated flash: append-only logs that survive power cuts, with
// Storage's capacity. A cut can be armed to strike in the middle of a write:
// the write stops there and `cut` tells the simulation the power is gone.
import type { Store } from '../hal/types';

export class SimFlash implements Store {
  files: Record<string, string> = {};
  /** Bytes the next writes may still put down before the power goes; -1: no cut armed. */
  private budget = -1;
  /** Set when an armed cut struck: the power is gone, and nothing more is written. */
  cut = false;
  /** Called when an armed cut strikes: the board dies there, and sends or shows nothing after it. */
  onCut: (() => void) | null = null;

  constructor(private capacity = 40 * 1024) {}

  /** The power goes after `bytes` more bytes are written (0: before the next write). */
  cutAfter(bytes: number): void {
    this.budget = bytes;
  }

  /** (A small file, `small`, is written as a log's first record is, so a cut can strike in the middle of it too.) */
  append(name: string, data: string, small?: number): void {
    if (this.cut) return;
    if (data.length + 32 > this.free()) throw new Error('Storage is full');
    const old = (!small && this.files[name]) || '';
    if (this.budget >= 0 && data.length > this.budget) {
      this.files[name] = old + data.slice(0, this.budget);
      this.budget = -1;
      this.cut = true;
      if (this.onCut) this.onCut();
      return;
    }
    if (this.budget >= 0) this.budget -= data.length;
    this.files[name] = old + data;
  }

  /** Whether a cut is armed and has not struck yet. */
  armed(): boolean {
    return this.budget >= 0;
  }

  /** Power is back: writes go through again. */
  powerOn(): void {
    this.cut = false;
  }

  lines(name: string, each: (line: string) => void): void {
    const text = this.files[name] || '';
    let from = 0;
    while (from < text.length) {
      const nl = text.indexOf('\n', from);
      const end = nl < 0 ? text.length : nl + 1;
      each(text.substring(from, end));
      from = end;
    }
  }

  /** (Once a cut struck, nothing is erased either: the board is dead.) */
  erase(name: string): void {
    if (!this.cut) delete this.files[name];
  }

  free(): number {
    let used = 0;
    for (const name of Object.keys(this.files)) used += this.files[name].length + 32;
    return this.capacity - used;
  }
}
