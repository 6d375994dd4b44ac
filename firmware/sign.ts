// Signing the advert (firmware/advert.ts, layout version 2): HMAC-SHA256
// (RFC 2104) built on a SHA-256 function the HAL gives (Espruino's
// require('crypto').SHA256 on the chip), its first 4 bytes as the tag. Built
// here, not taken from a library, as the chip's crypto module has SHA256 but no
// HMAC; test/sign.test.ts checks it against Node's HMAC, and in the interpreter.
import { ADVERT_COUNTER_BYTES, ADVERT_HEADER, ADVERT_SIGNED_SCORES, ADVERT_SIGNED_VERSION, ADVERT_TAG_BYTES, FLAG_TRUNCATED } from './advert';

/** SHA-256 of `data`, its 32 bytes in an ArrayBuffer (as Espruino's crypto.SHA256 returns them). */
export type Sha256 = (data: Uint8Array) => ArrayBuffer;

/**
 * HMAC-SHA256 of `data` (at most 32 bytes) under `key`, the bytes of a text
 * of at most 64 characters (a board's key is its 32 hex digits, as the hub's
 * config gives them). Allocates one buffer: it runs once per change of the
 * advert, not per scan.
 */
export function hmacSha256(sha256: Sha256, key: string, data: Uint8Array): ArrayBuffer {
  // The pad, then the data (an advert: at most 24 bytes), then the inner hash in its place.
  const block = new Uint8Array(96);
  let i;
  // Past the key's end charCodeAt is NaN, which ^ takes as 0.
  for (i = 0; i < 64; i++) block[i] = key.charCodeAt(i) ^ 0x36;
  block.set(data, 64);
  block.set(new Uint8Array(sha256(block.subarray(0, 64 + data.length))), 64);
  // The outer pad: 0x5c where the inner had 0x36.
  for (i = 0; i < 64; i++) block[i] ^= 0x6a;
  return sha256(block.subarray(0, 96));
}

/**
 * Signs the advert encodeAdvert wrote at the start of `out` (24 bytes) with
 * `counter`: its version and byte 6 set, its scores cut to 4 (flagged
 * truncated), the counter's higher bytes and the tag after them. Returns the
 * signed advert (a view of `out`).
 */
export function signAdvert(sha256: Sha256, key: string, out: Uint8Array, counter: number): Uint8Array {
  if (out[3] > ADVERT_SIGNED_SCORES) {
    out[3] = ADVERT_SIGNED_SCORES;
    out[4] |= FLAG_TRUNCATED;
  }
  const length = ADVERT_HEADER + 2 * out[3];
  out[1] = ADVERT_SIGNED_VERSION;
  out[6] = counter;
  out[length] = counter >> 8;
  out[length + 1] = counter >> 16;
  out[length + 2] = counter >>> 24;
  const end = length + ADVERT_COUNTER_BYTES;
  out.set(new Uint8Array(hmacSha256(sha256, key, out.subarray(0, end)), 0, ADVERT_TAG_BYTES), end);
  return out.subarray(0, end + ADVERT_TAG_BYTES);
}
