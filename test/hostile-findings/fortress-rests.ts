// Clean fortification billiards in which a defending ball the game never names again comes to rest over a fort's
// mouth no later stroke passes, in one of its strokes, and lies there (normal play): the oracle is the same game without that ball at rest
// (the same final scores and turn), and no fault may be told. Usage: npx tsx test/hostile-findings/fortress-rests.ts N SEED
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

const N = Number(process.argv[2] || 50), SEED = Number(process.argv[3] || 1);
const FORTS = ['FA1', 'FA2', 'FR1', 'FR2', 'FG', 'EA1', 'EA2', 'ER1', 'ER2', 'EG'];
const GAMES = ['fortress-game', 'fortress-penalties'].map((f) => readFileSync(`scenarios/${f}.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l)));
const ending = (lines: object[]) => {
  const out = replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
  const final = out.at(-1).final;
  return { end: JSON.stringify([final.scores, final.turn, final.winner]), faults: out.filter((l) => l.phone?.type === 'fault').map((l) => `${l.t}:${l.phone.fault}:${l.phone.sensor ?? ''}`) };
};
let tried = 0, bad = 0;
fc.assert(fc.property(fc.nat(), fc.nat(), fc.constantFrom(...FORTS), (g, k, fort) => {
  const game = GAMES[g % GAMES.length];
  // A defending ball the game never names after its first stroke (a stroke of only hand happenings has none moving).
  const ball = ['ED2', 'FD2', 'ED1', 'FD1'].find((b) => !JSON.stringify(game).includes(`"${b}"`) && !JSON.stringify(game).includes(`"${b.slice(0, 2)}"`));
  if (!ball) return true;
  const strokes = game.map((l, i) => (l.do === 'stroke' ? i : -1)).filter((i) => i > 0);
  const at = strokes[k % strokes.length];
  // (A ball through a mouth where another lies cannot be read: told, and not scored. Not here: a mouth no later stroke passes.)
  if (JSON.stringify(game.slice(at + 1)).includes(`"${fort}"`)) return true;
  tried++;
  const resting = game.map((l, i) => (i === at ? { ...l, happens: [...l.happens, { ball, rests: fort }] } : l));
  const clean = ending(game), got = ending(resting);
  if (got.end !== clean.end || got.faults.length) {
    bad++;
    console.log(JSON.stringify({ game: game[0].seed, stroke: game[at].t, ball, fort, clean: clean.end, got: got.end, faults: got.faults }));
  }
  return true;
}), { numRuns: N, seed: SEED });
console.log(`tried ${tried}, differing or with a fault told ${bad}`);
