// The LED score display: a chain of MAX7219 8-digit 7-segment modules.
//
// A display *text* says what every digit shows: modules joined by '|', 8
// cells each (more are cut), left to right; a '.' lights the decimal point of
// the cell before it. Example, two players, 42 to 17, player 0 to throw:
// "  42.  17|". The simulator reads the frames back (sim/display-text.ts) and
// prints the text in its canonical form ("  42.  17"): each character in the
// font's spelling, trailing blanks and empty trailing modules left off.
//
// Frames are the chip's register writes for the whole chain: rows of
// 2 × modules bytes, one row per latch (the HAL pulses chip select between
// rows), the farthest module's pair first. One SpiOut.write per frame.

import type { SpiOut } from '../hal/types';
import { fontCases, fontOf, SEG_DP } from './segments';

export const CELLS = 8;

// MAX7219 registers.
export const REG_NOOP = 0x00;
/** Digit registers are 1..8; digit 1 (DIG0) is the rightmost cell on the usual modules. */
export const REG_DIGIT = 0x01;
export const REG_DECODE = 0x09;
export const REG_INTENSITY = 0x0a;
export const REG_SCAN_LIMIT = 0x0b;
export const REG_SHUTDOWN = 0x0c;
export const REG_TEST = 0x0f;

/**
 * Scores, two players a module, each right-aligned in 4 cells; the player to
 * play has the decimal point after the score (no point when turn is -1).
 * An optional label (side, end or Board number: "S2", "E3", "b2"; no points)
 * goes in the free half of the last module, right-aligned and cut to 4
 * characters, or else in a module of its own.
 */
export function scoresLayout(scores: number[], turn: number, label?: string): string {
  let text = '';
  for (let i = 0; i < scores.length; i++) {
    // Right-aligned in 4 cells, clamped to what they show; a module ends after each second player.
    text += ('   ' + Math.max(-999, Math.min(9999, Math.round(scores[i])))).slice(-4) + (turn === i ? '.' : '') + (i % 2 ? '|' : '');
  }
  if (label) text += scores.length % 2 ? label.slice(0, 4).padStart(4) : label;
  return text;
}

/**
 * A word or short message, left-aligned, wrapping every 8 characters (a word
 * has no points: a character is a cell): PEG, FOUL, UNDO, "Err 5" (a sensor
 * fault), "d 12 on", "P 123456" (the pairing passkey), "bOth 9" (press both
 * board buttons together to confirm a phone's command; seconds left).
 */
export function wordLayout(word: string): string {
  // A module break after every 8 characters (Espruino's regular expressions have no {8}).
  return word.replace(/(........)/g, '$1|');
}

export interface Display {
  /**
   * Sends the chips their whole setup with brightness 0..15 (a whole number:
   * the phone's `bright` is checked against that range), so that the next
   * show() sends its text in full: wakes them at power-up, sets the
   * brightness, and recovers a chip that lost its settings (ESD, brown-out).
   * Harmless to repeat.
   */
  setup(level: number): void;
  /** Shows `text`; sends nothing when it is already shown (and no setup came since). */
  show(text: string): void;
}

/**
 * A display on a chain of `modules` MAX7219 modules. A frame is made for each
 * change of text (rare), so nothing is held between changes but the text.
 */
export function createDisplay(out: SpiOut, modules: number): Display {
  const row = 2 * modules;
  // The text shown; null until a frame went out, and again after a setup.
  let shown: string | null = null;
  return {
    setup: function (level: number): void {
      // Out of test, no decoding, all 8 digits scanned, the brightness, then out of shutdown.
      const setup = [REG_TEST, 0, REG_DECODE, 0, REG_SCAN_LIMIT, 7,
        REG_INTENSITY, level, REG_SHUTDOWN, 1];
      const rows = new Uint8Array(5 * row);
      for (let i = 0; i < rows.length; i++) rows[i] = setup[2 * ((i / row) | 0) + (i & 1)];
      out.write(rows);
      shown = null;
    },
    show: function (t: string): void {
      if (t === shown) return;
      shown = t;
      // 8 digit rows of (register, segments) pairs, one pair per module.
      const frame = new Uint8Array(CELLS * row);
      for (let i = 0; i < frame.length; i += 2) frame[i] = REG_DIGIT + ((i / row) | 0);
      // Digit register d+1 drives cell 7-d, and the farthest module's pair is shifted in first: cell k
      // of module m is byte (7 - k) * row + 2 * (modules - 1 - m) + 1. Module m's first cell is at
      // `first` (the frame's last byte for module 0), the next cell at `at`, a row before the last one.
      let first = frame.length - 1;
      let at = first;
      const cases = fontCases();
      for (let i = 0; i < t.length && first >= (CELLS - 1) * row; i++) {
        const c = t[i];
        if (c === '|') at = first -= 2;
        // The point of the cell before (there is one, so t[i - 1] exists: on the chip a missing index throws).
        // Past a module's 8 cells `at` falls below 0: cut, as on the chip a typed array throws at a missing index.
        else if (c === '.' && at < first && t[i - 1] !== '.') {
          if (at + row >= 0) frame[at + row] |= SEG_DP;
        } else {
          if (at >= 0) frame[at] = fontOf(c, cases) & 0xff;
          at -= row;
        }
      }
      out.write(frame);
    },
  };
}
