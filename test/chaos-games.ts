// The four games as the chaos harness plays them (test/chaos.ts): each game's
// own happenings (docs/replay.md), made legal for the game as its players
// reckon it, and an independent scorer written from the rules text
// (the rule ids below), for the happenings made here only. Nothing here
// imports the firmware's rules: the scorer is the test's oracle.
import fc from 'fast-check';

/** A scenario line's body, without its time, and when it comes after the step's start. */
export interface TimedLine {
  dt: number;
  body: Record<string, unknown>;
}

/** What the players and the referee do in one step: a game's own step, or one the harness makes for every game. */
export type Step =
  | { k: 'play'; v: number[] }
  | { k: 'fix'; v: number }
  | { k: 'undo' }
  | { k: 'new' }
  | { k: 'garbled'; text: string }
  | { k: 'unpaired'; v: number };

/** A game's scorer and its players' reckoning: the game as the rules text scores it, and the table as it lies. */
export interface Scorer {
  /** The lines a step makes now, or null when the step cannot be played now (the harness leaves it out). */
  lines(step: Step): TimedLine[] | null;
  /** The step was played: score it. */
  apply(step: Step): void;
  scores(): number[];
  /** Lines before the first step (setting the table), played as they are made. */
  opening?(): TimedLine[];
  /**
   * The weights of the end in play now (shuffleboard: each one's colour c and its centre's d), or, the end just over,
   * as they lay when it ended: what the referee sees when the board asks him (test/chaos.ts answers with it).
   */
  where?(): { c: number; d: number }[];
}

export interface ChaosGame {
  id: string;
  header: Record<string, unknown>;
  /** Time from a step's last line to the next step: its happenings are over and decided well before. */
  gapMs: number;
  /** After this long (ms from a step's last line) nothing of the step is left to sense: a cut then hides nothing. */
  quietMs: number;
  /** How long a move taken up at power-up may take to be decided (the board waits for the table to rest again): no step before. */
  resumeMs: number;
  /** The game's own steps (`play` and `fix`), and which of the harness's steps it takes. */
  steps: fc.Arbitrary<Step>;
  undo: boolean;
  newGame: boolean;
  /** Steps a run takes at most (enough for a shuffleboard end or two). */
  maxSteps: number;
  /** The phone's `new` comes this long after the step's own lines (a board cleared first); 0 without. */
  newAfterMs?: number;
  scorer(): Scorer;
}

/**
 * Undo for the scorers: a stack of the game's scoring state (never the table's), one entry per move the board
 * saves, so an undo takes back what the board's undo takes back.
 */
class History<G> {
  private stack: string[] = [];
  constructor(public game: G) {}
  push(): void {
    this.stack.push(JSON.stringify(this.game));
  }
  undo(): boolean {
    const last = this.stack.pop();
    if (last === undefined) return false;
    this.game = JSON.parse(last) as G;
    return true;
  }
  /** The harness's own steps: an undo takes back the last move, a new game starts as `fresh` with nothing to take back. */
  common(step: Step, fresh: G): void {
    if (step.k === 'undo') this.undo();
    else if (step.k === 'new') {
      this.game = fresh;
      this.stack = [];
    }
  }
}

/** A game's own steps: mostly play, now and then a referee's correction. */
function playOrFix(play: fc.Arbitrary<Step>, fix: fc.Arbitrary<Step>): fc.Arbitrary<Step> {
  return fc.oneof({ weight: 8, arbitrary: play }, { weight: 1, arbitrary: fix });
}

// ---------------------------------------------------------------- triangle
// T1-T6: 2 players; a turn is up to three flicks A→B, B→C, C→A; perfect 3, partly over or short 1, beyond 0
// (the turn ends); 99 wins at that flick. T7: even is within 3 mm short of the line (docs/games/triangle.md: the
// sensing points lie 3 mm short, 0.5 mm and 22.5 mm past it); the stops made here keep clear of those points.
// T8: a chip off the triangle is short until the referee marks it `off`: 0, and the turn ends.
const STOPS: Record<string, [number, number]> = { perfect: [-2, 0], partly: [3, 20], short: [-40, -6], beyond: [26, 40] };
const RESULTS = ['perfect', 'partly', 'short', 'beyond', 'off'];
const POINTS: Record<string, number> = { perfect: 3, partly: 1, short: 1, beyond: 0, off: 0 };

