// A board's signed adverts (firmware/sign.ts): its key, made the first time a
// phone pairs and kept in the flash, and the advert counter, which never
// repeats, even across power cuts: the flash keeps the value the counter may
// count up to, moved RESERVE ahead before the counter gets there, and at
// power-up the counter starts from the highest value kept. A cut costs at most
// RESERVE numbers and never repeats one. The values are lines in a log;
// beyond MOST_LINES it is written afresh through a spare, each step leaving
// the highest value in one log or the other. A board without a key writes
// nothing.
import type { Signing, Store } from '../hal/types';
import { signAdvert } from './sign';

const KEY_LOG = 'tbkey';
const COUNTER_LOG = 'tbcnt';
const SPARE_LOG = 'tbcnt2';
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
  let limit = 0;
  let lines = 0;
  // A key line cut short by a power cut is no key: the next pairing makes one.
  store.lines(KEY_LOG, function (line: string): void {
    if (line.length > 32) key = line.substr(0, 32);
  });
  const keep = function (value: number): void {
    limit = value;
    // From a line of its own: a line a power cut left short is not read as the start of this one.
    const line = '\n' + value + '\n';
    if (++lines > MOST_LINES) {
      store.append(SPARE_LOG, line);
      store.erase(COUNTER_LOG);
      store.append(COUNTER_LOG, line);
      store.erase(SPARE_LOG);
      lines = 1;
    } else store.append(COUNTER_LOG, line);
  };
  const start = function (): void {
    const highest = function (line: string): void {
      if (line.length > 1) lines++;
      const v = parseInt(line, 10);
      // A line cut short reads as a smaller value (or none): the highest is always one written whole.
      if (v > counter) counter = v;
    };
    store.lines(COUNTER_LOG, highest);
    store.lines(SPARE_LOG, highest);
    keep(counter + RESERVE);
  };
  if (key) start();
  return {
    sign: function (out: Uint8Array, advert: Uint8Array): Uint8Array {
      if (!key) return advert;
      if (++counter >= limit) keep(counter + RESERVE);
      return signAdvert(signing.sha256, key, out, counter);
    },
    key: function (): string {
      if (!key) {
        key = signing.secret();
        store.append(KEY_LOG, key + '\n');
        start();
      }
      return key;
    },
  };
}
