// Round 41: integrity across power cuts and phone commands, all four games.
// Random play (phone-driven for the triangle and Ring-a-Peg; sensed strokes and throws with referee commands for
// fortification billiards and shuffleboard), hostile phone commands (undo bursts, `new`, each game's corrections,
// several lines in one write, a line at the same ms as a sensed happening, undo right after power-up, a `new` or
// more during an undo's read-back), and power cuts: in quiet time, at a random byte of the next flash write, or at a
// random instant 0-1500 ms after a phone write (undo read-backs among them).
// Oracle (never the firmware's answer): the same scenario without its power lines. The cut run must end with the
// final scores, winner, turn and whole game state (history: `lb`, `lh`... and a tail of undos each run ends with, whose
// `undone` moves are compared too) of that uncut run, or of the uncut run without some of the phone commands the cut
// run never answered (a command lost with the power, never told: docs/saving.md, docs/protocol.md).
// Usage: npx tsx test/hostile-findings/41-integrity.ts GAME N SEED [OUTDIR]   (GAME: triangle, ringapeg, fortress)
// A cut armed for a byte of a write that never comes is let go before the boot; LINGER=1 keeps it armed, so that it
// may strike the boot's resync write: runs whose log ends with a '~' line no sync record follows (finding 1 of round
// 41) are counted as tornResync and not compared. Mismatches are written to OUTDIR (default /tmp/h41).
import { mkdirSync, writeFileSync } from 'node:fs';
import { Simulation, parseScenario } from '../../sim/replay';

const GAME = process.argv[2] || 'triangle', N = Number(process.argv[3] || 20), SEED = Number(process.argv[4] || 1);
const OUT = process.argv[5] || '/tmp/h41';
mkdirSync(OUT, { recursive: true });

let s = SEED >>> 0;
const rnd = () => { s = (s + 0x6d2b79f5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const pick = <T,>(a: T[]): T => a[Math.floor(rnd() * a.length)];
const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));

type Line = Record<string, unknown> & { t: number };
let nextId = 1;
/** A phone command with an id of its own. */
const cmd = (c: Record<string, unknown>) => ({ ...c, id: nextId++ });

interface Step { lines: Omit<Line, 't'>[]; /** ms after it before the next step */ gap: number; sensed: boolean; undo: boolean }
interface GameGen { header(): Record<string, unknown>; step(): Step; quietMs: number; resumeMs: number; newCmd(): Record<string, unknown> }

const phoneStep = (cmds: Record<string, unknown>[], gap = 300): Step => {
  const withIds = cmds.map(cmd);
  const undo = cmds.some((c) => c.cmd === 'undo' || c.cmd === 'new');
  if (withIds.length === 1) return { lines: [{ phone: withIds[0] }], gap, sensed: false, undo };
  return { lines: [{ phone: withIds.map((c) => JSON.stringify(c)).join('\n') }], gap: gap + 100 * withIds.length, sensed: false, undo };
};

