// What signing the advert needs on the chip (firmware/signer.ts): Espruino's
// crypto module's SHA256 (the MDBT42Q's build has it; it has no HMAC), and a
// key's 32 hex digits from the hardware's random source.
import type { Signing } from '../types';

export const espruinoSigning: Signing = {
  // The module is loaded when a board signs, not at boot: kept, it would hold JsVars on every board.
  sha256: function (data: Uint8Array): ArrayBuffer {
    return global.require('crypto').SHA256(data);
  },
  secret: function (): string {
    let hex = '';
    // Each draw gives up to 8 digits (fewer when it begins with zeros): 32 digits hold over 100 random bits.
    while (hex.length < 32) hex += (E.hwRand() >>> 0).toString(16);
    return hex.substr(0, 32);
  },
};
