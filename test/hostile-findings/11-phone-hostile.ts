// Round 11: hostile phone command sequences on the triangle (docs/protocol.md), between and
// around real flicks: undo / fix / off / flick / new (also while a chip slides, with MIDSLIDE=1), state, bright, bad
// fields, unknown commands, ids repeated, an unpaired phone's edits (confirm, then timeout), power cuts with commands
// before and after them. Independent oracle (the rules T1-T8 as docs/games/triangle.md states them; no firmware import):
//  - every command with an id is answered (ok, error, or confirm then ok/timeout; `new`: ok, then perhaps an error),
//    never silence, never two answers of the same kind; a bad field, an unknown command: an error, whatever the game;
//  - a refusal has its reason: fix/off refused only before the game's first flick (`none`) or once won (`over`),
//    undo only with nothing to undo; nothing accepted that the rules refuse;
//  - the scores the board ends with, and the sum of the `score` messages since the last new game, equal the rules'
//    fold of what happened: every flick as the tolerance table scores its stop, the commands the board took, in order.
// Commands are not sent while the power is off or the board starts (1 s): it hears nothing then (docs/replay.md).
// Usage: npx tsx test/hostile-findings/11-phone-hostile.ts N SEED   (MIDSLIDE=1: commands also while a chip slides;
// AGAIN=1: a third of the paired commands sent again, the same line, 0.3-1.2 s later, before the next flick's line)
import { writeFileSync } from 'node:fs';
import { replay } from '../../sim/replay';
import { seeded } from '../seeded';
import { endingProblems, fold, type Move, type R } from './triangle-scorer';
import { FLICK_MS } from '../../sim/physics/triangle';

const N = Number(process.argv[2] || 50);
const { rnd, ri, pick } = seeded(Number(process.argv[3] || 1));
const OUT = process.env.OUT || '/tmp';
const MIDSLIDE = !!process.env.MIDSLIDE;
const AGAIN = !!process.env.AGAIN;

const resultOf = (stop: number): R => (stop < -3 ? 'short' : stop < 0.5 ? 'perfect' : stop < 22.5 ? 'partly' : 'beyond');
const stopFor = (r: R): number => {
  const u = rnd();
  if (r === 'perfect') return Math.round((-2.5 + 2.7 * u) * 10) / 10;
  if (r === 'partly') return Math.round((1 + 17 * u) * 10) / 10;
  if (r === 'short') return Math.round((-50 + 46 * u) * 10) / 10;
  return Math.round((23 + 20 * u) * 10) / 10;
};

// Commands that are always bad, whatever the game's state: each must be refused with this code.
const BAD: [object | string, string][] = [
  [{ cmd: 'fix', r: 'great' }, 'bad_arg'], [{ cmd: 'fix' }, 'bad_arg'], [{ cmd: 'flick', r: 3 }, 'bad_arg'],
  [{ cmd: 'off', r: 'short' }, 'bad_arg'], [{ cmd: 'bright', level: 16 }, 'bad_arg'], [{ cmd: 'bright', level: -1 }, 'bad_arg'],
  [{ cmd: 'new', game: 'triangle', players: 7 }, 'bad_arg'], [{ cmd: 'new', game: 'triangle', players: 1 }, 'bad_arg'],
  [{ cmd: 'new', game: 'triangle', players: 2, options: { exakt: true } }, 'bad_arg'],
  [{ cmd: 'new', game: 'ringapeg', players: 2 }, 'bad_arg'], [{ cmd: 'claim', player: 0 }, 'unknown_cmd'],
  [{ cmd: 'place', i: 0 }, 'unknown_cmd'], [{ cmd: 'undo', extra: 1 }, 'bad_arg'], [{ cmd: 'wrong' }, 'unknown_cmd'],
  [{ cmd: 'state', x: 1 }, 'bad_arg'],
];

interface Cmd { t: number; body: any; id: number | string; paired: boolean; bad?: string }

