// The scan period each board uses on the chip (GameModule.pollMs), against the
// simulator, whose banks latch nothing, as no board's do: every example game
// replayed at its board's period scores exactly as at the simulator's default
// 1 ms, and a pulse shorter than the time between two scans is missed while
// one that lasts from one scan to the next is seen.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { replay } from '../sim/replay';
import { loadGames } from '../firmware/games/registry';

const games = await loadGames();

describe('scan period on the chip', () => {
  for (const { id, module } of games) {
    for (const file of readdirSync('scenarios').filter((f) => f.startsWith(id + '-'))) {
      it(`${file}: the same scores and winner at ${module.pollMs} ms scans as at 1 ms`, () => {
        const text = readFileSync('scenarios/' + file, 'utf8');
        const final = (t: string) => JSON.parse(replay(t).lines.slice(-1)[0]).final;
        const slow = final(text.replace('"seed"', `"pollMs":${module.pollMs},"seed"`));
        const fast = final(text);
        assert.deepEqual([slow.scores, slow.winner], [fast.scores, fast.winner]);
      });
    }
  }

  it('every game with examples is proven at a period longer than 1 ms', () => {
    const proven = games.filter((g) => readdirSync('scenarios').some((f) => f.startsWith(g.id + '-')));
    assert.ok(proven.length >= 2, proven.map((g) => g.id).join(', '));
    for (const g of proven) assert.ok(g.module.pollMs > 1, `${g.id} scans every ${g.module.pollMs} ms`);
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
