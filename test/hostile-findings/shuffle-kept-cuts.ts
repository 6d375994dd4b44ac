// Round 7: throws launched while the board is still finding the weights of a throw before (a cluster of five, a
// locate of some 9 s), and a power cut at any instant around them (between the launches, as a weight slides, in the
// middle of a save: `afterBytes`), optionally a referee's word at a hostile moment that changes nothing (REF=1: `place`
// of one of the first five weights where it lies, with its `d` or without, while the next are launched and found).
// Oracle, independent of the firmware: the table the scenario lays (no knocks are scripted, and no two weights rest
// nearer than 66 mm), the end scored from it by the rules text (rules-score.ts). Just before the referee's look
// (75 s) the board must show 8 throws, every weight it does not ask about within 6 mm of where one of its colour
// lies, and no refusal; after the referee places every weight where it lies, the end scores as the rules say.
// A case whose run without the cut already fails is counted apart (not a power-cut defect).
// Usage: [REF=1] npx tsx test/hostile-findings/shuffle-kept-cuts.ts N SEED [OUTDIR]
import fc from 'fast-check';
import { mkdirSync, writeFileSync } from 'node:fs';
import { replay } from '../../sim/replay';
import { judgeKept as judge, CLUSTER, LOOK, type Place } from './kept-judge';

const N = Number(process.argv[2] || 40), SEED = Number(process.argv[3] || 1), OUT = process.argv[4];
const REF = process.env.REF === '1';
const run = (lines: object[]) => replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));

const place = fc.record({ d: fc.oneof(fc.integer({ min: 5, max: 25 }), fc.integer({ min: 30, max: 1750 })), y: fc.integer({ min: 35, max: 473 }) });
let tried = 0, baseBad = 0, bad = 0, skipped = 0;
if (OUT) mkdirSync(OUT, { recursive: true });
fc.assert(fc.property(
  fc.integer({ min: 1, max: 9 }), fc.nat(1), fc.array(fc.integer({ min: 3800, max: 6000 }), { minLength: 3, maxLength: 3 }),
  fc.array(fc.option(place, { freq: 8 }), { minLength: 3, maxLength: 3 }),
  fc.integer({ min: 24000, max: 50000 }), fc.integer({ min: 20, max: 3000 }), fc.option(fc.integer({ min: 0, max: 80 }), { freq: 2 }),
  fc.boolean(), fc.integer({ min: 24000, max: 50000 }), fc.nat(4),
  (seed, first, gaps, late, cut, offMs, afterBytes, withD, cmdAt, cmdI) => {
    // The three late throws rest 66 mm or more from every other weight (none touches, none knocked).
    const truth: Place[] = [...CLUSTER];
    for (const p of late) {
      if (p && truth.some((q) => q && Math.hypot(q.d - p.d, q.y - p.y) < 66)) { skipped++; return true; }
      truth.push(p);
    }
    const launches = [1000, 7000, 13000, 19000, 25000];
    for (const g of gaps) launches.push(launches[launches.length - 1] + g);
    const on = cut + offMs;
    // No launch while the board is off or starting (those are the referee's: saving.md, What the board cannot see).
    if (launches.some((t) => t >= cut - 20 && t <= on + 1000)) { skipped++; return true; }
    tried++;
    const header = { game: 'shuffleboard', players: 2, options: { firstPlayer: first }, seed, pollMs: 10 };
    const slides = launches.map((t, i) => (truth[i] ? { t, do: 'slide', to: truth[i] } : { t, do: 'slide', off: true }));
    const ref = truth.map((p, i) => ({ t: LOOK, phone: { cmd: 'place', i, d: p && p.d <= 1799 ? p.d : -1 } }));
    const power = [{ t: cut, power: 'cut', ...(afterBytes === null ? {} : { afterBytes }) }, { t: on, power: 'on' }];
    // (Not while the board is off or starting: it would not hear it.)
    if (REF && cmdAt >= cut && cmdAt <= on + 1000) { skipped++; return true; }
    // A weight thrown by then (the fifth is launched at 25 s).
    const ci = cmdAt < 26000 ? cmdI % 4 : cmdI;
    const extra: object[] = REF ? [{ t: cmdAt, phone: withD ? { cmd: 'place', i: ci, d: truth[ci]!.d } : { cmd: 'place', i: ci } }] : [];
    const mk = (more: object[]) => [header, ...[...slides, ...more].sort((a: any, b: any) => a.t - b.t), ...ref];
    const clean = run(mk([]));
    const why0 = judge(clean, truth, first);
    if (why0) { baseBad++; console.log(JSON.stringify({ BASE: why0, header, slides })); return true; }
    // The referee's word alone, without the cut, is a case of its own.
    if (REF) {
      const why1 = judge(run(mk(extra)), truth, first);
      if (why1) { bad++; console.log(JSON.stringify({ why: why1, extra, nocut: 1 })); if (OUT) writeFileSync(`${OUT}/ref-${SEED}-${bad}.jsonl`, mk(extra).map((l) => JSON.stringify(l)).join('\n') + '\n'); return true; }
    }
    const lines = mk([...power, ...extra]);
    const got = run(lines);
    // A cut waiting for writes that never came before its `on` leaves the board off: no case.
    if (got[got.length - 1].final.power === 'off') { skipped++; return true; }
    const why = judge(got, truth, first);
    if (why) {
      bad++;
      console.log(JSON.stringify({ why, power, extra }));
      if (OUT) writeFileSync(`${OUT}/case-${SEED}-${bad}.jsonl`, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    }
    return true;
  }), { numRuns: N, seed: SEED });
console.log(`tried ${tried} (skipped ${skipped}); the game without the cut already wrong ${baseBad}; wrong with the cut ${bad}`);
