// Ring-a-Peg rules (docs/games/ringapeg.md, R1-R11): setup and the moves, pure. Moves are what
// physically happened on the pegs; the stacks always follow them (R7), and anything the
// rules forbid is flagged in the state until the board looks legal again.
// The state is small on purpose: stacks and held rings are strings of owner
// digits, phases are numbers. Undo is the runtime's (it replays the saved log).
import { GameConfig, Outcome, ScoreChange } from '../../game';
import { pegIndex, REFERENCE_LAYOUT } from './board';

/** Why a move is refused: a code of words.json (the phone's decoder shows its words; the firmware never imports the file). */
type Refusal = keyof typeof import('./words.json');

/**
 * The moves, as the phone's commands of the same names (docs/games/ringapeg.md):
 * ring: a ring came down over `peg` (its name, 'o3'), or landed off every peg
 * ('none'); lift: the top ring of `peg` went up; end: closes a snap that missed
 * (no impact sensor) or declines a march; cleared: every peg is empty (R11);
 * claim: `player` claims Peg (R10); next: the board button, held `ms`: cleared
 * while the pegs wait to be cleared, else end.
 */
export interface RingapegMove {
  k: 'ring' | 'lift' | 'end' | 'cleared' | 'claim' | 'next';
  peg?: string;
  player?: number;
  ms?: number;
}

/** Phases: waiting for tn's snap; tn may march from peg mp; tn holds the ring lifted from mp. */
export const SNAP: number = 0;
export const MRCH: number = 1;
export const HELD: number = 2;
/** An illegal lift or drop (R7): play waits until the stacks equal ok.st again. */
export const BAD: number = 3;
/** The Board is over: clear the pegs (R11). */
export const CLR: number = 4;
export const OVER: number = 5;
/** Phase names for the phone, by phase number. */
export const PHASE_NAMES = 'snap mrch held bad clr over';

export interface RingapegState {
  /** Players (the 2-player game has 2 players with 8 rings each, R1). */
  n: number;
  /** Target total of the Advance game; 0 in the Primary game. */
  tg: number;
  /** autoPeg (R10), in the Advance game only (false in the Primary game). */
  ap: boolean;
  /** Stacks, peg by peg in the board's order (REFERENCE_LAYOUT: its letter is the peg's circle) separated by ',', bottom first, each ring its owner's digit: "01,,2,...". */
  st: string;
  /** Rings each player still snaps this Board; -1 once a false claim put him out (R10). */
  lf: number[];
  /** Credit from finished Boards (R9). */
  cr: number[];
  /** Whose snap or march it is. */
  tn: number;
  /** First snapper of this Board (R9). */
  fs: number;
  /** Board number, from 1. */
  bd: number;
  /** Phase: SNAP, MRCH, HELD, BAD, CLR or OVER. */
  ph: number;
  /** Peg a march may start from (MRCH) or started from (HELD); -1 otherwise. */
  mp: number;
  /** 1 when the pending march continues a grand march (R6). */
  gm: number;
  /** Owners of rings lifted and not yet dropped, as digits. */
  hd: string;
  /** Tie-break players in snapping order (R8) as digits, '' otherwise; tn is the one snapping. */
  tp: string;
  /** Winner, null while the game goes on (by R8 in the Primary game, R10 in the Advance game). */
  w: number | null;
  /** While ph is BAD, and only then: the legal state that returns once the stacks match it again. */
  ok?: RingapegState;
}

/**
 * R10: each player's total, credit plus count (just credit once a finished
 * Board is credited); credit stays 0 in the Primary game, so these are the
 * scores of both games. With `board`: this Board's counts alone (R3/R4: peg
 * value times the counting rings; the ring just under the top counts only if
 * it is the top ring's owner's).
 */
export function totals(s: RingapegState, board?: boolean): number[] {
  // One entry per player: his credit, or 0 for this Board's counts alone.
  const c = s.cr.slice();
  const st = s.st.split(',');
  if (board) c.fill(0);
  for (let p = 0; p < REFERENCE_LAYOUT.length && (board || s.ph !== CLR); p++) {
    const k = st[p];
    for (let i = 0; i < k.length; i++) {
      if (i !== k.length - 2 || k[i] === k[i + 1]) c[+k[i]] += REFERENCE_LAYOUT[p] === 'k' ? 25 : REFERENCE_LAYOUT[p] === 'i' ? 10 : 5;
    }
  }
  return c;
}

