// Fortification billiards (docs/games/fortress.md, F1-F42) as pure rules.
// A stroke is the list of what happened in it, in order, as short strings
// (docs/games/fortress.md, "Happenings"); the referee's marks on a stroke are
// happenings too, so a correction of any kind replays the last stroke, from the
// state before it, with its happenings corrected. Undo is the runtime's (it
// replays the saved log).
import { score } from '../../game';
import type { GameConfig, Outcome, ScoreChange } from '../../game';
import { BALLS, COLOURS, FORT_COUNT } from './board';

/**
 * stroke: the happenings `h` of one stroke. lag: player `p` won the lag (F1).
 * wrong: the last stroke was struck with an adversary's ball (F19). over: `ball`
 * was forced over the table in the last stroke (F30/F31; not `b`, the key of
 * the log's begin records). blind: "I do not
 * see" declared for the next stroke, or, with `hit`, whether the last stroke hit
 * (F37). fix: the last stroke's happenings `h`, corrected.
 */
export interface FortressMove {
  k: string;
  /** The happenings: a list, or (from a phone, whose commands take no lists) one string with a space between them. */
  h?: string[] | string;
  /** The `next` button's hold, ms. */
  ms?: number;
  p?: number;
  ball?: string;
  hit?: boolean;
  /** A stroke the board took up at power-up: what it found on the spots and colours then, after its first `n` happenings. */
  f?: string[];
  n?: number;
}

/** Sides are 0 (English) and 1 (French); fort f of side s is bit s*5+f, f in the board's order (A1 A2 R1 R2 G: board.ts COLOURS). */
export interface FortressState {
  /** The player on the English side, who struck first (F1); the other plays the French. */
  e: number;
  /** The player to strike. */
  t: number;
  /** Scores by player. */
  s: number[];
  /** The winner, or null. */
  w: number | null;
  /** Options floorAtZero (F40) and alternate (F41). */
  z: boolean;
  a: boolean;
  /** Bit per side: its attacking ball made the pass (F6), until F8 takes it back; bit 2 + side: it was judged regular and stands (F14). */
  ps: number;
  /** Bit per fort: taken; bit 10 + the fort's: judged at its taker's next stroke, and taken for good (F12, F24). */
  tk: number;
  /** Bit per colours down: each fort's as in tk, then bit 10 + side for a side's pass colours. */
  cd: number;
  /** Balls due back on their spots (F23), by class: side*2, +1 for the defending balls. */
  rs: number[];
  /** Bit per ball (board.ts BALLS order): off its spot as far as the board knows (none seen on it yet, at the start). */
  sp: number;
  /** "I do not see" declared for the next stroke (F37). */
  bl: boolean;
  /** The last stroke's happenings, marks included, and the state before it: what a correction replays. */
  lh?: string[];
  lb?: FortressState;
  /** Happenings done by hand since the last stroke (colours, balls put back): the next stroke's first. */
  ph?: string[];
}

export const TARGET = 20;
/** A press of `next` this long is a stroke the board saw nothing of: a miss (F13). */
export const MISS_HOLD_MS = 1000;

/** Scoring articles, `rule points` pairs; article i is the i-th pair (the constants below). */
export const ARTICLES = 'F6 -2 F9 -2 F11 4 F12 -4 F18 -2 F19 -2 F22 -2 F23 0 F25 6 F26 2 F27 2 F28 2 F29 -2 F30 2 F31 -2 F32 6 F32 -2 F34 -2 F36 -2 F37 2 F37 -2 F38 -2';
const F6 = 0;
const F9 = 1;
const F11 = 2;
const F12 = 3;
const F18 = 4;
const F19 = 5;
const F22 = 6;
const F23 = 7;
const F25 = 8;
const F26 = 9;
const F27 = 10;
const F28 = 11;
const F29 = 12;
const F30 = 13;
const F31 = 14;
const F32 = 15;
const F32_FAULT = 16;
const F34 = 17;
const F36 = 18;
const F37 = 19;
const F37_MISS = 20;
const F38 = 21;
/** Articles after which the ball concerned goes back to its spot (F9, F10, F18, F22, F25, F28-F31, F35), a bit each. */
const SENDS_BACK = 1 << F6 | 1 << F9 | 1 << F11 | 1 << F18 | 1 << F22 | 1 << F25 | 1 << F28 | 1 << F29 | 1 << F30 | 1 << F31;
/** The striker's own-ball faults that F38 turns into one −2 in an "I do not see" stroke that hit, a bit each. */
const OWN_FAULTS = 1 << F29 | 1 << F31 | 1 << F34 | 1 << F22 | 1 << F36;

