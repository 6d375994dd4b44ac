// A fault struck around a power cut (while the board is off, as it boots, or just before the cut) on the digital
// games' example games: a sensor stuck active, chattering or dropping out from a moment near the cut, lifted a
// while later. Oracle: the same game with the same power cut and no fault; scores must match but for a move under
// way when a fault is told (not scored by design), and before the first fault told must match exactly.
// Usage: npx tsx test/hostile-findings/fault-power.ts N SEED
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

const N = Number(process.argv[2] || 40), SEED = Number(process.argv[3] || 1);
const GAMES: Record<string, { file: string; sensors: string[] }> = {
  fortress: { file: 'fortress-game', sensors: 'EA1 EA2 ER1 FA1 FA2 FR1 FG EG pocket1 pocket2 pass'.split(' ').flatMap((m) => ['n.lo', 's.hi'].map((p) => `mouth.${m}.${p}`)).concat(['bell.FA1', 'bell.EA1', 'bell.FR2']) },
  triangle: { file: 'triangle-game', sensors: ['A', 'B', 'C'].flatMap((s) => ['start', 'even', 'over', 'beyond'].map((p) => `tri.${s}.${p}`)) },
  ringapeg: { file: 'ringapeg-advance', sensors: ['o1', 'o3', 'i2', 'k'].flatMap((p) => [`peg.${p}.top`, `peg.${p}.low`]).concat(['board.impact']) },
};
const run = (lines: object[]) => replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const scoresOf = (out: any[]) => out.filter((l) => l.phone?.type === 'score').map((l) => `${l.phone.player}:${l.phone.points}:${l.phone.rule}`);
let tried = 0, bad = 0, refused = 0;
fc.assert(fc.property(fc.constantFrom(...Object.keys(GAMES)), fc.nat(99), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 200, max: 4000 }),
  fc.integer({ min: -3000, max: 4000 }), fc.integer({ min: 50, max: 6000 }), fc.constantFrom('stuck-active', 'chatter', 'dropout', 'floating'), fc.constantFrom(2, 10, 40),
  (game, si, frac, offMs, faultAt, lastMs, kind, hz) => {
    tried++;
    const g = GAMES[game];
    const base = readFileSync(`scenarios/${g.file}.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    const acts = base.slice(1);
    const cut = Math.round(acts[0].t + (frac / 1000) * (acts[acts.length - 1].t - acts[0].t));
    const power = [{ t: cut, power: 'cut' }, { t: cut + offMs, power: 'on' }];
    const sensor = g.sensors[si % g.sensors.length];
    const f0 = Math.max(0, cut + faultAt);
    const fault = [{ t: f0, fault: kind, sensor, ...(kind === 'chatter' ? { hz } : kind === 'dropout' ? { hz, ms: 5 } : {}) }, { t: f0 + lastMs, fault: 'lift', sensor }];
    const mk = (extra: object[]) => [base[0], ...[...acts, ...extra].sort((a: any, b: any) => a.t - b.t)];
    let clean: any[], got: any[];
    try { clean = run(mk(power)); got = run(mk([...power, ...fault])); } catch { refused++; return true; }
    const told = got.filter((l) => l.phone?.type === 'fault' && l.phone.fault !== 'ok');
    const first = told.length ? told[0].t : Infinity;
    // Compare the scores sent before the move under way at the first report: the clean run's up to the last action before it.
    const lastBefore = Math.max(0, ...acts.filter((a: any) => a.t < first - 12000).map((a: any) => a.t));
    const cs = scoresOf(clean.filter((l) => first === Infinity || l.t < lastBefore)), gs = scoresOf(got.filter((l) => first === Infinity || l.t < lastBefore));
    const cf = clean[clean.length - 1].final.scores, gf = got[got.length - 1].final.scores;
    if (JSON.stringify(cs) !== JSON.stringify(gs) || (first === Infinity && JSON.stringify(cf) !== JSON.stringify(gf))) {
      bad++;
      console.log(JSON.stringify({ game, clean: cf, seen: gf, told: told.map((l) => `${l.t}:${l.phone.fault}:${l.phone.sensor ?? ''}`), power, fault }));
    }
    return true;
  }), { numRuns: N, seed: SEED });
console.log(`tried ${tried}, refused ${refused}, differing ${bad}`);
