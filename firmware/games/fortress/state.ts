// The fortress game's state and moves, the types its rules (rules.ts), its rare moves (rare.ts) and its power-up (powerup.ts) share.
import type { Outcome } from '../../game';

/**
 * stroke: the happenings `h` of one stroke. lag: player `p` won the lag (F1).
 * wrong: the last stroke was struck with an adversary's ball (F19). over: `ball`
 * was forced over the table in the last stroke (F30/F31; not `b`, the key of
 * the log's begin records). blind: "I do not
 * see" declared for the next stroke, or, with `hit`, whether the last stroke hit
 * (F37). fix: the last stroke's happenings `h`, corrected.
 */
export interface FortressMove {
  k: string;
  /**
   * The happenings: one string with a space between them (the board's and a phone's), or a list (a log saved before
   * they were a string). The rules keep them as a string: a list held two JsVars a happening.
   */
  h?: string[] | string;
  /** The `next` button's hold, ms. */
  ms?: number;
  p?: number;
  ball?: string;
  hit?: boolean;
  /** A stroke the board took up at power-up: what it found on the spots and colours then, after its first `n` happenings. */
  f?: string[] | string;
  n?: number;
  /** 1: `found` saved with an undo, the table as it lies then (an undo takes back a move, not the table): no move. */
  u?: number;
}

/** Sides are 0 (English) and 1 (French); fort f of side s is bit s*5+f, f in the board's order (A1 A2 R1 R2 G: board.ts COLOURS). */
export interface FortressState {
  /** The player on the English side, who struck first (F1); the other plays the French. */
  e: number;
  /** The player to strike. */
  t: number;
  /** Scores by player. */
  s: number[];
  /** The winner, or null. */
  w: number | null;
  /** Options floorAtZero (F40), alternate (F41) and penaltyBeforePass (F6). */
  z: boolean;
  a: boolean;
  pb: boolean;
  /** Bit per side: its attacking ball made the pass (F6), until F8 takes it back; bit 2 + side: it was judged regular and stands (F14). */
  ps: number;
  /** Bit per fort: taken; bit 10 + the fort's: judged at its taker's next stroke, and taken for good (F12, F24). */
  tk: number;
  /** Bit per colours down: each fort's as in tk, then bit 10 + side for a side's pass colours. */
  cd: number;
  /** Balls due back on their spots (F23), by class: side*2, +1 for the defending balls. */
  rs: number[];
  /** Bit per ball (board.ts BALLS order): off its spot as far as the board knows (all on their spots at the start). */
  sp: number;
  /** "I do not see" declared for the next stroke (F37). */
  bl: boolean;
  /** The last stroke's happenings, marks included (with a space between them), and the state before it: what a correction replays. */
  lh?: string;
  lb?: FortressState;
  /**
   * The last stroke's point changes as scored, their articles with a space between, each losing points marked `-`
   * (`F12- F11`): what the display and the phone tell of it, kept so that telling it scores nothing again.
   */
  la?: string;
  /** Happenings done by hand since the last stroke (colours, balls put back), with a space between them: the next stroke's first. */
  ph?: string;
  /**
   * Where the table lies otherwise than the game has it (after `ph`), because an undo took back a move but not the
   * table: a ball's bit as in sp, colours' as in cd from bit 6. What the board finds at power-up is
   * set against the table so, and a happening the board sees of a ball or colours clears its bit.
   */
  x?: number;
}

/**
 * The rules' parts (rules.ts, made with its moves) that the rare moves (rare.ts) and the power-up's (powerup.ts) play with: they come in their
 * module, on a board, and find these in the bundle.
 */
export interface RuleParts {
  /** Scores one stroke with happenings `hs`, struck from state `b`. */
  scoreStroke(b: FortressState, hs: string | undefined): Outcome<FortressState>;
  /**
   * A stroke with happenings `hs` after those done by hand since the last one (`ph`); `take`, for one taken up at
   * power-up, returns them all with what the board found then among them.
   */
  takeStroke(state: FortressState, hs: string | undefined, take?: (b: FortressState, ph: string, hs: string) => string): Outcome<FortressState>;
  /** Colours moved and balls put back by hand between strokes, `hs`. */
  byHand(state: FortressState, hs: string | undefined): Outcome<FortressState>;
  /** F12 and F40: whether a player has won (then set in `st`). */
  isWon(st: FortressState): boolean;
  /** Lays a colours' or a spot's happening on `st`; its bit as in `x`, or 0 for any other happening. */
  lay(st: FortressState, h: string): number;
  /** Happenings `hs` (from the one beginning at `from`) were seen as they happened: the table lies as the game has it there. */
  asSeen(st: FortressState, hs: string, from?: number): void;
  /** Whether every one of `hs` is a ball's spot or colours the board knows, marked with one of `ends`. */
  isReadable(hs: string | undefined, ends: string): hs is string;
  /** A move's happenings as the rules keep them: one string, a space between them (`-` alone: none); undefined for none it can read. */
  happenings(h: string[] | string | undefined): string | undefined;
  /** Where in `hs` the happening beginning at `at` ends: the space after it, or the end of `hs`. */
  ending(hs: string, at: number): number;
  /** Happenings `a` and then `b`, either of them none (''). */
  and(a: string, b: string): string;
  /** Where word `w` is among `words` (with a space between them): its place, from 0, or -1. */
  wordIndex(words: string, w: string): number;
  /** A move refused with its code; without one, `bad`. */
  refuse(state: FortressState, code?: string): Outcome<FortressState>;
  /** A shallow copy of a state, to change. */
  copyOf(state: FortressState): FortressState;
  /** A move played that scores nothing. */
  played(st: FortressState): Outcome<FortressState>;
}
