import assert from 'node:assert/strict';
import { Simulation, parseScenario } from '../sim/replay';
import { REST_TICK_MS } from '../firmware/runtime';
import { game as fortress } from '../firmware/games/fortress/index';
import { throwAt } from './idle-throw';

// A board at rest ticks slowly and wakes on the wake line (wiring.md, Resting
// when idle). The oracle: a pulse that is on the board's sensor line for 3 ms
// is a ball through a hole, whenever it comes, so the firmware must hear it:
// its start at once (the wake line's watch runs a scan then, and the board's
// fast scans follow every fortress.pollMs ms from it: hal/espruino/inputs.ts
// espruinoTicker), its end at the first of those scans after it.

/** The time of the first fast scan at or after `t`, of a board woken at `woke`. */
const scanAt = (woke: number, t: number) => woke + Math.ceil((t - woke) / fortress.pollMs) * fortress.pollMs;

/** Runs a fortress board with a 3 ms pulse on sensor 0 at `at`; whether the board rested just before it, and what it sensed (time:level). */
function pulseAt(at: number, wakeLine = true): { resting: boolean; heard: string[] } {
  const sim = new Simulation(parseScenario(
    `{"game":"fortress","players":2}\n{"t":${at},"raw":[{"ch":0,"level":1}]}\n{"t":${at + 3},"raw":[{"ch":0,"level":0}]}`));
  sim.wakeLine = wakeLine;
  const heard: string[] = [];
  sim.onSense = (_kind, _sensor, level) => heard.push(`${sim.t}:${level}`);
  sim.runUntil(at - 1);
  const resting = sim.hal.ticker.restMs() > 0;
  sim.runUntil(at + 50);
  return { resting, heard };
}

