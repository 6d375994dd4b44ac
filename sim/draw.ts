// The LED score display drawn as text: each 7-segment cell in three lines of
// ASCII, modules side by side, from a display text ("  42.  17|Ab": 8 cells a
// module, modules joined by '|', a '.' lights the point of the cell before it).
import { fontCases, fontOf, SEG_DP } from '../firmware/segments';

/** The font's look-up table, made once (firmware/segments.ts). */
const CASES = fontCases();

const A = 0x40, B = 0x20, C = 0x10, D = 0x08, E = 0x04, F = 0x02, G = 0x01;

/** The segments of each cell of one module's text (8 cells, blank where the text ends). */
function cells(module: string): number[] {
  const out: number[] = [];
  for (const ch of module) {
    if (ch === '.' && out.length > 0 && !(out[out.length - 1] & SEG_DP)) out[out.length - 1] |= SEG_DP;
    else out.push(fontOf(ch, CASES) & 0xff);
  }
  while (out.length < 8) out.push(0);
  return out.slice(0, 8);
}

/** Three lines of ASCII art for a display text, modules framed and side by side. */
export function drawDisplay(text: string, modules: number): string[] {
  const parts = text.split('|');
  const rows = ['', '', ''];
  for (let m = 0; m < modules; m++) {
    const segs = cells(parts[m] || '');
    rows[0] += '[';
    rows[1] += '[';
    rows[2] += '[';
    for (const s of segs) {
      rows[0] += ' ' + (s & A ? '_' : ' ') + '  ';
      rows[1] += (s & F ? '|' : ' ') + (s & G ? '_' : ' ') + (s & B ? '|' : ' ') + ' ';
      rows[2] += (s & E ? '|' : ' ') + (s & D ? '_' : ' ') + (s & C ? '|' : ' ') + (s & SEG_DP ? '.' : ' ');
    }
    rows[0] += ']';
    rows[1] += ']';
    rows[2] += ']';
  }
  return rows;
}
