// Thousands of seeded random games of fortification billiards: every move
// goes to the board's game (firmware/games/fortress) and to a scorer written
// here afresh from docs/games/fortress.md, without the engine's code; after
// every move they must agree on the scores, the turn, the winner and the
// article of each point change, and what the phone is told of the last
// stroke.
import assert from 'node:assert/strict';
import { game as fortress } from '../firmware/games/fortress/index';
import type { FortressMove, FortressState } from '../firmware/games/fortress/rules';
import { playMove } from '../firmware/game';
import type { GameOptions } from '../firmware/game';
import { mulberry32 } from '../sim/inputs';
import { POINTS, combine, fortEntry } from './fortress-referee';
import type { GameSheet } from './fortress-referee';
import { buildDeviceCode } from '../tools/es5';
import { bootInEspruino } from '../tools/espruino-run';
import { ON_DEMAND, buildOnDemand, featuresOf } from '../tools/build';
import { ROOT } from '../tools/games';
import { moduleOf } from '../firmware/games/registry';
import { MODULES_FILE, POWERUP_MODULE, RARE_MODULE } from '../firmware/modules';
import { modulesFile } from '../tools/modules-file';
import { needsEspruino } from './real-interpreter';

const GAMES = 3000;
const FORTS = ['A1', 'A2', 'R1', 'R2', 'G'];
const BALLS = ['EA', 'ED1', 'ED2', 'FA', 'FD1', 'FD2'];
const COLOURS = ['E', 'F'].flatMap((side) => FORTS.concat('P').map((f) => side + f));
const TARGET = 20;

/** A point change as the page tells it: `rule points`. */
type Change = string;

/** The game as the page describes it. Sides are 'E' and 'F'; a ball class is its side and A or D. */
interface Table extends GameSheet {
  /** By side: its attacking ball made the pass; the pass was judged regular at its maker's next stroke (F8, F14). */
  passMade: { [side: string]: boolean };
  passStands: { [side: string]: boolean };
  /** Forts taken, and those whose colours were judged at their taker's next stroke (F12, F24). */
  taken: Set<string>;
  kept: Set<string>;
  /** Colours down: forts' names, EP, FP. */
  down: Set<string>;
  /** Balls due back on their spots, by class (EA, ED, FA, FD). */
  due: { [cls: string]: number };
  /** Balls off their spots as far as the board saw (all on them at the start). */
  off: Set<string>;
  /** "I do not see" declared for the next stroke. */
  blind: boolean;
  /** Done by hand since the last stroke: the next one begins with it. */
  hand: string[];
  /** The last stroke: the table before it and its happenings, marks included. */
  last: { before: Table; happenings: string[] } | null;
}

function newTable(options: GameOptions): Table {
  const lag = options.lag === 1 ? 1 : 0;
  return {
    english: lag, turn: lag, scores: [0, 0], winner: null, floor: !!options.floorAtZero, alternate: !!options.alternate, penaltyBeforePass: options.penaltyBeforePass !== false,
    passMade: { E: false, F: false }, passStands: { E: false, F: false }, taken: new Set(), kept: new Set(), down: new Set(),
    due: { EA: 0, ED: 0, FA: 0, FD: 0 }, off: new Set(), blind: false, hand: [], last: null,
  };
}

function copy(t: Table): Table {
  return {
    ...t, scores: t.scores.slice(), passMade: { ...t.passMade }, passStands: { ...t.passStands }, taken: new Set(t.taken),
    kept: new Set(t.kept), down: new Set(t.down), due: { ...t.due }, off: new Set(t.off), hand: t.hand.slice(),
  };
}

const other = (side: string): string => (side === 'E' ? 'F' : 'E');
/** The forts a fort of the adversary must follow (F21): none for the advanced, both advanced for the reserved, all four for the grand fort. */
const before = (fort: string): string[] => (fort[1] === 'A' ? [] : fort[1] === 'R' ? ['A1', 'A2'] : ['A1', 'A2', 'R1', 'R2']).map((f) => fort[0] + f);

