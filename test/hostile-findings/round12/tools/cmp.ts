// Side-by-side: base vs main locator on generated tables (optionally with one grid fault), against the physics
// model and the page's rules. Usage: npx tsx cmp.ts MODE SEED N [FAULT]
import { mulberry32 } from '/work/main/sim/inputs';
import { magnetOf, reading, sensorOf } from '/work/main/sim/physics/hall-grid';
import type { Magnet } from '/work/main/sim/physics/hall-grid';
import { ADC_STEPS, COL0_MM, COLS, PITCH_MM, ROW0_MM, SENSORS, ROWS } from '/work/main/firmware/games/shuffleboard/board';
import * as M from '/work/main/firmware/games/shuffleboard/locate';
import * as B from '/work/wt/base/firmware/games/shuffleboard/locate';
import { boardEnd, randomTable } from '/work/main/test/shuffleboard-sweep';
import type { Lying } from '/work/main/test/shuffleboard-sweep';

// --- own oracle, from docs/games/shuffleboard.md (The table, S4, S6-S11)
const TREY = 152, DEUCE = 305, FOUL = 1829, R = 29, RES = 5;
function pts(d: number): number {
  if (d < R) return 4;
  if (d + R < TREY) return 3;
  if (d - R <= TREY) return 2;
  if (d + R < DEUCE) return 2;
  return 1;
}
export function oracle(t: Lying[]): number[] {
  const on = t.filter((w) => w.d >= 0 && w.d + R < FOUL).sort((a, b) => a.d - b.d);
  const p = [0, 0];
  if (!on.length) return p;
  const c = on[0].colour;
  const rival = on.find((w) => w.colour !== c);
  if (rival && rival.d - on[0].d <= RES) return p;
  for (const w of on) if (w.colour === c && (!rival || rival.d - w.d > RES)) p[c] += pts(w.d);
  return p;
}

const WIDTH = 508;
export function gen(mode: string, rnd: () => number): Lying[] {
  if (mode === 'random') return randomTable(rnd);
  const t: Lying[] = [];
  const ok = (w: Lying) => w.d >= 0 && w.y >= R && w.y <= WIDTH - R && t.filter((o) => o.colour === w.colour).length < 4 && !t.some((o) => Math.hypot(o.d - w.d, o.y - w.y) < 2 * R);
  const n = 2 + Math.floor(rnd() * 7);
  for (let tries = 0; t.length < n && tries < 2000; tries++) {
    const colour = rnd() < 0.5 ? 0 : 1;
    let d = 0, y = 0;
    if (mode === 'cluster') {
      if (!t.length) { d = 40 + rnd() * 400; y = R + rnd() * (WIDTH - 2 * R); }
      else { const o = t[Math.floor(rnd() * t.length)]; const a = rnd() * 2 * Math.PI; const g = 2 * R + rnd() * 3; d = o.d + g * Math.cos(a); y = o.y + g * Math.sin(a); }
    } else if (mode === 'edge') {
      // hangers along the end edge and rails, corners
      const k = rnd();
      if (k < 0.5) { d = rnd() * 40; y = R + rnd() * (WIDTH - 2 * R); }
      else if (k < 0.75) { d = rnd() * 400; y = rnd() < 0.5 ? R + rnd() * 3 : WIDTH - R - rnd() * 3; }
      else { d = rnd() * 35; y = rnd() < 0.5 ? R + rnd() * 5 : WIDTH - R - rnd() * 5; }
      if (t.length && rnd() < 0.4) { const o = t[Math.floor(rnd() * t.length)]; const a = rnd() * 2 * Math.PI; const g = 2 * R + rnd() * 3; d = o.d + g * Math.cos(a); y = o.y + g * Math.sin(a); }
    } else if (mode === 'lane') {
      // stacked along one lane line (a column of sensors) or between two
      const col = Math.floor(rnd() * COLS);
      const y0 = COL0_MM + col * PITCH_MM + (rnd() < 0.5 ? 0 : PITCH_MM / 2);
      d = (t.length ? t[t.length - 1].d + 2 * R + rnd() * 6 : rnd() * 300);
      y = y0 + (rnd() - 0.5) * 4;
    } else if (mode === 'grid') {
      // right over sensors, or exactly between
      const r = Math.floor(rnd() * 12), k = Math.floor(rnd() * COLS);
      d = ROW0_MM + r * PITCH_MM + (rnd() < 0.5 ? 0 : 25) + (rnd() - 0.5); y = COL0_MM + k * PITCH_MM + (rnd() < 0.5 ? 0 : 25) + (rnd() - 0.5);
    }
    const w = { colour, d: Math.round(d * 10) / 10, y: Math.round(y * 10) / 10 };
    if (ok(w)) t.push(w);
  }
  return t;
}

