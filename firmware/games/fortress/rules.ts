// Fortification billiards (docs/games/fortress.md, F1-F42) as pure rules.
// A stroke is what happened in it, in order, as short words with a space
// between them (docs/games/fortress.md, "Happenings"): one string, not a list,
// which held two JsVars a happening (a phone's longest stroke, 40 of them, some
// 80 more at the peak of an undo); the referee's marks on a stroke are
// happenings too, so a correction of any kind replays the last stroke, from the
// state before it, with its happenings corrected. Undo is the runtime's (it
// replays the saved log).
import { score } from '../../game';
import type { GameConfig, Outcome, ScoreChange } from '../../game';
import { BALLS, COLOURS, FORT_COUNT } from './board';
import { ON_DEVICE } from '../../device';
import { Part, loadModule } from '../../modules';
import type { FortressMove, FortressState } from './state';
import { rare } from './rare';
import { ARTICLES, F11, F12, F19, F22, F23, F25, F26, F27, F28, F29, F30, F31, F32, F32_FAULT, F34, F36, F6, F9, F18, SENDS_BACK } from './articles';
import { powerUp } from './powerup';

export type { FortressMove, FortressState } from './state';
export { ARTICLES } from './articles';

export const TARGET = 20;
/** A press of `next` this long is a stroke the board saw nothing of: a miss (F13). */
export const MISS_HOLD_MS = 1000;

/**
 * The moves and the rules' functions they use, made when asked (the runtime asks at each move): kept, made once at
 * boot, they held some 95 JsVars more after boot (990), and the game's peaks were higher for it (bench peak: 1,457 in
 * play and 1,491 at the undo, against 1,442 and 1,469 then).
 */
