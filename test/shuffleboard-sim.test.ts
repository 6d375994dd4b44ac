// The shuffleboard table as the simulator plays it (sim/games/shuffleboard.ts): its weights from end to end.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { replay } from '../sim/replay';
import type { ScenarioAction, ScenarioHeader } from '../sim/replay';
import { analogBankOf } from '../sim/hal';
import { SimFaults } from '../sim/faults';
import { mulberry32 } from '../sim/inputs';
import { fieldOf, fieldRange, magnetOf, sensorOf } from '../sim/physics/hall-grid';
import { simGame } from '../sim/games/shuffleboard';
import type { World } from '../sim/game';
import { CHANNELS, COLS, ROWS, SENSORS } from '../firmware/games/shuffleboard/board';

/** A scenario's lines, the header first. */
function scenario(lines: object[]): string {
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

describe('shuffleboard simulator: the weights from end to end', () => {
  it('a weight knocked off in one end can be knocked in a later end: each end starts from the table as it is, every weight back in the hand', () => {
    const lines: object[] = [{ game: 'shuffleboard', players: 2, options: { firstPlayer: 0 }, seed: 7 }];
    // End 1: blue1 knocks red1 off the end; the rest go off.
    lines.push({ t: 1000, do: 'slide', to: { d: 100, y: 250 } });
    lines.push({ t: 7000, do: 'slide', to: { d: 200, y: 250 }, moves: [{ w: 'red1', off: true }] });
    for (let t = 13000; t <= 43000; t += 6000) lines.push({ t, do: 'slide', off: true });
    lines.push({ t: 49000, do: 'clear' });
    // End 2 (blue won the first, and throws first): blue2 knocks red1 on to 60 mm.
    lines.push({ t: 58000, do: 'slide', to: { d: 150, y: 100 } });
    lines.push({ t: 64000, do: 'slide', to: { d: 300, y: 250 } });
    lines.push({ t: 70000, do: 'slide', to: { d: 500, y: 250 }, moves: [{ w: 'red1', to: { d: 60, y: 250 } }] });
    const out = replay(scenario(lines)).lines.map((l) => JSON.parse(l));
    const final = out[out.length - 1].final;
    assert.equal(final.state.e, 2);
    // Where the board sees them, each within the 3 mm it locates a weight to.
    [150, 60, 500].forEach((d, i) => assert.ok(Math.abs(final.state.d[i] - d) <= 3, JSON.stringify(final.state.d)));
  });

  it('a weight a throw will knock is one weight until the knock: the grid around it reads as before the throw, from the launch until the thrown weight reaches it', () => {
    // (The knocked weight's slide was laid from the launch, resting where the weight lay until the knock, beside the
    // weight itself: two magnets there for the 3 s or so the thrown one slid, a field twice a weight's, 200 ADC steps
    // more under it. A board that read the table then, at power-up or deciding a throw as the next was launched,
    // found a second weight, and took it for a throw: hostile round 28.)
    const game = simGame({ game: 'shuffleboard', players: 2, options: { firstPlayer: 0 }, seed: 5 } as unknown as ScenarioHeader);
    const world = { state: () => null } as unknown as World;
    const act = (t: number, body: Record<string, unknown>) => game.happen!({ line: 0, t, kind: 'do', body } as ScenarioAction, world);
    act(0, { do: 'slide', to: { d: 200, y: 400 } });
    // Sensors around it: rows 3 and 4 (175 and 225 mm), columns 7 and 8 (379 and 429 mm).
    const around = [37, 38, 47, 48];
    const before = around.map((ch) => game.analog!(ch, 9000) * 4096);
    act(10000, { do: 'slide', to: { d: 230, y: 400 }, moves: [{ w: 'red1', off: true }] });
    for (const t of [10001, 11000, 12000, 13000]) {
      around.forEach((ch, i) => {
        const now = game.analog!(ch, t) * 4096;
        // (Its noise drawn afresh: some 2 steps.)
        assert.ok(Math.abs(now - before[i]) < 12, `t ${t} ch ${ch}: ${now.toFixed(0)} steps, ${before[i].toFixed(0)} before the throw`);
      });
    }
  });
});

describe('shuffleboard simulator: the grid as the bank reads it', () => {
  it('while weights slide, a channel\'s range (read more cheaply) holds its reading, and a scan with the ranges counts the very changes one without does', () => {
    const game = simGame({ game: 'shuffleboard', players: 2, options: { firstPlayer: 0 }, seed: 5 } as unknown as ScenarioHeader);
    const world = { state: () => null } as unknown as World;
    const act = (t: number, body: Record<string, unknown>) => game.happen!({ line: 0, t, kind: 'do', body } as ScenarioAction, world);
    act(0, { do: 'slide', to: { d: 300, y: 250 } });
    act(5000, { do: 'slide', to: { d: 260, y: 200 }, moves: [{ w: 'red1', to: { d: 120, y: 300 } }] });
    const range = new Float64Array(2);
    const read = (ch: number) => game.analog!(ch, now);
    const ranged = analogBankOf(read, (ch, r) => game.analogRange!(ch, now, r));
    const exact = analogBankOf(read);
    let now = 0;
    let bounded = 0;
    const keptRanged = new Uint8Array(CHANNELS).fill(128);
    const keptExact = new Uint8Array(CHANNELS).fill(128);
    for (now = 0; now < 9000; now += 7) {
      for (let ch = 0; ch < SENSORS; ch += 3) {
        if (!game.analogRange!(ch, now, range)) continue;
        bounded++;
        const r = game.analog!(ch, now);
        assert.ok(range[0] <= r && r <= range[1], `t ${now} ch ${ch}: ${r} outside ${range[0]}..${range[1]}`);
      }
      for (let row = 0; row < ROWS; row++) {
        assert.equal(ranged.changes(row * COLS, row * COLS + COLS, keptRanged), exact.changes(row * COLS, row * COLS + COLS, keptExact), `t ${now} row ${row}`);
      }
      assert.deepEqual(keptRanged, keptExact, `t ${now}`);
    }
    assert.ok(bounded > 10000, `${bounded} channels read by their ranges`);
  });
});

describe('shuffleboard simulator: what a read can be spared', () => {
  it('a magnet moving along a straight line makes at a sensor no field outside the range fieldRange tells for that line', () => {
    const range = new Float64Array(2);
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 7 }), fc.constantFrom(1, -1),
      fc.tuple(fc.integer({ min: -900, max: 900 }), fc.integer({ min: -300, max: 300 })),
      fc.tuple(fc.integer({ min: -900, max: 900 }), fc.integer({ min: -300, max: 300 })),
      (seed, k, pol, [d0, y0], [d1, y1]) => {
        const s = sensorOf(seed, k, 1000, 250);
        const m = { d: 1000 + d0, y: 250 + y0, pol, ...magnetOf(seed, k) };
        fieldRange(s, m, m.d, m.y, 1000 + d1, 250 + y1, range);
        for (let i = 0; i <= 64; i++) {
          const f = i / 64;
          const b = fieldOf(s, { ...m, d: 1000 + d0 + (d1 - d0) * f, y: 250 + y0 + (y1 - y0) * f });
          assert.ok(range[0] <= b && b <= range[1], `${b} outside ${range[0]}..${range[1]} at ${f}`);
        }
      },
    ), { numRuns: 300, seed: 31 });
  });

  it('through sensor faults (stuck, drifting, turned over, noisy, floating), a scan told by the ranges, reading the rest a run at a time, counts the very changes one that reads everything one by one does', () => {
    const header = { game: 'shuffleboard', players: 2, options: { firstPlayer: 0 }, seed: 9 } as unknown as ScenarioHeader;
    const world = { state: () => null } as unknown as World;
    let now = 0;
    // Two tables alike, two boards' faults alike: one scanned with the ranges and runs, the other read in full, a channel at a time.
    const [ranged, exact] = [0, 1].map(() => {
      const game = simGame(header);
      const faults = new SimFaults(game.module.board, mulberry32(77));
      const act = (t: number, body: Record<string, unknown>) => game.happen!({ line: 0, t, kind: 'do', body } as ScenarioAction, world);
      act(0, { do: 'slide', to: { d: 300, y: 250 } });
      act(4000, { do: 'slide', to: { d: 280, y: 200 }, moves: [{ w: 'red1', to: { d: 120, y: 300 } }] });
      faults.apply({ fault: 'inverted', sensor: 'grid.30.*' }, 0);
      faults.apply({ fault: 'drift', sensor: 'grid.20.*', perS: 0.01 }, 0);
      faults.apply({ fault: 'stuck', sensor: 'grid.10.4', value: 0.7 }, 0);
      faults.apply({ fault: 'noise', sensor: 'grid.5.*', amplitude: 0.05 }, 0);
      faults.apply({ fault: 'floating', sensor: 'grid.2.3' }, 0);
      const clean = (ch: number) => game.analog!(ch, now);
      return { game, faults, clean };
    });
    const rangedBank = analogBankOf((ch) => ranged.faults.analog(ch, now, ranged.clean),
      (ch, lies, kept) => ranged.faults.range(ch, now, lies, kept, (c, t, l, k) => ranged.game.analogRange!(c, t, l, k)),
      (from, to, out) => {
        ranged.game.analogRun!(from, to, now, out);
        ranged.faults.lay(from, to, now, out);
      });
    const exactBank = analogBankOf((ch) => exact.faults.analog(ch, now, exact.clean));
    const keptRanged = new Uint8Array(CHANNELS).fill(128);
    const keptExact = new Uint8Array(CHANNELS).fill(128);
    for (now = 0; now < 8000; now += 3) {
      for (let row = 0; row < ROWS; row++) {
        assert.equal(rangedBank.changes(row * COLS, row * COLS + COLS, keptRanged), exactBank.changes(row * COLS, row * COLS + COLS, keptExact), `t ${now} row ${row}`);
      }
      assert.deepEqual(keptRanged, keptExact, `t ${now}`);
    }
  });
});
