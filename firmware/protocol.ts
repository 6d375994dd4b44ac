// The phone protocol's framing and messages: one JSON object per line over the
// Nordic UART. The error codes of refusals, the nesting check made before a
// phone's line is parsed, sendLine() for every board → phone message, and the
// builders of the messages of docs/protocol.md that the runtime sends. The
// command channel (commands.ts) assembles and checks the phone's lines.

import type { Radio } from '../hal/types';
import { DIGITAL_BANKS, ON_DEVICE } from './device';

/**
 * The stable codes of `error` replies (docs/protocol.md explains each). A type
 * rather than constants: the compiler checks every code written, and the chip
 * keeps no variable for it.
 */
export type ErrorCode =
  | 'bad_json' // not JSON, or nested deeper than 3
  | 'bad_cmd' // JSON, but not an object with a string `cmd`
  | 'too_long' // over the longest line; dropped up to its newline
  | 'partial' // a line not finished in time; what came is dropped
  | 'unknown_cmd' // no such command, or not in this game
  | 'bad_arg' // a missing, unknown, mistyped or out-of-range argument
  | 'not_allowed' // this link may not change the game: pair, or confirm on the board
  | 'busy' // too many commands too fast, or one already waits for the button
  | 'timeout' // the board button was not pressed in time to confirm the command
  | 'not_now' // valid, but not in the game's present state (no move to undo, a referee input out of turn...)
  | 'failed'; // the board failed to carry out a valid command; nothing changed

/** Every code, for decoders and tests. */
export const ERROR_CODES: ErrorCode[] = [
  'bad_json', 'bad_cmd', 'too_long', 'partial', 'unknown_cmd', 'bad_arg', 'not_allowed', 'busy', 'timeout', 'not_now', 'failed',
];

/** Why a command is refused: the `error` reply itself, with a stable code, a readable message, and the id of the command refused. */
export interface Refusal {
  type: 'error';
  code: ErrorCode;
  message: string;
  id?: number | string;
}

export function refusal(code: ErrorCode, message: string, id?: number | string): Refusal {
  return { type: 'error', code: code, message: message, id: id };
}

/**
 * Deepest nesting of objects and arrays in a JSON text, outside strings, up to one more than `most` (Infinity: all of
 * it). Checked before parsing: deep input would eat the chip's stack. NaN, which passes no check of a depth, when the
 * text is surely not JSON in a way Espruino's JSON.parse would let through (a board carried such lines out, which the
 * simulator refused):
 * - anything but white space after the object, array or string the text begins with: JSON's text is one value, where
 *   Espruino's parser reads the first and drops the rest (`{"cmd":"undo"}xyz`); and a text that begins with anything
 *   but an object, an array or a string, unless it is one word (below);
 * - a character past printable ASCII outside strings: Espruino's parser reads such bytes as tokens of its own
 *   stored code (`\xB4` is `true`, `\xD4 5` the number 5), and one cut short stopped the Linux build;
 * - a comment, or a string in ' or ` (and an h, outside strings in no JSON either): Espruino's parser takes them,
 *   and they hid a " from this count (brackets past the depth within passed);
 * - and, beyond JSON, a key __proto__ and a \u escape of a character outside 128-255 (below).
 */
