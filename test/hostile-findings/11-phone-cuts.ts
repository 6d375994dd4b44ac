// Round 11: the example triangle and fortification billiards games (scenarios/) with random referee commands and
// power cuts at random instants, anywhere (mid-move included). Oracle: protocol invariants only (docs/protocol.md,
// docs/saving.md, docs/protocol.md), no scorer:
//  - every command with an id sent while the board is up gets exactly one `ok` or `error` (a `new`: `ok`, then perhaps
//    an error), with its id; every refusal's code is one of the documented ones;
//  - the sum of the `score` messages since the game's first `state` equals the final scores (nothing told twice or
//    left untold);
//  - a power cut loses nothing already told: the scores of the `state` after `restored` equal those of the last
//    `state` told before the cut (docs/saving.md: a cut loses at most the move being saved, and the board tells a
//    move once it is saved).
// Usage: npx tsx test/hostile-findings/11-phone-cuts.ts N SEED   (OUT=DIR for cases that break one)
import { readFileSync, writeFileSync } from 'node:fs';
import { replay } from '../../sim/replay';
import { seeded } from '../seeded';

const N = Number(process.argv[2] || 50);
const { rnd, ri, pick } = seeded(Number(process.argv[3] || 1));
const OUT = process.env.OUT || '/tmp';
const BASES = ['triangle-game', 'triangle-exact', 'triangle-corrected', 'fortress-game', 'fortress-penalties', 'fortress-corrected'];
const CMDS: Record<string, object[]> = {
  triangle: [{ cmd: 'undo' }, { cmd: 'off' }, { cmd: 'fix', r: 'perfect' }, { cmd: 'fix', r: 'short' }, { cmd: 'flick', r: 'partly' }, { cmd: 'state' },
    { cmd: 'new', game: 'triangle', players: 3 }],
  fortress: [{ cmd: 'undo' }, { cmd: 'wrong' }, { cmd: 'over', ball: 'FD' }, { cmd: 'over', ball: 'ED1' }, { cmd: 'blind' }, { cmd: 'blind', hit: true },
    { cmd: 'blind', hit: false }, { cmd: 'fix', h: 'EA>FA1! FD.2' }, { cmd: 'fix', h: '-' }, { cmd: 'stroke', h: 'FA=' }, { cmd: 'hand', h: 'EP_' },
    { cmd: 'lag', p: 1 }, { cmd: 'state' }, { cmd: 'new', game: 'fortress', players: 2 }],
};
const CODES = new Set(['not_now', 'bad_arg', 'busy', 'failed']);

let bad = 0, skipped = 0, withCuts = 0, cmdsSent = 0;
for (let c = 0; c < N; c++) {
  const base = pick(BASES);
  const lines = readFileSync(`scenarios/${base}.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const header = lines.shift();
  header.logBytes = 1000000;
  const game = header.game as string;
  const end = lines[lines.length - 1].t as number;
  const cuts: [number, number][] = [];
  for (let k = ri(3); k > 0; k--) { const a = 500 + ri(end); cuts.push([a, a + 200 + ri(3000)]); }
  cuts.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < cuts.length; i++) if (cuts[i][0] <= cuts[i - 1][1] + 1500) cuts[i][0] = cuts[i][1] = -1;
  const live = cuts.filter(([a]) => a >= 0);
  const up = (t: number) => !live.some(([a, b]) => t >= a - 2 && t <= b + 1002);
  const extra: any[] = [];
  let id = 1;
  for (let k = 2 + ri(8); k > 0; k--) {
    const t = 300 + ri(end + 3000);
    if (!up(t)) continue;
    extra.push({ t, phone: { ...pick(CMDS[game]), id: id++ } });
  }
  // TORN=1: each cut waits for the next write to flash and comes after 0-40 of its bytes (a move cut while saved).
  const torn = !!process.env.TORN;
  for (const [a, b] of live) extra.push({ t: a, power: 'cut', ...(torn ? { afterBytes: ri(41) } : {}) }, { t: b, power: 'on' });
  // Scenario lines the simulator refuses while the board is off are physical (happenings go on): keep them all.
  const all = [...lines, ...extra].sort((x, y) => x.t - y.t);
  const text = [header, ...all].map((l) => JSON.stringify(l)).join('\n') + '\n';
  let out: any[];
  try { out = replay(text).lines.map((l) => JSON.parse(l)); } catch (e) {
    // A stroke refused (struck while one is under way, a miss by a ball off its spot) is the generator's: skip.
    skipped++;
    continue;
  }
  if (live.length) withCuts++;
  cmdsSent += extra.filter((x) => x.phone).length;
  {
  }
  const problems: string[] = [];
  // With torn cuts the board is off from an unknown instant: answers are not checked after the first.
  for (const l of extra.filter((x) => x.phone && !(torn && live.length && x.t >= live[0][0]))) {
    const mine = out.filter((o) => o.phone && ['ok', 'error'].includes(o.phone.type) && o.phone.id === l.phone.id);
    const isNew = l.phone.cmd === 'new';
    if (!mine.length) problems.push(`${JSON.stringify(l.phone)} at ${l.t}: no answer`);
    else if (isNew ? !(mine[0].phone.type === 'ok' ? mine.length <= 2 : mine.length === 1) : mine.length !== 1) problems.push(`${JSON.stringify(l.phone)} at ${l.t}: ${mine.length} answers`);
    for (const m of mine) if (m.phone.type === 'error' && !CODES.has(m.phone.code)) problems.push(`${JSON.stringify(l.phone)} at ${l.t}: code ${m.phone.code}`);
  }
  const fin = out[out.length - 1].final;
  let told: number[] = [];
  let lastState: any = null;
  for (let i = 0; i < out.length; i++) {
    const o = out[i];
    if (o.phone?.type === 'state' && o.phone.scores.every((x: number) => x === 0) && (o.phone.last === null || o.phone.last === '') && !out.slice(Math.max(0, i - 2), i).some((p) => p.phone?.type === 'restored')) told = new Array(o.phone.scores.length).fill(0);
    if (o.phone?.type === 'score') told[o.phone.player] = (told[o.phone.player] || 0) + o.phone.points;
    if (o.phone?.type === 'restored') {
      const next = out.slice(i + 1).find((p) => p.phone?.type === 'state');
      if (lastState && next && JSON.stringify(next.phone.scores) !== JSON.stringify(lastState.phone.scores)) problems.push(`restored at ${o.t}: ${JSON.stringify(next.phone.scores)}, told before the cut ${JSON.stringify(lastState.phone.scores)} (at ${lastState.t}), ${JSON.stringify(o.phone)}`);
    }
    if (o.phone?.type === 'state') lastState = o;
  }
  if (fin.scores && fin.scores.length && JSON.stringify(told) !== JSON.stringify(fin.scores)) problems.push(`told ${JSON.stringify(told)}, final ${JSON.stringify(fin.scores)}`);
  if (problems.length) {
    bad++;
    const f = `${OUT}/11-phone-cuts-${process.argv[3] || 1}-${c}.jsonl`;
    writeFileSync(f, text);
    if (bad < 15) console.log(`case ${c} ${base} (${f}): ${problems.slice(0, 3).join('; ')}`);
  }
}
console.log(`${N} cases (${skipped} refused by the simulator, ${withCuts} with cuts, ${cmdsSent} commands), ${bad} break an invariant`);