/** Scores one stroke with happenings `hs` from table `t` (docs/games/fortress.md, Rule ids and Readings). */
function strike(t: Table, hs: string[]): { table: Table; changes: Change[] } {
  const n = copy(t);
  // The table before, as it was (no move changes a table it is given).
  n.last = { before: { ...t, last: null, hand: [] }, happenings: hs };
  n.blind = false;
  n.hand = [];
  const p = t.turn;
  const side = p === t.english ? 'E' : 'F';
  const adv = other(side);
  const changes: Change[] = [];
  // Articles of the stroke, in order, before F32 and F37/F38 join some of them.
  const rules: string[] = [];
  const sentBack: string[] = [];
  let hit = false;
  let begun = false;
  // F19: struck with an adversary's ball, a foul stroke: no fort and no pass made in it, and only its −2 scores.
  const foul = hs.includes('wrong');
  /** Forts taken in this stroke. */
  const took: string[] = [];

  // F8 and F12 are judged when the stroke begins (its first ball movement, or its end).
  const begin = (): void => {
    begun = true;
    if (n.passMade[side] && !n.passStands[side]) {
      if (n.down.has(adv + 'P')) n.passStands[side] = true;
      else n.passMade[side] = false;
    }
    for (const f of FORTS.map((x) => adv + x)) {
      if (!n.taken.has(f) || n.kept.has(f)) continue;
      if (n.down.has(f)) n.kept.add(f);
      else {
        n.taken.delete(f);
        changes.push('F12 -4');
      }
    }
  };

  for (const h of hs) {
    const colours = /^([EF](?:P|A1|A2|R1|R2|G))([_^])$/.exec(h);
    const ball = /^([EF])([AD])[12]?(.*)$/.exec(h);
    const moving = !!ball && /^[>.=\-~]/.test(ball[3]);
    if (moving && !begun) begin();
    if (h === 'wrong') rules.push('F19');
    else if (h === 'hit') hit = true;
    else if (colours) {
      if (colours[2] === '_') n.down.add(colours[1]);
      else n.down.delete(colours[1]);
    } else if (ball) {
      const cls = ball[1] + ball[2];
      const own = ball[1] === side;
      const what = ball[3];
      if (what === '+' || what === '-') {
        const name = h.slice(0, -1);
        if (what === '+') n.due[cls] = Math.max(0, n.due[cls] - 1);
        if (BALLS.includes(name)) n.off[what === '+' ? 'delete' : 'add'](name);
      } else if (what === '=') {
        if (own && ball[2] === 'A' && !foul) n.passMade[side] = true;
      } else if (what[0] === '.' || what === '~') {
        rules.push(what === '~' ? (own ? 'F31' : 'F30') : own ? 'F29' : 'F28');
        sentBack.push(cls);
      } else if (what[0] === '>') {
        const bell = what.endsWith('!');
        const fort = what.slice(1, bell ? -1 : undefined);
        const adversarys = fort[0] === adv;
        const entry = fortEntry({
          own, adversarys, taken: n.taken.has(fort), inOrder: before(fort).every((f) => n.taken.has(f)), bell, defending: ball[2] === 'D',
          pass: n.passStands[side] ? 'stands' : n.passMade[side] ? 'made' : 'none', passColoursDown: n.down.has(adv + 'P'),
          due: n.due[side + 'A'] + n.due[side + 'D'] > 0, penaltyBeforePass: n.penaltyBeforePass,
        });
        if (entry.article) rules.push(entry.article);
        if (entry.back) sentBack.push(cls);
        if (entry.article === 'F11' && !foul) {
          n.taken.add(fort);
          took.push(fort);
        }
      }
    }
  }
  if (!begun) begin();

  combine(rules, t.blind, hit, foul);
  // F32's −2 "for the whole stroke instead" (a reading): the fort it took is not taken.
  if (rules.includes('F32-')) for (const f of took) n.taken.delete(f);
  let gain = 0;
  for (const r of rules) {
    changes.push(r.replace(/[+-]$/, '') + ' ' + POINTS[r]);
    gain += POINTS[r];
  }
  let score = t.scores[p];
  for (const c of changes) score += +c.split(' ')[1];
  // F40: the lift back to zero is a change of its own, and no gain.
  if (n.floor && score < 0) {
    changes.push('F40 ' + -score);
    score = 0;
  }
  n.scores[p] = score;
  // Balls sent back in this stroke are due from the next one (F23); no more of a class than lie off their spots.
  for (const cls of sentBack) n.due[cls]++;
  for (const cls of Object.keys(n.due)) n.due[cls] = Math.min(n.due[cls], BALLS.filter((b) => b.startsWith(cls) && n.off.has(b)).length);
  checkWin(n, n.down);
  if (n.winner === null && (n.alternate || gain <= 0)) n.turn = 1 - p;
  return { table: n, changes };
}

