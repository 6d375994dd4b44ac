// The power-cut sweep, sampled (test/power-sweep.ts says what is checked; the
// benchmark `npm run bench power-sweep` runs it over the whole examples):
// seeded instants of every example game of both games.
import assert from 'node:assert/strict';
import { mulberry32 } from '../sim/inputs';
import { sensorNames } from '../firmware/board';
import { game as fortress } from '../firmware/games/fortress/index';
import { CUT_MS, SWEPT, cutAt, example, sameGame, sweepTesting } from './power-sweep';
import type { Simulation } from '../sim/replay';

/** Instants sampled per example. */
const SAMPLES = 3;

/**
 * Sampled instants where the board is known to end as no game the players could have played: open defects,
 * shown as pending until fixed (not hidden: each is a scenario of its own below).
 */
const KNOWN_OPEN: Record<string, string> = {
  // (Hostile round 28: a weight thrown off the end while the board started, seen crossing the grid after power-up,
  // leaves the table as it read at power-up and is taken for a sensor's blip; the next throw counts it as one the board
  // missed, its weight as lying short beyond the grid, where the board had seen it go off. The scores are the same.
  // Telling it by how far the field was followed (4 rows or more) was tried and taken back (round 29): two blips of two
  // sensors after a power cut passed it, and a throw was invented.)
  'shuffleboard-cluster-hanger@6629': "blue1's launch falls in the cut and its weight goes off the end unseen: the board takes the missed throw's weight as lying short beyond the grid (state x 9999, where a later knock may bring it in and the referee is asked) where the uncut board saw it go off; the scores are the same (7-0), the state is not",
  'shuffleboard-singles@144007': "red's throw off the end (145,000 ms) launched while the board starts: taken for a blip, then as a missed throw lying short beyond the grid (x 9999); the scores are the same",
  'shuffleboard-tie@87015': "blue's throw off the end (88,000 ms) launched while the board starts: taken for a blip, then as a missed throw lying short beyond the grid (x 9999); the scores are the same",
  // (Hostile round 28: the board decides, and saves, a passage 40 ms after its last switch edge (GAP_MS), so a cut in
  // those 40 ms loses the stroke's only passage, and the referee's later correction lands on the stroke before. Deciding
  // it once the switches had let go for 8 ms was tried and taken back: a slow ball's dip between two of its magnets
  // lets its switch go for longer than that (2.5 mm at 0.3 m/s: 8 ms) and made two passages of one, a doubled entry.)
  'fortress-penalties@145637': "a cut 22 ms after FA's passage into pocket 4 ends, the stroke's only one: the board decides a passage 40 ms after its last edge, so the cut loses the stroke; the referee's later `over FD2` lands on the English stroke before (-2/-4 for -4/-8)",
  // (Hostile round 28, found by the same sweep, not mended: 23 instants of 329 at 137 ms steps, 26 before this round's
  // changes. Not the board's cut alone: a board busy finding weights does not read the grid, so the uncut one would
  // do the same had its red2 taken 10 ms longer; whether the board should watch the grid then, or the sweep accept a
  // weight it could not have seen, is open.)
  'shuffleboard-cluster-knock@11528': "blue2's throw off the end (19,000 ms) is launched while the board finds red2's weights, afresh after the cut (1.5 s, for the uncut board's 0.86 s): its weight crosses the grid meanwhile, unwatched, and is taken as lying short beyond the grid (x 9999) where the uncut board, done 10 ms before it came, saw it go off; the scores are the same (0-3)",
  // (Found once the sweep cut while the board decides a throw, Example.done: round 30. A cut after an end's last throw
  // and before the board decides it, late enough that the board, deciding 1.8 s after power-up, is not done before the
  // players' clear 6 s after the throw: the clear's lifts are weights still moving, and the emptied table is decided.
  // docs/games/shuffleboard.md, Power cuts, asks the players to wait for the end's score; the example's players do not.)
  'shuffleboard-singles@47207': "a cut 4.2 s after blue4's throw (43,000), before it is decided: back at 48,227, the board decides from 50,027, after the clear began (49,000): end 1 is lost, 7-4 not won for 11-4",
  'shuffleboard-doubles@47207': "a cut 4.2 s after the end's last throw (43,000), before it is decided: the clear (49,000) begins before the board, back at 48,227, decides it; the end is lost and the next is played one throw out (3-7 for 0-0)",
  'shuffleboard-tie@47122': "a cut 4.1 s after the end's last throw (43,000), before it is decided: the clear (49,000) begins before the board, back at 48,142, decides it; the end is lost (0-2 for 0-0)",
  // (Round 30, the same sweep: a throw launched while the board, back from a cut, still finds the weights of the one
  // before goes off the end unwatched (the board reads no grid while it finds weights), and is kept as lying short
  // beyond the grid, x 9999, where the uncut board saw it go off; the scores are the same. As cluster-knock@11528.)
  'shuffleboard-cluster-knock@34083': "blue3's throw off the end (37,000 ms) is launched while the board, back from a cut at 34,083, finds red3's weights: kept as lying short beyond the grid (x 9999); the scores are the same (0-3)",
  // (Round 30: the same scores, the out-of-play weights' records differ.)
  // (Hostile round 30: a chip resting on the target's points, the board back from the cut a few ms before the next
  // player lifts it, is scored as the lift left the points, short, 50 ms after power-up. Deciding at the first point it
  // let go as it lay was tried and taken back: a point that began to chatter or float as the power went was scored.)
  'triangle-exact@9945': "line 5's chip (-3 mm) at rest, lifted 35 ms after power-up: short (1), not perfect (3)",
  'triangle-exact@84978': "line 35's chip (-3 mm) at rest, lifted 2 ms after power-up: short, not perfect",
  'triangle-exact@102446': "line 42's chip (-3 mm) at rest, lifted 34 ms after power-up: short, not perfect",
  'triangle-game@4929': "line 3's chip (-3 mm) at rest, lifted 51 ms after power-up, in the scan before the board's decision: short, not perfect",
  'triangle-game@12435': "line 6's chip (-3 mm) at rest, lifted 45 ms after power-up: short, not perfect",
  // (Hostile round 31, outside the sampled instants: a cut 13 ms before the board decides the flick, the board back
  // some 45 ms before the next flick lifts the chip.)
  'triangle-game@54935': "line 23's chip (-2 mm) at rest, lifted some 45 ms after power-up: short, not perfect (99-66 for 99-68, a side flagged after)",
  'triangle-exact@54935': "line 23's chip (-3 mm) at rest, lifted some 45 ms after power-up: short, not perfect",
  'shuffleboard-knocks@39683': "a cut 2.7 s after red4's launch (37,000 ms; it stops at d 2000, short of the grid): the board, deciding red4's throw afresh, keeps red4 as gone (x -1) where the uncut board, which watched it stop short, keeps it lying beyond the grid (x 9999), and is sure of blue3 that the uncut board has as maybe out; the scores are the same (4-0)",
};

