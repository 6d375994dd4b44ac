// Ring-a-Peg rules (RULES.md R1-R11) as a pure Game. Moves are what physically
// happened on the pegs; the stacks always follow them (R7), and anything the
// rules forbid is flagged in the state until the board looks legal again.
import { Game, GameConfig, Outcome, ScoreChange } from '../../game';
import { REFERENCE_LAYOUT } from './board';

/** Circles of the pegs. */
export const OUTER = 0;
export const INNER = 1;
export const KING = 2;
const CIRCLE_VALUES = [5, 10, 25];

/**
 * add: a ring came down over peg p; lift: the top ring of p went up;
 * miss: a ring landed off every peg; end: button, closes a snap that missed
 * (no impact sensor) or declines a march; clear: button, every peg is empty
 * (R11); claim: player pl claims Peg (R10); undo: takes back the last snap or
 * march, or the flagged move.
 */
export interface RingapegMove {
  k: 'add' | 'lift' | 'miss' | 'end' | 'clear' | 'claim' | 'undo';
  p?: number;
  pl?: number;
}

/**
 * Phases: snap (waiting for tn's ring), mrch (tn may march from peg mp),
 * held (tn holds the ring lifted from mp), bad (an illegal lift or drop: play
 * waits until the stacks equal ok.st again), clr (Board over, clear the pegs),
 * over (w won).
 */
export type RingapegPhase = 'snap' | 'mrch' | 'held' | 'bad' | 'clr' | 'over';

export interface RingapegState {
  /** Players (the 2-player game has 2 players with 8 rings each, R1). */
  n: number;
  adv: boolean;
  /** autoPeg (R10). */
  ap: boolean;
  /** Target total of the Advance game. */
  tg: number;
  /** Circle of each peg: OUTER, INNER, KING. */
  pc: number[];
  /** Rings each player snaps per Board. */
  rn: number;
  /** Stacks per peg, bottom first, each ring its owner's index. */
  st: number[][];
  /** Rings still to snap in this Board, per player. */
  lf: number[];
  /** Credit from finished Boards (R9). */
  cr: number[];
  /** 1 when a false claim put the player out (R10). */
  out: number[];
  /** Whose snap or march it is. */
  tn: number;
  /** First snapper of this Board (R9). */
  fs: number;
  /** Board number, from 1. */
  bd: number;
  ph: RingapegPhase;
  /** Peg a march may start from (mrch) or started from (held); -1 otherwise. */
  mp: number;
  /** 1 when the pending march continues a grand march (R6). */
  gm: number;
  /** Owners of rings lifted and not yet dropped. */
  hd: number[];
  /** While ph is 'bad': the legal state that returns once the stacks match it again. */
  ok: RingapegState | null;
  /** Why play is flagged or waiting: a rule id ('R7', 'R11'), or ''. */
  why: string;
  /** Tie-break players in snapping order (R8), empty otherwise; ti indexes the one snapping. */
  tp: number[];
  ti: number;
  /** Winner, -1 while the game goes on; wr is the rule that decided it. */
  w: number;
  wr: string;
  /** The state before the last snap or march (one level of undo). */
  u: RingapegState | null;
}

/** Value of one counting ring on each peg. */
export function pegValues(state: RingapegState): number[] {
  const values: number[] = [];
  for (let p = 0; p < state.pc.length; p++) values.push(CIRCLE_VALUES[state.pc[p]]);
  return values;
}

/** R3: whether ring i of a stack (bottom = 0) counts. */
export function ringCounts(stack: number[], i: number): boolean {
  const top = stack.length - 1;
  return i !== top - 1 || stack[i] === stack[top];
}

/** R4: each player's count, from the stacks. */
export function counts(state: RingapegState): number[] {
  const result: number[] = [];
  for (let pl = 0; pl < state.n; pl++) result.push(0);
  for (let p = 0; p < state.st.length; p++) {
    const stack = state.st[p];
    const value = CIRCLE_VALUES[state.pc[p]];
    for (let i = 0; i < stack.length; i++) {
      if (ringCounts(stack, i)) result[stack[i]] += value;
    }
  }
  return result;
}

