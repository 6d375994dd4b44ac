// Table shuffleboard's rules (docs/games/shuffleboard.md, S1-S12), pure: every
// position a weight can rest in around each line, knocks, ties, who throws
// first, the targets, the referee's corrections; and random ends checked
// against a scorer written here from the page alone.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import type { GameOptions, Outcome, ScoreChange } from '../firmware/game';
import { scores, setup, shuffleboardMoves, turn, winner, type ShuffleboardMove } from '../firmware/games/shuffleboard/rules';
import { shuffleboardLayout, shuffleboardView } from '../firmware/games/shuffleboard/layout';
import { playInOrder } from './rules-harness';
import { pageEnd, type Placed } from './shuffleboard-page';
import { DEUCE_MM, FOUL_MM, RADIUS_MM, TREY_MM, WEIGHTS } from '../firmware/games/shuffleboard/table';
import type { Rest, ShuffleboardState } from '../firmware/games/shuffleboard/state';
import { buildDeviceCode } from '../tools/es5';
import { bootInEspruino } from '../tools/espruino-run';
import { ROOT } from '../tools/games';
import { needsEspruino } from './real-interpreter';

const moves = shuffleboardMoves();

const words: Record<string, string> = JSON.parse(readFileSync('firmware/games/shuffleboard/words.json', 'utf8'));

const RED = 0;
const BLUE = 1;

function play(state: ShuffleboardState, move: ShuffleboardMove): Outcome<ShuffleboardState> {
  return (moves[move.k] as (s: ShuffleboardState, m: ShuffleboardMove) => Outcome<ShuffleboardState>)(state, move);
}

const playAll = (state: ShuffleboardState, moves: ShuffleboardMove[]) => playInOrder(play, state, moves);

function start(options: GameOptions = { firstPlayer: RED }, players = 2): ShuffleboardState {
  return setup({ players, options });
}

/** The thrower's colour of throw i in an end that `first` opens. */
const colourOf = (first: number, i: number): number => (first + i) & 1;

/**
 * One end: throw i comes to rest at ends[i] (undefined: it went off the end,
 * a number: its d, an array: [d, hanging]) in its thrower's colour; `knocks`
 * add weights moved by a throw. Returns the 8 rest moves.
 */
function endMoves(first: number, at: (number | [number, number] | undefined)[], knocks: { [throwNo: number]: Rest[] } = {}): ShuffleboardMove[] {
  const list: ShuffleboardMove[] = [];
  for (let i = 0; i < WEIGHTS; i++) {
    const w: Rest[] = [];
    const p = at[i];
    if (typeof p === 'number') w.push([i, colourOf(first, i), p]);
    else if (p) w.push([i, colourOf(first, i), p[0], p[1]]);
    list.push({ k: 'rest', w: w.concat(knocks[i] ?? []) });
  }
  return list;
}

/** The changes of an end where only the first throw (red) stays on the table, at d (hanging h when given). */
function alone(d: number, h?: number): ScoreChange[] {
  return playAll(start(), endMoves(RED, [h === undefined ? d : [d, h]])).changes;
}

