// The simulated flash: append-only logs that survive power cuts, each with the
// room a board's Storage gives a game's log, filled as Espruino fills it. A
// cut can be armed to strike in the middle of a write: the write stops there
// and `cut` tells the simulation the power is gone.
import type { Store } from '../hal/types';

/** The MDBT42Q's Storage: 40 KB in 4 KB flash pages, a 32-byte header before each file. */
export const STORAGE_BYTES = 40960;
export const PAGE_BYTES = 4096;
export const FILE_HEADER_BYTES = 32;
/** A StorageFile (a log) is written in chunks, each a file of its own of one page less its header. */
export const LOG_CHUNK_BYTES = PAGE_BYTES - FILE_HEADER_BYTES;

export class SimFlash implements Store {
  files: Record<string, string> = {};
  /** The files written as small files: read back as one line, as the board's Store reads one. */
  private small = new Set<string>();
  /** Bytes the next writes may still put down before the power goes; -1: no cut armed. */
  private budget = -1;
  /** Set when an armed cut struck: the power is gone, and nothing more is written. */
  cut = false;
  /** Called when an armed cut strikes: the board dies there, and sends or shows nothing after it. */
  onCut: (() => void) | null = null;

  /**
   * `room`: the bytes a log may hold, its chunks' (a game's log chunks: the build keeps the game's firmware in Storage
   * small enough to leave them, tools/games.ts). One chunk unless told.
   */
  constructor(readonly room = LOG_CHUNK_BYTES) {}

  /** The power goes after `bytes` more bytes are written (0: before the next write). */
  cutAfter(bytes: number): void {
    this.budget = bytes;
  }

  /**
   * As the board's Store (hal/espruino/store.ts) writes: Espruino's StorageFile.write fills the log's last chunk with
   * what fits and then throws, as it cannot make another; a write that fills it exactly went in whole, and is done. A
   * small file (`small`) is written whole in place of any before, as a log's first record is, so a cut can strike in
   * the middle of it too.
   */
  append(name: string, data: string, small?: number): void {
    if (this.cut) return;
    const old = (!small && this.files[name]) || '';
    if (small) this.small.add(name);
    const fits = old.length + data.length <= this.room;
    const part = fits ? data : data.slice(0, this.room - old.length);
    if (this.budget >= 0 && part.length > this.budget) {
      this.files[name] = old + part.slice(0, this.budget);
      this.budget = -1;
      this.cut = true;
      if (this.onCut) this.onCut();
      return;
    }
    if (this.budget >= 0) this.budget -= part.length;
    this.files[name] = old + part;
    if (!fits) throw new Error('Unable to find or create file');
  }

  /** Whether a cut is armed and has not struck yet. */
  armed(): boolean {
    return this.budget >= 0;
  }

  /** Power is back: writes go through again. */
  powerOn(): void {
    this.cut = false;
  }

  /** As the board's: the file's text is read afresh at each line, so what is appended meanwhile is read in its turn. */
  reader(name: string): () => string | undefined {
    let from = 0;
    return () => {
      const text = this.files[name] || '';
      if (this.small.has(name)) {
        const whole = from ? '' : text;
        from = 1;
        return whole || undefined;
      }
      if (from >= text.length) return undefined;
      const nl = text.indexOf('\n', from);
      const end = nl < 0 ? text.length : nl + 1;
      const line = text.substring(from, end);
      from = end;
      return line;
    };
  }

  /** (Once a cut struck, nothing is erased either: the board is dead.) */
  erase(name: string): void {
    if (this.cut) return;
    delete this.files[name];
    this.small.delete(name);
  }

  /** The bytes log `name` may still take. */
  free(name: string): number {
    return this.room - (this.files[name] || '').length;
  }
}
