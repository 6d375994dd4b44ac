// The reference decoder of the phone protocol (docs/protocol.md): re-joins
// notification chunks into lines and parses them, and decodes the advert.
// Tests use it, and the phone page will; it depends on nothing but the layout
// constants, so it bundles for a browser as it is.

import {
  ADVERT_HEADER, ADVERT_MAGIC, ADVERT_VERSION, FLAG_CONFIRM, FLAG_DIAG, FLAG_OVER,
  FLAG_TRUNCATED, NO_PLAYER,
} from '../firmware/advert';

/** A board → phone message: `type` is state, score, over, error, ok, confirm or diag. */
export interface BoardMessage {
  type: string;
  [field: string]: unknown;
}

export interface LineDecoder {
  /** Takes one notification; returns the messages it completed. */
  push(chunk: string): BoardMessage[];
  /** Text received after the last newline. */
  rest(): string;
}

/**
 * Joins chunks into lines; a line that is not a JSON object throws (the board
 * never sends one). Each chunk is searched once, and the pieces of a line are
 * joined once it is whole: a long line costs time in proportion to its length.
 */
export function createLineDecoder(): LineDecoder {
  let pieces: string[] = [];
  return {
    push(chunk: string): BoardMessage[] {
      const lines: string[] = [];
      let from = 0;
      let nl: number;
      while ((nl = chunk.indexOf('\n', from)) >= 0) {
        pieces.push(chunk.substring(from, nl));
        lines.push(pieces.join(''));
        pieces = [];
        from = nl + 1;
      }
      if (from < chunk.length) pieces.push(chunk.substring(from));
      return lines.map(function (line) {
        const message = JSON.parse(line) as BoardMessage;
        if (typeof message !== 'object' || message === null || typeof message.type !== 'string') {
          throw new Error('not a board message: ' + line);
        }
        return message;
      });
    },
    rest: () => pieces.join(''),
  };
}

/** All messages in a list of chunks. */
export function decodeChunks(chunks: string[]): BoardMessage[] {
  const decoder = createLineDecoder();
  const out: BoardMessage[] = [];
  for (const c of chunks) out.push(...decoder.push(c));
  if (decoder.rest() !== '') throw new Error('unfinished line: ' + decoder.rest());
  return out;
}

export interface AdvertInfo {
  version: number;
  game: string;
  scores: number[];
  /** Player to play; null when none or over. */
  turn: number | null;
  winner: number | null;
  over: boolean;
  diag: boolean;
  confirm: boolean;
  truncated: boolean;
  seq: number;
  round: number;
}

/**
 * Decodes Tallyboard manufacturer data (the bytes after the company id); null
 * when it is not ours or is malformed. `games` names the games by their code
 * (byte 2): a code it does not name reads '?' and the code. In Node the
 * simulator's registry gives the table (sim/replay.ts advertGameNames).
 */
export function decodeAdvert(bytes: Uint8Array, games: Record<number, string>): AdvertInfo | null {
  if (bytes.length < ADVERT_HEADER || bytes[0] !== ADVERT_MAGIC || bytes[1] !== ADVERT_VERSION) return null;
  const n = bytes[3];
  if (bytes.length < ADVERT_HEADER + 2 * n) return null;
  const flags = bytes[4];
  const over = (flags & FLAG_OVER) !== 0;
  const player = bytes[5] === NO_PLAYER ? null : bytes[5];
  const scores: number[] = [];
  for (let i = 0; i < n; i++) {
    const v = bytes[ADVERT_HEADER + 2 * i] | (bytes[ADVERT_HEADER + 2 * i + 1] << 8);
    scores.push(v >= 0x8000 ? v - 0x10000 : v);
  }
  return {
    version: bytes[1],
    game: games[bytes[2]] ?? '?' + bytes[2],
    scores,
    turn: over ? null : player,
    winner: over ? player : null,
    over,
    diag: (flags & FLAG_DIAG) !== 0,
    confirm: (flags & FLAG_CONFIRM) !== 0,
    truncated: (flags & FLAG_TRUNCATED) !== 0,
    seq: bytes[6],
    round: bytes[7],
  };
}
