// An independent referee for fortification billiards, and a generator of legal
// games played as scenarios. The referee is written from the rules' text (the
// articles F1-F42 and their readings, as docs/games/fortress.md states them),
// not from firmware/: it reads a scenario (docs/replay.md) as a referee
// standing at the table sees it (which ball went where, every ball by its own
// name, what was done by hand, what the referee marked) and scores it. The
// generator plays games that a board can see: every stroke is struck at rest,
// with its balls where the table has them; a miss no sensor can see is entered
// with the long press of `next`. And the property the test and the bench
// check: on a generated game, the board (replayed) agrees with the referee.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { replay } from '../sim/replay';

import type { Happening } from '../sim/physics/fortress';

type Line = Record<string, unknown> & { t: number };

const BALLS = ['EA', 'ED1', 'ED2', 'FA', 'FD1', 'FD2'];
const FORT_KINDS = ['A1', 'A2', 'R1', 'R2', 'G'];
const TARGET = 20;
const other = (side: string): string => (side === 'E' ? 'F' : 'E');
/** F21: the adversary's forts taken before a fort may be: none before an advanced one, both advanced before a reserved, all four before the grand. */
const mustFollow = (fort: string): string[] => ({ A: [], R: ['A1', 'A2'], G: ['A1', 'A2', 'R1', 'R2'] } as Record<string, string[]>)[fort[1]].map((f) => fort[0] + f);
const byHand = (h: Happening): boolean => h.colours !== undefined || h.offSpot === false;

/** What a ball going into a fort means for the striker (F6-F36). */
export interface FortEntry {
  /** The ball is the striker's (else the adversary's, forced in: F25-F27). */
  own: boolean;
  /** The fort is the adversary's (else the striker's own). */
  adversarys: boolean;
  taken: boolean;
  /** The forts before it in the order (F21) are taken. */
  inOrder: boolean;
  bell: boolean;
  defending: boolean;
  /** The striker's pass: none, made (not yet judged, F8), or standing (F14). */
  pass: 'none' | 'made' | 'stands';
  /** The adversary's pass colours are down. */
  passColoursDown: boolean;
  /** One of the striker's balls must go back to its spot and is not yet (F23). */
  due: boolean;
  penaltyBeforePass: boolean;
}

/**
 * The article of a ball going into a fort, if any ('F11' a fort taken, 'F23' one that reckons nothing), and
 * whether the ball must go back to its spot. An adversary's ball: the bell plays no part, a prisoner goes back.
 * One of the striker's: one fault, one penalty: out of order is F22's, a taken fort rung again F36's, whatever
 * else is wrong; then F18, F6, F9, F23.
 */
export function fortEntry(e: FortEntry): { article: string | null; back: boolean } {
  const out = (article: string | null, back: boolean) => ({ article, back });
  if (!e.own) return e.adversarys ? out('F27', false) : e.taken ? out('F26', false) : out('F25', true);
  if (e.taken) return out(e.bell && e.adversarys ? 'F36' : 'F34', false);
  // His own fort, not taken: he defends it.
  if (!e.adversarys) return out(null, false);
  if (!e.inOrder) return out(e.bell ? 'F22' : 'F34', e.bell);
  // F15: no bell, no fort.
  if (!e.bell) return out(null, false);
  if (e.defending) return out('F18', true);
  if (e.pass === 'none') return out(e.penaltyBeforePass ? 'F6' : null, true);
  if (e.pass !== 'stands' && !e.passColoursDown) return out('F9', true);
  // F23: a ball of his still off its spot: the fort reckons nothing, and is not taken.
  if (e.due) return out('F23', false);
  return out('F11', true);
}

/** A game's players, scores and options, as every scorer of it keeps them (F1, F40, F41, F6). */
export interface GameSheet {
  /** The player on the English side. */
  english: number;
  turn: number;
  scores: number[];
  winner: number | null;
  /** The options floorAtZero, alternate and penaltyBeforePass. */
  floor: boolean;
  alternate: boolean;
  penaltyBeforePass: boolean;
}

