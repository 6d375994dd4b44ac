// Round 7: a power cut while a throw (or several kept) is under way, and the next weight launched 0-2 s after the
// board is up again, in steps (the phase of the launch against the board's ticks). Oracle: the same game with the
// same cut and that launch 3 s after the board is up (docs/games/shuffleboard.md, Power cuts: the throws under way are
// decided "once every weight has been still for 0.4 s ... or when the next weight is launched"): the same final
// scores, no question the other does not ask, and the end's last throw decided within 12 s of its launch.
// Usage: npx tsx test/hostile-findings/shuffle-launch-after-up.ts BASE CUT_MS OFF_MS LAUNCH_INDEX [FROM TO STEP]
import { readFileSync, writeFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

const [BASE, CUT, OFF, IX] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4]), Number(process.argv[5])];
const FROM = Number(process.argv[6] ?? 0), TO = Number(process.argv[7] ?? 2000), STEP = Number(process.argv[8] ?? 10);
const base = readFileSync(BASE, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const run = (lines: object[]) => replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const slides = base.filter((l) => l.do === 'slide');
const up = CUT + OFF + 1000;
const shift = up - slides[IX].t;
/** The game with the launch IX (and every line after it) moved to `at`. */
function game(at: number): object[] {
  const dt = at - slides[IX].t - shift;
  const lines = base.slice(1).map((l) => (l.t >= slides[IX].t ? { ...l, t: l.t + shift + dt } : l));
  // NOCUT=1: the same launches with no cut (is it the cut?).
  const cut = process.env.NOCUT ? [] : [{ t: CUT, power: 'cut' }, { t: CUT + OFF, power: 'on' }];
  return [base[0], ...[...lines, ...cut].sort((a: any, b: any) => a.t - b.t)];
}
const sum = (out: any[]) => {
  const asks = out.filter((l) => l.phone?.type === 'flag' && /cannot tell/.test(l.phone.message)).length;
  return { final: JSON.stringify(out[out.length - 1].final.scores), asks, flags: out.filter((l) => l.phone?.type === 'flag' && !/cannot tell/.test(l.phone.message)).map((l) => `${l.t}:${l.phone.message}`) };
};
const ref = sum(run(game(up + 3000)));
console.log('reference (launch 3 s after up):', JSON.stringify(ref));
let bad = 0, n = 0;
for (let d = FROM; d <= TO; d += STEP) {
  n++;
  const g = game(up + d), out = run(g), s = sum(out);
  if (s.final !== ref.final || s.asks > ref.asks || s.flags.length > ref.flags.length) {
    bad++;
    console.log(JSON.stringify({ after: d, ...s }));
    // OUT=FILE: the first such game written out, to replay.
    if (process.env.OUT && bad === 1) writeFileSync(process.env.OUT, g.map((l) => JSON.stringify(l)).join('\n') + '\n');
  }
}
console.log(`${n} launches 0-${TO} ms after the board is up: ${bad} otherwise`);
