import assert from 'node:assert/strict';
import fc from 'fast-check';
import { totals, PHASE_NAMES, RingapegState, RingapegMove } from '../firmware/games/ringapeg/rules';
import { game as ringapeg } from '../firmware/games/ringapeg/index';
import { pegIndex } from '../firmware/games/ringapeg/board';
import { ringapegLayout, ringapegView } from '../firmware/games/ringapeg/layout';
import { playMove, type GameOptions, type Outcome } from '../firmware/game';

const P = (name: string): number => pegIndex(name);
const play = (s: RingapegState, m: RingapegMove): Outcome<RingapegState> => playMove(ringapeg, s, m);
const add = (name: string): RingapegMove => ({ k: 'ring', peg: name });
const lift = (name: string): RingapegMove => ({ k: 'lift', peg: name });
const miss: RingapegMove = { k: 'ring', peg: 'none' };
/** This Board's counts. */
const counts = (s: RingapegState): number[] => totals(s, true);
/** The phase by name. */
const ph = (s: RingapegState): string => PHASE_NAMES.split(' ')[s.ph];
/** The stack on a peg, bottom first, each ring its owner. */
const stack = (s: RingapegState, name: string): number[] => s.st.split(',')[P(name)].split('').map(Number);
const end: RingapegMove = { k: 'end' };

function start(players: number, options: { [k: string]: string | number | boolean } = {}): RingapegState {
  return ringapeg.setup({ players, options });
}

/** Plays moves that must all be accepted. */
function apply(s: RingapegState, moves: RingapegMove[]): RingapegState {
  for (const m of moves) {
    const o = play(s, m);
    assert.equal(o.refused, undefined, 'refused ' + JSON.stringify(m) + ': ' + o.refused);
    s = o.state;
  }
  return s;
}

/** A state with the given stacks (by peg name), for counting tests. */
function withStacks(players: number, stacks: { [peg: string]: number[] }): RingapegState {
  const s = start(players);
  const st = s.st.split(',');
  for (const name of Object.keys(stacks)) st[P(name)] = stacks[name].join('');
  return Object.assign({}, s, { st: st.join(',') });
}

describe('ringapeg peg names', () => {
  // The names as docs/games/ringapeg.md gives them, in wiring order: o1 to o8, i1 to i4, k.
  const NAMES = ['o1', 'o2', 'o3', 'o4', 'o5', 'o6', 'o7', 'o8', 'i1', 'i2', 'i3', 'i4', 'k'];
  it('a peg is found by its name, and nothing else names one', () => {
    NAMES.forEach((name, p) => assert.equal(pegIndex(name), p, name));
    for (const other of ['', 'none', 'o0', 'o9', 'i0', 'i5', 'k1', 'kk', 'o01', 'o1.5', ' o1', 'o1 ', 'O1', 'i-1', 'o+1', 'o1e0', 'o0x1']) assert.equal(pegIndex(other), -1, JSON.stringify(other));
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 5 }), fc.tuple(fc.constantFrom('o', 'i', 'k'), fc.string({ maxLength: 4 })).map(([c, t]) => c + t)),
      (name) => pegIndex(name) === NAMES.indexOf(name)), { seed: 13, numRuns: 3000 });
  });
});