/**
 * The moves and the rules' functions they use, made when asked (the runtime asks at each move, the layout for
 * the last stroke's changes): kept, they would hold some 55 JsVars of the chip for good.
 */
function fortressMoves(): { [name: string]: (state: FortressState, move: FortressMove) => Outcome<FortressState> } {
  const refuse = (state: FortressState, code: string): Outcome<FortressState> => ({ state: state, changes: [], refused: code });

  /**
   * Lays colours (`FA1_`, `EP^`) or a ball leaving or coming back to its spot
   * (`ED1-`, `ED1+`) on `st`'s colours and spots; false for colours or a ball it cannot name.
   */
  function lay(st: FortressState, h: string): boolean {
    const end = h.slice(-1);
    const colours = end === '_' || end === '^';
    const bit = (colours ? COLOURS : BALLS).split(' ').indexOf(h.slice(0, -1));
    if (bit < 0) return false;
    if (colours) st.cd = end === '_' ? st.cd | 1 << bit : st.cd & ~(1 << bit);
    else if (end === '+' || end === '-') st.sp = end === '-' ? st.sp | 1 << bit : st.sp & ~(1 << bit);
    return true;
  }

  /**
   * Whether every one of `hs` is a ball's spot or colours the board knows, marked with one of `ends` (`+-` a ball
   * coming back to its spot or leaving it, `_^` colours down or up): what `hand` and `found` may hold. Checked before
   * they are taken, so no happening a stroke cannot read ever waits for the next stroke.
   */
  function readable(hs: string[] | undefined, ends: string): hs is string[] {
    if (!Array.isArray(hs)) return false;
    for (let i = 0; i < hs.length; i++) {
      const h = hs[i];
      if (typeof h !== 'string' || h.length < 2 || ends.indexOf(h.slice(-1)) < 0 || !lay({} as FortressState, h)) return false;
    }
    return true;
  }

  /** Removes the first `article` from `ids`; true if there was one. */
  function take(ids: number[], article: number): boolean {
    const i = ids.indexOf(article);
    if (i >= 0) ids.splice(i, 1);
    return i >= 0;
  }

  /** Scores one stroke with happenings `hs`, struck from state `b`. */
  function strike(b: FortressState, hs: string[] | undefined): Outcome<FortressState> {
    if (!Array.isArray(hs)) return refuse(b, 'bad');
    const st: FortressState = Object.assign({}, b);
    const before: FortressState = Object.assign({}, b);
    delete before.lb;
    delete before.lh;
    st.lb = before;
    st.lh = hs;
    st.bl = false;
    st.s = b.s.slice();
    const rs = st.rs = b.rs.slice();
    const p = b.t;
    const side = p ^ b.e;
    const adv = 1 - side;
    const ids: number[] = [];
    const changes: ScoreChange[] = [];
    const due = [0, 0, 0, 0];
    let hit = false;
    let begun = false;
    for (let i = 0; i <= hs.length; i++) {
      const h = i < hs.length ? hs[i] : '';
      if (typeof h !== 'string') return refuse(b, 'bad');
      const end = h.slice(-1);
      const ballSide = 'EF'.indexOf(h[0]);
      const defending = h[1] === 'D';
      const d = h[2] === '1' || h[2] === '2' ? 3 : 2;
      // What happened: colours end in _ or ^; a ball (EA, ED, ED1 ...) is followed by its op; '' for anything else.
      const op = end === '_' || end === '^' ? end : ballSide >= 0 && (defending || h[1] === 'A' && d === 2) ? h[d] : '';
      const rest = h.slice(d + 1);
      // F8 and F12 are judged as the stroke begins: at its first ball movement
      // (after colours taken down and balls put back by hand before it), or at its end.
      if (!begun && (i === hs.length || op && '>.=-~'.indexOf(op) >= 0)) {
        begun = true;
        // F8: a pass not yet judged stands once the adversary's pass colours are down (F14); still up now, it must be made again.
        if ((st.ps & ~(st.ps >> 2)) >> side & 1) st.ps ^= st.cd >> (10 + adv) & 1 ? 4 << side : 1 << side;
        // F12: an adversary's fort taken and not yet judged: its colours down, it stays taken (F24); still up, it is
        // not taken, and its 4 points go back.
        for (let f = adv * 5; f < adv * 5 + 5; f++) {
          if ((st.tk & ~(st.tk >> 10)) >> f & 1) {
            if (st.cd >> f & 1) st.tk |= 1024 << f;
            else {
              st.tk ^= 1 << f;
              changes.push(score(ARTICLES, F12, p));
            }
          }
        }
      }
      const cls = ballSide * 2 + (defending ? 1 : 0);
      const own = ballSide === side;
      let article = -1;
      if (i === hs.length) break;
      if (h === 'wrong') article = F19;
      else if (h === 'hit') hit = true;
      else if (op === '_' || op === '^') {
        if (!lay(st, h)) return refuse(b, 'bad');
      } else if (op === '>') {
        const bell = end === '!';
        // The fort's bit: its place among the colours, whose first are the forts'.
        const f = COLOURS.split(' ').indexOf(bell ? rest.slice(0, -1) : rest);
        if (f < 0 || f >= FORT_COUNT) return refuse(b, 'bad');
        const fortSide = f < 5 ? 0 : 1;
        // F21: the forts of its side to take before it: none before an advanced fort, both advanced before a rear one, all four before the grand.
        const need = [0, 0, 3, 3, 15][f - fortSide * 5];
        const taken = st.tk >> f & 1;
        const inOrder = (st.tk >> adv * 5 & need) === need;
        if (!own) article = fortSide === side ? (taken ? F26 : F25) : F27;
        else if (taken) article = bell && fortSide !== side ? F36 : F34;
        else if (fortSide !== side && !inOrder) article = bell ? F22 : F34;
        // An adversary's fort, next in order, its bell rung (F15: no bell, no fort; his own forts are his to defend).
        else if (fortSide !== side && bell) {
          if (defending) article = F18;
          else if (!(st.ps >> side & 1)) article = F6;
          else if (!(st.ps >> (2 + side) & 1) && !(st.cd >> (10 + adv) & 1)) article = F9;
          else if (rs[side * 2] + rs[side * 2 + 1]) article = F23;
          else {
            st.tk |= 1 << f;
            article = F11;
          }
        }
      } else if ('.~=+-'.indexOf(op || 'x') < 0 || rest && op !== '.') return refuse(b, 'bad');
      else if (op === '.') article = own ? F29 : F28;
      else if (op === '~') article = own ? F31 : F30;
      else if (op === '=' && own && !defending) st.ps |= 1 << side;
      else if (op === '+' || op === '-') {
        if (op === '+') rs[cls] = Math.max(0, rs[cls] - 1);
        lay(st, h);
      }
      if (article >= 0) ids.push(article);
      if (article >= 0 && SENDS_BACK >> article & 1) due[cls]++;
    }
    // F32: a fort taken and an adversary's ball forced over the table in one stroke: +6 in all,
    // or −2 in all when the striker's ball also entered a taken fort or one out of order.
    if (ids.indexOf(F11) >= 0 && take(ids, F30)) {
      take(ids, F11);
      ids.push(take(ids, F34) || take(ids, F22) || take(ids, F36) ? F32_FAULT : F32);
    }
    // F37/F38: "I do not see": a miss −2; a hit +2, or −2 in all with his own-ball faults.
    if (b.bl) {
      let fault = false;
      for (let j = ids.length - 1; j >= 0 && hit; j--) {
        if (OWN_FAULTS >> ids[j] & 1) {
          ids.splice(j, 1);
          fault = true;
        }
      }
      ids.push(!hit ? F37_MISS : fault ? F38 : F37);
    }
    let gain = 0;
    for (let j = 0; j < ids.length; j++) {
      const change = score(ARTICLES, ids[j], p);
      changes.push(change);
      gain += change.points;
    }
    let total = b.s[p];
    for (let j = 0; j < changes.length; j++) total += changes[j].points;
    // F40: with floorAtZero, a score below zero is lifted back to zero, and the lift is told.
    if (st.z && total < 0) {
      changes.push({ player: p, points: -total, rule: 'F40' });
      total = 0;
    }
    st.s[p] = total;
    for (let c = 0; c < 4; c++) rs[c] = Math.min(rs[c] + due[c], c & 1 ? 2 : 1);
    // F40: 20 wins at the end of the stroke; F41: the striker keeps the table after a gain.
    if (total >= TARGET) st.w = p;
    else if (st.a || gain <= 0) st.t = 1 - p;
    return { state: st, changes: changes };
  }

  /** A move's happenings: its list, or its string split at spaces (`-` alone: none, a miss). */
  function happenings(h: string[] | string | undefined): string[] | undefined {
    return typeof h === 'string' ? h.split(' ').filter((x) => x !== '' && x !== '-') : h;
  }

  /**
   * What the board found on the spots and colours at power-up (`seen`: `EA+` a ball on its spot, `FA1_` colours
   * down), set against `state` after happenings `hs`: the happenings that make the one the other. Balls put back,
   * then colours (which came first, the board cannot tell), then balls that left their spots.
   */
  function foundSince(state: FortressState, hs: string[], seen: string[]): string[] {
    const now = Object.assign({}, state);
    for (let i = 0; i < hs.length; i++) lay(now, hs[i]);
    const out: string[] = [];
    const left: string[] = [];
    const balls = BALLS.split(' ');
    for (let b = 0; b < balls.length; b++) {
      const on = seen.indexOf(balls[b] + '+') >= 0;
      if (on !== !(now.sp >> b & 1)) (on ? out : left).push(balls[b] + (on ? '+' : '-'));
    }
    const colours = COLOURS.split(' ');
    for (let bit = 0; bit < colours.length; bit++) {
      const down = seen.indexOf(colours[bit] + '_') >= 0;
      if (down !== !!(now.cd >> bit & 1)) out.push(colours[bit] + (down ? '_' : '^'));
    }
    return out.concat(left);
  }

  /**
   * A stroke with happenings `hs`, after those done by hand since the last one; with `found` (a stroke the board
   * took up at power-up), what it found then, after the first `n` of `hs`: the stroke is scored as it happened.
   */
  function stroke(state: FortressState, hs: string[] | undefined, found?: string[], n?: number): Outcome<FortressState> {
    if (!hs || found && !readable(found, '+_')) return refuse(state, 'bad');
    let all = (state.ph || []).concat(hs);
    if (found) {
      const k = all.length - hs.length + (n as number);
      all = all.slice(0, k).concat(foundSince(state, all.slice(0, k), found), all.slice(k));
    }
    const b = Object.assign({}, state);
    delete b.ph;
    const o = strike(b, all);
    return o.refused ? refuse(state, o.refused) : o;
  }

  /** Colours moved and balls put back by hand between strokes, `hs`: kept for the next stroke, which begins with them. */
  function byHand(state: FortressState, hs: string[] | undefined): Outcome<FortressState> {
    if (state.w !== null || !readable(hs, '+-_^')) return refuse(state, state.w !== null ? '' : 'bad');
    const st = Object.assign({}, state);
    st.ph = (state.ph || []).concat(hs);
    return { state: st, changes: [] };
  }

  /** Replays the last stroke with happenings `hs`; its changes are, per article, what the correction changed. */
  function correct(state: FortressState, hs: string[] | undefined): Outcome<FortressState> {
    if (!state.lh) return refuse(state, 'none');
    const o = strike(state.lb!, hs);
    if (o.refused) return refuse(state, o.refused);
    const old = strike(state.lb!, state.lh).changes;
    // Points by article, in the order the articles first appear (all are the striker's).
    const net: { [rule: string]: number } = {};
    const all = o.changes.concat(old);
    for (let i = 0; i < all.length; i++) net[all[i].rule] = (net[all[i].rule] || 0) + (i < o.changes.length ? all[i].points : -all[i].points);
    const changes: ScoreChange[] = [];
    for (const rule in net) if (net[rule]) changes.push({ player: state.lb!.t, points: net[rule], rule: rule });
    // An "I do not see" declared since, and what was done by hand since, belong to the next stroke still.
    o.state.bl = state.bl;
    if (state.ph) o.state.ph = state.ph;
    return { state: o.state, changes: changes };
  }

  return {
    stroke: (state: FortressState, move: FortressMove) => state.w !== null ? refuse(state, 'over') : stroke(state, happenings(move.h), move.f, move.n),
    hand: (state: FortressState, move: FortressMove) => byHand(state, happenings(move.h)),
    // What the spots and colours show at power-up (the interpreter's, when it starts), set against the game:
    // a ball found on its spot that the game has off it, and colours found otherwise, were moved by hand while
    // the board was off or starting, and a ball it has on its spot that is not there left it (the next stroke
    // began). As the game has it already, it is no move (refused, and so not saved).
    found(state: FortressState, move: FortressMove): Outcome<FortressState> {
      const seen = happenings(move.h);
      if (state.w !== null || !readable(seen, '+_')) return refuse(state, state.w !== null ? '' : 'bad');
      const hs = foundSince(state, state.ph || [], seen);
      return hs.length ? byHand(state, hs) : refuse(state, '');
    },
    // Nothing moved for a while after power-up: a stroke that began by a ball leaving its spot while the board
    // was starting (found) is over; with none, nothing to do.
    rest: (state: FortressState) => state.w === null && state.ph && state.ph.join(' ').indexOf('-') >= 0 ? stroke(state, []) : refuse(state, ''),
    // The board's button: held long, a stroke the board saw nothing of (a miss); a short press only ends the stroke under way (the interpreter's settle).
    next: (state: FortressState, move: FortressMove) => state.w !== null || !((move.ms as number) >= MISS_HOLD_MS) ? refuse(state, '') : stroke(state, []),
    lag(state: FortressState, move: FortressMove): Outcome<FortressState> {
      const p = move.p;
      if (state.lh) return refuse(state, 'F1');
      if (p !== 0 && p !== 1) return refuse(state, 'bad');
      const st = Object.assign({}, state);
      st.e = st.t = p;
      return { state: st, changes: [] };
    },
    wrong: (state: FortressState) => state.lh && state.lh.indexOf('wrong') >= 0 ? refuse(state, 'F19') : correct(state, state.lh && state.lh.concat(['wrong'])),
    over: (state: FortressState, move: FortressMove) => correct(state, state.lh && state.lh.concat([move.ball + '~'])),
    blind(state: FortressState, move: FortressMove): Outcome<FortressState> {
      if (move.hit === undefined) {
        if (state.w !== null || state.bl) return refuse(state, state.bl ? 'F37' : 'over');
        const st = Object.assign({}, state);
        st.bl = true;
        return { state: st, changes: [] };
      }
      if (!state.lh || !state.lb!.bl) return refuse(state, 'F37');
      return correct(state, state.lh.filter((h) => h !== 'hit').concat(move.hit ? ['hit'] : []));
    },
    fix: (state: FortressState, move: FortressMove) => correct(state, happenings(move.h)),
  };
}

export const fortress = {
  id: 'fortress' as const,

  setup(config: GameConfig): FortressState {
    const options = config.options;
    let bad = config.players !== 2 ? 'players: 2 (F1)' : '';
    for (const name in options) {
      const v = options[name];
      if (name !== 'floorAtZero' && name !== 'alternate' && name !== 'lag') bad = name + ': unknown';
      else if (v !== undefined && (name === 'lag' ? v !== 0 && v !== 1 : v !== !!v)) bad = 'bad ' + name;
    }
    if (bad) throw new Error(bad);
    const lag = options.lag ? 1 : 0;
    return { e: lag, t: lag, s: [0, 0], w: null, z: !!options.floorAtZero, a: !!options.alternate, ps: 0, tk: 0, cd: 0, rs: [0, 0, 0, 0], sp: 63, bl: false };
  },

  get moves(): { [name: string]: (state: FortressState, move: FortressMove) => Outcome<FortressState> } {
    return fortressMoves();
  },

  scores: (state: FortressState) => state.s,
  turn: (state: FortressState) => state.t,
  winner: (state: FortressState) => state.w,
};
