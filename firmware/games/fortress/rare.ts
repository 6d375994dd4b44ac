// The fortress moves a game plays seldom: the referee's corrections of the last
// stroke (wrong, over, blind's hit or miss, fix), the lag, "I do not see"
// declared, and what only a power-up plays (found, rest, a stroke taken up with
// what the board found). A board keeps them out of its bundle, in a module of
// its own (RARE_MODULE, firmware/modules.ts) that the rules load for each such
// move and let go after it (rules.ts); they play with the rules' parts in the
// bundle (RuleParts).
import type { Outcome, ScoreChange } from '../../game';
import type { FortressMove, FortressState, RuleParts } from './state';
import { BALLS, COLOURS, namesOf } from './board';

/** Plays the rare move `move` (its name is one of those above) on `state`, with the rules' parts `r`. */
export function rareMove(state: FortressState, move: FortressMove, r: RuleParts): Outcome<FortressState> {
  const refuse = r.refuse;

  /**
   * What the board found on the spots and colours at power-up (`seen`: `EA+` a ball on its spot, `FA1_` colours
   * down), set against `state` after happenings `hs`: the happenings that make the one the other. Balls put back,
   * then colours (which came first, the board cannot tell), then balls that left their spots.
   */
  function foundSince(state: FortressState, hs: string[], seen: string[]): string[] {
    const now = r.copyOf(state);
    for (let i = 0; i < hs.length; i++) r.lay(now, hs[i]);
    // The table as the board last saw it: the game's, otherwise where `x` says.
    const x = state.x || 0;
    const out: string[] = [];
    const left: string[] = [];
    // Each of `list` seen `yes` (on its spot, down) and the game's `bits` otherwise: `yes` into out, or `no` into `gone`.
    const differ = (list: string, bits: number, yes: string, no: string, gone: string[]) => {
      const names = namesOf(list);
      for (let i = 0; i < names.length; i++) {
        const is = seen.indexOf(names[i] + yes) >= 0;
        if (is !== !!(bits >> i & 1)) (is ? out : gone).push(names[i] + (is ? yes : no));
      }
    };
    differ(BALLS, ~(now.sp ^ x), '+', '-', left);
    differ(COLOURS, now.cd ^ x >> 6, '_', '^', out);
    return out.concat(left);
  }

  /** Replays the last stroke with happenings `hs`; its changes are, per article, what the correction changed. */
  function correct(state: FortressState, hs: string[] | undefined): Outcome<FortressState> {
    if (!state.lh) return refuse(state, 'none');
    const o = r.scoreStroke(state.lb!, hs);
    if (o.refused) return refuse(state, o.refused);
    const old = r.scoreStroke(state.lb!, state.lh).changes;
    // Points by article, in the order the articles first appear (all are the striker's).
    const byRule: { [rule: string]: number } = {};
    const all = o.changes.concat(old);
    for (let i = 0; i < all.length; i++) byRule[all[i].rule] = (byRule[all[i].rule] || 0) + (i < o.changes.length ? all[i].points : -all[i].points);
    const changes: ScoreChange[] = [];
    for (const rule in byRule) if (byRule[rule]) changes.push({ player: state.lb!.t, points: byRule[rule], rule: rule });
    // An "I do not see" declared since, and what was done by hand since, belong to the next stroke still.
    o.state.bl = state.bl;
    if (state.ph) o.state.ph = state.ph;
    // Where the table lies otherwise than the game, as before: the referee's happenings are what the table saw.
    if (state.x !== undefined) o.state.x = state.x;
    return { state: o.state, changes: changes };
  }

  const moves: { [name: string]: (state: FortressState, move: FortressMove) => Outcome<FortressState> } = {
    // A stroke the board took up at power-up (the rules play any other): what it found then (`f`), after the first
    // `n` of its happenings, goes into it there, and it is scored as it happened.
    stroke(state: FortressState, move: FortressMove): Outcome<FortressState> {
      const hs = r.happenings(move.h);
      const found = move.f;
      const n = move.n;
      if (!hs || !r.isReadable(found, '+_')) return refuse(state);
      return r.takeStroke(state, hs, function (b: FortressState, all: string[], from: number): string[] {
        const k = from + (n as number);
        r.asSeen(b, hs.slice(0, n));
        return all.slice(0, k).concat(foundSince(b, all.slice(0, k), found), all.slice(k));
      });
    },
    // What the spots and colours show at power-up (the interpreter's, when it starts), set against the game:
    // a ball found on its spot that the game has off it, and colours found otherwise, were moved by hand while
    // the board was off or starting, and a ball it has on its spot that is not there left it (the next stroke
    // began). As the game has it already, it is no move (refused, and so not saved). Saved with an undo (`u`), it
    // notes where the table lies otherwise than the game now, and is no move either.
    found(state: FortressState, move: FortressMove): Outcome<FortressState> {
      const lies = r.happenings(move.h);
      if (!r.isReadable(lies, '+_')) return refuse(state);
      const st = r.copyOf(state);
      if (move.u) st.x = 0;
      const hs = foundSince(st, state.ph || [], lies);
      if (move.u) {
        for (let i = 0; i < hs.length; i++) st.x! |= r.lay({} as FortressState, hs[i]);
        return r.played(st);
      }
      return state.w === null && hs.length ? r.byHand(state, hs) : refuse(state, '');
    },
    // Nothing moved for a while after power-up: a stroke that began by a ball leaving its spot while the board
    // was starting (found) is over; with none, nothing to do.
    rest: (state: FortressState) => state.w === null && state.ph && state.ph.join(' ').indexOf('-') >= 0 ? r.takeStroke(state, []) : refuse(state, ''),
    lag(state: FortressState, move: FortressMove): Outcome<FortressState> {
      const p = move.p;
      if (state.lh) return refuse(state, 'F1');
      if (p !== 0 && p !== 1) return refuse(state);
      const st = r.copyOf(state);
      st.e = st.t = p;
      return r.played(st);
    },
    wrong: (state: FortressState) => state.lh && state.lh.indexOf('wrong') >= 0 ? refuse(state, 'F19') : correct(state, state.lh && state.lh.concat(['wrong'])),
    over: (state: FortressState, move: FortressMove) => correct(state, state.lh && state.lh.concat([move.ball + '~'])),
    blind(state: FortressState, move: FortressMove): Outcome<FortressState> {
      if (move.hit === undefined) {
        if (state.w !== null || state.bl) return refuse(state, state.bl ? 'F37' : 'over');
        const st = r.copyOf(state);
        st.bl = true;
        return r.played(st);
      }
      if (!state.lh || !state.lb!.bl) return refuse(state, 'F37');
      return correct(state, state.lh.filter((h) => h !== 'hit').concat(move.hit ? ['hit'] : []));
    },
    fix: (state: FortressState, move: FortressMove) => correct(state, r.happenings(move.h)),
  };
  return moves[move.k](state, move);
}