const R = ['perfect', 'partly', 'short', 'beyond'];
const TRI: GameGen = {
  header: () => ({ game: 'triangle', players: int(2, 4), options: { exact: rnd() < 0.5 }, seed: int(1, 99) }),
  newCmd: () => ({ cmd: 'new', game: 'triangle', players: int(2, 4), options: { exact: rnd() < 0.5 } }),
  step() {
    const one = (): Record<string, unknown> => {
      const r = rnd();
      if (r < 0.45) return { cmd: 'flick', r: pick(R) };
      if (r < 0.6) return { cmd: 'fix', r: pick(R) };
      if (r < 0.68) return { cmd: 'off' };
      if (r < 0.9) return { cmd: 'undo' };
      if (r < 0.94) return { cmd: 'state' };
      return TRI.newCmd();
    };
    const n = rnd() < 0.25 ? int(2, 4) : 1;
    return phoneStep(Array.from({ length: n }, one), pick([5, 30, 300, 300, 1200]));
  },
  quietMs: 1500, resumeMs: 0,
};
const PEGS = ['o1', 'o2', 'o3', 'o4', 'o5', 'o6', 'o7', 'o8', 'i1', 'i2', 'i3', 'i4', 'k'];
const RING: GameGen = {
  header: () => {
    const adv = rnd() < 0.5;
    return { game: 'ringapeg', players: int(2, 4), options: adv ? { variant: 'advance', autoPeg: rnd() < 0.5, target: pick([40, 60, 200]) } : { variant: 'primary' }, seed: int(1, 99) };
  },
  newCmd: () => ({ cmd: 'new', game: 'ringapeg', players: int(2, 4), options: rnd() < 0.5 ? { variant: 'advance', autoPeg: rnd() < 0.5, target: pick([40, 60]) } : { variant: 'primary' } }),
  step() {
    const one = (): Record<string, unknown> => {
      const r = rnd();
      if (r < 0.45) return { cmd: 'ring', peg: rnd() < 0.1 ? 'none' : pick(PEGS) };
      if (r < 0.55) return { cmd: 'lift', peg: pick(PEGS) };
      if (r < 0.6) return { cmd: 'claim', player: int(0, 3) };
      if (r < 0.66) return { cmd: 'cleared' };
      if (r < 0.72) return { cmd: 'end' };
      if (r < 0.92) return { cmd: 'undo' };
      if (r < 0.95) return { cmd: 'state' };
      return RING.newCmd();
    };
    const n = rnd() < 0.25 ? int(2, 4) : 1;
    return phoneStep(Array.from({ length: n }, one), pick([5, 30, 300, 300, 1200]));
  },
  quietMs: 1500, resumeMs: 0,
};
const BALLS = ['EA', 'ED1', 'ED2', 'FA', 'FD1', 'FD2'];
const COLS = ['FA1', 'FA2', 'FR1', 'FR2', 'FG', 'EA1', 'EA2', 'ER1', 'ER2', 'EG', 'EP', 'FP'];
const FORTS = ['FA1', 'FA2', 'FR1', 'FR2', 'FG', 'EA1', 'EA2', 'ER1', 'ER2', 'EG'];
const FORT: GameGen = {
  header: () => ({ game: 'fortress', players: 2, options: rnd() < 0.3 ? { alternate: true } : {}, seed: int(1, 99) }),
  newCmd: () => ({ cmd: 'new', game: 'fortress', players: 2, options: {} }),
  step() {
    const r = rnd();
    if (r < 0.45) {
      const happening = (): object => {
        const q = rnd();
        const ball = pick(['EA', 'ED', 'FA', 'FD']);
        if (q < 0.3) return { ball, into: 'pocket', pocket: int(1, 6) };
        if (q < 0.55) return { ball, into: 'fort', fort: pick(FORTS), bell: rnd() < 0.5 };
        if (q < 0.8) return { ball, pass: true };
        return { colours: pick(COLS), down: rnd() < 0.7 };
      };
      const lines: Omit<Line, 't'>[] = [{ do: 'stroke', happens: [...Array.from({ length: int(0, 2) }, happening), { ball: pick(['EA', 'FA']), pass: true }].sort(() => rnd() - 0.5) }];
      return { lines, gap: 12500, sensed: true, undo: false };
    }
    if (r < 0.5) return { lines: [{ do: 'hand', happens: [{ colours: pick(COLS), down: rnd() < 0.6 }] }], gap: 1500, sensed: true, undo: false };
    const one = (): Record<string, unknown> => {
      const q = rnd();
      if (q < 0.1) return { cmd: 'lag', p: int(0, 1) };
      if (q < 0.25) return { cmd: 'wrong' };
      if (q < 0.4) return { cmd: 'over', ball: pick(['EA', 'ED', 'ED1', 'ED2', 'FA', 'FD', 'FD1', 'FD2']) };
      if (q < 0.5) return { cmd: 'blind' };
      if (q < 0.6) return { cmd: 'blind', hit: rnd() < 0.5 };
      if (q < 0.9) return { cmd: 'undo' };
      if (q < 0.94) return { cmd: 'state' };
      return FORT.newCmd();
    };
    const n = rnd() < 0.25 ? int(2, 4) : 1;
    return phoneStep(Array.from({ length: n }, one), pick([30, 300, 300, 1200]));
  },
  quietMs: 12500, resumeMs: 8600,
};
const GENS: Record<string, GameGen> = { triangle: TRI, ringapeg: RING, fortress: FORT };