/**
 * F12, F40: a player wins once his score reaches 20 without the 4 of each fort he took whose colours are still up
 * (`down`: the colours down) and that was not yet judged.
 */
function checkWin(t: Table, down: Set<string>): void {
  for (const p of [0, 1]) {
    const adv = p === t.english ? 'F' : 'E';
    const waiting = [...t.taken].filter((f) => f[0] === adv && !t.kept.has(f) && !down.has(f)).length;
    if (t.scores[p] - 4 * waiting >= TARGET) t.winner = p;
  }
}

/** The last stroke scored again with happenings `hs`: the difference, article by article (docs/games/fortress.md, Moves). */
function correct(t: Table, hs: string[]): { table: Table; changes: Change[] } {
  const last = t.last!;
  const again = strike(last.before, hs);
  const was = strike(last.before, last.happenings);
  const net = new Map<string, number>();
  for (const [list, sign] of [[again.changes, 1], [was.changes, -1]] as [Change[], number][]) {
    for (const c of list) {
      const [rule, points] = c.split(' ');
      net.set(rule, (net.get(rule) || 0) + sign * +points);
    }
  }
  again.table.blind = t.blind;
  again.table.hand = t.hand;
  return { table: again.table, changes: [...net].filter(([, v]) => v).map(([r, v]) => r + ' ' + v) };
}

/**
 * What the board found at power-up (`seen`: balls on their spots, colours down), set against the table after
 * happenings `hs`: balls put back and colours moved, then balls gone from their spots (Moves, `found`).
 */
function foundAgainst(t: Table, hs: string[], seen: string[]): string[] {
  const off = new Set(t.off);
  const down = new Set(t.down);
  for (const h of hs) {
    const name = h.slice(0, -1);
    if (h.endsWith('+')) off.delete(name);
    else if (h.endsWith('-') && BALLS.includes(name)) off.add(name);
    else if (h.endsWith('_')) down.add(name);
    else if (h.endsWith('^')) down.delete(name);
  }
  const back = BALLS.filter((b) => seen.includes(b + '+') && off.has(b)).map((b) => b + '+');
  const moved = COLOURS.filter((c) => seen.includes(c + '_') !== down.has(c)).map((c) => c + (down.has(c) ? '^' : '_'));
  const gone = BALLS.filter((b) => !seen.includes(b + '+') && !off.has(b)).map((b) => b + '-');
  return [...back, ...moved, ...gone];
}

/** A move's happenings as a list: the board sends them as one string, a space between them (`-` alone: none). */
const listOf = (h: string[] | string | undefined): string[] => typeof h === 'string' ? h.split(' ').filter((x) => x !== '' && x !== '-') : h ?? [];

/** A move on the page's table: the new table and its changes, or the refusal's code. */
function play(t: Table, m: FortressMove): { table: Table; changes: Change[] } | string {
  const h = listOf(m.h);
  switch (m.k) {
    case 'stroke': {
      if (t.winner !== null) return 'over';
      const all = t.hand.concat(h);
      // A stroke the board took up at power-up: what it found then, after its first n happenings.
      const k = t.hand.length + (m.n ?? 0);
      // (What the board found is there also when it found nothing: '' or an empty list.)
      return strike(t, m.f !== undefined ? [...all.slice(0, k), ...foundAgainst(t, all.slice(0, k), listOf(m.f)), ...all.slice(k)] : all);
    }
    case 'found': {
      const diff = t.winner !== null ? [] : foundAgainst(t, t.hand, h);
      return diff.length ? play(t, { k: 'hand', h: diff }) : '';
    }
    case 'rest':
      return t.winner === null && t.hand.some((x) => x.endsWith('-')) ? strike(t, t.hand) : '';
    case 'next':
      return t.winner !== null || (m.ms as number) < 1000 ? '' : strike(t, t.hand);
    case 'hand': {
      if (t.winner !== null) return '';
      const n = copy(t);
      n.hand = t.hand.concat(h);
      // Colours down by hand may give the win that waited for them.
      const down = new Set(t.down);
      for (const x of n.hand) if (/^[EF](P|A1|A2|R1|R2|G)[_^]$/.test(x)) down[x.endsWith('_') ? 'add' : 'delete'](x.slice(0, -1));
      checkWin(n, down);
      return { table: n, changes: [] };
    }
    case 'lag': {
      if (t.last) return 'F1';
      const n = copy(t);
      n.english = n.turn = m.p as number;
      return { table: n, changes: [] };
    }
    case 'wrong':
      return !t.last ? 'none' : t.last.happenings.includes('wrong') ? 'F19' : correct(t, t.last.happenings.concat(['wrong']));
    case 'over':
      return !t.last ? 'none' : correct(t, t.last.happenings.concat([m.ball + '~']));
    case 'blind':
      if (m.hit === undefined) {
        if (t.winner !== null || t.blind) return t.blind ? 'F37' : 'over';
        const n = copy(t);
        n.blind = true;
        return { table: n, changes: [] };
      }
      return !t.last || !t.last.before.blind ? 'F37' : correct(t, t.last.happenings.filter((x) => x !== 'hit').concat(m.hit ? ['hit'] : []));
    case 'fix':
      return !t.last ? 'none' : correct(t, h);
  }
  throw new Error('no such move ' + m.k);
}

