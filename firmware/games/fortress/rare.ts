// The fortress moves a game plays seldom: the referee's corrections of the last
// stroke (wrong, over, blind's hit or miss, fix), the lag and "I do not see"
// declared; and, as seldom, the check of a new game's options and the
// articles of a stroke declared "I do not see". A board keeps
// them out of its bundle, in a module of its own (RARE_MODULE,
// firmware/modules.ts) that the rules load for each such move and for each
// setup, and let go after it (rules.ts); the moves play with the rules' parts
// in the bundle (RuleParts).
import type { GameOptions, Outcome, ScoreChange } from '../../game';
import type { FortressMove, FortressState, RuleParts } from './state';
import { namesOf } from './board';
import { F37, F37_MISS, F38, OWN_FAULTS } from './articles';

/** What is wrong with a new game's `options` (docs/games/fortress.md, Options): the last bad one, or '' for none. */
function optionsProblem(options: GameOptions): string {
  let bad = '';
  for (const name in options) {
    const v = options[name];
    if (namesOf('floorAtZero alternate lag penaltyBeforePass').indexOf(name) < 0) bad = name + ': unknown';
    else if (v !== undefined && (name === 'lag' ? v !== 0 && v !== 1 : v !== !!v)) bad = 'bad ' + name;
  }
  return bad;
}

/**
 * F37/F38: the articles `ids` of an "I do not see" stroke, `hit` if it hit: a miss −2; a hit +2, or −2 in all with
 * the striker's own-ball faults (which it then replaces). Changes `ids`.
 */
function blindArticles(ids: number[], hit: boolean): void {
  let fault = false;
  for (let j = ids.length - 1; j >= 0 && hit; j--) {
    if (OWN_FAULTS >> ids[j] & 1) {
      ids.splice(j, 1);
      fault = true;
    }
  }
  ids.push(!hit ? F37_MISS : fault ? F38 : F37);
}

/**
 * Happenings as the rules keep them (rules.ts, happenings, which hands on those not so already), made so: a list's
 * joined (one with a happening that is no word: undefined, none it can read), a string's spaces too many, empty words
 * and a miss's `-` dropped. (The moves here make theirs so too: a copy, where the rules' would load this module again.)
 */
function happenings(h: string[] | string | undefined): string | undefined {
  if (Array.isArray(h)) {
    for (let i = 0; i < h.length; i++) if (typeof h[i] !== 'string' || !h[i] || h[i].indexOf(' ') >= 0) return undefined;
    return h.join(' ');
  }
  return typeof h !== 'string' ? h : h.split(' ').filter((x) => x !== '' && x !== '-').join(' ');
}

/** Plays the rare move `move` (its name is one of those above) on `state`, with the rules' parts `r`. */
function rareMove(state: FortressState, move: FortressMove, r: RuleParts): Outcome<FortressState> {
  const refuse = r.refuse;

  /**
   * F12 and F40 in `st`, with what was done by hand since the last stroke (`ph`): colours come down by hand may give a
   * win that waited for them. (Laid on a copy: the state before the next stroke is the one its corrections replay
   * from, with all its happenings.)
   */
  function judgeWin(st: FortressState): void {
    const now = r.copyOf(st);
    const ph = st.ph || '';
    for (let at = 0, end = 0; at < ph.length; at = end + 1) r.lay(now, ph.slice(at, end = r.ending(ph, at)));
    r.isWon(now);
    st.w = now.w;
  }

  /** Replays the last stroke with happenings `hs`; its changes are, per article, what the correction changed. */
  function correct(state: FortressState, hs: string | undefined): Outcome<FortressState> {
    if (state.lh === undefined) return refuse(state, 'none');
    const o = r.scoreStroke(state.lb!, hs);
    if (o.refused) return refuse(state, o.refused);
    const old = r.scoreStroke(state.lb!, state.lh).changes;
    // Points by article, in the order the articles first appear (all are the striker's).
    const byRule: { [rule: string]: number } = {};
    const all = o.changes.concat(old);
    for (let i = 0; i < all.length; i++) byRule[all[i].rule] = (byRule[all[i].rule] || 0) + (i < o.changes.length ? all[i].points : -all[i].points);
    const changes: ScoreChange[] = [];
    for (const rule in byRule) if (byRule[rule]) changes.push({ player: state.lb!.t, points: byRule[rule], rule: rule });
    // An "I do not see" declared since, and what was done by hand since, belong to the next stroke still (and its
    // colours down keep a win that waited for them).
    o.state.bl = state.bl;
    if (state.ph) o.state.ph = state.ph;
    judgeWin(o.state);
    // Where the table lies otherwise than the game, as before: the referee's happenings are what the table saw.
    if (state.x !== undefined) o.state.x = state.x;
    return { state: o.state, changes: changes };
  }

  const moves: { [name: string]: (state: FortressState, move: FortressMove) => Outcome<FortressState> } = {
    // Colours moved and balls put back by hand between strokes: kept for the next stroke, which begins with them.
    // (Here, not in the bundle, for its bytes: a module parsed in a few ms at each.)
    hand(state: FortressState, move: FortressMove): Outcome<FortressState> {
      const hs = happenings(move.h);
      if (state.w !== null) return refuse(state, '');
      if (!r.isReadable(hs, '+-_^')) return refuse(state);
      const st = r.copyOf(state);
      st.ph = r.and(state.ph || '', hs);
      r.asSeen(st, hs);
      judgeWin(st);
      return r.played(st);
    },
    lag(state: FortressState, move: FortressMove): Outcome<FortressState> {
      const p = move.p;
      if (state.lh !== undefined) return refuse(state, 'F1');
      if (p !== 0 && p !== 1) return refuse(state);
      const st = r.copyOf(state);
      st.e = st.t = p;
      return r.played(st);
    },
    wrong: (state: FortressState) => state.lh !== undefined && r.wordIndex(state.lh, 'wrong') >= 0 ? refuse(state, 'F19') : correct(state, r.and(state.lh || '', 'wrong')),
    // (Its ball checked as the stroke reads it: a name with a space in it would be two happenings.)
    over: (state: FortressState, move: FortressMove) => correct(state, typeof move.ball === 'string' && move.ball.indexOf(' ') < 0 ? r.and(state.lh || '', move.ball + '~') : undefined),
    blind(state: FortressState, move: FortressMove): Outcome<FortressState> {
      if (move.hit === undefined) {
        if (state.w !== null || state.bl) return refuse(state, state.bl ? 'F37' : 'over');
        const st = r.copyOf(state);
        st.bl = true;
        return r.played(st);
      }
      if (state.lh === undefined || !state.lb!.bl) return refuse(state, 'F37');
      // (Its mark `hit` taken out, wherever it lies, and put last if it hit.)
      const without = state.lh.split(' ').filter((h) => h !== 'hit').join(' ');
      return correct(state, move.hit ? r.and(without, 'hit') : without);
    },
    fix: (state: FortressState, move: FortressMove) => correct(state, happenings(move.h)),
  };
  return moves[move.k](state, move);
}

/** The rare parts: a rare move, the check of a new game's options, and an "I do not see" stroke's articles. */
export const rare = { move: rareMove, optionsProblem: optionsProblem, blindArticles: blindArticles, happenings: happenings };
