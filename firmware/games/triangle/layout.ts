// What the triangle shows: the LED display text and the phone's state fields.
import { scoresLayout } from '../../display';
import { TriangleState, TriangleMove, FlickResult, lastResult, sideName } from './rules';

/** Sides as the 7-segment font spells them ('B' only has a lower-case form). */
const SIDE_LABELS = ['Ab', 'bC', 'CA'];

/**
 * Scores, the player to flick marked by the decimal point, and the side to
 * flick along as label: "  42.  17|Ab". Once won, no point, and "=N" names
 * the winner (N counted from 1): "  99  17|=1".
 */
export function triangleLayout(state: TriangleState): string {
  if (state.w >= 0) return scoresLayout(state.s, -1, '=' + (state.w + 1));
  return scoresLayout(state.s, state.p, SIDE_LABELS[state.f]);
}

/** The game-specific fields of the phone's `state` message. */
export interface TrianglePhoneFields {
  /** The side to flick along next: 'AB', 'BC' or 'CA'. */
  side: string;
  /** Flick of the turn, 1-3. */
  flick: number;
  /** How the last flick was scored, if any. */
  last: FlickResult | 'off' | null;
  exact: boolean;
}

export function trianglePhoneFields(state: TriangleState): TrianglePhoneFields {
  return { side: sideName(state.f), flick: state.f + 1, last: lastResult(state), exact: state.x };
}

/**
 * Referee commands from the phone, beside the common ones (`undo`):
 *   {"cmd":"off"}                  the last flick left the triangle (T8)
 *   {"cmd":"fix","r":"perfect"}    the last flick's result was really `r`
 *   {"cmd":"flick","r":"short"}    a flick the board did not see (a chip that
 *                                  never cleared its start spot), entered by hand
 * Returns null for a command that is not the triangle's.
 */
export function triangleCommand(cmd: { cmd?: unknown; r?: unknown }): TriangleMove | null {
  if (cmd.cmd === 'off') return { k: 'off' };
  if (cmd.cmd === 'fix' && typeof cmd.r === 'string') return { k: 'fix', r: cmd.r as FlickResult };
  if (cmd.cmd === 'flick' && typeof cmd.r === 'string') return { k: 'flick', r: cmd.r as FlickResult };
  if (cmd.cmd === 'undo') return { k: 'undo' };
  return null;
}

/**
 * The order a short press of the board button steps the last flick through,
 * the likeliest correction first: partly → perfect (it was even), perfect →
 * beyond, beyond → short, short → partly.
 */
const CORRECTION_CYCLE: FlickResult[] = ['partly', 'perfect', 'beyond', 'short'];
/** A press this long marks the last flick off the triangle (T8). */
export const OFF_HOLD_MS = 1500;

/**
 * The board button `next`: a short press corrects the last flick to the next
 * result in CORRECTION_CYCLE; a long press (OFF_HOLD_MS) is the referee's T8
 * mark. Doing nothing confirms. null: no move.
 */
export function triangleButton(state: TriangleState, name: string, heldMs: number): TriangleMove | null {
  if (name !== 'next' || state.log.length === 0) return null;
  if (heldMs >= OFF_HOLD_MS) return { k: 'off' };
  const last = lastResult(state);
  const i = last === 'off' || last === null ? -1 : CORRECTION_CYCLE.indexOf(last);
  return { k: 'fix', r: CORRECTION_CYCLE[(i + 1) % CORRECTION_CYCLE.length] };
}