/** Random moves, steered by the page's table towards games that take forts and end. */
class Player {
  constructor(readonly rnd: () => number) {}

  chance(p: number): boolean {
    return this.rnd() < p;
  }

  pick<T>(list: T[]): T {
    return list[Math.floor(this.rnd() * list.length)];
  }

  ball(side: string): string {
    return side + this.pick(['A', 'A', 'D', 'D1', 'D2']);
  }

  anyFort(): string {
    return this.pick(['E', 'F']) + this.pick(FORTS);
  }

  /** What a striker does by hand before his stroke: balls back, colours down (now and then up). */
  byHand(t: Table, side: string, adv: string): string[] {
    const out: string[] = [];
    for (const cls of Object.keys(t.due)) {
      for (let i = 0; i < t.due[cls]; i++) if (this.chance(0.9)) out.push(cls === cls[0] + 'A' ? cls + '+' : cls + (i + 1) + '+');
    }
    for (const f of FORTS.map((x) => adv + x)) if (t.taken.has(f) && !t.down.has(f) && this.chance(0.9)) out.push(f + '_');
    if (t.passMade[side] && !t.down.has(adv + 'P') && this.chance(0.8)) out.push(adv + 'P_');
    if (this.chance(0.04)) out.push(this.pick(['EP', 'FP', this.anyFort()]) + '^');
    return out;
  }

  /** One stroke's happenings, by hand first. */
  stroke(t: Table): string[] {
    const side = t.turn === t.english ? 'E' : 'F';
    const adv = other(side);
    const hs = this.chance(0.7) ? this.byHand(t, side, adv) : [];
    if (this.chance(0.08)) return hs;
    const next = FORTS.map((f) => adv + f).find((f) => !t.taken.has(f) && before(f).every((b) => t.taken.has(b)));
    const count = 1 + Math.floor(this.rnd() * 3);
    if (this.chance(0.5)) hs.push(side + 'A-');
    for (let i = 0; i < count; i++) {
      const r = this.rnd();
      if (r < 0.2 && !t.passMade[side]) hs.push(side + 'A=', ...(this.chance(0.6) ? [adv + 'P_'] : []));
      else if (r < 0.6 && next) hs.push(side + (this.chance(0.9) ? 'A' : 'D') + '>' + next + (this.chance(0.9) ? '!' : ''), ...(this.chance(0.4) ? [next + '_'] : []));
      else if (r < 0.7) hs.push(this.ball(this.chance(0.7) ? adv : side) + '.' + (1 + Math.floor(this.rnd() * 6)));
      else if (r < 0.8) hs.push(this.ball(this.chance(0.7) ? adv : side) + '>' + this.anyFort() + (this.chance(0.5) ? '!' : ''));
      else if (r < 0.83) hs.push(this.ball(this.pick(['E', 'F'])) + '~');
      else if (r < 0.86) hs.push(this.ball(this.pick(['E', 'F'])) + '=');
      else if (r < 0.9) hs.push(this.pick(['E', 'F']) + this.pick(['A', 'D1', 'D2']) + this.pick(['-', '+']));
      else if (r < 0.95) hs.push(this.pick(['EP', 'FP', this.anyFort()]) + this.pick(['_', '^']));
      else hs.push(this.pick(['wrong', 'hit']));
    }
    return hs;
  }

  /** Happenings as the board and a phone send them, one string (`-` for none), or now and then as a list (a log saved before). */
  sent(hs: string[]): string[] | string {
    return this.chance(0.8) ? hs.join(' ') || '-' : hs;
  }

