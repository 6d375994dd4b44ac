// Round 7: referee's commands (undo, place, rest, clear) from a paired phone at hostile moments of a game whose
// throws are launched while the board finds the weights of the one before (a cluster of five, then three kept),
// and a power cut anywhere (half of them in the middle of a save). Oracles, none the firmware's: (1) what the
// board shows once back from the cut is what it showed before it (a cut loses at most the move being saved:
// docs/saving.md), or the state one move later (that move saved whole); (2) an end the board has scored scores
// what its own final table scores by the rules text (rules-score.ts): nothing doubled or invented.
// Usage: npx tsx test/hostile-findings/shuffle-cmd-cuts.ts N SEED [OUTDIR]
import fc from 'fast-check';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { replay } from '../../sim/replay';
import { rulesScore } from './rules-score';

const N = Number(process.argv[2] || 40), SEED = Number(process.argv[3] || 1), OUT = process.argv[4];
const base = readFileSync('scenarios/regression-shuffleboard-launches-while-locating.jsonl', 'utf8').trim().split('\n')
  .map((l) => JSON.parse(l)).filter((l) => !l.phone && l.do !== 'clear');
const run = (lines: object[]) => replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const cmd = fc.oneof(
  fc.constant({ cmd: 'undo' }), fc.constant({ cmd: 'rest' }), fc.constant({ cmd: 'clear' }),
  fc.record({ cmd: fc.constant('place'), i: fc.nat(7) }),
  fc.record({ cmd: fc.constant('place'), i: fc.nat(7), d: fc.integer({ min: -1, max: 1900 }) }),
);
/** What a phone sees of the game in a state message. */
const view = (p: any) => JSON.stringify({ s: p.scores, e: p.end, l: p.left, w: p.weights.map((w: any) => [w.c, w.d]), a: p.ask });
let tried = 0, bad = 0, compared = 0, ends = 0;
if (OUT) mkdirSync(OUT, { recursive: true });
fc.assert(fc.property(
  fc.array(fc.record({ c: cmd, t: fc.integer({ min: 20000, max: 60000 }) }), { minLength: 1, maxLength: 4 }),
  fc.integer({ min: 20000, max: 62000 }), fc.integer({ min: 20, max: 2000 }), fc.option(fc.integer({ min: 0, max: 90 }), { freq: 1 }),
  (cmds, cut, offMs, afterBytes) => {
    const on = cut + offMs;
    if (cmds.some((c) => c.t >= cut - 5 && c.t <= on + 1000)) return true;
    tried++;
    const extra = [...cmds.map((c, k) => ({ t: c.t, phone: { ...c.c, id: k } })), { t: cut, power: 'cut', ...(afterBytes === null ? {} : { afterBytes }) }, { t: on, power: 'on' }];
    const lines = [base[0], ...[...base.slice(1), ...extra].sort((a: any, b: any) => a.t - b.t), { t: 80000, do: 'clear' }];
    const out = run(lines);
    const fin = out[out.length - 1].final;
    if (fin.power === 'off') return true;
    const why: string[] = [];
    // (1) The state told before the cut against the one told at power-up.
    const restoredAt = out.findIndex((l) => l.phone?.type === 'restored');
    if (restoredAt >= 0) {
      const states = out.slice(0, restoredAt).filter((l) => l.phone?.type === 'state');
      const after = out.slice(restoredAt).find((l) => l.phone?.type === 'state');
      const before = states.length ? view(states[states.length - 1].phone) : null;
      // A move saved whole whose state the cut kept from the phone: the state just after, in the same game without the cut.
      const nocut = run(lines.filter((l: any) => !l.power));
      const next = nocut.filter((l) => l.phone?.type === 'state').map((l) => view(l.phone));
      const i = before ? next.indexOf(before) : -1;
      const allowed = [before, i >= 0 ? next[i + 1] : undefined];
      if (after && before) compared++;
      if (after && before && !allowed.includes(view(after.phone))) why.push(`restored ${view(after.phone)} for ${before}`);
    }
    // (2) An end over, with no question pending, scored what its own table scores (its endPoints).
    const last = out.filter((l) => l.phone?.type === 'state' && l.t < 80000).pop()?.phone;
    if (last && last.left === 0 && !last.ask.length && last.weights.length === 8) {
      ends++;
      const w = last.weights;
      const want = rulesScore(w.map((x: any) => x.d), w.map((x: any) => x.c), w.map((x: any) => x.hang));
      if (want[0] !== last.endPoints[0] || want[1] !== last.endPoints[1]) why.push(`end scored ${JSON.stringify(last.endPoints)} for its table's ${JSON.stringify(want)}`);
    }
    if (why.length) {
      bad++;
      console.log(JSON.stringify({ why, extra }));
      if (OUT) writeFileSync(`${OUT}/cmd-${SEED}-${bad}.jsonl`, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    }
    return true;
  }), { numRuns: N, seed: SEED });
console.log(`tried ${tried}: power-up states compared ${compared}, ends scored checked ${ends}; wrong ${bad}`);
