// The matching of a table the board saw to the weights of the state (matched()), which only a `seen` move runs.
// A board keeps it out of its bundle, in a module of its own (MATCH_MODULE, firmware/modules.ts) that the rules
// load at the first `seen` they play and keep: one function, parsed from Storage, its body stays in flash.
import type { Rest, ShuffleboardState } from './state';
import { CANT_TELL, MAYBE_OUT, NONE, SHORT_MM } from './table';

/** A weight of the state not matched to any weight seen costs this much (more than any distance on the table). */
const UNSEEN = 1e4;
/** A weight out of play seen within this of where it lay (mm: as far off as the board places a weight) lies there still. */
const HELD_MM = 3;
/**
 * The thrown weight matched to a weight seen costs this much: a weight seen
 * within this distance (mm) of where one lay is taken as that one, still.
 */
const NEW = 20;

/**
 * The rest a `seen` table makes: the weights seen (each [colour, d]) matched
 * to the weights on the table and the n being thrown (1 if not given), colour by colour: of
 * all matchings, the one that misses as few weights as it can and moves the
 * weights on the table least (beyond how far off each was placed, its u: one the board could not tell may be
 * anywhere near; a thrown one counting as moved NEW mm; two thrown of one colour take the new weights in the order
 * seen: which is which, their points do not tell). A weight not fully over the foul line is out of
 * play whichever it is (S4), so it is matched to none. A weight of the state
 * left unmatched is gone off the table (d -1); a thrown one, left unmatched,
 * is not listed (it went off the end or stopped short). Two weights of one
 * colour look alike to the board: which is which may swap, their points not.
 */
