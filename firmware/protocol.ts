// The phone protocol's framing: one JSON object per line over the Nordic UART.
// In: a line assembler that bounds every line in length and time, and a token
// bucket against floods. Out: send() serialises a message as one ASCII line
// and splits it to the link's payload size; the phone re-joins the chunks.
// The message builders are the board → phone messages of CONTRACT.md §2.

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

// ---------------------------------------------------------------- in

export interface LineAssemblerOptions {
  /** Longest accepted line in characters, newline excluded. */
  maxLine: number;
  /** How long a started line may wait for its newline, ms. */
  partialMs: number;
  line(text: string): void;
  error(code: string, message: string): void;
}

export interface LineAssembler {
  push(data: string, now: number): void;
  /** Whether part of a line is waiting for its newline. */
  holding(): boolean;
  /** Drops a line that has waited too long for its end. */
  tick(now: number): void;
}

/** Splits UART data into lines ('\n', an optional '\r' before it is dropped). */
export function createLineAssembler(options: LineAssemblerOptions): LineAssembler {
  let buffer = '';
  let started = 0;
  let lastData = 0;
  // Over-long line: the rest of it is thrown away until its newline (or a pause of partialMs).
  let discarding = false;

  function take(part: string, now: number): void {
    if (discarding) return;
    if (buffer.length + part.length > options.maxLine) {
      buffer = '';
      discarding = true;
      options.error(E_TOO_LONG, 'line over ' + options.maxLine + ' characters');
      return;
    }
    if (buffer.length === 0 && part.length > 0) started = now;
    buffer += part;
  }

  return {
    push: function (data: string, now: number): void {
      lastData = now;
      let from = 0;
      for (;;) {
        const nl = data.indexOf('\n', from);
        if (nl < 0) {
          take(data.substring(from), now);
          return;
        }
        take(data.substring(from, nl), now);
        from = nl + 1;
        let line = buffer;
        buffer = '';
        if (discarding) {
          discarding = false;
          continue;
        }
        if (line.charAt(line.length - 1) === '\r') line = line.substring(0, line.length - 1);
        if (line.length > 0) options.line(line);
      }
    },
    holding: function (): boolean {
      return buffer.length > 0 || discarding;
    },
    tick: function (now: number): void {
      if (discarding && now - lastData >= options.partialMs) discarding = false;
      if (buffer.length > 0 && now - started >= options.partialMs) {
        buffer = '';
        options.error(E_PARTIAL, 'line not ended within ' + options.partialMs + ' ms');
      }
    },
  };
}

/** A token bucket: `burst` commands at once, refilled at `perSecond`. */
export interface RateLimit {
  take(now: number): boolean;
}

export function createRateLimit(perSecond: number, burst: number): RateLimit {
  let tokens = burst;
  let last = -1;
  return {
    take: function (now: number): boolean {
      if (last >= 0) {
        tokens += ((now - last) * perSecond) / 1000;
        if (tokens > burst) tokens = burst;
      }
      last = now;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
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
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}

// ---------------------------------------------------------------- out

/** JSON with every character outside printable ASCII escaped, so one character is one byte on any link. */
export function asciiJson(message: object): string {
  const json = JSON.stringify(message);
  let plain = true;
  for (let i = 0; i < json.length; i++) {
    if (json.charCodeAt(i) > 126) {
      plain = false;
      break;
    }
  }
  if (plain) return json;
  let out = '';
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c > 126) {
      let hex = c.toString(16);
      while (hex.length < 4) hex = '0' + hex;
      out += '\\u' + hex;
    } else out += json.charAt(i);
  }
  return out;
}

export interface Sender {
  /** Sends one message as one line, in chunks of the link's payload size. */
  send(message: object): void;
}

export function createSender(radio: Radio): Sender {
  return {
    send: function (message: object): void {
      const line = asciiJson(message) + '\n';
      let size = radio.payloadSize();
      if (!(size >= 1)) size = 20;
      for (let at = 0; at < line.length; at += size) radio.notify(line.substring(at, at + size));
    },
  };
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

/** A refused command; `id` echoes the command's id when it had one. */
export function errorMessage(code: string, message: string, id?: number | string): object {
  const m: Fields = { type: 'error', code: code, message: message };
  if (id !== undefined) m.id = id;
  return m;
}

/** A command carried out, sent only when the command had an `id` to answer. */
export function okMessage(cmd: string, id: number | string): object {
  return { type: 'ok', cmd: cmd, id: id };
}

/** The board waits for its button to confirm a command from an unpaired link. */
export function confirmMessage(cmd: string, ms: number, id?: number | string): object {
  const m: Fields = { type: 'confirm', cmd: cmd, ms: ms };
  if (id !== undefined) m.id = id;
  return m;
}

/** Sensor diagnostics (diag mode): free fields, e.g. {on:true} or {ch:3,sensor:"o3",level:1}. */
export function diagMessage(fields: Fields): object {
  return Object.assign({ type: 'diag' }, fields);
}
