// A 7-segment font for the MAX7219 in no-decode mode (its Code-B font knows
// only 0-9 - E H L P, ESPRUINO.md §9). Bit order is the chip's register
// layout: DP A B C D E F G, from bit 7 down to bit 0.

/** The decimal point bit; the display uses it after a player's score to mark the turn. */
export const SEG_DP = 0x80;

/**
 * The characters the font draws, each in its canonical spelling. Where a
 * letter has only one form it is listed once and the other case borrows it
 * (a → A, B → b). O and S share their glyphs with 0 and 5.
 */
export const FONT_CHARS = "0123456789AbCcdEFGHhIJLnOoPqrStUuy-_ =?'";

/** Glyphs of FONT_CHARS, position for position. */
export const FONT_GLYPHS = new Uint8Array([
  0x7e, 0x30, 0x6d, 0x79, 0x33, 0x5b, 0x5f, 0x70, 0x7f, 0x7b, // 0-9
  0x77, 0x1f, 0x4e, 0x0d, 0x3d, 0x4f, 0x47, 0x5e, 0x37, 0x17, // A b C c d E F G H h
  0x06, 0x3c, 0x0e, 0x15, 0x7e, 0x1d, 0x67, 0x73, 0x05, 0x5b, // I J L n O o P q r S
  0x0f, 0x3e, 0x1c, 0x3b, 0x01, 0x08, 0x00, 0x09, 0x65, 0x02, // t U u y - _ space = ? '
]);

/** Glyph of each 7-bit character code; 0 (blank) for characters the font cannot draw. */
const glyphOfCode = new Uint8Array(128);
/** The canonical spelling of each 7-bit character code (space for those the font cannot draw). */
const canonicalOfCode = new Uint8Array(128);

function buildFont(): void {
  for (let i = 0; i < 128; i++) canonicalOfCode[i] = 32;
  for (let i = 0; i < FONT_CHARS.length; i++) {
    glyphOfCode[FONT_CHARS.charCodeAt(i)] = FONT_GLYPHS[i];
    canonicalOfCode[FONT_CHARS.charCodeAt(i)] = FONT_CHARS.charCodeAt(i);
  }
  // The other case borrows a glyph only when it has none of its own.
  for (let i = 0; i < FONT_CHARS.length; i++) {
    const c = FONT_CHARS.charAt(i);
    const other = c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase();
    const code = other.charCodeAt(0);
    if (code < 128 && FONT_CHARS.indexOf(other) < 0) {
      glyphOfCode[code] = FONT_GLYPHS[i];
      canonicalOfCode[code] = FONT_CHARS.charCodeAt(i);
    }
  }
}
buildFont();

/** The segments of one character, without the decimal point; blank when the font cannot draw it. */
export function glyphOf(charCode: number): number {
  return charCode < 128 ? glyphOfCode[charCode] : 0;
}

/** Whether the font can draw a character (space counts). */
export function canDraw(char: string): boolean {
  return char === ' ' || glyphOf(char.charCodeAt(0)) !== 0;
}

/** How a character is spelt in display text: its case in FONT_CHARS ("N" → "n"), or a space when the font cannot draw it. */
export function canonicalChar(charCode: number): string {
  return String.fromCharCode(charCode < 128 ? canonicalOfCode[charCode] : 32);
}
