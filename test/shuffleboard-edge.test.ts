// Table shuffleboard at the foul line and beyond the grid (issue 28): random ends whose throws stop short on the
// foul line or beyond the grid (the grid's last row is 1,875 mm from the end edge: a weight resting farther than
// some 1,900 mm is seen by nothing), lie on the line itself, and knock such weights into play, by either side. The
// table is told to the rules as the board's sensing tells it (`seen`: every weight within its u, one nothing moved
// where it was seen before; `o` for a throw whose weight never came into the grid), the referee answers each
// question with where the weight truly lies, and the end must score as the page does (S4: a weight short when it
// comes to rest stays out for the rest of the end, wherever it is knocked), never otherwise without a question.
// The oracle is the page's (shuffleboard-page.ts), with S4 applied here from the page's words. At scale:
// SHUFFLEBOARD_EDGE_ENDS=20000 SHUFFLEBOARD_EDGE_SEED=2 (400 ends, seed 28, here: some 2 s).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { setup, shuffleboardMoves } from '../firmware/games/shuffleboard/rules';
import type { ShuffleboardMove } from '../firmware/games/shuffleboard/rules';
import { PAGE, pageEnd } from './shuffleboard-page';
import type { ShuffleboardState } from '../firmware/games/shuffleboard/state';

const moves = shuffleboardMoves();

/** Farther than this from the end edge a resting weight is seen by no sensor of the grid; nearer than SEEN_MM, by the grid. */
const UNSEEN_MM = 1950;
const SEEN_MM = 1890;
/** How far a weight knocks another: it touches it, centres 2 radii apart. */
const TOUCH_MM = 2 * PAGE.radius;

/** A weight of the end as it truly lies: d -1 off the table; out: not in play (S4). */
interface Truth { colour: number; d: number; out: boolean; seen: number[] | null }

/** What a throw does: its kind, and random numbers it draws from. */
interface Throw { kind: number; r: number[] }

/** A distance lo..hi from a draw r in [0, 1), kept off the strip no sensor tells for sure (SEEN_MM..UNSEEN_MM). */
function within(lo: number, hi: number, r: number): number {
  const d = Math.round(lo + (hi - lo) * r);
  return d > SEEN_MM && d < UNSEEN_MM ? UNSEEN_MM : d;
}

/**
 * Throw i of an end red opens, on the table `truth`: where its weight comes to rest, and the weight it knocks and
 * where to. Kinds: 0 in play, 1 on the foul line (1,797-1,803), 2 short, seen (to SEEN_MM), 3 short beyond the grid,
 * 4 off the end, 5-7 a knock of a weight on the table (one short, beyond or on the line first): weights move towards
 * the end edge only, and the thrown one stops behind where it touched the knocked one, or goes on past it.
 */
function throwOf(truth: Truth[], t: Throw): { d: number; hit?: number; to?: number } {
  const [a, b, c] = t.r;
  if (t.kind === 0) return { d: within(0, 1799, a) };
  if (t.kind === 1) return { d: within(1797, 1803, a) };
  if (t.kind === 2) return { d: within(1800, SEEN_MM, a) };
  if (t.kind === 3) return { d: within(UNSEEN_MM, 3200, a) };
  const on = truth.map((w, i) => i).filter((i) => truth[i].d >= 0);
  if (t.kind === 4 || !on.length) return { d: -1 };
  const edge = on.filter((i) => truth[i].d >= 1790);
  const hit = (edge.length && b < 0.8 ? edge : on)[Math.floor(b * 7919) % (edge.length && b < 0.8 ? edge : on).length];
  const at = truth[hit].d;
  const to = c < 0.1 ? -1 : within(0, Math.max(0, at - 1), c);
  // The thrown weight: stopped behind the knocked one, within a weight of where it lay (kind 5), or gone on past it,
  // into play (6) or off the end (7).
  const d = t.kind === 5 ? within(at + 1, at + TOUCH_MM, a) : t.kind === 6 ? within(0, Math.min(1799, at + TOUCH_MM), a) : -1;
  return { d, hit, to };
}

/** The weight as the board's sensing sees it, d within u of where it lies: [colour, d, u]. */
function sensed(w: Truth, r: number): number[] {
  const u = 1 + Math.floor(r * 3);
  // (One hanging over the end edge is seen at it at least: its centre is on the table.)
  return [w.colour, Math.max(0, w.d + Math.round((r * 7 % 1) * 2 * (u - 1)) - (u - 1)), u];
}

