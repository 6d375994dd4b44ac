// The score summary in the BLE advert, so any number of phones can follow a
// game without connecting. It is the manufacturer data of a legacy advert
// (at most 24 bytes, docs/espruino.md, Bluetooth); docs/protocol.md documents the layout:
//
//   0  magic 0x54 ('T')       4  flags (FLAG_*)
//   1  layout version (1)     5  turn, or the winner when over; 0xFF none
//   2  game code              6  sequence number, +1 per change, wraps at 256
//   3  score count n (<= 8)   7  round: end, Board or side number; 0 none
//   8.. n scores, int16 little-endian
//
// A board the club enrolled signs its advert (layout version 2,
// firmware/sign.ts): byte 6 is the low byte of a 32-bit counter that never
// repeats, the three bytes after the scores its higher bytes, little-endian,
// and the last 4 bytes a tag, the first 4 of HMAC-SHA256 under the board's
// key over everything before it. It holds at most 4 scores (24 bytes).

/** Espruino Ltd's Bluetooth SIG company id: the board runs Espruino, whose own adverts carry it too (see docs/protocol.md). */
export const MANUFACTURER_ID = 0x0590;
export const ADVERT_MAGIC = 0x54;
export const ADVERT_VERSION = 1;
export const ADVERT_SIGNED_VERSION = 2;
/** A signed advert's counter bytes after the scores (its low byte is byte 6), and its tag. */
export const ADVERT_COUNTER_BYTES = 3;
export const ADVERT_TAG_BYTES = 4;
/** The most scores a signed advert holds (24 bytes with its counter and tag). */
export const ADVERT_SIGNED_SCORES = 4;
export const ADVERT_HEADER = 8;
export const ADVERT_MAX_SCORES = 8;
/** Longest manufacturer data a legacy advert holds beside the flags. */
export const ADVERT_MAX_BYTES = 24;

export const FLAG_OVER = 1;
export const FLAG_DIAG = 2;
// Bit 4 is unused (reserved, 0).
/** A phone command waits for the board button. */
export const FLAG_CONFIRM = 8;
/** More scores than the advert holds: only the first 8 are in it. */
export const FLAG_TRUNCATED = 16;

export const NO_PLAYER = 0xff;

/** What the advert tells of a game: the state message's contract fields. */
export interface AdvertState {
  scores: number[];
  turn: number;
  winner: number | null;
}

/**
 * Writes the advert of game `code` into `out` (24 bytes) and returns
 * the part to send: `flags` other than FLAG_OVER and FLAG_TRUNCATED (which
 * come from the winner and the scores), the sequence number `seq` (its low
 * byte) and `round` (undefined: 0). Bytes wrap as a Uint8Array stores them:
 * no player (-1) is 0xFF (NO_PLAYER).
 */
export function encodeAdvert(s: AdvertState, code: number, flags: number, seq: number, round: number, out: Uint8Array): Uint8Array {
  const scores = s.scores;
  const n = scores.length > ADVERT_MAX_SCORES ? ADVERT_MAX_SCORES : scores.length;
  const over = s.winner !== null;
  out.set([
    ADVERT_MAGIC,
    ADVERT_VERSION,
    code,
    n,
    flags | (over ? FLAG_OVER : 0) | (scores.length > n ? FLAG_TRUNCATED : 0),
    over ? (s.winner as number) : s.turn,
    seq,
    round,
  ]);
  // The end of what is written so far.
  let at = ADVERT_HEADER;
  for (let i = 0; i < n; i++) {
    // Clamped to int16, little-endian (scores are whole numbers).
    const clamped = Math.max(-32768, Math.min(32767, scores[i]));
    out[at++] = clamped;
    out[at++] = clamped >> 8;
  }
  return out.subarray(0, at);
}
