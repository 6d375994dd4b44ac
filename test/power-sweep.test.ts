// The power-cut sweep, sampled (test/power-sweep.ts says what is checked; the
// benchmark `npm run bench power-sweep` runs it over the whole examples):
// seeded instants of every example game of both games.
import assert from 'node:assert/strict';
import { mulberry32 } from '../sim/inputs';
import { CUT_MS, SWEPT, cutAt, example } from './power-sweep';

/** Instants sampled per example. */
const SAMPLES = 3;

describe('power cuts: a cut and the boot at seeded instants of every example game', function () {
  this.timeout(120000);
  for (const name of SWEPT) {
    it(`${name}: the game goes on as uncut, or without just what the board could not see, and the phone is told`, () => {
      const ex = example(name);
      const rnd = mulberry32(name.length * 131 + 7);
      for (let i = 0; i < SAMPLES; i++) {
        const at = CUT_MS + Math.floor(rnd() * (ex.end + 2000));
        const r = cutAt(ex, at);
        assert.notEqual(r.outcome, 'failed', `cut at ${at} ms: ${r.detail}`);
      }
    });
  }
});