describe('idle: a resting board misses nothing', () => {
  it('a 3 ms pulse at every phase of a whole rest tick (1 ms steps) is sensed at once, and its end at the next fast scan', () => {
    const start = 6000;
    const missed: number[] = [];
    for (let phase = 0; phase <= REST_TICK_MS + 10; phase++) {
      const at = start + phase;
      const { resting, heard } = pulseAt(at);
      assert.ok(resting, `the board rests before a pulse at ${at}`);
      if (heard.join() !== `${at}:1,${scanAt(at, at + 3)}:0`) missed.push(phase);
    }
    assert.deepEqual(missed, []);
  });

  it('without its wake line a resting board misses such a pulse but at a slow tick (the sweep can fail)', () => {
    let heard = 0;
    for (let phase = 0; phase < REST_TICK_MS; phase += 7) if (pulseAt(6000 + phase, false).heard.length) heard++;
    assert.ok(heard <= 1, `${heard} heard`);
  });

  it('a board that rests wakes for good: a second transit 10 ms after the first is sensed too', () => {
    const sim = new Simulation(parseScenario('{"game":"fortress","players":2}\n'
      + '{"t":7000,"raw":[{"ch":0,"level":1}]}\n{"t":7003,"raw":[{"ch":0,"level":0}]}\n'
      + '{"t":7013,"raw":[{"ch":1,"level":1}]}\n{"t":7016,"raw":[{"ch":1,"level":0}]}'));
    const heard: number[] = [];
    sim.onSense = () => heard.push(sim.t);
    sim.runUntil(6999);
    assert.ok(sim.hal.ticker.restMs() > 0);
    sim.runUntil(7100);
    assert.deepEqual(heard, [7000, 7003, 7013, 7016].map((t) => scanAt(7000, t)));
    assert.equal(sim.hal.ticker.restMs(), 0, 'ticking fast while the move is worked out');
  });

  it('a board with nothing moving rests: 2 ticks a second at most', () => {
    const sim = new Simulation(parseScenario('{"game":"fortress","players":2}\n{"t":60000,"phone":{"cmd":"state"}}'));
    sim.runUntil(5000);
    const before = sim.scans;
    sim.runUntil(45_000);
    // 40 s of rest: a tick every REST_TICK_MS, and the one at the window's start.
    assert.ok(sim.scans - before <= 40_000 / REST_TICK_MS + 1, `${sim.scans - before} ticks in 40 s of rest`);
    assert.ok(REST_TICK_MS >= 500);
  });

  /** The times of a board's scan ticks from `from` to `to` ms, and what it sensed then (time:level), stepped one scan at a time. */
  function ticks(scenario: string, from: number, to: number, wakeLine = true): { at: number[]; heard: string[] } {
    const sim = new Simulation(parseScenario(scenario));
    sim.wakeLine = wakeLine;
    const at: number[] = [];
    const heard: string[] = [];
    sim.onSense = (_kind, _sensor, level) => heard.push(`${sim.t}:${level}`);
    sim.runUntil(from);
    while (sim.t <= to) {
      const scans = sim.scans;
      const t = sim.t;
      sim.step(to);
      if (sim.scans > scans) at.push(t);
    }
    return { at, heard };
  }

  it('its slow ticks come every REST_TICK_MS from the tick its rest began, on a board whose scan period does not divide it (the triangle\'s 3 ms; hostile round 18)', () => {
    const { at } = ticks('{"game":"triangle","players":2}\n{"t":30000,"phone":{"cmd":"state"}}', 10000, 20000);
    assert.ok(at.length >= 19, `${at.length} ticks`);
    assert.deepEqual(at.slice(1).map((t, i) => t - at[i]), new Array(at.length - 1).fill(REST_TICK_MS));
  });

  it('a board powered on again while it rested scans a scan period after its boot, as its timer first fires, and every scan period on (hostile round 19)', () => {
    // (Cut at 10 s, on at 10.001 s: up at 11.001 s, its boot taking 1 s.)
    const { at } = ticks('{"game":"triangle","players":2}\n{"t":10000,"power":"cut"}\n{"t":10001,"power":"on"}\n{"t":11101,"phone":{"cmd":"state"}}', 9000, 11020);
    assert.deepEqual(at.filter((t) => t > 10000), [11004, 11007, 11010, 11013, 11016, 11019]);
  });

  it('without its wake line, a minute with nothing happening, a change is read at its next slow tick, not at its own time (hostile round 18)', () => {
    // (From 5 s, the board at rest: its slow ticks then set the times of those after.)
    const { at, heard } = ticks('{"game":"ringapeg","players":2}\n{"t":70101,"raw":[{"ch":0,"level":1}]}\n{"t":90000,"phone":{"cmd":"state"}}', 5000, 72000, false);
    assert.ok(heard.length > 0, 'the change is read');
    const read = Number(heard[0].split(':')[0]);
    assert.ok(read > 70101 && read - 70101 <= REST_TICK_MS, `read at ${read}`);
    assert.ok(at.includes(read) && (read - at[0]) % REST_TICK_MS === 0, `read at ${read}, a slow tick of ${at.slice(0, 3).join(', ')}...`);
  });
});

// A shuffleboard board at rest ticks slowly and wakes on the wake line, which
// its launch row's switches pulse (wiring.md, Resting when idle). The oracle:
// a weight thrown from the launch row to a place on the grid is a throw, at
// whatever moment it is let go, so the board must count it and place it where
// the scenario lays it, as the referee measures (the rules: the throw counted,
// the weight at its distance from the end edge).

describe('idle: a resting shuffleboard board misses no throw', () => {
  it('a weight thrown at every phase of a rest tick (every 7 ms of a whole one, then each ms past it) is counted and placed', () => {
    const start = 9000;
    const missed: string[] = [];
    // Every 7 ms of a whole rest tick and a little more, with both ends: `npm run bench idle` sweeps every ms.
    for (let phase = 0; phase <= REST_TICK_MS + 10; phase += phase >= REST_TICK_MS ? 1 : 7) {
      const { resting, told, counted } = throwAt(start + phase);
      assert.ok(resting, `the board rests before a throw at ${start + phase}`);
      if (!counted) missed.push(`${phase}: ${JSON.stringify(told)}`);
    }
    assert.deepEqual(missed, []);
  });

  it('without its wake line a resting board misses such a throw but at a slow tick (the sweep can fail)', () => {
    let counted = 0;
    for (let phase = 0; phase < REST_TICK_MS; phase += 50) if (throwAt(9000 + phase, false).counted) counted++;
    assert.ok(counted <= 1, `${counted} counted`);
  });
});
