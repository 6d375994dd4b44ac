// The fortress interpreter's memory (interpret.ts): the happenings' codes and
// the slots of its two typed arrays, which its taking up at power-up
// (powerup.ts) shares.
import { FORT_COUNT, MOUTH_COUNT } from './board';

// Happening codes (0: none). Mouth m, class c (side * 2, + 1 defending): 1 + 4m + c; into a fort with its bell: + BELL.
// A ball b leaving its spot: LEAVE + b, put back: PUT + b; colours k down: DOWN + k, up: UP + k.
export const BELL = 4 * MOUTH_COUNT;
export const LEAVE = 1 + BELL + 4 * FORT_COUNT;
export const PUT = LEAVE + 6;
export const DOWN = PUT + 6;
export const UP = DOWN + 12;
/**
 * One more than the largest code: a begin record holds the first SAVED codes as the digits of one number, an
 * integer below 2^53 (145^7 is 1.3e15), which a double and Espruino's JSON keep exact; the codes after them go
 * in begin records that extend it, strings of a space and two hex digits a code.
 */
export const BASE = UP + 12;
export const SAVED = 7;
/** Happenings a stroke holds (more are not scored; a stroke has a handful). */
export const MAX_HAPPENINGS = 48;

// Slots of `at` (times, ms since power-up: `base`): a mouth's last switch event, a spot's covering.
export const SPOT_AT = MOUTH_COUNT;
/** The stroke's last sensed movement, and the time before which tick() has nothing to do. */
export const LAST = SPOT_AT + 6;
export const DUE = LAST + 1;
/** The longest wait `at` holds (24.8 days): nothing due for as long. */
export const NEVER = 0x7fffffff;

// Bits of a mouth's `seen`, besides its four switches (bit = the switch's place: north low, north high, south low, south high):
// a passage under way, its first low switch seen and it was the south one, its fort's bell rang.
export const OPEN = 16;
export const FIRST_SET = 32;
export const SOUTH_FIRST = 64;
export const RANG = 128;
/** At the pass, which has no bell: an insensitive switch tripped before any sensitive one (wiring.md: they lie towards the French quarter). */
export const HIGH_FIRST = RANG;

// Slots of `bytes`: per mouth its `seen`; per spot 0 empty, 1 covered (is it a ball put there?), 2 a ball lies there;
// per fort where its last entry in this stroke is among the codes (NONE: none); per mouth HALF (below);
// then the stroke's happenings, as codes.
export const SPOT = MOUTH_COUNT;
export const ENTRY = SPOT + 6;
/** Per mouth: 1 while a passage the board came up in the middle of goes on (half seen, it is no happening). */
export const HALF = ENTRY + FORT_COUNT;
export const CODES = HALF + MOUTH_COUNT;
export const NONE = 255;
