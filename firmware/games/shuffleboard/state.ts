// What the rules keep of a game of shuffleboard, and a weight's rest as a move gives it: the rules and the matching
// of a table seen both read them.
/**
 * One weight as the sensing reports it once everything is still:
 * [id, colour, d, hanging]. id: the weight's throw in this end (0 the
 * first, 7 the eighth); colour 0 red, 1 blue; d: its centre's distance from
 * the end edge in mm, negative once it has gone off the table; hanging: 1
 * when it overhangs the end edge, 0 when not, which d decides (given, it must
 * agree: 1 exactly when 0 <= d < RADIUS_MM), so best left out; and,
 * for a weight the board saw, how far from d it may lie (mm: its u).
 */
export type Rest = number[];

export interface ShuffleboardState {
  /** Players: 2 (singles) or 4 (doubles: players 0 and 2 are side 0, 1 and 3 side 1). */
  n: number;
  /** Target (S12). */
  tg: number;
  /** Resolution in mm (S11). */
  rs: number;
  /** Scores by side: 0 red, 1 blue. */
  s: number[];
  /** End number, from 1. */
  e: number;
  /** The side that throws first in this end; -1 until the coin toss (S2). */
  f: number;
  /** Throws made in this end, 0-8: weight t is the next one thrown. */
  t: number;
  /** Each weight's centre from the end edge (mm), -1 when not on the table (not thrown yet, or out of play: S4). */
  d: number[];
  /** Each weight's colour. (Whether it hangs over the end edge follows from d: layout.ts tells the phone.) */
  c: number[];
  /** How far from d each weight may lie, as the board located it (mm; 0 once the referee placed it). */
  u: number[];
  /**
   * Where each weight out of play (S4) lies in play, knocked there, as the board last saw it (mm); -1: not seen
   * there; NONE: short beyond the grid, never seen (a throw whose weight never came into it).
   */
  x: number[];
  /** The weights the referee is asked about (bit i: weight i), while the end waits for his word before it is scored. */
  q: number;
  /** Per colour, the weights the board's last look saw short (S4: not fully over the foul line), each as far from the end edge as it may lie (d + u). */
  o: number[][];
  /** The points each side made in the last end scored. */
  ep: number[];
  /** The side that won the last end scored; -1 when nobody scored (S3, S11). */
  ew: number;
  /** The winning side, or null. */
  w: number | null;
}
