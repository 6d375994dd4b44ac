// The signer a board loads on demand (firmware/signer.ts, SIGN_MODULE; the
// build makes it a module of its own, tools/build.ts): the signer on the
// chip's SHA-256 and random source, which go with it when it is let go.
import { createSigner } from '../firmware/signer';
import type { BoardSigner } from '../firmware/signer';
import { espruinoSigning } from '../hal/espruino/signing';

export const boardSigner: BoardSigner = function (store, kept) {
  return createSigner(store, espruinoSigning, kept);
};
