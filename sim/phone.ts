// The reference decoder of the phone protocol (docs/protocol.md): re-joins
// notification chunks into lines and parses them, gives refusal codes their
// words, and decodes the advert. Tests use it, and the phone page will; it
// depends on nothing but the layout constants and the words it is given, so
// it bundles for a browser as it is.

import {
  ADVERT_COUNTER_BYTES, ADVERT_HEADER, ADVERT_MAGIC, ADVERT_MAX_SCORES, ADVERT_SIGNED_VERSION, ADVERT_TAG_BYTES, ADVERT_VERSION, FLAG_CONFIRM, FLAG_DIAG, FLAG_OVER,
  FLAG_TRUNCATED, NO_PLAYER,
} from '../firmware/advert';

/** What refusal codes say, by code: `$1`, `$2`... stand for the words that follow the code in a message. */
export interface Words {
  [code: string]: string;
}

/**
 * Each game's words, by game id: the core's codes (firmware/words.json) and
 * the game's own (firmware/games/<id>/words.json). The decoder is given them
 * (sim/words.ts reads them in Node, listing the game folders; a page bundles
 * the same plain JSON files), so it needs no file system.
 */
export interface GameWords {
  [game: string]: Words;
}

/**
 * A refusal's words: what `text` says when it is a code of `words` followed
 * by as many words as its words take; any other text as it is (a not_saved
 * flag carries the flash's own words).
 */
export function refusalWords(words: Words | undefined, text: string): string {
  const parts = text.split(' ');
  const said = words && Object.prototype.hasOwnProperty.call(words, parts[0]) ? words[parts[0]] : null;
  if (said === null || (said.match(/\$\d/g) || []).length !== parts.length - 1) return text;
  return said.replace(/\$(\d)/g, (_, n: string) => parts[+n]);
}

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
 * A flag's or a `not_now` error's message that is a refusal code comes out as
 * its words (`words`), those of the game the board's state messages name.
 */
export function createLineDecoder(words: GameWords = {}): LineDecoder {
  let pieces: string[] = [];
  let game = '';
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
        if (message.type === 'state') game = message.game as string;
        else if ((message.type === 'flag' && message.code === undefined) || (message.type === 'error' && message.code === 'not_now')) {
          message.message = refusalWords(words[game], message.message as string);
        }
        return message;
      });
    },
    rest: () => pieces.join(''),
  };
}

/** All messages in a list of chunks. */
export function decodeChunks(chunks: string[], words?: GameWords): BoardMessage[] {
  const decoder = createLineDecoder(words);
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
 * when it is not ours or is malformed (cut short, too long, more than 8 scores). `games` names the games by their code
 * (byte 2): a code it does not name reads '?' and the code. In Node the
 * simulator's registry gives the table (sim/replay.ts advertGameNames).
 */
export function decodeAdvert(bytes: Uint8Array, games: Record<number, string>): AdvertInfo | null {
  // A signed advert (version 2) is read alike, its counter's high bytes and tag after the scores left out (the hub checks them).
  const signed = bytes[1] === ADVERT_SIGNED_VERSION;
  if (bytes.length < ADVERT_HEADER || bytes[0] !== ADVERT_MAGIC || (bytes[1] !== ADVERT_VERSION && !signed)) return null;
  const n = bytes[3];
  // A board sends exactly its n scores (at most ADVERT_MAX_SCORES): any other length is garbled.
  if (n > ADVERT_MAX_SCORES || bytes.length !== ADVERT_HEADER + 2 * n + (signed ? ADVERT_COUNTER_BYTES + ADVERT_TAG_BYTES : 0)) return null;
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
