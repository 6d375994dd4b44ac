// Round 40 (49a9d72 against 4def24c): random fortress scenarios (strokes, hand moves, power cuts with the table changed
// while off and power back at any instant, `new` alone and in bursts with undo/new/diag, undo right after, buttons,
// colours and balls moved between a resume and the next tick, diagnostics at power-up or right after new, a bank
// glitch at power-up), replayed by one tree's sim/replay.ts; prints per scenario its final line and its phone
// messages without times (identical state messages in a row merged, refusal texts dropped).
//   gen:  npx tsx test/hostile-findings/40-fortress-differential.ts gen DIR N SEED
//   run:  (cd TREE && npx tsx PROJECT/test/hostile-findings/40-fortress-differential.ts run TREE LISTFILE > out.txt)
//   cmp:  npx tsx test/hostile-findings/40-fortress-differential.ts cmp base.txt new.txt
// (Run each tree from its own directory.)
import { writeFileSync, mkdirSync, readFileSync } from 'node:fs';
const mode = process.argv[2];
if (mode === 'gen') gen();
else if (mode === 'run') void run();
else cmp();
async function run(): Promise<void> {
  const R = await import(process.argv[3] + '/sim/replay.ts');
  const files = readFileSync(process.argv[4], 'utf8').split('\n').filter(Boolean);
  for (const f of files) {
    let lines: string[];
    try { lines = R.replay(readFileSync(f, 'utf8')).lines; } catch (e) { console.log(JSON.stringify({ f, err: String(e).slice(0, 200) })); continue; }
    const out: string[] = [];
    let final = '';
    let states = 0;
    for (const l of lines) {
      const o = JSON.parse(l);
      if (o.final) { final = JSON.stringify(o.final); continue; }
      if (!o.phone) continue;
      if (o.phone.type === 'error' || o.phone.type === 'flag') delete o.phone.message;
      const s = JSON.stringify(o.phone);
      if (o.phone.type === 'state') states++;
      if (o.phone.type === 'state' && out[out.length - 1] === s) continue;
      out.push(s);
    }
    console.log(JSON.stringify({ f, final, out, states }));
  }
}
function cmp(): void {
  const a = readFileSync(process.argv[3], 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const b = readFileSync(process.argv[4], 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  let same = 0, fin = 0, msg = 0, err = 0, extraStates = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i], y = b[i];
    if (x.err || y.err) { if (x.err !== y.err) { err++; console.log('ERR', x.f); } continue; }
    if (x.final !== y.final) { fin++; console.log('FINAL', x.f); }
    else if (x.out.join('\n') !== y.out.join('\n')) { msg++; console.log('MSG', x.f); }
    else same++;
    if (x.states !== y.states) extraStates++;
  }
  console.log({ n: a.length, same, fin, msg, err, stateCountDiffers: extraStates });
}
function gen(): void {
const [dir, N, S] = [process.argv[3], +process.argv[4], +(process.argv[5] || 1)];
mkdirSync(dir, { recursive: true });
let s = S >>> 0;
const rnd = () => { s = (s + 0x6d2b79f5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const pick = <T,>(a: T[]) => a[Math.floor(rnd() * a.length)];
const BALLS = ['EA', 'ED1', 'ED2', 'FA', 'FD1', 'FD2'];
const COLS = ['FA1', 'FA2', 'FR1', 'FR2', 'FG', 'EA1', 'EA2', 'ER1', 'ER2', 'EG', 'EP', 'FP'];
const NEW = { cmd: 'new', game: 'fortress', players: 2, options: {} };
function happening(): object {
  const r = rnd();
  const ball = pick(['EA', 'ED', 'FA', 'FD']);
  if (r < 0.3) return { ball, into: 'pocket', pocket: 1 + Math.floor(rnd() * 6) };
  if (r < 0.5) return { ball, into: 'fort', fort: pick(['FA1', 'FA2', 'FR1', 'FR2', 'FG', 'EA1', 'EA2', 'ER1', 'ER2', 'EG']), bell: rnd() < 0.5 };
  if (r < 0.7) return { ball, pass: true };
  if (r < 0.85) return { colours: pick(COLS), down: rnd() < 0.7 };
  return { ball: pick(BALLS), offSpot: rnd() < 0.5 };
}
for (let i = 0; i < N; i++) {
  const lines: object[] = [];
  const diagHeader = rnd() < 0.08;
  lines.push(diagHeader ? { game: 'fortress', players: 2, seed: i + 1, mode: 'diag' } : { game: 'fortress', players: 2, seed: i + 1 });
  let t = 500;
  let on = true;
  let lastOn = -1e9; // when the board's firmware resumed (power on + 1000)
  let lastNew = -1e9;
  const steps = 6 + Math.floor(rnd() * 14);
  for (let k = 0; k < steps; k++) {
    const r = rnd();
    // Instants near a resume (power-up or new): the tick between.
    const near = () => { const base = rnd() < 0.5 ? lastOn : lastNew; return base > 0 && base + 12 > t ? base + pick([0, 0.5, 1, 1.5, 2, 3, 4, 6]) : t; };
    if (!on) {
      // While off: the table changed, then power back.
      if (rnd() < 0.6) lines.push({ t: t += 1, set: { ['spot.' + pick(BALLS)]: rnd() < 0.5 ? 1 : 0 } });
      if (rnd() < 0.6) lines.push({ t: t += 1, set: { ['colours.' + pick(COLS)]: rnd() < 0.5 ? 1 : 0 } });
      lines.push({ t: t += 10 + Math.floor(rnd() * 500), power: 'on' });
      on = true;
      lastOn = t + 1000;
      // Something right at the resume or its next tick.
      const w = rnd();
      const at = lastOn + pick([0, 1, 1.5, 2, 2.5, 3, 4]);
      if (w < 0.15) lines.push({ t: at, button: pick(['next', 'mode', 'both']) });
      else if (w < 0.25) lines.push({ t: at, button: 'mode', holdMs: 2000 });
      else if (w < 0.35) lines.push({ t: at, phone: pick([NEW, { cmd: 'undo' }, { cmd: 'diag', on: true }, { cmd: 'stroke' }, { cmd: 'state' }]) });
      else if (w < 0.45) lines.push({ t: at, set: { ['colours.' + pick(COLS)]: rnd() < 0.5 ? 1 : 0 } });
      else if (w < 0.55) lines.push({ t: at, set: { ['spot.' + pick(BALLS)]: rnd() < 0.5 ? 1 : 0 } });
      else if (w < 0.62) { lines.push({ t: at, fault: 'floating', sensor: '*' }); lines.push({ t: at + 2, fault: 'lift' }); }
      else if (w < 0.67) { lines.push({ t: lastOn - 999, button: 'mode', holdMs: 1500 }); }
      t = Math.max(t, at);
      if (rnd() < 0.3) { lines.push({ t: t += pick([1, 2, 3, 5]), power: 'cut' }); on = false; }
      continue;
    }
    if (r < 0.3) {
      lines.push({ t: t += 200, do: 'stroke', happens: Array.from({ length: Math.floor(rnd() * 4) }, happening) });
      t += 9500;
      if (rnd() < 0.15) { t -= 9500 - Math.floor(rnd() * 9000); }
    } else if (r < 0.38) {
      lines.push({ t: t += 200, do: 'hand', happens: [{ colours: pick(COLS), down: rnd() < 0.6 }] });
      t += 1000;
    } else if (r < 0.55) {
      lines.push({ t: t += 100 + Math.floor(rnd() * 3000), power: 'cut' });
      on = false;
    } else if (r < 0.72) {
      const burst = rnd() < 0.4;
      t += 300;
      lastNew = t;
      if (burst) {
        const parts = [NEW, pick([NEW, { cmd: 'undo' }, { cmd: 'diag', on: true }, { cmd: 'stroke' }, NEW, { cmd: 'over', winner: 0 }])];
        if (rnd() < 0.5) parts.push(pick([NEW, { cmd: 'undo' }, { cmd: 'diag', on: false }]));
        lines.push({ t, phone: parts.map((p) => JSON.stringify(p)).join('\n') });
      } else lines.push({ t, phone: NEW });
      // Right after: something between the new and the next tick.
      const w = rnd();
      const at = t + pick([0, 1, 1.5, 2, 2.5, 3, 4, 6]);
      if (w < 0.2) lines.push({ t: at, phone: { cmd: 'undo' } });
      else if (w < 0.3) lines.push({ t: at, phone: { cmd: 'diag', on: true } });
      else if (w < 0.4) lines.push({ t: at, button: pick(['next', 'mode']) });
      else if (w < 0.5) lines.push({ t: at, set: { ['colours.' + pick(COLS)]: rnd() < 0.5 ? 1 : 0 } });
      else if (w < 0.6) lines.push({ t: at, power: 'cut' }), on = false;
      else if (w < 0.65) { lines.push({ t: at, fault: 'floating', sensor: '*' }); lines.push({ t: at + 2, fault: 'lift' }); }
      t = Math.max(t, at) + 10;
      if (on && rnd() < 0.3) { lines.push({ t: t += 3000, phone: { cmd: 'diag', on: false } }); }
      if (on) t += 1000;
    } else if (r < 0.8) {
      lines.push({ t: t += 300, phone: { cmd: 'undo' } }); t += 500;
    } else if (r < 0.86) {
      lines.push({ t: t += 300, button: 'next' }); t += 300;
    } else if (r < 0.9) {
      lines.push({ t: t += 300, phone: { cmd: 'diag', on: rnd() < 0.5 } }); t += 2000;
    } else if (r < 0.95) {
      lines.push({ t: t += 200, do: 'stroke', happens: [{ ball: pick(BALLS), offSpot: true }] }); t += 2000 + Math.floor(rnd() * 8000);
    } else {
      t += 9000;
    }
  }
  if (!on) lines.push({ t: t += 5, power: 'on' });
  lines.push({ t: t += 2000, phone: { cmd: 'diag', on: false } });
  lines.push({ t: t += 12000, do: 'stroke', happens: [happening()] });
  writeFileSync(`${dir}/r${S}-${i}.jsonl`, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
}
}