/** Options (docs/games/ringapeg.md): variant primary|advance, autoPeg, target, firstPlayer. */
export function setup(config: GameConfig): RingapegState {
  const n = config.players;
  const o = config.options;
  const variant = o.variant;
  const advance = variant === 'advance';
  let first = o.firstPlayer as number;
  let tg = o.target as number;
  let ap = o.autoPeg as boolean;
  // Defaults for options not given.
  if (first === undefined) first = 0;
  if (tg === undefined) tg = 200;
  if (ap === undefined) ap = true;
  // players is an integer: the command channel checked it. What is wrong names the option (its values are in
  // docs/games/ringapeg.md: short texts, for the bundle's size); a misspelt option is refused, never ignored.
  let bad = n < 2 || n > 4 ? 'players: 2..4 (R1)'
    : !advance && variant !== undefined && variant !== 'primary' ? 'bad variant'
      : ap !== !!ap ? 'bad autoPeg'
        : !(tg > 0) || tg !== +tg ? 'bad target'
          : !(first >= 0 && first < n && first === (first | 0)) ? 'bad firstPlayer' : '';
  for (const name in o) if ('variant autoPeg target firstPlayer'.split(' ').indexOf(name) < 0) bad = name + ': unknown';
  if (bad) throw new Error(bad);
  // Every peg empty; rings each by R1.
  return {
    n: n, tg: advance ? tg : 0, ap: advance && ap, st: Array(REFERENCE_LAYOUT.length).join(','),
    lf: Array(n).fill(n === 2 ? 8 : 4), cr: Array(n).fill(0), tn: first, fs: first, bd: 1, ph: SNAP, mp: -1, gm: 0, hd: '', tp: '',
    w: null,
  };
}