describe('shuffleboard rules', () => {
  describe('setup (S1, S12)', () => {
    it('S1: singles is 2 players, doubles 4 players in 2 teams; scores are by side', () => {
      assert.deepEqual(scores(start()), [0, 0]);
      assert.deepEqual(scores(start({ teams: 2, firstPlayer: 0 }, 4)), [0, 0]);
      for (const n of [0, 1, 3, 5]) assert.throws(() => start({}, n), /^Error: players: 2 or 4 \(S1\)$/);
      assert.throws(() => start({}, 4), /^Error: bad teams$/, 'doubles names its teams');
      assert.throws(() => start({ teams: 3 }, 4), /^Error: bad teams$/);
    });

    it('S12: singles to 11, doubles to 21, or the option target', () => {
      assert.equal(start().tg, 11);
      assert.equal(start({ teams: 2 }, 4).tg, 21);
      assert.equal(start({ target: 5 }).tg, 5);
      for (const target of [0, -3, 2.5, 'x']) assert.throws(() => start({ target }), /^Error: bad target$/);
    });

    it('options are checked, and a misspelt one is refused with its name', () => {
      assert.throws(() => start({ firstPlayer: 2 }), /^Error: bad firstPlayer$/);
      assert.throws(() => start({ resolution: -1 }), /^Error: bad resolution$/);
      assert.throws(() => start({ resolution: 'fine' }), /^Error: bad resolution$/);
      assert.throws(() => start({ targte: 5 }), /^Error: targte: unknown$/);
      assert.equal(start().rs, 5, 'the resolution is 5 mm unless given');
      assert.equal(start({ resolution: 2 }).rs, 2);
    });
  });

  describe('S2: the coin toss, then sides alternate', () => {
    it('without firstPlayer nothing is thrown before the toss, which is made once', () => {
      const s = start({});
      assert.equal(turn(s), -1);
      assert.equal(play(s, { k: 'rest', w: [] }).refused, 'toss');
      assert.equal(play(s, { k: 'toss', s: 2 }).refused, 'arg');
      const tossed = playAll(s, [{ k: 'toss', s: BLUE }]).state;
      assert.equal(turn(tossed), BLUE);
      assert.equal(play(tossed, { k: 'toss', s: RED }).refused, 'tossed');
      assert.equal(play(start({ firstPlayer: RED }), { k: 'toss', s: RED }).refused, 'tossed', 'firstPlayer is the toss, entered');
    });

    it('singles: the sides alternate throws, first side first, eight throws an end', () => {
      let s = start({ firstPlayer: BLUE });
      const seen: number[] = [];
      for (let i = 0; i < WEIGHTS; i++) {
        seen.push(turn(s));
        s = playAll(s, [{ k: 'rest', w: [] }]).state;
      }
      assert.deepEqual(seen, [1, 0, 1, 0, 1, 0, 1, 0]);
      assert.equal(play(s, { k: 'rest', w: [] }).refused, 'clear', 'the end is over after 8 throws');
    });

    it('doubles: players 0 and 1 play the odd ends, 2 and 3 the even ones; sides are 0, 2 red and 1, 3 blue', () => {
      let s = start({ teams: 2, firstPlayer: RED }, 4);
      const ends: number[][] = [];
      for (let e = 0; e < 3; e++) {
        const seen: number[] = [];
        for (let i = 0; i < WEIGHTS; i++) {
          seen.push(turn(s));
          s = playAll(s, [{ k: 'rest', w: [] }]).state;
        }
        // Nobody scored: red throws first again (S3); the next end's first thrower shows before the clear.
        seen.push(turn(s));
        ends.push(seen);
        s = playAll(s, [{ k: 'clear' }]).state;
      }
      assert.deepEqual(ends, [[0, 1, 0, 1, 0, 1, 0, 1, 2], [2, 3, 2, 3, 2, 3, 2, 3, 0], [0, 1, 0, 1, 0, 1, 0, 1, 2]]);
    });
  });

  describe('where a weight rests: every position around each line', () => {
    // d: the weight's centre from the end edge; it covers d - 29 to d + 29. Each
    // line at L: fully past below L - 29, touching from L - 29 to L + 29.
    const T = TREY_MM;
    const D = DEUCE_MM;
    const F = FOUL_MM;
    const R = RADIUS_MM;
    const table: [string, number, ScoreChange[]][] = [
      ['off the end: centre 1 mm past the edge (S4)', -1, []],
      ['centre on the edge: hanging (S7)', 0, [{ player: 0, points: 4, rule: 'S7' }]],
      ['1 mm over the edge: hanging (S7)', R - 1, [{ player: 0, points: 4, rule: 'S7' }]],
      ['edge even with the end edge: not hanging, fully past the trey line (S8)', R, [{ player: 0, points: 3, rule: 'S8' }]],
      ['1 mm inside the edge (S8)', R + 1, [{ player: 0, points: 3, rule: 'S8' }]],
      ['1 mm fully past the trey line (S8)', T - R - 1, [{ player: 0, points: 3, rule: 'S8' }]],
      ['edge on the trey line: touching (S8)', T - R, [{ player: 0, points: 2, rule: 'S8' }]],
      ['1 mm over the trey line (S8)', T - R + 1, [{ player: 0, points: 2, rule: 'S8' }]],
      ['centre 1 mm short of the trey line (S8)', T + 1, [{ player: 0, points: 2, rule: 'S8' }]],
      ['centre on the trey line (S8)', T, [{ player: 0, points: 2, rule: 'S8' }]],
      ['centre 1 mm past the trey line (S8)', T - 1, [{ player: 0, points: 2, rule: 'S8' }]],
      ['far edge 1 mm over the trey line (S8)', T + R - 1, [{ player: 0, points: 2, rule: 'S8' }]],
      ['far edge on the trey line: touching (S8)', T + R, [{ player: 0, points: 2, rule: 'S8' }]],
      ['clear of the trey line by 1 mm, fully past the deuce line (S9)', T + R + 1, [{ player: 0, points: 2, rule: 'S9' }]],
      ['1 mm fully past the deuce line (S9)', D - R - 1, [{ player: 0, points: 2, rule: 'S9' }]],
      ['edge on the deuce line: touching (S9)', D - R, [{ player: 0, points: 1, rule: 'S9' }]],
      ['1 mm over the deuce line (S9)', D - R + 1, [{ player: 0, points: 1, rule: 'S9' }]],
      ['centre 1 mm past the deuce line (S9)', D - 1, [{ player: 0, points: 1, rule: 'S9' }]],
      ['centre on the deuce line (S9)', D, [{ player: 0, points: 1, rule: 'S9' }]],
      ['centre 1 mm short of the deuce line (S9)', D + 1, [{ player: 0, points: 1, rule: 'S9' }]],
      ['far edge 1 mm over the deuce line (S9)', D + R - 1, [{ player: 0, points: 1, rule: 'S9' }]],
      ['far edge on the deuce line: touching (S9)', D + R, [{ player: 0, points: 1, rule: 'S9' }]],
      ['clear of the deuce line by 1 mm (S10)', D + R + 1, [{ player: 0, points: 1, rule: 'S10' }]],
      ['1 mm fully past the foul line (S10)', F - R - 1, [{ player: 0, points: 1, rule: 'S10' }]],
      ['edge on the foul line: short, removed (S4)', F - R, []],
      ['1 mm over the foul line: short (S4)', F - R + 1, []],
      ['centre on the foul line: short (S4)', F, []],
      ['never over the foul line (S4)', F + R + 1, []],
    ];
    for (const [what, d, changes] of table) {
      it(`d ${d}: ${what}`, () => assert.deepEqual(alone(d), changes));
    }

    it('S7: a word on hanging that d contradicts is refused (the page: it hangs exactly when d < 29), one that agrees is taken', () => {
      assert.equal(play(start(), endMoves(RED, [[40, 1]])[0]).refused, 'arg');
      assert.equal(play(start(), endMoves(RED, [[10, 0]])[0]).refused, 'arg');
      assert.deepEqual(alone(10, 1), [{ player: 0, points: 4, rule: 'S7' }]);
      assert.deepEqual(alone(40, 0), [{ player: 0, points: 3, rule: 'S8' }]);
    });

    it('any position scores as the page\'s geometry says (checked by intervals)', () => {
      /** The points of a weight alone on the table, from what part of the table it covers. */
      function expected(d: number): number {
        const near = d - RADIUS_MM;
        const far = d + RADIUS_MM;
        const touches = (line: number) => near <= line && line <= far;
        if (d < 0 || far >= FOUL_MM) return 0;
        if (near < 0) return 4;
        if (far < TREY_MM) return 3;
        if (touches(TREY_MM)) return 2;
        if (far < DEUCE_MM) return 2;
        return 1;
      }
      fc.assert(fc.property(fc.integer({ min: -100, max: 2000 }), (d) => {
        const points = alone(d).reduce((sum, c) => sum + c.points, 0);
        assert.equal(points, expected(d), `d ${d}`);
      }), { numRuns: 500 });
    });
  });

  describe('S4: short weights and weights off the table are out of play', () => {
    it('a short weight stays out for the rest of the end, even if it is seen again', () => {
      const r = playAll(start(), endMoves(RED, [FOUL_MM, 900], { 3: [[0, RED, 100]] }));
      assert.deepEqual(r.changes, [{ player: 1, points: 1, rule: 'S10' }], 'only blue\'s weight at 900 scores');
      assert.equal(r.state.d[0], -1);
    });

    it('a weight knocked off stays out, wherever it is put back', () => {
      const r = playAll(start(), endMoves(RED, [100, 900], { 1: [[0, RED, -1]], 2: [[0, RED, 50]] }));
      assert.deepEqual(r.changes, [{ player: 1, points: 1, rule: 'S10' }]);
    });

    it('a thrown weight that is not seen resting went off the end', () => {
      const r = playAll(start(), endMoves(RED, [undefined, 1000]));
      assert.deepEqual(r.changes, [{ player: 1, points: 1, rule: 'S10' }]);
    });

    it('a thrown weight gone off the end beside a weight the board could not tell: that weight, seen again near where it lay, is not taken for the thrown one', () => {
      // (scenarios/regression-shuffleboard-field-left-not-held.jsonl, as the board saw it.) Red's first hangs by the
      // rail, blue's second hangs touching it and the two are seen as one red the board cannot tell (999) at 25; red's
      // third goes off the end, and the board sees the two apart again: a red at 0, a blue it cannot tell at 1.
      let s = playAll(start(), [
        { k: 'seen', w: [[RED, 0, 5]] },
        { k: 'seen', w: [[RED, 0, 5], [BLUE, 1770, 2]] },
        { k: 'seen', w: [[RED, 0, 5], [BLUE, 1770, 2], [RED, 1770, 2]] },
        { k: 'seen', w: [[BLUE, 1770, 2], [RED, 1770, 2], [RED, 25, 999]] },
      ]).state;
      s = play(s, { k: 'seen', w: [[BLUE, 1770, 2], [RED, 1770, 2], [RED, 0, 6], [BLUE, 1, 999]] }).state;
      assert.equal(s.t, 5);
      assert.deepEqual([s.d[4], s.d[0], s.u[0]], [-1, 0, 6], 'red\'s third off the end; its first at 0, as seen');
    });

    it('a thrown weight gone off the end has its thrower\'s colour (the phone lists it so), whatever lay at its place before', () => {
      // End 1: red first, blue's weights (ids 1, 3, 5, 7) nearest: blue wins and throws first in end 2,
      // where ids 1 and 3 are red's throws, and they go off the end (not seen resting).
      let s = playAll(start(), endMoves(RED, [900, 100, 900, 200, 900, 300, 900, 400])).state;
      s = playAll(play(s, { k: 'clear' }).state, endMoves(BLUE, [500, undefined, 600, undefined])).state;
      assert.equal(s.f, BLUE);
      assert.deepEqual([s.c[1], s.d[1], s.c[3], s.d[3]], [RED, -1, RED, -1]);
    });
  });

  describe('a throw launched while the board was off or starting (a `seen` of the throws under way at power-up, `a`)', () => {
    // (test/power-sweep.test.ts, shuffleboard-knocks: red3's throw under way at the cut, blue3 launched unseen before
    // the board is back, knocking blue2 off.) Red first; blue1 knocked red1 off; red3 knocks blue1 down to 40.
    const table = () => playAll(start(), [
      { k: 'seen', w: [[RED, 15, 2]] },
      { k: 'seen', w: [[BLUE, 120, 2]] },
      { k: 'seen', w: [[BLUE, 120, 2], [RED, 10, 2]] },
      { k: 'seen', w: [[BLUE, 120, 2], [RED, 10, 2], [BLUE, 200, 2]] },
    ]).state;
    const blues = (s: ShuffleboardState) => s.d.filter((d, i) => i < s.t && s.c[i] === BLUE && d >= 0).sort((a, b) => a - b);

    it('a weight of the side to throw next seen farther from the end edge than every one of its weights lay is its throw, also when it knocked one of its own off (as many of its weights as before)', () => {
      const s = play(table(), { k: 'seen', a: 1, w: [[BLUE, 40, 2], [RED, 10, 2], [RED, 160, 2], [BLUE, 230, 2]] }).state;
      assert.equal(s.t, 6, "red3's throw and blue3's");
      assert.deepEqual(blues(s), [40, 230]);
      assert.equal(s.d.filter((d, i) => i < 6 && s.c[i] === BLUE && d < 0).length, 1, 'a blue went off');
    });

    it('not one seen farther only within both places\' u (a weight found afresh), nor without `a` (the board saw every launch)', () => {
      assert.equal(play(table(), { k: 'seen', a: 1, w: [[BLUE, 40, 2], [RED, 10, 2], [RED, 160, 2], [BLUE, 203, 2]] }).state.t, 5);
      assert.equal(play(table(), { k: 'seen', w: [[BLUE, 40, 2], [RED, 10, 2], [RED, 160, 2], [BLUE, 230, 2]] }).state.t, 5);
    });

    it('nor where the throws under way were two (their second weight the side\'s own throw, seen anew farther out)', () => {
      // Red3 and blue3 under way; red's weight farthest out is red3's, and red has one weight more: no red throw unseen.
      assert.equal(play(table(), { k: 'seen', a: 1, n: 2, w: [[BLUE, 40, 2], [RED, 10, 2], [RED, 160, 2], [BLUE, 230, 2]] }).state.t, 6);
    });
  });

  describe('S5, S6: only positions at the end count; the nearest side scores', () => {
    it('S5: a knocked weight scores where it ends, not where it first rested', () => {
      // Red's hanger is knocked back to 400; blue's weight rests at 200 and wins.
      const r = playAll(start(), endMoves(RED, [10, 200], { 1: [[0, RED, 400]] }));
      assert.deepEqual(r.changes, [{ player: 1, points: 2, rule: 'S9' }]);
      assert.deepEqual(r.state.ep, [0, 2]);
      assert.equal(r.state.ew, BLUE);
    });

    it('S6: the winner scores each weight nearer than the other side\'s nearest', () => {
      // Red 50, 120 (its far edge at 149: fully past the trey line) and 400; blue 200: red scores 50 and 120.
      const r = playAll(start(), endMoves(RED, [50, 200, 120, 1000, 400]));
      assert.deepEqual(r.changes, [{ player: 0, points: 3, rule: 'S8' }, { player: 0, points: 3, rule: 'S8' }]);
      assert.deepEqual(scores(r.state), [6, 0]);
    });

    it('S6: a second weight level with the other side\'s nearest within the resolution does not score; one beyond it does', () => {
      // Red 50 and 195, blue 200 (5 mm: level, the resolution): red wins the end with 50 alone.
      let r = playAll(start(), endMoves(RED, [50, 200, 195]));
      assert.deepEqual(r.changes, [{ player: 0, points: 3, rule: 'S8' }]);
      // Red 194 (6 mm): it scores too; the same margin, 2 mm, with the option resolution 2: 198 scores.
      r = playAll(start(), endMoves(RED, [50, 200, 194]));
      assert.deepEqual(r.changes, [{ player: 0, points: 3, rule: 'S8' }, { player: 0, points: 2, rule: 'S9' }]);
      r = playAll(start({ firstPlayer: RED, resolution: 2 }), endMoves(RED, [50, 200, 197]));
      assert.deepEqual(r.changes, [{ player: 0, points: 3, rule: 'S8' }, { player: 0, points: 2, rule: 'S9' }]);
    });

    it('S6: with nothing of the other side on the table, every weight scores', () => {
      const r = playAll(start(), endMoves(RED, [0, undefined, 140, 1829, 300, undefined, 1500]));
      assert.deepEqual(r.changes, [
        { player: 0, points: 4, rule: 'S7' }, { player: 0, points: 2, rule: 'S8' },
        { player: 0, points: 1, rule: 'S9' }, { player: 0, points: 1, rule: 'S10' },
      ]);
      assert.deepEqual(scores(r.state), [8, 0]);
    });

    it('S6: scoring is by colour: a weight reported blue scores for blue whoever threw it', () => {
      const r = playAll(start(), endMoves(RED, [], { 0: [[0, BLUE, 100]] }));
      assert.deepEqual(r.changes, [{ player: 1, points: 3, rule: 'S8' }]);
    });

    it('an end with no weight on the table scores nothing', () => {
      const r = playAll(start(), endMoves(RED, []));
      assert.deepEqual(r.changes, []);
      assert.equal(r.state.ew, -1);
    });
  });

  describe('S11: the nearest weights level within the resolution', () => {
    const table: [string, GameOptions, number, number, ScoreChange[]][] = [
      ['level', {}, 100, 100, []],
      ['4 mm apart: level', {}, 100, 104, []],
      ['5 mm apart, the resolution: level', {}, 100, 105, []],
      ['6 mm apart: red is nearer', {}, 100, 106, [{ player: 0, points: 3, rule: 'S8' }]],
      ['blue 6 mm nearer', {}, 106, 100, [{ player: 1, points: 3, rule: 'S8' }]],
      ['resolution 0: level only when equal', { resolution: 0 }, 100, 100, []],
      ['resolution 0: 1 mm decides', { resolution: 0 }, 101, 100, [{ player: 1, points: 3, rule: 'S8' }]],
      ['resolution 20: 20 mm apart is level', { resolution: 20 }, 100, 120, []],
      ['resolution 20: 21 mm decides', { resolution: 20 }, 100, 121, [{ player: 0, points: 3, rule: 'S8' }]],
    ];
    for (const [what, options, red, blue, changes] of table) {
      it(`red ${red}, blue ${blue}: ${what}`, () => {
        const r = playAll(start(Object.assign({ firstPlayer: RED }, options)), endMoves(RED, [red, blue]));
        assert.deepEqual(r.changes, changes);
        assert.equal(r.state.ew, changes.length ? changes[0].player : -1);
        // The phone's `level` (layout.ts) says so: level exactly when nobody scored here.
        assert.equal(shuffleboardView(r.state).level, !changes.length);
      });
    }

    it('the phone\'s `level`: only with a weight of each side on the table', () => {
      assert.equal(shuffleboardView(playAll(start(), endMoves(RED, [100])).state).level, false, 'blue has none');
      assert.equal(shuffleboardView(playAll(start(), endMoves(RED, [undefined, 100])).state).level, false, 'red has none');
      assert.equal(shuffleboardView(playAll(start(), endMoves(RED, [])).state).level, false, 'neither has');
    });

    it('a winner\'s other weight level with the other side\'s nearest does not score', () => {
      // Red 50 wins against blue 200; red 196 is within 5 mm of 200, red 194 is 6 mm nearer.
      const level = playAll(start(), endMoves(RED, [50, 200, 196]));
      assert.deepEqual(level.changes, [{ player: 0, points: 3, rule: 'S8' }]);
      const nearer = playAll(start(), endMoves(RED, [50, 200, 194]));
      assert.deepEqual(nearer.changes, [{ player: 0, points: 3, rule: 'S8' }, { player: 0, points: 2, rule: 'S9' }]);
    });
  });

  describe('S3: who throws first in the next end', () => {
    const next = (first: number, at: number[]): number => {
      const s = playAll(start({ firstPlayer: first }), endMoves(first, at).concat({ k: 'clear' })).state;
      assert.equal(s.e, 2);
      return s.f;
    };
    it('the winner of the end', () => {
      assert.equal(next(RED, [300, 100]), BLUE);
      assert.equal(next(RED, [100, 300]), RED);
      assert.equal(next(BLUE, [100, 300]), BLUE);
      assert.equal(next(BLUE, [300, 100]), RED);
    });
    it('after an end nobody scored (empty table, or level: S11), the same side again', () => {
      assert.equal(next(RED, []), RED);
      assert.equal(next(BLUE, []), BLUE);
      assert.equal(next(BLUE, [100, 103]), BLUE);
    });
    it('the next end starts on a clear table; clearing is refused before an end is over', () => {
      const mid = playAll(start(), endMoves(RED, [100]).slice(0, 3)).state;
      assert.equal(play(mid, { k: 'clear' }).refused, 'end');
      const s = playAll(start(), endMoves(RED, [100, 200]).concat({ k: 'clear' })).state;
      assert.deepEqual(s.d, Array(WEIGHTS).fill(-1));
      assert.equal(s.t, 0);
      assert.deepEqual(scores(s), [3, 0]);
    });
  });

  describe('S12: the first side to reach the target at the end of an end wins', () => {
    /** Ends in which `side` alone puts four weights at 100 (12 points an end), after `first` throws first. */
    function ends(state: ShuffleboardState, side: number, count: number): { state: ShuffleboardState; changes: ScoreChange[] } {
      let changes: ScoreChange[] = [];
      for (let e = 0; e < count; e++) {
        const at = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => (colourOf(state.f, i) === side ? 100 : undefined));
        const r = playAll(state, endMoves(state.f, at));
        changes = changes.concat(r.changes);
        state = r.state;
        if (e < count - 1) state = playAll(state, [{ k: 'clear' }]).state;
      }
      return { state, changes };
    }

    it('singles: 12 points pass 11 and win; every later move but a correction is refused', () => {
      const r = ends(start(), BLUE, 1);
      assert.deepEqual(scores(r.state), [0, 12]);
      assert.equal(winner(r.state), BLUE);
      assert.equal(play(r.state, { k: 'clear' }).refused, 'over');
      assert.equal(play(r.state, { k: 'rest', w: [] }).refused, 'over');
    });

    it('doubles to 21: one end of 12 is not enough, two are', () => {
      const one = ends(start({ teams: 2, firstPlayer: RED }, 4), RED, 1);
      assert.equal(winner(one.state), null);
      const two = ends(start({ teams: 2, firstPlayer: RED }, 4), RED, 2);
      assert.deepEqual(scores(two.state), [24, 0]);
      assert.equal(winner(two.state), RED);
    });

    it('target: the option sets it', () => {
      assert.equal(winner(ends(start({ firstPlayer: RED, target: 30 }), RED, 2).state), null);
      assert.equal(winner(ends(start({ firstPlayer: RED, target: 30 }), RED, 3).state), RED);
      const exact = playAll(start({ firstPlayer: RED, target: 3 }), endMoves(RED, [100])).state;
      assert.equal(winner(exact), RED, 'reaching the target exactly wins');
    });

    it('the end is scored only when the eighth weight has come to rest', () => {
      const list = endMoves(RED, [0, 1000, 0]);
      const seven = playAll(start(), list.slice(0, 7));
      assert.deepEqual(seven.changes, []);
      assert.deepEqual(playAll(seven.state, list.slice(7)).changes, [{ player: 0, points: 4, rule: 'S7' }, { player: 0, points: 4, rule: 'S7' }]);
    });
  });

  describe('the referee\'s place', () => {
    it('during an end it changes the table, not the scores', () => {
      const s = playAll(start(), endMoves(RED, [100, 200]).slice(0, 2)).state;
      const o = play(s, { k: 'place', i: 1, d: 20, c: RED });
      assert.deepEqual(o.changes, []);
      assert.deepEqual([o.state.d[1], o.state.c[1], shuffleboardView(o.state).weights[1].hang], [20, RED, 1], 'h left out follows d');
      assert.deepEqual(play(s, { k: 'place', i: 0 }).state.d, s.d, 'nothing given: nothing moves');
      const hung = playAll(start(), [{ k: 'rest', w: [[0, RED, 20]] }]).state;
      assert.equal(shuffleboardView(play(hung, { k: 'place', i: 0, c: BLUE }).state).weights[0].hang, 1, 'a recolour keeps the overhang');
      assert.equal(shuffleboardView(play(hung, { k: 'place', i: 0, d: 40 }).state).weights[0].hang, 0, 'a new d without h: d decides');
    });

    it('refuses a hanging that its d contradicts (the page: a weight hangs exactly when 0 <= d < 29)', () => {
      const over = playAll(start(), endMoves(RED, [100, 200, 140]));
      for (const [d, h] of [[200, 1], [29, 1], [28, 0], [0, 0], [-1, 1], [1800, 1]]) {
        assert.equal(play(over.state, { k: 'place', i: 1, d, h }).refused, 'arg', `d ${d} h ${h}`);
      }
      assert.equal(play(over.state, { k: 'place', i: 0, h: 1 }).refused, 'arg', 'h 1 alone for a weight seen at 100');
      assert.equal(play(start(), { k: 'rest', w: [[0, RED, 40, 1]] }).refused, 'arg', 'a rest too');
      // Agreeing: scored as the page's zone table has it (28: a hanger, 4; 29: fully past the 3-point line, 3).
      assert.deepEqual(play(over.state, { k: 'place', i: 1, d: 28, h: 1 }).changes.slice(1), [{ player: 1, points: 4, rule: 'S7' }]);
      assert.deepEqual(play(over.state, { k: 'place', i: 1, d: 29, h: 0 }).changes.slice(1), [{ player: 1, points: 3, rule: 'S8' }]);
    });

    it('after an end it takes the end\'s points back (S6) and scores the end again', () => {
      const over = playAll(start(), endMoves(RED, [100, 200, 140]));
      assert.deepEqual(scores(over.state), [5, 0]);
      // Blue's weight was hanging, in fact.
      const o = play(over.state, { k: 'place', i: 1, d: 20, h: 1 });
      assert.deepEqual(o.changes, [{ player: 0, points: -5, rule: 'S6' }, { player: 1, points: 4, rule: 'S7' }]);
      assert.deepEqual(scores(o.state), [0, 4]);
      assert.equal(o.state.ew, BLUE);
      assert.equal(playAll(o.state, [{ k: 'clear' }]).state.f, BLUE, 'S3 follows the correction');
    });

    it('a recoloured weight scores for its new colour', () => {
      const over = playAll(start(), endMoves(RED, [100]));
      const o = play(over.state, { k: 'place', i: 0, c: BLUE });
      assert.deepEqual(o.changes, [{ player: 0, points: -3, rule: 'S6' }, { player: 1, points: 3, rule: 'S8' }]);
    });

    it('it can bring a weight the board had out of play back, and take a win back', () => {
      const won = playAll(start({ firstPlayer: RED, target: 4 }), endMoves(RED, [0, undefined]));
      assert.equal(winner(won.state), RED);
      // Blue's weight did not go off the end: it hangs too, level with red's: nobody scores (S11).
      const o = play(won.state, { k: 'place', i: 1, d: 2, c: BLUE });
      assert.deepEqual(o.changes, [{ player: 0, points: -4, rule: 'S6' }]);
      assert.equal(winner(o.state), null);
      assert.deepEqual(scores(o.state), [0, 0]);
      assert.equal(play(o.state, { k: 'clear' }).refused, undefined);
    });

    it('only a weight thrown in this end can be placed, with a colour and a position', () => {
      const s = playAll(start(), endMoves(RED, [100]).slice(0, 2)).state;
      assert.equal(play(s, { k: 'place', i: 2, d: 100 }).refused, 'id');
      assert.equal(play(s, { k: 'place', i: -1, d: 100 }).refused, 'id');
      assert.equal(play(s, { k: 'place', i: 0.5, d: 100 }).refused, 'id');
      assert.equal(play(s, { k: 'place', i: 0, c: 2 }).refused, 'arg');
      assert.equal(play(s, { k: 'place', i: 0, d: '1' as unknown as number }).refused, 'arg');
    });
  });

  describe('refusals', () => {
    it('a rest names only weights thrown or being thrown, with a colour and a position', () => {
      const s = playAll(start(), [{ k: 'rest', w: [[0, RED, 100]] }]).state;
      assert.equal(play(s, { k: 'rest', w: [[2, RED, 100]] }).refused, 'id');
      assert.equal(play(s, { k: 'rest', w: [[1, 3, 100]] }).refused, 'arg');
      assert.equal(play(s, { k: 'rest', w: [[1, BLUE]] }).refused, 'arg');
      assert.equal(play(s, { k: 'rest' }).refused, undefined, 'a rest with nothing new: the throw went off');
    });

    it('a refused move gives back the state it was given and no changes', () => {
      const s = start({});
      const o = play(s, { k: 'rest', w: [] });
      assert.equal(o.state, s);
      assert.deepEqual(o.changes, []);
    });

    it('every refusal code has its words, and the page states them all', () => {
      const page = readFileSync(new URL('../docs/games/shuffleboard.md', import.meta.url), 'utf8');
      for (const [code, text] of Object.entries(words)) assert.ok(page.includes(`| \`${code}\` | ${text} |`), `${code}: ${text}`);
    });
  });

  describe('what the display and the phone show (layout.ts)', () => {
    /** The phone's weights as [zone, points] pairs. */
    const zones = (s: ShuffleboardState) => shuffleboardView(s).weights.map((w) => [w.zone, w.points]);

    it('the display: the toss, the end and weights left with a point after the side to throw, the end\'s points, the winner', () => {
      assert.equal(shuffleboardLayout(start({})), '   0   0|toSS', 'no point before the toss');
      assert.equal(shuffleboardLayout(start({ firstPlayer: BLUE })), '   0   0.|E1 L8');
      const end = playAll(start({ firstPlayer: BLUE }), endMoves(BLUE, [100, 300]));
      assert.equal(shuffleboardLayout(playAll(start({ firstPlayer: BLUE }), endMoves(BLUE, [100]).slice(0, 3)).state), '   0.   0|E1 L5', 'red throws the fourth');
      assert.equal(shuffleboardLayout(end.state), '   0   3.|E1 b3', 'over: blue made 3 and throws first next');
      assert.equal(shuffleboardLayout(playAll(start({ firstPlayer: RED }), endMoves(RED, [])).state), '   0.   0|E1 --', 'nobody scored: red again');
      assert.equal(shuffleboardLayout(playAll(start({ firstPlayer: RED, target: 3 }), endMoves(RED, [300, 100])).state), '   0   3|=b', 'won: no point');
    });

    it('the display in doubles: the point is the side of the player to throw, players 2 and 3 too', () => {
      let s = playAll(start({ teams: 2, firstPlayer: RED }, 4), endMoves(RED, []).concat({ k: 'clear' })).state;
      assert.equal(turn(s), 2);
      assert.equal(shuffleboardLayout(s), '   0.   0|E2 L8');
      s = playAll(s, [{ k: 'rest', w: [] }]).state;
      assert.equal(turn(s), 3);
      assert.equal(shuffleboardLayout(s), '   0   0.|E2 L7');
    });

    it('the phone: every weight thrown, by name, with its zone\'s rule and points, S4 and 0 out of play', () => {
      const s = playAll(start(), endMoves(RED, [[10, 1], 100, 170, 250, 320, 1000, 1900])).state;
      assert.deepEqual(shuffleboardView(s).weights.map((w) => w.w), ['red1', 'blue1', 'red2', 'blue2', 'red3', 'blue3', 'red4', 'blue4']);
      assert.deepEqual(zones(s), [['S7', 4], ['S8', 3], ['S8', 2], ['S9', 2], ['S9', 1], ['S10', 1], ['S4', 0], ['S4', 0]]);
      assert.deepEqual(shuffleboardView(s).weights[6], { w: 'red4', c: RED, d: -1, hang: 0, zone: 'S4', points: 0 });
      assert.deepEqual(shuffleboardView(s).endPoints, [4, 0], 'only the hanging weight is nearer than blue\'s nearest');
    });

    it('the phone: level when the sides\' nearest weights lie within the resolution, never with a side off the table', () => {
      const level = (at: (number | undefined)[], options: GameOptions = { firstPlayer: RED }) =>
        shuffleboardView(playAll(start(options), endMoves(RED, at).slice(0, at.length)).state).level;
      assert.equal(level([100, 105]), true);
      assert.equal(level([100, 106]), false);
      assert.equal(level([100, 106], { firstPlayer: RED, resolution: 6 }), true);
      assert.equal(level([100]), false, 'blue has none');
      assert.equal(level([undefined, 100]), false, 'red has none');
      assert.equal(level([undefined, undefined]), false, 'nobody has one');
    });
  });

  describe('pure and deterministic', () => {
    const move: fc.Arbitrary<ShuffleboardMove> = fc.oneof(
      fc.record({ k: fc.constant<'rest'>('rest'), w: fc.array(fc.tuple(fc.integer({ min: -1, max: 8 }), fc.integer({ min: 0, max: 1 }), fc.integer({ min: -60, max: 1900 })), { maxLength: 3 }) }),
      fc.constant<ShuffleboardMove>({ k: 'rest', w: [] }),
      fc.record({ k: fc.constant<'place'>('place'), i: fc.integer({ min: -1, max: 8 }), d: fc.integer({ min: -60, max: 1900 }), c: fc.integer({ min: 0, max: 1 }) }),
      fc.constant<ShuffleboardMove>({ k: 'clear' }),
      fc.record({ k: fc.constant<'toss'>('toss'), s: fc.integer({ min: 0, max: 1 }) }),
    );
    const config = fc.record({ players: fc.constantFrom(2, 4), first: fc.constantFrom(0, 1, undefined) });

    function deepFreeze<T>(o: T): T {
      if (o && typeof o === 'object') {
        for (const v of Object.values(o)) deepFreeze(v);
        Object.freeze(o);
      }
      return o;
    }

    it('no move changes the state or the move it is given, and the same moves give the same game', () => {
      fc.assert(fc.property(config, fc.array(move, { maxLength: 120 }), (c, list) => {
        const options: GameOptions = c.players > 2 ? { teams: 2 } : {};
        if (c.first !== undefined) options.firstPlayer = c.first;
        const run = (): string[] => {
          let s = deepFreeze(setup({ players: c.players, options }));
          const seen: string[] = [];
          for (const m of list) {
            const o = play(s, deepFreeze(structuredClone(m)));
            seen.push(JSON.stringify(o));
            s = deepFreeze(o.state);
          }
          return seen;
        };
        assert.deepEqual(run(), run());
      }), { numRuns: 200 });
    });

    it('scores always equal the sum of the changes reported', () => {
      fc.assert(fc.property(fc.array(move, { maxLength: 150 }), (list) => {
        let s = start();
        const sum = [0, 0];
        for (const m of list) {
          const o = play(s, m);
          for (const c of o.changes) sum[c.player] += c.points;
          s = o.state;
        }
        assert.deepEqual(scores(s), sum);
      }), { numRuns: 200 });
    });
  });

  describe('random ends against a scorer written from the page', () => {
    /** A weight as the page has it: in play or out (S4), where, which colour, hanging. */
    interface Weight { out: boolean; d: number; colour: number; hang: boolean }

    /** The points each side makes, by S4 and S6-S11 from the page's geometry. */
    function pageScore(table: Weight[], resolution: number): number[] {
      const inPlay = table.filter((w) => !w.out).sort((a, b) => a.d - b.d);
      const points = [0, 0];
      if (!inPlay.length) return points;
      const first = inPlay[0];
      const rival = inPlay.find((w) => w.colour !== first.colour);
      if (rival && rival.d - first.d <= resolution) return points;
      for (const w of inPlay) {
        if (w.colour !== first.colour || (rival && rival.d - w.d <= resolution)) continue;
        const far = w.d + RADIUS_MM;
        const near = w.d - RADIUS_MM;
        points[w.colour] += w.hang ? 4 : far < TREY_MM ? 3 : near <= TREY_MM ? 2 : far < DEUCE_MM ? 2 : 1;
      }
      return points;
    }

    it('3,000 seeded ends with knocks score as the page says', () => {
      const throwArb = fc.record({
        // Where the thrown weight rests (null: it went off the end, unseen); d from past the end edge to past the foul line.
        // (With whether the sensing tells its overhang too, as d makes it: the page's d < 29.)
        at: fc.option(fc.tuple(fc.integer({ min: -40, max: 1900 }), fc.boolean()), { nil: null }),
        knocks: fc.array(fc.tuple(fc.nat(7), fc.integer({ min: -40, max: 1900 })), { maxLength: 2 }),
      });
      fc.assert(fc.property(fc.constantFrom(0, 1), fc.constantFrom(0, 5, 12), fc.array(throwArb, { minLength: 8, maxLength: 8 }), (first, resolution, throws) => {
        let s = start({ firstPlayer: first, resolution });
        const table: Weight[] = [];
        for (let i = 0; i < WEIGHTS; i++) {
          const w: Rest[] = [];
          const colour = colourOf(first, i);
          table.push({ out: true, d: -1, colour, hang: false });
          const report = (id: number, d: number, h?: number) => {
            const entry = [id, table[id].colour, d];
            if (h !== undefined) entry.push(h);
            w.push(entry);
            // A new weight comes into play when it rests on the table over the foul line; one out stays out.
            const onTable = d >= 0 && d + RADIUS_MM < FOUL_MM;
            if (id === i || !table[id].out) table[id] = { out: !onTable, d, colour: table[id].colour, hang: h === undefined ? d < RADIUS_MM : h === 1 };
          };
          for (const [k, d] of throws[i].knocks) if (k < i) report(k, d);
          const at = throws[i].at;
          if (at) report(i, at[0], at[1] ? +(at[0] >= 0 && at[0] < RADIUS_MM) : undefined);
          s = playAll(s, [{ k: 'rest', w }]).state;
        }
        assert.deepEqual(s.ep, pageScore(table, resolution));
        assert.deepEqual(scores(s), s.ep);
      }), { numRuns: 3000, seed: 15 });
    });
  });
});