export function jsonDepth(text: string, most: number): number {
  let depth = 0;
  let deepest = 0;
  // (A key __proto__ is an object's prototype to Espruino's JSON.parse, where reading a key the object lacks then
  // stopped the interpreter.)
  if (text.indexOf('__proto__') >= 0) return NaN;
  // One word of letters, digits and signs, as a number, true, false and null are, is no command, and the parser reads
  // it natively (or refuses it). Found natively: this function's loop takes a turn a character outside strings, and
  // a line of 256 letters held the interpreter some 35 ms on a board. (Not on a board of analog banks alone,
  // shuffleboard's, whose Storage has no room for it: there a text that begins with a word is read by the parser too.)
  if (DIGITAL_BANKS && /^\s*[\w.+-]*\s*$/.test(text)) return 0;
  // The first backslash past the strings read so far, searched for only once a string starts past it (searched from
  // each string to the line's end, a line of many strings was searched through again at each). None: 2^32 - 1, which
  // the >>> 0 makes of indexOf's -1, past any string; -1 at first, before the first.
  let slash = -1;
  /**
   * Where the string opening at i closes, found natively: a line is mostly strings, and the interpreter reads a
   * loop's whole text at each turn, so this is no part of the loop's (-1: nowhere). Each escape skips the character
   * after it; \u only for one from 128 to 255 (below, JSON.stringify writes none but control characters, and
   * __proto__ could be spelt so; past, a board without Unicode keeps the low byte: "\u0175ndo" was undo there).
   */
  const stringEnd = function (i: number): number {
    let end = text.indexOf('"', i + 1);
    if (slash < i) slash = text.indexOf('\\', i + 1) >>> 0;
    for (; slash < end; slash = text.indexOf('\\', slash + 2) >>> 0) {
      if (text[slash + 1] === 'u' && (text.substr(slash + 2, 2) !== '00' || text.charCodeAt(slash + 4) < 56)) return -1;
      if (slash + 1 === end) end = text.indexOf('"', end + 1);
    }
    return end;
  };
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    // (Outside everything, after the value, or before it all but its object, array or string: { and [ are 123 with bit
    // 5 set. Outside strings: past printable ASCII, and ', /, ` and h: of the printable characters, those c | 8 makes
    // 47 or 104, the only two that leave 47 divided by 57.)
    if ((!depth && c > 32 && (DIGITAL_BANKS ? deepest || (c | 32) !== 123 && c !== 34 : deepest)) || c > 126 || (c | 8) % 57 === 47) return NaN;
    // (A string the text begins with is its value: nothing but white space after it.)
    if (c === 34) { if ((i = /*@__NOINLINE__*/ stringEnd(i)) < 0 || DIGITAL_BANKS && !depth && text.substr(i + 1).trim()) return NaN; }
    // { and [, } and ]: each pair differs only in bit 5 (32). Deeper than `most`, the count ends there.
    else if ((c |= 32) === 123) { if (++depth > deepest && (deepest = depth) > most) return deepest; }
    else if (c === 125) depth--;
  }
  return deepest;
}

/**
 * Sends a message as one line of JSON (the link splits it into notifications).
 * Characters beyond printable ASCII are written as \uXXXX escapes, so one
 * character is one byte on any link. Espruino's JSON.stringify already writes
 * them so (its JSON_ALL_UNICODE_ESCAPE, as \u00E9, its hex digits in capitals):
 * only Node needs the replace, which writes them as the board does.
 */
export function sendLine(radio: Radio, message: object): void {
  radio.send((ON_DEVICE ? JSON.stringify(message) : JSON.stringify(message).replace(/[^ -~]/g, function (c: string): string {
    return '\\u' + ('000' + c.charCodeAt(0).toString(16).toUpperCase()).slice(-4);
  })) + '\n');
}

// ---------------------------------------------------------------- messages

/**
 * Extra fields a message may carry beside the contract's own. A board → phone message is written as an object
 * literal, `type` first, then its fields: `score` a ScoreChange's (player, points, rule), `over` winner and scores,
 * `diag` free fields (e.g. {on:true} or {ch:3,sensor:"o3",level:1}); `state` is firmware/play.ts's stateNow. (No
 * function makes them: one kept would cost the chip some 6 JsVars for good.)
 */
export interface Fields {
  [name: string]: unknown;
}

/**
 * Tells the phone, if there is anything to tell, why a move of the sensors or the buttons was refused (nobody
 * waits for a reply), or with a `code`, what went wrong.
 */
export function flag(radio: Radio, why: string | null | false | undefined, code?: string): void {
  if (why) sendLine(radio, { type: 'flag', code: code, message: why });
}
