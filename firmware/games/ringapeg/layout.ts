// What the LED display and the phone show of a Ring-a-Peg game.
import { scoresLayout, wordLayout } from '../../display';
import { pegName } from './board';
import { RingapegState, BAD, CLR, HELD, OVER, PHASE_NAMES, totals } from './rules';

/**
 * The display text: scores (counts in the Primary game, totals in the
 * Advance game) with a decimal point after the player to snap, and a label:
 * rings that player has left ("r3"), "tIE" in a tie-break, "UP" while a ring
 * is held for a march. Words instead: ILLEGAL (R7, until the ring is put
 * back), CLEAr (R11, between Boards), "PEG P2" when player 2 pegs out (R10).
 * A Primary game's end shows the final counts, the point after the winner's.
 */
export function ringapegLayout(s: RingapegState): string {
  const over = s.ph === OVER;
  const word = s.ph === BAD ? 'ILLEGAL' : s.ph === CLR ? 'CLEAr' : over && s.tg ? 'PEG P' + ((s.w as number) + 1) : '';
  return word ? wordLayout(word) : scoresLayout(totals(s), over ? s.w as number : s.tn, over ? '' : s.tp ? 'tIE' : s.ph === HELD ? 'UP' : 'r' + s.lf[s.tn]);
}

// A type, not an interface: the runtime takes it as plain Fields.
export type RingapegView = {
  counts: number[];
  board: number;
  phase: string;
  left: number[];
  march: string | null;
  warn: string;
  tie: string;
  stacks: string;
  peg: boolean;
};

/**
 * The game-specific part of the phone's state message (docs/games/ringapeg.md):
 * this Board's counts, Board number, phase name, rings left per player (-1:
 * out, R10), the march peg's name, the rule to put right (R7, R11), tie-break
 * players and stacks as owner digits (stacks bottom first, pegs in layout
 * order separated by commas), and whether the game was won by Peg (R10).
 */
export function ringapegView(s: RingapegState): RingapegView {
  return {
    counts: totals(s, true),
    board: s.bd,
    phase: PHASE_NAMES.split(' ')[s.ph],
    left: s.lf,
    march: s.mp >= 0 && s.ph !== OVER ? pegName(s.mp) : null,
    warn: s.ph === BAD ? 'R7' : s.ph === CLR ? 'R11' : '',
    tie: s.tp,
    stacks: s.st,
    peg: s.ph === OVER && s.tg > 0,
  };
}