  /** The next move: mostly a stroke, now and then the referee's or the board's other moves. */
  move(t: Table): FortressMove {
    const r = this.rnd();
    if (!t.last && r < 0.03) return { k: 'lag', p: this.chance(0.5) ? 1 : 0 };
    if (r < 0.78 || !t.last) return { k: 'stroke', h: this.sent(this.stroke(t)) };
    if (r < 0.81) return { k: 'wrong' };
    if (r < 0.84) return { k: 'over', ball: this.ball(this.pick(['E', 'F'])) };
    if (r < 0.88) return { k: 'blind' };
    if (r < 0.92) return { k: 'blind', hit: this.chance(0.6) };
    if (r < 0.95) return { k: 'fix', h: this.sent(this.stroke(t.last.before)) };
    if (r < 0.96) return { k: 'next', ms: this.chance(0.5) ? 1500 : 200 };
    if (r < 0.97) return { k: 'hand', h: this.sent(this.byHand(t, 'E', 'F').concat(this.byHand(t, 'F', 'E'))) };
    // Power-up: what the spots and colours show, alone or with the stroke it took up; then the balls at rest.
    // (What the board finds is a string, '' for nothing: no `-`.)
    if (r < 0.985) return { k: 'found', h: this.found().join(' ') };
    if (r < 0.99) return { k: 'rest' };
    const h = this.stroke(t);
    // (Now and then nothing found at all, which the board sends too.)
    const f = this.chance(0.05) ? [] : this.found();
    return { k: 'stroke', h: this.sent(h), f: this.chance(0.8) ? f.join(' ') : f, n: Math.floor(this.rnd() * (h.length + 1)) };
  }

  /** Balls lying on their spots and colours down, as a board finds them at power-up. */
  found(): string[] {
    return [...BALLS.filter(() => this.chance(0.5)).map((b) => b + '+'), ...COLOURS.filter(() => this.chance(0.4)).map((c) => c + '_')];
  }
}

const told = (changes: { rule: string; points: number }[]): Change[] => changes.map((c) => c.rule + ' ' + c.points).sort();

describe('fortress random games against a scorer written from the page', () => {
  it(`${GAMES} seeded games: scores, turn, winner and every change's article agree after every move`, () => {
    let moves = 0;
    let lastOf: Table['last'] = null;
    let lastArticles: string[] = [];
    let won = 0;
    const seen = new Set<string>();
    for (let seed = 1; seed <= GAMES; seed++) {
      const rnd = mulberry32(seed);
      const player = new Player(rnd);
      const options: GameOptions = { floorAtZero: seed % 4 === 1, alternate: seed % 5 === 2, lag: seed % 3 === 0 ? 1 : 0, penaltyBeforePass: seed % 7 !== 3 };
      let state: FortressState = fortress.setup({ players: 2, options });
      let table = newTable(options);
      for (let i = 0; i < 400 && table.winner === null; i++) {
        const m = player.move(table);
        const where = `seed ${seed}, move ${i + 1}: ${JSON.stringify(m)}`;
        const o = playMove(fortress, state, m);
        const want = play(table, m);
        if (typeof want === 'string') {
          assert.equal(o.refused, want, where + ': refused');
          continue;
        }
        assert.equal(o.refused, undefined, where + ': refused');
        assert.deepEqual(told(o.changes), want.changes.slice().sort(), where + ": changes");
        for (const c of o.changes) assert.equal(c.player, table.last && !['stroke', 'next', 'rest'].includes(m.k) ? table.last.before.turn : table.turn, where + ': the striker\'s');
        state = o.state;
        table = want.table;
        assert.deepEqual(fortress.scores(state), table.scores, where + ': scores');
        assert.equal(fortress.winner(state), table.winner, where + ': winner');
        if (table.winner === null) assert.equal(fortress.turn(state), table.turn, where + ': turn');
        // What the phone is told of the last stroke (the display's word is made of the same): its articles as the scorer scores it again.
        // (A stroke's are its changes; a correction's, the stroke scored again; a move that is no stroke keeps them.)
        if (table.last !== lastOf) {
          lastOf = table.last;
          const scored = ['stroke', 'next', 'rest'].includes(m.k) ? want.changes : lastOf ? strike(lastOf.before, lastOf.happenings).changes : [];
          lastArticles = scored.map((c) => c.split(' ')[0]).sort();
        }
        const fields = fortress.fields(state) as { articles: string };
        assert.deepEqual(fields.articles ? fields.articles.split(' ').sort() : [], lastArticles, where + ': the last stroke\'s articles');
        for (const c of want.changes) seen.add(c.split(' ')[0]);
        moves++;
      }
      if (table.winner !== null) won++;
    }
    assert.ok(won > GAMES * 0.9, `nearly every game is played to 20 (${won})`);
    assert.ok(moves > GAMES * 20, `${moves} moves`);
    const articles = 'F6 F9 F11 F12 F18 F19 F22 F23 F25 F26 F27 F28 F29 F30 F31 F32 F34 F36 F37 F38 F40'.split(' ');
    assert.deepEqual(articles.filter((a) => !seen.has(a)), [], 'every scoring article was met');
  });
});