let lastLog = '';
const run = (lines: Line[], header: object): string[] => {
  const sim = new Simulation(parseScenario([header, ...lines].map((l) => JSON.stringify(l)).join('\n')));
  sim.runToEnd();
  lastLog = sim.flash.files['tally.log'] || '';
  return sim.out;
};
/** Finding 1 of this round: a cut after the resync's '~' and newline, before its sync record (a '~' line not followed by a sync). */
const resyncTorn = (log: string) => /~\n(?!\{"sync")/.test(log);
interface Outcome { final: string; undone: string[]; replies: Map<number, string[]>; restored: number; undoing: Set<number> }
function outcome(out: string[], tailFrom: number): Outcome {
  let final = '';
  const undone: string[] = [];
  const replies = new Map<number, string[]>();
  let restored = 0;
  const undoing = new Set<number>();
  for (const l of out) {
    const o = JSON.parse(l);
    if (o.final) { const f = o.final; final = JSON.stringify({ scores: f.scores, winner: f.winner, turn: f.turn, state: f.state, power: f.power }); continue; }
    if (!o.phone) continue;
    if (o.phone.type === 'restored') restored++;
    if (o.phone.type === 'error' && /being read back/.test(o.phone.message || '')) undoing.add(o.phone.id);
    if (o.phone.id !== undefined) { const k = o.phone.id; if (!replies.has(k)) replies.set(k, []); replies.get(k)!.push(o.phone.type + (o.phone.code ? ':' + o.phone.code : '')); }
    if (o.t >= tailFrom && o.phone.type === 'undone') undone.push(JSON.stringify(o.phone.move));
  }
  return { final, undone, replies, restored, undoing };
}
const same = (a: Outcome, b: Outcome) => a.final === b.final && a.undone.join('|') === b.undone.join('|');

const gen = GENS[GAME];
let runs = 0, cuts = 0, bad = 0, refused = 0, withAlt = 0, tailCut = 0, tornResync = 0;
const kinds: Record<string, number> = {};
for (let i = 0; i < N; i++) {
  nextId = 1;
  const header = gen.header();
  const lines: Line[] = [];
  const power: Line[] = [];
  let t = 500, lastSensedEnd = -1e9, lastUndo = -1e9;
  const nSteps = int(6, 18);
  const cutsHere: string[] = [];
  for (let k = 0; k < nSteps; k++) {
    const st = gen.step();
    // A power cut before this step?
    if (rnd() < 0.35) {
      const kind = pick(['quiet', 'quiet', 'bytes', 'bytes', 'after', 'after', 'after']);
      const off = pick([20, 100, 500, 3000]);
      if (kind === 'quiet') {
        const at = Math.max(t, lastSensedEnd + gen.quietMs);
        power.push({ t: at, power: 'cut' }, { t: at + off, power: 'on' });
        t = Math.max(at + off + 1000 + pick([0, 0.5, 1, 2, 3, 4, 5, 8, 20, 200]), lastUndo + 2500, lastSensedEnd + gen.quietMs + off + 1000 + gen.resumeMs);
        if (st.sensed) t = Math.max(t, at + off + 1000 + gen.resumeMs);
        cutsHere.push(kind);
      } else if (kind === 'bytes' && !st.sensed) {
        const at = Math.max(t, lastSensedEnd + gen.quietMs);
        power.push({ t: at, power: 'cut', afterBytes: int(0, 70) });
        t = at;
        // The step at `at`; power back well after (if the cut never struck, `on` does nothing).
        lines.push(...st.lines.map((l) => ({ t: at, ...l })));
        if (st.undo) lastUndo = at;
        const on = at + pick([50, 400, 2000]);
        power.push({ t: on, power: 'on' });
        // A cut armed for a write that never came (the command wrote nothing) is let go before the boot, unless
        // LINGER=1: then it strikes at the next write, the boot's resync among them (finding 1).
        if (!process.env.LINGER) power.push({ t: on + 1, power: 'cut', afterBytes: 1000000 });
        t = Math.max(on + 1000 + pick([0, 1, 2, 3, 5, 10, 300]), lastUndo + 2500);
        cutsHere.push(kind);
        continue;
      } else if (kind === 'after' && !st.sensed) {
        const at = Math.max(t, lastSensedEnd + gen.quietMs);
        lines.push(...st.lines.map((l) => ({ t: at, ...l })));
        if (st.undo) lastUndo = at;
        const d = pick([0, 0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 30, 100, 300, 600, 1000, 1500]);
        power.push({ t: at + d, power: 'cut' }, { t: at + d + off, power: 'on' });
        t = Math.max(at + d + off + 1000 + pick([0, 0.5, 1, 2, 3, 5, 10, 300]), lastUndo + 2500);
        cutsHere.push(kind);
        continue;
      }
    }
    lines.push(...st.lines.map((l) => ({ t, ...l })));
    if (st.undo) lastUndo = t;
    if (st.sensed) lastSensedEnd = t;
    t += st.gap;
  }
  // The tail: power back (a no-op if on), then undos, each read back before the next.
  t = Math.max(t, lastSensedEnd + gen.quietMs) + 3000;
  power.push({ t, power: 'on' });
  t += 1000 + gen.resumeMs + 200;
  const tailFrom = t;
  for (let k = 0; k < 3; k++) { lines.push({ t, phone: cmd({ cmd: 'undo' }) }); t += 2500; }
  lines.push({ t, phone: cmd({ cmd: 'state' }) });
  const merged = [...lines, ...power].sort((a, b) => a.t - b.t);
  // (Power lines sort before other lines at the same time only where made so: a cut at `at` before the step's write.)
  const ordered = merged.map((l, j) => ({ l, j })).sort((a, b) => a.l.t - b.l.t || ((a.l.power === 'cut' ? 0 : 1) - (b.l.power === 'cut' ? 0 : 1)) || a.j - b.j).map((x) => x.l);
  runs++;
  cuts += cutsHere.length;
  for (const c of cutsHere) kinds[c] = (kinds[c] || 0) + 1;
  let cutOut: string[];
  try { cutOut = run(ordered, header); } catch (e) { refused++; if (process.env.WHY) console.log(String(e).slice(0, 300)); continue; }
  const got = outcome(cutOut, tailFrom);
  if (resyncTorn(lastLog)) { tornResync++; continue; }
  // A cut armed for a byte of a write that never came before the tail strikes in it: the board ends off, nothing to compare.
  if (got.final.includes('"power":"off"')) { tailCut++; continue; }
  let ref: string[];
  try { ref = run(lines.slice().sort((a, b) => a.t - b.t), header); } catch { refused++; continue; }
  const want = outcome(ref, tailFrom);
  if (same(got, want)) continue;
  // Commands the cut run never answered (sent before the tail), which the power may have lost untold.
  const sent: number[] = [], busy: number[] = [];
  for (const l of lines) {
    if (l.t >= tailFrom || !l.phone) continue;
    const ps = typeof l.phone === 'string' ? (l.phone as string).split('\n').map((x) => JSON.parse(x)) : [l.phone];
    for (const p of ps) if (!got.replies.has(p.id)) sent.push(p.id);
    // Refused as an undo was still read back (a log with a cut record in it takes a tick or two longer): the phone
    // was told, and sends it again; as if not sent.
    for (const p of ps) if ((got.replies.get(p.id) || []).some((r) => r === 'error:not_now') && got.undoing.has(p.id)) busy.push(p.id);
  }
  // Every unanswered command dropped, or all but one or two of them (saved whole, the reply cut with the power).
  const keeps: number[][] = [[]];
  for (let a = 0; a < sent.length; a++) { keeps.push([sent[a]]); for (let b = a + 1; b < sent.length && sent.length <= 12; b++) keeps.push([sent[a], sent[b]]); }
  const unanswered = sent;
  let matched = false;
  for (const keep of keeps) {
    if (matched) break;
    const drop = new Set([...busy, ...sent.filter((x) => !keep.includes(x))]);
    const alt = lines.map((l) => {
      if (!l.phone || typeof l.phone !== 'string' && !drop.has((l.phone as { id: number }).id)) return l;
      if (typeof l.phone !== 'string') return null;
      const kept = (l.phone as string).split('\n').filter((x) => !drop.has(JSON.parse(x).id));
      return kept.length ? { ...l, phone: kept.join('\n') } : null;
    }).filter((l): l is Line => l !== null);
    let o: Outcome;
    try { o = outcome(run(alt.sort((a, b) => a.t - b.t), header), tailFrom); } catch { continue; }
    if (same(got, o)) { matched = true; withAlt++; }
  }
  if (matched) continue;
  bad++;
  const file = `${OUT}/${GAME}-${SEED}-${i}.jsonl`;
  writeFileSync(file, [header, ...ordered].map((l) => JSON.stringify(l)).join('\n') + '\n');
  console.log(JSON.stringify({ file, cuts: cutsHere, unanswered, got: got.final.slice(0, 400), want: want.final.slice(0, 400), gotU: got.undone, wantU: want.undone }));
}
console.log(JSON.stringify({ game: GAME, seed: SEED, runs, cuts, kinds, refused, matchedWithoutUnanswered: withAlt, tailCut, tornResync, bad }));
