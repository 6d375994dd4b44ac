// What signing the advert needs on the chip (firmware/signer.ts): Espruino's
// crypto module's SHA256 (the MDBT42Q's build has it; it has no HMAC), and a
// key's 32 hex digits from the hardware's random source.
import type { Signing } from '../types';

export const espruinoSigning: Signing = {
  sha256: function (data: Uint8Array): ArrayBuffer {
    return global.require('crypto').SHA256(data);
  },
  secret: function (): string {
    let hex = '';
    while (hex.length < 32) hex += ((E.hwRand() >>> 0) + 0x100000000).toString(16).substr(1);
    return hex.substr(0, 32);
  },
};
