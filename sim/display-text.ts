// A simulated chain of MAX7219 modules: it takes the firmware's SPI frames,
// applies each latched row to each chip's registers as the real chain would,
// and reads the digits back as display text (the `display` lines of replay).
// Frames are decoded from the bytes, not copied from the firmware's text, so a
// wrong frame shows as a wrong text.

import type { SpiOut } from '../hal/types';
import { fontCases, fontOf, SEG_DP } from '../firmware/segments';
import {
  CELLS, REG_DECODE, REG_DIGIT, REG_INTENSITY, REG_NOOP, REG_SCAN_LIMIT, REG_SHUTDOWN, REG_TEST,
} from '../firmware/display';

/** One chip's registers, as it powers up: shut down, decode off, 1 digit scanned, dimmest. */
export interface Max7219State {
  digits: number[];
  decode: number;
  intensity: number;
  scanLimit: number;
  shutdown: boolean;
  test: boolean;
}

/** Code-B font of the chip's decode mode (0-9 - E H L P blank), segments without DP. */
const CODE_B = [0x7e, 0x30, 0x6d, 0x79, 0x33, 0x5b, 0x5f, 0x70, 0x7f, 0x7b, 0x01, 0x4f, 0x37, 0x0e, 0x67, 0x00];

// Every character the font draws in its own spelling, found by asking the font about each printable ASCII character.
const DIGIT_OF_GLYPH = new Map<number, string>();
const LETTER_OF_GLYPH = new Map<number, string>();
const CASES = fontCases();
for (let code = 33; code < 127; code++) {
  const c = String.fromCharCode(code);
  const drawn = fontOf(c, CASES);
  if (drawn >> 8 !== code || code === 46) continue; // a lone '.' reads back as ' .'
  const table = c >= '0' && c <= '9' ? DIGIT_OF_GLYPH : LETTER_OF_GLYPH;
  if (!table.has(drawn & 0x7f)) table.set(drawn & 0x7f, c);
}

/** Whether glyph g is a letter's alone (no digit shares it). */
function letterOnly(g: number): boolean {
  const letter = LETTER_OF_GLYPH.get(g);
  return !DIGIT_OF_GLYPH.has(g) && letter !== undefined && /[A-Za-z]/.test(letter);
}

/**
 * Reads segments back as characters. O/0 and S/5 share a glyph: in a run of
 * lit cells that holds a letter the shared glyph reads as the letter
 * ("PrESS", "FOUL"), otherwise as the digit ("15", "-50"), and so it does
 * after a run's one letter that is all that is not a number ("L5", "r5",
 * "d0-38": a letter and a count, as the displays show them). Unknown glyphs read '#'.
 */
export function segmentsToText(segments: number[]): string {
  const out: string[] = [];
  let runStart = 0;
  const flush = (end: number): void => {
    let hasLetter = false;
    // (Its first cell aside: a letter there reads as itself whatever the rest reads as.)
    for (let i = runStart + 1; i < end; i++) if (letterOnly(segments[i] & 0x7f)) hasLetter = true;
    for (let i = runStart; i < end; i++) {
      const g = segments[i] & 0x7f;
      const digit = DIGIT_OF_GLYPH.get(g);
      const letter = LETTER_OF_GLYPH.get(g);
      let c = (hasLetter ? letter ?? digit : digit ?? letter) ?? '#';
      if (g === 0) c = ' ';
      out.push(c + (segments[i] & SEG_DP ? '.' : ''));
    }
    runStart = end;
  };
  for (let i = 0; i < segments.length; i++) {
    if ((segments[i] & 0x7f) === 0) {
      flush(i);
      out.push(segments[i] & SEG_DP ? ' .' : ' ');
      runStart = i + 1;
    }
  }
  flush(segments.length);
  return out.join('');
}

export interface Max7219Chain extends SpiOut {
  /** Chip k is the k-th from the microcontroller, shown k-th from the left. */
  readonly chips: Max7219State[];
  /** Every write() call's bytes, in order (a copy). */
  readonly writes: Uint8Array[];
  /** What the chain shows now, in the display text format of firmware/display.ts. */
  text(): string;
  /** What each module lights now: its 8 cells' segments, left to right (bit 7 the point, then A..G). */
  segments(): number[][];
}

export function createMax7219Chain(modules: number): Max7219Chain {
  const chips: Max7219State[] = [];
  for (let k = 0; k < modules; k++) {
    chips.push({ digits: [0, 0, 0, 0, 0, 0, 0, 0], decode: 0, intensity: 0, scanLimit: 0, shutdown: true, test: false });
  }
  const writes: Uint8Array[] = [];
  const row = 2 * modules;

  function apply(chip: Max7219State, reg: number, value: number): void {
    if (reg >= REG_DIGIT && reg < REG_DIGIT + CELLS) chip.digits[reg - REG_DIGIT] = value;
    else if (reg === REG_DECODE) chip.decode = value;
    else if (reg === REG_INTENSITY) chip.intensity = value & 0x0f;
    else if (reg === REG_SCAN_LIMIT) chip.scanLimit = value & 0x07;
    else if (reg === REG_SHUTDOWN) chip.shutdown = (value & 1) === 0;
    else if (reg === REG_TEST) chip.test = (value & 1) === 1;
    else if (reg !== REG_NOOP) throw new Error('MAX7219: no register 0x' + reg.toString(16));
  }

  function moduleSegments(chip: Max7219State): number[] {
    const segs: number[] = [];
    for (let cell = 0; cell < CELLS; cell++) {
      const digit = CELLS - 1 - cell;
      let v = chip.digits[digit];
      if (chip.test) v = 0xff;
      else if (chip.shutdown || digit > chip.scanLimit) v = 0;
      else if (chip.decode & (1 << digit)) v = (v & SEG_DP) | CODE_B[v & 0x0f];
      segs.push(v);
    }
    return segs;
  }

  return {
    chips,
    writes,
    write(bytes: Uint8Array): void {
      if (bytes.length === 0 || bytes.length % row !== 0) {
        throw new Error('MAX7219 chain of ' + modules + ': ' + bytes.length + ' bytes is not whole rows of ' + row);
      }
      writes.push(bytes.slice());
      for (let r = 0; r < bytes.length; r += row) {
        for (let k = 0; k < modules; k++) {
          // The first pair shifted in ends up in the farthest chip.
          const at = r + 2 * (modules - 1 - k);
          apply(chips[k], bytes[at], bytes[at + 1]);
        }
      }
    },
    segments: () => chips.map(moduleSegments),
    text(): string {
      const parts = chips.map((chip) => segmentsToText(moduleSegments(chip)).replace(/ +$/, ''));
      while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
      return parts.join('|');
    },
  };
}
