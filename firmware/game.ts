// The contract every game implements, after boardgame.io: a game is plain data
// and pure functions. State and moves are JSON-safe plain objects, so they can
// be saved to Storage, replayed for undo, and sent to the phone.
import type { BoardDescription } from './board';
import type { AnalogBank } from '../hal/types';
import type { Interpreter } from './sensing';
import type { SettleGroup } from './scan';
import type { CommandTable } from './commands';
import type { Fields } from './protocol';

/** Options are a game's named options, listed in its page in docs/games/ (exact, variant, target, ...). */
export interface GameOptions {
  [name: string]: boolean | number | string | undefined;
}

export interface GameConfig {
  players: number;
  options: GameOptions;
}

/** One point change, with the id of the rule that caused it (docs/games/<game>.md, Rule ids). */
export interface ScoreChange {
  player: number;
  points: number;
  rule: string;
}

/**
 * What a move returns. `refused` says why the move was not played: a short
 * code (the game's page in docs/games/ lists its codes and their words; the
 * phone's decoder shows the words), or '' when the move finds nothing to do
 * (a button with nothing to act on). Either way `state` is the input state
 * itself, and the runtime neither saves nor tells the move ('' is not even
 * flagged).
 */
export interface Outcome<S> {
  state: S;
  changes: ScoreChange[];
  refused?: string;
  /** A move played that wants the referee's word: a refusal-like code the phone is flagged with. */
  note?: string;
}

/** A move as played and saved: the name of the game's move (a key of its `moves`), then that move's arguments. */
export interface Move {
  k: string;
}

/**
 * A game, after boardgame.io: plain data and pure functions. Its moves are
 * named once, as keys of `moves`; a phone command plays the move of its name
 * with its arguments as they are, and a board button other than the runtime's
 * own (`mode`, both together) plays the move of its name, `{k:'next', ms}`
 * with `ms` the time it was held, when the game has one.
 */
export interface GameModule<S, M> {
  /** The game's folder name, firmware/games/<id>/. */
  id: string;
  /** The game's code in the advert (byte 2, docs/protocol.md): unique among the games, and never changed once given. */
  code: number;
  board: BoardDescription;
  /** The scan period on the chip (ms): the longest that still sees the board's shortest sensor pulse. */
  pollMs: number;
  settle?: SettleGroup[];
  /** Throws an Error with a readable message when the config is not playable. */
  setup(config: GameConfig): S;
  /** Each move by its name: pure, never mutates `state`. */
  moves: { [name: string]: (state: S, move: M) => Outcome<S> };
  /** The moves a phone may send, with their arguments' rules (firmware/commands.ts), beside the common commands. */
  commands: CommandTable;
  scores(state: S): number[];
  turn(state: S): number;
  /** Index of the winner, or null while the game goes on. */
  winner(state: S): number | null;
  /**
   * The interpreter that turns this board's sensor events into moves; `begin`
   * saves that a move began (a number of the game's own, or -1 once it came to
   * nothing; a string extends the value saved before it, for a move that goes
   * on), so that a power cut before the move is decided does not lose it.
   * `emit`'s `seen` (1): the move is of what the sensors showed at power-up or a new game, scored though they were
   * distrusted since (a fortress board plays what it found at the next tick).
   * `analog`: the board's analog banks (hal/types.ts), which only its interpreter reads.
   */
  interpreter(emit: (move: M, seen?: number) => void, begin: (value: number | string) => void, analog?: AnalogBank[]): Interpreter;
  /** The LED display text for a state. */
  layout(state: S): string;
  /** Game-specific fields of the phone's state message ({} for none). */
  fields(state: S): Fields;
  /** The field of `fields()` that the advert shows as its round (triangle's flick, ringapeg's Board); 0 without one (the advert writes 0 for what is not a number). */
  round?: string;
}

/**
 * Plays a move by its name: the one dispatch (runtime, saved logs). A name the
 * game has no move for is refused (`move`, a code of the core's: firmware/words.json).
 */
export function playMove<S, M>(game: GameModule<S, M>, state: S, move: M): Outcome<S> {
  const play = game.moves[(move as unknown as Move).k];
  return play ? play(state, move) : { state: state, changes: [], refused: 'move' satisfies keyof typeof import('./words.json') };
}

/**
 * Scoring articles: a table of rule ids and points, each article ARTICLE_WIDTH
 * characters: its rule id, a space, its points, and spaces to fill it
 * ('T3 1   T3 3   T8 0'), article i being the i-th. A string, not an array:
 * the chip keeps it in flash, and a game with thirty articles pays a few
 * bytes for each, not a branch.
 */
export type Articles = string;
/** The characters of an article in a table: its rule id, the space and its points take this many at most. */
export const ARTICLE_WIDTH = 7;

/**
 * Article i of a table, scored to `player`. (Found where it lies: the table split into a list of its words held some 90
 * JsVars more, fortification billiards', at the peak of a stroke scored; and found word by word, a late article of its
 * took some 35 bare reads.)
 */
export function score(articles: Articles, i: number, player: number): ScoreChange {
  const pair = articles.substr(ARTICLE_WIDTH * i, ARTICLE_WIDTH).split(' ');
  return { player: player, points: +pair[1], rule: pair[0] };
}
