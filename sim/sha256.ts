// SHA-256 in Node as Espruino's crypto.SHA256 gives it (32 bytes in an
// ArrayBuffer), for what signs adverts off the chip: simulated boards and tests.
import { createHash } from 'node:crypto';

export function nodeSha256(data: Uint8Array): ArrayBuffer {
  return new Uint8Array(createHash('sha256').update(data).digest()).buffer;
}
