// The oracle of shuffle-kept-cuts.ts and sweeps8.ts: an end of 8 throws judged against the table the scenario lays
// (no knocks), scored by the rules text (rules-score.ts); never the firmware's judgement.
import { rulesScore } from './rules-score';

/** The cluster of five of `regression-shuffleboard-launches-while-locating` (a locate of some 9 s). */
export const CLUSTER = [{ d: 220, y: 250 }, { d: 300, y: 170 }, { d: 300, y: 330 }, { d: 380, y: 250 }, { d: 300, y: 250 }];
/** When the referee looks (and places every weight where it lies). */
export const LOOK = 75000;

export type Place = { d: number; y: number } | null;
/** What is wrong with a run, by the table laid (truth) and the rules text; '' when nothing. */
export function judgeKept(out: any[], truth: Place[], first: number): string {
  const refused = out.filter((l) => l.phone && (l.phone.type === 'error' || (l.phone.type === 'flag' && !/cannot tell/.test(l.phone.message))));
  if (refused.length) return `refused/flagged at ${refused[0].t}: ${JSON.stringify(refused[0].phone)}`;
  const st = out.filter((l) => l.phone?.type === 'state' && l.t < LOOK).pop()?.phone;
  if (!st) return 'no state';
  if (st.left !== 0 || st.weights.length !== 8) return `left ${st.left}, ${st.weights.length} weights before the referee's look`;
  const colourOf = (i: number) => (first + i) & 1;
  for (const c of [0, 1]) {
    const want = truth.map((p, i) => ({ p, i })).filter((x) => colourOf(x.i) === c).map((x) => (x.p && x.p.d <= 1799 ? x.p.d : -1)).sort((a, b) => a - b);
    const got = st.weights.filter((w: any) => w.c === c);
    const asked = got.filter((w: any) => st.ask.includes(w.w)).length;
    const seen = got.filter((w: any) => !st.ask.includes(w.w)).map((w: any) => w.d);
    // Each weight not asked about lies within 6 mm of a distinct true place of its colour.
    const left = [...want];
    for (const d of seen) {
      // (The nearest true place left: two weights of one colour 6 mm apart must not steal each other's.)
      let k = -1;
      for (let j = 0; j < left.length; j++) if ((left[j] < 0) === (d < 0) && (k < 0 || Math.abs(left[j] - d) < Math.abs(left[k] - d))) k = j;
      if (k < 0 || (d >= 0 && Math.abs(left[k] - d) > 6)) return `colour ${c}: board ${JSON.stringify(got.map((w: any) => w.d))} (asked ${asked}) for ${JSON.stringify(want)}`;
      left.splice(k, 1);
    }
  }
  const d = truth.map((p) => (p && p.d <= 1799 ? p.d : -1));
  const want = rulesScore(d, d.map((_, i) => colourOf(i)), d.map((x) => (x >= 0 && x < 29 ? 1 : 0)));
  const fin = out[out.length - 1].final.scores;
  if (JSON.stringify(fin) !== JSON.stringify(want)) return `final ${JSON.stringify(fin)} for ${JSON.stringify(want)}`;
  return '';
}