/**
 * Instants the sweep once failed at (hostile round 28, `npm run bench power-sweep` at 137 ms steps), each for a cause
 * now mended: pinned, whatever the seeded samples fall on.
 */
const REGRESSION: Record<string, [number, string][]> = {
  // 54 of the 62 knocks instants round 28 failed at (the other 8 below): the simulated table laid a knocked weight's slide from the knocking throw's
  // launch, resting beside the weight itself until the knock (two magnets there), and a board that read the table
  // then (at power-up, deciding the throw under way as the next was launched) found a weight more, took it for a
  // throw, and refused the end's last; and the sweep compared a place found afresh after power-up to the millimetre
  // with one held since its throw, and which weight of a colour is which (sameGame, test/power-sweep.ts).
  'shuffleboard-knocks': [
    [28242, "red3's throw under way (blue1 knocked as the power goes), decided at blue3's launch: the table as it lies, one weight where one lies; red3 found 1 mm from where the uncut board sees it"],
    [31119, "red3's and blue3's throws under way: decided together, blue1 and blue2 named the other way round (one lies at 40 mm, one went off: the board did not see which)"],
    [36051, "red4's launch (short, beyond the grid) falls in the cut: the next throw tells it; red3 refound 1 mm off"],
    // (Round 28's open 8: the rules took a throw launched unseen while the board started only from one weight more of
    // its side; blue3 knocked blue2 off, so blue had as many as before. A weight of that side farther out than every
    // one of its weights lay tells it now, rules.ts.)
    ...[30023, 30160, 30297, 30434, 30571, 30708, 30845, 30982].map((at): [number, string] => [at, "blue3's launch (31,000 ms) falls in the cut, during red3's throw, and knocks blue2 off: blue3 come at 230 mm, farther out than blue2 lay, is its throw, decided with red3's"]),
  ],
  // (Hostile round 48, cuts every 7 ms: a cut some 190 ms into a stroke, the board up just after one of the pass's
  // switches let go under a ball and before the others tripped: what was left of the passage was read alone (a high
  // switch alone told as chatter and taken out of service, the stroke running on into the next; a low one alone, a
  // defending ball's pass). A passage first seen within GAP_MS of power-up is half seen.)
  'fortress-corrected': [[1196, "EA's pass under way as the board comes up, its low switch let go 0.4 ms before: no happening, no fault"]],
  'fortress-game': [[12189, "EA's pass under way as the board comes up: no happening, no fault"]],
  'fortress-referee-slow-pass': [
    [17578, "FA's pass under way as the board comes up, its high switch let go just before: the low one left is no defending ball's pass"],
    [31596, "EA's pass under way as the board comes up: no happening; the stroke's entries after it are seen"],
  ],
  // A miss struck while the board started (line 16, 992 ms after the cut; the board up 20 ms later), which the
  // simulator's player struck with EA whatever the turn (it asked the dark display): the table, not the board, was
  // other than uncut.
  'fortress-referee-due-back-by-class': [
    [167708, 'a miss struck while the board starts, at rest at the cut: FA leaves its spot, the French turn'],
    [168500, 'a miss struck while the board starts: FA leaves its spot, the French turn'],
  ],
  // Cuts as a stroke's last bell rang (27,009 to 27,694 ms, and 39,065 ms, now 41,065: the lines after moved), after
  // which the board, counting the balls' 8 s rest from power-up, still had the stroke under way when the example's
  // next stroke came 8.25 s (8.8 s) after its last signal; and a cut 5 ms after FA went into pocket 4 in this run
  // (145,620), which the sweep took as ending at the example's instant, not this run's (its noise differs).
  // (Hostile round 30, the sweep's cuts while a move is decided, 397 ms steps and every 7 ms through the 400 ms before
  // each flick's decision.) A chip that passed every point before the cut (past 44.5 mm): what the board saw went with
  // the power, and it is short after power-up, the phone told `resume` (docs/saving.md; the sweep took the flick for
  // seen till then).
  'triangle-exact': [
    [74656, "line 31's chip (46 mm) passed every point before the cut: short after power-up, the phone told (blind)"],
    [99667, "line 41's chip (84 mm) passed every point before the cut: short after power-up, the phone told (blind)"],
  ],
  'triangle-game': [
    [7177, "line 4's chip (45 mm) passed every point as the power went: short after power-up, the players' next side flagged (blind)"],
  ],
  'fortress-penalties': [
    [27009, "a cut as a stroke's last bell rings: the stroke told before the next, 9 s on"],
    [27694, "a cut as a stroke's last bell rings: the stroke told before the next, 9 s on"],
    [41065, "a cut as a stroke's last bell rings: the stroke told before the next, 9 s on"],
    [145620, "a cut 13 ms after FA's passage into pocket 4 ends in this run: seen, as the sweep now times it"],
  ],
};