describe('shuffleboard: the referee asked where the board cannot tell (inDoubt)', () => {
  /** An end: red's first weight (throw 0) seen at d, `u` mm off at most, blue's first (throw 1) at `blue` (off the end if left out), the rest off the end. */
  function end(d: number, u: number, blue?: number): Outcome<ShuffleboardState> {
    let s = start();
    // [id, colour, d, hanging (left out: d decides), u]
    const seen = (id: number, c: number, at: number): Rest => Object.assign([id, c, at], { 4: u }) as Rest;
    s = play(s, { k: 'rest', w: [seen(0, RED, d)] }).state;
    s = play(s, { k: 'rest', w: blue === undefined ? [] : [seen(1, BLUE, blue)] }).state;
    for (let i = 2; i < WEIGHTS - 1; i++) s = play(s, { k: 'rest', w: [] }).state;
    return play(s, { k: 'rest', w: [] });
  }

  it('a weight that may lie either side of a line that changes its points: the end waits, the phone is flagged and told which, the display shows it; a clear is refused; place answers and the end scores', () => {
    // 122 mm, 3 mm off at most: fully past the 3-point line (3) or touching it (2).
    const asked = end(TREY_MM - RADIUS_MM - 1, 3);
    assert.equal(asked.note, 'ask');
    assert.deepEqual(asked.changes, []);
    assert.equal(asked.state.q, 1);
    assert.deepEqual(shuffleboardView(asked.state).ask, ['red1']);
    assert.match(shuffleboardLayout(asked.state), /E1 \?$/);
    assert.equal(play(asked.state, { k: 'clear' }).refused, 'end');
    // The referee: it lies where the board sees it (3), or touching the line (2).
    const asSeen = play(asked.state, { k: 'place', i: 0 });
    assert.deepEqual([asSeen.state.q, asSeen.state.s, asSeen.changes.map((c) => c.rule)], [0, [3, 0], ['S8']]);
    assert.deepEqual(shuffleboardView(asSeen.state).ask, []);
    assert.deepEqual(play(asked.state, { k: 'place', i: 0, d: TREY_MM - RADIUS_MM + 1 }).state.s, [2, 0]);
    assert.equal(play(asSeen.state, { k: 'clear' }).refused, undefined);
  });

  it('the board sure of it (u 0), or its points the same either side (both in one zone) and placed within 3 mm: scored at once, nobody asked', () => {
    for (const [d, u] of [[TREY_MM - RADIUS_MM - 1, 0], [TREY_MM, 3], [1000, 3]]) {
      const o = end(d, u);
      assert.deepEqual([o.state.q, o.note, o.state.t], [0, '', WEIGHTS], `${d} ± ${u}`);
      assert.equal(o.state.s[RED], d < TREY_MM - RADIUS_MM ? 3 : d <= TREY_MM + RADIUS_MM ? 2 : 1);
    }
  });

  it('a weight that scores, its points the same wherever it lies within its uncertainty, but that uncertainty over 3 mm: asked (no weight scores unasked placed farther off than 3 mm)', () => {
    for (const u of [4, 20]) {
      const o = end(1000, u);
      assert.deepEqual([o.state.q, o.note], [1, 'ask'], `1000 ± ${u}`);
    }
  });

  it('a weight unsure that cannot score (the other side nearer): not asked; the other side nearest within its uncertainty of it: asked', () => {
    assert.equal(end(TREY_MM - RADIUS_MM - 1, 3, 50).state.q, 0, 'blue at 50 mm wins whatever red is');
    assert.deepEqual(end(100, 4, 106).state.q, 3, 'red at 100, blue at 106, each 4 mm off at most: who wins depends on it');
    assert.deepEqual(end(100, 999, 50).state.q, 3, 'red and blue the board cannot tell (999): either may lie nearer than the other');
  });

  it('an end scored unasked: no weight moved anywhere within its uncertainty, alone or all of them together, changes its points as the page scores them (random ends)', () => {
    // (The board first shifts every weight together, and looks at each alone only where that changes the points: this
    // checks that no weight alone changes them where all together do not.)
    const weight = fc.record({ d: fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 1850 })), u: fc.integer({ min: 0, max: 12 }) });
    fc.assert(fc.property(fc.array(weight, { minLength: WEIGHTS, maxLength: WEIGHTS }), (ws) => {
      let s = start();
      for (let i = 0; i < WEIGHTS; i++) s = play(s, { k: 'rest', w: ws[i].d < 0 ? [] : [Object.assign([i, colourOf(RED, i), ws[i].d], { 4: ws[i].u }) as Rest] }).state;
      if (s.q) return;
      // Each weight as the page has it, shifted by `shift` of its u (+1: farther from the end edge), none past the edge.
      const table = (shift: (i: number) => number): Placed[] => ws.map((w, i) => ({ colour: colourOf(RED, i), d: w.d < 0 ? -1 : Math.max(0, w.d + shift(i) * w.u) }));
      const seen = pageEnd(table(() => 0));
      assert.deepEqual(s.ep, seen, 'scored as the page scores it');
      for (const s1 of [1, -1]) {
        // All together: red's farther and blue's nearer (s1 1), and the other way.
        assert.deepEqual(pageEnd(table((i) => (colourOf(RED, i) === RED ? s1 : -s1))), seen, 'every weight shifted together');
        for (let k = 0; k < WEIGHTS; k++) assert.deepEqual(pageEnd(table((i) => (i === k ? s1 : 0))), seen, `weight ${k} shifted alone by ${s1 * ws[k].u} mm`);
      }
    }), { numRuns: 2000, seed: 7 });
  });
});

