import { readFileSync, readdirSync } from 'node:fs';
const dir = process.argv[2] ?? 'out';
const keys = ['tables', 'wrongSilently', 'asked', 'tablesBeyondU', 'weightsBeyondU', 'worstBeyondU', 'steps', 'faultSuspected', 'falseSuspect', 'hung'];
const tot: Record<string, Record<string, number>> = { base: {}, main: {} };
const cat: Record<string, number> = {};
const rows: string[] = [];
const examples: Record<string, string[]> = {};
for (const f of readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort()) {
  const lines = readFileSync(`${dir}/${f}`, 'utf8').trim().split('\n');
  const h = JSON.parse(lines[0]);
  const r = [f.replace('.jsonl', '')];
  for (const k of keys) {
    const b = h.agg.base[k] ?? 0, m = h.agg.main[k] ?? 0;
    tot.base[k] = k === 'worstBeyondU' ? Math.max(tot.base[k] ?? 0, b) : (tot.base[k] ?? 0) + b;
    tot.main[k] = k === 'worstBeyondU' ? Math.max(tot.main[k] ?? 0, m) : (tot.main[k] ?? 0) + m;
    if (k !== 'tables') r.push(`${typeof b === 'number' && !Number.isInteger(b) ? b.toFixed(1) : b}/${typeof m === 'number' && !Number.isInteger(m) ? m.toFixed(1) : m}`);
  }
  rows.push('| ' + r.join(' | ') + ' |');
  for (const l of lines.slice(1)) {
    const d = JSON.parse(l);
    const bw = !d.base.asked && !d.base.right, mw = !d.main.asked && !d.main.right;
    const c = (n: string) => { cat[n] = (cat[n] ?? 0) + 1; (examples[n] ??= []).length < 400 && examples[n].push(`${f}#${d.k}`); };
    if (mw && !bw) c(bw ? '' : 'main wrong silently, base not');
    if (bw && !mw) c('base wrong silently, main not');
    if (!d.base.asked && d.base.right && d.main.asked) c('main asks, base scored right silently');
    if (!d.main.asked && d.main.right && d.base.asked) c('base asks, main scored right silently');
    if (d.main.beyond > d.base.beyond) c('main more weights beyond u');
    if (d.base.beyond > d.main.beyond) c('base more weights beyond u');
    if (d.main.steps > 1.5 * d.base.steps + 50) c('main >1.5x steps');
    if (d.base.steps > 1.5 * d.main.steps + 50) c('base >1.5x steps');
    if (d.main.sus.join() !== d.base.sus.join()) {
      const fch = d.fault ? d.fault.ch : -1;
      const bf = d.base.sus.includes(fch), mf = d.main.sus.includes(fch);
      if (bf && !mf) c('main misses the fault base suspects');
      if (mf && !bf) c('main suspects the fault base misses');
      if (d.main.sus.filter((x: number) => x !== fch).length > d.base.sus.filter((x: number) => x !== fch).length) c('main false suspect more');
      if (d.main.sus.filter((x: number) => x !== fch).length < d.base.sus.filter((x: number) => x !== fch).length) c('base false suspect more');
    }
  }
}
console.log('| file | ' + keys.slice(1).map((k) => k + ' b/m').join(' | ') + ' |');
console.log('|' + ' --- |'.repeat(keys.length));
for (const r of rows) console.log(r);
console.log('TOTAL', JSON.stringify(tot));
console.log(JSON.stringify(cat, null, 1));
if (process.argv[3]) console.log(JSON.stringify(examples[process.argv[3]]));
