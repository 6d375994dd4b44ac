// The example games replayed at the scan period each board uses on the chip
// (GameModule.pollMs) score exactly as at the simulator's default 1 ms.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { replay } from '../sim/replay';
import { game as triangle } from '../firmware/games/triangle/index';
import { game as ringapeg } from '../firmware/games/ringapeg/index';

const PERIODS: Record<string, number> = { triangle: triangle.pollMs, ringapeg: ringapeg.pollMs };

describe('scan period on the chip', () => {
  for (const file of readdirSync('scenarios').filter((f) => /^(triangle|ringapeg)-/.test(f))) {
    const game = file.split('-')[0];
    it(`${file}: the same scores and winner at ${PERIODS[game]} ms scans as at 1 ms`, () => {
      const text = readFileSync('scenarios/' + file, 'utf8');
      const final = (t: string) => JSON.parse(replay(t).lines.slice(-1)[0]).final;
      const slow = final(text.replace('"seed"', `"pollMs":${PERIODS[game]},"seed"`));
      const fast = final(text);
      assert.ok(PERIODS[game] > 1);
      assert.deepEqual([slow.scores, slow.winner], [fast.scores, fast.winner]);
    });
  }
});
