// What the triangle shows: the LED display text and the phone's state fields.
import { scoresLayout } from '../../display';
import { sideName } from './rules';
import type { TriangleState, FlickResult } from './rules';

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
  return { side: sideName(state.f), flick: state.f + 1, last: state.l || null, exact: state.x };
}
