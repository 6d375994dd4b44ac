// Round 8: a scenario replayed with one power cut added at each instant given (off OFF ms, default 300): the final
// scores and every flag, fault and refusal, to compare with the scenario as it is (the oracle: the same play uncut).
// Usage: [OFF=300] npx tsx test/hostile-findings/cut-at.ts FILE CUT_MS...
import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

const [f, ...cuts] = process.argv.slice(2);
const base = readFileSync(f, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const OFF = Number(process.env.OFF || 300);
for (const c of cuts.map(Number)) {
  const lines = [base[0], ...[...base.slice(1), { t: c, power: 'cut' }, { t: c + OFF, power: 'on' }].sort((a: any, b: any) => a.t - b.t)];
  const out = replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
  const fl = out.filter((l) => l.phone && ['flag', 'fault', 'error'].includes(l.phone.type)).map((l) => `${l.t}:${JSON.stringify(l.phone).slice(0, 80)}`);
  console.log(c, JSON.stringify(out[out.length - 1].final.scores), fl.join(' | '));
}
