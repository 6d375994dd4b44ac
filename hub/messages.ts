// The room's own messages (states, finished games, results): their formats, and reading them back from the
// broker, by the hub (a restart, another hub) and by the room view: anyone who
// may publish there may publish anything, so each is checked field by field and
// copied; what does not pass is dropped (and counted by the reader). docs/hub.md.
import { ADVERT_MAX_BYTES, ADVERT_MAX_SCORES } from '../firmware/advert';
import { boardId, cleanName } from './gateways';

/** A board's state as the hub publishes it (retained) under tallyboard/<room>/<board>/state. */
export interface BoardState {
  board: string;
  /** The name the club gave the board (config), else the board's Bluetooth name when a gateway heard it. */
  name: string | null;
  game: string;
  /** How many scores the board plays with (players, teams or sides). */
  players: number;
  scores: number[];
  /** The player to play; null when none or over. */
  turn: number | null;
  winner: number | null;
  over: boolean;
  /** The game's round (triangle flick, Ring-a-Peg Board, shuffleboard end); 0 none. */
  round: number;
  diag: boolean;
  /** More than 8 scores: only the first 8 are known. */
  truncated: boolean;
  seq: number;
  /** An enrolled board's advert counter (it never repeats); null for a board not enrolled. */
  counter: number | null;
  /** How often the hub saw the board start counting again (or come back after a while out of reach). */
  restarts: number;
  /** When the hub last heard the board (ISO 8601). */
  lastSeen: string;
  rssi: number | null;
  /** Nothing heard from the board for the silence time. */
  silent: boolean;
  /** The club enrolled the board (its key is in the hub's config): its adverts are verified, others' with its address dropped. */
  enrolled: boolean;
  /** An enrolled board's signed advert the state is made from (hex), so that a hub reading the state back checks it with the board's key; else null. */
  advert: string | null;
}

/** A finished game, published under tallyboard/<room>/<board>/finished and kept in tallyboard/<room>/results. */
export interface FinishedGame {
  board: string;
  name: string | null;
  game: string;
  scores: number[];
  winner: number | null;
  round: number;
  seq: number;
  counter: number | null;
  restarts: number;
  /** When the hub saw the game end (ISO 8601). */
  at: string;
  enrolled: boolean;
}

/** The longest results a reader takes (characters): the latest 100 games of many boards. */
export const MAX_RESULTS_TEXT = 4_000_000;

/**
 * The key that tells finished games apart (a repeat of the same end has the same): an enrolled board's counter never
 * repeats; a sequence number wraps at 256, so with it, what the game ended as (two games of a board ending 256 changes
 * apart had the same key, and the second was dropped from the results).
 */
export function resultKey(g: FinishedGame): string {
  return `${g.board} ${g.restarts} ` + (g.counter ?? `${g.seq} ${g.game} ${g.round} ${g.winner} ${g.scores.join(',')}`);
}

/** Finished games in the order they ended: ISO times in UTC, whose text's order is their time's (a plain comparison, not localeCompare's, which is many times slower). */
export const byTime = (a: FinishedGame, b: FinishedGame) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0);

type Check = (v: unknown) => boolean;
const isInt = (lo: number, hi: number): Check => (v) => Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi;
const isBool: Check = (v) => typeof v === 'boolean';
const orNull = (c: Check): Check => (v) => v === null || c(v);
const isTime: Check = (v) => typeof v === 'string' && v.length <= 30 && !Number.isNaN(Date.parse(v));
const isScores: Check = (v) => Array.isArray(v) && v.length <= ADVERT_MAX_SCORES && v.every(isInt(-32768, 32767));
const isPlayer = orNull(isInt(0, ADVERT_MAX_SCORES - 1));
const common: Record<string, Check> = {
  board: (v) => typeof v === 'string' && boardId(v) === v,
  name: orNull((v) => typeof v === 'string' && cleanName(v) === v),
  game: (v) => typeof v === 'string' && /^[\w?-]{1,20}$/.test(v),
  scores: isScores,
  winner: isPlayer,
  round: isInt(0, 255),
  seq: isInt(0, 255),
  counter: orNull(isInt(0, 0xffffffff)),
  restarts: isInt(0, Number.MAX_SAFE_INTEGER),
  enrolled: isBool,
};
const STATE: Record<string, Check> = {
  ...common,
  players: isInt(0, 255),
  turn: isPlayer,
  over: isBool,
  diag: isBool,
  truncated: isBool,
  lastSeen: isTime,
  rssi: orNull(isInt(-127, 127)),
  silent: isBool,
  advert: orNull((v) => typeof v === 'string' && v.length <= 2 * ADVERT_MAX_BYTES && /^([0-9a-f]{2})+$/.test(v)),
};
const FINISHED: Record<string, Check> = { ...common, at: isTime };

/** A copy of `v` with exactly the fields `checks` names, when each passes its check; else null. */
function checked<T>(v: unknown, checks: Record<string, Check>): T | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(checks)) {
    if (!checks[key](o[key])) return null;
    out[key] = o[key];
  }
  out.scores = (o.scores as number[]).slice();
  return out as T;
}

/** A state; one published before states carried their signed advert reads as having none. */
export const readBoardState = (v: unknown) =>
  checked<BoardState>(typeof v === 'object' && v !== null && !('advert' in v) ? { ...v, advert: null } : v, STATE);
export const readFinishedGame = (v: unknown) => checked<FinishedGame>(v, FINISHED);

/** The JSON in a message's payload, or undefined when it is not JSON (or longer than `max` characters). */
export function parsePayload(text: string, max = MAX_RESULTS_TEXT): unknown {
  if (text.length > max) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