function fortressMoves(): { [name: string]: (state: FortressState, move: FortressMove) => Outcome<FortressState> } {
  /** A move refused with its code; without one, `bad`: not a stroke the board knows. */
  const refuse = (state: FortressState, code?: string): Outcome<FortressState> => ({ state: state, changes: [], refused: code === undefined ? 'bad' : code });
  /** A shallow copy of a state, to change (no move changes the state it is given). */
  const copy = (state: FortressState): FortressState => Object.assign({}, state);
  /** A move played that scores nothing: its new state. */
  const played = (st: FortressState): Outcome<FortressState> => ({ state: st, changes: [] });

  /**
   * Lays colours (`FA1_`, `EP^`) or a ball leaving or coming back to its spot
   * (`ED1-`, `ED1+`) on `st`'s colours and spots; returns its bit as in `x`, or 0 for any other happening.
   */
  function lay(st: FortressState, h: string): number {
    const end = h.slice(-1);
    const colours = end === '_' || end === '^';
    const bit = wordIndex(colours ? COLOURS : BALLS, h.slice(0, -1));
    if (bit < 0 || !colours && end !== '+' && end !== '-') return 0;
    if (colours) st.cd = st.cd & ~(1 << bit) | +(end === '_') << bit;
    else st.sp = st.sp & ~(1 << bit) | +(end === '-') << bit;
    return colours ? 64 << bit : 1 << bit;
  }

  /** Where in `hs` the happening beginning at `at` ends: the space after it, or the end of `hs`. */
  function ending(hs: string, at: number): number {
    const end = hs.indexOf(' ', at);
    return end < 0 ? hs.length : end;
  }

  /** Happenings `a` and then `b`, either of them none (''). */
  const and = (a: string, b: string): string => a && b ? a + ' ' + b : a || b;

  /**
   * Where word `w` is among `words` (happenings, or the balls' or colours' names, with a space between them): its
   * place, from 0, or -1. (Found in place: a list split from the names held some 25 JsVars at each happening laid.
   * Espruino's indexOf also finds a word where the text's end only begins it, `" EA= FP_ ".indexOf(" wrong ")` is 8
   * (docs/espruino.md): a find that runs past the end is none.)
   */
  function wordIndex(words: string, w: string): number {
    const text = ' ' + words + ' ';
    const at = text.indexOf(' ' + w + ' ');
    // (Its place: the spaces before it, less the first, counted by a split of the text before it alone, let go at once:
    // a loop's turn a word took twice as long, and the peaks are as they were, bench peak with a phone's longest stroke
    // too.)
    return at < 0 || at + w.length + 2 > text.length ? -1 : text.slice(0, at + 1).split(' ').length - 2;
  }

  /** Happenings `hs` (from the one beginning at `from`) were seen as they happened: the table lies as the game has it there. */
  function asSeen(st: FortressState, hs: string, from?: number): void {
    for (let at = from || 0, end = 0; at < hs.length && st.x; at = end + 1) st.x &= ~lay({} as FortressState, hs.slice(at, end = ending(hs, at)));
  }

  /**
   * Whether every one of `hs` is a ball's spot or colours the board knows, marked with one of `ends` (`+-` a ball
   * coming back to its spot or leaving it, `_^` colours down or up): what `hand` and `found` may hold. Checked before
   * they are taken, so no happening a stroke cannot read ever waits for the next stroke.
   */
  function readable(hs: string | undefined, ends: string): hs is string {
    if (typeof hs !== 'string') return false;
    for (let at = 0, end = 0; at < hs.length; at = end + 1) {
      const h = hs.slice(at, end = ending(hs, at));
      if (ends.indexOf(h.slice(-1)) < 0 || !lay({} as FortressState, h)) return false;
    }
    return true;
  }

  /** Removes the first `article` from `ids`; true if there was one. */
  function take(ids: number[], article: number): boolean {
    const i = ids.indexOf(article);
    if (i >= 0) ids.splice(i, 1);
    return i >= 0;
  }

  /**
   * Scores one stroke with happenings `hs`, struck from state `b`: a copy made for it, or a state before another
   * stroke. It is kept as the state before this one (what a correction replays from), its own last stroke let go.
   * (Not copied again: a copy held some 15 JsVars more at a stroke's peak.)
   */
  function strike(b: FortressState, hs: string | undefined): Outcome<FortressState> {
    if (typeof hs !== 'string') return refuse(b);
    const st: FortressState = copy(b);
    delete b.lb;
    delete b.lh;
    delete b.la;
    st.lb = b;
    st.lh = hs;
    st.bl = false;
    st.s = b.s.slice();
    const rs = st.rs = b.rs.slice();
    const p = b.t;
    const side = p ^ b.e;
    const adv = 1 - side;
    let ids: number[] = [];
    const changes: ScoreChange[] = [];
    /** The striker's score as the stroke goes: its F12 take-backs, then its articles. */
    let total = b.s[p];
    const due = [0, 0, 0, 0];
    // F19: a stroke struck with an adversary's ball scores its −2 and nothing else: no fort, no pass.
    const foul = wordIndex(hs, 'wrong') >= 0;
    let hit = false;
    let begun = false;
    /** The forts taken in this stroke (bits as in tk). */
    let took = 0;
    // Each happening in turn (h, to the space at `next`), then '' at the end (`done`).
    for (let at = 0, next = 0; ; at = next + 1) {
      const done = at >= hs.length;
      next = done ? at : ending(hs, at);
      const h = hs.slice(at, next);
      const end = h.slice(-1);
      const ballSide = 'EF'.indexOf(h[0]);
      const defending = h[1] === 'D';
      const d = h[2] === '1' || h[2] === '2' ? 3 : 2;
      // What happened: colours end in _ or ^; a ball (EA, ED, ED1 ...) is followed by its op; '' for anything else.
      const op = end === '_' || end === '^' ? end : ballSide >= 0 && (defending || h[1] === 'A' && d === 2) ? h[d] : '';
      const rest = h.slice(d + 1);
      // F8 and F12 are judged as the stroke begins: at its first ball movement
      // (after colours taken down and balls put back by hand before it), or at its end.
      if (!begun && (done || op && '>.=-~'.indexOf(op) >= 0)) {
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
              total -= 4;
            }
          }
        }
      }
      const cls = ballSide * 2 + (defending ? 1 : 0);
      const own = ballSide === side;
      let article = -1;
      if (done) break;
      if (h === 'wrong') article = F19;
      else if (h === 'hit') hit = true;
      else if (op === '_' || op === '^') {
        if (!lay(st, h)) return refuse(b);
      } else if (op === '>') {
        const bell = end === '!';
        // The fort's bit: its place among the colours, whose first are the forts'.
        const f = wordIndex(COLOURS, bell ? rest.slice(0, -1) : rest);
        if (f < 0 || f >= FORT_COUNT) return refuse(b);
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
            if (!foul) st.tk |= took |= 1 << f;
            article = F11;
          }
        }
      // (A ball holed names its pocket, 1 to 6; the other ops end the happening.)
      } else if ('.~=+-'.indexOf(op || 'x') < 0 || (op === '.' ? rest.length !== 1 || '123456'.indexOf(rest) < 0 : rest)) return refuse(b);
      else if (op === '.') article = own ? F29 : F28;
      else if (op === '~') article = own ? F31 : F30;
      else if (op === '=' && own && !defending && !foul) st.ps |= 1 << side;
      else if (op === '+' || op === '-') {
        if (op === '+') rs[cls] = Math.max(0, rs[cls] - 1);
        lay(st, h);
      }
      if (article >= 0 && SENDS_BACK >> article & 1) due[cls]++;
      // F6 with penaltyBeforePass off: the fort not taken and the ball back, and nothing scored.
      if (article >= 0 && (article !== F6 || st.pb)) ids.push(article);
    }
    // F32: a fort taken and an adversary's ball forced over the table or holed in one stroke: +6 in all,
    // or −2 in all when the striker's ball also entered a taken fort or one out of order: "for the whole stroke
    // instead", so the fort is not taken either (no 4 given, none for F12 to take back).
    if (ids.indexOf(F11) >= 0 && (take(ids, F30) || take(ids, F28))) {
      take(ids, F11);
      const fault = take(ids, F34) || take(ids, F22) || take(ids, F36);
      if (fault) st.tk &= ~took;
      ids.push(fault ? F32_FAULT : F32);
    }
    // F37/F38: an "I do not see" stroke's articles are the rare parts' (rare.ts): only a rare move declares one.
    if (b.bl) {
      const seldom = ON_DEVICE ? loadModule<typeof rare>(Part.rare) : rare;
      if (seldom) seldom.blindArticles(ids, hit);
    }
    if (foul) ids = [F19];
    let gain = 0;
    for (let j = 0; j < ids.length; j++) {
      const change = score(ARTICLES, ids[j], p);
      changes.push(change);
      gain += change.points;
    }
    total += gain;
    // F40: with floorAtZero, a score below zero is lifted back to zero, and the lift is told.
    if (st.z && total < 0) {
      changes.push({ player: p, points: -total, rule: 'F40' });
      total = 0;
    }
    st.s[p] = total;
    st.la = changes.map((c) => c.rule + (c.points < 0 ? '-' : '')).join(' ');
    // F23, F35: no more of a class are due back than lie off their spots, whatever order they came back in (a ball
    // put back behind its spot, covered by another ball, is back).
    for (let c = 0; c < 4; c++) {
      const bit = c * 3 >> 1;
      rs[c] = Math.min(rs[c] + due[c], (st.sp >> bit & 1) + (st.sp >> bit + 1 & c & 1));
    }
    // F40: 20 wins at the end of the stroke (F12: once the colours are down); F41: the striker keeps the table after a gain.
    if (!won(st) && (st.a || gain <= 0)) st.t = 1 - p;
    return { state: st, changes: changes };
  }

  /**
   * F12 and F40: a player whose score, less 4 for each fort he took whose colours are still up (and not yet judged),
   * reaches 20 has won: true then, with the winner set in `st`.
   */
  function won(st: FortressState): boolean {
    const s = st.s.slice();
    const up = st.tk & ~(st.tk >> 10) & ~st.cd;
    // Fort f is of side f < 5 ? 0 : 1, and taken by the player of the other side.
    for (let f = 0; f < FORT_COUNT; f++) s[+(f < 5) ^ st.e] -= (up >> f & 1) * 4;
    for (let p = 0; p < 2; p++) if (s[p] >= TARGET) st.w = p;
    return st.w !== null;
  }

  /**
   * A move's happenings as the rules keep them: one string, a space between them (`-` alone: none, a miss), the
   * move's own when it is so already (no copy), as a phone and the board write them; any other is made so by the rare
   * moves' module (rare.ts: undefined where it can read none, and on a board flashed without it).
   */
  function happenings(h: string[] | string | undefined): string | undefined {
    // (Not so already: a list, a space too many, an empty word, or a miss's `-`; none at all is.)
    if (typeof h === 'string' && (!h || wordIndex(h, '') < 0 && wordIndex(h, '-') < 0)) return h;
    const seldom = ON_DEVICE ? loadModule<typeof rare>(Part.rare) : rare;
    return seldom ? seldom.happenings(h) : undefined;
  }

  /**
   * A stroke with happenings `hs`, after those done by hand since the last one (`ph`); `take`, for a stroke the board
   * took up at power-up (powerup.ts), puts what it found then among them: the stroke is scored as it happened.
   */
  function stroke(state: FortressState, hs: string | undefined, take?: (b: FortressState, ph: string, hs: string) => string): Outcome<FortressState> {
    if (typeof hs !== 'string') return refuse(state);
    const ph = state.ph || '';
    const b = copy(state);
    delete b.ph;
    // (The stroke's own string when nothing was done by hand before it.)
    const all = take ? take(b, ph, hs) : and(ph, hs);
    asSeen(b, all, ph ? ph.length + 1 : 0);
    const o = strike(b, all);
    return o.refused ? refuse(state, o.refused) : o;
  }

  /**
   * A move a game plays seldom (rare.ts), and one only a power-up makes (powerup.ts: found, rest, and a stroke taken
   * up, one with `f`): on a board, from its module, loaded for the move and let go after it; a board flashed without
   * it refuses the move (`rare`). The module plays with the rules' parts, made for it (a stroke, the move most played,
   * needs none of them). (One function for both modules: a closure made for each held some 10 JsVars more at each move.)
   */
  function seldomMove(state: FortressState, move: FortressMove): Outcome<FortressState> {
    const up = move.k === 'stroke' || move.k === 'found' || move.k === 'rest';
    const seldom = ON_DEVICE ? loadModule<typeof rare>(up ? Part.powerup : Part.rare) : up ? powerUp : rare;
    return seldom ? seldom.move(state, move, {
      scoreStroke: strike, takeStroke: stroke, isWon: won, lay: lay, asSeen: asSeen, isReadable: readable, happenings: happenings,
      ending: ending, and: and, wordIndex: wordIndex, refuse: refuse, copyOf: copy, played: played,
      // What is done by hand between strokes is played by the rare moves' module (rare.ts), as they are.
      byHand: (st: FortressState, hs: string | undefined) => seldomMove(st, { k: 'hand', h: hs }),
    }) : refuse(state, 'rare');
  }

  return {
    stroke: (state: FortressState, move: FortressMove) => state.w !== null ? refuse(state, 'over') : move.f != null ? seldomMove(state, move) : stroke(state, happenings(move.h)),
    hand: seldomMove,
    // The board's button: held long, a stroke the board saw nothing of (a miss); a short press only ends the stroke under way (the interpreter's settle).
    next: (state: FortressState, move: FortressMove) => state.w !== null || !((move.ms as number) >= MISS_HOLD_MS) ? refuse(state, '') : stroke(state, ''),
    found: seldomMove,
    rest: seldomMove,
    lag: seldomMove,
    wrong: seldomMove,
    over: seldomMove,
    blind: seldomMove,
    fix: seldomMove,
  };
}

