// Fortification billiards' scoring articles (docs/games/fortress.md): the
// table the rules score by, and each article's place in it, for the rules
// (rules.ts) and their rare parts (rare.ts) alike.

/** Scoring articles (firmware/game.ts, score()); article i is the i-th (the constants below). */
export const ARTICLES =
  'F6 -2  ' + 'F9 -2  ' + 'F11 4  ' + 'F12 -4 ' + 'F18 -2 ' + 'F19 -2 ' +
  'F22 -2 ' + 'F23 0  ' + 'F25 6  ' + 'F26 2  ' + 'F27 2  ' + 'F28 2  ' +
  'F29 -2 ' + 'F30 2  ' + 'F31 -2 ' + 'F32 6  ' + 'F32 -2 ' + 'F34 -2 ' +
  'F36 -2 ' + 'F37 2  ' + 'F37 -2 ' + 'F38 -2';
export const F6 = 0;
export const F9 = 1;
export const F11 = 2;
export const F12 = 3;
export const F18 = 4;
export const F19 = 5;
export const F22 = 6;
export const F23 = 7;
export const F25 = 8;
export const F26 = 9;
export const F27 = 10;
export const F28 = 11;
export const F29 = 12;
export const F30 = 13;
export const F31 = 14;
export const F32 = 15;
export const F32_FAULT = 16;
export const F34 = 17;
export const F36 = 18;
export const F37 = 19;
export const F37_MISS = 20;
export const F38 = 21;
/** Articles after which the ball concerned goes back to its spot (F9, F10, F18, F22, F25, F28-F31, F35), a bit each. */
export const SENDS_BACK = 1 << F6 | 1 << F9 | 1 << F11 | 1 << F18 | 1 << F22 | 1 << F25 | 1 << F28 | 1 << F29 | 1 << F30 | 1 << F31;
/** The striker's own-ball faults that F38 turns into one −2 in an "I do not see" stroke that hit, a bit each. */
export const OWN_FAULTS = 1 << F29 | 1 << F31 | 1 << F34 | 1 << F22 | 1 << F36;
