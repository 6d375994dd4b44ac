// The chaos harness, a seeded sample (test/chaos.ts says what each run checks;
// `npm run bench chaos` runs the same at scale): for every game, runs with
// power cuts in quiet time only (the game must end as uncut) and runs with
// cuts anywhere (the log must restore what the phone last heard).
import assert from 'node:assert/strict';
import { CHAOS_GAMES } from './chaos-games';
import { chaos, restoredJsVars } from './chaos';
import { needsEspruino } from './real-interpreter';
import { PEAK_JSVAR_BUDGET } from '../tools/games';

/** Runs per game and kind: a few seconds each (shuffleboard's analog table is the slowest to simulate). */
const RUNS: Record<string, number> = { triangle: 80, ringapeg: 80, fortress: 30, shuffleboard: 10 };

describe('chaos: random play, undo, new, corrections, bad lines and power cuts, checked against an uncut run and the rules', function () {
  this.timeout(120000);
  for (const game of CHAOS_GAMES) {
    /** The longest log the runs left. */
    let longest = '';
    for (const anywhere of [false, true]) {
      it(`${game.id}: ${RUNS[game.id]} runs with cuts ${anywhere ? 'anywhere: every power-up restores what the phone last heard' : 'in quiet time: the game ends as uncut, and as the rules score it'}`, () => {
        const r = chaos(game, { seed: 25, runs: RUNS[game.id], anywhere });
        assert.equal(r.failure, null);
        assert.ok(r.cuts > RUNS[game.id] / 2, `${r.cuts} cuts struck`);
        if (r.longest.length > longest.length) longest = r.longest;
      });
    }
    it(`${game.id}: the longest log the runs left restores in the real interpreter within ${PEAK_JSVAR_BUDGET} JsVars (when ESPRUINO is set)`, async function () {
      needsEspruino(this, 'restore the log in');
      assert.ok(longest, 'the runs left a log');
      const used = await restoredJsVars(game, longest);
      console.log(`      ${game.id}: ${used} JsVars after a power-up from a log of ${longest.length} bytes`);
      assert.ok(used <= PEAK_JSVAR_BUDGET, `${used} JsVars`);
    });
  }
});
