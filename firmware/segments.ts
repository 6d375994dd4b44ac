// A 7-segment font for the MAX7219 in no-decode mode (its Code-B font knows
// only 0-9 - E H L P: docs/espruino.md, Platform facts). Bit order is the
// chip's register layout: DP A B C D E F G, from bit 7 down to bit 0.

/** The decimal point bit; the display uses it after a player's score to mark the turn. */
export const SEG_DP = 0x80;

/** What fontOf gives for a character the font cannot draw: a blank space. */
export const BLANK = 0x2000;

/**
 * The characters the font draws, then all of them in upper and in lower case: what fontOf looks a character up in.
 * A frame makes it once, for all its characters (made at each character's look-up, it was most of a frame's time).
 */
export function fontCases(): string {
  const chars = "0123456789AbCcdEFGHhIJLnOoPqrStUuy-_ =?'.";
  return chars + chars.toUpperCase() + chars.toLowerCase();
}

/**
 * How the font draws one character: (char code of its canonical spelling << 8)
 * | segments, or BLANK when it cannot. The canonical spelling is the font's own
 * case ("N" → "n"); a letter with one form serves both cases. `cases`: fontCases().
 */
export function fontOf(char: string, cases: string): number {
  // The table lives in the function body, so on the chip it stays in flash.
  // O and S share their glyphs with 0 and 5; a '.' alone is just the point.
  const glyphs = '\x7e\x30\x6d\x79\x33\x5b\x5f\x70\x7f\x7b' + // 0-9
    '\x77\x1f\x4e\x0d\x3d\x4f\x47\x5e\x37\x17' + // A b C c d E F G H h
    '\x06\x3c\x0e\x15\x7e\x1d\x67\x73\x05\x5b' + // I J L n O o P q r S
    '\x0f\x3e\x1c\x3b\x01\x08\x00\x09\x65\x02\x80'; // t U u y - _ space = ? ' .
  // The first match is the character itself, else its other case (and nothing beyond ASCII matches); its position
  // modulo the table's length (the glyphs') is its entry, and its place in the font's own case.
  const at = cases.indexOf(char) % glyphs.length;
  return at < 0 ? BLANK : (cases.charCodeAt(at) << 8) | glyphs.charCodeAt(at);
}
