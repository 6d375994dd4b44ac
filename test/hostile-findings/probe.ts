// Replays a scenario (file or stdin) and prints only what a referee would watch: scores, flags, errors,
// faults, the display's label and the final table. Usage: npx tsx test/hostile-findings/probe.ts FILE
import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';
const text = readFileSync(process.argv[2] === '-' || !process.argv[2] ? 0 : process.argv[2], 'utf8');
for (const s of replay(text).lines) {
  const l = JSON.parse(s);
  const p = l.phone;
  if (p && ['score', 'flag', 'error', 'fault', 'over', 'restored', 'ok'].includes(p.type)) console.log(l.t, JSON.stringify(p));
  else if (l.display) console.log(l.t, 'display', l.display);
  else if (l.final) console.log('final', JSON.stringify(l.final.scores), JSON.stringify(l.final.state));
}
