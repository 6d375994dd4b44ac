// A board's signed adverts (firmware/sign.ts): its key, made the first time a
// phone pairs and kept in the flash, and the advert counter, which never
// repeats, even across power cuts: the flash keeps the value the counter may
// count up to, moved RESERVE (256) ahead each time the counter reaches a
// multiple of 256, before that number is used; at power-up the counter starts
// from the highest value kept. A cut costs at most 2 × RESERVE numbers and
// never repeats one. The key and the value are written whole, as a small file,
// to one of two files in turn: a cut spoils only the one being written, and
// the other keeps the key and the last value (small files take their own bytes
// of Storage, where a log takes a 4 KB chunk: a board's log needs that room).
// A board without a key writes nothing.
//
// A board keeps only the signer's state (SignerState) between adverts: the
// signer itself is a module of its own in its Storage (SIGN_MODULE, firmware/
// modules.ts), made afresh over that state at power-up, for each advert of a
// board with a key, and when a phone pairs, and let go after.
import type { Signing, Store } from '../hal/types';
import { signAdvert } from './sign';

/** The module name (what a phone hears when the board was flashed without it; firmware/modules.ts) of a board's signer (app/espruino-signer.ts puts it on the chip's signing). */
export const SIGN_MODULE = 'tallyboard-sign';

/**
 * Its Storage files, written as literals where used (a const enum, so the chip keeps no variable for them): the two
 * small files written in turn, and the two logs earlier firmware kept the key and values in (read once, at power-up, and
 * erased once the key and value are in a small file).
 */
const enum File {
  ONE = 'sk',
  TWO = 'sk2',
  LOG = 'sig',
  SPARE = 'sig2',
}
const RESERVE = 256;

/** What a board keeps of its signer: its key ('' until a phone pairs), the advert counter, the values written (their parity names the file written next). */
export interface SignerState {
  signKey: string;
  counter: number;
  written: number;
}

export interface Signer {
  /** Signs `advert`, which encodeAdvert wrote at the start of its 24-byte buffer `out`; without a key, `advert` as it is. */
  sign(out: Uint8Array, advert: Uint8Array): Uint8Array;
  /** The board's key (32 hex digits), made now if it has none. */
  key(): string;
  /** Its state, to make it again over (`kept`). */
  signerState: SignerState;
}

/** The signer over `kept`, or at power-up (none kept) over what its files in `store` hold. */
export function createSigner(store: Store, signing: Signing, kept?: SignerState): Signer {
  const st = kept || { signKey: '', counter: 0, written: 0 };
  const keep = function (value: number): void {
    store.append(st.written++ & 1 ? File.TWO : File.ONE, 'k' + st.signKey + '\n' + value + '\n', 1);
  };
  if (!kept) {
    // A file is read only whole, ending in its newline (one cut short may end anywhere, or in the flash's erased
    // bytes): `k`, the key's 32 digits and a newline, then a value and a newline. Earlier firmware's logs hold the key's
    // line and the values' lines apart, each read the same way (the last may be cut short; a value's line cut short
    // where the next write began reads as a smaller value).
    for (let i = 0; i < 4; i++) {
      const next = store.reader(i > 1 ? (i & 1 ? File.SPARE : File.LOG) : i ? File.TWO : File.ONE);
      for (let line; (line = next()) !== undefined;) {
        if (line.charAt(line.length - 1) !== '\n') continue;
        if (line.charAt(0) === 'k') {
          if (line.charAt(33) === '\n') st.signKey = line.substr(1, 32);
          line = line.substr(34);
        }
        const v = parseInt(line);
        if (v > st.counter) {
          st.counter = v;
          // The next value goes to the other file: the one holding the highest is kept whole through a cut.
          st.written = i ^ 1;
        }
      }
    }
    if (st.signKey) {
      keep(st.counter + RESERVE);
      store.erase(File.LOG);
      store.erase(File.SPARE);
    }
  }
  return {
    sign: function (out: Uint8Array, advert: Uint8Array): Uint8Array {
      if (!st.signKey) return advert;
      // Values kept are multiples of 256 (from 0): the counter reaches the next before it passes the last kept.
      if (!(++st.counter & 255)) keep(st.counter + RESERVE);
      return signAdvert(signing.sha256, st.signKey, out, st.counter);
    },
    key: function (): string {
      if (!st.signKey) {
        st.signKey = signing.secret();
        keep(st.counter + RESERVE);
      }
      return st.signKey;
    },
    signerState: st,
  };
}

/** What a board's signer module gives (app/espruino-signer.ts): the signer over `kept`, on the chip's own signing. */
export type BoardSigner = (store: Store, kept?: SignerState) => Signer;