function triangleScorer(): Scorer {
  const h = new History({ s: [0, 0], p: 0, f: 0, w: -1, last: null as null | { before: string; r: string } });
  const flick = (r: string): void => {
    const g = h.game;
    const before = JSON.stringify(Object.assign({}, g, { last: null }));
    g.s[g.p] += POINTS[r];
    if (g.s[g.p] >= 99) g.w = g.p;
    else if (POINTS[r] === 0 || g.f === 2) {
      g.p = 1 - g.p;
      g.f = 0;
    } else g.f++;
    g.last = { before, r };
  };
  return {
    lines(step) {
      if (h.game.w >= 0 && step.k !== 'new' && step.k !== 'garbled' && step.k !== 'unpaired') return null;
      if (step.k === 'play') {
        const r = RESULTS[step.v[0] % RESULTS.length];
        // Marked off once the board has scored it short (T7: 4 s after it left its spot, the chip never arrived).
        if (r === 'off') return [{ dt: 0, body: { do: 'flick', off: true } }, { dt: 5000, body: { phone: { cmd: 'off' } } }];
        const [lo, hi] = STOPS[r];
        return [{ dt: 0, body: { do: 'flick', stopMm: lo + (step.v[1] % (hi - lo + 1)) } }];
      }
      if (step.k === 'fix') {
        // The referee corrects the last flick (not one marked off, not to what it was).
        const last = h.game.last;
        const r = RESULTS[step.v % 4];
        return last && last.r !== 'off' && last.r !== r ? [{ dt: 0, body: { phone: { cmd: 'fix', r } } }] : null;
      }
      return [];
    },
    apply(step) {
      if (step.k === 'play') {
        const r = RESULTS[step.v[0] % RESULTS.length];
        h.push();
        // Marked off: a move of its own after the flick, scored short until then.
        if (r === 'off') {
          flick('short');
          h.push();
          const g = h.game;
          const before = JSON.parse(g.last!.before);
          h.game = before;
          flick('off');
        } else flick(r);
      } else if (step.k === 'fix') {
        h.push();
        const r = RESULTS[step.v % 4];
        h.game = Object.assign(JSON.parse(h.game.last!.before), { last: null });
        flick(r);
      } else h.common(step, { s: [0, 0], p: 0, f: 0, w: -1, last: null });
    },
    scores: () => h.game.s.slice(),
  };
}

export const TRIANGLE: ChaosGame = {
  id: 'triangle',
  header: { game: 'triangle', players: 2 },
  // A chip never seen at the target is short 4 s after it left its spot (T7).
  gapMs: 8000,
  quietMs: 5500,
  resumeMs: 0,
  steps: playOrFix(fc.tuple(fc.nat(19), fc.nat(40)).map(([r, x]): Step => ({ k: 'play', v: [r < 18 ? r % 4 : 4, x] })), fc.nat(3).map((v): Step => ({ k: 'fix', v }))),
  undo: true,
  newGame: true,
  maxSteps: 12,
  scorer: triangleScorer,
};

// ---------------------------------------------------------------- ringapeg
// R1: 2 players, 8 rings each, one snap each in turn. R2: a ring over a peg tops its stack; a miss scores
// nothing. R3: the top ring counts; the one directly beneath it counts only when it is its owner's too; every
// other ring counts. R4: peg value (outer 5, inner 10, king 25) times counting rings. R5: a snap that leaves the
// snapper's own two rings on top of an outer peg lets him lift the top one and drop it over an inner peg, and from
// an inner doublet over the king peg; R6: a march onto his own inner ring makes a doublet there, and he may march
// on to the king. Fifteen rings at most, so the Board (R8) never ends in a run: its scores are the counts. A new
// game begins once the pegs are cleared (R11: rings left on them would be no new game's).
const PEGS = ['o1', 'o2', 'o3', 'o4', 'o5', 'o6', 'o7', 'o8', 'i1', 'i2', 'i3', 'i4', 'k'];
const PEG_VALUE = (peg: string): number => (peg === 'k' ? 25 : peg[0] === 'i' ? 10 : 5);
const MAX_RINGS = 15;
/** A step's snap: v[0] a peg, a miss, or (the last) the peg of the snapper's last ring, which makes doublets. */
const SNAPS = PEGS.length + 3;
/** Between a march's lift and drop, and after the snap or drop before it. */
const MARCH_MS = 2000;

