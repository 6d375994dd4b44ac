// Replays every scenario of a folder in the tree of the cwd; prints one summary line a scenario.
import { readFileSync, readdirSync } from 'node:fs';
const { replay } = await import(process.cwd() + '/sim/replay.ts');
const dir = process.argv[2];
const only = process.argv[3];
for (const f of readdirSync(dir).filter((f) => f.endsWith('.jsonl') && !f.includes('.truth') && (!only || f.includes(only))).sort()) {
  const text = readFileSync(`${dir}/${f}`, 'utf8');
  const t0 = Date.now();
  let lines: any[] = [];
  let err: string | null = null;
  try { lines = replay(text).lines.map((l: string) => JSON.parse(l)); } catch (e) { err = String(e).slice(0, 300); }
  const states = lines.filter((l) => l.phone?.type === 'state');
  const decisions: number[] = [];
  let left = 8;
  for (const s of states) if (s.phone.left < left) { for (let k = s.phone.left; k < left; k++) decisions.push(s.t); left = s.phone.left; }
  const asks = states.filter((s) => s.phone.ask?.length).map((s) => ({ t: s.t, ask: s.phone.ask }));
  const faults = lines.filter((l) => l.phone?.type === 'fault').map((l) => `${l.t}:${l.phone.fault}:${l.phone.sensor}`);
  const flags = lines.filter((l) => l.phone?.type === 'flag').map((l) => `${l.t}:${l.phone.message.slice(0, 40)}`);
  const last = states[states.length - 1]?.phone;
  const fin = lines.find((l) => l.final)?.final;
  console.log(JSON.stringify({ f, err, ms: Date.now() - t0, decisions, firstAsk: asks[0] ?? null, asks: asks.length, faults, flags, weights: last?.weights?.map((w: any) => [w.w, w.d]), endPoints: last?.endPoints, u: fin?.state?.u, d: fin?.state?.d, q: fin?.state?.q, scores: fin?.scores }));
}
