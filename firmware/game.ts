// The contract every game implements, after boardgame.io: a game is plain data
// and pure functions. State and moves are JSON-safe plain objects, so they can
// be saved to Storage, replayed for undo, and sent to the phone.
import type { BoardDescription } from './board';
import type { Interpreter } from './sensing';
import type { SettleGroup } from './scan';
import type { Command, CommandTable } from './commands';
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

/** What play() returns. `refused` names why a move was not legal; then state is the input state. */
export interface Outcome<S> {
  state: S;
  changes: ScoreChange[];
  refused?: string;
}

export interface Game<S, M> {
  /** The game's folder name, firmware/games/<id>/. */
  id: string;
  /** Throws an Error with a readable message when the config is not playable. */
  setup(config: GameConfig): S;
  /** Pure: never mutates `state`. */
  play(state: S, move: M): Outcome<S>;
  scores(state: S): number[];
  turn(state: S): number;
  /** Index of the winner, or null while the game goes on. */
  winner(state: S): number | null;
}

/** Everything the runtime needs of one game. */
export interface GameModule<S, M> {
  game: Game<S, M>;
  /** The game's code in the advert (byte 2, docs/protocol.md): unique among the games, and never changed once given. */
  code: number;
  board: BoardDescription;
  /** The scan period on the chip (ms): the longest that still sees the board's shortest sensor pulse. */
  pollMs: number;
  settle?: SettleGroup[];
  /**
   * The interpreter that turns this board's sensor events into moves; `begin`
   * saves that a move began (a number of the game's own, or -1 once it came to
   * nothing), so that a power cut before the move is decided does not lose it.
   */
  interpreter(emit: (move: M) => void, begin: (value: number) => void): Interpreter;
  /** The LED display text for a state. */
  layout(state: S): string;
  /** Game-specific fields of the phone's state message ({} for none). */
  fields(state: S): Fields;
  /** The field of `fields()` that the advert shows as its round (triangle's flick, ringapeg's Board); 0 without one (the advert writes 0 for what is not a number). */
  round?: string;
  /** The game's referee commands, beside the common ones. */
  commands: CommandTable;
  /** A validated referee command as a move, or null when it is not this game's. */
  command(command: Command): M | null;
  /** A board button press as a move, or null. */
  button(state: S, name: string, heldMs: number): M | null;
}