const rules = {
  id: 'fortress' as const,

  setup(config: GameConfig): FortressState {
    const options = config.options;
    // The options' check is a rare part (rare.ts), loaded for it on a board; one flashed without it takes each option
    // as what it reads as (a truth, lag 0 or 1).
    const seldom = ON_DEVICE ? loadModule<typeof rare>(Part.rare) : rare;
    // A bad option is told before a wrong count of players.
    const bad = seldom && seldom.optionsProblem(options) || (config.players !== 2 ? 'players: 2 (F1)' : '');
    if (bad) throw new Error(bad);
    const lag = options.lag ? 1 : 0;
    return { e: lag, t: lag, s: [0, 0], w: null, z: !!options.floorAtZero, a: !!options.alternate, pb: options.penaltyBeforePass !== false, ps: 0, tk: 0, cd: 0, rs: [0, 0, 0, 0], sp: 0, bl: false };
  },

  scores: (state: FortressState) => state.s,
  turn: (state: FortressState) => state.t,
  winner: (state: FortressState) => state.w,
};
export const fortress = rules as typeof rules & { readonly moves: ReturnType<typeof fortressMoves> };
// The moves, made afresh when asked: the getter is fortressMoves itself, made in one call, enumerable (as
// shuffleboard's: docs/espruino.md, Memory).
Object.defineProperty(fortress, 'moves', { get: fortressMoves, enumerable: true });
