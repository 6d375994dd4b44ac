import assert from 'node:assert/strict';
import fc from 'fast-check';
import { triangleBoard, triangleSensorName } from '../firmware/games/triangle/board';
import { triangleInterpreter, REST_MS, ARRIVE_TIMEOUT_MS, PLACED_MS } from '../firmware/games/triangle/interpret';
import { TriangleMove, TriangleState, FlickResult } from '../firmware/games/triangle/rules';
import { sensorNames } from '../firmware/board';
import { EDGE, TRANSIT, SensorEventKind } from '../firmware/sensing';
import { flick, FLICK_MS, TrianglePhysics } from '../sim/physics/triangle';
import { LevelChange } from '../sim/physics/types';
import { replay } from '../sim/replay';
import { withNoise, seededRng, realChain } from './triangle-harness';

interface Emitted { move: TriangleMove; t: number }

type Debounce = { algorithm: string; ms: number };

function rig() {
  const emitted: Emitted[] = [];
  const seen = { transits: 0 };
  let now = 0;
  const interpreter = triangleInterpreter((move) => emitted.push({ move, t: now }), () => {});
  // As the runtime starts it: every sensor in service, nothing covered at power-up.
  interpreter.out = () => 0;
  interpreter.resume!(0, () => 0, -1);
  const sink = {
    sense: (kind: SensorEventKind, ch: number, level: number, t: number) => {
      if (kind === TRANSIT) seen.transits++;
      interpreter.sense(kind, ch, level, t);
    },
    tick: (t: number) => { now = t; interpreter.tick(t); },
  };
  /** Feeds clean level changes through the project's scanner (IR chatter from `seed`) up to tEnd. */
  const scan = (changes: LevelChange[], tEnd: number, seed: number, debounce?: Debounce) => realChain(changes, sink, tEnd, seed, debounce);
  return { interpreter, scan, emitted, seen };
}

/**
 * One flick along `side` through physics → scanner → interpreter: the moves it
 * produced and how many transits the scanner reported. `noise` adds bounce and
 * spikes on every sensor, and may set the scanner's debouncing.
 */
function sensed(side: number, stopMm: number, noise?: { seed: number; spikeMs: number; debounce?: Debounce }) {
  const { scan, emitted, seen } = rig();
  // The seed varies the chip's friction too (never where it stops).
  let changes = flick(triangleBoard, { stopMm }, 0, side, null, seededRng(noise ? noise.seed : side + 1));
  if (noise) changes = withNoise(changes, triangleBoard.channels, seededRng(noise.seed), 0, 3000, noise.spikeMs === 1 ? 8 : 3, noise.spikeMs);
  scan(changes, FLICK_MS + ARRIVE_TIMEOUT_MS + 1000, noise ? noise.seed : side + 1, noise && noise.debounce);
  return { emitted, transits: seen.transits };
}

/**
 * Deferred debouncing (a scenario header's `debounce`) swallows pulses shorter
 * than its time; the scanner latches them and reports TRANSITs instead.
 */
const DEFERRED: Debounce = { algorithm: 'sym_defer_pk', ms: 5 };

const SEEDS = Number(process.env.TRIANGLE_SEEDS || 5);
const ch = (angle: number, role: number) => sensorNames(triangleBoard).indexOf(triangleSensorName(angle, role));

// stopMm: the leading edge from the target line (RULES T3/T7; CONTRACT `flick`).
// Thresholds: -3 (short | perfect, T7's tolerance), 0 (perfect | partly), 22 = chip diameter (partly | beyond);
// 19 and 44 are where a sensing point stops being covered, so the outcome must not change there.
const BOUNDARIES: [number, FlickResult][] = [
  [-250, 'short'], [-40, 'short'], [-4, 'short'], [-3, 'perfect'], [-2, 'perfect'], [-1, 'perfect'], [0, 'perfect'],
  [1, 'partly'], [10, 'partly'], [19, 'partly'], [20, 'partly'], [21, 'partly'], [22, 'partly'],
  [23, 'beyond'], [44, 'beyond'], [45, 'beyond'], [120, 'beyond'], [400, 'beyond'],
];

