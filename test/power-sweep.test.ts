// The power-cut sweep, sampled (test/power-sweep.ts says what is checked; the
// benchmark `npm run bench power-sweep` runs it over the whole examples):
// seeded instants of every example game of both games.
import assert from 'node:assert/strict';
import { mulberry32 } from '../sim/inputs';
import { sensorNames } from '../firmware/board';
import { game as fortress } from '../firmware/games/fortress/index';
import { GAP_MS, QUIET_MS } from '../firmware/games/fortress/interpret';
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
 * Hostile round 28, fortress-penalties: cuts as a stroke's last bell rang (27,009 to 27,694 ms, and 39,065 ms, now
 * 41,065: the lines after moved), after which the board, counting the balls' 8 s rest from power-up, still had the
 * stroke under way when the example's next stroke came 8.25 s (8.8 s) after its last signal; and cuts 13 to 50 ms
 * after FA went into pocket 4 (then 142,6xx ms, now 145,620 and 145,637), the stroke's only passage, which the board
 * decided only once its switches had been quiet for 40 ms (145,637), and which the sweep took as ending at the
 * example's instant, not this run's (145,620: its noise differs).
 */
const PENALTIES = ['fortress-penalties@27009', 'fortress-penalties@27694', 'fortress-penalties@41065', 'fortress-penalties@145620', 'fortress-penalties@145637'];

/**
 * Instants that once failed, checked every run besides the seeded ones. Hostile round 28: a miss struck while the
 * board started (line 16, 992 ms after the cut; the board up 20 ms later), which the simulator's player struck with EA
 * whatever the turn (it asked the dark display): the table, not the board, was other than uncut.
 */
const DUE_BACK = ['fortress-referee-due-back-by-class@167708', 'fortress-referee-due-back-by-class@168500'];
const PINNED = [...DUE_BACK, ...PENALTIES];

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
      for (const instant of DUE_BACK) {
        const [name, at] = instant.split('@');
        assert.equal(cutAt(example(name), +at).outcome, 'failed', instant);
      }
    } finally {
      fortress.interpreter = make;
    }
  });
  it('the pinned passage instant still catches a board that decides a passage late: GAP_MS after its last edge, as it did once', () => {
    const make = fortress.interpreter;
    fortress.interpreter = function (emit, begin, analog) {
      const it = make(emit, begin, analog);
      const tick = it.tick;
      it.tick = (t: number) => tick.call(it, t - (GAP_MS - QUIET_MS));
      return it;
    };
    try {
      const r = cutAt(example('fortress-penalties'), 145637);
      assert.equal(r.outcome, 'failed');
      assert.match(r.detail!, /^neither the uncut game/);
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