/** What a referee keeps in his head. */
interface Table extends GameSheet {
  /** By side: no pass, a pass made (not yet judged, F8), a pass that stands (F14). */
  pass: Record<string, 'none' | 'made' | 'stands'>;
  /** Forts taken: new (its colours not yet judged at its taker's next stroke, F12) or kept (F24). */
  taken: Map<string, 'new' | 'kept'>;
  /** Colours down: forts' names, EP, FP. */
  down: Set<string>;
  /** Balls lying on their own spots. */
  onSpot: Set<string>;
  /** Balls that must be put back on their spots and are not yet (F10, F23, F35). */
  mustReturn: Set<string>;
  /** "I do not see" declared for the next stroke (F37). */
  blind: boolean;
}

/** A stroke as the referee saw it: what was done by hand before its first ball moved, then everything in it, and the marks. */
interface Stroke {
  hand: Happening[];
  events: Happening[];
  wrong: boolean;
  over: string[];
  hit: boolean;
}

function copy(t: Table): Table {
  return { ...t, scores: t.scores.slice(), pass: { ...t.pass }, taken: new Map(t.taken), down: new Set(t.down), onSpot: new Set(t.onSpot), mustReturn: new Set(t.mustReturn) };
}

/** Colours moved or a ball put back on its spot by hand. */
function doByHand(t: Table, h: Happening): void {
  if (h.colours !== undefined) t.down[h.down ? 'add' : 'delete'](h.colours);
  else {
    t.onSpot.add(h.ball!);
    // A ball due back is counted by its class (docs/games/fortress.md, Which defending ball: a mouth sees ED or FD,
    // not which of the two): either ball of the class put back on its spot counts.
    const due = t.mustReturn.has(h.ball!) ? h.ball! : [...t.mustReturn].find((b) => b.slice(0, 2) === h.ball!.slice(0, 2));
    if (due) t.mustReturn.delete(due);
  }
}

/** F12, F40: the first player whose score, the 4 of each fort he took whose colours are still up left out, reaches 20. */
function checkWin(t: Table): void {
  for (const p of [0, 1]) {
    const attacked = p === t.english ? 'F' : 'E';
    const waiting = [...t.taken].filter(([f, s]) => f[0] === attacked && s === 'new' && !t.down.has(f)).length;
    if (t.winner === null && t.scores[p] - 4 * waiting >= TARGET) t.winner = p;
  }
}

/** Each article's points ('F32+', 'F32-' and 'F37+', 'F37-' for the two of each). */
export const POINTS: Record<string, number> = {
  F6: -2, F9: -2, F11: 4, F18: -2, F19: -2, F22: -2, F23: 0, F25: 6, F26: 2, F27: 2, F28: 2, F29: -2, F30: 2, F31: -2,
  'F32+': 6, 'F32-': -2, F34: -2, F36: -2, 'F37+': 2, 'F37-': -2, F38: -2,
};

/**
 * A stroke's articles, in order, combined as the rules combine them (in place): F32, then "I do not see" (F37,
 * F38, declared `blind`, the ball `hit` or not), then a `foul` stroke (F19).
 */
export function combine(articles: string[], blind: boolean, hit: boolean, foul: boolean): void {
  const drop = (rule: string): boolean => {
    const i = articles.indexOf(rule);
    if (i >= 0) articles.splice(i, 1);
    return i >= 0;
  };
  // F32: a fort taken and an adversary's ball over the table or holed: +6 in all; with one of his balls into a taken
  // fort or a fort out of order besides, −2 in all.
  if (articles.includes('F11') && (articles.includes('F30') || articles.includes('F28'))) {
    drop('F11');
    if (!drop('F30')) drop('F28');
    articles.push(drop('F34') || drop('F22') || drop('F36') ? 'F32-' : 'F32+');
  }
  // F37, F38: "I do not see": a miss −2; a hit +2, or −2 in all with his own-ball faults.
  if (blind) {
    if (!hit) articles.push('F37-');
    else {
      let faults = false;
      for (const r of ['F29', 'F31', 'F34', 'F22', 'F36']) while (drop(r)) faults = true;
      articles.push(faults ? 'F38' : 'F37+');
    }
  }
  // F19: struck with an adversary's ball, the stroke scores its −2 and nothing else.
  if (foul) articles.splice(0, articles.length, 'F19');
}

