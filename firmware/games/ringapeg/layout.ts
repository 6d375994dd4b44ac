// What the LED display and the phone show of a Ring-a-Peg game.
import { scoresLayout, wordLayout } from '../../display';
import { pegNames } from './board';
import { RingapegState, counts, totals, ringsLeft } from './rules';

function layoutOf(state: RingapegState): string {
  let layout = '';
  for (let p = 0; p < state.pc.length; p++) layout += 'oik'.charAt(state.pc[p]);
  return layout;
}

/**
 * The display text: scores (counts in the Primary game, totals in the
 * Advance game) with a decimal point after the player to snap, and a label:
 * rings that player has left ("r3"), "tIE" in a tie-break, "UP" while a ring
 * is held for a march. Words instead: ILLEGAL (R7, until the ring is put
 * back), CLEAr (R11, between Boards), "PEG P2" when player 2 pegs out (R10).
 * A Primary game's end shows the final counts, the point after the winner's.
 */
export function ringapegLayout(state: RingapegState): string {
  const scores = state.adv ? totals(state) : counts(state);
  if (state.ph === 'over') {
    if (state.wr === 'R10') return wordLayout('PEG P' + (state.w + 1));
    return scoresLayout(scores, state.w);
  }
  if (state.ph === 'bad') return wordLayout('ILLEGAL');
  if (state.ph === 'clr') return wordLayout('CLEAr');
  let label = 'r' + state.lf[state.tn];
  if (state.tp.length > 0) label = 'tIE';
  else if (state.ph === 'held') label = 'UP';
  return scoresLayout(scores, state.tn, label);
}

export interface RingapegView {
  counts: number[];
  totals: number[];
  /** Whose snap or march. */
  snap: number;
  /** Rings each player has left this Board, and all together. */
  left: number[];
  ringsLeft: number;
  board: number;
  phase: string;
  /** Peg a march may start from, or the peg the held ring came from; null if none. */
  march: string | null;
  /** 'R7' while an illegal lift or drop waits to be put right, 'R11' while the pegs must be cleared, else ''. */
  warn: string;
  /** Tie-break players (R8), empty if none. */
  tie: number[];
  /** Players put out by a false Peg claim (R10). */
  out: number[];
  /** True when the game was won by Peg (R10). */
  peg: boolean;
  stacks: number[][];
}

/** The game-specific part of the phone's state message. */
export function ringapegView(state: RingapegState): RingapegView {
  const names = pegNames(layoutOf(state));
  const out: number[] = [];
  for (let pl = 0; pl < state.n; pl++) if (state.out[pl]) out.push(pl);
  return {
    counts: counts(state),
    totals: totals(state),
    snap: state.tn,
    left: state.lf.slice(),
    ringsLeft: ringsLeft(state),
    board: state.bd,
    phase: state.ph,
    march: state.mp >= 0 ? names[state.mp] : null,
    warn: state.ph === 'bad' || state.ph === 'clr' ? state.why : '',
    tie: state.tp.slice(),
    out: out,
    peg: state.ph === 'over' && state.wr === 'R10',
    stacks: state.st,
  };
}