/** R10: credit plus current count (just credit once a finished Board is credited). */
export function totals(state: RingapegState): number[] {
  if (state.ph === 'clr') return state.cr.slice();
  const current = counts(state);
  for (let pl = 0; pl < state.n; pl++) current[pl] += state.cr[pl];
  return current;
}

/** Rings not yet snapped this Board, all players together. */
export function ringsLeft(state: RingapegState): number {
  let sum = 0;
  for (let pl = 0; pl < state.n; pl++) sum += state.lf[pl];
  return sum;
}

function option(config: GameConfig, name: string, fallback: boolean | number | string): boolean | number | string {
  const value = config.options ? config.options[name] : undefined;
  if (value === undefined) return fallback;
  if (typeof value !== typeof fallback) throw new Error('option ' + name + ' must be a ' + typeof fallback);
  return value;
}

export function setup(config: GameConfig): RingapegState {
  const n = config.players;
  if (n !== 2 && n !== 3 && n !== 4) throw new Error('Ring-a-Peg is for 2, 3 or 4 players (R1)');
  const variant = option(config, 'variant', 'primary');
  if (variant !== 'primary' && variant !== 'advance') throw new Error('variant must be primary or advance');
  const layout = option(config, 'layout', REFERENCE_LAYOUT) as string;
  const first = option(config, 'firstPlayer', 0) as number;
  if (first !== (first | 0) || first < 0 || first >= n) throw new Error('firstPlayer must be a player index');
  const pc: number[] = [];
  const st: number[][] = [];
  for (let p = 0; p < layout.length; p++) {
    const circle = 'oik'.indexOf(layout.charAt(p));
    if (circle < 0) throw new Error('layout letters are o, i and k');
    pc.push(circle);
    st.push([]);
  }
  const rings = n === 2 ? 8 : 4;
  const lf: number[] = [];
  const zeros: number[] = [];
  for (let pl = 0; pl < n; pl++) {
    lf.push(rings);
    zeros.push(0);
  }
  return {
    n: n, adv: variant === 'advance', ap: option(config, 'autoPeg', true) as boolean,
    tg: option(config, 'target', 200) as number, pc: pc, rn: rings, st: st, lf: lf,
    cr: zeros.slice(), out: zeros.slice(), tn: first, fs: first, bd: 1, ph: 'snap',
    mp: -1, gm: 0, hd: [], ok: null, why: '', tp: [], ti: 0, w: -1, wr: '', u: null,
  };
}

/** A copy that play() may change: arrays copied, ok and u shared (they are never changed). */
function copy(s: RingapegState): RingapegState {
  const c = Object.assign({}, s);
  c.st = [];
  for (let p = 0; p < s.st.length; p++) c.st.push(s.st[p].slice());
  c.lf = s.lf.slice();
  c.cr = s.cr.slice();
  c.out = s.out.slice();
  c.hd = s.hd.slice();
  c.tp = s.tp.slice();
  return c;
}

/** The state to keep for undo: without its own undo, so only one level is ever kept. */
function undoPoint(s: RingapegState): RingapegState {
  const c = Object.assign({}, s);
  c.u = null;
  return c;
}

function sameStacks(a: number[][], b: number[][]): boolean {
  for (let p = 0; p < a.length; p++) {
    if (a[p].length !== b[p].length) return false;
    for (let i = 0; i < a[p].length; i++) if (a[p][i] !== b[p][i]) return false;
  }
  return true;
}

/** R5/R6: the top two rings of p are the player's own, and p is not the king peg (R7). */
function isDoublet(s: RingapegState, p: number, player: number): boolean {
  const stack = s.st[p];
  const n = stack.length;
  return s.pc[p] !== KING && n >= 2 && stack[n - 1] === player && stack[n - 2] === player;
}

function playersIn(s: RingapegState): number {
  let count = 0;
  for (let pl = 0; pl < s.n; pl++) if (!s.out[pl]) count++;
  return count;
}