describe('ringapeg rules', () => {
  it('R1: 4 rings each for 3 and 4 players, 8 each for 2 (two colours scored as one)', () => {
    assert.deepEqual(start(4).lf, [4, 4, 4, 4]);
    assert.deepEqual(start(3).lf, [4, 4, 4]);
    assert.deepEqual(start(2).lf, [8, 8]);
    assert.throws(() => start(1), /^Error: players: 2\.\.4 \(R1\)$/);
    assert.throws(() => start(5), /^Error: players: 2\.\.4 \(R1\)$/);
  });

  it('options: a misspelt one is refused with its name, a bad value with the option', () => {
    const refused = (options: object, message: string) => assert.throws(() => ringapeg.setup({ players: 2, options: options as GameOptions }), (e: Error) => {
      assert.equal(e.message, message);
      return true;
    });
    refused({ varient: 'advance' }, 'varient: unknown');
    refused({ variant: 'advance', autopeg: false }, 'autopeg: unknown');
    refused({ variant: 'advanced' }, 'bad variant');
    refused({ autoPeg: 1 }, 'bad autoPeg');
    refused({ target: -5 }, 'bad target');
    refused({ firstPlayer: 2 }, 'bad firstPlayer');
    assert.equal(ringapeg.setup({ players: 2, options: { variant: 'advance', autoPeg: false, target: 60, firstPlayer: 1 } }).tn, 1);
  });

  it('R1: snaps go round to the left, one each, until every ring is played', () => {
    let s = start(3);
    const order: number[] = [];
    for (let i = 0; i < 12; i++) {
      order.push(ringapeg.turn(s));
      s = apply(s, [add(i % 2 ? 'o1' : 'o2')]);
    }
    assert.deepEqual(order, [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]);
    assert.equal(ringapeg.winner(s) !== null || s.tp !== '', true, 'the Board is over after 12 rings');
  });

  it('R2: a ring goes on top of its peg\'s stack; a miss scores nothing but uses the ring', () => {
    let s = apply(start(2), [add('o1'), add('o1'), miss]);
    assert.deepEqual(stack(s, 'o1'), [0, 1]);
    assert.deepEqual(s.lf, [6, 7]);
    s = apply(s, [add('i1')]);
    assert.deepEqual(stack(s, 'i1'), [1]);
    assert.deepEqual(counts(s), [0, 15]);
  });

  const stackTable: Array<[string, number[], boolean[]]> = [
    ['one ring counts', [0], [true]],
    ['two opponents: only the top counts', [0, 1], [false, true]],
    ['own ring beneath own ring counts', [1, 1], [true, true]],
    ['three rings: top and bottom count', [0, 1, 2], [true, false, true]],
    ['four alternating: top and the two bottom ones', [0, 1, 0, 1], [true, true, false, true]],
    ['like rings separated by an opponent: only the middle one is lost', [0, 1, 0], [true, false, true]],
  ];
  for (const [name, rings, expected] of stackTable) {
    it('R3: ' + name, () => {
      // On the king peg (25 a counting ring), the only stack of a 3-player game.
      const want = [0, 0, 0];
      rings.forEach((owner, i) => { if (expected[i]) want[owner] += 25; });
      assert.deepEqual(counts(withStacks(3, { k: rings })), want);
    });
  }

  it('R4: a count is the sum of peg value times counting rings (5 outer, 10 inner, 25 king)', () => {
    const s = withStacks(3, { o1: [0, 1, 0], i2: [1, 1], k: [2, 0], o5: [2] });
    // p0: o1 bottom and top 10, k top 25; p1: o1 middle lost, i2 both 20; p2: k covered, o5 5.
    assert.deepEqual(counts(s), [35, 20, 5]);
  });

  it('R4/R3: score changes cite the rule: the snapper gains by R4, the covered player loses by R3', () => {
    const s = apply(start(2), [add('i1')]);
    const o = play(s, add('i1'));
    assert.deepEqual(o.changes, [{ player: 0, points: -10, rule: 'R3' }, { player: 1, points: 10, rule: 'R4' }]);
  });

  it('R5: from an outer doublet the top ring marches to an inner peg, in the same turn', () => {
    let s = apply(start(2), [add('o1'), add('o2'), add('o1')]);
    assert.equal(ph(s), 'mrch');
    assert.equal(s.mp, P('o1'));
    assert.equal(ringapeg.turn(s), 0);
    const lifted = play(s, lift('o1'));
    assert.equal(lifted.refused, undefined);
    assert.equal(ph(lifted.state), 'held');
    const dropped = play(lifted.state, add('i3'));
    s = dropped.state;
    assert.deepEqual(stack(s, 'o1'), [0]);
    assert.deepEqual(stack(s, 'i3'), [0]);
    assert.deepEqual(dropped.changes, [{ player: 0, points: 10, rule: 'R5' }]);
    assert.equal(ringapeg.turn(s), 1, 'the march ends the turn');
    assert.equal(ph(s), 'snap');
  });

  it('R5: from an inner doublet made by a snap the top ring may march to the king peg', () => {
    let s = apply(start(2), [add('i2'), add('o2'), add('i2'), lift('i2'), add('k')]);
    assert.deepEqual(stack(s, 'k'), [0]);
    assert.deepEqual(counts(s), [35, 5]);
    assert.equal(ringapeg.turn(s), 1);
  });

  it('R5: a march is optional: the next snap passes the turn, and so does the end button', () => {
    let s = apply(start(2), [add('o1'), add('o2'), add('o1'), add('o3')]);
    assert.deepEqual(stack(s, 'o3'), [1], 'the ring after a declined march is the next player\'s');
    s = apply(start(2), [add('o1'), add('o2'), add('o1'), end]);
    assert.equal(ringapeg.turn(s), 1);
    assert.equal(ph(s), 'snap');
  });

  it('R5: lifting the marching ring and putting it back on its own peg leaves the march open', () => {
    const s = apply(start(2), [add('o1'), add('o2'), add('o1'), lift('o1'), add('o1')]);
    assert.equal(ph(s), 'mrch');
    assert.deepEqual(stack(s, 'o1'), [0, 0]);
  });

  it('R6: a grand march onto his own inner ring makes a doublet there and goes on to the king peg', () => {
    let s = apply(start(2), [add('i1'), add('o2'), add('o1'), add('o3'), add('o1')]);
    s = apply(s, [lift('o1')]);
    const onto = play(s, add('i1'));
    assert.equal(ph(onto.state), 'mrch', 'new doublet on i1');
    assert.equal(onto.state.gm, 1);
    assert.equal(ringapeg.turn(onto.state), 0);
    s = apply(onto.state, [lift('i1')]);
    const king = play(s, add('k'));
    assert.deepEqual(king.changes, [{ player: 0, points: 25, rule: 'R6' }]);
    s = king.state;
    assert.deepEqual([stack(s, 'o1'), stack(s, 'i1'), stack(s, 'k')], [[0], [0], [0]]);
    assert.equal(ringapeg.turn(s), 1);
  });

  it('R7: no march from like rings separated by an opponent\'s ring: the lift is flagged until put back', () => {
    // o1: p0, p1, p0. Lifting o1 is not a march.
    let s = apply(start(2), [add('o1'), add('o1'), add('o1')]);
    assert.equal(ph(s), 'snap');
    const o = play(s, lift('o1'));
    assert.equal(ph(o.state), 'bad');
    assert.equal(ph(o.state), 'bad');
    assert.deepEqual(stack(o.state, 'o1'), [0, 1], 'the picture follows the lift');
    assert.equal(ringapegLayout(o.state), 'ILLEGAL');
    assert.equal(ringapegView(o.state).warn, 'R7');
    assert.equal(play(o.state, end).refused, 'R7');
    s = apply(o.state, [add('o1')]);
    assert.equal(ph(s), 'snap');
    assert.deepEqual(stack(s, 'o1'), [0, 1, 0]);
    assert.equal(ringapeg.turn(s), 1);
  });

  it('R7: no march from the king peg', () => {
    let s = apply(start(2), [add('k'), add('o1'), add('k')]);
    assert.equal(ph(s), 'snap', 'a king doublet gives no march');
    s = apply(s, [lift('k')]);
    assert.equal(ph(s), 'bad');
  });

  it('R7: a march must go outer to inner: a drop on the king or an outer peg is flagged, put right, then made', () => {
    let s = apply(start(2), [add('o1'), add('o2'), add('o1'), lift('o1')]);
    const wrong = play(s, add('k'));
    assert.equal(ph(wrong.state), 'bad');
    assert.deepEqual(stack(wrong.state, 'k'), [0], 'the picture follows the wrong drop');
    assert.deepEqual(counts(wrong.state), [30, 5]);
    s = apply(wrong.state, [lift('k')]);
    assert.equal(ph(s), 'held', 'back to the legal picture: the ring is in hand again');
    s = apply(s, [add('o4')]);
    assert.equal(ph(s), 'bad', 'outer to outer is no march either');
    s = apply(s, [lift('o4'), add('i4')]);
    assert.equal(ph(s), 'snap');
    assert.deepEqual(counts(s), [15, 5]);
  });

  it('R7: inner to king only: an inner doublet cannot march to another inner peg', () => {
    const s = apply(start(2), [add('i1'), add('o2'), add('i1'), lift('i1'), add('i2')]);
    assert.equal(ph(s), 'bad');
  });

  it('R7: a lift outside any march is flagged, and so is lifting a second ring during one', () => {
    let s = apply(start(2), [add('o1')]);
    s = apply(s, [lift('o1')]);
    assert.equal(ph(s), 'bad');
    s = apply(s, [add('o1')]);
    assert.equal(ph(s), 'snap');
    assert.equal(ringapeg.turn(s), 1);
    s = apply(start(2), [add('o1'), add('o2'), add('o1'), lift('o1'), lift('o2')]);
    assert.equal(ph(s), 'bad');
    assert.equal(s.hd, '01', 'both lifted rings are in the hand');
    s = apply(s, [add('o2')]);
    assert.equal(ph(s), 'held');
  });

  it('R8: Primary: after the Board the highest count wins', () => {
    let s = start(3);
    // p0 on the king, the others on outer pegs.
    for (let round = 0; round < 4; round++) s = apply(s, [add('k'), add('o' + (round + 1)), add('o' + (round + 5))]);
    // k: 0,0,0,0 all count = 100.
    assert.equal(ringapeg.winner(s), 0);
    assert.equal(ringapegView(s).peg, false, 'won by R8, not by Peg');
    assert.deepEqual(ringapeg.scores(s), [100, 20, 20]);
    assert.equal(play(s, add('o1')).refused, 'over');
  });

  it('R8: a tie is broken by the tied players snapping one extra ring each, round by round', () => {
    let s = start(3);
    // p0 and p1 tie on 20, p2 has 0 (misses).
    for (let round = 0; round < 4; round++) s = apply(s, [add('o' + (round + 1)), add('o' + (round + 5)), miss]);
    assert.equal(ringapeg.winner(s), null);
    assert.equal(ringapegView(s).tie, '01', 'tied players, in rotation after the last snapper');
    assert.equal(ringapeg.turn(s), 0);
    assert.match(ringapegLayout(s), /tIE/);
    // Round 1: both score 10 more: still tied.
    s = apply(s, [add('i1'), add('i2')]);
    assert.equal(ringapeg.winner(s), null);
    assert.equal(ringapegView(s).tie, '01');
    // Round 2: p0 misses, p1 lands: p1 wins after the round.
    s = apply(s, [miss]);
    assert.equal(ringapeg.winner(s), null, 'decided only after the round');
    const o = play(s, add('i3'));
    assert.equal(ringapeg.winner(o.state), 1);
    assert.equal(ringapegView(o.state).peg, false);
    assert.deepEqual(o.changes, [{ player: 1, points: 10, rule: 'R8' }]);
  });

  it('R9: Advance: counts are credited after each Board, the pegs cleared, the first snap moves on', () => {
    let s = start(2, { variant: 'advance' });
    for (let i = 0; i < 8; i++) s = apply(s, [add('o1'), add('o2')]);
    assert.equal(ph(s), 'mrch', 'the last snap made a doublet: the Board waits for the march or the end button');
    s = apply(s, [end]);
    // o1 and o2 hold 8 own rings each: 40 each.
    assert.equal(ph(s), 'clr');
    assert.deepEqual(s.cr, [40, 40]);
    assert.deepEqual(ringapeg.scores(s), [40, 40]);
    assert.equal(ringapegLayout(s), 'CLEAr');
    s = apply(s, [lift('o1')]);
    assert.equal(ph(s), 'clr', 'R11: o2 still has rings');
    s = apply(s, [lift('o2')]);
    assert.equal(ph(s), 'snap');
    assert.equal(s.bd, 2);
    assert.equal(ringapeg.turn(s), 1, 'the first snap of Board 2 goes to the player after Board 1\'s first snapper');
    assert.deepEqual(s.lf, [8, 8]);
    s = apply(s, [add('i1')]);
    assert.deepEqual(ringapeg.scores(s), [40, 50], 'total = credit + count');
  });

  it('R10: autoPeg: the first total to reach 200 after a ring comes to rest wins at once', () => {
    let s = start(2, { variant: 'advance' });
    for (let i = 0; i < 7; i++) s = apply(s, [add('k'), add('o1')]);
    assert.deepEqual(ringapeg.scores(s), [175, 35]);
    const o = play(s, add('k'));
    assert.equal(ringapeg.winner(o.state), 0);
    assert.equal(ringapegView(o.state).peg, true);
    assert.equal(ringapegLayout(o.state), 'PEG P1');
    assert.equal(ringapegView(o.state).peg, true);
  });

  it('R10: without autoPeg a true claim wins', () => {
    let s = start(2, { variant: 'advance', autoPeg: false });
    for (let i = 0; i < 8; i++) s = apply(s, [add('k'), add('o1')]);
    assert.equal(ringapeg.winner(s), null, 'no automatic Peg');
    assert.equal(play(s, { k: 'claim', player: 1 }).state.lf[1], -1, 'a false claim: out');
    const o = play(s, { k: 'claim', player: 0 });
    assert.equal(ringapeg.winner(o.state), 0);
    assert.equal(ringapegView(o.state).peg, true);
  });

  it('R10: a false claim puts the player out; play goes on without him; the last one in wins', () => {
    let s = start(3, { variant: 'advance', autoPeg: false });
    s = apply(s, [add('o1'), { k: 'claim', player: 1 }]);
    assert.deepEqual(s.lf.map((left) => left < 0), [false, true, false]);
    assert.equal(ringapeg.turn(s), 2, 'the player out is skipped');
    s = apply(s, [add('o2'), add('o3')]);
    assert.equal(ringapeg.turn(s), 2);
    assert.equal(ringapegView(s).left[1], -1, 'the phone sees who is out');
    s = apply(s, [{ k: 'claim', player: 2 }]);
    assert.equal(ringapeg.winner(s), 0);
    assert.equal(play(start(2, { variant: 'advance' }), { k: 'claim', player: 0 }).refused, 'R10', 'autoPeg on: no claims');
    assert.equal(play(start(2), { k: 'claim', player: 0 }).refused, 'R10', 'Primary: no claims');
  });

  it('R11: clearing is recognised from lifts or confirmed by the button; no snap starts a Board while rings remain', () => {
    let s = start(2, { variant: 'advance' });
    for (let i = 0; i < 8; i++) s = apply(s, [add('o1'), add('o2')]);
    s = apply(s, [end]);
    const stray = apply(s, [add('o3')]);
    assert.equal(ph(stray), 'clr', 'a ring snapped before clearing starts nothing');
    assert.equal(stray.bd, 1);
    const cleared = apply(stray, [{ k: 'cleared' }]);
    assert.equal(ph(cleared), 'snap');
    assert.equal(cleared.st, ',,,,,,,,,,,,', 'every peg empty');
    assert.deepEqual(ringapeg.scores(cleared), [40, 40]);
  });

  it('play never changes its input state', () => {
    const s = apply(start(2), [add('o1'), add('o2'), add('o1')]);
    const before = JSON.stringify(s);
    for (const m of [lift('o1'), lift('o2'), add('i1'), miss, end, { k: 'claim', player: 0 } as RingapegMove]) {
      play(s, m);
      assert.equal(JSON.stringify(s), before);
    }
    assert.deepEqual(totals(s), counts(s));
  });

  it('refuses options and moves that make no sense', () => {
    assert.throws(() => start(2, { variant: 'blitz' }), /variant/);
    assert.throws(() => start(2, { autoPeg: 'yes' }), /autoPeg/);
    assert.equal(play(start(2), add('o9')).refused, 'peg');
    assert.equal(play(start(2), lift('none')).refused, 'peg');
    assert.equal(play(start(2), lift('o1')).refused, 'empty');
    assert.equal(play(start(2), { k: 'cleared' }).refused, 'clean', 'nothing to clear during a Board');
    assert.equal(play(start(2), { k: 'fly' } as unknown as RingapegMove).refused, 'move', 'no such move');
    const held = apply(start(2), [add('o1'), add('o2'), add('o1'), lift('o1')]);
    assert.equal(ph(held), 'held');
    assert.equal(play(held, end).refused, 'R5', 'the march ring in the hand can only come down');
    assert.equal(play(start(2, { variant: 'advance', autoPeg: false }), { k: 'claim', player: 3 }).refused, 'player');
  });

  it('the board button (next) says the pegs are cleared while they wait to be (R11), else ends the turn', () => {
    let s = start(2, { variant: 'advance' });
    for (let i = 0; i < 8; i++) s = apply(s, [add('o1'), add('o2')]);
    s = apply(s, [end]);
    assert.equal(ph(s), 'clr');
    assert.equal(play(s, end).refused, 'R11', 'the phone\'s end while clearing');
    const next = play(s, { k: 'next', ms: 300 });
    assert.deepEqual([ph(next.state), next.state.bd], ['snap', 2], 'next: cleared, Board 2');
    // In a march, next ends the turn (the march not taken), as end does.
    const marching = apply(start(2), [add('o1'), add('o2'), add('o1')]);
    assert.equal(ph(marching), 'mrch');
    assert.deepEqual(play(marching, { k: 'next', ms: 300 }).state, play(marching, end).state);
  });
});
