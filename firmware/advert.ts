// The score summary in the BLE advert, so any number of phones can follow a
// game without connecting. It is the manufacturer data of a legacy advert
// (at most 24 bytes, ESPRUINO.md §6); docs/protocol.md documents the layout:
//
//   0  magic 0x54 ('T')       4  flags (FLAG_*)
//   1  layout version (1)     5  turn, or the winner when over; 0xFF none
//   2  game code (GAME_CODES) 6  sequence number, +1 per change, wraps at 256
//   3  score count n (<= 8)   7  round: end, Board or side number; 0 none
//   8.. n scores, int16 little-endian

/** Espruino Ltd's Bluetooth SIG company id: the board runs Espruino, whose own adverts carry it too (see docs/protocol.md). */
export const MANUFACTURER_ID = 0x0590;
export const ADVERT_MAGIC = 0x54;
export const ADVERT_VERSION = 1;
export const ADVERT_HEADER = 8;
export const ADVERT_MAX_SCORES = 8;
/** Longest manufacturer data a legacy advert holds beside the flags. */
export const ADVERT_MAX_BYTES = 24;

/** Game codes of byte 2; 0 means no game. */
export const GAME_CODES = ['', 'triangle', 'fortress', 'ringapeg', 'shuffleboard', 'bench'];

export const FLAG_OVER = 1;
export const FLAG_DIAG = 2;
export const FLAG_MAINTENANCE = 4;
/** A phone command waits for the board button. */
export const FLAG_CONFIRM = 8;
/** More scores than the advert holds: only the first 8 are in it. */
export const FLAG_TRUNCATED = 16;

export const NO_PLAYER = 0xff;

export interface AdvertSummary {
  game: string;
  scores: number[];
  turn: number;
  winner: number | null;
  /** Flags other than FLAG_OVER and FLAG_TRUNCATED, which come from winner and scores. */
  flags: number;
  seq: number;
  round: number;
}

function clampInt16(v: number): number {
  const r = Math.round(v);
  return r > 32767 ? 32767 : r < -32768 ? -32768 : r | 0;
}

function playerByte(p: number | null): number {
  return p === null || !(p >= 0 && p < NO_PLAYER) ? NO_PLAYER : p | 0;
}

/** Writes the advert into `out` (24 bytes, reused) and returns the part to send. */
export function encodeAdvert(s: AdvertSummary, out: Uint8Array): Uint8Array {
  const n = s.scores.length > ADVERT_MAX_SCORES ? ADVERT_MAX_SCORES : s.scores.length;
  const code = GAME_CODES.indexOf(s.game);
  const over = s.winner !== null;
  let flags = s.flags & ~(FLAG_OVER | FLAG_TRUNCATED);
  if (over) flags |= FLAG_OVER;
  if (s.scores.length > ADVERT_MAX_SCORES) flags |= FLAG_TRUNCATED;
  out[0] = ADVERT_MAGIC;
  out[1] = ADVERT_VERSION;
  out[2] = code < 0 ? 0 : code;
  out[3] = n;
  out[4] = flags & 0xff;
  out[5] = over ? playerByte(s.winner) : playerByte(s.turn);
  out[6] = s.seq & 0xff;
  out[7] = s.round >= 0 && s.round <= 255 ? s.round | 0 : 0;
  for (let i = 0; i < n; i++) {
    const v = clampInt16(s.scores[i]) & 0xffff;
    out[ADVERT_HEADER + 2 * i] = v & 0xff;
    out[ADVERT_HEADER + 2 * i + 1] = v >> 8;
  }
  return out.subarray(0, ADVERT_HEADER + 2 * n);
}
