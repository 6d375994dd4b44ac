// The contract every game implements, after boardgame.io: a game is plain data
// and pure functions. State and moves are JSON-safe plain objects, so they can
// be saved to Storage, replayed for undo, and sent to the phone.

export type GameId = 'triangle' | 'fortress' | 'ringapeg' | 'shuffleboard';

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
  id: GameId;
  /** Throws an Error with a readable message when the config is not playable. */
  setup(config: GameConfig): S;
  /** Pure: never mutates `state`. */
  play(state: S, move: M): Outcome<S>;
  scores(state: S): number[];
  turn(state: S): number;
  /** Index of the winner, or null while the game goes on. */
  winner(state: S): number | null;
}
