// A board's signed adverts (firmware/sign.ts): its key, made the first time a
// phone pairs and kept in the flash, and the advert counter, which never
// repeats, even across power cuts: the flash keeps the value the counter may
// count up to, moved RESERVE (256) ahead each time the counter reaches a
// multiple of 256, before that number is used; at power-up the counter starts
// from the highest value kept. A cut costs at most 2 × RESERVE numbers and
// never repeats one. The key and the values are lines of
// one log; beyond MOST_LINES it is written afresh through a spare, each step
// leaving the key and the highest value in one log or the other. A board
// without a key writes nothing.
//
// A board keeps only the signer's state (SignerState) between adverts: the
// signer itself is a module of its own in its Storage (SIGN_MODULE, firmware/
// modules.ts), made afresh over that state at power-up, for each advert of a
// board with a key, and when a phone pairs, and let go after.
import type { Signing, Store } from '../hal/types';
import { signAdvert } from './sign';

/** The Storage file (and module name) of a board's signer (app/espruino-signer.ts puts it on the chip's signing). */
export const SIGN_MODULE = 'tallyboard-sign';

/** Its Storage files: written as literals where used (a const enum), so the chip keeps no variable for them. */
const enum File {
  LOG = 'sig',
  SPARE = 'sig2',
}
const RESERVE = 256;
const MOST_LINES = 32;

/** What a board keeps of its signer: its key ('' until a phone pairs), the advert counter, the lines in its log. */
export interface SignerState {
  signKey: string;
  counter: number;
  logLines: number;
}

export interface Signer {
  /** Signs `advert`, which encodeAdvert wrote at the start of its 24-byte buffer `out`; without a key, `advert` as it is. */
  sign(out: Uint8Array, advert: Uint8Array): Uint8Array;
  /** The board's key (32 hex digits), made now if it has none. */
  key(): string;
  /** Its state, to make it again over (`kept`). */
  signerState: SignerState;
}

/** The signer over `kept`, or at power-up (none kept) over what its log in `store` holds. */
export function createSigner(store: Store, signing: Signing, kept?: SignerState): Signer {
  const st = kept || { signKey: '', counter: 0, logLines: 0 };
  const keep = function (value: number): void {
    // From a line of its own: a line a power cut left short is not read as the start of this one.
    let line = '\n' + value + '\n';
    if (++st.logLines > MOST_LINES) {
      line = '\nk' + st.signKey + line;
      store.append(File.SPARE, line);
      store.erase(File.LOG);
      store.append(File.LOG, line);
      store.erase(File.SPARE);
      st.logLines = 1;
    } else store.append(File.LOG, line);
  };
  if (!kept) {
    // Every write begins a line of its own, so a line a power cut left short never runs into the next. The key's
    // line is `k`, its 32 digits and a newline: cut short it is no key, and (the `k`) no value either, though its
    // digits may be decimal. A value's line cut short reads as a smaller value, so the highest is one written whole.
    for (let i = 0; i < 2; i++) {
      store.lines(i ? File.SPARE : File.LOG, function (line: string): void {
        if (line.length > 33) st.signKey = line.substr(1, 32);
        else if (line.length > 1) {
          st.logLines++;
          const v = parseInt(line);
          if (v > st.counter) st.counter = v;
        }
      });
    }
    if (st.signKey) keep(st.counter + RESERVE);
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
        store.append(File.LOG, '\nk' + st.signKey + '\n');
        keep(st.counter + RESERVE);
      }
      return st.signKey;
    },
    signerState: st,
  };
}

/** What a board's signer module gives (app/espruino-signer.ts): the signer over `kept`, on the chip's own signing. */
export type BoardSigner = (store: Store, kept?: SignerState) => Signer;