describe('fortress rules on the real interpreter', function () {
  this.timeout(300000);

  it('random moves of every kind, sent as the board and a phone send them, give in Espruino the refusals, score changes, display and phone fields they give in Node (when ESPRUINO is set)', async function () {
    needsEspruino(this, 'run the rules in');
    // The moves of a few seeded games, steered by the page's table as above; each game's options first.
    const lines: string[] = [];
    for (let seed = 1; seed <= 8; seed++) {
      const player = new Player(mulberry32(1000 + seed));
      const options: GameOptions = { floorAtZero: seed % 2 === 1, alternate: seed % 3 === 2, lag: seed % 4 === 0 ? 1 : 0, penaltyBeforePass: seed % 5 !== 3 };
      lines.push(JSON.stringify({ options }));
      let table = newTable(options);
      for (let i = 0; i < 70 && table.winner === null; i++) {
        const m = player.move(table);
        // A phone's longest stroke now and then: 40 happenings, 200 characters.
        if (i === 5) m.h = Array(20).fill('FA1_ FA1^').join(' ');
        lines.push(JSON.stringify(m));
        const want = play(table, m);
        if (typeof want !== 'string') table = want.table;
      }
    }
    const source = `
import { game as fortress } from './firmware/games/fortress/index';
import { playMove } from './firmware/game';
declare const global: { play: (say: (line: string) => void) => void };
// (A string in the code: on the chip it stays in flash, and a line at a time is parsed.)
const MOVES = ${JSON.stringify(lines.join('\n'))};
global.play = function (say) {
  let s = fortress.setup({ players: 2, options: {} });
  for (let at = 0, end = 0; at < MOVES.length; at = end + 1) {
    end = MOVES.indexOf('\\n', at);
    if (end < 0) end = MOVES.length;
    const m = JSON.parse(MOVES.slice(at, end));
    if (m.options) {
      s = fortress.setup({ players: 2, options: m.options });
      continue;
    }
    const o = playMove(fortress, s, m);
    if (o.refused !== undefined) say('@' + o.refused);
    else {
      s = o.state;
      say('@' + JSON.stringify(o.changes) + fortress.layout(s) + JSON.stringify(fortress.fields(s)));
    }
  }
};
`;
    const mod = await moduleOf('fortress');
    const features = await featuresOf('fortress', mod);
    const code = await buildDeviceCode({ source, dir: ROOT }, features);
    // Its rare moves and the power-up's in Storage, as flash writes them.
    const parts = [];
    for (const m of ON_DEMAND.filter((m) => m.name === RARE_MODULE || m.name === POWERUP_MODULE)) parts.push({ part: m.part, code: (await buildOnDemand(m, 'fortress', mod, features, code.names, code.shared)).stored });
    const storage = { [MODULES_FILE]: modulesFile(parts) };
    const inNode: string[] = [];
    let s = fortress.setup({ players: 2, options: {} });
    for (const line of lines) {
      const m = JSON.parse(line);
      if (m.options) {
        s = fortress.setup({ players: 2, options: m.options });
        continue;
      }
      const o = playMove(fortress, s, m);
      if (o.refused !== undefined) inNode.push('@' + o.refused);
      else {
        s = o.state;
        inNode.push('@' + JSON.stringify(o.changes) + fortress.layout(s) + JSON.stringify(fortress.fields(s)));
      }
    }
    const report = bootInEspruino(code.stored, { settleMs: 100, probe: 'global.play(print)', timeoutMs: 240000, storage, baseline: false });
    assert.deepEqual(report.errors, []);
    const said = report.output.split(/\r?\n/).filter((l) => l.charAt(0) === '@');
    assert.ok(inNode.length > 300 && inNode.some((l) => l.indexOf('F11') >= 0) && inNode.some((l) => l.indexOf('"last":"FA1_ FA1^') >= 0), `${inNode.length} moves, forts taken, the long stroke played`);
    assert.deepEqual(said, inNode);
  });
});
