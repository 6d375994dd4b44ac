// Round 10: Ring-a-Peg's primary game (R1-R4, R8) against an independent scorer written from the rules' text (docs/games/ringapeg.md), with random
// legal snaps (any peg or a miss, no marches), 2-4 players, 3 s apart. `npx tsx test/hostile-findings/peg-rules.ts N SEED`
// Oracle: the rules text: stacks in landing order, the top counts, the one beneath it not when another player's,
// every other ring counts; peg values outer 5, inner 10, king 25; highest count wins (ties skipped: R8's extra rings).
import { writeFileSync } from 'node:fs';
import { replay } from '../../sim/replay';
import { seeded } from '../seeded';

const N = Number(process.argv[2] || 100);
const { rnd, ri } = seeded(Number(process.argv[3] || 1));
const pegs = ['o1', 'o2', 'o3', 'o4', 'o5', 'o6', 'o7', 'o8', 'i1', 'i2', 'i3', 'i4', 'k'];
const value = (p: string) => (p === 'k' ? 25 : p[0] === 'i' ? 10 : 5);
let bad = 0, ties = 0, ran = 0;
for (let c = 0; c < N; c++) {
  const players = 2 + ri(3);
  const rings = players === 2 ? 16 : 4 * players;
  const stacks: Record<string, number[]> = {};
  const lines: object[] = [{ game: 'ringapeg', players, options: { variant: 'primary' }, seed: c }];
  for (let r = 0; r < rings; r++) {
    const who = r % players;
    const peg = ri(8) === 0 ? null : pegs[ri(pegs.length)];
    if (peg) (stacks[peg] ||= []).push(who);
    lines.push({ t: 1000 + 3000 * r, do: 'snap', peg });
  }
  // "no march, my turn is over" after the last ring (docs/games/ringapeg.md, Buttons), 2 s after it.
  lines.push({ t: 1000 + 3000 * rings, button: 'next' });
  // CUTS=1: a power cut at a random instant after a random snap, on again 1.3 s before the next (the board takes 1 s to come up).
  let cutAt = -1;
  if (process.env.CUTS) {
    const r = ri(rings);
    cutAt = 1000 + 3000 * r + ri(1600);
    lines.push({ t: cutAt, power: 'cut' }, { t: 1000 + 3000 * r + 1700, power: 'on' });
    lines.sort((a: any, b: any) => a.t - b.t);
  }
  const want = new Array(players).fill(0);
  for (const [p, s] of Object.entries(stacks)) {
    s.forEach((owner, i) => {
      const top = s.length - 1;
      if (i === top - 1 && owner !== s[top]) return;
      want[owner] += value(p);
    });
  }
  const best = Math.max(...want);
  if (want.filter((w) => w === best).length > 1) { ties++; continue; }
  ran++;
  const out = replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
  const fin = out[out.length - 1].final;
  const winner = want.indexOf(best);
  if (!fin || JSON.stringify(fin.scores) !== JSON.stringify(want) || fin.winner !== winner) {
    bad++;
    const f = `/tmp/peg-rules-${c}.jsonl`;
    writeFileSync(f, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    if (bad < 12) console.log(`case ${c} cut ${cutAt} (${f}): want ${want} winner ${winner}, got ${JSON.stringify(fin && fin.scores)} winner ${fin && fin.winner}`);
  }
}
console.log(`${ran} games (${ties} ties skipped), ${bad} differ`);
