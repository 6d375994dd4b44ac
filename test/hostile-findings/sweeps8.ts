// Round 8: round 7's fixes swept instant by instant (no random draw: every step of a window), each case judged
// against an oracle independent of the firmware.
//   bytes  T FROM TO       a power cut at T (ms) after FROM..TO bytes of the next writes (the save of a decision
//                          with kept throws: `seen` with `b`), on 1.2 s later; oracle: the table the scenario lays,
//                          scored by the rules text (kept-judge.ts), as shuffle-kept-cuts.ts judges.
//   launch BASE IX CUT OFF FROM TO STEP
//                          a cut at CUT, on at CUT+OFF; launch IX of BASE (and every line after it, shifted) moved to
//                          CUT+FROM .. CUT+TO (while the board is off or starting, or just after); oracle: the same
//                          play without the cut (launches at the same instants): the same final scores, no more flags.
//   undocut BASE AT FROM TO [CMD] a phone `undo` (or CMD) at AT ms and a power cut just before it, after FROM..TO bytes of the writes
//                          (the undo's record), on 1.5 s later; no line of BASE after AT-5000. Oracle: the game the
//                          board resumes (final state: scores, throws, places, colours) is the one without the undo
//                          or the one with it, uncut (docs/saving.md: a cut loses at most the move being saved).
//   new    BASE FROM TO STEP a phone `new` (the same game) at every STEP ms from FROM to TO (lines of BASE after it
//                          but its slides dropped), the table cleared 12 s later, one throw to d 140 5 s after that. Oracle
//                          (docs/saving.md: the new game starts at zero from the table as it lies): the new game has
//                          that one throw, red or blue's first at 140 +-6, 7 left, 0-0, nothing flagged or refused.
//   cmd    BASE CMD FROM TO STEP
//                          a phone command (JSON, e.g. '{"cmd":"state"}', or two joined by '|' 300 ms apart) at every
//                          STEP ms from FROM to TO; oracle: the play without it (the command changes nothing).
// Usage: npx tsx test/hostile-findings/sweeps8.ts MODE ... ; OUT=DIR writes each case that differs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { replay } from '../../sim/replay';
import { judgeKept, CLUSTER, LOOK } from './kept-judge';

