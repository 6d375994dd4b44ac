// What the triangle shows and takes: the LED display text, the phone's state
// fields, referee commands and the board button.
import { scoresLayout } from '../../display';
import type { Command } from '../../commands';
import { TriangleState, TriangleMove, FlickResult, RESULTS } from './rules';

/**
 * Scores, the player to flick marked by the decimal point, and the side to
 * flick along as label ('Ab', 'bC', 'CA': the 7-segment font only has a
 * lower-case 'b'): "  42.  17|Ab". Once won, no point, and "=N" names the
 * winner (N counted from 1): "  99  17|=1".
 */
export function triangleLayout(state: TriangleState): string {
  const w = state.w;
  return scoresLayout(state.s, w === null ? state.p : -1, w === null ? 'AbbCCA'.substr(state.f * 2, 2) : '=' + (w + 1));
}

/** The game-specific fields of the phone's `state` message. */
export type TrianglePhoneFields = {
  /** The side to flick along next: 'AB', 'BC' or 'CA'. */
  side: string;
  /** Flick of the turn, 1-3. */
  flick: number;
  /** How the last flick was scored, if any. */
  last: FlickResult | 'off' | null;
  exact: boolean;
};

export function trianglePhoneFields(state: TriangleState): TrianglePhoneFields {
  return { side: 'ABCA'.substr(state.f, 2), flick: state.f + 1, last: state.l || null, exact: state.x };
}

/**
 * Referee commands from the phone (index.ts lists them; the command channel
 * has checked `r`; the runtime plays `undo` itself):
 *   {"cmd":"off"}                  the last flick left the triangle (T8)
 *   {"cmd":"fix","r":"perfect"}    the last flick's result was really `r`
 *   {"cmd":"flick","r":"short"}    a flick the board did not see (a chip that
 *                                  never cleared its start spot), entered by hand
 * Returns null for a command that is not the triangle's.
 */
export function triangleCommand(command: Command): TriangleMove | null {
  const k = command.name as TriangleMove['k'];
  const r = command.args.r as FlickResult;
  // The channel passes only the commands of index.ts's table, where fix and flick require `r`.
  return k === 'off' ? { k: k } : r ? { k: k, r: r } : null;
}

/** A press this long marks the last flick off the triangle (T8). */
export const OFF_HOLD_MS = 1500;

/**
 * The board button `next`: a short press corrects the last flick to the next
 * result in RESULTS' order, the likeliest correction first: partly → perfect
 * (it was even), perfect → beyond, beyond → short, short → partly (and an off
 * mark → partly). A long press (OFF_HOLD_MS) is the referee's T8 mark. Doing
 * nothing confirms. null: no move.
 */
export function triangleButton(state: TriangleState, name: string, heldMs: number): TriangleMove | null {
  if (name !== 'next' || !state.l) return null;
  if (heldMs >= OFF_HOLD_MS) return { k: 'off' };
  // The next result; the first after the last, and after an off mark (not in RESULTS: -1 + 1).
  return { k: 'fix', r: RESULTS[RESULTS.indexOf(state.l as FlickResult) + 1] || RESULTS[0] };
}
