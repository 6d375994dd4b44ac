// Table shuffleboard (docs/games/shuffleboard.md, S1-S12): setup and the moves,
// pure. A move is what the board saw (a throw came to rest), or the referee's
// word (the coin toss, a weight put right). Points are scored only when an
// end is over (S5, S6); a correction after that scores the end again. Undo is
// the runtime's (it replays the saved log).
import { score } from '../../game';
import type { GameConfig, Outcome, ScoreChange } from '../../game';
import { ON_DEVICE } from '../../device';
import { DECIDE_MODULE, MATCH_MODULE, Part, loadModule } from '../../modules';
import { matched } from './match';
import type { Rest, ShuffleboardState } from './state';
import { TREY_MM, DEUCE_MM, RADIUS_MM, SHORT_MM, RESOLUTION_MM, WEIGHTS, NONE, MAYBE_OUT } from './table';

/** A code the rules may give: one with words in words.json. */
type Refusal = keyof typeof import('./words.json');

/** How near where it lies a weight that scores unasked must be placed (mm): one the board may place farther off (its u more) is put to the referee. */
const PLACED_MM = 3;
/**
 * How much farther out than every weight of its side lay (as far off as each was placed) a weight must be seen to be
 * a throw launched unseen (mm): a referee's `place` by eye, taken as exact, is off by some mm (2 or 3 made a throw).
 */
const FARTHER_MM = 20;


/**
 * toss: the coin toss (S2): side s throws first in the first end.
 * rest: a throw is over, every weight still. w lists the weights that came to
 *   rest somewhere new (the one thrown, the ones it knocked, those gone off);
 *   the others lie where they were. The eighth rest ends the end.
 * place: the referee's word on weight i: it rests at d (negative: off the
 *   table), its colour is c; what is left out stays. Whether it hangs follows
 *   d; h, given, is checked against it (1 hangs, 0 not: refused when d says
 *   otherwise).
 * seen: a throw is over, every weight still, and w is the whole table as the
 *   board's sensing sees it: each weight as [colour, d, u], u how far from d
 *   it may lie (mm, as the board located it); with n, the n throws from the
 *   next on are over (launched while the board was deciding the one before:
 *   their weights are seen together); o 1: the (one) throw's weight never
 *   came into the grid, so it lies short beyond it, unseen, if it is not on the
 *   table. The weights are matched to those
 *   of the state (matched()) and played as a rest. Where the board cannot tell
 *   how the end scores, the referee is asked (q: inDoubt()); his `place` of a
 *   weight (d left out: where the board sees it) answers for that weight.
 * clear: the table is cleared after an end; the next end begins.
 */
export interface ShuffleboardMove {
  k: 'toss' | 'rest' | 'seen' | 'place' | 'clear';
  s?: number;
  w?: Rest[];
  i?: number;
  d?: number;
  c?: number;
  h?: number;
  n?: number;
  /** (Not `b`, `u`, `g` or `sync`: the log reads a record with one of those as its own, not as a move.) */
  o?: number;
  /** In a `seen`'s record: the throws launched while it was decided, under way after it (the rules leave it). */
  b?: number;
  /** 1: a `seen` of the throws under way at power-up (a throw may have been launched unseen meanwhile). */
  a?: number;
}


/**
 * The scoring articles (firmware/game.ts, score()): article i is a weight's zone i
 * (zone()): hanging; fully past the trey line; touching it; fully past the
 * deuce line; touching it; fully past the foul line; out of play (S4: never
 * scored, the phone shows it).
 */
export const ARTICLES = 'S7 4   ' + 'S8 3   ' + 'S8 2   ' + 'S9 2   ' + 'S9 1   ' + 'S10 1  ' + 'S4 0';

/**
 * The zone (scoring article) of a weight, centre d (-1 out of play). It covers
 * d - RADIUS_MM to d + RADIUS_MM: it hangs over the end edge when d < RADIUS_MM,
 * is fully past a line at L when d < L - RADIUS_MM, touching it
 * while d <= L + RADIUS_MM as well (the bounds are constants: the build works
 * them out).
 */
