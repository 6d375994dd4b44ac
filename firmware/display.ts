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
import { canonicalChar, glyphOf, SEG_DP } from './segments';

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

/** Cells for one player's score: two players share a module. */
const FIELD = 4;
const MAX_SCORE = 9999;
const MIN_SCORE = -999;

function padLeft(s: string, width: number): string {
  while (s.length < width) s = ' ' + s;
  return s;
}

/** Cells a text fragment takes: every character but a '.' that follows a cell. */
function cellCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    if (s.charAt(i) !== '.' || i === 0 || s.charAt(i - 1) === '.') n++;
  }
  return n;
}

/** The first `cells` cells of a fragment. */
function clipCells(s: string, cells: number): string {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const dpOnPrevious = s.charAt(i) === '.' && i > 0 && s.charAt(i - 1) !== '.';
    if (!dpOnPrevious) {
      if (n === cells) return s.substring(0, i);
      n++;
    }
  }
  return s;
}

function trimRight(s: string): string {
  let end = s.length;
  while (end > 0 && s.charAt(end - 1) === ' ') end--;
  return s.substring(0, end);
}

/**
 * The canonical form of a text, as the display shows it back: each character
 * in the font's spelling ("UNDO" → "UndO", undrawable ones blank), each module
 * cut to 8 cells and right-trimmed, empty trailing modules dropped.
 */
export function normalizeText(text: string): string {
  let spelt = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    spelt += c === '|' || c === '.' ? c : canonicalChar(text.charCodeAt(i));
  }
  const modules = spelt.split('|');
  for (let i = 0; i < modules.length; i++) modules[i] = trimRight(clipCells(modules[i], CELLS));
  while (modules.length > 0 && modules[modules.length - 1] === '') modules.pop();
  return modules.join('|');
}

/** One score in its 4-cell field, right-aligned, clamped to what 4 cells can show. */
function scoreField(score: number, turn: boolean): string {
  let v = Math.round(score);
  if (v > MAX_SCORE) v = MAX_SCORE;
  if (v < MIN_SCORE) v = MIN_SCORE;
  return padLeft(String(v), FIELD) + (turn ? '.' : '');
}

/**
 * Scores, two players a module, each right-aligned in 4 cells; the player to
 * play has the decimal point after the score (no point when turn is -1).
 * An optional label (side, end or Board number: "S2", "E3", "b2") goes in the
 * free half of the last module, right-aligned, or else in a module of its own.
 */
export function scoresLayout(scores: number[], turn: number, label?: string): string {
  const modules: string[] = [];
  for (let i = 0; i < scores.length; i += 2) {
    let text = scoreField(scores[i], turn === i);
    if (i + 1 < scores.length) text += scoreField(scores[i + 1], turn === i + 1);
    else if (label) {
      const part = clipCells(label, FIELD);
      text += padLeft('', FIELD - cellCount(part)) + part;
      label = undefined;
    }
    modules.push(text);
  }
  if (label) modules.push(label);
  return normalizeText(modules.join('|'));
}

/** A word or short message (PEG, FOUL, UNDO, Err, "d 12 on"), left-aligned, wrapping every 8 cells. */
export function wordLayout(word: string): string {
  let text = '';
  let cells = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charAt(i);
    const dpOnPrevious = c === '.' && i > 0 && word.charAt(i - 1) !== '.';
    if (!dpOnPrevious) {
      if (cells === CELLS) {
        text += '|';
        cells = 0;
      }
      cells++;
    }
    text += c;
  }
  return normalizeText(text);
}

/** The pairing passkey, for the owner to type on the phone: "P 123456". */
export function passkeyLayout(passkey: string): string {
  return wordLayout('P ' + passkey);
}

/** Waiting for the board button to confirm a phone command: "PrESS 9" (seconds left). */
export function pressLayout(secondsLeft: number): string {
  return wordLayout('PrESS ' + secondsLeft);
}

