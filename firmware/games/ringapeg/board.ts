// The Ring-a-Peg board: two IR gates per peg (top and low, about 15 mm apart)
// and an optional impact switch under the board. The order in which a ring
// breaks the two beams tells a ring going down from one being lifted, like the
// two phases of a quadrature encoder.
import { BoardDescription, Sensor } from '../../board';

/** Reference layout, one letter per peg: o = outer circle (5), i = inner (10), k = king (25). */
export const REFERENCE_LAYOUT = 'ooooooooiiiik';

/** Peg names in layout order: o1..o8, i1..i4, k (k2.. only if a layout has several king pegs). */
export function pegNames(layout: string): string[] {
  const names: string[] = [];
  const seen: { [letter: string]: number } = { o: 0, i: 0, k: 0 };
  let kings = 0;
  for (let p = 0; p < layout.length; p++) if (layout.charAt(p) === 'k') kings++;
  for (let p = 0; p < layout.length; p++) {
    const letter = layout.charAt(p);
    if (letter !== 'o' && letter !== 'i' && letter !== 'k') throw new Error('layout letter must be o, i or k: ' + letter);
    seen[letter]++;
    names.push(letter === 'k' && kings === 1 ? 'k' : letter + seen[letter]);
  }
  return names;
}

/** Index of a peg name ('o3', 'k') in the layout, or -1. */
export function pegIndex(layout: string, name: string): number {
  const names = pegNames(layout);
  for (let p = 0; p < names.length; p++) if (names[p] === name) return p;
  return -1;
}

/**
 * Peg p's top gate is channel 2p, its low gate 2p+1; the impact switch comes
 * after the last peg (channel 26 on the reference board: 27 channels, one bank).
 */
export function ringapegBoard(layout: string): BoardDescription {
  const names = pegNames(layout);
  const sensors: Sensor[] = [];
  for (let p = 0; p < names.length; p++) {
    sensors.push({ name: 'peg.' + names[p] + '.top', ch: 2 * p, kind: 'ir' });
    sensors.push({ name: 'peg.' + names[p] + '.low', ch: 2 * p + 1, kind: 'ir' });
  }
  sensors.push({ name: 'board.impact', ch: 2 * names.length, kind: 'contact' });
  return { channels: 2 * names.length + 1, sensors: sensors };
}
