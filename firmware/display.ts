// The LED score display: a chain of MAX7219 8-digit 7-segment modules.
//
// A display *text* says what every digit shows, and is what the simulator
// prints in `display` lines: modules joined by '|', 8 cells each, left to
// right; a '.' lights the decimal point of the cell before it; trailing blanks
// and empty trailing modules are left off. Example, two players, 42 to 17,
// player 0 to throw:  "  42.  17".
//
// Frames are the chip's register writes for the whole chain: rows of
// 2 × modules bytes, one row per latch (the HAL pulses chip select between
// rows), the farthest module's pair first. One SpiOut.write per frame.

import type { SpiOut } from '../hal/types';
import { fontOf, SEG_DP } from './segments';

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
 * The canonical form of a text, as the display shows it back: each character
 * in the font's spelling ("UNDO" → "UndO", undrawable ones blank), each module
 * cut to 8 cells and right-trimmed, empty trailing modules dropped.
 */
export function normalizeText(text: string): string {
  const modules = text.split('|');
  for (let m = 0; m < modules.length; m++) {
    const s = modules[m];
    let spelt = '';
    let cells = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charAt(i);
      // Every character takes a cell but a '.' right after a cell, which lights that cell's point.
      if ((c !== '.' || i === 0 || s.charAt(i - 1) === '.') && cells++ === CELLS) break;
      spelt += String.fromCharCode(fontOf(c) >> 8);
    }
    modules[m] = spelt.replace(/ +$/, '');
  }
  return modules.join('|').replace(/\|+$/, '');
}

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
    // Right-aligned in 4 cells, clamped to what they show.
    text += (i > 0 && i % 2 === 0 ? '|' : '') + ('   ' + Math.max(-999, Math.min(9999, Math.round(scores[i])))).slice(-4) + (turn === i ? '.' : '');
  }
  if (label) text += scores.length % 2 ? ('   ' + label.substring(0, 4)).slice(-4) : (text ? '|' : '') + label;
  return normalizeText(text);
}

/**
 * A word or short message, left-aligned, wrapping every 8 cells: PEG, FOUL,
 * UNDO, "Err 5" (a sensor fault), "d 12 on", "P 123456" (the pairing passkey),
 * "PrESS 9" (press the board button to confirm a phone's command; seconds
 * left), "FLASH 60" (maintenance: console on Bluetooth; seconds left).
 */
export function wordLayout(word: string): string {
  let text = '';
  let cells = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charAt(i);
    if ((c !== '.' || i === 0 || word.charAt(i - 1) === '.') && cells++ === CELLS) {
      text += '|';
      cells = 1;
    }
    text += c;
  }
  return normalizeText(text);
}

export interface Display {
  /**
   * Sends the chips their whole setup with brightness 0..15, then the text
   * again: wakes them at power-up, sets the brightness, and recovers a chip
   * that lost its settings (ESD, brown-out). Harmless to repeat.
   */
  setup(level: number): void;
  /** Shows a text; sends nothing when it is already shown. Returns whether a frame went out. */
  show(text: string): boolean;
}

/**
 * A display on a chain of `modules` MAX7219 modules. A frame is made for each
 * change of text (rare), so nothing is held between changes but the text.
 */
export function createDisplay(out: SpiOut, modules: number): Display {
  const row = 2 * modules;
  // The text shown; null until a frame went out (and again while init resends it).
  let shown: string | null = null;
  const display: Display = {
    setup: function (level: number): void {
      // Out of test, no decoding, all 8 digits scanned, the brightness, then out of shutdown.
      const setup = [REG_TEST, 0, REG_DECODE, 0, REG_SCAN_LIMIT, 7,
        REG_INTENSITY, level < 0 ? 0 : level > 15 ? 15 : Math.round(level), REG_SHUTDOWN, 1];
      const rows = new Uint8Array(5 * row);
      for (let i = 0; i < rows.length; i++) rows[i] = setup[2 * ((i / row) | 0) + (i & 1)];
      out.write(rows);
      const text = shown || '';
      shown = null;
      display.show(text);
    },
    show: function (text: string): boolean {
      const t = normalizeText(text);
      if (t === shown) return false;
      shown = t;
      // 8 digit rows of (register, segments) pairs, one pair per module.
      const frame = new Uint8Array(CELLS * row);
      for (let i = 0; i < frame.length; i += 2) frame[i] = REG_DIGIT + ((i / row) | 0);
      let m = 0;
      let cell = 0;
      let at = 0;
      for (let i = 0; i < t.length && m < modules; i++) {
        const c = t.charAt(i);
        if (c === '|') {
          m++;
          cell = 0;
        } else if (c === '.' && cell > 0 && t.charAt(i - 1) !== '.') frame[at] |= SEG_DP; // the point of the cell before
        else {
          // Digit register d+1 drives cell 7-d; the farthest module's pair is shifted in first.
          at = (CELLS - 1 - cell++) * row + 2 * (modules - 1 - m) + 1;
          frame[at] = fontOf(c) & 0xff;
        }
      }
      out.write(frame);
      return true;
    },
  };
  return display;
}