/** Maintenance mode (console on Bluetooth for re-flashing): "FLASH 60" (seconds left). */
export function maintenanceLayout(secondsLeft: number): string {
  return wordLayout('FLASH ' + secondsLeft);
}

/** Writes the segment bytes of a text into `cells` (module m, cell c at m*8+c); cells beyond the chain are dropped. */
export function renderCells(text: string, cells: Uint8Array): void {
  for (let i = 0; i < cells.length; i++) cells[i] = 0;
  let module = 0;
  let cell = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 124) { // '|'
      module++;
      cell = 0;
      continue;
    }
    const index = module * CELLS + cell;
    if (code === 46 && cell > 0 && text.charCodeAt(i - 1) !== 46 && text.charCodeAt(i - 1) !== 124) {
      cells[index - 1] |= SEG_DP; // '.' after a cell lights that cell's point
      continue;
    }
    if (cell < CELLS && index < cells.length) cells[index] = code === 46 ? SEG_DP : glyphOf(code);
    cell++;
  }
}

/** Rows of one register written with the same value to every chip (init and brightness). */
export function registerRows(modules: number, registers: number[], values: number[]): Uint8Array {
  const row = 2 * modules;
  const bytes = new Uint8Array(row * registers.length);
  for (let r = 0; r < registers.length; r++) {
    for (let m = 0; m < modules; m++) {
      bytes[r * row + 2 * m] = registers[r];
      bytes[r * row + 2 * m + 1] = values[r];
    }
  }
  return bytes;
}

function clampLevel(level: number): number {
  const l = Math.round(level);
  return l < 0 ? 0 : l > 15 ? 15 : l;
}

/** Wake-up sequence: no test, no decoding, all 8 digits scanned, brightness, then out of shutdown. */
export function initRows(modules: number, level: number): Uint8Array {
  return registerRows(modules,
    [REG_TEST, REG_DECODE, REG_SCAN_LIMIT, REG_INTENSITY, REG_SHUTDOWN],
    [0, 0, 7, clampLevel(level), 1]);
}

/** Builds the 8 digit rows of a frame from cell bytes into `frame` (8 × 2 × modules bytes). */
export function frameRows(cells: Uint8Array, modules: number, frame: Uint8Array): void {
  const row = 2 * modules;
  for (let d = 0; d < CELLS; d++) {
    const cell = CELLS - 1 - d; // digit register d+1 drives cell 7-d
    for (let k = 0; k < modules; k++) {
      const m = modules - 1 - k; // farthest module first: its bytes are shifted furthest
      frame[d * row + 2 * k] = REG_DIGIT + d;
      frame[d * row + 2 * k + 1] = cells[m * CELLS + cell];
    }
  }
}

export interface Display {
  /** Wakes the chips; also the way to recover a chip that lost its settings (ESD, brown-out). */
  init(level: number): void;
  /** Brightness 0..15. */
  brightness(level: number): void;
  /** Shows a text; sends nothing when it is already shown. Returns whether a frame went out. */
  show(text: string): boolean;
  /** The text now shown (normalised). */
  text(): string;
}

/** A display on a chain of `modules` MAX7219 modules; buffers are allocated once here. */
export function createDisplay(out: SpiOut, modules: number): Display {
  const cells = new Uint8Array(modules * CELLS);
  const frame = new Uint8Array(CELLS * 2 * modules);
  let shown = '';
  let sent = false;

  function send(text: string): void {
    renderCells(text, cells);
    frameRows(cells, modules, frame);
    out.write(frame);
    sent = true;
  }

  return {
    init: function (level: number): void {
      out.write(initRows(modules, level));
      send(shown);
    },
    brightness: function (level: number): void {
      out.write(registerRows(modules, [REG_INTENSITY], [clampLevel(level)]));
    },
    show: function (text: string): boolean {
      const t = normalizeText(text);
      if (sent && t === shown) return false;
      shown = t;
      send(t);
      return true;
    },
    text: function (): string {
      return shown;
    },
  };
}