export function zone(d: number): number {
  return d < 0 ? 6 : d < RADIUS_MM ? 0 : d < TREY_MM - RADIUS_MM ? 1 : d <= TREY_MM + RADIUS_MM ? 2 : d < DEUCE_MM - RADIUS_MM ? 3 : d <= DEUCE_MM + RADIUS_MM ? 4 : 5;
}

/** Options (docs/games/shuffleboard.md): teams, target, firstPlayer, resolution. */
export function setup(config: GameConfig): ShuffleboardState {
  const n = config.players;
  const o = config.options;
  const teams = o.teams;
  let first = o.firstPlayer as number;
  let tg = o.target as number;
  let rs = o.resolution as number;
  // Defaults for options not given: singles to 11, doubles to 21 (S12); the coin decides (S2).
  if (first === undefined) first = -1;
  if (tg === undefined) tg = n > 2 ? 21 : 11;
  if (rs === undefined) rs = RESOLUTION_MM;
  // What is wrong names the option (the first in this order that does not fit); a misspelt option is refused, never ignored.
  const names = 'teams target firstPlayer resolution'.split(' ');
  const wrong = [teams === 2 || teams === undefined && n < 4, tg > 0 && tg === (tg | 0), first === -1 || first === (first & 1), rs >= 0 && rs <= 100].indexOf(false);
  let bad = n !== 2 && n !== 4 ? 'players: 2 or 4 (S1)' : wrong < 0 ? '' : 'bad ' + names[wrong];
  for (const name in o) if (names.indexOf(name) < 0) bad = name + ': unknown';
  if (bad) throw new Error(bad);
  return {
    n: n, tg: tg, rs: rs, s: [0, 0], e: 1, f: first, t: 0,
    d: Array(WEIGHTS).fill(-1), c: Array(WEIGHTS).fill(0), u: Array(WEIGHTS).fill(0), x: Array(WEIGHTS).fill(-1), q: 0, o: [[], []], ep: [0, 0], ew: -1, w: null,
  };
}

/** Each side's nearest weight on the table (its d, weight i at d[i]), NONE for a side with none. */
export function nearest(st: ShuffleboardState, d: number[]): number[] {
  const near = [NONE, NONE];
  for (let i = 0; i < WEIGHTS; i++) if (d[i] >= 0 && d[i] < near[st.c[i]]) near[st.c[i]] = d[i];
  return near;
}

/**
 * Whether a weight d mm from the end edge lies nearer than the rival's
 * nearest weight, d2: by more than the resolution rs. Level within it, it
 * does not (S6, S11): the one margin both rules apply.
 */
export function nearer(d: number, d2: number, rs: number): boolean {
  // (As a difference, exactly the phone's test of level weights, layout.ts: d < d2 - rs rounds otherwise at the edge.)
  return d2 - d > rs;
}

type Moves = { [name: string]: (state: ShuffleboardState, move: ShuffleboardMove) => Outcome<ShuffleboardState> };

/**
 * The moves, and the functions only they use, made when asked (the runtime asks at each move): kept, they
 * would hold their JsVars of the chip for good. A throw decided on a board flashed without its decision module
 * (interpret.ts) is refused, and the phone told the module's name.
 */
