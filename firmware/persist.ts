// Saved games: an append-only log in flash. The first record is the game's
// setup, each later one a move the rules accepted; replaying them through the
// pure rules gives back the state exactly. A record is its JSON, '*', two hex
// digits of a checksum and a newline, so one cut short by a power cut (or
// garbled) is told from a whole one and ignored with everything after it.
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
}

/** The game a log holds, or null when it holds none that `game` can play (no log, another game, a garbled setup). */
export function restore<S, M>(log: string, game: Game<S, M>): Restored<S> | null {
  const lines = log.split('\n');
  let restored: Restored<S> | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    // The text after the last newline is a record cut short, or nothing.
    const whole = i < lines.length - 1;
    const star = line.lastIndexOf('*');
    let value: { g?: string; p?: number; o?: GameConfig['options']; n?: string[] } | null = null;
    if (whole && star > 0 && parseInt(line.substring(star + 1), 16) === checksum(line.substring(0, star))) {
      try {
        value = JSON.parse(line.substring(0, star));
      } catch (e) {
        value = null;
      }
    }
    if (!restored) {
      // The setup record: without it there is no game to restore.
      if (!value || value.g !== game.id) return null;
      const config: GameConfig = { players: value.p as number, options: value.o || {} };
      try {
        restored = { config: config, names: value.n, state: game.setup(config), moves: 0, dropped: 0 };
      } catch (e) {
        return null;
      }
      continue;
    }
    if (!value) {
      // A garbled record: what follows cannot be trusted to follow from it.
      for (let j = i; j < lines.length; j++) if (lines[j] !== '') restored.dropped++;
      break;
    }
    const outcome = game.play(restored.state, value as unknown as M);
    if (outcome.refused) restored.dropped++;
    else {
      restored.state = outcome.state;
      restored.moves++;
    }
  }
  return restored;
}

/** The setup record of a game. */
export function setupRecord(id: string, config: GameConfig, names?: string[]): string {
  const value: { g: string; p: number; o: GameConfig['options']; n?: string[] } = { g: id, p: config.players, o: config.options };
  if (names) value.n = names;
  return record(value);
}
