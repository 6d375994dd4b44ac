// Ninety-nine on a triangle (RULES.md, T1-T8), as a pure Game. The referee's
// corrections act on the last flick only, so the state keeps just what takes
// that flick back (its player, side and points); undo is the runtime's, which
// replays the saved log.
import { Game } from '../../game';

export type FlickResult = 'perfect' | 'partly' | 'short' | 'beyond';

/**
 * flick: a sensed (or entered) flick; `s` is the side it was flicked along
 *   (0 A→B, 1 B→C, 2 C→A) when the board knows it.
 * off: the referee's T8 mark on the last flick (it left the triangle).
 * fix: the referee's correction of the last flick's result.
 */
export interface TriangleMove {
  k: 'flick' | 'off' | 'fix';
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
  /** The last flick's result, a RESULTS index or OFF; -1 before the first flick. */
  l: number;
  /** The last flick's player, side and points: what a correction takes back. */
  lp: number;
  ls: number;
  lv: number;
}

export const TARGET = 99;
/**
 * The flick results, in the order a press of the board button steps through
 * them (layout.ts: the likeliest correction first). Result i scores
 * POINTS.charAt(i); index OFF is the T8 mark.
 */
export const RESULTS: FlickResult[] = ['partly', 'perfect', 'beyond', 'short'];
const POINTS = '13010';
const BEYOND = 2;
export const OFF = 4;

export const triangleGame: Game<TriangleState, TriangleMove> = {
  id: 'triangle',

  setup(config) {
    const players = config.players;
    const exact = (config.options || {}).exact;
    if (players !== (players | 0) || players < 2 || players > 6) throw new Error('2 to 6 players (T1)');
    if (exact !== undefined && exact !== !!exact) throw new Error('exact: true or false');
    const st: TriangleState = { n: players, x: exact === true, s: [], p: 0, f: 0, w: -1, l: -1, lp: 0, ls: 0, lv: 0 };
    for (let i = 0; i < players; i++) st.s.push(0);
    return st;
  },

  play(state, move) {
    const k = move.k;
    const i = k === 'off' ? OFF : RESULTS.indexOf(move.r as FlickResult);
    let refused = '';
    if (k === 'flick') {
      if (state.w >= 0) refused = 'game over';
      // T2: sides in order A→B, B→C, C→A.
      else if (move.s !== undefined && move.s !== state.f) refused = 'side ' + 'ABCA'.substr(move.s, 2) + ', expected ' + 'ABCA'.substr(state.f, 2);
    } else if (state.l < 0) refused = 'no flick to ' + k;
    if (!refused && i < 0) refused = 'unknown result ' + move.r;
    if (refused) return { state: state, changes: [], refused: refused };
    const st: TriangleState = Object.assign({}, state);
    st.s = state.s.slice();
    if (k !== 'flick') {
      // A correction or an off mark re-scores the last flick: take it back first
      // (nothing is flicked after a win, so there was none before it).
      st.s[st.lp] -= st.lv;
      st.p = st.lp;
      st.f = st.ls;
      st.w = -1;
    }
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
    st.l = i;
    st.lp = player;
    st.ls = st.f;
    st.lv = points;
    if (st.s[player] >= TARGET) {
      st.w = player; // T6: wins at that flick, even in mid-turn
    } else if (endsTurn || st.f === 2) {
      // T5: after the third side the turn ends; T1: fixed rotation, from angle A.
      st.p = (player + 1) % st.n;
      st.f = 0;
    } else {
      st.f++;
    }
    // A correction's change is the difference it makes, cited by its new result's rule.
    return { state: st, changes: [{ player: player, points: st.s[player] - state.s[player], rule: rule }] };
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
