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
import type { Signing, Store } from '../hal/types';
import { signAdvert } from './sign';

/** Its Storage files: written as literals where used (a const enum), so the chip keeps no variable for them. */
const enum File {
  LOG = 'sig',
  SPARE = 'sig2',
}
const RESERVE = 256;
const MOST_LINES = 32;

export interface Signer {
  /** Signs `advert`, which encodeAdvert wrote at the start of its 24-byte buffer `out`; without a key, `advert` as it is. */
  sign(out: Uint8Array, advert: Uint8Array): Uint8Array;
  /** The board's key (32 hex digits), made now if it has none. */
  key(): string;
}

export function createSigner(store: Store, signing: Signing): Signer {
  let key = '';
  let counter = 0;
  let lines = 0;
  // Every write begins a line of its own, so a line a power cut left short never runs into the next. The key's
  // line is `k`, its 32 digits and a newline: cut short it is no key, and (the `k`) no value either, though its
  // digits may be decimal. A value's line cut short reads as a smaller value, so the highest is one written whole.
  // Not kept in a variable: read once, at boot, it would hold JsVars for as long as the board runs.
  for (let i = 0; i < 2; i++) {
    store.lines(i ? File.SPARE : File.LOG, function (line: string): void {
      if (line.length > 33) key = line.substr(1, 32);
      else if (line.length > 1) {
        lines++;
        const v = parseInt(line);
        if (v > counter) counter = v;
      }
    });
  }
  const keep = function (value: number): void {
    // From a line of its own: a line a power cut left short is not read as the start of this one.
    let line = '\n' + value + '\n';
    if (++lines > MOST_LINES) {
      line = '\nk' + key + line;
      store.append(File.SPARE, line);
      store.erase(File.LOG);
      store.append(File.LOG, line);
      store.erase(File.SPARE);
      lines = 1;
    } else store.append(File.LOG, line);
  };
  if (key) keep(counter + RESERVE);
  return {
    sign: function (out: Uint8Array, advert: Uint8Array): Uint8Array {
      if (!key) return advert;
      // Values kept are multiples of 256 (from 0): the counter reaches the next before it passes the last kept.
      if (!(++counter & 255)) keep(counter + RESERVE);
      return signAdvert(signing.sha256, key, out, counter);
    },
    key: function (): string {
      if (!key) {
        key = signing.secret();
        store.append(File.LOG, '\nk' + key + '\n');
        keep(counter + RESERVE);
      }
      return key;
    },
  };
}
