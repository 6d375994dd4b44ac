// The shuffleboard table sweep: random tables a real game can leave (weights
// that do not overlap, anywhere on the table or hanging over its end edge,
// clusters of touching weights of either colour), laid on the grid's physics
// (sim/physics/hall-grid.ts) with every part within its tolerance, read by the
// firmware's locator (its steps counted), and scored by the page (shuffleboard-page.ts) both as they
// lie and as the board sees them. The test runs a seeded sample; `npm run bench
// shuffleboard` runs thousands.
import { mulberry32 } from '../sim/inputs';
import { magnetOf, reading, sensorOf } from '../sim/physics/hall-grid';
import type { Magnet, Tolerances } from '../sim/physics/hall-grid';
import { ADC_STEPS, COL0_MM, COLS, PITCH_MM, ROW0_MM, SENSORS } from '../firmware/games/shuffleboard/board';
import { locator } from '../firmware/games/shuffleboard/locate';
import { endScored } from './decide-table';
import { PAGE, pageEnd } from './shuffleboard-page';
import { WEIGHTS } from '../firmware/games/shuffleboard/table';


/** A weight as it lies: colour (0 red, 1 blue), d from the end edge, y from the left rail (mm). */
export interface Lying {
  colour: number;
  d: number;
  y: number;
}

/** The table's width (mm), as wiring.md gives it. */
const WIDTH = 508;

/**
 * A random table of 1 to 8 weights (at most 4 of a colour), none overlapping
 * another: each anywhere between the rails from its centre on the end edge to
 * past the foul line, one in ten near the edge (hanging or nearly), and one
 * in three touching (up to 4 mm apart) a weight already laid, of either
 * colour.
 */
export function randomTable(rnd: () => number): Lying[] {
  const n = 1 + Math.floor(rnd() * 8);
  const table: Lying[] = [];
  for (let tries = 0; table.length < n && tries < 1000; tries++) {
    const colour = rnd() < 0.5 ? 0 : 1;
    let d: number;
    let y: number;
    if (table.length && rnd() < 1 / 3) {
      const o = table[Math.floor(rnd() * table.length)];
      const angle = rnd() * 2 * Math.PI;
      const gap = 2 * PAGE.radius + rnd() * 4;
      d = o.d + gap * Math.cos(angle);
      y = o.y + gap * Math.sin(angle);
    } else {
      d = rnd() < 0.1 ? rnd() * 60 : rnd() * (PAGE.foul + PAGE.radius);
      y = PAGE.radius + rnd() * (WIDTH - 2 * PAGE.radius);
    }
    const w = { colour, d: Math.round(d * 10) / 10, y: Math.round(y * 10) / 10 };
    if (w.d < 0 || w.y < PAGE.radius || w.y > WIDTH - PAGE.radius) continue;
    if (table.filter((o) => o.colour === colour).length >= 4) continue;
    if (table.some((o) => Math.hypot(o.d - w.d, o.y - w.y) < 2 * PAGE.radius)) continue;
    table.push(w);
  }
  return table;
}

/** The grid's readings (ADC steps) of a still table on a board seeded `seed`, its parts spread by `tol`. */
export function gridReadings(table: Lying[], seed: number, tol: Tolerances): Int16Array {
  const counts = [0, 0];
  const magnets: Magnet[] = table.map((w) => {
    const m = magnetOf(seed, w.colour * 4 + counts[w.colour]++, tol);
    return { d: w.d, y: w.y, pol: w.colour ? -1 : 1, moment: m.moment, heightMm: m.heightMm };
  });
  const ref = new Int16Array(SENSORS);
  for (let ch = 0; ch < SENSORS; ch++) {
    const s = sensorOf(seed, ch, ROW0_MM + Math.floor(ch / COLS) * PITCH_MM, COL0_MM + (ch % COLS) * PITCH_MM, tol);
    ref[ch] = Math.round(reading(s, magnets, seed, ch, 1) * 4096);
  }
  return ref;
}

