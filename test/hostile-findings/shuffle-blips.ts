// Grid faults that come and go on shuffleboard-singles: a sensor at a rail, stuck mid-range, noisy or inverted for
// 0.3 to 4 s (around the documented report times: rail within 3 s, noisy within 20 s), once or repeated, on one
// sensor or two neighbours, struck between throws or as one is decided. Oracle: the same game without the fault: its
// final scores, unless a fault was told (then the referee's word stands in: not judged here).
// Usage: npx tsx test/hostile-findings/shuffle-blips.ts N SEED
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

const N = Number(process.argv[2] || 40), SEED = Number(process.argv[3] || 1);
const base = readFileSync('scenarios/shuffleboard-singles.jsonl', 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const run = (lines: object[]) => replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const clean = run(base);
const cleanFinal = JSON.stringify(clean[clean.length - 1].final.scores);
let tried = 0, bad = 0, told = 0;
fc.assert(fc.property(fc.integer({ min: 0, max: 37 }), fc.integer({ min: 0, max: 9 }), fc.boolean(),
  fc.constantFrom({ fault: 'stuck', value: 0 }, { fault: 'stuck', value: 1 }, { fault: 'stuck', value: 0.3 }, { fault: 'noise', amplitude: 0.05 }, { fault: 'inverted' }),
  fc.integer({ min: 300, max: 4000 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 200, max: 3000 }), fc.nat(base.length - 2), fc.integer({ min: -2000, max: 6000 }),
  (row, col, pair, f, lastMs, times, gapMs, ix, offset) => {
    tried++;
    const sensors = [`grid.${row}.${col}`].concat(pair ? [`grid.${row}.${col < 9 ? col + 1 : col - 1}`] : []);
    const t0 = Math.max(1, base[1 + ix].t + offset);
    const faults: any[] = [];
    for (let k = 0; k < times; k++) for (const s of sensors) faults.push({ t: t0 + k * (lastMs + gapMs), ...f, sensor: s }, { t: t0 + k * (lastMs + gapMs) + lastMs, fault: 'lift', sensor: s });
    const lines = [base[0], ...[...base.slice(1), ...faults].sort((a, b) => a.t - b.t)];
    let out: any[];
    try { out = run(lines); } catch { return true; }
    const reports = out.filter((l) => l.phone?.type === 'fault' && l.phone.fault !== 'ok');
    if (reports.length) { told++; return true; }
    const fin = JSON.stringify(out[out.length - 1].final.scores);
    if (fin !== cleanFinal) { bad++; console.log(JSON.stringify({ clean: cleanFinal, seen: fin, faults })); }
    return true;
  }), { numRuns: N, seed: SEED });
console.log(`tried ${tried}, told ${told}, unreported and scored otherwise ${bad}`);