/** Each example played once for the sampled and pinned instants (the firmware as it is: the tests below that swap it play their own). */
const played = new Map<string, ReturnType<typeof example>>();
function playedExample(name: string): ReturnType<typeof example> {
  if (!played.has(name)) played.set(name, example(name));
  return played.get(name)!;
}

describe('power cuts: a cut and the boot at seeded instants of every example game', function () {
  this.timeout(120000);
  for (const name of SWEPT) {
    it(`${name}: the game goes on as uncut, or without just what the board could not see, and the phone is told`, () => {
      const ex = playedExample(name);
      const rnd = mulberry32(name.length * 131 + 7);
      for (let i = 0; i < SAMPLES; i++) {
        const at = CUT_MS + Math.floor(rnd() * (ex.end + 2000));
        if (KNOWN_OPEN[`${name}@${at}`]) continue;
        const r = cutAt(ex, at);
        assert.notEqual(r.outcome, 'failed', `cut at ${at} ms: ${r.detail}`);
      }
    });
  }
  for (const [name, instants] of Object.entries(REGRESSION)) {
    for (const [at, what] of instants) it(`${name}, a cut at ${at} ms: ${what}`, () => {
      const r = cutAt(playedExample(name), at);
      assert.notEqual(r.outcome, 'failed', `cut at ${at} ms: ${r.detail}`);
    });
  }
  it('the fortress instants still catch a board wrong at power-up: one that takes FD1, lying on its spot, for gone', () => {
    // (A board that records a ball's place the table does not show: it reads FD1's spot empty while it takes up the
    // game after the cut, and so makes a stroke of FD1 leaving it.)
    const fd1 = sensorNames(fortress.board).indexOf('spot.FD1');
    const make = fortress.interpreter;
    fortress.interpreter = function (emit, begin, analog) {
      const it = make(emit, begin, analog);
      const resume = it.resume!;
      it.resume = function (t: number, levels: ((ch: number, mask?: number) => number) | null, pending: number | string): void {
        // (Not at the sweep's first boot, at 0 ms, from the log as the uncut game left it: the cut board's, after;
        // and only then: the sensor reads true afterwards. Read alone or in a word of channels read at once, from ch:
        // FD1 at bit fd1 - ch.)
        let misread = t > 0;
        resume.call(it, t, levels && ((ch: number, mask?: number) => {
          const v = levels(ch, mask);
          return misread && ch <= fd1 && fd1 < ch + 32 ? v & ~(1 << (fd1 - ch)) : v;
        }), pending);
        misread = false;
      };
      return it;
    };
    try {
      for (const [at] of REGRESSION['fortress-referee-due-back-by-class']) assert.equal(cutAt(example('fortress-referee-due-back-by-class'), at).outcome, 'failed', `a cut at ${at} ms`);
    } finally {
      fortress.interpreter = make;
    }
  });
  for (const name of SWEPT.filter((n) => n.startsWith('fortress-'))) {
    it(`${name}: a stroke struck next comes 9 s or more after the last signal of the one before (docs/replay.md), and a cut as that signal comes (a bell's last ring) leaves the board, counting 8 s from power-up, time to tell the stroke first`, () => {
      const ex = example(name);
      const actions = ex.scenario.actions;
      for (let k = 0; k + 1 < actions.length; k++) {
        if (actions[k].body.do !== 'stroke' || actions[k + 1].kind !== 'do') continue;
        const last = ex.spans[k][1];
        assert.ok(actions[k + 1].t - last >= 9000, `line ${actions[k + 1].line} comes ${Math.round(actions[k + 1].t - last)} ms after line ${actions[k].line}'s last signal`);
        const r = cutAt(ex, Math.floor(last));
        assert.notEqual(r.outcome, 'failed', `cut at ${Math.floor(last)} ms, line ${actions[k].line}'s last signal: ${r.detail}`);
      }
    });
  }
  for (const [instant, defect] of Object.entries(KNOWN_OPEN)) it.skip(`open defect, ${instant}: ${defect}`, () => {
    const [name, at] = instant.split('@');
    assert.notEqual(cutAt(example(name), +at).outcome, 'failed');
  });
});