/** Of one colour, the pairing of weights seen (at d mm) to weights lying that moves them least (all of the fewer paired): each lying weight's seen one (its index), -1 for each one unpaired. */
function pairing(lying: number[], seen: number[]): number[] {
  let best: number[] = [];
  let bestSum = Infinity;
  const used: boolean[] = [];
  const pick: number[] = [];
  const go = (k: number, sum: number): void => {
    if (sum >= bestSum) return;
    if (k === lying.length) {
      bestSum = sum;
      best = pick.slice();
      return;
    }
    for (let j = -1; j < seen.length; j++) {
      if (j >= 0 && used[j]) continue;
      if (j < 0 && seen.length - used.filter((u) => u).length >= lying.length - k) continue;
      used[j] = true;
      pick[k] = j;
      go(k + 1, sum + (j < 0 ? 1e6 : Math.abs(seen[j] - lying[k])));
      used[j] = false;
    }
  };
  go(0, 0);
  return best;
}

/**
 * One table swept: the errors (mm) of the weights on it (Infinity: not seen), of those that score as they lie, and
 * of those how far beyond the uncertainty the board gave each (`u`, 0 within it), whether the board asks the
 * referee, and whether it scores the table as it lies.
 */
export interface Swept {
  table: Lying[];
  seen: number[][];
  errors: number[];
  scoringErrors: number[];
  /** The u the board gave each weight that scores (Infinity: not seen). */
  scoringU: number[];
  beyondU: number[];
  extra: number;
  asked: boolean;
  right: boolean;
  /** The locator's steps (a step a scan tick on the board) to find the weights of a fresh table. */
  steps: number;
}

/**
 * The end the board makes of the table it sees as an end's last, by the firmware's rules: seven throws laid in
 * play (red first), each where a weight of its colour lies (as the board saw it after its throw, near enough: it
 * matches the last table seen to them by how little each moved; whole mm, rounded towards the end edge, so that
 * none in play is laid out of it), the throws a colour has no weight for gone, then the table seen (the move
 * `seen`, the eighth throw, blue's: the blue weight left over, if any). Whether it asks the referee comes from
 * what the board measured alone (each weight's place and how far off it may be), and its points from the rules.
 */
export function boardEnd(table: Lying[], seen: number[][]): { asked: boolean; points: number[] } {
  const [points, asked] = endScored(endRests(table), seen);
  return { asked: asked !== 0, points };
}

/** The seven throws of an end laid before its last (boardEnd), each [throw, colour, d] (-1: none of its colour left). */
export function endRests(table: Lying[]): number[][] {
  const lying = [table.filter((w) => w.colour === 0), table.filter((w) => w.colour === 1)];
  const rests: number[][] = [];
  for (let i = 0; i < WEIGHTS - 1; i++) {
    const w = lying[i & 1][i >> 1];
    rests.push([i, i & 1, w ? Math.floor(w.d) : -1]);
  }
  return rests;
}

/** Table k of a sweep seeded `seed`, on a board whose parts spread by `tol`. */
export function sweepTable(seed: number, k: number, tol: Tolerances): Swept {
  const rnd = mulberry32(seed * 100003 + k);
  const table = randomTable(rnd);
  const ref = gridReadings(table, seed + k, tol);
  // The board's own way: a step a scan tick, counted.
  const step = locator((ch) => ref[ch] / ADC_STEPS, [], [], null);
  let steps = 1;
  let found = step();
  for (; !found; steps++) found = step();
  const seen = found;
  const truth = pageEnd(table.map((w) => ({ colour: w.colour, d: w.d })));
  const end = boardEnd(table, seen);
  const all: number[] = [];
  const scoring: number[] = [];
  const scoringU: number[] = [];
  const beyondU: number[] = [];
  const winner = truth[0] ? 0 : truth[1] ? 1 : -1;
  const rival = Math.min(...table.filter((w) => w.colour !== winner).map((w) => w.d));
  for (let c = 0; c < 2; c++) {
    const lying = table.filter((w) => w.colour === c).map((w) => w.d);
    const ofColour = seen.filter((w) => w[0] === c);
    const paired = pairing(lying, ofColour.map((w) => w[1]));
    lying.forEach((d, i) => {
      const e = paired[i] < 0 ? Infinity : Math.abs(ofColour[paired[i]][1] - d);
      all.push(e);
      if (c === winner && d + PAGE.radius < PAGE.foul && rival - d > PAGE.resolution) {
        scoring.push(e);
        scoringU.push(paired[i] < 0 ? Infinity : ofColour[paired[i]][2]);
        // (Seen to the whole mm: half a mm of it is the rounding.)
        beyondU.push(paired[i] < 0 ? Infinity : Math.max(0, e - ofColour[paired[i]][2] - 0.5));
      }
    });
  }
  return { table, seen, errors: all, scoringErrors: scoring, scoringU, beyondU, extra: Math.max(0, seen.length - table.length), steps, asked: end.asked, right: truth[0] === end.points[0] && truth[1] === end.points[1] };
}

