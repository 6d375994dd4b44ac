// The one Storage file of a board's modules (firmware/modules.ts, MODULES_FILE), as flash writes it.
import { INDEX_DIGITS, Part } from '../firmware/modules';

/** The parts MODULES_FILE's index has room for: one a module the build makes (tools/build.ts, ON_DEMAND). */
export const PARTS = Part.channel + 1;

/**
 * MODULES_FILE's text: an index of where each part starts (INDEX_DIGITS decimal digits, from the file's start; then
 * where the last ends), then the parts' code, in the order of their parts. Each number is padded with spaces: the
 * interpreter reads a number written with a leading 0 as octal ("00060" is 48). A part not given is empty, as on a board
 * flashed without that module.
 */
export function modulesFile(parts: { part: Part; code: string }[]): string {
  let at = (PARTS + 1) * INDEX_DIGITS;
  let index = '';
  let code = '';
  for (let k = 0; k < PARTS; k++) {
    index += String(at).padStart(INDEX_DIGITS, ' ');
    const part = parts.find((p) => p.part === k);
    if (part) {
      code += part.code;
      at += part.code.length;
    }
  }
  if (at >= 10 ** INDEX_DIGITS) throw new Error(`the modules' file: ${at} bytes, more than its index can say`);
  return index + String(at).padStart(INDEX_DIGITS, ' ') + code;
}

/** Where part `part` of MODULES_FILE's text `file` starts, by its index: `part` PARTS gives where the last part ends. */
export function partStart(file: string, part: number): number {
  return Number(file.substr(part * INDEX_DIGITS, INDEX_DIGITS));
}
