// The phone protocol's framing and messages: one JSON object per line over the
// Nordic UART. The error codes of refusals, the nesting check made before a
// phone's line is parsed, sendLine() for every board → phone message, and the
// builders of the messages of CONTRACT.md §2 that the runtime sends. The
// command channel (commands.ts) assembles and checks the phone's lines.

import type { Radio } from '../hal/types';
import type { ScoreChange } from './game';

// Stable error codes of `error` replies (docs/protocol.md lists them).
/** The line is not JSON. */
export const E_BAD_JSON = 'bad_json';
/** Valid JSON, but not an object with a string `cmd`. */
export const E_BAD_CMD = 'bad_cmd';
/** The line is longer than the board accepts; it is discarded up to its newline. */
export const E_TOO_LONG = 'too_long';
/** A line was started and not ended in time; the part received is discarded. */
export const E_PARTIAL = 'partial';
/** No such command. */
export const E_UNKNOWN_CMD = 'unknown_cmd';
/** A missing, extra, mistyped or out-of-range argument. */
export const E_BAD_ARG = 'bad_arg';
/** The link may not change the game: pair with the passkey, or confirm on the board. */
export const E_NOT_ALLOWED = 'not_allowed';
/** Too many commands too fast, or a confirmation already pending. */
export const E_BUSY = 'busy';
/** The board button was not pressed in time to confirm the command. */
export const E_TIMEOUT = 'timeout';
/** Valid, but not in the game's present state (no move to undo, a referee input out of turn...). */
export const E_NOT_NOW = 'not_now';
/** The board failed to carry out a valid command; nothing changed. */
export const E_FAILED = 'failed';

export const ERROR_CODES = [
  E_BAD_JSON, E_BAD_CMD, E_TOO_LONG, E_PARTIAL, E_UNKNOWN_CMD, E_BAD_ARG,
  E_NOT_ALLOWED, E_BUSY, E_TIMEOUT, E_NOT_NOW, E_FAILED,
];

/** Why a command is refused: a stable code and a readable message. */
export interface Refusal {
  code: string;
  message: string;
}

export function refusal(code: string, message: string): Refusal {
  return { code: code, message: message };
}

/** Deepest nesting of objects and arrays in a JSON text, outside strings. Checked before parsing: deep input would eat the chip's stack. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) deepest = Math.max(deepest, ++depth); // { [
    else if (c === 125 || c === 93) depth--; // } ]
  }
  return deepest;
}

/**
 * Sends a message as one line of JSON in notifications of the link's payload
 * size. Characters beyond printable ASCII are written as \uXXXX escapes, so
 * one character is one byte on any link.
 */
export function sendLine(radio: Radio, message: object): void {
  const line = JSON.stringify(message).replace(/[^ -~]/g, function (c: string): string {
    return '\\u' + ('000' + c.charCodeAt(0).toString(16)).slice(-4);
  }) + '\n';
  let size = radio.payloadSize();
  if (!(size >= 1)) size = 20;
  for (let at = 0; at < line.length; at += size) radio.notify(line.substring(at, at + size));
}

// ---------------------------------------------------------------- messages

/** Extra fields a message may carry beside the contract's own. */
export interface Fields {
  [name: string]: unknown;
}

/** After every change of score or turn. `extra`: the game's state beside them (side, end, Board...). */
export function stateMessage(game: string, scores: number[], turn: number, extra?: Fields): object {
  return Object.assign({ type: 'state', game: game, scores: scores, turn: turn }, extra || {});
}

/** One point change with the RULES.md id that caused it. */
export function scoreMessage(change: ScoreChange, extra?: Fields): object {
  return Object.assign({ type: 'score', player: change.player, points: change.points, rule: change.rule }, extra || {});
}

export function overMessage(winner: number | null, scores: number[]): object {
  return { type: 'over', winner: winner, scores: scores };
}

/** Sensor diagnostics (diag mode): free fields, e.g. {on:true} or {ch:3,sensor:"o3",level:1}. */
export function diagMessage(fields: Fields): object {
  return Object.assign({ type: 'diag' }, fields);
}