/** One stroke, scored from the table before it. */
function score(before: Table, s: Stroke): Table {
  const t = copy(before);
  t.blind = false;
  const p = t.turn;
  const side = p === t.english ? 'E' : 'F';
  const adv = other(side);
  for (const h of s.hand) doByHand(t, h);
  // F8 and F12 are judged as the stroke begins, after what was done by hand before it.
  let points = 0;
  if (t.pass[side] === 'made') t.pass[side] = t.down.has(adv + 'P') ? 'stands' : 'none';
  for (const [f, state] of [...t.taken]) {
    if (f[0] !== adv || state !== 'new') continue;
    if (t.down.has(f)) t.taken.set(f, 'kept');
    else {
      t.taken.delete(f);
      points -= 4;
    }
  }
  // The articles of the stroke, in order; balls that must go back to their spots after it.
  const articles: string[] = [];
  const sentBack: string[] = [];
  /** Forts taken in this stroke. */
  const took: string[] = [];
  for (const h of s.events) {
    if (byHand(h)) {
      doByHand(t, h);
      continue;
    }
    const ball = h.ball!;
    const own = ball[0] === side;
    t.onSpot.delete(ball);
    if (h.offSpot) continue;
    if (h.pass) {
      // F6: the striker's attacking ball makes the pass, towards the adversary's quarter; in a foul stroke nothing is made (F19).
      if (own && ball[1] === 'A' && !h.back && !s.wrong && t.pass[side] === 'none') t.pass[side] = 'made';
    } else if (h.into === 'pocket') {
      articles.push(own ? 'F29' : 'F28');
      sentBack.push(ball);
    } else {
      const fort = h.fort!;
      const bell = !!h.bell;
      const adversarys = fort[0] === adv;
      const entry = fortEntry({
        own, adversarys, taken: t.taken.has(fort), inOrder: mustFollow(fort).every((f) => t.taken.has(f)), bell, defending: ball[1] === 'D',
        pass: t.pass[side], passColoursDown: t.down.has(adv + 'P'), due: [...t.mustReturn].some((b) => b[0] === side), penaltyBeforePass: t.penaltyBeforePass,
      });
      // (F23 is told with no points: the referee keeps no such change.)
      if (entry.article && entry.article !== 'F23') articles.push(entry.article);
      if (entry.back) sentBack.push(ball);
      // F19: nothing is taken in a foul stroke.
      if (entry.article === 'F11' && !s.wrong) {
        t.taken.set(fort, 'new');
        took.push(fort);
      }
    }
  }
  for (const ball of s.over) {
    t.onSpot.delete(ball);
    articles.push(ball[0] === side ? 'F31' : 'F30');
    sentBack.push(ball);
  }
  combine(articles, before.blind, s.hit, s.wrong);
  // F32's −2 "for the whole stroke instead" (a reading): the fort it took is not taken.
  if (articles.includes('F32-')) for (const f of took) t.taken.delete(f);
  const gain = articles.reduce((sum, r) => sum + POINTS[r], 0);
  let total = t.scores[p] + points + gain;
  if (t.floor && total < 0) total = 0;
  t.scores[p] = total;
  // Balls sent back must be put back before they count as back (F23 from the next stroke on).
  for (const ball of sentBack) if (!t.onSpot.has(ball)) t.mustReturn.add(ball);
  checkWin(t);
  if (t.winner === null && (t.alternate || gain <= 0)) t.turn = 1 - p;
  return t;
}

export interface Verdict {
  scores: number[];
  winner: number | null;
  /** The player to strike (null once won). */
  turn: number | null;
}

/** A referee reading a scenario line by line. */
export class Referee {
  table: Table;
  private last: { before: Table; stroke: Stroke } | null = null;
  /** Done by hand since the last stroke: a correction of it keeps them. */
  private since: Happening[] = [];

  constructor(header: { options?: GameOptions }) {
    const o = header.options || {};
    const lag = o.lag === 1 ? 1 : 0;
    this.table = {
      english: lag, turn: lag, scores: [0, 0], winner: null, floor: o.floorAtZero === true, alternate: o.alternate === true,
      penaltyBeforePass: o.penaltyBeforePass !== false, pass: { E: 'none', F: 'none' }, taken: new Map(), down: new Set(),
      onSpot: new Set(BALLS), mustReturn: new Set(), blind: false,
    };
  }

  /** The striker's attacking ball. */
  striker(): string {
    return this.table.turn === this.table.english ? 'EA' : 'FA';
  }