describe('triangle interpretation (physics → scanner → interpreter)', () => {
  for (const [stopMm, expected] of BOUNDARIES) {
    it(`T3/T7: rest at ${stopMm} mm is ${expected}, on every side`, () => {
      for (let side = 0; side < 3; side++) {
        const { emitted } = sensed(side, stopMm);
        assert.deepEqual(emitted.map((e) => e.move), [{ k: 'flick', r: expected, s: side }], 'side ' + side);
      }
    });
  }

  it('T3/T7: the same outcomes under bounce, IR chatter and 1 ms noise on every sensor', () => {
    for (const [stopMm, expected] of BOUNDARIES) {
      for (let seed = 1; seed <= SEEDS; seed++) {
        const side = seed % 3;
        const { emitted } = sensed(side, stopMm, { seed: seed * 31 + stopMm, spikeMs: 1 });
        assert.deepEqual(emitted.map((e) => e.move), [{ k: 'flick', r: expected, s: side }], `${stopMm} mm, seed ${seed}`);
      }
    }
  });

  it('T3/T7: stray pulses latched as transits on every sensor do not change an outcome', () => {
    for (const [stopMm, expected] of BOUNDARIES) {
      for (let seed = 1; seed <= 3; seed++) {
        const side = (seed + 1) % 3;
        const { emitted, transits } = sensed(side, stopMm, { seed: seed * 17 + stopMm, spikeMs: 3, debounce: DEFERRED });
        assert.ok(transits > 0, `${stopMm} mm, seed ${seed}: no transit reported`);
        assert.deepEqual(emitted.map((e) => e.move), [{ k: 'flick', r: expected, s: side }], `${stopMm} mm, seed ${seed}`);
      }
    }
  });

  it('T3: a chip that drifts across its lane and rests over the over point is partly over, whether or not it ever covered even (no point told stuck)', () => {
    // The oracle is the geometry (wiring.md): a chip, a 22 mm disc, rests with its leading edge stopMm past the line
    // (0.5 to 22: partly over, T3) and its centre sideMm off the slits' line; it lies over the over point's slit (6 mm
    // across the lane's middle) when the slit's nearest point is within its radius.
    fc.assert(fc.property(fc.double({ min: 10, max: 22, noNaN: true }), fc.double({ min: 0.05, max: 2, noNaN: true }), fc.boolean(), fc.double({ min: -30, max: 0, noNaN: true }), fc.integer({ min: 1, max: 1e6 }), (stopMm, graze, left, driftDeg, seed) => {
      // Its edge just over the slit (graze mm in), either side of the slits' line, coming in towards it: the chips
      // that can miss even on their way.
      const offMm = 3 + Math.sqrt(121 - (11.5 - stopMm) ** 2) - graze;
      const sideMm = left ? -offMm : offMm;
      fc.pre((0.5 - (stopMm - 11)) ** 2 + Math.max(0, offMm - 3) ** 2 <= 121);
      const side = seed % 3;
      const { scan, emitted } = rig();
      // (The scanner's IR chatter, seeded; a chip's outcome under 1 ms spikes is the straight flicks' test above.)
      scan(flick(triangleBoard, { stopMm, sideMm, driftDeg }, 0, side, null, seededRng(seed)), FLICK_MS + ARRIVE_TIMEOUT_MS + 1000, seed);
      assert.deepEqual(emitted.map((e) => e.move), [{ k: 'flick', r: 'partly', s: side }]);
    }), { numRuns: 80, seed: 31 });
  });

  it('decides a flick REST_MS after the chip stops at the angle', () => {
    const changes = flick(triangleBoard, { stopMm: 5 }, 0, 0, null, seededRng(1));
    const lastChange = Math.max(...changes.map((c) => c.t));
    const { emitted } = sensed(0, 5);
    assert.ok(emitted[0].t >= lastChange + REST_MS, `decided at ${emitted[0].t}, chip stopped by ${lastChange}`);
    assert.ok(emitted[0].t <= lastChange + REST_MS + 20, `decided at ${emitted[0].t}, chip stopped by ${lastChange}`);
  });

  it('T7: a chip never seen at the angle counts short once ARRIVE_TIMEOUT_MS has passed', () => {
    const { emitted } = sensed(1, -60);
    assert.equal(emitted.length, 1);
    assert.ok(emitted[0].t >= FLICK_MS + ARRIVE_TIMEOUT_MS && emitted[0].t < FLICK_MS + ARRIVE_TIMEOUT_MS + 50, 'at ' + emitted[0].t);
  });

  it('T7: a chip that passed the angle (over and beyond only latched as transits) and rests out of sight counts beyond', () => {
    const { interpreter, emitted } = rig();
    interpreter.sense(EDGE, ch(0, 0), 1, 0);
    interpreter.sense(EDGE, ch(0, 0), 0, 100);
    interpreter.sense(EDGE, ch(1, 1), 1, 300);
    interpreter.sense(TRANSIT, ch(1, 2), 1, 306);
    interpreter.sense(EDGE, ch(1, 1), 0, 316);
    interpreter.sense(TRANSIT, ch(1, 3), 1, 318);
    interpreter.tick(318 + REST_MS);
    assert.deepEqual(emitted.map((e) => e.move), [{ k: 'flick', r: 'beyond', s: 0 }]);
  });

  it('T7: one stray transit on the beyond point is not a pass: the chip that never came is short', () => {
    const { interpreter, emitted } = rig();
    interpreter.sense(EDGE, ch(2, 0), 1, 0);
    interpreter.sense(EDGE, ch(2, 0), 0, 100);
    interpreter.sense(TRANSIT, ch(0, 3), 1, 200);
    interpreter.tick(200 + REST_MS);
    assert.equal(emitted.length, 0, 'not arrived: keep waiting');
    interpreter.tick(100 + ARRIVE_TIMEOUT_MS);
    assert.deepEqual(emitted.map((e) => e.move), [{ k: 'flick', r: 'short', s: 2 }]);
  });

  it('placing the chip for the next flick settles a pending short once it has lain PLACED_MS', () => {
    const { interpreter, emitted } = rig();
    interpreter.sense(EDGE, ch(0, 0), 1, 0);
    interpreter.sense(EDGE, ch(0, 0), 0, 500);
    interpreter.tick(1500);
    assert.equal(emitted.length, 0);
    interpreter.sense(EDGE, ch(1, 0), 1, 1600);
    interpreter.tick(1600 + PLACED_MS - 1);
    assert.equal(emitted.length, 0, 'not yet: could be a flicker');
    interpreter.tick(1600 + PLACED_MS);
    assert.deepEqual(emitted.map((e) => e.move), [{ k: 'flick', r: 'short', s: 0 }]);
  });

  it('a flicker on a start spot neither starts nor settles a flick', () => {
    const { interpreter, emitted } = rig();
    interpreter.sense(EDGE, ch(2, 0), 1, 0);
    interpreter.sense(EDGE, ch(2, 0), 0, 3);
    interpreter.tick(ARRIVE_TIMEOUT_MS + 100);
    assert.deepEqual(emitted, [], 'an empty spot flickering is no flick');
    interpreter.sense(EDGE, ch(0, 0), 1, 5000);
    interpreter.sense(EDGE, ch(0, 0), 0, 5600);
    interpreter.sense(EDGE, ch(1, 0), 1, 5700);
    interpreter.sense(EDGE, ch(1, 0), 0, 5702);
    interpreter.tick(5800);
    assert.equal(interpreter.busy(), true, 'still waiting for the chip');
  });

  it('a chip lifted and put back on its start spot within a second is an adjustment, not a flick', () => {
    const { interpreter, emitted } = rig();
    const events: [number, number][] = [[0, 1], [500, 0], [1200, 1], [1400, 0], [1450, 1]];
    for (let t = 0; t <= 10000; t++) {
      for (const [at, level] of events) if (at === t) interpreter.sense(EDGE, ch(0, 0), level, t);
      interpreter.tick(t);
    }
    assert.deepEqual(emitted, []);
    assert.equal(interpreter.busy(), false);
  });

  it('lifting the last chip off the target sensors emits nothing', () => {
    const { scan, emitted } = rig();
    const physics = new TrianglePhysics(triangleBoard);
    const first = physics.flick({ stopMm: 10 }, 0, 0);
    scan(first.concat(physics.flick({ stopMm: -1 }, 3000, 1)), 8000, 1);
    assert.deepEqual(emitted.map((e) => e.move.r), ['partly', 'perfect']);
  });

  it('T8: a chip that leaves the triangle is sensed as short, until the referee marks it off', () => {
    const emitted = (() => {
      const { scan, emitted } = rig();
      scan(flick(triangleBoard, { off: true }, 0, 0, null), FLICK_MS + ARRIVE_TIMEOUT_MS + 500, 1);
      return emitted;
    })();
    assert.deepEqual(emitted.map((e) => e.move), [{ k: 'flick', r: 'short', s: 0 }]);
    const h = '{"game":"triangle","players":2,"options":{"exact":false},"seed":1}\n';
    const unmarked = replayed(h + '{"t":1000,"do":"flick","stopMm":-1}\n{"t":4000,"do":"flick","off":true}\n');
    assert.deepEqual(unmarked.state.s, [4, 0]);
    assert.deepEqual(unmarked.rules, ['T3', 'T3']);
    const marked = replayed(h + '{"t":1000,"do":"flick","stopMm":-1}\n{"t":4000,"do":"flick","off":true}\n{"t":6000,"phone":{"cmd":"off"}}\n');
    assert.deepEqual(marked.state.s, [3, 0]);
    assert.equal(marked.state.p, 1);
    assert.deepEqual(marked.rules, ['T3', 'T3', 'T8']);
  });

  it('ignores channels that are not the triangle\'s and settled-group events', () => {
    const { interpreter, emitted } = rig();
    interpreter.sense(EDGE, 40, 1, 0);
    interpreter.sense(EDGE, -1, 1, 0);
    interpreter.sense(2, ch(0, 0), 0, 0);
    interpreter.tick(20000);
    assert.deepEqual(emitted, []);
  });
});

/** A scenario through `replay` (the firmware on the simulator): the final game state and the rules of its score messages. */
function replayed(text: string): { state: TriangleState; rules: string[] } {
  const lines = replay(text).lines.map((l) => JSON.parse(l));
  const rules = lines.filter((l) => l.phone && l.phone.type === 'score').map((l) => l.phone.rule as string);
  return { state: lines[lines.length - 1].final.state, rules };
}