/** The p-th fraction of sorted xs (0.5 the median). */
export function quantile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;
}

/** What a sweep of `tables` tables (seed `seed`, parts spread by `tol`) gives. */
export interface SweepSummary {
  tables: number;
  weights: number;
  /** The errors (mm) of the weights seen, and of those that score as they lie (of the tables scored without a question), sorted; weights not seen are counted apart. */
  errors: number[];
  scoring: number[];
  unseen: number;
  unseenScoring: number;
  /** Weights seen where none lies. */
  extra: number;
  /** Tables put to the referee; scored as they lie without a question. */
  asked: number;
  right: number;
  /** Tables scored, without a question, otherwise than the page does with the weights as they lie; of those, how many only by weights within 3 mm of where they lie (a line, or the other side's nearest, within that). */
  wrong: number;
  wrongWithin3: number;
  /** Tables scored without a question with a weight that scores more than 3 mm from where it lies (or not seen). */
  offBy3: number;
  /** Of the weights that score (tables scored without a question), how many lie farther from where they are seen than the board's own uncertainty (u) says (and half a mm, the rounding to whole mm), and the farthest beyond it (mm). */
  beyondU: number;
  worstBeyondU: number;
  /**
   * Of the weights that score (tables scored without a question), the worst error of those the board placed sure to
   * 3 mm (u 3 or less); the tables with one it placed less surely (u over 3: it cannot tell it to 3 mm, and asks only
   * where its place, as far off as u, could change the points), and the worst error of those.
   */
  worstSure: number;
  loose: number;
  worstLoose: number;
  /** Scored otherwise, or a weight that scores more than 3 mm off: the first few, for a look. */
  examples: Swept[];
  /** The locator's steps of every table, sorted. */
  steps: number[];
}

/** Sweeps tables 0..tables-1 of seed `seed`. */
export function sweep(seed: number, tables: number, tol: Tolerances): SweepSummary {
  const s: SweepSummary = { tables, weights: 0, errors: [], scoring: [], unseen: 0, unseenScoring: 0, extra: 0, asked: 0, right: 0, wrong: 0, wrongWithin3: 0, offBy3: 0, beyondU: 0, worstBeyondU: 0, worstSure: 0, loose: 0, worstLoose: 0, examples: [], steps: [] };
  for (let k = 0; k < tables; k++) {
    const t = sweepTable(seed, k, tol);
    s.weights += t.table.length;
    for (const e of t.errors) if (e === Infinity) s.unseen++; else s.errors.push(e);
    s.extra += t.extra;
    s.steps.push(t.steps);
    if (t.asked) {
      s.asked++;
      continue;
    }
    for (const e of t.scoringErrors) if (e === Infinity) s.unseenScoring++; else s.scoring.push(e);
    for (const b of t.beyondU) if (b > 0) {
      s.beyondU++;
      s.worstBeyondU = Math.max(s.worstBeyondU, b);
    }
    t.scoringErrors.forEach((e, i) => {
      if (t.scoringU[i] <= 3) s.worstSure = Math.max(s.worstSure, e);
      else s.worstLoose = Math.max(s.worstLoose, e);
    });
    if (t.scoringU.some((u) => u > 3)) s.loose++;
    const off = t.scoringErrors.some((e) => e > 3);
    if (off) s.offBy3++;
    if (t.right) s.right++;
    else {
      s.wrong++;
      if (t.errors.every((e) => e <= 3) && !t.extra) s.wrongWithin3++;
    }
    if ((off || !t.right) && s.examples.length < 5) s.examples.push(t);
  }
  s.errors.sort((a, b) => a - b);
  s.scoring.sort((a, b) => a - b);
  s.steps.sort((a, b) => a - b);
  return s;
}
