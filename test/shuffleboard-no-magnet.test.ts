// A field no magnet makes (a grid sensor stuck part-way beside a weight, or several side by side: hostile round 6):
// the locator leaves that sensor out and names it (its `suspect`), so that the board tells it drifted and finds the
// weights again without it. Oracle: the grid's physics (sim/physics/hall-grid.ts) with every part within its
// tolerance, on random tables a game can leave (shuffleboard-sweep.ts); never the firmware's own field model.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { mulberry32 } from '../sim/inputs';
import { ADC_STEPS, COLS, SENSORS } from '../firmware/games/shuffleboard/board';
import { locator } from '../firmware/games/shuffleboard/locate';
import { gridReadings, randomTable } from './shuffleboard-sweep';

/** The weights found in readings `ref` (ADC steps), the sensors named suspect, and the steps it took. */
function locateNaming(ref: Int16Array): { seen: number[][]; suspects: number[]; steps: number } {
  const suspects: number[] = [];
  const step = locator((ch) => ref[ch] / ADC_STEPS, [], [], null, (ch) => suspects.push(ch));
  let steps = 1;
  let seen = step();
  for (; !seen; steps++) seen = step();
  return { seen, suspects, steps };
}

describe('shuffleboard: a field no magnet makes', () => {
  it('random tables a game leaves (clusters of touching weights of both colours, every part in its tolerance): no sensor is named', () => {
    // (Seed 1's tables 613 and 1316: touching weights of both colours whose fields at the sensors beside a weight's
    // strongest reading were all the other colour's, or taken by a neighbour's fit while that reading waited.)
    for (const k of [613, 1316, ...Array.from({ length: 40 }, (_, i) => i)]) {
      const table = randomTable(mulberry32(100003 + k));
      const { suspects } = locateNaming(gridReadings(table, 1 + k, { scale: 1 }));
      assert.deepEqual(suspects, [], `table ${k}: ${JSON.stringify(table)}`);
    }
  });

  it('a hanger touching a weight of the other colour, whose field cancels its share at every sensor beside it: found, no sensor named', () => {
    // (The sweep's seed 1, every part nominal: the red hanger, read at row 0 alone, was named and taken off the table.)
    const table = [[0, 16.8, 290.8], [0, 968.2, 265.2], [1, 1340.3, 69.3], [0, 1286.2, 42.3], [0, 792.4, 433.3], [1, 1564.2, 304.4], [1, 53.5, 340.6], [1, 1569.5, 370.3]]
      .map(([colour, d, y]) => ({ colour, d, y }));
    for (const noise of [1, 2, 3]) {
      const { seen, suspects } = locateNaming(gridReadings(table, noise, { scale: 0 }));
      assert.deepEqual(suspects, []);
      assert.ok(seen.some((w) => w[0] === 0 && w[1] < 29), `the hanger: ${JSON.stringify(seen)}`);
    }
  });

  it('a hanger in the corner and a weight of the other colour 71 mm from it, whose fields cancel at both sensors beside the hanger\'s: both found, no sensor named (the sweep\'s seed 4, table 3420, every field counted)', () => {
    const table = randomTable(mulberry32(4 * 100003 + 3420));
    assert.deepEqual(table.filter((w) => w.d < 100).map((w) => [w.colour, w.d, w.y]), [[1, 68.4, 82.1], [0, 13.7, 36.4]]);
    const { seen, suspects } = locateNaming(gridReadings(table, 4 + 3420, { scale: 1 }));
    assert.deepEqual(suspects, []);
    for (const w of table) assert.ok(seen.some((s) => s[0] === w.colour && Math.abs(s[1] - w.d) <= 3), `${JSON.stringify(w)}: ${JSON.stringify(seen)}`);
  });

  it('a sensor, or two or three side by side along a row, stuck past the field any weight makes there, beside weights or not: named, and the locate ends', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10000 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: COLS, max: SENSORS - 3 * COLS }), fc.boolean(), (k, n, at, up) => {
      const table = randomTable(mulberry32(k));
      const ref = gridReadings(table, k, { scale: 1 });
      // (0.3 or 0.7 of the supply: 1.35 of a weight's peak from half of it, more than a weight right over a sensor reads.)
      const stuck = Array.from({ length: n }, (_, i) => at - (at % COLS) + Math.min(at % COLS, COLS - n) + i);
      for (const ch of stuck) ref[ch] = Math.round((up ? 0.7 : 0.3) * ADC_STEPS);
      const { suspects, steps } = locateNaming(ref);
      assert.deepEqual([...suspects].sort((a, b) => a - b), [...stuck].sort((a, b) => a - b), JSON.stringify(table));
      assert.ok(steps < 2000, `${steps} steps`);
    }), { numRuns: 30, seed: 26 });
  });
});
