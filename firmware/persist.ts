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
  /** Records ignored: the last one cut short by a power cut, or a garbled stretch of the log. */
  dropped: number;
  /** The log ends in a record cut short: the next record must start on a new line, after a resync. */
  cut: boolean;
}

/**
 * The record written after a record cut short, once the board is back: the
 * count of moves that stand. Restore trusts the records after it again, when
 * its count is the count of moves replayed until then.
 */
export function resyncRecord(moves: number): string {
  return '\n' + record({ sync: moves });
}

/** The game the log holds, or null when it holds none that `game` can play (no log, another game, a garbled setup). */
export function restore<S, M>(store: Store, game: Game<S, M>): Restored<S> | null {
  let restored: Restored<S> | null = null;
  let failed = false;
  let trusted = true;
  store.lines(LOG, function (line: string): void {
    if (failed) return;
    // A record ends in '*', two hex digits and a newline; a line without its newline was cut short by a power cut.
    const star = line.length - 4;
    const body = line.substring(0, star);
    let value: { g?: string; p?: number; o?: GameConfig['options']; n?: string[]; sync?: number } | null = null;
    if (star > 0 && line.charAt(star) === '*' && line.charAt(star + 3) === '\n' && parseInt(line.substring(star + 1, star + 3), 16) === checksum(body)) {
      try {
        value = JSON.parse(body);
      } catch (e) {
        value = null;
      }
    }
    if (!restored) {
      // The setup record: without it there is no game to restore.
      if (!value || value.g !== game.id) {
        failed = true;
        return;
      }
      const config: GameConfig = { players: value.p as number, options: value.o || {} };
      try {
        restored = { config: config, names: value.n, state: game.setup(config), moves: 0, dropped: 0, cut: false };
      } catch (e) {
        failed = true;
      }
      return;
    }
    // After a garbled record nothing can be trusted to follow from what came before,
    // unless a resync says the board went on from exactly the moves replayed so far.
    if (value && value.sync !== undefined) {
      if (value.sync === restored.moves) trusted = true;
      return;
    }
    if (!value) {
      trusted = false;
      restored.cut = line.charAt(line.length - 1) !== '\n';
    }
    if (!trusted) {
      restored.dropped++;
      return;
    }
    const outcome = game.play(restored.state, value as unknown as M);
    if (outcome.refused) restored.dropped++;
    else {
      restored.state = outcome.state;
      restored.moves++;
    }
  });
  return failed ? null : restored;
}

/** The setup record of a game. */
export function setupRecord(id: string, config: GameConfig, names?: string[]): string {
  const value: { g: string; p: number; o: GameConfig['options']; n?: string[] } = { g: id, p: config.players, o: config.options };
  if (names) value.n = names;
  return record(value);
}
