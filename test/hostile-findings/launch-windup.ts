// Round 9: a player's wind-up over the launch row. A table shuffleboard player often pushes the weight forward and
// draws it back before letting go; where the launch row lies under the hand (docs/games/shuffleboard.md: "the launch
// row, where the players let go"), the weight covers a launch group for DUR ms (its switches to ground, as a weight
// passing does) BEFORE ms before the throw's own launch, then the throw goes. Oracle: the same game without the
// wind-up (the rules count a throw when the weight is let go; nothing was let go before it).
// Usage: npx tsx test/hostile-findings/launch-windup.ts BASE THROW_IX DUR BEFORE_FROM BEFORE_TO STEP [GROUP]; OUT=DIR
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

const [BASE, IX, DUR, FROM, TO, STEP] = [process.argv[2], ...process.argv.slice(3, 8).map(Number)];
const GROUP = process.argv[8] || 'launch.2';
const OUT = process.env.OUT;
if (OUT) mkdirSync(OUT, { recursive: true });
const base = readFileSync(BASE, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const slides = base.filter((l: any) => l.do === 'slide');
const at = slides[IX].t;
const run = (lines: any[]) => replay([lines[0], ...lines.slice(1).sort((a, b) => a.t - b.t)].map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const sum = (out: any[]) => JSON.stringify({
  final: out[out.length - 1].final.scores,
  told: out.filter((l) => ['score', 'flag', 'fault'].includes(l.phone?.type)).map((l) => l.phone.type === 'score' ? `${l.phone.player}:${l.phone.points}:${l.phone.rule}` : `${l.phone.type}:${l.phone.fault || l.phone.message}`),
});
const clean = sum(run(base));
let n = 0, bad = 0;
for (let before = FROM; before <= TO; before += STEP) {
  const lines = [...base, { t: at - before, fault: 'stuck', sensor: GROUP, value: 0 }, { t: at - before + DUR, fault: 'lift', sensor: GROUP }];
  const got = sum(run(lines));
  n++;
  if (got !== clean) {
    bad++;
    console.log(JSON.stringify({ windupAt: at - before, before, dur: DUR, got: JSON.parse(got).final, told: JSON.parse(got).told.filter((x: string) => !x.includes(':S')) }));
    if (OUT) writeFileSync(`${OUT}/windup-${IX}-${DUR}-${before}.jsonl`, [base[0], ...lines.slice(1).sort((a, b) => a.t - b.t)].map((l) => JSON.stringify(l)).join('\n') + '\n');
  }
}
console.log(JSON.stringify({ clean: JSON.parse(clean).final, cases: n, otherwise: bad }));
