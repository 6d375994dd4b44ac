// Round 43: fortification billiards' rules at HEAD (wordIndex by a split) against a6e4885's (a loop), side by side in
// Node, on random games of hostile strokes: names that are prefixes or suffixes of others, empty words (double spaces,
// leading and trailing spaces), 'wrong' inside words, marks at the very end, 40-happening strokes, fixes.
// Usage: BASE=/path/to/a6e4885-worktree npx tsx test/hostile-findings/43-fortress-wordindex-differential.mts [GAMES] [SEED]
import { playMove } from '../../firmware/game';
import { game as head } from '../../firmware/games/fortress/index';
const BASE = process.env.BASE || '';
if (!BASE) throw new Error('BASE: a worktree of the commit to compare with (git worktree add DIR a6e4885)');
const base = (await import(BASE + '/firmware/games/fortress/index.ts')).game;
const basePlay = (await import(BASE + '/firmware/game.ts')).playMove;
const GAMES = Number(process.argv[2] || 3000);
let s = Number(process.argv[3] || 43) >>> 0;
const rnd = () => { s = (s + 0x6d2b79f5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const pick = <T,>(a: T[]): T => a[Math.floor(rnd() * a.length)];
const BALLS = ['EA', 'ED1', 'ED2', 'FA', 'FD1', 'FD2', 'ED', 'FD', 'E', 'F', 'EA1', 'A', 'D1', 'EAEA', 'FD22'];
const FORTS = ['FA1', 'FA2', 'FR1', 'FR2', 'FG', 'EA1', 'EA2', 'ER1', 'ER2', 'EG', 'FA', 'FA12', 'A1', 'G', 'EGG', 'FR'];
const COLS = [...FORTS, 'EP', 'FP', 'P', 'EPP'];
const happening = (): string => {
  const q = rnd();
  if (q < 0.18) return pick(BALLS) + '>' + pick(FORTS) + (rnd() < 0.5 ? '!' : '');
  if (q < 0.3) return pick(BALLS) + '.' + (1 + Math.floor(rnd() * 7));
  if (q < 0.45) return pick(BALLS) + '=';
  if (q < 0.62) return pick(COLS) + pick(['_', '^']);
  if (q < 0.74) return pick(BALLS) + pick(['-', '+']);
  if (q < 0.8) return pick(BALLS) + '~';
  if (q < 0.86) return pick(['wrong', 'hit', 'xwrong', 'wrongx', 'wrong!', 'hitwrong']);
  if (q < 0.92) return '';
  return pick(['EA=wrong', 'FA1_FA1_', '_', '^', '=', '-', '+']);
};
const strokeText = (): string => {
  const n = rnd() < 0.1 ? 40 : Math.floor(rnd() * 8);
  let h = Array.from({ length: n }, happening).join(rnd() < 0.15 ? '  ' : ' ');
  if (rnd() < 0.1) h = ' ' + h;
  if (rnd() < 0.1) h += ' ';
  if (rnd() < 0.1) h += ' wrong';
  return h;
};
const move = (): object => {
  const r = rnd();
  if (r < 0.6) return { k: 'stroke', h: rnd() < 0.1 ? strokeText().split(' ') : strokeText() };
  if (r < 0.7) return { k: 'fix', h: strokeText() };
  if (r < 0.75) return { k: 'wrong' };
  if (r < 0.82) return { k: 'over', ball: pick(['EA', 'ED', 'ED1', 'ED2', 'FA', 'FD', 'FD1', 'FD2', 'E', 'EA1']) };
  if (r < 0.88) return { k: 'blind', ...(rnd() < 0.5 ? { hit: rnd() < 0.5 } : {}) };
  if (r < 0.92) return { k: 'lag', p: Math.floor(rnd() * 2) };
  if (r < 0.96) return { k: 'found', h: strokeText(), u: rnd() < 0.5 ? 1 : undefined };
  return { k: 'stroke', h: strokeText(), f: strokeText(), n: Math.floor(rnd() * 5) };
};
let moves = 0, differ = 0, refusedSame = 0, scored = 0;
for (let g = 0; g < GAMES; g++) {
  const options = { floorAtZero: rnd() < 0.5, alternate: rnd() < 0.3, penaltyBeforePass: rnd() < 0.8 };
  let a = head.setup({ players: 2, options }), b = base.setup({ players: 2, options });
  for (let i = 0; i < 60; i++) {
    const m = move();
    let oa: any, ob: any;
    try { oa = playMove(head, a, JSON.parse(JSON.stringify(m))); } catch (e) { oa = { threw: String(e) }; }
    try { ob = basePlay(base, b, JSON.parse(JSON.stringify(m))); } catch (e) { ob = { threw: String(e) }; }
    moves++;
    const ja = JSON.stringify(oa), jb = JSON.stringify(ob);
    if (ja !== jb) { differ++; if (differ < 5) console.log('DIFFERS', JSON.stringify(m), ja.slice(0, 300), jb.slice(0, 300)); break; }
    if (oa.refused !== undefined) refusedSame++;
    if (oa.changes && oa.changes.length) scored++;
    if (oa.state) { a = oa.state; b = ob.state; }
    if (a.w !== null) break;
  }
}
console.log(JSON.stringify({ games: GAMES, moves, differ, refused: refusedSame, scoring: scored }));