  private strike(stroke: Stroke): void {
    this.last = { before: this.table, stroke };
    this.since = [];
    this.table = score(this.table, stroke);
  }

  private correct(mark: (s: Stroke) => void): void {
    if (!this.last) throw new Error('no stroke to correct');
    const stroke = { ...this.last.stroke, over: this.last.stroke.over.slice() };
    mark(stroke);
    this.last.stroke = stroke;
    const blind = this.table.blind;
    this.table = score(this.last.before, stroke);
    for (const h of this.since) doByHand(this.table, h);
    this.table.blind = blind;
  }

  /** One scenario line. */
  line(l: Line): void {
    // Once won, nothing is struck; the referee's marks on the last stroke still count (it may take the win back).
    if (this.table.winner !== null && !l.phone) return;
    if (l.do === 'hand') {
      const happens = l.happens as Happening[];
      for (const h of happens) doByHand(this.table, h);
      this.since.push(...happens);
      checkWin(this.table);
    } else if (l.do === 'stroke') {
      const happens = (l.happens as Happening[]).slice();
      for (const h of happens) if (h.ball && !BALLS.includes(h.ball)) throw new Error(`the referee sees every ball by its name, not ${h.ball}`);
      // No ball moved but by hand (or back through the pass, which the board does not see): a miss, the striker's
      // attacking ball leaving its spot (docs/replay.md).
      if (!happens.some((h) => !byHand(h) && !h.back)) happens.push({ ball: this.striker(), offSpot: true });
      const k = happens.findIndex((h) => !byHand(h));
      // What is done by hand before the first ball moves is done before the stroke: colours down may win (F12).
      this.line({ t: l.t, do: 'hand', happens: happens.slice(0, k) });
      if (this.table.winner === null) this.strike({ hand: [], events: happens.slice(k), wrong: false, over: [], hit: false });
    } else if (l.button === 'next') {
      if ((l.holdMs as number) >= 1000) this.strike({ hand: [], events: [], wrong: false, over: [], hit: false });
    } else if (l.phone) {
      const cmd = l.phone as { cmd: string; ball?: string; hit?: boolean };
      if (cmd.cmd === 'wrong') this.correct((s) => { s.wrong = true; });
      else if (cmd.cmd === 'over') this.correct((s) => { s.over.push(cmd.ball!); });
      else if (cmd.cmd === 'blind' && cmd.hit === undefined) this.table.blind = true;
      else if (cmd.cmd === 'blind') this.correct((s) => { s.hit = !!cmd.hit; });
      else throw new Error('the referee does not read ' + cmd.cmd);
    } else throw new Error('the referee does not read ' + JSON.stringify(l));
  }

  verdict(): Verdict {
    const t = this.table;
    return { scores: t.scores.slice(), winner: t.winner, turn: t.winner === null ? t.turn : null };
  }
}

/** The referee's verdict on a whole scenario. */
export function refereeScenario(text: string): Verdict {
  const [header, ...lines] = text.trim().split('\n').map((l) => JSON.parse(l));
  const referee = new Referee(header);
  for (const l of lines) referee.line(l);
  return referee.verdict();
}

// ---------------------------------------------------------------------------
// The generator: legal games, played as scenarios.

/** Where a ball is. */
type Place = 'spot' | 'table' | 'pocket' | 'fort' | 'over';

/** Between a stroke's last movement and the next line: the board ends a stroke 8 s after its last movement (REST_MS, docs/games/fortress.md), and some more. */
const AFTER_MS = 9000;
/** The physics' steps (docs/replay.md): 0.6 s between happenings, 0.4 s for things done by hand first. */
const STEP_MS = 600;

/** Choices from a list of numbers (fast-check's), and 0 once it is used up: an exhausted list plays simply and ends the game. */
class Choices {
  private i = 0;
  constructor(private readonly list: number[]) {}
  get left(): boolean {
    return this.i < this.list.length;
  }
  /** An integer from 0 to n - 1. */
  int(n: number): number {
    return this.i < this.list.length ? this.list[this.i++] % n : 0;
  }
  /** True with probability about p (0 once used up). */
  chance(p: number): boolean {
    return this.int(1000) >= 1000 - p * 1000;
  }
  pick<T>(list: T[]): T {
    return list[this.int(list.length)];
  }
}