function win(s: RingapegState, player: number, rule: string): void {
  s.w = player;
  s.wr = rule;
  s.ph = 'over';
  s.mp = -1;
}

/** R10 with autoPeg: after a ring comes to rest, a total at the target wins at once (the mover first). */
function checkPeg(s: RingapegState): void {
  if (!s.adv || !s.ap || s.ph === 'over') return;
  const t = totals(s);
  if (t[s.tn] >= s.tg && !s.out[s.tn]) { win(s, s.tn, 'R10'); return; }
  for (let pl = 0; pl < s.n; pl++) if (t[pl] >= s.tg && !s.out[pl]) { win(s, pl, 'R10'); return; }
}

/** The next player in rotation (to the left) who is in and has rings to snap, or -1. */
function nextSnapper(s: RingapegState, from: number): number {
  for (let step = 1; step <= s.n; step++) {
    const pl = (from + step) % s.n;
    if (!s.out[pl] && s.lf[pl] > 0) return pl;
  }
  return -1;
}

/** R8: after a full tie-break round, keep only the players with the highest count. */
function tieRoundOver(s: RingapegState): void {
  const c = counts(s);
  let best = -1;
  for (let i = 0; i < s.tp.length; i++) if (c[s.tp[i]] > best) best = c[s.tp[i]];
  const still: number[] = [];
  for (let i = 0; i < s.tp.length; i++) if (c[s.tp[i]] === best) still.push(s.tp[i]);
  if (still.length === 1) { win(s, still[0], 'R8'); return; }
  s.tp = still;
  s.ti = 0;
  s.tn = still[0];
}

/** A Board is over: R8 (Primary: highest count, or a tie-break) or R9 (Advance: credit, then clear). */
function endBoard(s: RingapegState): void {
  const c = counts(s);
  if (s.adv) {
    for (let pl = 0; pl < s.n; pl++) s.cr[pl] += c[pl];
    s.ph = 'clr';
    s.why = 'R11';
    return;
  }
  let best = -1;
  for (let pl = 0; pl < s.n; pl++) if (c[pl] > best) best = c[pl];
  // Tied players snap in rotation, starting after the last snapper.
  s.tp = [];
  for (let step = 1; step <= s.n; step++) {
    const pl = (s.tn + step) % s.n;
    if (c[pl] === best) s.tp.push(pl);
  }
  if (s.tp.length === 1) { win(s, s.tp[0], 'R8'); s.tp = []; return; }
  s.ti = 0;
  s.tn = s.tp[0];
}

/** The snap or march of tn is over: the next player's snap, the end of a tie-break round, or of the Board. */
function passTurn(s: RingapegState): void {
  s.ph = 'snap';
  s.mp = -1;
  s.gm = 0;
  if (s.tp.length > 0) {
    s.ti++;
    if (s.ti >= s.tp.length) tieRoundOver(s);
    else s.tn = s.tp[s.ti];
    return;
  }
  const next = nextSnapper(s, s.tn);
  if (next < 0) endBoard(s);
  else s.tn = next;
}

/** R9: a new Board once every peg is empty; its first snap goes to the player after the last Board's first snapper. */
function startBoard(s: RingapegState): void {
  for (let pl = 0; pl < s.n; pl++) s.lf[pl] = s.out[pl] ? 0 : s.rn;
  s.bd++;
  s.fs = nextSnapper(s, s.fs);
  s.tn = s.fs;
  s.ph = 'snap';
  s.why = '';
}

/** The phase, read afresh (a helper may have changed it since the last check). */
function phaseOf(s: RingapegState): RingapegPhase {
  return s.ph;
}

function allEmpty(s: RingapegState): boolean {
  for (let p = 0; p < s.st.length; p++) if (s.st[p].length > 0) return false;
  return true;
}

/** R7: the move is physically recorded, the state flagged until the stacks equal the legal ones again. */
function flag(s: RingapegState, legal: RingapegState): void {
  s.ok = legal;
  s.ph = 'bad';
  s.why = 'R7';
}