function ringapegScorer(): Scorer {
  const fresh = () => ({ stacks: {} as Record<string, number[]>, rings: 0, missed: false, last: [null, null] as (string | null)[] });
  const h = new History(fresh());
  /** The peg a step's ring goes over, or null for a miss. */
  const pegOf = (v: number[]): string | null => (v[0] < PEGS.length ? PEGS[v[0]] : v[0] === SNAPS - 1 ? h.game.last[h.game.rings % 2] : null);
  /** The pegs the ring snapped over `peg` marches to, as v[1] (0: no march; else the inner peg) and v[2] (on to the king) ask. */
  const marches = (peg: string | null, v: number[]): string[] => {
    const who = h.game.rings % 2;
    const stacks: Record<string, number[]> = JSON.parse(JSON.stringify(h.game.stacks));
    if (peg) (stacks[peg] ||= []).push(who);
    const to: string[] = [];
    for (let from = peg, i = 1; i < 3 && from && from !== 'k' && v[i]; i++) {
      const s = stacks[from];
      if (s.length < 2 || s[s.length - 1] !== who || s[s.length - 2] !== who) break;
      const next = from[0] === 'o' ? 'i' + v[1] : 'k';
      (stacks[next] ||= []).push(stacks[from].pop()!);
      to.push(next);
      from = next;
    }
    return to;
  };
  const counts = (): number[] => {
    const s = [0, 0];
    for (const [peg, stack] of Object.entries(h.game.stacks)) {
      const top = stack.length - 1;
      for (let i = 0; i <= top; i++) if (i !== top - 1 || stack[i] === stack[top]) s[stack[i]] += PEG_VALUE(peg);
    }
    return s;
  };
  return {
    lines(step) {
      if (step.k === 'play') {
        if (h.game.rings >= MAX_RINGS) return null;
        const peg = pegOf(step.v);
        const lines: TimedLine[] = [{ dt: 0, body: { do: 'snap', peg } }];
        let from = peg;
        for (const to of marches(peg, step.v)) {
          lines.push({ dt: lines.length * MARCH_MS, body: { do: 'lift', peg: from } }, { dt: (lines.length + 1) * MARCH_MS, body: { do: 'drop', peg: to } });
          from = to;
        }
        return lines;
      }
      // Only a miss is taken back: a ring that landed lies on its peg, and lifting it is a march (R5).
      if (step.k === 'undo') return h.game.missed ? [] : null;
      // The pegs are cleared before a new game.
      if (step.k === 'new') return Object.keys(h.game.stacks).length ? [{ dt: 0, body: { do: 'clear' } }] : [];
      return step.k === 'fix' ? null : [];
    },
    apply(step) {
      if (step.k === 'play') {
        const peg = pegOf(step.v);
        const to = marches(peg, step.v);
        // (An undo comes only after a miss: what a snap with its marches was is kept as one.)
        h.push();
        const g = h.game;
        const who = g.rings % 2;
        if (peg) (g.stacks[peg] ||= []).push(who);
        let from = peg;
        for (const next of to) {
          (g.stacks[next] ||= []).push(g.stacks[from!].pop()!);
          from = next;
        }
        g.last[who] = from;
        g.missed = !peg;
        g.rings++;
      } else if (step.k === 'undo') {
        h.undo();
        h.game.missed = false;
      } else h.common(step, fresh());
    },
    scores: counts,
  };
}

export const RINGAPEG: ChaosGame = {
  id: 'ringapeg',
  header: { game: 'ringapeg', players: 2, options: { variant: 'primary' } },
  gapMs: 4000,
  quietMs: 2200,
  resumeMs: 0,
  steps: fc.tuple(fc.nat(SNAPS - 1), fc.nat(4), fc.nat(1)).map((v): Step => ({ k: 'play', v })),
  undo: true,
  newGame: true,
  // The pegs cleared, one every 0.4 s.
  newAfterMs: 7000,
  maxSteps: 12,
  scorer: ringapegScorer,
};