export interface GameOptions {
  floorAtZero?: boolean;
  alternate?: boolean;
  lag?: number;
  penaltyBeforePass?: boolean;
}

/**
 * A legal game of fortification billiards as a scenario, from `choices` (each a whole number; a stroke takes
 * some ten of them), until a side wins or the choices run out.
 */
export function generateGame(choices: number[], options: GameOptions = {}, seed = 1): string {
  const c = new Choices(choices);
  const header = { game: 'fortress', players: 2, seed, options };
  const lines: Line[] = [];
  const referee = new Referee(header);
  const place: Record<string, Place> = Object.fromEntries(BALLS.map((b) => [b, 'spot' as Place]));
  const movable = (b: string) => place[b] === 'spot' || place[b] === 'table';
  let t = 2000;
  const emit = (l: Omit<Line, 't'>, after: number): void => {
    const line = { t, ...l } as Line;
    lines.push(line);
    referee.line(line);
    t += after;
  };

  while (c.left && referee.table.winner === null) {
    const table = referee.table;
    const side = table.turn === table.english ? 'E' : 'F';
    const adv = other(side);
    const attacking = side + 'A';
    if (c.chance(0.05)) emit({ phone: { cmd: 'blind' } }, 400);
    const declared = referee.table.blind;

    // By hand, before the stroke: balls back on their spots, colours down (now and then up again).
    const hand: Happening[] = [];
    for (const b of BALLS) {
      if (!movable(b) && (b === attacking || c.chance(0.85))) {
        hand.push({ ball: b, offSpot: false });
        place[b] = 'spot';
      }
    }
    for (const [f, s] of table.taken) if (f[0] === adv && s === 'new' && !table.down.has(f) && c.chance(0.85)) hand.push({ colours: f, down: true });
    if (table.pass[side] === 'made' && !table.down.has(adv + 'P') && c.chance(0.8)) hand.push({ colours: adv + 'P', down: true });
    if (c.chance(0.03)) {
      const downs = [...table.down];
      if (downs.length) hand.push({ colours: c.pick(downs), down: false });
    }
    // Colours down by hand that give a win waiting for them (F12): the game ends there.
    const ahead = new Referee(header);
    ahead.table = copy(table);
    ahead.line({ t, do: 'hand', happens: hand });
    if (ahead.table.winner !== null) {
      emit({ do: 'hand', happens: hand }, 400 * hand.length + 600);
      break;
    }

    // The ball struck: mostly his attacking ball; now and then one of his defending balls, or an adversary's (F19).
    const ownDefending = BALLS.filter((b) => b[0] === side && b[1] === 'D' && movable(b));
    const advBalls = BALLS.filter((b) => b[0] === adv && movable(b));
    const wrong = advBalls.length > 0 && c.chance(0.04);
    const struck = wrong ? c.pick(advBalls) : ownDefending.length && c.chance(0.1) ? c.pick(ownDefending) : attacking;
    const leaves = place[struck] === 'spot';
    const events: Happening[] = [];
    const moved = new Set<string>([struck]);
    const move = (b: string, h: Happening): void => {
      if (place[b] === 'spot') place[b] = 'table';
      moved.add(b);
      events.push(h);
    };
    const next = FORT_KINDS.map((f) => adv + f).find((f) => !table.taken.has(f) && mustFollow(f).every((x) => table.taken.has(x)));
    const count = c.int(4);
    for (let i = 0; i < count; i++) {
      const r = c.int(100);
      const free = BALLS.filter((b) => movable(b) && b !== struck);
      if (!movable(struck)) break;
      if (r < 30 && struck === attacking && table.pass[side] !== 'stands') {
        move(struck, { ball: struck, pass: true });
        if (c.chance(0.6)) events.push({ colours: adv + 'P', down: true });
      } else if (r < 70 && struck === attacking && next) {
        move(struck, { ball: struck, into: 'fort', fort: next, bell: c.chance(0.9) });
        place[struck] = 'fort';
        if (c.chance(0.5)) events.push({ colours: next, down: true });
      } else if (r < 78 && free.length) {
        const b = c.pick(free);
        move(b, { ball: b, into: 'pocket', pocket: 1 + c.int(6) });
        place[b] = 'pocket';
      } else if (r < 84 && free.length) {
        const b = c.pick(free);
        const fort = c.pick(['E', 'F']) + c.pick(FORT_KINDS);
        move(b, { ball: b, into: 'fort', fort, bell: c.chance(0.5) });
        place[b] = 'fort';
      } else if (r < 88) {
        move(struck, { ball: struck, into: 'pocket', pocket: 1 + c.int(6) });
        place[struck] = 'pocket';
      } else if (r < 94) {
        move(struck, { ball: struck, pass: true, back: true });
      } else if (free.length) {
        const b = c.pick(free);
        move(b, { ball: b, pass: true });
      }
    }
    if (place[struck] === 'spot') place[struck] = 'table';

    // The board sees the stroke if its ball left its spot or anything moved past a sensor; else the long press.
    // (A ball rolling back through the pass trips the pass's switches, but the board takes it for nothing: no pass.)
    const seen = leaves || events.some((h) => !h.back);
    const overBall = c.chance(0.05) ? [...moved].find((b) => place[b] === 'table') : undefined;
    if (seen) {
      const implicitMiss = events.length === 0 && struck === attacking && leaves && c.chance(0.5);
      const happens = implicitMiss ? hand : [...hand, ...(leaves ? [{ ball: struck, offSpot: true }] : []), ...events];
      // The stroke's last movement: each happening 0.6 s after the one before (0.4 s by hand first), and 0.6 s more
      // for each ball leaving its spot as it moves (at most one a movement), and the miss's.
      const movements = happens.filter((h) => !byHand(h)).length;
      emit({ do: 'stroke', happens }, STEP_MS * (happens.length + movements + 2) + AFTER_MS);
    } else {
      if (hand.length) emit({ do: 'hand', happens: hand }, 400 * hand.length + 600);
      emit({ button: 'next', holdMs: 1500 }, 2500);
    }
    if (wrong) emit({ phone: { cmd: 'wrong' } }, 400);
    if (overBall) {
      place[overBall] = 'over';
      emit({ phone: { cmd: 'over', ball: overBall } }, 400);
    }
    if (declared) emit({ phone: { cmd: 'blind', hit: c.chance(0.6) } }, 400);
    t += 600;
  }
  // A win waiting for a fort's colours (F12): they come down by hand.
  const table = referee.table;
  if (table.winner === null) {
    const waiting = [...table.taken].filter(([f, s]) => s === 'new' && !table.down.has(f)).map(([f]) => ({ colours: f, down: true }));
    if (waiting.length && choices.length % 2) emit({ do: 'hand', happens: waiting }, 1000);
  }
  return [header, ...lines].map((l) => JSON.stringify(l)).join('\n') + '\n';
}

