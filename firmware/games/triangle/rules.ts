// Ninety-nine on a triangle (docs/games/triangle.md, T1-T8), as a pure Game. The referee's
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
  /** The winner, or null. */
  w: number | null;
  /** The last flick's result, or 'off' once marked off the triangle (T8); none before the first flick. */
  l?: FlickResult | 'off';
  /** The last flick's player, side and points: what a correction takes back (none before the first flick). */
  lp?: number;
  ls?: number;
  lv?: number;
}

export const TARGET = 99;
/**
 * The flick results, in the order a press of the board button steps through
 * them (layout.ts: the likeliest correction first). Result i scores
 * POINTS[i]; index OFF is the T8 mark.
 */
export const RESULTS: FlickResult[] = ['partly', 'perfect', 'beyond', 'short'];
/** Points by result, then OFF: only 0, 1 and 3 exist (T4), and 0 ends the turn (T3 beyond, T8). */
const POINTS = '13010';
export const OFF = 4;

export const triangleGame: Game<TriangleState, TriangleMove> = {
  id: 'triangle',

  setup(config) {
    const players = config.players;
    const options = config.options;
    const exact = options.exact;
    // What is wrong names the option, as Ring-a-Peg's setup does; a misspelt option is refused, never ignored.
    let bad = players !== (players | 0) || players < 2 || players > 6 ? 'players: 2..6 (T1)' : exact !== undefined && exact !== !!exact ? 'bad exact' : '';
    for (const name in options) if (name !== 'exact') bad = name + ': unknown';
    if (bad) throw new Error(bad);
    // Scores: a 0 for each player (six at most).
    return { n: players, x: !!exact, s: [0, 0, 0, 0, 0, 0].slice(0, players), p: 0, f: 0, w: null };
  },

  play(state, move) {
    const k = move.k;
    const side = move.s;
    const i = k === 'off' ? OFF : RESULTS.indexOf(move.r as FlickResult);
    const correction = k !== 'flick';
    // A correction or an off mark acts on the last flick; nothing is flicked after a win.
    const refused = correction ? (state.l ? '' : 'no flick')
      : state.w !== null ? 'game over'
      // T2: sides in order A→B, B→C, C→A (`s` >= 0: the board knows the side).
      : side! >= 0 && side !== state.f ? 'side ' + 'ABCA'.substr(side!, 2) + ', expected ' + 'ABCA'.substr(state.f, 2) : '';
    if (refused || i < 0) return { state: state, changes: [], refused: refused || 'unknown result' };
    const st: TriangleState = Object.assign({}, state);
    const scores = st.s = state.s.slice();
    if (correction) {
      // A correction or an off mark re-scores the last flick: take it back first
      // (nothing is flicked after a win, so there was none before it).
      scores[st.lp!] -= st.lv!;
      st.p = st.lp!;
      st.f = st.ls!;
      st.w = null;
    }
    const player = st.p;
    let points = +POINTS[i];
    let rule = i < OFF ? 'T3' : 'T8';
    if (st.x && scores[player] + points > TARGET) {
      points = 0;
      rule = 'T6';
    }
    scores[player] += points;
    st.l = RESULTS[i] || 'off';
    st.lp = player;
    st.ls = st.f;
    st.lv = points;
    if (scores[player] >= TARGET) {
      st.w = player; // T6: wins at that flick, even in mid-turn
    } else if (!points || st.f > 1) {
      // No points (beyond, off, or past 99 with `exact`) ends the turn, and so does the
      // third side (T5); T1: fixed rotation, from angle A.
      st.p = (player + 1) % st.n;
      st.f = 0;
    } else {
      st.f++;
    }
    // A correction's change is the difference it makes, cited by its new result's rule.
    return { state: st, changes: [{ player: player, points: scores[player] - state.s[player], rule: rule }] };
  },

  // No copy: states are never changed (play makes a new one), and callers only read scores.
  scores(state) {
    return state.s;
  },

  turn(state) {
    return state.p;
  },

  winner(state) {
    return state.w;
  },
};
