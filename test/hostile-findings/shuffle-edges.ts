// Shuffleboard ends the bench's table generator does not lay, played whole: short throws that stop over the
// grid's first rows (past the foul line), weights on and around the foul line, hangers touching each other,
// three-weight clusters in the corners, weights knocked onto the end edge, thrown weights passing 59-75 mm
// beside a resting one. Oracle: the table as laid (the simulator's truth) scored by the rules text
// (phone-chaos.ts's rulesScore, from docs/games/shuffleboard.md's zone table and S6/S11); a question of the
// board is answered with the truth, as a referee would. No fault may be told in a clean game.
// Usage: npx tsx test/hostile-findings/shuffle-edges.ts N SEED   (KIND=short,foul,hangers,corner,edgeknock,pass)
import fc from 'fast-check';
import { replay } from '../../sim/replay';
import { rulesScore } from './rules-score';

const N = Number(process.argv[2] || 20), SEED = Number(process.argv[3] || 1);
const GAP = Number(process.env.GAP || 6000);
const KINDS = (process.env.KIND || 'short,foul,hangers,corner,edgeknock,pass').split(',');
type P = { d: number; y: number };
const far = (a: P, b: P) => Math.hypot(a.d - b.d, a.y - b.y) >= 58.5;
const run = (lines: object[]) => replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
let tried = 0, bad = 0, asked = 0;
const step = fc.record({ kind: fc.constantFrom(...KINDS), a: fc.double({ min: 0, max: 1, noNaN: true }), b: fc.double({ min: 0, max: 1, noNaN: true }), c: fc.double({ min: 0, max: 1, noNaN: true }) });
fc.assert(fc.property(fc.integer({ min: 1, max: 999 }), fc.array(step, { minLength: 8, maxLength: 8 }), (seed, steps) => {
  tried++;
  const lines: any[] = [{ game: 'shuffleboard', players: 2, options: { firstPlayer: 0 }, seed, pollMs: 10 }];
  const at: (P | null)[] = [];
  const short = new Set<number>(); // stopped short past the foul line: on the table, out of play (S4)
  const name = (i: number) => (i % 2 ? 'blue' : 'red') + (Math.floor(i / 2) + 1);
  const ok = (p: P, skip = -1) => p.y >= 29 && p.y <= 479 && p.d >= 0 && at.every((q, j) => !q || j === skip || far(q, p));
  // In its lane nothing lies between the launch row and where it stops (but what it knocks).
  const clear = (p: P, skip = -1) => at.every((q, j) => !q || j === skip || q.d < p.d || Math.abs(q.y - p.y) >= 58.5);
  steps.forEach((s, i) => {
    const on = at.map((p, j) => (p ? j : -1)).filter((j) => j >= 0);
    let to: P | null = null; let moves: object[] = []; let knocked = -1, kto: P | null = null;
    const y = Math.round(29 + s.b * 450);
    if (s.kind === 'short') to = { d: Math.round(1800 + s.a * 250), y };
    else if (s.kind === 'foul') to = { d: Math.round(1770 + s.a * 60), y };
    else if (s.kind === 'hangers') {
      const h = on.find((j) => at[j]!.d < 29);
      to = h === undefined ? { d: 4 + Math.round(s.a * 24), y } : { d: 4 + Math.round(s.a * 24), y: at[h]!.y + (s.c < 0.5 ? -1 : 1) * Math.round(Math.sqrt(Math.max(0, 58.6 ** 2 - (at[h]!.d - 4 - Math.round(s.a * 24)) ** 2)) + 1 + s.b * 3) };
    } else if (s.kind === 'corner') {
      const cy = s.c < 0.5 ? 29 : 479, sgn = cy === 29 ? 1 : -1;
      const base = on.filter((j) => at[j]!.d < 130 && Math.abs(at[j]!.y - cy) < 130);
      if (!base.length) to = { d: 4 + Math.round(s.a * 36), y: cy + sgn * Math.round(s.b * 20) };
      else { const o = at[base[Math.floor(s.a * base.length) % base.length]]!; const ang = s.b * Math.PI; const g = 58.6 + s.c * 4;
        to = { d: Math.round(o.d + g * Math.sin(ang) * (s.a < 0.5 ? 1 : -1)), y: Math.round(o.y + sgn * Math.abs(g * Math.cos(ang))) }; }
    } else if (s.kind === 'edgeknock' && on.length) {
      const j = on[Math.floor(s.a * on.length) % on.length], o = at[j]!;
      knocked = j; kto = { d: Math.round(s.b * 40) - 8, y: Math.round(o.y + (s.c - 0.5) * 30) };
      to = { d: o.d + 30 + Math.round(s.c * 60), y: o.y + Math.round((s.b - 0.5) * 40) };
    } else if (s.kind === 'pass' && on.length) {
      const o = at[on[Math.floor(s.a * on.length) % on.length]]!;
      to = { d: Math.max(0, o.d - 60 - Math.round(s.c * 200)), y: o.y + (s.b < 0.5 ? -1 : 1) * Math.round(59 + s.b * 16) };
    } else to = { d: Math.round(s.a * 400), y };
    if (kto && knocked >= 0) {
      const was = at[knocked]; at[knocked] = null;
      const kOk = kto.d < 0 || ok(kto);
      if (!kOk || !to || !ok(to) || !clear(to) || (kto.d >= 0 && !far(kto, to))) { at[knocked] = was; knocked = -1; to = null; }
      else { at[knocked] = kto.d < 0 ? null : kto; moves = [{ w: name(knocked), ...(kto.d < 0 ? { off: true } : { to: kto }) }]; }
    } else if (to && (!ok(to) || !clear(to))) to = null;
    if (!to) { lines.push({ t: 1000 + GAP * i, do: 'slide', off: true }); at.push(null); return; }
    lines.push({ t: 1000 + GAP * i, do: 'slide', to, ...(moves.length ? { moves } : {}) });
    if (to.d >= 1800) short.add(i);
    at.push(to);
  });
  const tail = { t: 1000 + GAP * 8 + 120000, phone: { cmd: 'state' } }; // time enough to decide every throw
  let out = run([...lines, tail]);
  // The referee answers each question with the truth; a board may ask again about another weight once answered.
  let flag: any = null;
  for (let round = 0; round < 3; round++) {
    const answered = lines.filter((l) => l.phone?.cmd === 'place').length;
    const asks = out.filter((l) => l.phone?.type === 'state' && l.phone.ask?.length && l.t < tail.t);
    const st = asks[asks.length - 1];
    if (!st || out[out.length - 1].final.state.q === 0) break;
    flag = flag || st;
    asked += round === 0 ? 1 : 0;
    (st.phone.ask as string[]).forEach((n, k) => {
      const i = (n.startsWith('red') ? 0 : 1) + 2 * (Number(n.slice(-1)) - 1);
      const p = at[i];
      lines.push({ t: st.t + 1000 + 500 * (answered + k), phone: { cmd: 'place', i, d: p && !short.has(i) ? p.d : -1 } });
    });
    lines.sort((x, y) => (x.t ?? -1) - (y.t ?? -1)); // an early question is answered between throws
    out = run([...lines, tail]);
  }
  const fin = out[out.length - 1].final.state;
  const laid = at.map((p, i) => (p && !short.has(i) ? p.d : -1));
  const want = rulesScore(laid, laid.map((_, i) => i % 2), laid.map((d) => (d >= 0 && d < 29 ? 1 : 0)));
  const faults = out.filter((l) => l.phone?.type === 'fault').map((l) => `${l.t}:${l.phone.fault}:${l.phone.sensor ?? ''}`);
  if (faults.length || fin.t !== 8 || fin.s[0] !== want[0] || fin.s[1] !== want[1]) {
    bad++;
    console.log(JSON.stringify({ want, seen: fin.s, asked: !!flag, laid, board: fin.d, faults, scenario: [...lines, tail] }));
  }
  return true;
}), { numRuns: N, seed: SEED });
console.log(`tried ${tried}, asked ${asked}, wrong ${bad}`);