describe('shuffleboard: the state on the chip', function () {
  this.timeout(60000);

  it('in the real interpreter: a throw whose places the board found (read from its Float64Arrays, fractions on the chip) keeps a state no bigger than one placed in whole numbers, and the same (when ESPRUINO is set)', async function () {
    needsEspruino(this, 'build the state in');
    const source = `
import { setup, shuffleboardMoves } from './firmware/games/shuffleboard/rules';
declare const global: { sizes: unknown };
declare const E: { getSizeOf(v: unknown): number };
var found = new Float64Array([600, 2]);
var moves = shuffleboardMoves();
var st = setup({ players: 2, options: { firstPlayer: 0 } } as never);
var asFound = moves.rest(st, { k: 'rest', w: [[0, 0, Math.max(0, Math.round(found[0])), undefined as never, found[1]]] }).state;
var whole = moves.rest(st, { k: 'rest', w: [[0, 0, 600, undefined as never, 2]] }).state;
global.sizes = [E.getSizeOf(asFound), E.getSizeOf(whole), JSON.stringify(asFound) === JSON.stringify(whole)];
`;
    const code = await buildDeviceCode({ source, dir: ROOT });
    const report = bootInEspruino(code.stored, { settleMs: 50, probe: 'global.sizes', baseline: false });
    assert.deepEqual(report.errors, []);
    const [found, whole, same] = report.probe as [number, number, boolean];
    assert.ok(same, 'the same state');
    // (Before, each such place took a JsVar more in the state's d and u: some 14 after an end of 7 weights.)
    assert.equal(found, whole, `${found} JsVars against ${whole}`);
  });
});
