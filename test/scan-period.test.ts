// The scan period each board uses on the chip (GameModule.pollMs), against the
// simulator, whose banks latch nothing, as no board's do: every scenario of
// scenarios/ replayed at its board's period (the replay's default) ends with
// the scores and winner it ends with at 1 ms scans, and a pulse shorter than
// the time between two scans is missed while one that lasts from one scan to
// the next is seen.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { parseScenario, replay, Simulation } from '../sim/replay';
import { loadGames } from '../firmware/games/registry';

const games = await loadGames();

/** The scenario's final scores and winner, replayed with its header's pollMs set to `pollMs` (undefined: left out). */
function ending(text: string, pollMs: number | undefined): unknown {
  const [head, ...rest] = text.split('\n');
  const header = { ...JSON.parse(head), pollMs };
  const lines = replay([JSON.stringify(header), ...rest].join('\n')).lines;
  const final = JSON.parse(lines[lines.length - 1]).final;
  return [final.scores, final.winner];
}

/**
 * Scenarios whose very point is a line at an instant of a shuffleboard throw's decision, which runs a step a scan
 * tick (ten times sooner over at 1 ms scans): a command while throws launched meanwhile still slide, a cut in the
 * writes that end the decision. At 1 ms the decision is over before that instant, and the line lands elsewhere.
 */
const TIMED_TO_THE_DECISION = ['regression-shuffleboard-cut-between-seen-and-kept-launches.jsonl', 'regression-shuffleboard-undo-as-kept-weight-slides.jsonl'];

describe('scan period on the chip', () => {
  // A scenario that sets pollMs itself is replayed here at its board's period too.
  for (const file of readdirSync('scenarios').filter((f) => f.endsWith('.jsonl') && !TIMED_TO_THE_DECISION.includes(f))) {
    it(`${file}: the same scores and winner at its board's scan period as at 1 ms`, () => {
      const text = readFileSync('scenarios/' + file, 'utf8');
      assert.deepEqual(ending(text, undefined), ending(text, 1));
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