/** Every move (RingapegMove): they share their refusals, and what a ring's coming to rest does. */
export function play(input: RingapegState, move: RingapegMove): Outcome<RingapegState> {
  // Credit is replaced, never changed in place (passTurn), so only lf needs a copy.
  let s: RingapegState = Object.assign({}, input, { lf: input.lf.slice() });
  // The board button says the pegs are cleared while they wait to be (CLEAr), else ends the turn.
  const k = move.k === 'next' ? (input.ph === CLR ? 'cleared' : 'end') : move.k;
  // A ring came down: over a peg (add), or off every peg (a miss).
  const ring = k === 'ring';
  const add = ring && move.peg !== 'none';
  const lift = k === 'lift';
  const claim = k === 'claim';
  // The peg's index (-1: no such peg); NaN for a move with no peg, so that it is no peg's, not even the march's (mp -1: none).
  const p = add || lift ? pegIndex(move.peg as string) : NaN;
  const pl = move.player as number;
  const st = s.st.split(',');
  // The phase the move finds, and the stack on peg p (only a peg's index finds
  // one, a string maybe empty).
  const ph = s.ph;
  const stack = st[p];
  // Refusals first: a refused move changes nothing.
  const refusal: Refusal | '' = ph === OVER ? 'over'
    : (add || lift) && stack == null ? 'peg'
      : lift && ph !== CLR && !stack ? 'empty'
        : ph === BAD && !ring && !lift ? 'R7'
          : k === 'cleared' && ph !== CLR ? 'clean'
            : k === 'end' && ph === CLR ? 'R11'
              : claim ? (!s.tg || s.ap ? 'R10'
                // Left is -1 for a player out, undefined for no such player.
                : s.lf[pl] >= 0 ? '' : 'player')
                // A held march ring can only come down (a lift is R7's).
                : ph === HELD && !add && !lift ? 'R5' : '';
  if (refusal) return { state: input, changes: [], refused: refusal };
  // The helpers below live inside play: made afresh for each move, they hold no
  // RAM between moves, as module-level functions would for good.

  /** Player who wins (R8, R10). */
  function win(who: number): void {
    s.w = who;
    s.ph = OVER;
  }

  /**
   * The snap or march of tn is over: the next tie-break player in tp; or the
   * next player in rotation (to the left) with rings; or the Board ends (R9:
   * Advance credits the counts and waits for clearing). After the Board or a
   * tie-break round (R8), the highest counts among the players who snapped
   * stay in: one left wins, more snap on in that order, the first after the
   * last snapper.
   */
  function passTurn(): void {
    let tied = s.tp;
    let still = '';
    let best = -1;
    let i = tied.indexOf('' + s.tn) + 1;
    // The next tie-break player, if any. Not found in '' (no tie-break): i is 0, and the rotation follows.
    let next: string | undefined = tied[i];
    s.ph = SNAP;
    s.mp = -1;
    s.gm = 0;
    if (!tied) {
      // Whoever has no rings left is passed over; if nobody has, all of them are in the reckoning.
      for (i = 1; !next && i <= s.n; i++) {
        const q = (s.tn + i) % s.n;
        // As a digit: player 0 is found too.
        if (s.lf[q] > 0) next = '' + q;
        else tied += q;
      }
    }
    if (next) s.tn = +next;
    else if (!s.tp && s.tg) {
      // Still in play, totals are credit plus count: they become the credit.
      s.cr = totals(s);
      s.ph = CLR;
    } else {
      // (This Board's counts are worked out only here, where they are read: the turn passes at most moves, and each
      // count of the pegs held a ring's move longer.)
      const c = totals(s, true);
      for (i = 0; i < tied.length; i++) {
        const count = c[+tied[i]];
        if (count > best) still = '';
        if (count >= best) {
          best = count;
          still += tied[i];
        }
      }
      // Two or more still in: another round.
      if (still[1]) {
        s.tp = still;
        s.tn = +still[0];
      } else win(+still);
    }
  }

  // The move's scores before it (s is input so far, but for a copy of lf).
  const a = totals(input);
  // The number of the rule behind the move; a march's, before this move changes gm.
  // Worked out in place, not in a helper function: one function less to make per move.
  let rule = 5 + s.gm;
  let i: number;
  /** The totals after the move, once worked out (autoPeg's check). */
  let t: number[] | undefined;

  if (claim) {
    // A true claim wins; a false one puts the claimant out, and the last player in wins.
    if (a[pl] >= s.tg) win(pl);
    else {
      let inside = '';
      s.lf[pl] = -1;
      for (i = 0; i < s.n; i++) if (s.lf[i] >= 0) inside += i;
      // One player left in (there is always one).
      if (!inside[1]) win(+inside);
    }
    // Over (a win) is past HELD too.
    if (s.tn === pl && s.ph < HELD) passTurn();
    rule = 10;
  } else {
    // The march was not taken: this ring is the next snap.
    if (ph === MRCH && !lift) passTurn();
    if (ph === MRCH && k === 'end') rule = 5;
    // The game ended with that pass (only it can end it here): the ring is a stray one.
    else if (s.ph === OVER) rule = 4;
    else {
      // The stacks follow what physically happened (R7). A lift takes the top ring
      // into the hand (R11: between Boards it empties the peg, and the hand keeps
      // nothing). A ring that comes down is the one in the hand; else, while
      // flagged, the one the legal picture misses on this peg; else the snapper's.
      if (lift) {
        if (ph === CLR) st[p] = '';
        else {
          s.hd += stack.slice(-1);
          st[p] = stack.slice(0, -1);
        }
      }
      if (add) st[p] = stack + (s.hd.slice(-1) || (s.ok && s.ok.st.split(',')[p][stack.length]) || s.tn);
      if (ring) s.hd = s.hd.slice(0, -1);
      if (k === 'cleared') st.fill('');
      s.st = st.join(',');

      if (ph === BAD) {
        // Put right (R7): the legal state again.
        if (s.st === (s.ok as RingapegState).st) s = s.ok as RingapegState;
        rule = 7;
      } else if (s.ph === CLR) {
        if (!st.join('')) {
          // R9: every peg is empty (no ring digit left), a new Board; its first snap goes to the player after the last Board's first snapper.
          for (i = 0; i < s.n; i++) if (s.lf[i] >= 0) s.lf[i] = s.n === 2 ? 8 : 4;
          s.bd++;
          s.tn = s.fs;
          passTurn();
          s.fs = s.tn;
        }
        rule = 9;
      } else if (p === s.mp && (!lift || ph === MRCH)) {
        // The march ring is lifted off its doublet, or put back on it (the march still open).
        s.ph = lift ? HELD : MRCH;
      } else if (lift || ph === HELD && 'oik'.indexOf(REFERENCE_LAYOUT[s.mp] + REFERENCE_LAYOUT[p]) < 0) {
        // R7: nothing else may be lifted, and the march ring goes outer to inner or
        // inner to king ('oi' or 'ik' in 'oik').
        s.ok = input;
        s.ph = BAD;
        rule = 7;
      } else {
        if (s.ph === SNAP) {
          // Tie-break rings (R8) are extra: nobody has any left by then.
          if (s.lf[s.tn] > 0) s.lf[s.tn]--;
          rule = 4;
        }
        // R5: a snap leaves the mover's own two rings on top of a peg other than the
        // king's; R6: so does a march onto his own inner ring, a grand march. Either
        // way he may march on from there.
        if (add && REFERENCE_LAYOUT[p] !== 'k' && st[p].slice(-2) === '' + s.tn + s.tn) {
          if (ph === HELD) s.gm = 1;
          s.ph = MRCH;
          s.mp = p;
        } else {
          s.ph = SNAP;
        }

        // A ring came to rest: with autoPeg a total at the target wins at once, the
        // mover's first, then the lowest player's (R10); else the turn passes unless
        // a march is open. Nobody is out with autoPeg: there are no claims.
        if (s.ap) {
          t = totals(s);
          for (i = s.n; i >= 0; i--) {
            const who = i ? i - 1 : s.tn;
            if (t[who] >= s.tg) win(who);
          }
        }
        if (s.ph === SNAP) passTurn();
        if (rule === 4 && s.tp) rule = 8;
      }
    }
  }

  const changes: ScoreChange[] = [];
  // (Those of autoPeg's check, when it made them: nothing after it changes them, a win nor the turn passed, whose
  // credit at a Board's end is those totals. Each working out held a ring's move some 35 bare reads.)
  const b = t || totals(s);
  for (let who = 0; who < s.n; who++) {
    const d = b[who] - a[who];
    // Points lost by another player's ring covering yours are R3's, whatever the move.
    if (d) changes.push({ player: who, points: d, rule: 'R' + (d < 0 && who !== input.tn && (rule < 7 || rule === 8) ? 3 : rule) });
  }
  return { state: s, changes: changes };
}
