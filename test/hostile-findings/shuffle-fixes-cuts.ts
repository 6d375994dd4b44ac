// Round 7: round 6's shuffleboard regression scenarios (a fault the board now handles) with a power cut added
// anywhere in them (off OFF_MS, every STEP ms from 1.5 s to the last line), to see whether each fix holds after a
// power-up. Oracle: the scenario's own final scores without the cut (each ends as the same game without its fault).
// A cut within 3 s before a `clear` line is left out: the players lift the weights while the board, back, is still
// deciding the last throw (it shows the end not over), which no docs promise to score.
// Usage: npx tsx test/hostile-findings/shuffle-fixes-cuts.ts [STEP_MS] [OFF_MS]
import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

const STEP = Number(process.argv[2] || 700), OFF = Number(process.argv[3] || 300);
// NAMES=a,b to narrow (round 8: FROM/TO ms to narrow the cuts' window).
const NAMES = process.env.NAMES ? process.env.NAMES.split(',') : ['blip-at-power-up', 'blip-after-power-cut', 'launch-blip', 'stuck-by-weight', 'three-stuck-side-by-side', 'stuck-past-any-weight', 'entry-sensor-stuck-at-launch'];
const FROM = Number(process.env.FROM || 1500), TO = Number(process.env.TO || Infinity);
const finalOf = (lines: object[]) => {
  const out = replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
  return JSON.stringify(out[out.length - 1].final.scores);
};
for (const name of NAMES) {
  const base = readFileSync(`scenarios/fault-shuffleboard-${name}.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const want = finalOf(base);
  const clears = base.filter((l) => l.do === 'clear').map((l) => l.t);
  const end = base[base.length - 1].t;
  const wrong: string[] = [];
  let n = 0;
  for (let cut = FROM; cut < Math.min(end, TO); cut += STEP) {
    if (clears.some((c) => c - cut > 0 && c - cut < 3000 + OFF)) continue;
    // A cut already in the scenario (blip-after-power-cut) is kept; this one is another.
    if (base.some((l) => l.power && Math.abs(l.t - cut) < 2000 + OFF)) continue;
    n++;
    const lines = [base[0], ...[...base.slice(1), { t: cut, power: 'cut' }, { t: cut + OFF, power: 'on' }].sort((a, b) => a.t - b.t)];
    let got: string;
    try { got = finalOf(lines); } catch (e) { got = `refused: ${String(e).slice(0, 80)}`; }
    if (got !== want) wrong.push(`${cut}: ${got}`);
  }
  console.log(`${name}: ${n} cuts, ${wrong.length} otherwise than ${want}${wrong.length ? ': ' + wrong.join('; ') : ''}`);
}