// ---------------------------------------------------------------- shuffleboard
// S1: singles, red and blue, 4 weights each; S2: red throws first (option firstPlayer 0), the sides alternate,
// 8 throws an end. S4: a weight short of the foul line or off the end is out. S6: the side with the weight
// nearest the end edge scores each of its weights nearer than the other side's nearest. S7-S10 by where a
// weight's centre lies from the end edge (its radius 29 mm): overhanging the edge 4; fully past the 3-point line
// (152 mm) 3; past the 2-point line (305 mm) 2; past the foul line (1,829 mm) 1. S3: the end's winner throws
// first in the next; after no score, the same side. S12: 11 wins. The places made here keep 30 mm clear of every
// line, 20 mm between the nearest weights of the two sides, and each weight of an end in a lane of its own. A throw
// may knock a weight on the table on, down its lane towards the end edge, or off the end (S4: out of play); the
// weights are named as the players name them, by colour and throw in the end (red1 … blue4).
const ZONES: [number, number, number][] = [[10, 20, 4], [45, 105, 3], [200, 255, 2], [370, 1750, 1], [1900, 2600, 0]];
const LANES = [45, 100, 155, 210, 265, 320, 375, 430];

function shuffleScorer(): Scorer {
  const h = new History({ s: [0, 0], first: 0, thrown: 0, table: [] as { side: number; d: number; name: string; y: number }[], w: -1, ends: 0 });
  /** The table of the end just over, as it lay before the players cleared it (the referee's answers until the next throw). */
  let ended: { side: number; d: number; name: string; y: number }[] = [];
  const place = (v: number[]): { d: number; off: boolean } => {
    const zone = v[0] % (ZONES.length + 1);
    if (zone === ZONES.length) return { d: -1, off: true };
    const [lo, hi] = ZONES[zone];
    return { d: lo + (v[1] % (hi - lo + 1)), off: false };
  };
  /**
   * The throw a step makes (null: none that keeps the weights apart), and the weight it knocks, if any: v[2] 0 asks
   * for a knock, of the v[3]-th weight on the table, to the place v[4], v[5] nearer the end edge (or off the end).
   */
  const throwOf = (v: number[]): { d: number; off: boolean; knock: { i: number; d: number; off: boolean } | null } | null => {
    const table = h.game.table;
    const { d, off } = place(v);
    const on = table.map((w, i) => i).filter((i) => table[i].d >= 0);
    // Only a weight in play is knocked (one short of the foul line stays out, S4).
    const inPlay = on.filter((i) => table[i].d + 29 < 1829);
    let knock: { i: number; d: number; off: boolean } | null = null;
    if (v[2] === 0 && inPlay.length) {
      const i = inPlay[v[3] % inPlay.length];
      // v[4] the last: off the end.
      const offEnd = v[4] === ZONES.length - 1;
      const to = offEnd ? -1 : place(v.slice(4)).d;
      // The thrown weight reaches it (it stops within two radii behind it, or goes off the end past it).
      const reaches = off || d <= table[i].d + 2 * 29;
      if (reaches && (offEnd || (to < table[i].d && (off || Math.abs(to - d) >= 20) && !on.some((j) => j !== i && Math.abs(table[j].d - to) < 20)))) knock = { i, d: to, off: offEnd };
    }
    // The table's weights: a new one lies 20 mm or more from every other's distance (a knocked one's new one).
    if (!off && on.some((i) => (!knock || i !== knock.i) && Math.abs(table[i].d - d) < 20)) return null;
    return { d, off, knock };
  };
  const scoreEnd = (): void => {
    const g = h.game;
    const on = g.table.filter((w) => w.d >= 0 && w.d + 29 < 1829);
    const nearest = [0, 1].map((side) => Math.min(...on.filter((w) => w.side === side).map((w) => w.d)));
    if (nearest[0] !== nearest[1]) {
      const win = nearest[0] < nearest[1] ? 0 : 1;
      let points = 0;
      for (const w of on) {
        if (w.side !== win || w.d >= nearest[1 - win]) continue;
        points += w.d < 29 ? 4 : w.d + 29 < 152 ? 3 : w.d + 29 < 305 ? 2 : 1;
      }
      g.s[win] += points;
      if (points) g.first = win;
      if (g.s[win] >= 11) g.w = win;
    }
    g.ends++;
  };
  return {
    lines(step) {
      const g = h.game;
      if (g.w >= 0 && step.k !== 'garbled' && step.k !== 'unpaired') return null;
      if (step.k === 'play') {
        const made = throwOf(step.v);
        if (!made) return null;
        const { d, off, knock } = made;
        const slide: Record<string, unknown> = off ? { do: 'slide', off: true } : { do: 'slide', to: { d, y: LANES[(g.thrown * 3 + g.ends) % 8] } };
        if (knock) {
          const w = g.table[knock.i];
          slide.moves = [knock.off ? { w: w.name, off: true } : { w: w.name, to: { d: knock.d, y: w.y } }];
        }
        const lines: TimedLine[] = [{ dt: 0, body: slide }];
        // The end's last throw: once it is decided (a weight short of the grid is waited for 6 s), the players clear
        // the table (one weight every 0.3 s) before the next end.
        if (g.thrown === 7) lines.push({ dt: 8000, body: { do: 'clear' } });
        return lines;
      }
      return step.k === 'fix' || step.k === 'undo' || step.k === 'new' ? null : [];
    },
    apply(step) {
      if (step.k !== 'play') return;
      const { d, off, knock } = throwOf(step.v)!;
      h.push();
      const g = h.game;
      const side = (g.first + g.thrown) % 2;
      if (knock) g.table[knock.i].d = knock.d;
      g.table.push({ side, d: off ? -1 : d, name: ['red', 'blue'][side] + ((g.thrown >> 1) + 1), y: LANES[(g.thrown * 3 + g.ends) % 8] });
      if (++g.thrown === 8) {
        scoreEnd();
        g.thrown = 0;
        ended = g.table;
        g.table = [];
      }
    },
    scores: () => h.game.s.slice(),
    where() {
      // (In play, S4: on the table and past the foul line.)
      return (h.game.table.length ? h.game.table : ended).filter((w) => w.d >= 0 && w.d + 29 < 1829).map((w) => ({ c: w.side, d: w.d }));
    },
  };
}