/** A ring lands (or misses, p = -1) as tn's snap. */
function snapLands(s: RingapegState, input: RingapegState, p: number): void {
  s.u = undoPoint(input);
  if (s.tp.length === 0 && s.lf[s.tn] > 0) s.lf[s.tn]--;
  if (p >= 0) s.st[p].push(s.tn);
  if (p >= 0 && isDoublet(s, p, s.tn)) {
    s.ph = 'mrch';
    s.mp = p;
    s.gm = 0;
  }
  checkPeg(s);
  if (s.ph === 'snap') passTurn(s);
}

/** Physical moves while the board waits for a put-back (R7). */
function playFlagged(s: RingapegState, move: RingapegMove, p: number): string {
  const legal = s.ok as RingapegState;
  if (move.k === 'lift') {
    const ring = s.st[p].pop();
    if (ring !== undefined) s.hd.push(ring);
  } else if (move.k === 'add') {
    let owner = s.hd.length > 0 ? (s.hd.pop() as number) : -1;
    if (owner < 0) {
      // A ring from elsewhere: most likely the one the legal picture misses on this peg.
      const want = legal.st[p];
      owner = want.length > s.st[p].length ? want[s.st[p].length] : s.tn;
    }
    s.st[p].push(owner);
  } else if (move.k === 'miss') {
    if (s.hd.length > 0) s.hd.pop();
  } else {
    return 'R7: put the ring back first';
  }
  return '';
}

function refusal(input: RingapegState, why: string): Outcome<RingapegState> {
  return { state: input, changes: [], refused: why };
}

