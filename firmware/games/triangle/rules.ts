// Ninety-nine on a triangle (RULES.md, T1-T8), as a pure Game. The state keeps
// every flick of the game as one character of a string: undo and the referee's
// corrections replay that log, and 40+ flicks a player cost a few JsVars.
import { Game, ScoreChange } from '../../game';

export type FlickResult = 'perfect' | 'partly' | 'short' | 'beyond';

/**
 * flick: a sensed (or entered) flick; `s` is the side it was flicked along
 *   (0 A→B, 1 B→C, 2 C→A) when the board knows it.
 * off: the referee's T8 mark on the last flick (it left the triangle).
 * fix: the referee's correction of the last flick's result.
 * undo: takes the last flick back.
 */
export interface TriangleMove {
  k: 'flick' | 'off' | 'fix' | 'undo';
  r?: FlickResult;
  s?: number;
}

export interface TriangleState {
  /** Players, 2-6. */
  n: number;
  /** Option `exact` (T6). */
  x: boolean;
  /** Scores by player. */
  s: number[];
  /** The player to flick. */
  p: number;
  /** The side to flick along: 0 A→B, 1 B→C, 2 C→A. */
  f: number;
  /** The winner, or -1. */
  w: number;
  /** Every flick so far, one code each (see CODES). */
  log: string;
}

export const TARGET = 99;
/**
 * The flick results, in the order a press of the board button steps through
 * them (layout.ts: the likeliest correction first). Result i is logged as
 * CODES.charAt(i) and scores POINTS.charAt(i); index 4 is the T8 mark (off).
 */
export const RESULTS: FlickResult[] = ['partly', 'perfect', 'beyond', 'short'];
export const CODES = 'pPbso';
const POINTS = '13010';
const BEYOND = 2;
export const OFF = 4;

/** Scores flick `i` (a RESULTS index, or OFF) into `st`, the caller's own copy, and returns its score change. */
function apply(st: TriangleState, i: number): ScoreChange {
  const player = st.p;
  let points = +POINTS.charAt(i);
  let rule = i === OFF ? 'T8' : 'T3';
  // T3: nothing entirely beyond goes on; T8: off the triangle ends the turn.
  let endsTurn = i === BEYOND || i === OFF;
  if (st.x && st.s[player] + points > TARGET) {
    points = 0;
    rule = 'T6';
    endsTurn = true;
  }
  st.s[player] += points;
  st.log += CODES.charAt(i);
  if (st.s[player] >= TARGET) {
    st.w = player; // T6: wins at that flick, even in mid-turn
  } else if (endsTurn || st.f === 2) {
    // T5: after the third side the turn ends; T1: fixed rotation, from angle A.
    st.p = (player + 1) % st.n;
    st.f = 0;
  } else {
    st.f++;
  }
  return { player: player, points: points, rule: rule };
}

export const triangleGame: Game<TriangleState, TriangleMove> = {
  id: 'triangle',

  setup(config) {
    const players = config.players;
    const exact = (config.options || {}).exact;
    if (players !== (players | 0) || players < 2 || players > 6) throw new Error('2 to 6 players (T1)');
    if (exact !== undefined && exact !== !!exact) throw new Error('exact: true or false');
    const st: TriangleState = { n: players, x: exact === true, s: [], p: 0, f: 0, w: -1, log: '' };
    for (let i = 0; i < players; i++) st.s.push(0);
    return st;
  },

  play(state, move) {
    const k = move.k;
    const i = k === 'off' ? OFF : RESULTS.indexOf(move.r as FlickResult);
    const last = state.log.length - 1;
    let refused = '';
    if (k === 'flick') {
      if (state.w >= 0) refused = 'game over';
      // T2: sides in order A→B, B→C, C→A.
      else if (move.s !== undefined && move.s !== state.f) refused = 'side ' + 'ABCA'.substr(move.s, 2) + ', expected ' + 'ABCA'.substr(state.f, 2);
    } else if (last < 0) refused = 'no flick to ' + k;
    if (!refused && i < 0 && k !== 'undo') refused = 'unknown result ' + move.r;
    if (refused) return { state: state, changes: [], refused: refused };
    let next: TriangleState;
    if (k === 'flick') {
      next = Object.assign({}, state);
      next.s = state.s.slice();
    } else {
      // Undo and corrections replay the log without its last flick.
      next = triangleGame.setup({ players: state.n, options: { exact: state.x } });
      for (let j = 0; j < last; j++) apply(next, CODES.indexOf(state.log.charAt(j)));
    }
    // The change: the difference for the player whose flick was flicked, undone or re-scored
    // (the one to flick before it), cited by its new result's rule.
    const player = next.p;
    const change = k === 'undo' ? { player: player, points: 0, rule: 'undo' } : apply(next, i);
    change.points = next.s[player] - state.s[player];
    return { state: next, changes: change.points !== 0 || k !== 'undo' ? [change] : [] };
  },

  scores(state) {
    return state.s.slice();
  },

  turn(state) {
    return state.p;
  },

  winner(state) {
    return state.w >= 0 ? state.w : null;
  },
};

/** The state before the last flick (the same state when there is none). */
export function undo(state: TriangleState): TriangleState {
  return triangleGame.play(state, { k: 'undo' }).state;
}
