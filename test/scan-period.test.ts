// The scan period each board uses on the chip (GameModule.pollMs), against the
// simulator, whose banks latch nothing, as no board's do: scenarios of
// scenarios/ replayed at their board's period (the replay's default) end with
// the scores and winner they end with at 1 ms scans (test/scan-period.ts), and
// a pulse shorter than the time between two scans is missed while one that
// lasts from one scan to the next is seen. The scenarios replayed here are
// every game's examples and a seeded sample of the others (SCAN_PERIOD_SAMPLE
// of them, 16 unless given, drawn by SCAN_PERIOD_SEED, 1 unless given);
// `npm run bench scan-period` replays every one of them.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { parseScenario, replay, Simulation } from '../sim/replay';
import { loadGames } from '../firmware/games/registry';
import { EXAMPLES, PHASE_SENSITIVE, SCENARIOS, SHIFTS_MS, TIMED_TO_THE_DECISION, endings } from './scan-period';
import { sampled } from './seeded';

const games = await loadGames();

const SEED = Number(process.env.SCAN_PERIOD_SEED ?? 1);
const SAMPLE = Number(process.env.SCAN_PERIOD_SAMPLE ?? 16);
/** The scenarios besides the examples, those timed to a decision's instant left out (test/scan-period.ts). */
const OTHERS = SCENARIOS.filter((f) => !EXAMPLES.includes(f) && !TIMED_TO_THE_DECISION.includes(f));
const DRAWN = sampled(OTHERS, SAMPLE, SEED);

describe('scan period on the chip', () => {
  before(() => {
    assert.ok(Number.isInteger(SEED) && Number.isInteger(SAMPLE) && SAMPLE >= 0, `SCAN_PERIOD_SEED and SCAN_PERIOD_SAMPLE take whole numbers (got ${process.env.SCAN_PERIOD_SEED}, ${process.env.SCAN_PERIOD_SAMPLE})`);
    console.log(`      seed ${SEED} (SCAN_PERIOD_SEED): the ${EXAMPLES.length} examples and ${DRAWN.length} of the ${OTHERS.length} other scenarios (npm run bench scan-period: all of them)`);
  });

  // A scenario that sets pollMs itself is replayed here at its board's period too.
  for (const file of [...EXAMPLES, ...DRAWN]) {
    const phases = !PHASE_SENSITIVE.includes(file);
    it(`${file}: the same scores and winner at its board's scan period as at 1 ms${phases ? `, and with its lines ${SHIFTS_MS.join(' or ')} ms later` : ''}`, () => {
      const { atItsPeriod, at1ms, shifted } = endings(file);
      assert.deepEqual(atItsPeriod, at1ms);
      if (phases) SHIFTS_MS.forEach((ms, k) => assert.deepEqual(shifted[k], atItsPeriod, `its lines ${ms} ms later`));
    });
  }

  it('every game with examples is proven at a period longer than 1 ms', () => {
    const proven = games.filter((g) => readdirSync('scenarios').some((f) => f.startsWith(g.id + '-')));
    assert.ok(proven.length >= 2, proven.map((g) => g.id).join(', '));
    for (const g of proven) assert.ok(g.module.pollMs > 1, `${g.id} scans every ${g.module.pollMs} ms`);
  });

  it("a scenario without pollMs scans as its game's board does; one with it, at its own", () => {
    for (const { id, module } of games) {
      for (const [pollMs, expected] of [[undefined, module.pollMs], [7, 7]]) {
        const sim = new Simulation(parseScenario(`${JSON.stringify({ game: id, pollMs })}\n{"t":5000,"phone":{"cmd":"state"}}`));
        const times: number[] = [];
        while (times.length < 50) {
          sim.step();
          times.push(sim.t);
        }
        const gaps = new Set(times.slice(20).map((t, k) => t - times[19 + k]));
        assert.deepEqual([...gaps], [expected], `${id}, pollMs ${pollMs}`);
      }
    }
  });

  for (const periodMs of [2, 3]) {
    it(`at ${periodMs} ms scans a pulse shorter than the time between two scans is missed, one that lasts until the next scan is seen`, () => {
      // The bench game prints every edge and transit the scanner reports; an IR channel (hall and ir alike: no latch).
      const header = `{"game":"bench","channels":1,"options":{"kind":"ir"},"pollMs":${periodMs}}`;
      const transits = (startMs: number, ms: number) => {
        const lines = replay(`${header}\n{"t":${startMs},"raw":[{"ch":0,"level":1}]}\n{"t":${startMs + ms},"raw":[{"ch":0,"level":0}]}`).lines;
        const final = JSON.parse(lines[lines.length - 1]).final;
        return final.edges + final.transits;
      };
      // Scans run at 0, periodMs, 2 periodMs...: a pulse from just after one scan to just before the next is never read.
      assert.equal(transits(periodMs * 10 + 0.5, periodMs - 1), 0, 'a pulse between two scans');
      assert.ok(transits(periodMs * 10 + 0.5, periodMs) > 0, 'a pulse as long as the period');
      assert.ok(transits(periodMs * 10, 1) > 0, 'a 1 ms pulse that a scan falls in');
    });
  }
});
