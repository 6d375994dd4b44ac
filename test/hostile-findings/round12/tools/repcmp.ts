import { readFileSync } from 'node:fs';
import { oracle } from './cmp';
const load = (f: string) => new Map(readFileSync(f, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).map((o) => [o.f, o]));
const dir = process.argv[2] ?? 'games';
const B = load(process.argv[3] ?? 'rep-base.jsonl'), M = load(process.argv[4] ?? 'rep-main.jsonl');
const c: Record<string, number> = {};
const inc = (k: string) => (c[k] = (c[k] ?? 0) + 1);
const cases: Record<string, string[]> = {};
const note = (k: string, f: string, extra = '') => { inc(k); (cases[k] ??= []).push(f + extra); };
let sumB = 0, sumM = 0, maxB = 0, maxM = 0;
for (const [f, b] of B) {
  const m = M.get(f);
  const truth = JSON.parse(readFileSync(`${dir}/${f.replace('.jsonl', '.truth.json')}`, 'utf8'));
  const sc = readFileSync(`${dir}/${f}`, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const slides = sc.filter((l: any) => l.do === 'slide').map((l: any) => l.t);
  const table = truth.targets.map((w: any, i: number) => (w ? { colour: i & 1, d: w.d, y: w.y } : null)).filter(Boolean);
  const tp = oracle(table);
  const judge = (r: any, name: string) => {
    inc(name + ' games');
    if (r.err) { note(name + ' threw', f, ' ' + r.err); return { asked: true, right: false }; }
    const asked = r.asks > 0 || r.q !== 0 || r.decisions.length < 8;
    if (r.decisions.length < 8) note(name + ' not all 8 decided', f);
    const right = r.endPoints[0] === tp[0] && r.endPoints[1] === tp[1];
    if (asked) inc(name + ' asked');
    if (!asked && !right) note(name + ' WRONG silently', f, ` board ${r.endPoints} truth ${tp}`);
    // weights placed beyond their u (board's own d & u vs the target), not asked about (u<999)
    truth.targets.forEach((w: any, i: number) => {
      if (!w || r.u == null) return;
      const u = r.u[i], d = r.d[i];
      if (u >= 999 || w.d + 29 >= 1829) return;
      if (d < 0) { note(name + ' weight on table told off/out', f, ` #${i} at ${w.d}`); return; }
      if (Math.abs(d - Math.max(0, w.d)) > u + 0.5) note(name + ' weight beyond u', f, ` #${i} ${w.d}->${d}±${u}`);
    });
    let lag = 0;
    r.decisions.forEach((t: number, i: number) => { lag += t - slides[i]; });
    return { asked, right, lag };
  };
  const jb = judge(b, 'base'), jm = judge(m, 'main');
  if (jb.lag !== undefined && jm.lag !== undefined && b.decisions.length === 8 && m.decisions.length === 8) {
    sumB += jb.lag; sumM += jm.lag;
    const db = Math.max(...b.decisions.map((t: number, i: number) => t - slides[i])), dm = Math.max(...m.decisions.map((t: number, i: number) => t - slides[i]));
    maxB = Math.max(maxB, db); maxM = Math.max(maxM, dm);
    if (jm.lag > jb.lag + 1000) note('main decides >1 s later in total', f, ` +${jm.lag - jb.lag} ms`);
    if (jb.lag > jm.lag + 1000) note('base decides >1 s later in total', f, ` +${jb.lag - jm.lag} ms`);
  }
  if (!jm.asked && !jm.right && !(!jb.asked && !jb.right)) note('MAIN WORSE: wrong silently where base not', f);
  if (!jb.asked && !jb.right && !(!jm.asked && !jm.right)) note('BASE WORSE: wrong silently where main not', f);
  if (jm.asked && !jb.asked && jb.right) note('main asks where base scored right', f);
  if (jb.asked && !jm.asked && jm.right) note('base asks where main scored right', f);
  const fb = b.faults.map((x: string) => x.split(':').slice(1).join(':')), fm = m.faults.map((x: string) => x.split(':').slice(1).join(':'));
  if (fb.join() !== fm.join()) note('fault reports differ', f, ` base ${b.faults} | main ${m.faults}`);
  else if (b.faults.join() !== m.faults.join()) {
    const d = m.faults.map((x: string, i: number) => Number(x.split(':')[0]) - Number(b.faults[i].split(':')[0]));
    if (d.some((x: number) => x > 1000)) note('main reports a fault >1 s later', f, ` ${b.faults} | ${m.faults}`);
    if (d.some((x: number) => x < -1000)) note('base reports a fault >1 s later', f, ` ${b.faults} | ${m.faults}`);
  }
  if (JSON.stringify([b.d, b.u, b.endPoints, b.decisions, b.faults]) !== JSON.stringify([m.d, m.u, m.endPoints, m.decisions, m.faults])) inc('outputs differ');
}
console.log(JSON.stringify(c, null, 1));
console.log({ totalLagBase: sumB, totalLagMain: sumM, worstThrowBase: maxB, worstThrowMain: maxM });
for (const [k, v] of Object.entries(cases)) console.log(k, '\n   ' + v.slice(0, 40).join('\n   '));
