// Round 11: fortification billiards games against an independent scorer written from the rules text (F6-F41 as
// docs/games/fortress.md's Rule ids and Readings state them), never importing firmware/. Random strokes of players
// who mostly play right: each stroke begins with every ball due back put back by hand and (mostly) the colours of
// forts taken (and the adversary's pass colours) taken down; then one of: the pass, the attacking ball into a fort
// (the next in order, out of order, a taken one, with or without its bell), a defending ball into a fort, a ball of
// either side holed, an adversary's ball forced into a fort (prisoner, F25-F27), a miss; sometimes two of these
// (a fort and a hole: F32). Options: lag, penaltyBeforePass, floorAtZero, alternate at random. CUTS=1: a power cut at a
// random instant of some strokes, on again 1.5 s later (docs/games/fortress.md: a stroke under way is saved as it
// goes and ends as any other). Oracle: final scores and winner, and the `score` messages (player, points, rule) in
// order equal to the scorer's. Usage: npx tsx test/hostile-findings/11-fort-rules.ts N SEED   (OUT=DIR for failures)
import { writeFileSync } from 'node:fs';
import { replay } from '../../sim/replay';
import { seeded } from '../seeded';

const N = Number(process.argv[2] || 30);
const { rnd, ri, pick } = seeded(Number(process.argv[3] || 1));
const CUTS = process.env.CUTS || '';
const OUT = process.env.OUT || '/tmp';
const MARKS = !process.env.NOMARKS;
const F23 = !process.env.NOF23; // a striker's due defending ball left off its spot now and then // the referee's `over` and `wrong` (F30, F31, F19, F32)
const FORTS = ['A1', 'A2', 'R1', 'R2', 'G'];
type Side = 'E' | 'F';
const other = (s: Side): Side => (s === 'E' ? 'F' : 'E');

let cutsMade = 0;
interface Change { player: number; points: number; rule: string }

