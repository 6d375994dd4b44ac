// Ninety-nine on a triangle (RULES.md, T1-T8), as a pure Game. The state keeps
// every flick of the game as one character of a string: undo and the referee's
// corrections replay that log, and 40+ flicks a player cost a few JsVars.
import { Game, GameConfig, Outcome, ScoreChange } from '../../game';

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
/** Log codes: perfect, partly over, short, beyond, off the triangle (T8). */
const CODES = 'Ppsbo';
const RESULTS: FlickResult[] = ['perfect', 'partly', 'short', 'beyond'];
const POINTS = [3, 1, 1, 0, 0];

/** 'AB', 'BC', 'CA' for sides 0, 1, 2. */
export function sideName(side: number): string {
  return 'ABCA'.charAt(side) + 'ABCA'.charAt(side + 1);
}

function codeOf(result: FlickResult | undefined): string {
  const i = result === undefined ? -1 : RESULTS.indexOf(result);
  return i < 0 ? '' : CODES.charAt(i);
}

function copy(st: TriangleState): TriangleState {
  return { n: st.n, x: st.x, s: st.s.slice(), p: st.p, f: st.f, w: st.w, log: st.log };
}

function fresh(players: number, exact: boolean): TriangleState {
  const s: number[] = [];
  for (let i = 0; i < players; i++) s.push(0);
  return { n: players, x: exact, s: s, p: 0, f: 0, w: -1, log: '' };
}

/** Scores one flick into `st` (a private copy) and returns its score change. */
function applyFlick(st: TriangleState, code: string): ScoreChange {
  const player = st.p;
  const kind = CODES.indexOf(code);
  let points = POINTS[kind];
  let rule = kind === 4 ? 'T8' : 'T3';
  // T3: nothing entirely beyond goes on; T8: off the triangle ends the turn.
  let endsTurn = kind >= 3;
  if (st.x && st.s[player] + points > TARGET) {
    points = 0;
    rule = 'T6';
    endsTurn = true;
  }
  st.s[player] += points;
  st.log += code;
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

function replay(players: number, exact: boolean, log: string): TriangleState {
  const st = fresh(players, exact);
  for (let i = 0; i < log.length; i++) applyFlick(st, log.charAt(i));
  return st;
}

function scoreDifferences(before: TriangleState, after: TriangleState, rule: string): ScoreChange[] {
  const changes: ScoreChange[] = [];
  for (let i = 0; i < before.n; i++) {
    const d = after.s[i] - before.s[i];
    if (d !== 0) changes.push({ player: i, points: d, rule: rule });
  }
  return changes;
}

/** The state before the last flick (the same state when there is none). */
export function undo(state: TriangleState): TriangleState {
  if (state.log.length === 0) return state;
  return replay(state.n, state.x, state.log.slice(0, -1));
}

/** Re-scores the last flick as `code`; the change is the difference, cited by the new result's rule. */
function rescoreLast(state: TriangleState, code: string): Outcome<TriangleState> {
  const before = undo(state);
  const after = copy(before);
  const oldAfter = copy(before);
  const change = applyFlick(after, code);
  const old = applyFlick(oldAfter, state.log.charAt(state.log.length - 1));
  change.points -= old.points;
  return { state: after, changes: [change] };
}

function refuse(state: TriangleState, why: string): Outcome<TriangleState> {
  return { state: state, changes: [], refused: why };
}

export const triangleGame: Game<TriangleState, TriangleMove> = {
  id: 'triangle',

  setup(config: GameConfig): TriangleState {
    const players = config.players;
    if (players !== (players | 0) || players < 2 || players > 6) {
      throw new Error('triangle is played by 2 to 6 players (T1), not ' + players);
    }
    const exact = config.options ? config.options.exact : undefined;
    if (exact !== undefined && typeof exact !== 'boolean') {
      throw new Error('triangle option exact must be true or false, not ' + exact);
    }
    return fresh(players, exact === true);
  },

  play(state: TriangleState, move: TriangleMove): Outcome<TriangleState> {
    if (move.k === 'undo') {
      if (state.log.length === 0) return refuse(state, 'no flick to undo');
      const before = undo(state);
      return { state: before, changes: scoreDifferences(state, before, 'undo') };
    }
    if (move.k === 'off' || move.k === 'fix') {
      if (state.log.length === 0) return refuse(state, 'no flick to ' + (move.k === 'off' ? 'mark off' : 'correct'));
      const code = move.k === 'off' ? 'o' : codeOf(move.r);
      if (code === '') return refuse(state, 'unknown flick result ' + move.r);
      return rescoreLast(state, code);
    }
    if (move.k !== 'flick') return refuse(state, 'unknown move ' + move.k);
    if (state.w >= 0) return refuse(state, 'the game is over');
    const code = codeOf(move.r);
    if (code === '') return refuse(state, 'unknown flick result ' + move.r);
    // T2: sides in order A→B, B→C, C→A.
    if (move.s !== undefined && move.s !== state.f) {
      return refuse(state, 'flicked along side ' + sideName(move.s) + ', expected ' + sideName(state.f));
    }
    const next = copy(state);
    return { state: next, changes: [applyFlick(next, code)] };
  },

  scores(state: TriangleState): number[] {
    return state.s.slice();
  },

  turn(state: TriangleState): number {
    return state.p;
  },

  winner(state: TriangleState): number | null {
    return state.w >= 0 ? state.w : null;
  },
};

/** The result the last flick was scored with ('off' for a T8 mark), or null. */
export function lastResult(state: TriangleState): FlickResult | 'off' | null {
  if (state.log.length === 0) return null;
  const i = CODES.indexOf(state.log.charAt(state.log.length - 1));
  return i === 4 ? 'off' : RESULTS[i];
}
