// Reading a signed advert (firmware/advert.ts, layout version 2) with the key
// the club enrolled a board with: the tag checked with Node's HMAC-SHA256 (not
// the firmware's own, firmware/sign.ts), the counter read, and the advert
// given back in the unsigned layout the room decodes. docs/security.md.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ADVERT_COUNTER_BYTES, ADVERT_HEADER, ADVERT_SIGNED_VERSION, ADVERT_TAG_BYTES, ADVERT_VERSION } from '../firmware/advert';

/** A key as the hub's config gives it: 32 hex digits; the HMAC key is those 32 characters, as the board keeps it. */
export const KEY_HEX = /^[0-9a-f]{32}$/i;

/** What an advert says, once its signature is checked: the unsigned layout, and its counter (null: not signed, or no key to check it with). */
export interface Opened {
  bytes: Uint8Array;
  counter: number | null;
}

/** The tag a board with `key` puts after `signed` (the advert up to its tag). */
export function advertTag(key: Uint8Array, signed: Uint8Array): Uint8Array {
  return createHmac('sha256', key).update(signed).digest().subarray(0, ADVERT_TAG_BYTES);
}

/**
 * Opens advert `bytes` of a board the club enrolled with `key` (undefined: not
 * enrolled). 'forged' when the board is enrolled and the advert is not signed
 * or its tag is wrong; null when a signed advert's length is wrong.
 */
export function openAdvert(bytes: Uint8Array, key: Uint8Array | undefined): Opened | 'forged' | null {
  if (bytes[1] !== ADVERT_SIGNED_VERSION) return key ? 'forged' : { bytes, counter: null };
  const scoresEnd = ADVERT_HEADER + 2 * bytes[3];
  const end = scoresEnd + ADVERT_COUNTER_BYTES;
  if (bytes.length !== end + ADVERT_TAG_BYTES) return null;
  const inner = bytes.slice(0, scoresEnd);
  inner[1] = ADVERT_VERSION;
  if (!key) return { bytes: inner, counter: null };
  if (!timingSafeEqual(advertTag(key, bytes.subarray(0, end)), bytes.subarray(end))) return 'forged';
  const counter = (bytes[6] | (bytes[scoresEnd] << 8) | (bytes[scoresEnd + 1] << 16) | (bytes[scoresEnd + 2] << 24)) >>> 0;
  return { bytes: inner, counter };
}
