// Ninety-nine on a triangle (docs/games/triangle.md, T1-T8): setup and the
// moves, pure. The referee's corrections act on the last flick only, so the
// state keeps just what takes that flick back (its player, side and points);
// undo is the runtime's, which replays the saved log.
import { GameConfig, Outcome, score } from '../../game';

/**
 * Why a move is refused: a code of words.json (the phone's decoder shows its
 * words; the firmware never imports the file), and after T2 the sides
 * flicked and expected.
 */
type Refusal = keyof typeof import('./words.json') | `T2 ${string} ${string}`;

export type FlickResult = 'perfect' | 'partly' | 'short' | 'beyond';

/**
 * flick: a sensed (or entered) flick of result `r`; `s` is the side it was
 *   flicked along (0 A→B, 1 B→C, 2 C→A) when the board knows it.
 * off: the referee's T8 mark on the last flick (it left the triangle).
 * fix: the referee's correction of the last flick's result to `r`.
 * next: the board button, held `ms`: a short press fixes the last flick to
 *   the next result, a long one (OFF_HOLD_MS) marks it off.
 */
export interface TriangleMove {
  k: 'flick' | 'off' | 'fix' | 'next';
  r?: FlickResult;
  s?: number;
  ms?: number;
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
 * them (the likeliest correction first: partly → perfect, it was even;
 * perfect → beyond; beyond → short; short → partly). Result i is scoring
 * article i; article OFF is the T8 mark. A space between them, split where they are used: an array kept for good
 * would hold some 10 JsVars of the chip.
 */
export const RESULTS = 'partly perfect beyond short';
/**
 * The scoring articles (firmware/game.ts, score()): each result's rule and
 * points, then OFF's, then PAST's (T6: a flick that would pass 99 with
 * `exact`). Only 0, 1 and 3 exist (T4), and 0 ends the turn.
 */
export const ARTICLES = 'T3 1   ' + 'T3 3   ' + 'T3 0   ' + 'T3 1   ' + 'T8 0   ' + 'T6 0';
export const OFF = 4;
const PAST = 5;
/** A press of `next` this long marks the last flick off the triangle (T8). */
export const OFF_HOLD_MS = 1500;

/** The name of side f (0 A→B, 1 B→C, 2 C→A): 'AB', 'BC' or 'CA'. */
export function sideName(f: number): string {
  return 'ABCA'.substr(f, 2);
}

/** Options (docs/games/triangle.md): exact. */
export function setup(config: GameConfig): TriangleState {
  const players = config.players;
  const options = config.options;
  const exact = options.exact;
  // What is wrong names the option, as Ring-a-Peg's setup does; a misspelt option is refused, never ignored.
  let bad = players !== (players | 0) || players < 2 || players > 6 ? 'players: 2..6 (T1)' : exact !== undefined && exact !== !!exact ? 'bad exact' : '';
  for (const name in options) if (name !== 'exact') bad = name + ': unknown';
  if (bad) throw new Error(bad);
  return { n: players, x: !!exact, s: Array(players).fill(0), p: 0, f: 0, w: null };
}

/**
 * Every move: a flick, or a correction of the last flick (fix, off, next),
 * which takes it back and scores it anew. They differ only in the result
 * they score and in what refuses them, so they are one function.
 */
export function play(state: TriangleState, move: TriangleMove): Outcome<TriangleState> {
  const side = move.s!;
  const ms = move.ms!;
  const correction = move.k !== 'flick';
  // The result: `r` (flick, fix); next: held OFF_HOLD_MS or longer, off, else the next result in RESULTS'
  // order, and after the last or an off mark (not in RESULTS: -1 + 1) the first; off: the T8 mark.
  const results = RESULTS.split(' ');
  const i = move.r || !correction ? results.indexOf(move.r!) : ms < OFF_HOLD_MS ? (results.indexOf(state.l as FlickResult) + 1) % OFF : OFF;
  // A correction acts on the last flick: before the first it is refused, and a press of the button finds nothing
  // to do (''). Nothing is flicked after a win; T2: sides in order A→B, B→C, C→A (`s` >= 0: the board knows the side).
  const refusal: Refusal | '' | undefined = correction ? (state.l ? undefined : ms >= 0 ? '' : 'none')
    : state.w !== null ? 'over'
      : side >= 0 && side !== state.f ? 'T2 ' + sideName(side) + ' ' + sideName(state.f) as Refusal : undefined;
  if (refusal != null || i < 0) return { state: state, changes: [], refused: refusal != null ? refusal : 'result' };
  const st: TriangleState = Object.assign({}, state);
  const scores = st.s = state.s.slice();
  if (correction) {
    // Take the last flick back (nothing is flicked after a win, so it came before any).
    scores[st.lp!] -= st.lv!;
    st.p = st.lp!;
    st.f = st.ls!;
    st.w = null;
  }
  const player = st.p;
  let change = score(ARTICLES, i, player);
  if (st.x && scores[player] + change.points > TARGET) change = score(ARTICLES, PAST, player);
  const points = change.points;
  scores[player] += points;
  st.l = (results[i] || 'off') as FlickResult | 'off';
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
  change.points = scores[player] - state.s[player];
  return { state: st, changes: [change] };
}