export function play(input: RingapegState, move: RingapegMove): Outcome<RingapegState> {
  // Declared here, not in the branches: on Espruino a var from a branch that never ran does not exist.
  let back: RingapegState | null;
  let problem: string;
  let pl: number;
  let next: RingapegState;
  let owner: number;
  let from: number;
  let to: number;
  if (move.k === 'undo') {
    back = input.ph === 'bad' ? input.ok : input.u;
    if (!back) return refusal(input, 'nothing to undo');
    return { state: back, changes: scoreChanges(input, back, 'undo') };
  }
  if (input.ph === 'over') return refusal(input, 'the game is over');
  const p = move.p === undefined ? -1 : move.p;
  if ((move.k === 'add' || move.k === 'lift') && (p !== (p | 0) || p < 0 || p >= input.st.length)) {
    return refusal(input, 'no such peg');
  }
  if (move.k === 'lift' && input.ph !== 'clr' && input.st[p].length === 0) return refusal(input, 'nothing on that peg to lift');
  let s = copy(input);
  let rule = 'R4';

  if (s.ph === 'bad') {
    problem = playFlagged(s, move, p);
    if (problem) return refusal(input, problem);
    rule = 'R7';
    if (sameStacks(s.st, (s.ok as RingapegState).st)) s = copy(s.ok as RingapegState);
    return { state: s, changes: scoreChanges(input, s, rule) };
  }

  if (move.k === 'claim') {
    pl = move.pl === undefined ? -1 : move.pl;
    if (!s.adv) return refusal(input, 'Peg is claimed in the Advance game only (R10)');
    if (s.ap) return refusal(input, 'autoPeg is on: the board declares Peg itself (R10)');
    if (pl !== (pl | 0) || pl < 0 || pl >= s.n || s.out[pl]) return refusal(input, 'no such player in the game');
    if (totals(s)[pl] >= s.tg) {
      win(s, pl, 'R10');
    } else {
      s.out[pl] = 1;
      s.lf[pl] = 0;
      if (playersIn(s) === 1) {
        for (let other = 0; other < s.n; other++) if (!s.out[other]) win(s, other, 'R10');
      } else if (s.tn === pl && (s.ph === 'snap' || s.ph === 'mrch')) {
        passTurn(s);
      }
    }
    return { state: s, changes: scoreChanges(input, s, 'R10') };
  }

  if (s.ph === 'clr') {
    // R11: rings come off between Boards; play starts once every peg is empty.
    if (move.k === 'lift') s.st[p] = [];
    else if (move.k === 'clear') {
      for (let q = 0; q < s.st.length; q++) s.st[q] = [];
    } else if (move.k === 'add') s.st[p].push(s.hd.length > 0 ? (s.hd.pop() as number) : s.tn);
    else if (move.k !== 'miss') return refusal(input, 'R11: clear the pegs first');
    if (allEmpty(s)) startBoard(s);
    return { state: s, changes: scoreChanges(input, s, 'R9') };
  }

  if (s.ph === 'mrch' && (move.k === 'add' || move.k === 'miss' || move.k === 'end')) {
    // The march was not taken: this ring is the next snap.
    passTurn(s);
    if (move.k === 'end') return { state: s, changes: scoreChanges(input, s, 'R5') };
    if (phaseOf(s) !== 'snap') {
      // The Board ended with that pass: the ring is a stray one on a finished Board.
      next = play(s, move).state;
      return { state: next, changes: scoreChanges(input, next, 'R4') };
    }
  }

  if (phaseOf(s) === 'snap') {
    if (move.k === 'add') snapLands(s, input, p);
    else if (move.k === 'miss' || move.k === 'end') snapLands(s, input, -1);
    else if (move.k === 'lift') {
      // Nothing may be lifted outside a march (R7).
      s.hd.push(s.st[p].pop() as number);
      flag(s, input);
      rule = 'R7';
    } else return refusal(input, 'nothing to clear now');
    if (s.tp.length > 0) rule = 'R8';
  } else if (s.ph === 'mrch') {
    // Only lift (and clear/claim) reach here.
    if (move.k !== 'lift') return refusal(input, 'finish the march first');
    if (p !== s.mp || s.st[p].length === 0) {
      s.hd.push(s.st[p].pop() as number);
      flag(s, input);
      rule = 'R7';
    } else {
      s.u = undoPoint(input);
      s.hd.push(s.st[p].pop() as number);
      s.ph = 'held';
      rule = s.gm ? 'R6' : 'R5';
    }
  } else if (s.ph === 'held') {
    rule = s.gm ? 'R6' : 'R5';
    if (move.k === 'add') {
      owner = s.hd.pop() as number;
      s.st[p].push(owner);
      from = s.pc[s.mp];
      to = s.pc[p];
      if (p === s.mp) {
        // Put back where it came from: the march is not made, and still may be.
        s.ph = 'mrch';
      } else if ((from === OUTER && to === INNER) || (from === INNER && to === KING)) {
        if (to === INNER && isDoublet(s, p, s.tn)) {
          s.ph = 'mrch';
          s.mp = p;
          s.gm = 1;
        } else {
          s.ph = 'snap';
        }
        checkPeg(s);
        if (s.ph === 'snap') passTurn(s);
      } else {
        flag(s, input);
        rule = 'R7';
      }
    } else if (move.k === 'lift') {
      s.hd.push(s.st[p].pop() as number);
      flag(s, input);
      rule = 'R7';
    } else {
      return refusal(input, 'R5: drop the marched ring over a peg');
    }
  }
  return { state: s, changes: scoreChanges(input, s, rule) };
}

function scoresOf(s: RingapegState): number[] {
  return s.adv ? totals(s) : counts(s);
}

/** Every score difference, with the rule behind it: a player who lost points by being covered, R3. */
function scoreChanges(before: RingapegState, after: RingapegState, rule: string): ScoreChange[] {
  const a = scoresOf(before);
  const b = scoresOf(after);
  const changes: ScoreChange[] = [];
  for (let pl = 0; pl < a.length; pl++) {
    const points = b[pl] - a[pl];
    if (points === 0) continue;
    const covered = points < 0 && pl !== before.tn && (rule === 'R4' || rule === 'R5' || rule === 'R6' || rule === 'R8');
    changes.push({ player: pl, points: points, rule: covered ? 'R3' : rule });
  }
  return changes;
}

export const ringapeg: Game<RingapegState, RingapegMove> = {
  id: 'ringapeg',
  setup: setup,
  play: play,
  scores: scoresOf,
  turn: function (s: RingapegState): number { return s.tn; },
  winner: function (s: RingapegState): number | null { return s.w < 0 ? null : s.w; },
};