// ---------------------------------------------------------------------------
// The board against the referee.

/** The board's verdict on a scenario, replayed; and what it refused or flagged (a legal game has nothing). */
export function boardVerdict(text: string): { verdict: Verdict; refused: string[] } {
  const out = replay(text).lines.map((l) => JSON.parse(l));
  const refused = out.filter((l) => l.phone && (l.phone.type === 'error' || (l.phone.type === 'flag' && l.phone.code !== 'not_saved'))).map((l) => JSON.stringify(l));
  const final = out[out.length - 1].final;
  return { verdict: { scores: final.scores, winner: final.winner, turn: final.winner === null ? final.turn : null }, refused };
}

/** The games: choices for the generator, the options, the noise's seed. */
export const games = (maxChoices: number) => fc.tuple(
  fc.array(fc.nat({ max: 0xffff }), { minLength: 8, maxLength: maxChoices, size: 'max' }),
  fc.record({ floorAtZero: fc.boolean(), alternate: fc.boolean(), lag: fc.constantFrom(0, 1), penaltyBeforePass: fc.boolean() }, { requiredKeys: [] }),
  fc.integer({ min: 1, max: 1000 }),
);

/** The property: the board agrees with the referee on a generated game. */
export function agrees([choices, options, seed]: [number[], GameOptions, number]): void {
  const text = generateGame(choices, options, seed);
  const board = boardVerdict(text);
  assert.deepEqual(board.refused, [], 'nothing refused:\n' + text);
  assert.deepEqual(board.verdict, refereeScenario(text), 'the board and the referee:\n' + text);
}

