// Saved games: an append-only log in flash. The first record is the game's
// setup, each later one a move the rules accepted; replaying them through the
// pure rules gives back the state exactly. A record is its JSON, '*', two hex
// digits of a checksum and a newline, so one cut short by a power cut (or
// garbled) is told from a whole one and ignored with everything after it.
import type { Store } from '../hal/types';
import type { Game, GameConfig } from './game';

/** The log of the game in play. */
export const LOG = 'tally.log';

function checksum(text: string): number {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum = (sum * 31 + text.charCodeAt(i)) & 0xff;
  return sum;
}

/** One log record. */
export function record(value: object): string {
  const json = JSON.stringify(value);
  const sum = checksum(json);
  return json + '*' + (sum < 16 ? '0' : '') + sum.toString(16) + '\n';
}

export interface Restored<S> {
  config: GameConfig;
  names?: string[];
  state: S;
  /** Moves replayed. */
  moves: number;
  /** Move records that stand (what an undo can take back; what a resync counts). */
  stand: number;
  /** Records ignored: the last one cut short by a power cut, or a garbled stretch of the log. */
  dropped: number;
  /** The log ends in a record cut short: the next record must start on a new line, after a resync. */
  cut: boolean;
}

/**
 * The record written after a record cut short, once the board is back: the
 * count of move records that stand. Restore trusts the records after it again,
 * when its count is the count of records standing until then.
 */
export function resyncRecord(moves: number): string {
  return '\n' + record({ sync: moves });
}

interface Record_ {
  g?: string;
  p?: number;
  o?: GameConfig['options'];
  n?: string[];
  sync?: number;
  u?: number;
}

/** A line's record, or null when it is cut short or garbled. */
function parseRecord(line: string): Record_ | null {
  // A record ends in '*', two hex digits and a newline; a line without its newline was cut short by a power cut.
  const star = line.length - 4;
  const body = line.substring(0, star);
  if (star > 0 && line.charAt(star) === '*' && line.charAt(star + 3) === '\n' && parseInt(line.substring(star + 1, star + 3), 16) === checksum(body)) {
    try {
      return JSON.parse(body);
    } catch (e) {
      return null;
    }
  }
  return null;
}

/** The record that takes back the last move that stands (undo, as often as there are moves). */
export const UNDO_RECORD = record({ u: 1 });

/**
 * The game the log holds, or null when it holds none that `game` can play (no
 * log, another game, a garbled setup). Two passes over the log: the first
 * finds the moves that stand (undo records take back the last one), the second
 * replays them, so no list of moves is ever held in RAM, only their line numbers.
 */
export function restore<S, M>(store: Store, game: Game<S, M>): Restored<S> | null {
  let setup: Record_ | null = null;
  let failed = false;
  let trusted = true;
  let cut = false;
  let dropped = 0;
  const standing: number[] = [];
  let n = -1;
  store.lines(LOG, function (line: string): void {
    n++;
    if (failed) return;
    const value = parseRecord(line);
    if (n === 0) {
      // The setup record: without it there is no game to restore.
      if (!value || value.g !== game.id) failed = true;
      else setup = value;
      return;
    }
    // After a garbled record nothing can be trusted to follow from what came before,
    // unless a resync says the board went on from exactly the moves standing so far.
    if (value && value.sync !== undefined) {
      if (value.sync === standing.length) trusted = true;
      return;
    }
    if (!value) {
      trusted = false;
      cut = line.charAt(line.length - 1) !== '\n';
    }
    if (!trusted) dropped++;
    else if (value && value.u) standing.pop();
    else standing.push(n);
  });
  if (failed || !setup) return null;
  const first = setup as Record_;
  const config: GameConfig = { players: first.p as number, options: first.o || {} };
  let state: S;
  try {
    state = game.setup(config);
  } catch (e) {
    return null;
  }
  const restored: Restored<S> = { config: config, names: first.n, state: state, moves: 0, stand: standing.length, dropped: dropped, cut: cut };
  let next = 0;
  n = -1;
  store.lines(LOG, function (line: string): void {
    n++;
    if (next >= standing.length || n !== standing[next]) return;
    next++;
    const outcome = game.play(restored.state, parseRecord(line) as unknown as M);
    if (outcome.refused) restored.dropped++;
    else {
      restored.state = outcome.state;
      restored.moves++;
    }
  });
  return restored;
}

/** The setup record of a game. */
export function setupRecord(id: string, config: GameConfig, names?: string[]): string {
  const value: { g: string; p: number; o: GameConfig['options']; n?: string[] } = { g: id, p: config.players, o: config.options };
  if (names) value.n = names;
  return record(value);
}