/** A board that, once back after the cut, tells weight `i` of the state `mm` farther from the end edge than it sees it. */
function misplacing(i: number, mm: number): (sim: Simulation) => void {
  return (sim) => {
    let fw = sim.firmware;
    Object.defineProperty(sim, 'firmware', {
      configurable: true,
      get: () => fw,
      set: (f: Simulation['firmware']) => {
        fw = f;
        if (!f) return;
        const view = f.view.bind(f);
        f.view = () => {
          const v = view();
          const st = v.state as { d: number[] };
          return Object.assign({}, v, { state: Object.assign({}, st, { d: st.d.map((d, k) => (k === i && d >= 0 ? d + mm : d)) }) });
        };
      },
    });
  };
}

describe('power cuts: the sweep tells a shuffleboard board that misplaces a weight from one that finds it afresh', function () {
  this.timeout(120000);
  afterEach(() => {
    sweepTesting.exactPlaces = false;
    sweepTesting.cutBoard = undefined;
  });

  /** A state of an end of four weights thrown: red at 10 and 160 mm, blue at 40 and 200 (u 3, 2, 2, 2). */
  const state = (d: number[], u = [3, 2, 2, 2], q = 0) => JSON.stringify({ state: { s: [0, 0], t: 4, c: [0, 1, 0, 1], d, u, x: [-1, -1, -1, -1], q }, busy: false });
  const lying = state([10, 40, 160, 200]);

  it('a weight found afresh within both boards\' u of where the other found it is the same game; farther, or not on the table, or unsure, it is not', () => {
    assert.ok(sameGame('shuffleboard', lying, state([13, 40, 162, 198])));
    // (The weight at 10 mm told u 3 by both boards: 6 mm apart at most; the one at 160 mm, u 2: 4 mm.)
    assert.ok(sameGame('shuffleboard', lying, state([16, 40, 164, 200])));
    assert.ok(!sameGame('shuffleboard', lying, state([17, 40, 160, 200])));
    assert.ok(!sameGame('shuffleboard', lying, state([10, 40, 165, 200])));
    assert.ok(!sameGame('shuffleboard', lying, state([10, 40, 160, -1])));
    assert.ok(!sameGame('shuffleboard', lying, state([10, 40, 160, 200], [3, 2, 999, 2])));
    assert.ok(!sameGame('shuffleboard', lying, state([10, 40, 160, 200], [3, 2, 2002, 2])));
    assert.ok(!sameGame('shuffleboard', lying, state([10, 40, 160, 200], undefined, 4)));
    // Places compared exactly, and another game's positions, not at all.
    assert.ok(!sameGame('shuffleboard', lying, state([11, 40, 160, 200]), true));
    assert.ok(!sameGame('triangle', lying, state([11, 40, 160, 200])));
  });

  it('two weights of one colour named the other way round are the same game; of two colours, they are not', () => {
    assert.ok(sameGame('shuffleboard', lying, state([160, 40, 10, 200], [2, 2, 3, 2])));
    assert.ok(!sameGame('shuffleboard', lying, state([40, 10, 160, 200], [2, 3, 2, 2])));
  });

  it('a cut at 28,242 ms of the knocks example: as uncut; with places compared exactly, not (red3 refound 1 mm off); a board that then tells a weight 8 mm off fails, one 2 mm off, within its u, does not', () => {
    const ex = example('shuffleboard-knocks');
    assert.equal(cutAt(ex, 28242).outcome, 'uncut');
    sweepTesting.exactPlaces = true;
    assert.equal(cutAt(ex, 28242).outcome, 'failed');
    sweepTesting.exactPlaces = false;
    // (Weight 2, red2: a hanger at 10 mm, u 3 as both boards find it.)
    sweepTesting.cutBoard = misplacing(2, 8);
    assert.equal(cutAt(ex, 28242).outcome, 'failed');
    sweepTesting.cutBoard = misplacing(2, 2);
    assert.equal(cutAt(ex, 28242).outcome, 'uncut');
  });
});
