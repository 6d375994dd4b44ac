// A weight thrown into the middle of four others (scenarios/regression-shuffleboard-launches-while-locating.jsonl's
// cluster of five), with every draw of the parts within their tolerances (seeds 1-9) and either side throwing first:
// decided within the time docs/games/shuffleboard.md gives, every weight shown where the scenario lays it, and
// nobody asked. Some draws once left a phantom weight in the cluster: decided 34-41 s after the launch, every weight
// placed up to 55 mm off meanwhile, all five asked (hostile round 7).
import assert from 'node:assert/strict';
import { replay } from '../sim/replay';

/** The cluster, in throw order (d, y in mm): the centre weight last, 80 mm from each of the four. */
const LAID = [[220, 250], [300, 170], [300, 330], [380, 250], [300, 250]];
/** The centre weight's launch (ms), and how long after it the docs say it is decided at the latest. */
const LAUNCH = 1000 + 6000 * (LAID.length - 1);
const DECIDED_MS = 18000;
/** How far from where it lies the board places a weight it is sure of (docs/games/shuffleboard.md: 3 mm). */
const PLACED_MM = 3;

describe('shuffleboard: a weight thrown into the middle of four others', function () {
  this.timeout(60000);
  for (const first of [0, 1]) for (let seed = 1; seed <= 9; seed++) {
    it(`seed ${seed}, ${first ? 'blue' : 'red'} first: decided within ${DECIDED_MS / 1000} s of its launch, every weight where it lies, none asked`, () => {
      const text = [
        JSON.stringify({ game: 'shuffleboard', players: 2, options: { firstPlayer: first }, seed, pollMs: 10 }),
        ...LAID.map(([d, y], i) => JSON.stringify({ t: 1000 + 6000 * i, do: 'slide', to: { d, y } })),
      ].join('\n');
      const states = replay(text).lines.map((l) => JSON.parse(l)).filter((o) => o.phone?.type === 'state');
      const decided = states.find((o) => o.phone.left === 8 - LAID.length);
      assert.ok(decided && decided.t - LAUNCH <= DECIDED_MS, `decided ${decided ? decided.t - LAUNCH + ' ms' : 'never'} after the launch`);
      // Shown as they lie at every state from then on, by name: the throws alternate sides from the first player.
      for (const s of states.filter((o) => o.t >= decided.t)) {
        LAID.forEach(([d], i) => {
          const name = ((first + i) & 1 ? 'blue' : 'red') + ((i >> 1) + 1);
          const shown = s.phone.weights.find((w: { w: string }) => w.w === name);
          assert.ok(shown && Math.abs(shown.d - d) <= PLACED_MM, `${name} lies at ${d}, shown at ${shown?.d} (${s.t} ms)`);
        });
        assert.deepEqual(s.phone.ask, [], 'nobody asked');
      }
    });
  }
});