function game(c: number) {
  const lag = ri(2);
  const pbp = ri(4) !== 0;
  const floor = ri(4) === 0;
  const opts: any = { lag };
  if (!pbp) opts.penaltyBeforePass = false;
  if (floor) opts.floorAtZero = true;
  const alternate = ri(5) === 0;
  if (alternate) opts.alternate = true;
  const lines: any[] = [{ game: 'fortress', players: 2, options: opts, seed: c + 1, logBytes: 1000000 }];
  const sideOf = (p: number): Side => (p === lag ? 'E' : 'F');
  const score = [0, 0];
  const changes: Change[] = [];
  let striker = lag;
  const checkpoints: { t: number; s: number[]; striker: number }[] = [];
  let marked = false; // a referee's mark was sent: its told changes are a difference, compared by the final only
  let winner: number | null = null;
  // taken[fortName] = player who took it (forts of the adversary's quarter); coloursDown: set of names (forts, EP, FP)
  const taken = new Map<string, number>();
  const down = new Set<string>();
  const passMade: Record<Side, boolean> = { E: false, F: false };
  const due = new Set<string>(); // concrete balls lying in a fort or pocket, to be put back
  // Those the docs say must go back (F23's "balls that must go back": holed, a penalty's, a prisoner): only these
  // are left off for F23 (a ball the adversary forced into its own fort, F27, need not).
  const mustBack = new Set<string>();
  const onSpot = new Set<string>(['EA', 'ED1', 'ED2', 'FA', 'FD1', 'FD2']);
  const add = (p: number, points: number, rule: string) => { score[p] += points; changes.push({ player: p, points, rule }); };
  const effective = (p: number) => score[p] - 4 * [...taken].filter(([f, q]) => q === p && !down.has(f)).length;
  const checkWin = () => { if (winner === null) for (const p of [striker, 1 - striker]) if (effective(p) >= 20) { winner = p; return; } };
  let t = 2000;
  const GAP = 14000;
  for (let k = 0; k < 90 && winner === null; k++) {
    const S = sideOf(striker), O = other(S);
    checkpoints.push({ t, s: score.slice(), striker });
    const hand: any[] = [];
    // Balls due back put back by hand.
    // F23: now and then the striker leaves one of his own defending balls that is due (holed, or sent back by a
    // penalty: F18) off its spot; while it is, a fort he takes reckons nothing (told F23, 0) and is not taken.
    const keepOff = new Set<string>();
    if (F23 && ri(3) === 0) for (const b of due) if ((b === S + 'D1' || b === S + 'D2') && mustBack.has(b)) keepOff.add(b);
    for (const b of due) if (!keepOff.has(b)) mustBack.delete(b);
    for (const b of [...due]) { if (keepOff.has(b)) continue; hand.push({ ball: b, offSpot: false }); due.delete(b); onSpot.add(b); }
    const ownFree = (bs: string[]) => bs.filter((b) => !keepOff.has(b));
    const spotsAtBall = new Set(onSpot);
    // Colours of forts taken and still up: mostly down now (before the stroke), 1 in 12 forgotten.
    for (const [f] of taken) if (!down.has(f) && ri(12) !== 0) { hand.push({ colours: f, down: true }); down.add(f); }
    if (passMade[S] && !down.has(O + 'P') && ri(6) !== 0) { hand.push({ colours: O + 'P', down: true }); down.add(O + 'P'); }
    // Colours that come down may make a stroke's 20 count (F12, F40): won then, before any stroke.
    checkWin();
    if (winner !== null) { lines.push({ t, do: 'hand', happens: hand }); break; }
    // The striker's next stroke begins: F12 for his forts with colours still up, F8 for his pass.
    for (const [f, q] of [...taken]) if (q === striker && !down.has(f)) { add(striker, -4, 'F12'); taken.delete(f); }
    if (passMade[S] && !down.has(O + 'P')) passMade[S] = false;
    const ball: any[] = [];
    let gain = 0;
    const pts = (points: number, rule: string) => { add(striker, points, rule); gain += points; };
    let fortTook = false, foulFort = false, advHoled = 0;
    const nextInOrder = () => {
      const mine = (n: string) => taken.has(O + n);
      const tier = !mine('A1') || !mine('A2') ? ['A1', 'A2'] : !mine('R1') || !mine('R2') ? ['R1', 'R2'] : ['G'];
      return tier.filter((n) => !mine(n)).map((n) => O + n);
    };
    const target = () => { const a = nextInOrder(); return a.length ? pick(a) : O + pick(FORTS); };
    const used = new Set<string>();
    const u = rnd();
    let kind: string;
    if (!passMade[S] && u < 0.75) kind = 'pass';
    else if (u < 0.1) kind = 'miss';
    else kind = pick(['fort', 'fort', 'fort', 'fort', 'fort+hole', 'hole', 'prisoner', 'dfort', 'badfort', 'nobell', 'over', 'fort+over', 'fort+hole+foul'].concat(MARKS ? [] : []));
    if (!passMade[S] && kind !== 'pass' && kind !== 'miss' && ri(3) === 0) kind = 'passfort';
    // "I do not see" (F37, F38): declared before the stroke; the stroke holes a ball of either side, makes a
    // prisoner, or touches nothing the board senses; the referee then says hit, miss, or nothing (a miss).
    if (MARKS && ri(10) === 0) kind = 'blind';
    // Snapshot for the referee's `wrong` (F19: the stroke scores its -2 and nothing else).
    const snap = { score: score.slice(), taken: new Map(taken), down: new Set(down), passMade: { ...passMade }, n: changes.length };
    const wrong = MARKS && kind !== 'pass' && kind !== 'passfort' && kind !== 'miss' && ri(8) === 0;
    let overBall: string | null = null;
    if (kind === 'pass') {
      ball.push({ ball: S + 'A', pass: true }); used.add(S + 'A'); onSpot.delete(S + 'A');
      passMade[S] = true;
      if (ri(5) !== 0 && !down.has(O + 'P')) { ball.push({ colours: O + 'P', down: true }); down.add(O + 'P'); }
    }
    const fortEvent = (f: string, bell: boolean, b = S + 'A') => {
      ball.push({ ball: b, into: 'fort', fort: f, bell }); used.add(b); onSpot.delete(b); due.add(b);
      const isTaken = taken.has(f);
      const inOrder = nextInOrder().includes(f);
      const attacking = b === S + 'A';
      if (bell) {
        if (isTaken) { pts(-2, 'F36'); foulFort = true; return; }
        if (!inOrder) { pts(-2, 'F22'); foulFort = true; return; }
        if (!attacking) { pts(-2, 'F18'); mustBack.add(b); return; }
        if (!passMade[S]) { if (pbp) pts(-2, 'F6'); return; }
        if (!down.has(O + 'P')) { pts(-2, 'F9'); return; }
        if (keepOff.size) { pts(0, 'F23'); return; }
        taken.set(f, striker); fortTook = true;
      } else if (isTaken || !inOrder) { pts(-2, 'F34'); foulFort = true; }
    };
    if (kind === 'fort' || kind === 'fort+hole') fortEvent(target(), ri(10) !== 0);
    if (kind === 'nobell') fortEvent(target(), false);
    if (kind === 'badfort') {
      const cands = FORTS.map((n) => O + n).filter((f) => !nextInOrder().includes(f));
      fortEvent(pick(cands), ri(3) !== 0);
    }
    if (kind === 'dfort' && ownFree([S + 'D1', S + 'D2']).length) fortEvent(target(), true, pick(ownFree([S + 'D1', S + 'D2'])));
    if (kind === 'hole' || kind === 'fort+hole') {
      const own = kind === 'hole' && ri(3) === 0;
      const cands = (own ? [S + 'D1', S + 'D2', S + 'A'] : [O + 'D1', O + 'D2', O + 'A']).filter((b) => !used.has(b) && !due.has(b));
      if (cands.length) {
        const b = pick(cands);
        ball.push({ ball: b, into: 'pocket', pocket: 1 + ri(6) }); used.add(b); onSpot.delete(b); due.add(b); mustBack.add(b);
        // The board tells changes in the order of the happenings: a ball holed with no fort taken before it is F28 at once.
        if (own) pts(-2, 'F29'); else if (fortTook) advHoled++; else pts(2, 'F28');
      }
    }
    if (kind === 'passfort') {
      ball.push({ ball: S + 'A', pass: true }); passMade[S] = true; onSpot.delete(S + 'A');
      if (ri(2) && !down.has(O + 'P')) { ball.push({ colours: O + 'P', down: true }); down.add(O + 'P'); }
      fortEvent(target(), true);
    }
    if (kind === 'fort+hole+foul') {
      fortEvent(target(), true);
      const cands = [O + 'D1', O + 'D2'].filter((b) => !used.has(b));
      const b = pick(cands);
      ball.push({ ball: b, into: 'pocket', pocket: 1 + ri(6) }); used.add(b); onSpot.delete(b); due.add(b); mustBack.add(b);
      if (fortTook) advHoled++; else pts(2, 'F28');
      // One of the striker's defending balls into a taken fort, or a fort out of order, without its bell (F34).
      const dball = pick(ownFree([S + 'D1', S + 'D2']).concat(ownFree([S + 'D1', S + 'D2']).length ? [] : [S + 'A']));
      const bad = FORTS.map((n) => O + n).filter((f) => taken.has(f) || !nextInOrder().includes(f));
      if (bad.length) fortEvent(pick(bad), false, dball);
    }
    if (kind === 'over' || kind === 'fort+over') {
      if (kind === 'fort+over') fortEvent(target(), true);
      const own = kind === 'over' && ri(3) === 0;
      const b = pick((own ? [S + 'D1', S + 'D2'] : [O + 'D1', O + 'D2', O + 'A']).filter((x) => onSpot.has(x) && !used.has(x)));
      ball.push({ ball: b, offSpot: true }); onSpot.delete(b); due.add(b); overBall = b;
      if (own) pts(-2, 'F31'); else advHoled++;
    }
    if (kind === 'blind') {
      lines.push({ t: t - 1000, phone: { cmd: 'blind' } });
      const hit = ri(3) === 0 ? null : ri(3) !== 0;
      const what = pick(['advhole', 'ownhole', 'prisoner', ...(onSpot.has(S + 'A') ? ['none'] : [])]);
      let fault = 0, extra = 0, prisoner = 0;
      if (what === 'advhole' || what === 'ownhole') {
        const b = pick(what === 'ownhole' ? (ownFree([S + 'D1', S + 'D2']).length ? ownFree([S + 'D1', S + 'D2']) : [O + 'D1']) : [O + 'D1', O + 'D2']);
        if (what === 'ownhole' && b[0] !== S) { extra = 2; } else if (what === 'ownhole') fault = -2; else extra = 2;
        ball.push({ ball: b, into: 'pocket', pocket: 1 + ri(6) }); used.add(b); onSpot.delete(b); due.add(b); mustBack.add(b);
      } else if (what === 'prisoner') {
        const b = pick([O + 'D1', O + 'D2']);
        const f = S + pick(FORTS);
        if (taken.has(f)) { ball.push({ ball: b, into: 'pocket', pocket: 1 }); extra = 2; } // keep it simple: holed
        else { ball.push({ ball: b, into: 'fort', fort: f, bell: false }); prisoner = 6; }
        used.add(b); onSpot.delete(b); due.add(b);
      } else onSpot.delete(S + 'A');
      if (hit) {
        // F38: an own-ball fault in a hit stroke: -2 in all instead of the +2 and the fault; a prisoner's +6 besides.
        if (fault) pts(-2, 'F38'); else pts(2, 'F37');
        if (extra) pts(extra, 'F28');
      } else {
        pts(-2, 'F37');
        if (fault) pts(fault, 'F29');
        if (extra) pts(extra, 'F28');
      }
      if (prisoner) pts(prisoner, 'F25');
      if (hit !== null) lines.push({ t: t + 12500, phone: { cmd: 'blind', hit } });
      marked = true;
    }
    if (kind === 'prisoner') {
      const b = pick([O + 'D1', O + 'D2']);
      const f = pick([...FORTS.map((n) => S + n), ...FORTS.map((n) => O + n)]);
      ball.push({ ball: b, into: 'fort', fort: f, bell: false }); used.add(b); onSpot.delete(b); due.add(b);
      if (f[0] === O) pts(2, 'F27'); else if (taken.has(f)) pts(2, 'F26'); else { pts(6, 'F25'); mustBack.add(b); }
    }
    // F32: a fort taken and an adversary's ball holed in the same stroke.
    if (advHoled) {
      if (fortTook && foulFort) {
        // F32: -2 for the whole stroke instead: the fort's +4, the ball's +2 and the foul fort's -2 become one -2.
        const foul = changes.pop()!; score[foul.player] -= foul.points; gain -= foul.points;
        // The fort taken in it does not stand (docs/games/fortress.md, F32's -2): nothing for F12 to take back.
        pts(-2, 'F32'); advHoled--; fortTook = false;
        taken.forEach((q, f) => { if (q === striker && !snap.taken.has(f)) taken.delete(f); });
      }
      if (fortTook) { pts(6, 'F32'); advHoled--; }
      for (let i = 0; i < advHoled; i++) pts(2, 'F28');
    } else if (fortTook) pts(4, 'F11');
    // Colours of a fort just taken, sometimes down at once in the stroke.
    if (fortTook) for (const [f, q] of taken) if (q === striker && !down.has(f) && ri(3) === 0) { ball.push({ colours: f, down: true }); down.add(f); }
    const onSpotBefore = onSpot.has(S + 'A');
    if (kind === 'miss') {
      if (onSpot.has(S + 'A')) { lines.push({ t, do: 'stroke', happens: [...hand] }); onSpot.delete(S + 'A'); }
      else {
        if (hand.length) lines.push({ t, do: 'hand', happens: hand });
        lines.push({ t: t + 3000, button: 'next', holdMs: 1500 });
      }
    } else lines.push({ t, do: 'stroke', happens: [...hand, ...ball] });
    if (CUTS === 'hand' && kind !== 'miss' && hand.length >= 2 && ball.length && ri(2) === 0) {
      // CUTS=hand: the power goes while balls are put back and colours moved by hand (0.4 s apart), and the board
      // is up again (1 s after `on`) before the first ball movement it must see: what was done by hand meanwhile
      // is found at power-up (docs/games/fortress.md, the move `found`), so the game is as without the cut.
      const m = t + 400 * hand.length + 600;
      const first = ball[0];
      const spotMove = first.ball && first.offSpot !== false && spotsAtBall.has(first.ball);
      // Up before the first ball leaves its spot: a ball put back and struck away while the board is off or
      // starting leaves its spot as the board found it, and its putting back is not seen (a limit, not filed).
      void spotMove;
      const lastUp = m - 50;
      const off = 50 + ri(100);
      const cmax = lastUp - 1000 - off, cmin = t + 100;
      if (cmax >= cmin) { const c2 = cmin + ri(cmax - cmin + 1); lines.push({ t: c2, power: 'cut' }, { t: c2 + off, power: 'on' }); cutsMade++; }
    } else if (CUTS && CUTS !== 'hand' && ri(3) === 0) {
      // After the stroke's last movement (hand 0.4 s apart, each ball 0.6 s, a ball leaving its spot 0.6 s more, a
      // bell ringing), before the board ends it: nothing happens while the board is off (docs: unseen then).
      const nh = hand.length, nb = kind === 'miss' ? 0 : ball.length;
      const dur = kind === 'miss' && !onSpotBefore ? 3500 : 400 * nh + 1200 * nb + 1500;
      const at = t + dur + ri(4000);
      lines.push({ t: at, power: 'cut' }, { t: at + 1500, power: 'on' }); cutsMade++;
      // The board ends the stroke once nothing has moved for 8 s after it is up again (1 s after `on`).
      t = Math.max(t, at + 1500 + 1000 + 9000 - GAP);
    }
    if (overBall) lines.push({ t: t + 12000, phone: { cmd: 'over', ball: overBall } });
    if (wrong) {
      const before = { score: score.slice(), n: changes.length };
      const w = { ...snap };
      score[0] = w.score[0]; score[1] = w.score[1];
      taken.clear(); w.taken.forEach((v, k2) => taken.set(k2, v));
      // Colours moved in it stay as they lie (sensed): `down` is not taken back.
      passMade.E = w.passMade.E; passMade.F = w.passMade.F;
      changes.length = w.n;
      add(striker, -2, 'F19'); gain = -2;
      void before;
      lines.push({ t: t + 12500, phone: { cmd: 'wrong' } });
      marked = true;
    }
    if (overBall) marked = true;
    if (floor && score[striker] < 0) { const d = -score[striker]; add(striker, d, 'F40'); }
    checkWin();
    if (!(gain > 0) || alternate) striker = 1 - striker;
    t += GAP;
  }
  lines.sort((a, b) => a.t - b.t);
  // After a won game, nothing. Otherwise let a last `state` settle.
  return { lines, score, winner, changes, marked, checkpoints };
}

