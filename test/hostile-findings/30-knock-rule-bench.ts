// Round 30 (the knocked-own-weight throw rule, c7c55b7): random singles ends where throws knock weights of their own
// side off the end (and others' towards the end edge), a power cut while throw k slides (the board back 2.5 s
// later: one throw under way, `a`), and, before it, the referee's `place` of a weight of the side that throws next:
// MODE=none (no place), exact (d: where it lies), board (no d: the board's own reading), err (d: ERR mm nearer
// the end edge than it lies). Oracle: the table as laid, scored by the rules text (rules-score.ts).
// SHORT=1: a tenth of the throws stop short, and throws knock the other side's weights (short ones too) nearer the
// end edge; PLAYERS=4: doubles.
// Usage: MODE=exact npx tsx test/hostile-findings/30-knock-rule-bench.ts N SEED
import fc from 'fast-check';
import { replay } from '../../sim/replay';
import { rulesScore } from './rules-score';

const N = Number(process.argv[2] || 20), SEED = Number(process.argv[3] || 1);
const SHORT = !!process.env.SHORT, PLAYERS = Number(process.env.PLAYERS || 2);
const MODE = process.env.MODE || 'none', ERR = Number(process.env.ERR || 3), GAP = 6000;
type P = { d: number; y: number };
const name = (i: number) => (i % 2 ? 'blue' : 'red') + (Math.floor(i / 2) + 1);
let tried = 0, bad = 0;
fc.assert(fc.property(fc.integer({ min: 1, max: 999 }), fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 8, maxLength: 8 }),
  fc.integer({ min: 1, max: 6 }), fc.integer({ min: 300, max: 1500 }), fc.double({ min: 0, max: 1, noNaN: true }), (seed, steps, k, cutAfter, pick) => {
    tried++;
    const lines: any[] = [{ game: 'shuffleboard', players: PLAYERS, options: PLAYERS > 2 ? { firstPlayer: 0, teams: 2 } : { firstPlayer: 0 }, seed }];
    const at: (P | null)[] = [];
    const free = (p: P) => at.every((q) => !q || Math.hypot(q.d - p.d, q.y - p.y) >= 70);
    steps.forEach(([a, b, c], i) => {
      const t = 1000 + GAP * i;
      if (i === k) {
        // The referee's place of a weight of the side that throws after k, before k is launched.
        const own = at.map((p, j) => (p && j % 2 !== k % 2 ? j : -1)).filter((j) => j >= 0);
        if (MODE !== 'none' && own.length) {
          const j = own[Math.floor(pick * own.length) % own.length];
          const d = MODE === 'exact' ? at[j]!.d : MODE === 'err' ? at[j]!.d - ERR : undefined;
          lines.push({ t: t - 1000, phone: d === undefined ? { cmd: 'place', i: j } : { cmd: 'place', i: j, d } });
        }
      }
      // A tenth stop short (S4: out of play, on the grid past the foul line).
      const to: P = a > 0.9 && SHORT ? { d: Math.round(1810 + (a - 0.9) * 900), y: Math.round(40 + b * 430) } : { d: Math.round(30 + a * 1400), y: Math.round(40 + b * 430) };
      const moves: object[] = [];
      // Now and then a throw knocks one of its own side's weights off the end (it stops farther out than that one lay).
      const own = at.map((p, j) => (p && j % 2 === i % 2 ? j : -1)).filter((j) => j >= 0);
      if (c < 0.35 && own.length) {
        const j = own[Math.floor(c * 100) % own.length];
        const was = at[j]!; at[j] = null;
        const hit = { d: was.d + 80 + Math.round(a * 200), y: was.y };
        if (free(hit)) { moves.push({ w: name(j), off: true }); to.d = hit.d; to.y = hit.y; } else at[j] = was;
      } else if (c >= 0.35 && c < 0.7) {
        // Or it knocks one of the other side's (in play or short) towards the end edge and stops short of where it lay.
        const other = at.map((p, j) => (p && j % 2 !== i % 2 ? j : -1)).filter((j) => j >= 0);
        if (other.length) {
          const j = other[Math.floor(c * 100) % other.length];
          const was = at[j]!; at[j] = null;
          const kto = { d: Math.round(was.d * (0.1 + 0.8 * b)), y: Math.min(470, Math.max(40, was.y + Math.round((c - 0.5) * 100))) };
          const hit = { d: Math.min(1700, was.d + 70), y: was.y };
          if (free(kto) && free(hit) && Math.hypot(kto.d - hit.d, kto.y - hit.y) >= 70) { at[j] = kto; moves.push({ w: name(j), to: kto }); to.d = hit.d; to.y = hit.y; } else at[j] = was;
        }
      }
      if (!free(to) || to.d > 1700 && !(SHORT && to.d >= 1810)) { lines.push({ t, do: 'slide', off: true }); at.push(null); }
      else { lines.push({ t, do: 'slide', to, ...(moves.length ? { moves } : {}) }); at.push(to); }
      if (i === k) lines.push({ t: t + cutAfter, power: 'cut' }, { t: t + cutAfter + 2500, power: 'on' });
    });
    const tail = { t: 1000 + GAP * 8 + 30000, phone: { cmd: 'state' } };
    const out = replay([...lines, tail].map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
    if (!out.some((l) => l.phone?.type === "restored")) console.log("no restore");
    const fin = out[out.length - 1].final.state;
    const laid = at.map((p) => (p && p.d < 1800 ? p.d : -1));
    const want = fin.q ? null : rulesScore(laid, laid.map((_, i) => i % 2), laid.map((d) => (d >= 0 && d < 29 ? 1 : 0)));
    if (fin.t !== 8 || (want && (fin.s[0] !== want[0] || fin.s[1] !== want[1]))) {
      bad++;
      console.log(JSON.stringify({ want, seen: fin.s, t: fin.t, q: fin.q, laid, board: fin.d, scenario: [...lines, tail] }));
    }
    return true;
  }), { numRuns: N, seed: SEED });
console.log(`MODE ${MODE} tried ${tried}, wrong ${bad}`);