export function shuffleboardMoves(): Moves {
  /**
   * The end scored (S6-S11) with weight i at d[i] (-1: not on the table or out
   * of play): [red's points, blue's, the side that won it or -1], each scoring
   * weight's point change added to `changes`. The side with the nearest weight
   * scores each of its weights nearer than the other side's nearest
   * (nearer()); level nearest weights (S11), or none on the table, score
   * nothing.
   */
  function endOf(st: ShuffleboardState, d: number[], changes: ScoreChange[]): number[] {
    const near = nearest(st, d);
    const side = near[0] < near[1] ? 0 : 1;
    const ep = [0, 0, nearer(near[side], near[1 - side], st.rs) ? side : -1];
    for (let i = 0; i < WEIGHTS; i++) {
      if (d[i] >= 0 && st.c[i] === side && nearer(d[i], near[1 - side], st.rs)) {
        const change = score(ARTICLES, zone(d[i]), side);
        ep[side] += change.points;
        changes.push(change);
      }
    }
    return ep;
  }

  /**
   * The weights of an end whose places, as far as the board may be off (u), could change its points (bit i: weight
   * i): the end scored with every weight at the far ends of its uncertainty, to red's advantage and to blue's (a
   * side's points only grow as its weights come nearer and the other's go farther), and each weight alone so.
   * Where only all together change them, those whose own shift is part of that (held where seen while the others
   * shift, the end scores otherwise); every weight the board is unsure of if none is. And every weight that scores
   * as seen but that the board cannot place within PLACED_MM (its u more): no weight scores farther off than that
   * unasked. 0: the end scores as seen.
   */
  function inDoubt(st: ShuffleboardState): number {
    let q = 0;
    // The end with weight i (every weight, i -1, but `but`) at the far end of its uncertainty, s 1 to blue's advantage.
    const shifted = function (i: number, s: number, but: number): string {
      return endOf(st, st.d.map(function (x: number, j: number): number {
        // (A weight seen on the table is on it: its centre is not past the end edge. One the board cannot tell is in
        // play lies where it is seen or is out.)
        const y = Math.max(0, x + s * st.u[j] * (st.c[j] ? -1 : 1), st.u[j] >= MAYBE_OUT ? x - st.u[j] % MAYBE_OUT : 0);
        return x < 0 || j === but || (i >= 0 && j !== i) ? x : y < SHORT_MM ? y : -1;
      }), []).join();
    };
    // Every weight shifted at once, each way: worked out once for both loops below.
    const all = [shifted(-1, 1, -1), shifted(-1, -1, -1)];
    // (Every weight at once first: where that changes nothing, no weight alone does, each a shift between those two.
    // A weight seen where it lies, u 0, shifts nowhere.)
    for (let i = -1; i < WEIGHTS && (i < 0 || q); i++) if (i < 0 ? all[0] !== all[1] : st.u[i] && shifted(i, 1, -1) !== shifted(i, -1, -1)) q |= i < 0 ? 256 : 1 << i;
    for (let k = 0; k < 2 && q === 256; k++) {
      for (let i = 0; i < WEIGHTS; i++) {
        if (st.u[i] && st.d[i] >= 0 && (k || shifted(-1, 1, i) !== all[0] || shifted(-1, -1, i) !== all[1])) q |= 1 << i;
      }
    }
    const near = nearest(st, st.d);
    const side = near[0] < near[1] ? 0 : 1;
    for (let i = 0; i < WEIGHTS; i++) if (st.u[i] > PLACED_MM && st.d[i] >= 0 && st.c[i] === side && nearer(st.d[i], near[1 - side], st.rs)) q |= 1 << i;
    return q & 255;
  }

  /**
   * Scores the end on the table of a copied state (S6-S12), adding its point changes; or, where the board cannot
   * tell (inDoubt()), asks the referee (q) and scores it once he has placed the weights asked about.
   */
  function scoreEnd(st: ShuffleboardState, changes: ScoreChange[]): void {
    st.q = inDoubt(st);
    const ep = endOf(st, st.d, st.q ? [] : changes);
    const side = ep[1] ? 1 : 0;
    st.ep = st.q ? [0, 0] : [ep[0], ep[1]];
    st.ew = st.q ? -1 : ep[2];
    st.s[side] += st.ep[side];
    // S12: only the side that scored can have reached the target, and only now.
    st.w = st.s[side] >= st.tg ? side : null;
  }

  function refuse(state: ShuffleboardState, code: Refusal | ''): Outcome<ShuffleboardState> {
    return { state: state, changes: [], refused: code };
  }

  /**
   * x, a whole number kept as an integer (any other value as it is): the places the board finds come as fractions
   * on the chip (from its Float32Arrays), each two JsVars in the state's arrays where an integer takes one.
   */
  function whole(x: number): number {
    return x === (x | 0) ? x | 0 : x;
  }

  /**
   * Lays weights where throws left them (`throwing` n: the throws of weights t
   * to t + n - 1 are over) or where the referee puts them (0), each as a Rest, in the order
   * given. A weight off the table (its centre past the end edge: it falls) or
   * short of the foul line (not fully over it) is out of play (S4), and stays
   * out for the rest of the end when a throw moves it, wherever it is seen.
   * Once the eighth throw is over the end is scored; a correction after that
   * takes the end's points back and scores it again from the table as it is now.
   */
  function lay(state: ShuffleboardState, w: Rest[], throwing: number): Outcome<ShuffleboardState> {
    // A copy whose table and scores may change (ShuffleboardState holds numbers, null and arrays of them: JSON gives
    // them back as they were). Its text goes before the end is scored, the undo's peak: copied a field at a time, the
    // peak was the same and the code some 55 bytes longer.
    const st = JSON.parse(JSON.stringify(state)) as ShuffleboardState;
    const changes: ScoreChange[] = [];
    // A thrown weight is its thrower's colour, also when it is not seen resting (gone off: the phone lists it).
    for (let k = st.t; k < st.t + throwing; k++) st.c[k] = (st.f + k) & 1;
    for (let i = 0; i < w.length; i++) {
      const at = w[i];
      const id = at[0];
      const d = whole(at[2]);
      // A weight of this end (a whole number 0-7: x & 7 is x for those alone), thrown already or being thrown;
      // a colour 0 or 1 (likewise x & 1).
      if (!((id & 7) === id && id < state.t + throwing)) return refuse(state, 'id');
      // It hangs when its centre is on the table within its radius of the end edge: a hanging given that d
      // contradicts (a hanger 200 mm in) is a bad argument, never scored.
      if (at[1] !== (at[1] & 1) || typeof d !== 'number' || at[3] != null && at[3] !== +(d >= 0 && d < RADIUS_MM)) return refuse(state, 'arg');
      // (Where the board sees it: a weight thrown later seen there is not it.)
      if (throwing && id < state.t && st.d[id] < 0 && !(at[4] >= MAYBE_OUT)) {
        st.x[id] = d;
        continue;
      }
      st.d[id] = d < 0 || d >= SHORT_MM ? -1 : d;
      st.x[id] = -1;
      st.c[id] = at[1];
      // How far off the board may have seen it (a seen weight's, else 0: the referee's word, or a throw entered by hand).
      st.u[id] = whole(at[4] || 0);
    }
    // (Let go before the end is scored: a table's rests, handed over by rest(), held some 40 JsVars at the peak of an
    // undo that played an end's last throw again.)
    w = undefined as never;
    // The end was scored: its winner's points (nobody else made any) are taken back.
    const won = st.ew;
    if (st.t === WEIGHTS && won >= 0) {
      changes.push({ player: won, points: -st.ep[won], rule: 'S6' });
      st.s[won] -= st.ep[won];
    }
    st.t += throwing;
    if (st.t === WEIGHTS) scoreEnd(st, changes);
    // A question newly asked: the phone is told (a flag), the referee answers with `place`.
    return { state: st, changes: changes, note: st.q && !state.q ? 'ask' : '' };
  }

  /**
   * The outcome of a throw (or throws) played, its last weight unseen (`o`: the board did not see it come into the
   * grid, or no look at all: a throw entered by hand, one the board missed): one not on the table lies short beyond
   * the grid, where a later throw may knock it into play unseen (matched()).
   */
  function beyond(played: Outcome<ShuffleboardState>, b?: number): Outcome<ShuffleboardState> {
    const st = played.state;
    const last = st.t - 1;
    if (b && !played.refused && st.d[last] < 0 && st.x[last] < 0) st.x[last] = NONE;
    return played;
  }

  /**
   * The moves rest and seen: a throw is over (a seen table: its n throws, as
   * many as the end has left). A table seen (each weight as
   * [colour, d]) is checked first, and matched to the weights (matched()) only
   * once nothing refuses the throw; one that shows the throw before it went
   * unseen is played as that throw, short, then as this one.
   */
  function rest(state: ShuffleboardState, move: ShuffleboardMove): Outcome<ShuffleboardState> {
    const w = move.w || [];
    const seen = move.k === 'seen';
    let n = move.n || 1;
    let i: number;
    // (A count of throws: a whole number, 1 to 15. A seen weight's u is a distance, never below 0: the matching's
    // search counts on no price below 0, hostile round 44.)
    if (n !== (n & 15)) return refuse(state, 'arg');
    for (i = 0; seen && i < w.length; i++) if (w[i][0] !== (w[i][0] & 1) || typeof w[i][1] !== 'number' || w[i][2] < 0) return refuse(state, 'arg');
    if (state.w !== null) return refuse(state, 'over');
    if (state.f < 0) return refuse(state, 'toss');
    if (state.t >= WEIGHTS) return refuse(state, 'clear');
    // (A throw entered with no weight listed, the phone's for one the board missed: its weight never seen to rest.)
    if (!seen) return beyond(lay(state, w, 1), +!w.length);
    n = Math.min(n, WEIGHTS - state.t);
    // More weights of the side that throws next in play than it had there (in play, or out and seen lying there),
    // and none more of the thrower's: this throw went unseen (short: the board was starting, or missed its launch),
    // and the new weight is the next throw. Unless the next side has fewer short than the last look saw (`seenThrow`):
    // one out of play (S4) on the foul line was knocked into play by the throw, seen, wherever that stopped. (The
    // board saw each of several throws launched: none went unseen.)
    const more = [0, 0];
    const short: number[][] = [[], []];
    const after = (state.f + state.t + n) & 1;
    // (How far from the end edge the side that throws after them had a weight lying, as far off as the board may have
    // placed it and FARTHER_MM more, or out of play where it saw it, or beyond the grid; -1 once one of its weights is
    // seen surely farther.)
    let far = 0;
    for (i = 0; i < state.t; i++) {
      if (state.d[i] >= 0 || state.x[i] >= 0) {
        more[state.c[i]]--;
        if (state.c[i] === after) far = Math.max(far, state.d[i] + state.u[i] + FARTHER_MM, state.x[i]);
      }
    }
    for (i = 0; i < w.length; i++) {
      if (w[i][1] < SHORT_MM) {
        more[w[i][0]]++;
        if (w[i][0] === after && w[i][1] - w[i][2] > far) far = -1;
      }
      else short[w[i][0]].push(w[i][1] + (w[i][2] || 0));
    }
    const next = 1 - ((state.f + state.t) & 1);
    const seenThrow = short[next].length < state.o[next].length;
    if (n < 2 && more[next] > 0 && more[1 - next] <= 0 && !seenThrow && state.t < WEIGHTS - 1) state = beyond(lay(state, [], 1), 1).state;
    // Else, the throws under way at power-up (a): one weight more of the side that throws after them than their
    // throws give it (n >> 1), none more of the other's, and none of that side's short weights gone (knocked into
    // play): the next throw too was launched, unseen, while the board was off or starting, and is decided with them.
    // Or, after one throw under way, a weight of that side seen farther out than every one of its weights lay (none is
    // knocked away from the end edge): the next throw, though it knocked one of its own off (as many of them as before).
    // (Otherwise the board saw every launch: a weight of each side anew after one throw is that throw and a knock.)
    else if (move.a && (more[after] > n >> 1 || n < 2 && far < 0) && more[1 - after] <= (n + 1) >> 1 && short[after].length >= state.o[after].length && state.t + n < WEIGHTS) n++;
    // The matching (match.ts): on a board its module, loaded at each `seen` and let go after it (a log played again
    // at power-up loads it for each table, a few ms each; kept meanwhile it cost the runtime code in the bundle to let
    // it go); a board flashed without it refuses the table, naming the module, and its throws are the referee's.
    let match = ON_DEVICE ? loadModule<typeof matched>(Part.match) : matched;
    if (!match) return refuse(state, MATCH_MODULE as Refusal);
    const rests = match(state, w, n);
    // (Let go before the rests are laid: held while the state is copied, it was some 15 JsVars more at an undo's peak.)
    match = undefined as never;
    // (lay() refuses none of matched()'s rests: the state is its new copy. They are handed over, this call keeping an
    // empty list, so that lay() lets them go before the end is scored.)
    const played = lay(state, rests.splice(0), n);
    played.state.o = short;
    // Its weight not seen may lie beyond the grid also where it knocked one that lay short or beyond it (the weight
    // knocked came into the grid, not it); not where it is seen short.
    let b = move.o;
    for (i = 0; i < WEIGHTS; i++) if (i < 2 && short[i].length < state.o[i].length || state.x[i] === NONE && played.state.x[i] !== NONE) b = 1;
    return beyond(played, short[1 - next].length > state.o[1 - next].length ? 0 : b);
  }

  // (Returned, not named: a variable of this scope would hold the moves, and every one of them, as long as the one
  // played holds the scope: some 20 JsVars at the peak of an undo that plays an end's last throw again. The board's
  // refusal of a throw decided without its decision module is a move of the module's name.)
  return {
    toss(state: ShuffleboardState, move: ShuffleboardMove): Outcome<ShuffleboardState> {
      if (state.f >= 0) return refuse(state, 'tossed');
      if (move.s !== ((move.s as number) & 1)) return refuse(state, 'arg');
      return { state: Object.assign({}, state, { f: move.s }), changes: [] };
    },

    rest: rest,
    seen: rest,

    place(state: ShuffleboardState, move: ShuffleboardMove): Outcome<ShuffleboardState> {
      const i = move.i as number;
      // What is left out stays; h, given, must be what d makes (lay()).
      return lay(state, [[i, move.c === undefined ? state.c[i] : move.c, move.d === undefined ? state.d[i] : move.d, move.h as number]], 0);
    },

    clear(state: ShuffleboardState): Outcome<ShuffleboardState> {
      if (state.w !== null) return refuse(state, 'over');
      // A clear table cleared (at power-up the board cannot tell): nothing to do.
      if (!state.t) return refuse(state, '');
      // (An end that waits for the referee's word is not over either.)
      if (state.t < WEIGHTS || state.q) return refuse(state, 'end');
      // S3: the end's winner throws first in the next; after an end nobody scored, the same side again (turn(), as a side).
      return {
        state: Object.assign({}, state, {
          e: state.e + 1, f: turn(state) % 2, t: 0, d: Array(WEIGHTS).fill(-1), x: Array(WEIGHTS).fill(-1), o: [[], []],
        }),
        changes: [],
      };
    },

    'tallyboard-decide': function (state: ShuffleboardState): Outcome<ShuffleboardState> {
      return refuse(state, DECIDE_MODULE as Refusal);
    },
  } satisfies Moves & Record<typeof DECIDE_MODULE, unknown>;
}

// No copy: states are never changed (the moves make new ones), and callers only read scores.
export function scores(state: ShuffleboardState): number[] {
  return state.s;
}

/**
 * The player to throw, -1 until the coin toss. Sides alternate throws (S2).
 * In doubles the two players at the head of the table play an end, the
 * other two the next: players 0 and 1 in odd ends, 2 and 3 in even ends.
 * Once the end is over, the first thrower of the next end (S3).
 */
export function turn(state: ShuffleboardState): number {
  const over = state.t >= WEIGHTS;
  const side = over ? (state.ew < 0 ? state.f : state.ew) : (state.f + state.t) & 1;
  return state.f < 0 ? -1 : state.n > 2 && (state.e - (over ? 0 : 1)) & 1 ? side + 2 : side;
}

export function winner(state: ShuffleboardState): number | null {
  return state.w;
}