export function readings(table: Lying[], seed: number): Int16Array {
  const counts = [0, 0];
  const tol = { scale: 1 };
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

export interface Fault { ch: number; value: number } // value: ADC steps, or NaN (out of service)
export function run(L: typeof M, ref: Int16Array, fault: Fault | null, table: Float64Array[] = [], frame: Int16Array | null = null) {
  const sus: number[] = [];
  const read = (ch: number) => (fault && ch === fault.ch ? fault.value / ADC_STEPS : ref[ch] / ADC_STEPS);
  const step = L.locator(read, table, frame, (ch) => sus.push(ch));
  let steps = 1;
  let seen = step();
  for (; !seen && steps < 200000; steps++) seen = step();
  return { seen: seen ?? [], steps, sus, hung: !seen };
}

function pair(lying: number[], seen: number[]): number[] {
  let best: number[] = []; let bestSum = Infinity; const used: boolean[] = []; const pick: number[] = [];
  const go = (k: number, sum: number): void => {
    if (sum >= bestSum) return;
    if (k === lying.length) { bestSum = sum; best = pick.slice(); return; }
    for (let j = -1; j < seen.length; j++) {
      if (j >= 0 && used[j]) continue;
      if (j < 0 && seen.length - used.filter((u) => u).length >= lying.length - k) continue;
      used[j] = true; pick[k] = j; go(k + 1, sum + (j < 0 ? 1e6 : Math.abs(seen[j] - lying[k]))); used[j] = false;
    }
  };
  go(0, 0);
  return best;
}

export function judge(table: Lying[], seen: number[][]) {
  const truth = oracle(table);
  const end = boardEnd(table, seen);
  const right = end.points[0] === truth[0] && end.points[1] === truth[1];
  // weights placed beyond u (every weight on the table, not only scoring ones), any u < CANT_TELL
  let beyond = 0, worst = 0, missed = 0;
  for (let c = 0; c < 2; c++) {
    const lying = table.filter((w) => w.colour === c).map((w) => w.d);
    const of = seen.filter((w) => w[0] === c);
    const p = pair(lying, of.map((w) => w[1]));
    lying.forEach((d, i) => {
      if (p[i] < 0) { missed++; return; }
      const s = of[p[i]];
      if (d + R >= FOUL) return;
      const b = Math.abs(Math.max(0, s[1]) - Math.max(0, d)) - s[2] - 0.5;
      if (s[2] < 999 && b > 0) { beyond++; worst = Math.max(worst, b); }
    });
  }
  return { asked: end.asked, right, wrongSilently: !end.asked && !right, beyond, worst, missed, points: end.points, truth };
}

if (process.argv[1] && /(^|\/)cmp\.ts$/.test(process.argv[1])) {
  const mode = process.argv[2] ?? 'random';
  const seed = Number(process.argv[3] ?? 1);
  const N = Number(process.argv[4] ?? 100);
  const fk = process.argv[5] ?? 'none'; // none | stuck | rail0 | rail1 | out | stuckX
  const agg: Record<string, Record<string, number>> = { base: {}, main: {} };
  const inc = (t: string, k: string, by = 1) => (agg[t][k] = (agg[t][k] ?? 0) + by);
  const diffs: unknown[] = [];
  for (let k = 0; k < N; k++) {
    const rnd = mulberry32(seed * 100003 + k);
    const table = gen(mode, rnd);
    const ref = readings(table, seed + k);
    let fault: Fault | null = null;
    if (fk !== 'none' && table.length) {
      // a sensor next to a weight (one of its 3x3 nearest, or 1-2 away)
      const w = table[Math.floor(rnd() * table.length)];
      const r = Math.max(0, Math.min(ROWS - 1, Math.round((w.d - ROW0_MM) / PITCH_MM) + Math.floor(rnd() * 5) - 2));
      const c = Math.max(0, Math.min(COLS - 1, Math.round((w.y - COL0_MM) / PITCH_MM) + Math.floor(rnd() * 5) - 2));
      const ch = r * COLS + c;
      const value = fk === 'rail0' ? 0 : fk === 'rail1' ? 4095 : fk === 'out' ? NaN : fk === 'stuck' ? Math.round(rnd() * 4095) : fk === 'stuckmid' ? 2048 + Math.round((rnd() - 0.5) * 3686) : NaN;
      fault = { ch, value };
    }
    const res: Record<string, ReturnType<typeof run> & ReturnType<typeof judge>> = {} as never;
    for (const [name, L] of [['base', B], ['main', M]] as const) {
      const r = run(L as typeof M, ref, fault);
      const j = judge(table, r.seen);
      res[name] = { ...r, ...j };
      inc(name, 'tables');
      inc(name, 'steps', r.steps);
      if (r.hung) inc(name, 'hung');
      if (j.asked) inc(name, 'asked');
      if (j.wrongSilently) inc(name, 'wrongSilently');
      if (j.beyond) inc(name, 'tablesBeyondU');
      inc(name, 'weightsBeyondU', j.beyond);
      agg[name].worstBeyondU = Math.max(agg[name].worstBeyondU ?? 0, j.worst);
      inc(name, 'missed', j.missed);
      if (r.sus.length) inc(name, 'suspectTables');
      if (fault && r.sus.includes(fault.ch)) inc(name, 'faultSuspected');
      if (r.sus.some((c) => !fault || c !== fault.ch)) inc(name, 'falseSuspect');
    }
    const b = res.base, m = res.main;
    if (JSON.stringify(b.seen) !== JSON.stringify(m.seen) || b.sus.join() !== m.sus.join()) inc('main', 'differs');
    const worse = (m.wrongSilently && !b.wrongSilently) || (m.beyond > b.beyond) || (!b.asked && m.asked) || m.hung || (m.steps > 1.5 * b.steps + 50) || (m.sus.join() !== b.sus.join()) || m.missed > b.missed;
    const better = (b.wrongSilently && !m.wrongSilently) || (b.beyond > m.beyond) || (b.asked && !m.asked && m.right) || (b.steps > 1.5 * m.steps + 50);
    if (worse) inc('main', 'worseCases');
    if (better) inc('main', 'betterCases');
    if (worse || better) diffs.push({ k, worse, better, table, fault, base: { seen: b.seen, steps: b.steps, sus: b.sus, asked: b.asked, right: b.right, pts: b.points, beyond: b.beyond }, main: { seen: m.seen, steps: m.steps, sus: m.sus, asked: m.asked, right: m.right, pts: m.points, beyond: m.beyond }, truth: b.truth });
  }
  console.log(JSON.stringify({ mode, seed, N, fault: fk, agg }));
  for (const d of diffs) console.log(JSON.stringify(d));
}
