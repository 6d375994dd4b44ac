import { readFileSync } from 'node:fs';
const { replay } = await import(process.cwd() + '/sim/replay.ts');
const lines = replay(readFileSync(process.argv[2], 'utf8')).lines.map((l: string) => JSON.parse(l));
const st = lines.filter((l: any) => l.phone?.type === 'state');
const fin = lines.find((l: any) => l.final)?.final;
console.log(JSON.stringify({ faults: lines.filter((l: any) => l.phone?.type === 'fault').map((l: any) => `${l.t}:${l.phone.fault}:${l.phone.sensor ?? ''}`), flags: lines.filter((l: any) => l.phone?.type === 'flag').map((l: any) => `${l.t}:${l.phone.message}`), scores: lines.filter((l: any) => l.phone?.type === 'score').map((l: any) => `${l.t}:${l.phone.player}:${l.phone.points}:${l.phone.rule}`), decisions: st.map((s: any) => `${s.t}:L${s.phone.left}`), ask: st.filter((s: any) => s.phone.ask?.length).map((s: any) => `${s.t}:${s.phone.ask}`)[0] ?? null, d: fin?.state?.d, u: fin?.state?.u, t: fin?.state?.t, q: fin?.state?.q, ep: fin?.state?.ep }));