export const SHUFFLEBOARD: ChaosGame = {
  id: 'shuffleboard',
  header: { game: 'shuffleboard', players: 2, options: { firstPlayer: 0 } },
  // A weight slides for 2 to 4 s; after an end's clearing, 9 s or more before the next throw.
  gapMs: 9500,
  quietMs: 5000,
  resumeMs: 0,
  steps: fc.tuple(fc.nat(ZONES.length), fc.nat(2000), fc.nat(3), fc.nat(7), fc.nat(ZONES.length - 1), fc.nat(2000)).map((v): Step => ({ k: 'play', v })),
  // A weight thrown lies on the table: an undo or a new game would have the players throw it again.
  undo: false,
  newGame: false,
  maxSteps: 20,
  scorer: shuffleScorer,
};

// ---------------------------------------------------------------- fortress
// F1: player 0 plays the English side. Strokes made here: the striker's attacking ball put back on its spot by
// hand if it is off it, colours moved by hand, then its passage (the pass, or nothing: a miss, F13) and balls
// holed: an adversary's +2 each (F28), the striker's own −2 each (F29). F41: the striker keeps the table after a
// stroke that gained, else the turn passes. F40: 20 wins at the end of the stroke. F19 (the referee's `wrong`):
// the last stroke scores −2 and nothing else, and the turn passes.
const COLOURS = ['EA1', 'EA2', 'ER1', 'ER2', 'EG', 'FA1', 'FA2', 'FR1', 'FR2', 'FG', 'EP', 'FP'];