const run = (lines: object[]) => replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const load = (f: string) => readFileSync(f, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const sorted = (h: object, ls: any[]) => [h, ...ls.sort((a, b) => a.t - b.t)];
const OUT = process.env.OUT;
if (OUT) mkdirSync(OUT, { recursive: true });
const write = (name: string, lines: object[]) => OUT && writeFileSync(`${OUT}/${name}.jsonl`, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
const flags = (out: any[]) => out.filter((l) => l.phone?.type === 'flag' || l.phone?.type === 'error').map((l) => l.phone.message || l.phone.code);
const sum = (out: any[]) => ({ final: JSON.stringify(out[out.length - 1].final.scores), flags: flags(out) });
const [mode, ...a] = process.argv.slice(2);
let n = 0, bad = 0;

if (mode === 'bytes') {
  const [T, FROM, TO] = a.map(Number);
  const late = [{ d: 700, y: 100 }, { d: 100, y: 420 }, { d: 1200, y: 400 }];
  const truth = [...CLUSTER, ...late];
  const header = { game: 'shuffleboard', players: 2, options: { firstPlayer: 0 }, seed: 3, pollMs: 10 };
  const slides = [1000, 7000, 13000, 19000, 25000, 29000, 33000, 37000].map((t, i) => ({ t, do: 'slide', to: truth[i] }));
  const ref = truth.map((p, i) => ({ t: LOOK, phone: { cmd: 'place', i, d: p.d } }));
  for (let b = FROM; b <= TO; b++) {
    const lines = sorted(header, [...slides, { t: T, power: 'cut', afterBytes: b }, { t: T + 1200, power: 'on' }, ...ref]);
    const out = run(lines);
    // (Fewer bytes written before the `on` than asked: the cut comes at a later write, the board left off: no case.)
    if (out[out.length - 1].final.power === 'off') continue;
    n++;
    const why = judgeKept(out, truth, 0);
    const resumed = out.find((l) => l.phone?.type === 'restored')?.phone;
    if (why) { bad++; console.log(JSON.stringify({ afterBytes: b, why, resumed })); write(`bytes-${T}-${b}`, lines); }
  }
} else if (mode === 'launch') {
  const [BASE, IX, CUT, OFF, FROM, TO, STEP] = [a[0], ...a.slice(1).map(Number)];
  const base = load(BASE);
  const slides = base.filter((l) => l.do === 'slide');
  const at0 = slides[IX].t;
  for (let d = FROM; d <= TO; d += STEP) {
    const dt = CUT + d - at0;
    const lines = base.slice(1).map((l) => (l.t >= at0 ? { ...l, t: l.t + dt } : l));
    const clean = sum(run(sorted(base[0], [...lines])));
    const cutLines = sorted(base[0], [...lines, { t: CUT, power: 'cut' }, { t: CUT + OFF, power: 'on' }]);
    const out = run(cutLines);
    if (out[out.length - 1].final.power === 'off') continue;
    n++;
    const got = sum(out);
    if (got.final !== clean.final || got.flags.length > clean.flags.length) {
      bad++;
      console.log(JSON.stringify({ launch: CUT + d, after: d, clean, got }));
      write(`launch-${CUT}-${d}`, cutLines);
    }
  }
} else if (mode === 'undocut') {
  const [BASE, AT, FROM, TO] = [a[0], ...a.slice(1, 4).map(Number)];
  // (A fifth argument: another command than `undo`, as JSON.)
  const cmd = a[4] ? JSON.parse(a[4]) : { cmd: 'undo' };
  const base = load(BASE).filter((l: any, i: number) => i === 0 || l.t < AT - 5000);
  const key = (out: any[]) => { const s = out[out.length - 1].final.state; return JSON.stringify([s.s, s.t, s.d, s.c, s.e]); };
  const without = key(run(base));
  const withUndo = key(run(sorted(base[0], [...base.slice(1), { t: AT, phone: cmd }])));
  console.log('without', without, 'with', withUndo);
  for (let b = FROM; b <= TO; b++) {
    const lines = sorted(base[0], [...base.slice(1), { t: AT - 1, power: 'cut', afterBytes: b }, { t: AT, phone: cmd }, { t: AT + 1500, power: 'on' }]);
    const out = run(lines);
    if (out[out.length - 1].final.power === 'off') continue;
    n++;
    const got = key(out);
    if (got !== without && got !== withUndo) { bad++; console.log(JSON.stringify({ afterBytes: b, got })); write(`undocut-${AT}-${b}`, lines); }
  }
} else if (mode === 'new') {
  const [BASE, FROM, TO, STEP] = [a[0], ...a.slice(1).map(Number)];
  const base = load(BASE).filter((l: any) => l.do === 'slide' || l.game);
  for (let t = FROM; t <= TO; t += STEP) {
    n++;
    const h = base[0];
    const lines = sorted(h, [...base.slice(1).filter((l: any) => l.t < t),
      { t, phone: { cmd: 'new', game: h.game, players: h.players, options: h.options } },
      { t: t + 12000, do: 'clear' }, { t: t + 17000, do: 'slide', to: { d: 140, y: 250 } }, { t: t + 30000, phone: { cmd: 'state' } }]);
    const out = run(lines);
    const st = out.filter((l) => l.phone?.type === 'state').pop().phone;
    const fl = out.filter((l) => l.t > t && (l.phone?.type === 'flag' || l.phone?.type === 'error'));
    const ok = st.left === 7 && st.weights.length === 1 && Math.abs(st.weights[0].d - 140) <= 6 && st.scores.every((x: number) => x === 0) && !fl.length;
    if (!ok) { bad++; console.log(JSON.stringify({ t, left: st.left, weights: st.weights.map((w: any) => [w.w, w.d]), scores: st.scores, flags: fl.map((l) => l.phone) })); write(`new-${t}`, lines); }
  }
} else if (mode === 'cmd') {
  const [BASE, CMD] = [a[0], a[1]];
  const [FROM, TO, STEP] = a.slice(2).map(Number);
  const base = load(BASE);
  const cmds = CMD.split('|').map((c) => JSON.parse(c));
  const clean = sum(run(base));
  console.log('clean', JSON.stringify(clean));
  for (let t = FROM; t <= TO; t += STEP) {
    n++;
    const lines = sorted(base[0], [...base.slice(1), ...cmds.map((c, i) => ({ t: t + 300 * i, phone: c }))]);
    const got = sum(run(lines));
    const extra = got.flags.filter((f) => !clean.flags.includes(f));
    if (got.final !== clean.final || extra.length) { bad++; console.log(JSON.stringify({ t, got })); write(`cmd-${t}`, lines); }
  }
}
console.log(`${mode} ${a.join(' ')}: ${n} cases, ${bad} otherwise`);
