// A scenario's `t` is a number of ms, not a whole one: the companion page's live
// board adds a click's line at the page's clock, which falls between ms. Each
// game's example scenarios, every line 0.3 ms later, replay without an error to
// the same scores and winner (Ring-a-Peg's rings once began their transits at the
// nearest ms, before the line, and the replay stopped: "level change ... is in
// the past").
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replay } from '../sim/replay';
import { gameIds } from '../firmware/games/registry';
import { ROOT, examplesOf } from '../tools/games';

/** The scenario with every line after the header `ms` later. */
function later(text: string, ms: number): string {
  return text.trim().split('\n').map((l, i) => {
    const o = JSON.parse(l);
    if (i > 0) o.t += ms;
    return JSON.stringify(o);
  }).join('\n') + '\n';
}

/** A replay's end: its final line's scores and winner. */
function end(text: string): { scores: number[]; winner: number | null } {
  const { lines } = replay(text);
  const final = JSON.parse(lines[lines.length - 1]).final;
  return { scores: final.scores, winner: final.winner };
}

describe('scenario times between milliseconds', () => {
  it("each game's example scenarios, every line 0.3 ms later, end as at whole ms", async () => {
    for (const id of await gameIds()) {
      const files = examplesOf(id);
      assert.ok(files.length > 0, id + ' has example scenarios');
      for (const f of files) {
        const text = readFileSync(join(ROOT, 'scenarios', f), 'utf8');
        const whole = end(text);
        assert.ok(Array.isArray(whole.scores), f + ': its end has scores');
        assert.deepEqual(end(later(text, 0.3)), whole, f);
      }
    }
  });
});
