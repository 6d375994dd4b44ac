// The table as the rules and the matching of a table seen both read it: its lines, a weight's size, and what a
// weight's place and certainty may say.
/** The reference table (mm from the end edge) and weight: lines are judged at their nominal position. */
export const TREY_MM = 152;
export const DEUCE_MM = 305;
export const FOUL_MM = 1829;
/** The weight's radius: it is 58 mm across. */
export const RADIUS_MM = 29;
/** A weight whose centre is this far from the end edge or farther is not fully over the foul line: short (S4). */
export const SHORT_MM = FOUL_MM - RADIUS_MM;
/** What the sensing resolves: two weights nearer than this to each other are level (S11). Option `resolution`. */
export const RESOLUTION_MM = 5;
/** Weights per end: 4 of each colour (S1). */
export const WEIGHTS = 8;
/** The nearest weight of a side with none on the table: farther than any. */
export const NONE = 9999;

/** The uncertainty of a weight the board cannot tell (mm): two touching seen as one, one the readings do not place. */
export const CANT_TELL = 999;

/**
 * Added to the uncertainty of a weight the board cannot tell is in play at all (S4), which lies where it is seen
 * (as far off as the rest of its u) or is out: one that lay on the foul line, as far as the board could tell,
 * knocked on; a throw of a colour that had one short, which may have knocked that one into play (matched()). Kept
 * through later looks until the referee places it. (More than any other u: CANT_TELL past the foul line.)
 */
export const MAYBE_OUT = 2000;