/** Plays an end of `throws`, red first, through `seen`, the referee answering every question truly: the end's state, and the table as it lies. */
function playEnd(throws: Throw[]): { state: ShuffleboardState; truth: Truth[] } {
  let state = moves.toss(setup({ players: 2, options: {} }), { k: 'toss', s: 0 }).state;
  const truth: Truth[] = [];
  throws.forEach((t, i) => {
    const thrown = throwOf(truth, t);
    // (Two weights at one distance lie side by side, and may look alike to the board: kept some millimetres apart,
    // the one that moves now nearer the end edge, as weights only move.)
    const placed: Truth[] = [];
    const apart = (x: number | undefined): number | undefined => {
      while (x !== undefined && x >= 0 && truth.concat(placed).some((w) => Math.abs(w.d - (x as number)) < 6)) x = Math.min(x - 6, SEEN_MM);
      return x !== undefined && x < 0 ? -1 : x;
    };
    const d = apart(thrown.d) as number;
    // (A weight beyond the grid knocked in by a throw of its own colour may be taken for that throw: the board
    // assumes short weights removed at once, S4, there, and does not ask. Left out.)
    if (thrown.hit !== undefined && truth[thrown.hit].d >= UNSEEN_MM && truth[thrown.hit].colour === (i & 1)) thrown.hit = undefined;
    placed.push({ colour: 0, d, out: false, seen: null });
    const { hit } = thrown;
    const to = apart(thrown.to);
    const moved = new Set<number>([i]);
    // (Into the grid: a weight that rests on it, or goes off the end across it.)
    let cameIn = d < UNSEEN_MM;
    if (hit !== undefined && to !== undefined) {
      const w = truth[hit];
      // A weight knocked: out of play, it stays out (S4), wherever it goes.
      if (w.d >= UNSEEN_MM && to >= 0) cameIn = true;
      // (A knocked weight's field changing, at the foul line or within the grid, is a weight coming in too.)
      if (w.d < UNSEEN_MM) cameIn = true;
      w.d = to;
      if (to < 0) w.out = true;
      moved.add(hit);
    }
    truth.push({ colour: i & 1, d, out: d < 0 || d + PAGE.radius >= PAGE.foul, seen: null });
    const seen: number[][] = [];
    truth.forEach((w, k) => {
      if (w.d < 0 || w.d >= UNSEEN_MM) w.seen = null;
      // A weight nothing moved is held where it was seen (interpret.ts: its sensors read as they did).
      else if (!moved.has(k) && w.seen) seen.push(w.seen);
      else seen.push((w.seen = sensed(w, t.r[3] * (k + 1) % 1)));
    });
    const move: ShuffleboardMove = { k: 'seen', w: seen };
    if (!cameIn) move.o = 1;
    const out = moves.seen(state, move);
    assert.equal(out.refused, undefined, JSON.stringify(move));
    state = out.state;
  });
  const looked = new Set<number>();
  // (Each answer scores the end again, which may ask about another weight: the first asked, until none is.)
  for (let n = 0, i = 0; state.q && n < 16; n++) {
    for (i = 0; !((state.q >> i) & 1); i++);
    // The referee looks at the weight of that colour lying nearest where the board sees it (two of one colour may
    // have swapped names: their points do not), each once: in play, where it lies; else out (S4).
    const c = state.c[i];
    const near = truth.filter((w, k) => w.colour === c && w.d >= 0 && !looked.has(k)).sort((p, q) => Math.abs(p.d - state.d[i]) - Math.abs(q.d - state.d[i]))[0];
    if (near) looked.add(truth.indexOf(near));
    state = moves.place(state, { k: 'place', i, d: !near || near.out ? -1 : near.d }).state;
  }
  return { state, truth };
}

const throwArb = fc.record({
  kind: fc.integer({ min: 0, max: 7 }),
  r: fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 4, maxLength: 4 }),
});

describe('shuffleboard at the foul line and beyond the grid: the score is the page\'s, or the referee is asked', () => {
  it('random ends of weights short on the line and beyond the grid, knocked in by either side: every throw counted, and the end scores as the page does once the referee has answered', () => {
    fc.assert(fc.property(fc.array(throwArb, { minLength: 8, maxLength: 8 }), (throws) => {
      const { state, truth } = playEnd(throws);
      assert.equal(state.t, 8, 'every throw counted, none invented');
      assert.equal(state.q, 0, 'every question answered');
      assert.deepEqual(state.s, pageEnd(truth.map((w) => ({ colour: w.colour, d: w.out ? -1 : w.d }))));
    }), { numRuns: Number(process.env.SHUFFLEBOARD_EDGE_ENDS || 400), seed: Number(process.env.SHUFFLEBOARD_EDGE_SEED || 28) });
  });
});
