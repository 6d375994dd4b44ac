// The Ring-a-Peg board: two IR gates per peg (top and low, about 15 mm apart)
// and an optional impact switch under the board. The order in which a ring
// breaks the two beams tells a ring going down from one being lifted, like the
// two phases of a quadrature encoder.
import type { BoardDescription, Sensor } from '../../board';
import { withSensorList } from '../../board';

/** The board's pegs in wiring order, one letter each: o = outer circle (5), i = inner (10), k = king (25). */
export const REFERENCE_LAYOUT = 'ooooooooiiiik';

/** The name of peg p: its letter and its number within its circle ('o3', 'i1'); the lone king peg is just 'k'. */
export function pegName(p: number): string {
  const c = REFERENCE_LAYOUT[p];
  return c === 'k' ? c : c + (p - REFERENCE_LAYOUT.indexOf(c) + 1);
}

/** Peg names in wiring order: o1..o8, i1..i4, k. */
export function pegNames(): string[] {
  const names: string[] = [];
  for (let p = 0; p < REFERENCE_LAYOUT.length; p++) names.push(pegName(p));
  return names;
}

/** Index of a peg name ('o3', 'k'), or -1. */
export function pegIndex(name: string): number {
  // Worked out from its letter and number, then checked against that peg's name (each peg's name made in turn, to
  // find it, held a phone's ring command some 50 bare reads on the chip).
  const p = REFERENCE_LAYOUT.indexOf(name.charAt(0)) + (+name.slice(1) || 1) - 1;
  return p >= 0 && pegName(p) === name ? p : -1;
}

/** Channels: peg p's top gate is channel 2p, its low gate 2p+1; the impact switch comes after the last peg. */
const IMPACT = 2 * REFERENCE_LAYOUT.length;

/**
 * 27 channels on a chain of four 74HC165s (one bank), SH/LD on D14, CLK on
 * D15, read from /QH on D16: a broken beam reads 1, and nothing is inverted.
 * A channel's sensor is made when asked (`sensor`, what the firmware reads):
 * 27 sensor objects made at once would take the chip some 200 JsVars.
 */
export function ringapegBoard(): BoardDescription {
  return withSensorList({
    channels: IMPACT + 1,
    // A peg's two gates tell a ring going down from one lifted together.
    together: [IMPACT, 2],
    sensor: function (ch: number, unnamed?: 1): Sensor | undefined {
      if (!(ch >= 0 && ch <= IMPACT)) return undefined;
      const peg = ch < IMPACT;
      return { name: unnamed ? '' : peg ? 'peg.' + pegName(ch >> 1) + (ch & 1 ? '.low' : '.top') : 'board.impact', ch: ch, kind: peg ? 'ir' : 'contact' };
    },
    banks: [{ kind: 'chain', loadPin: 14, sck: 15, miso: 16, chips: 4, invert: 0 }],
  });
}