function fortressScorer(): Scorer {
  const h = new History({ s: [0, 0], t: 0, w: -1, last: null as null | { before: string; wrong: boolean; scored: boolean } });
  /** Which attacking balls lie on their spots, and which colours are down (the table, not the game: an undo leaves it). */
  const onSpot = { EA: true, FA: true };
  const down: Record<string, boolean> = {};
  /** The stroke's holes: [own?, attacking?] per ball holed. */
  const holes = (v: number[]): { own: boolean; attacking: boolean }[] =>
    v.slice(2, 2 + (v[1] % 3)).map((x) => ({ own: x % 3 === 0, attacking: x % 3 === 0 && x % 2 === 0 }))
      // The attacking ball is holed once at most.
      .filter((x, i, all) => !x.attacking || all.findIndex((y) => y.attacking) === i);
  return {
    lines(step) {
      const g = h.game;
      if (g.w >= 0 && step.k !== 'new' && step.k !== 'garbled' && step.k !== 'unpaired') return null;
      if (step.k === 'play') {
        const side = g.t === 0 ? 'E' : 'F';
        const adversary = side === 'E' ? 'F' : 'E';
        const attacking = side + 'A';
        const happens: Record<string, unknown>[] = [];
        if (!onSpot[attacking as 'EA']) happens.push({ ball: attacking, offSpot: false });
        // Colours moved: taken down, or put up again (a change: the same again is no happening).
        if (step.v[0] % 4 === 0) happens.push({ colours: COLOURS[step.v[0] % 12], down: !down[COLOURS[step.v[0] % 12]] });
        // The stroke itself: the pass or a miss, and the balls holed (the attacking ball last: it ends there).
        const made = holes(step.v);
        if (step.v[0] % 2) happens.push({ ball: attacking, pass: true });
        made.forEach((x, i) => {
          if (!x.attacking) happens.push({ ball: (x.own ? side : adversary) + 'D', into: 'pocket', pocket: 1 + ((step.v[0] + i) % 6) });
        });
        if (made.some((x) => x.attacking)) happens.push({ ball: attacking, into: 'pocket', pocket: 1 + (step.v[0] % 6) });
        // A miss: the attacking ball leaves its spot and goes nowhere the board senses.
        if (!made.length && !(step.v[0] % 2)) happens.push({ ball: attacking, offSpot: true });
        return [{ dt: 0, body: { do: 'stroke', happens } }];
      }
      // Only after a stroke that scored nothing: F19's "nothing else scores" (changed for this wave) is the
      // fortress work's (issue 27 item 10), and the board still adds the stroke's own articles to the −2.
      if (step.k === 'fix') return g.last && !g.last.wrong && !g.last.scored ? [{ dt: 0, body: { phone: { cmd: 'wrong' } } }] : null;
      return [];
    },
    apply(step) {
      const g = h.game;
      if (step.k === 'play') {
        const side = g.t === 0 ? 'E' : 'F';
        const attacking = (side + 'A') as 'EA';
        // Putting the attacking ball back and moving colours are moves of their own (hand), kept for the stroke.
        if (!onSpot[attacking]) h.push();
        onSpot[attacking] = true;
        if (step.v[0] % 4 === 0) {
          h.push();
          down[COLOURS[step.v[0] % 12]] = !down[COLOURS[step.v[0] % 12]];
        }
        h.push();
        // The attacking ball leaves its spot when it passes, is holed or misses (a stroke that holes others only may
        // leave it there).
        const made = holes(step.v);
        if (!made.length || step.v[0] % 2 || made.some((x) => x.attacking)) onSpot[attacking] = false;
        const before = JSON.stringify(Object.assign({}, h.game, { last: null }));
        const gain = holes(step.v).reduce((sum, x) => sum + (x.own ? -2 : 2), 0);
        const p = g.t;
        g.s[p] += gain;
        if (g.s[p] >= 20) g.w = p;
        else if (gain <= 0) g.t = 1 - p;
        g.last = { before, wrong: false, scored: holes(step.v).length > 0 };
      } else if (step.k === 'fix') {
        h.push();
        const p = JSON.parse(g.last!.before).t as number;
        h.game = Object.assign(JSON.parse(g.last!.before), { last: { before: g.last!.before, wrong: true, scored: false } });
        h.game.s[p] -= 2;
        h.game.t = 1 - p;
      } else h.common(step, { s: [0, 0], t: 0, w: -1, last: null });
    },
    scores: () => h.game.s.slice(),
  };
}

export const FORTRESS: ChaosGame = {
  id: 'fortress',
  header: { game: 'fortress', players: 2 },
  // A stroke is decided 8 s after its last movement, and a stroke taken up at power-up 8 s after the boot.
  gapMs: 24000,
  quietMs: 12500,
  resumeMs: 8500,
  steps: playOrFix(fc.array(fc.nat(23), { minLength: 4, maxLength: 4 }).map((v): Step => ({ k: 'play', v })), fc.constant<Step>({ k: 'fix', v: 0 })),
  undo: true,
  newGame: true,
  maxSteps: 12,
  scorer: fortressScorer,
};

export const CHAOS_GAMES: ChaosGame[] = [TRIANGLE, RINGAPEG, SHUFFLEBOARD, FORTRESS];