let badCases = 0;
for (let c = 0; c < N; c++) {
  let n = 2 + ri(3);
  let exact = ri(3) === 0;
  const lines: any[] = [{ game: 'triangle', players: n, options: { exact }, seed: c + 1, logBytes: 1000000 }];
  const cmds: Cmd[] = [];
  const flicks: { t: number; r: R }[] = [];
  const cuts: [number, number][] = [];
  let t = 1000;
  let nextId = 1;
  const GAP = 3500;
  const nFlicks = 10 + ri(25);
  const deaf = (x: number) => cuts.some(([a, b]) => x >= a - 5 && x <= b + 1100);
  for (let i = 0; i < nFlicks; i++) {
    const r: R = pick(['perfect', 'perfect', 'partly', 'short', 'beyond']);
    lines.push({ t, do: 'flick', stopMm: stopFor(r) });
    flicks.push({ t: t + 700, r });
    // A cut after the chip is decided, the board up again (1 s after on) before the next chip is lifted (the
    // simulator's player reckons the side from his own last flick while the board is off: an undo he saw is lost).
    if (ri(8) === 0) { const a = t + 1500 + ri(200); cuts.push([a, a + 300 + ri(300)]); lines.push({ t: a, power: 'cut' }, { t: cuts[cuts.length - 1][1], power: 'on' }); }
    const k = ri(3);
    for (let j = 0; j < k; j++) {
      // Instants: the chip resting and decided (1.6-3.4 s after the line), or (MIDSLIDE) just after it left its spot.
      let at = t + 1600 + ri(1800);
      if (MIDSLIDE && ri(3) === 0) at = t + 720 + ri(300);
      if (deaf(at)) continue;
      const u = rnd();
      const repeatable = cmds.filter((x) => x.paired && x.body.cmd !== 'new');
      let id: number | string = ri(6) === 0 && repeatable.length ? repeatable[ri(repeatable.length)].id : ri(4) === 0 ? 'x' + nextId++ : nextId++;
      let body: any, bad: string | undefined;
      if (u < 0.2) { const b = pick(BAD.filter((x) => (x[0] as any).cmd !== 'new' || r !== 'short')); if (b === undefined) continue; body = { ...(b[0] as object) }; bad = b[1]; }
      else if (u < 0.35) body = { cmd: 'undo' };
      else if (u < 0.5) body = { cmd: 'fix', r: pick(['perfect', 'partly', 'short', 'beyond']) };
      else if (u < 0.6) body = { cmd: 'off' };
      else if (u < 0.7) body = { cmd: 'flick', r: pick(['perfect', 'partly', 'short', 'beyond']) };
      else if (u < 0.75 && r !== 'short' && at >= t + 1600) body = { cmd: 'new', game: 'triangle', players: 2 + ri(5), options: { exact: ri(2) === 0 } };
      else if (u < 0.85) body = { cmd: 'state' };
      else if (u < 0.99) body = { cmd: 'bright', level: ri(16) };
      else continue;
      const paired = !(ri(12) === 0 && !bad);
      // A command answered later (a `new`, an unpaired edit) gets an id of its own, so its answers are its own.
      if ((!paired || body.cmd === 'new') && cmds.some((x) => x.id === id)) id = nextId++;
      cmds.push({ t: at, body, id, paired, bad });
      // (AGAIN) The same line sent again 0.3-1.2 s later, by a phone that missed the reply.
      if (AGAIN && paired && !bad && body.cmd !== 'new' && ri(3) === 0) {
        const again = at + 300 + ri(900);
        // (Before the next flick's line: a change made as the next player lifts his chip is the race MIDSLIDE tries.)
        if (!deaf(again) && again < t + GAP) cmds.push({ t: again, body, id, paired, bad });
      }
    }
    t += GAP;
  }
  // One unpaired edit at a time (the confirmation window holds one): drop unpaired ones within 70 s of another.
  let lastUnpaired = -1e9;
  for (const cm of cmds) {
    if (!cm.paired && !['state'].includes(cm.body.cmd)) { if (cm.t - lastUnpaired < 70000 && !cmds.some((x) => x !== cm && x.id === cm.id)) cm.paired = true; else if (cm.t - lastUnpaired < 70000) cm.body = { cmd: 'state' }; else lastUnpaired = cm.t; }
  }
  for (const cm of cmds) lines.push({ t: cm.t, phone: { ...cm.body, id: cm.id }, ...(cm.paired ? {} : { paired: false }) });
  lines.sort((a, b) => a.t - b.t);
  // The replay runs 5 s past its last line; a confirmation window is 10 s: a last `state` 12 s on lets it close.
  lines.push({ t: lines[lines.length - 1].t + 12000, phone: { cmd: 'state' } });
  const text = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  const out = replay(text).lines.map((l) => JSON.parse(l));
  const fin = out[out.length - 1].final;
  const problems: string[] = [];
  // Replies by id, in time order; each command takes the replies with its id from its instant until the next command with that id.
  const sorted = [...cmds].sort((a, b) => a.t - b.t);
  const replies = out.filter((o) => o.phone && ['ok', 'error', 'confirm'].includes(o.phone.type));
  const acceptedAt = new Map<Cmd, boolean>();
  // The line of the last command carried out, when it was a change with an id (docs/protocol.md): the same line again
  // is that command sent again, answered `ok` and not carried out twice. A power cut forgets it.
  let lastDone = '';
  for (let i = 0; i < sorted.length; i++) {
    const cm = sorted[i];
    if (cuts.some(([a]) => a > (i ? sorted[i - 1].t : 0) && a <= cm.t)) lastDone = '';
    // Its answers: those with its id at its instant; for a `new` or an unpaired edit (answered later), those up to
    // 65 s on that are not at the instant of another command with the same id.
    const deferred = cm.body.cmd === 'new' || !cm.paired;
    const others = new Set(sorted.filter((x) => x !== cm && x.id === cm.id).map((x) => x.t));
    const mine = replies.filter((o) => o.phone.id === cm.id && (o.t === cm.t || (deferred && o.t > cm.t && o.t <= cm.t + 65000 && !others.has(o.t))));
    const kinds = mine.map((o) => o.phone.type + (o.phone.code ? ':' + o.phone.code : ''));
    const desc = `${JSON.stringify(cm.body)} id ${JSON.stringify(cm.id)}${cm.paired ? '' : ' unpaired'} at ${cm.t}`;
    if (!mine.length) { problems.push(`${desc}: no answer`); continue; }
    if (cm.bad) {
      // A `new`'s options are checked as it starts: ok at once, the refusal then (docs/protocol.md, new).
      // (A `new` waiting for the chip under way when the power goes is gone with it: its `ok` alone, then `restored`.)
      const cutNew = cm.body.cmd === 'new' && mine.length === 1 && mine[0].phone.type === 'ok' && cuts.some(([a]) => a >= cm.t && a <= cm.t + 2000);
      const okNew = cutNew || (cm.body.cmd === 'new' && mine.length === 2 && mine[0].phone.type === 'ok' && mine[1].phone.code === cm.bad);
      if (!okNew && !(mine.length === 1 && mine[0].phone.type === 'error' && mine[0].phone.code === cm.bad)) problems.push(`${desc}: want one error ${cm.bad}, got ${kinds}`);
      continue;
    }
    if (!cm.paired && cm.body.cmd !== 'state') {
      // The confirmation window is 10 s; a power cut in it drops the link (and the waiting command) with it.
      const cutIn = cuts.some(([a]) => a >= cm.t && a <= cm.t + 10300);
      if (!(mine[0].phone.type === 'confirm' && ((cutIn && mine.length === 1) || (mine.length === 2 && mine[1].phone.code === 'timeout')))) problems.push(`${desc}: want confirm then timeout${cutIn ? ' (or nothing after a cut)' : ''}, got ${kinds}`);
      continue;
    }
    const oks = mine.filter((o) => o.phone.type === 'ok').length, errs = mine.filter((o) => o.phone.type === 'error').length;
    if (cm.body.cmd === 'new' ? !(oks === 1 && errs <= 1 && mine.length === oks + errs) : mine.length !== 1) problems.push(`${desc}: answers ${kinds}`);
    acceptedAt.set(cm, cm.body.cmd === 'new' ? errs === 0 && oks === 1 : oks === 1);
    (cm as any).refusal = mine.find((o) => o.phone.type === 'error')?.phone.message;
    const line = JSON.stringify({ ...cm.body, id: cm.id });
    if (acceptedAt.get(cm) && line === lastDone) (cm as any).again = true;
    else if (oks) lastDone = cm.body.cmd === 'state' ? '' : line;
  }
  // The rules' fold of what happened: flicks and the commands the board took, in time order (a command acts after a
  // flick whose chip left its spot before it: decided first).
  type Ev = { t: number; f?: R; cm?: Cmd };
  const evs: Ev[] = [...flicks.map((f) => ({ t: f.t, f: f.r })), ...sorted.filter((cm) => acceptedAt.has(cm)).map((cm) => ({ t: cm.t + 0.5, cm }))];
  evs.sort((a, b) => a.t - b.t);
  let moves: Move[] = [];
  let curN = n, curExact = exact;
  let pendingNew: any = null;
  for (const e of evs) {
    // A `new` taken: from its instant (after a chip under way is decided: within the 1.5 s after its line's flick).
    if (pendingNew && e.t > pendingNew.t) { moves = []; curN = pendingNew.n; curExact = pendingNew.exact; pendingNew = null; }
    const g = fold(moves, curN, curExact);
    if (e.f) { if (g.winner === null) moves.push({ k: 'flick', r: e.f }); continue; }
    const cm = e.cm!;
    // (Sent again: answered, not carried out.)
    if ((cm as any).again) continue;
    const ok = acceptedAt.get(cm)!;
    const b = cm.body;
    const why = (cm as any).refusal;
    // Refused while a chip may still be on its way (docs/games/triangle.md: `deciding`, for 1 s after it leaves its
    // spot, FLICK_MS after its line): not taken.
    if (!ok && /a flick is being decided/.test(why || '') && flicks.some((f) => cm.t >= f.t && cm.t <= f.t + FLICK_MS + 1000 + 100)) continue;
    if (b.cmd === 'undo') {
      if (ok && !moves.length) problems.push(`undo at ${cm.t} taken with nothing to undo in this game`);
      if (!ok && moves.length) problems.push(`undo at ${cm.t} refused (${why}) with ${moves.length} moves to undo`);
      if (ok) moves.pop();
    } else if (b.cmd === 'fix' || b.cmd === 'off') {
      const want = g.winner !== null ? 'over' : g.flicks === 0 ? 'none' : null;
      if (ok && want) problems.push(`${b.cmd} at ${cm.t} taken, the rules refuse it (${want})`);
      if (!ok && !want) problems.push(`${b.cmd} at ${cm.t} refused (${why}), the rules take it`);
      if (ok) moves.push({ k: 'fix', r: b.cmd === 'off' ? 'off' : b.r });
    } else if (b.cmd === 'flick') {
      if (ok && g.winner !== null) problems.push(`flick at ${cm.t} taken after the game was won`);
      if (!ok && g.winner === null) problems.push(`flick at ${cm.t} refused (${why})`);
      if (ok) moves.push({ k: 'flick', r: b.r });
    } else if (b.cmd === 'new') {
      if (!ok) problems.push(`new at ${cm.t} refused (${why})`);
      else pendingNew = { t: cm.t, n: b.players, exact: b.options.exact };
    }
  }
  if (pendingNew) { moves = []; curN = pendingNew.n; curExact = pendingNew.exact; }
  const g = fold(moves, curN, curExact);
  // What the phone was told since the last new game's first state.
  let told: number[] = [];
  for (const o of out) {
    if (o.phone?.type === 'state' && o.phone.scores.every((x: number) => x === 0) && o.phone.last === null) told = new Array(o.phone.scores.length).fill(0);
    if (o.phone?.type === 'score') told[o.phone.player] = (told[o.phone.player] || 0) + o.phone.points;
  }
  problems.push(...endingProblems(fin, told, g));
  if (problems.length) {
    badCases++;
    const f = `${OUT}/11-phone-hostile-${process.argv[3] || 1}-${c}.jsonl`;
    writeFileSync(f, text);
    if (badCases < 15) console.log(`case ${c} (${f}): ${problems.slice(0, 4).join('; ')}`);
  }
}
console.log(`${N} games, ${badCases} with problems`);
