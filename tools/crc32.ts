// CRC-32 (IEEE, as zlib and Espruino's E.CRC32 compute it) of 8-bit text.
let table: number[] | undefined;

export function crc32(text: string): number {
  if (!table) {
    table = [];
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table.push(c >>> 0);
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = table[(crc ^ text.charCodeAt(i)) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
