// What the fortress board shows: the LED display text and the phone's state fields.
import { scoresLayout } from '../../display';
import type { FortressState } from './rules';
import { COLOURS, namesOf } from './board';

/**
 * A short word for what the last stroke did, most telling first: a fort
 * taken (Fort), a prisoner made (PriS), a fort out of order (ordr), the pass
 * made (PASS), any other penalty (FouL); '' for nothing.
 */
function lastWord(s: FortressState): string {
  const last = s.la || '';
  const rules = last.split(' ');
  const has = (rule: string) => rules.indexOf(rule) >= 0;
  return has('F11') || has('F32') ? 'Fort' : has('F25') ? 'PriS' : has('F22-') ? 'ordr' : s.lb && s.ps & ~s.lb.ps & 3 ? 'PASS' : last.indexOf('-') >= 0 ? 'FouL' : '';
}

/**
 * Both sides' scores, the point after the striker's, and the word for the
 * last stroke; once won, the winner ('=1', '=2' as players from 1).
 */
export function fortressLayout(s: FortressState): string {
  return scoresLayout(s.s, s.w === null ? s.t : -1, s.w === null ? lastWord(s) : '=' + (s.w + 1));
}

/**
 * The phone's fields (docs/games/fortress.md): the player on the English
 * side, forts taken, colours down, passes made, balls due back on their
 * spots (by class), "I do not see" declared, the last stroke's happenings and
 * the article of each of its point changes.
 */
export function fortressFields(s: FortressState) {
  /** Names of the bits set in `bits`, from the list `names`, with a space between. */
  const named = (bits: number, names: string[]) => names.filter((_name, i) => bits >> i & 1).join(' ');
  // Each fort's colours, then both sides' pass colours: the forts' names are the first ones.
  const colours = namesOf(COLOURS);
  const cls = namesOf('EA ED FA FD');
  let off = '';
  for (let c = 0; c < 4; c++) for (let i = 0; i < s.rs[c]; i++) off += (off ? ' ' : '') + cls[c];
  return {
    english: s.e,
    // (The bits above the forts' say which were judged, F12.)
    taken: named(s.tk & 1023, colours),
    colours: named(s.cd, colours),
    pass: named(s.ps, namesOf('E F')),
    offSpot: off,
    blind: s.bl,
    last: s.lh || '',
    articles: (s.la || '').split('-').join(''),
  };
}
