// Round 6: grid sensors stuck part-way (0.2-0.45 or 0.55-0.8 of the supply) for 1-5 s, in shapes round 5's fix did
// not name: one sensor, two side by side (along a row or down a column), three in a row, a 2x2 square, a whole row;
// placed under or beside a weight the game lays, in the entry rows a throw slides through, at the corners, or
// anywhere; struck around a throw (before its launch, as it slides, as it is decided). Oracle: the same game without
// the fault (its final scores), unless a fault was told (the referee's word then stands in: not judged here).
// Usage: [BASE=scenarios/shuffleboard-doubles.jsonl] [SHAPES=one,rowPair,colPair] npx tsx test/hostile-findings/shuffle-partway.ts N SEED
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

const N = Number(process.argv[2] || 40), SEED = Number(process.argv[3] || 1);
const BASE = process.env.BASE || 'scenarios/shuffleboard-singles.jsonl';
const base = readFileSync(BASE, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const run = (lines: object[]) => replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const clean = run(base);
const cleanFinal = JSON.stringify(clean[clean.length - 1].final.scores);
const slides = base.filter((l) => l.do === 'slide');
const laid = slides.filter((l) => l.to);
const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
const shapes: Record<string, [number, number][]> = {
  one: [[0, 0]], rowPair: [[0, 0], [0, 1]], colPair: [[0, 0], [1, 0]], rowTriple: [[0, 0], [0, 1], [0, 2]],
  square: [[0, 0], [0, 1], [1, 0], [1, 1]], diagPair: [[0, 0], [1, 1]],
  row: [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6], [0, 7], [0, 8], [0, 9]],
};
let tried = 0, bad = 0, told = 0, toldDiff = 0;
fc.assert(fc.property(
  fc.constantFrom(...(process.env.SHAPES ? process.env.SHAPES.split(',') : Object.keys(shapes))), fc.constantFrom('weight', 'beside', 'entry', 'corner', 'any'),
  fc.nat(laid.length - 1), fc.integer({ min: 0, max: 37 }), fc.integer({ min: 0, max: 9 }),
  fc.oneof(fc.double({ min: 0.2, max: 0.45, noNaN: true }), fc.double({ min: 0.55, max: 0.8, noNaN: true })),
  fc.integer({ min: 1000, max: 5000 }), fc.integer({ min: 1, max: 2 }), fc.integer({ min: 500, max: 3000 }),
  fc.nat(slides.length - 1), fc.integer({ min: -2000, max: 6000 }),
  (shape, where, wi, rr, cc, value, lastMs, times, gapMs, ix, offset) => {
    tried++;
    const w = laid[wi].to;
    const wr = Math.round((w.d - 25) / 50), wc = Math.round((w.y - 29) / 50);
    let r0 = rr, c0 = cc;
    if (where === 'weight') { r0 = wr; c0 = wc; }
    if (where === 'beside') { r0 = wr + (rr % 3) - 1; c0 = wc + (cc % 2 ? 1 : -1); }
    if (where === 'entry') r0 = 34 + (rr % 4);
    if (where === 'corner') { r0 = rr % 2 ? 37 : 0; c0 = cc % 2 ? 9 : 0; }
    const cells = shapes[shape].map(([dr, dc]) => {
      const r = clamp(r0 + (r0 >= 36 ? -dr : dr), 0, 37), c = clamp(c0 + (c0 >= 8 && shape !== 'row' ? -dc : dc), 0, 9);
      return shape === 'row' ? `grid.${r}.${dc}` : `grid.${r}.${c}`;
    });
    const sensors = [...new Set(cells)];
    const t0 = Math.max(1, slides[ix].t + offset);
    const v = Math.round(value * 1000) / 1000;
    const faults: any[] = [];
    for (let k = 0; k < times; k++) for (const s of sensors) faults.push({ t: t0 + k * (lastMs + gapMs), fault: 'stuck', value: v, sensor: s }, { t: t0 + k * (lastMs + gapMs) + lastMs, fault: 'lift', sensor: s });
    const lines = [base[0], ...[...base.slice(1), ...faults].sort((a, b) => a.t - b.t)];
    let out: any[];
    try { out = run(lines); } catch (e) { console.log(JSON.stringify({ refused: String(e).slice(0, 200), faults })); return true; }
    const reports = out.filter((l) => l.phone?.type === 'fault' && l.phone.fault !== 'ok');
    const fin = JSON.stringify(out[out.length - 1].final.scores);
    if (reports.length) {
      told++;
      if (fin !== cleanFinal) { toldDiff++; console.log(JSON.stringify({ told: reports[0].t, first: reports[0].phone, clean: cleanFinal, seen: fin, shape, where, faults: faults.slice(0, 2), n: sensors.length })); }
      return true;
    }
    if (fin !== cleanFinal) { bad++; console.log(JSON.stringify({ UNTOLD: 1, clean: cleanFinal, seen: fin, shape, where, faults })); }
    return true;
  }), { numRuns: N, seed: SEED });
console.log(`tried ${tried}, told ${told} (of them scored otherwise ${toldDiff}), unreported and scored otherwise ${bad}`);