export function matched(state: ShuffleboardState, seen: Rest[], n?: number): Rest[] {
  // (Math is looked up through every global name on the chip: once here, not at each way the search tries.)
  const abs = Math.abs;
  const max = Math.max;
  const rest: Rest[] = [];
  // Weight `thrown` and the ones before it are thrown by now.
  const thrown = state.t + (n || 1) - 1;
  // Of one colour at a time: its weights' ids, where weights were seen, each id's seen weight (index in at,
  // -1 none) in the matching being tried and in the best so far, and the weights seen taken by it.
  let ids: number[] = [];
  let at: number[] = [];
  let us: number[] = [];
  const pick: number[] = [];
  // (null: none found yet.)
  let best: number[] | null;
  let bestCost: number;
  const used: boolean[] = [];
  // Of the colour matched: a weight that is or may be out of play may have been knocked, into play or on
  // (`knocked`); the thrown one lies short, surely (`stopped`).
  let knocked = 0;
  let stopped = 0;
  // Every matching of ids from the k-th on (each seen weight taken once: used is all false again when it returns).
  // Weight id lies in play where it may be on the foul line (d + u reaching it): it may be out of play (S4).
  const online = function (id: number): boolean {
    return state.d[id] >= 0 && state.d[id] + state.u[id] >= SHORT_MM;
  };
  // (Each branch's cost is looked at before its call, not in it: a call is the dearest thing the interpreter does.)
  const tryFrom = function (k: number, cost: number): void {
    if (k === ids.length) {
      bestCost = cost;
      best = pick.slice();
      return;
    }
    const id = ids[k];
    const lies = state.x[id];
    for (let j = -1; j < at.length; j++) {
      if (j >= 0 && used[j]) continue;
      // (The thrown one: of weights seen anew, one in play before one that may be short, then one the board can tell
      // before one it cannot (u 999: u counts a ten-thousandth of a mm), then the last seen (a thousandth a weight
      // seen before it): the board lists first the weights it held where they lay, and one left lying from the game
      // before was taken for a new game's first throw (hostile round 35). A distance is whole mm, and so is half a mm
      // for one that may be short.
      // One out of play, S4: one seen where the board saw it lie, within HELD_MM, else, as one beyond the grid, only
      // one seen that no other weight is.)
      const next = cost + (j < 0 ? UNSEEN : id >= state.t ? stopped ? UNSEEN : NEW - j / 1000 + (at[j] < SHORT_MM - 1 ? us[j] / UNSEEN : 0.5) : state.d[id] >= 0 ? max(0, abs(at[j] - state.d[id]) - state.u[id] % MAYBE_OUT) : lies < 0 || abs(at[j] - lies) > HELD_MM ? UNSEEN / 2 : abs(at[j] - lies));
      if (next >= bestCost) continue;
      pick[k] = j;
      used[j] = true;
      tryFrom(k + 1, next);
      used[j] = false;
    }
  };
  let i: number;
  let j: number;
  // A weight of the state left unmatched is gone, unless the board saw one it cannot tell (two touching seen as
  // one, a field the fit left unexplained), of either colour: then it may be there (`lost`), and the referee is
  // asked. So is the thrown one (a red and a blue touching seen as one) where the board was sure of every weight
  // on the table before (`fresh`): it may have come to that one.
  let lost = -1;
  let fresh = 1;
  // The thrower's weight seen short (more weights of its colour short than the last look saw): a weight of the other
  // colour come into play was knocked there, surely (else the thrower's launch may have gone unseen and that weight
  // be the next throw).
  const tc = (state.f + state.t) & 1;
  let shortNow = -state.o[tc].length;
  for (i = 0; i < seen.length; i++) if (seen[i][0] === tc && seen[i][1] >= SHORT_MM) shortNow++;
  for (let c = 0; c < 2; c++) {
    ids = [];
    at = [];
    us = [];
    best = null;
    knocked = stopped = 0;
    // The weights of colour c on the table, those out of play (S4) the board saw lying in play (knocked there), any
    // out of play while the last look saw one of c's short (it may have been knocked into play), and those thrown
    // now (up to WEIGHTS: the end goes on) that are c's. (One out of play that it never saw lying there, say a throw
    // decided before its weight came to rest, is none: a throw of its colour later takes that weight.)
    for (i = 0; i <= thrown; i++) {
      if (i >= state.t ? ((state.f + i) & 1) === c : state.c[i] === c && (state.d[i] >= 0 || state.x[i] >= 0 || state.o[c].length > 0)) ids.push(i);
      if (state.d[i] >= 0 && state.u[i] % MAYBE_OUT >= CANT_TELL) fresh = 0;
    }
    let far = 0;
    for (i = 0; i < seen.length; i++) {
      const d = seen[i][1];
      const u = seen[i][2] || 0;
      if (u >= CANT_TELL && d < SHORT_MM) lost = d;
      if (seen[i][0] !== c) continue;
      // (The farthest from the end edge a weight of c lies short, surely.)
      far = max(far, d - u);
      if (d - u < SHORT_MM) {
        // One that may be in play, short as it is seen: in play at the foul line, as far off as it may lie past it.
        at.push(Math.min(d, SHORT_MM - 1));
        us.push(u + max(0, d - SHORT_MM + 1));
      }
    }
    // A weight of c that is or may be out of play (S4) may have been knocked into play, or on, where the board cannot
    // tell it from c's throw come to rest there (S4: it stays out, the throw is in play): one short at the last look
    // not seen again as it lay (a weight nothing touched is held where it was, its u too), one lying in play not seen
    // within HELD_MM of where it lay, one that may lie on the foul line (d + u reaching it) not seen where it lay, one
    // beyond the grid (never seen) where the other colour throws (a weight of c come into play may be it, or a throw
    // of c whose launch the board missed; one knocked in by a throw of c is taken for that throw: short weights are
    // removed at once, S4). Unless a weight of c lies short, surely, farther from the end edge than any of those could
    // (weights are knocked towards it only): c's throw, stopped there; the weight come into play is the knocked one.
    const old = state.o[c] || [];
    let near = SHORT_MM - 1;
    for (i = 0; i < ids.length; i++) {
      const id = ids[i];
      const lies = state.x[id];
      for (j = at.length; lies >= 0 && j-- && abs(at[j] - lies) > HELD_MM;);
      if (j < 0 && (lies < SHORT_MM || c !== tc) || online(id) && at.indexOf(state.d[id]) < 0) knocked = 1;
      if (lies >= SHORT_MM) near = NONE;
    }
    for (i = 0; i < old.length; i++) {
      near = max(near, old[i]);
      for (j = seen.length; j-- && !(seen[j][0] === c && seen[j][1] + (seen[j][2] || 0) === old[i]););
      if (j < 0) knocked = 1;
    }
    stopped = knocked && far > near ? 1 : 0;
    // The search keeps a way only if it costs less than the best so far, and leaves unfinished every way that costs
    // that much already: begun with a bound a little over what a way that leaves as few weights unseen as it can may
    // cost, it finds the first of the cheapest ways at once, unless none costs less, when it looks again with a bound
    // a weight unseen higher. (Begun with no bound, its first ways had every weight unseen. A first bound too low is a
    // search in vain, which some tables with many weights out of play pay: docs/budgets.md has the figures.)
    for (bestCost = UNSEEN * max(1, ids.length - at.length + 1); !best; bestCost += UNSEEN) tryFrom(0, 0);
    // The weights of c that moved: seen farther than their u from where they lay, or thrown now; one that may have
    // been out of play (S4: on the foul line as far as the board could tell, or in doubt already) seen anywhere else
    // (it is `knocked` too); one out of play seen elsewhere than HELD_MM from where it lay (`far` -1: and with any
    // other, `knocked` too). Where one that is or may be out of play was knocked, or may have been, which of those
    // that moved is which the board cannot tell (two of a colour look alike): each is one it cannot tell is in play,
    // an out one too where any other moved or the throw's weight is not seen short (else it was knocked in: out,
    // where it is seen).
    const moved: boolean[] = [];
    let others = 0;
    for (i = 0; i < ids.length; i++) {
      const id = ids[i];
      const m = best[i];
      const onLine = online(id);
      moved[i] = m >= 0 && (id >= state.t || (state.d[id] < 0 ? abs(at[m] - state.x[id]) > HELD_MM : abs(at[m] - state.d[id]) > (onLine ? 0 : state.u[id])));
      if (moved[i] && onLine) knocked = 1;
      if (moved[i] && (id >= state.t || state.d[id] >= 0)) others++;
      else if (moved[i]) far = -1;
    }
    if (far < 0 && others) knocked = 1;
    for (i = 0; i < ids.length; i++) {
      // Its hanging left out (d decides), how far off it may be seen; one unmatched at `lost`, CANT_TELL; one the
      // board cannot tell is in play, MAYBE_OUT more (kept from before).
      // (One out of play is listed where it is seen, or where it was seen and is no more: -1; one beyond the grid
      // unseen is not: it lies there still.)
      const m = best[i];
      const id = ids[i];
      const outOfPlay = id < state.t && state.d[id] < 0;
      const r = [id, c, m >= 0 ? at[m] : outOfPlay ? -1 : lost];
      r[4] = m < 0 ? CANT_TELL : us[m] + (knocked && moved[i] && (others || !outOfPlay || !stopped && shortNow <= 0) || !outOfPlay && id < state.t && state.u[id] >= MAYBE_OUT ? MAYBE_OUT : 0);
      if (id < state.t ? !outOfPlay || m >= 0 || state.x[id] >= 0 && state.x[id] < SHORT_MM : (m >= 0 || fresh) && r[2] >= 0) rest.push(r);
    }
  }
  return rest;
}