let bad = 0; const rulesSeen: Record<string, number> = {}; let won = 0;
for (let c = 0; c < N; c++) {
  const g = game(c);
  for (const ch of g.changes) rulesSeen[ch.rule] = (rulesSeen[ch.rule] || 0) + 1; if (g.winner !== null) won++;
  const text = g.lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  let out: any[];
  try { out = replay(text).lines.map((l) => JSON.parse(l)); } catch (e) {
    const f = `${OUT}/11-fort-rules-${process.argv[3] || 1}-${c}-refused.jsonl`;
    writeFileSync(f, text);
    console.log(`case ${c} (${f}): replay refused: ${(e as Error).message}`);
    continue;
  }
  const fin = out[out.length - 1].final;
  const told: Change[] = out.filter((o) => o.phone && o.phone.type === 'score').map((o) => ({ player: o.phone.player, points: o.phone.points, rule: o.phone.rule, t: o.t } as any));
  const problems: string[] = [];
  if (!fin || JSON.stringify(fin.scores) !== JSON.stringify(g.score)) problems.push(`scores ${JSON.stringify(fin && fin.scores)} want ${JSON.stringify(g.score)}`);
  if (fin && fin.winner !== g.winner) problems.push(`winner ${fin.winner} want ${g.winner}`);
  for (let i = 0; !g.marked && i < Math.max(told.length, g.changes.length); i++) {
    const a: any = told[i], b = g.changes[i];
    if (!a || !b || a.player !== b.player || a.points !== b.points || a.rule !== b.rule) {
      problems.push(`change ${i}: told ${a ? `${a.player} ${a.points} ${a.rule} at ${a.t}` : 'none'}, rules ${b ? `${b.player} ${b.points} ${b.rule}` : 'none'}`);
      break;
    }
  }
  if (problems.length) {
    bad++;
    let st: any = null, k = 0;
    for (const cp of g.checkpoints) {
      while (k < out.length && out[k].t < cp.t) { if (out[k].phone && out[k].phone.type === 'state') st = out[k]; k++; }
      if (st && (JSON.stringify(st.phone.scores) !== JSON.stringify(cp.s) || st.phone.turn !== cp.striker)) { problems.push(`first parts before the stroke at ${cp.t}: board ${JSON.stringify(st.phone.scores)} turn ${st.phone.turn} (state at ${st.t}), rules ${JSON.stringify(cp.s)} turn ${cp.striker}`); break; }
    }
    const f = `${OUT}/11-fort-rules-${process.argv[3] || 1}-${c}.jsonl`;
    writeFileSync(f, text);
    if (bad < 15) console.log(`case ${c} (${f}): ${problems.join('; ')}`);
  }
}
console.log(`${N} games${CUTS ? ` with cuts (${cutsMade})` : ""} (${won} won), ${bad} differ; changes by rule ${JSON.stringify(rulesSeen)}`);
