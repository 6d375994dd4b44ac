// The shuffleboard board's own checks (wiring.md, Shuffleboard board;
// docs/diagnostics.md): the board is one analog bank, which its interpreter
// reads, so the interpreter checks those sensors during play (a grid sensor at
// a rail, a launch group held) and has the diagnostics mode a maker uses to
// check them, a walk test over the grid and the launch row. First on the
// interpreter, then through the simulator, as the phone sees them.
import assert from 'node:assert/strict';
import { parseScenario, Simulation } from '../sim/replay';
import { analogBankOf } from '../sim/hal';
import { simGame } from '../sim/games/shuffleboard';
import type { ScenarioHeader } from '../sim/scenario';
import { CHANNELS, COL0_MM, COLS, PEAK, PITCH_MM, QUIESCENT, ROW0_MM, ROWS, SENSORS, field, shuffleboardBoard } from '../firmware/games/shuffleboard/board';
import { createShuffleboardInterpreter } from '../firmware/games/shuffleboard/interpret';
import { BANK, RAIL, STUCK } from '../firmware/faults';
import { magnetOf, reading, sensorOf } from '../sim/physics/hall-grid';
import type { Diagnostics, WalkState } from '../firmware/sensing';
import { gridCheckHolds } from '../tools/grid-check';
import { needsEspruino } from './real-interpreter';

/** An interpreter over readings `read(ch, t)` (fractions of the supply), powered up at 0; `at(t)` ticks it every 10 ms to t. */
function board(read: (ch: number, t: number) => number) {
  let now = 0;
  const moves: string[] = [];
  const it = createShuffleboardInterpreter((move) => moves.push(move.k), () => moves.push('begin'), [analogBankOf((ch) => read(ch, now))]);
  it.resume!(0, null, -1);
  const faults: number[][] = [];
  return {
    it, moves, faults,
    at(t: number): void {
      for (; now < t; now += 10) it.tick(now);
    },
    /** One fault check: what it told ([ch, fault]), and what it returned. */
    check(): number {
      faults.length = 0;
      return it.faults((ch, fault) => faults.push([ch!, fault]), undefined);
    },
  };
}
/** An empty table: every grid sensor at half its supply, the launch row's groups at the supply. */
const EMPTY = (ch: number) => (ch < SENSORS ? 0.5 : 1);

describe('shuffleboard: the sensors the interpreter checks during play', () => {
  it('a grid sensor at a rail (none there, a broken line) is told by its channel, once, at the check after it is seen (every sensor read afresh); one more is told again; more than a multiplexer\'s inputs at a rail are a bank fault, told by no channel', () => {
    const railed = new Set([57]);
    const b = board((ch) => (railed.has(ch) ? 0 : EMPTY(ch)));
    assert.equal(b.check(), 0);
    assert.deepEqual(b.faults, [], 'seen: every sensor read afresh at the next check');
    assert.equal(b.check(), 0);
    assert.deepEqual(b.faults, [[57, RAIL]]);
    assert.equal(b.check(), 0);
    assert.deepEqual(b.faults, [], 'told once');
    railed.add(200);
    // Every row is read again within 2 s.
    b.at(2500);
    b.check();
    assert.equal(b.check(), 0);
    assert.deepEqual(b.faults, [[57, RAIL]], 'more at a rail: told again, by the first');
    // Seventeen: more than a multiplexer's inputs, no sensor's fault. The rows are read one after another; the check
    // that reads every sensor afresh sees them all.
    for (let ch = 300; ch < 315; ch++) railed.add(ch);
    b.at(5000);
    assert.equal(b.check(), BANK, 'the grid: a select line, a multiplexer, a connector; nothing the grid senses is scored');
    assert.deepEqual(b.faults, []);
    assert.equal(b.check(), BANK);
    assert.deepEqual(b.faults, [], 'told by no channel');
    // Gone: trusted at the next check (each at a rail is read again at every check), not when its row is next read.
    railed.clear();
    assert.equal(b.check(), 0);
  });

  it('a weight beyond the grid\'s first or last row (a hanger at the end edge, a short one), right over a sensor column, is no fault: laid on the grid\'s physics, every part in its tolerance', () => {
    // Its field at the sensor's neighbours is 56 mm off, under the 32 steps the check looks for at a neighbour.
    for (const seed of [1, 7, 12]) {
      for (const [d, k] of [[0, 4], [5, 0], [10, 9], [ROW0_MM + (ROWS - 1) * PITCH_MM + 25, 5], [ROW0_MM + (ROWS - 1) * PITCH_MM + 15, 0]]) {
        const y = COL0_MM + k * PITCH_MM;
        const magnets = [{ d, y, pol: seed & 1 ? 1 : -1, ...magnetOf(seed, k % 8) }];
        const sensors = Array.from({ length: SENSORS }, (_, ch) => sensorOf(seed, ch, ROW0_MM + Math.floor(ch / COLS) * PITCH_MM, COL0_MM + (ch % COLS) * PITCH_MM));
        const b = board((ch) => (ch < SENSORS ? reading(sensors[ch], magnets, seed, ch, null) : 1));
        for (let t = 1000; t <= 4000; t += 1000) {
          b.at(t);
          assert.equal(b.check(), 0);
          assert.deepEqual(b.faults, [], `seed ${seed}, a weight at d ${d} over column ${k}`);
        }
      }
    }
  });

  it('a sensor reading a field, or a weight on it, is no fault', () => {
    const b = board((ch) => (ch === 57 ? 0.65 : ch === 58 ? 0.35 : EMPTY(ch)));
    b.at(3000);
    assert.equal(b.check(), 0);
    assert.deepEqual(b.faults, []);
  });

  it('a launch group passed at two checks in a row is stuck (or a weight lies on the launch row), told once while it lasts; a weight passing is not', () => {
    let held = false;
    const b = board((ch, t) => (ch === SENSORS + 2 && (held || (t >= 1000 && t < 1040)) ? 0 : EMPTY(ch)));
    b.at(1100);
    assert.equal(b.moves.filter((m) => m === 'begin').length, 1, 'a weight passing is a throw');
    b.check();
    b.check();
    assert.deepEqual(b.faults, [], 'a weight passing in 40 ms is no fault');
    held = true;
    b.at(1200);
    b.check();
    assert.deepEqual(b.faults, []);
    b.check();
    assert.deepEqual(b.faults, [[SENSORS + 2, STUCK]]);
    b.check();
    assert.deepEqual(b.faults, [], 'told once while it lasts');
    held = false;
    b.at(1300);
    b.check();
    held = true;
    b.at(1400);
    b.check();
    b.check();
    assert.deepEqual(b.faults, [[SENSORS + 2, STUCK]], 'released, then held again: told again');
  });

  it('a weight lying on the launch row at power-up is no throw', () => {
    const b = board((ch) => (ch === SENSORS + 1 ? 0 : EMPTY(ch)));
    b.at(3000);
    assert.ok(!b.moves.includes('begin'), JSON.stringify(b.moves));
  });

  it('a power-up and a new game read each grid sensor once; a blip just after a new game, the sensors drifted since power-up by less than a change, counts no throw', () => {
    const reads = new Uint32Array(CHANNELS);
    // Each sensor off half the supply by its own few thousandths, as parts are.
    let drift = 0;
    let blip = -1;
    const level = (ch: number) => (ch === blip ? 0.3 : ch < SENSORS ? 0.5 + ((ch % 7) - 3) / 1000 + drift : 1);
    let now = 0;
    const moves: string[] = [];
    const it = createShuffleboardInterpreter((move) => moves.push(move.k), (value) => moves.push(`begin ${value}`),
      [analogBankOf((ch) => (reads[ch]++, level(ch)))]);
    it.resume!(now, null, -1);
    for (let ch = 0; ch < SENSORS; ch++) assert.equal(reads[ch], 1, `sensor ${ch} at power-up`);
    for (; now < 60000; now += 10) it.tick(now);
    // Drifted 1.2 255ths (some 19 ADC steps): less than makes a reading kept change (2 255ths over the one kept, rounded
    // down), and, where that rounding took most, more than a table as it lay at power-up is matched to (MOVED_STEPS and
    // half a 255th, some 20 ADC steps).
    drift = 1.2 / 255;
    for (; now < 65000; now += 10) it.tick(now);
    reads.fill(0);
    it.resume!(now, null, -1);
    for (let ch = 0; ch < SENSORS; ch++) assert.equal(reads[ch], 1, `sensor ${ch} at the new game`);
    moves.length = 0;
    // A grid sensor read part-way for 0.4 s just after the new game (the board cannot yet tell it from a weight
    // thrown while it started): the table, read again once it is still, is as the new game found it.
    blip = 5 * COLS + 4;
    const until = now + 400;
    for (; now < until; now += 10) it.tick(now);
    blip = -1;
    for (const end = now + 10000; now < end; now += 10) it.tick(now);
    // (Its throw begun, with its launch unseen, and come to nothing: a table, seen so, would be played as the throw's.)
    assert.deepEqual(moves.slice(0, 2), ['begin 1', 'begin -1']);
    assert.ok(!moves.includes('seen'), JSON.stringify(moves));
  });
});

describe('shuffleboard: diagnostics of the grid and the launch row', () => {
  /** The interpreter in diagnostics over the simulator's table, ticked every 10 ms; throws slide weights on it. */
  function diagnostics() {
    const model = simGame({ seed: 3, options: {} } as ScenarioHeader);
    let now = 0;
    const it = createShuffleboardInterpreter(() => {}, () => {}, [analogBankOf((ch) => model.analog!(ch, now))]);
    it.resume!(0, null, -1);
    const walks: WalkState[] = [];
    const diag = it.diagnose(0, (walk) => walks.push(walk)) as Diagnostics;
    let thrown = 0;
    return {
      diag, walks,
      slide(to: { d: number; y: number }): void {
        const state = { f: thrown & 1, t: 0, e: 1, n: 2 };
        model.happen!({ t: now, body: { do: 'slide', to } } as never, { levels() {}, state: () => state, busy: () => false, random: Math.random } as never);
        thrown++;
      },
      run(ms: number): void {
        for (const end = now + ms; now < end; now += 10) diag.tick(now);
      },
    };
  }

  it('the walk test: the phone is told after each pass of the grid (19 ticks) that saw more; it lists the first sensors still to see by name', () => {
    const d = diagnostics();
    d.run(190);
    assert.equal(d.walks.length, 1, 'the start counts as a step');
    assert.deepEqual(d.walks[0], { seen: 0, of: CHANNELS, missing: ['grid.0.0', 'grid.0.1', 'grid.0.2', 'grid.0.3', 'grid.0.4', 'grid.0.5', 'grid.0.6', 'grid.0.7'], lost: 0 });
    assert.equal(d.diag.show(), 'd0-384');
    d.run(3800);
    assert.equal(d.walks.length, 1, 'an empty table: nothing more to tell');
  });

  it('a thrown weight is seen by the launch group it passes', () => {
    const d = diagnostics();
    d.slide({ d: 25, y: 279 });
    d.run(10000);
    const last = d.walks[d.walks.length - 1];
    // 279 mm from the left rail: the third group (254-381 mm).
    assert.ok(last.seen > 0 && !last.missing.includes('launch.3'), JSON.stringify(last));
  });

  it('a weight moved by hand down a column (10 cm/s) is seen by the sensors of that column and its neighbours, and by none farther; the report lists those reading a field now', () => {
    // A red weight (south pole down) at 279 mm across, from past the grid to the end edge.
    let now = 0;
    const y = 279;
    const dAt = (t: number) => Math.max(25, 1950 - 0.1 * t);
    const it = createShuffleboardInterpreter(() => {}, () => {}, [analogBankOf((ch) => {
      if (ch >= SENSORS) return 1;
      const dd = dAt(now) - (ROW0_MM + Math.floor(ch / COLS) * PITCH_MM);
      const dy = y - (COL0_MM + (ch % COLS) * PITCH_MM);
      return QUIESCENT + PEAK * field(dd, dy);
    })]);
    it.resume!(0, null, -1);
    const walks: WalkState[] = [];
    const diag = it.diagnose(0, (walk) => walks.push(walk)) as Diagnostics;
    for (; now < 21000; now += 10) diag.tick(now);
    const last = walks[walks.length - 1];
    assert.equal(last.seen, 3 * 38, 'columns 4, 5 and 6 (229, 279, 329 mm), every row');
    assert.ok(last.missing.every((n) => !/^grid\.\d+\.[456]$/.test(n)), JSON.stringify(last.missing));
    const report = diag.report(now) as { type: string; walk: WalkState; off: [string, number][] };
    assert.equal(report.type, 'diag');
    assert.deepEqual(report.walk, last);
    // At rest over row 0, column 5: that sensor reads some 0.148 of the supply above half (606 steps, within its
    // and the magnet's tolerances), its neighbours less; those 71 mm away (row 1, columns 4 and 6) see none (the
    // field turns there).
    assert.deepEqual(report.off.map((o) => o[0]), ['grid.0.4', 'grid.0.5', 'grid.0.6', 'grid.1.5']);
    assert.ok(Math.abs(report.off[1][1] - 606) <= 606 * 0.1, `${report.off[1][1]}`);
    assert.equal(diag.show(), 'd114-384', 'eight cells');
    diag.walk(now);
    for (const end = now + 190; now < end; now += 10) diag.tick(now);
    assert.equal(walks[walks.length - 1].seen, 4, 'walk starts it again: the sensors that see the weight now');
  });

  it('the sensors are named by channel: grid.<row>.<column>, launch.<group>', () => {
    const b = shuffleboardBoard();
    assert.equal(b.channels, 0, 'no digital channel: the scanner reads nothing');
    assert.deepEqual([0, 9, 10, 379, 380, 383].map((ch) => b.sensor!(ch)!.name), ['grid.0.0', 'grid.0.9', 'grid.1.0', 'grid.37.9', 'launch.1', 'launch.4']);
    assert.equal(b.sensor!(384), undefined);
  });
});

describe('shuffleboard: the checks as the phone sees them', () => {
  interface Line { phone?: Record<string, unknown>; final?: { scores: number[] } }
  const HEADER = { game: 'shuffleboard', players: 2, options: { firstPlayer: 0 }, seed: 5 };
  const THROWS = [{ t: 1000, do: 'slide', to: { d: 140, y: 250 } }, { t: 7000, do: 'slide', to: { d: 400, y: 120 } }];
  function run(lines: object[], broken?: (ch: number) => boolean): Line[] {
    const sim = new Simulation(parseScenario([HEADER, ...lines].map((l) => JSON.stringify(l)).join('\n') + '\n'));
    if (broken) {
      const game = sim.scenario.game;
      const analog = game.analog!;
      game.analog = (ch, t) => (broken(ch) ? 0 : analog(ch, t));
    }
    sim.runToEnd();
    return sim.out.map((l) => JSON.parse(l) as Line);
  }
  const faults = (out: Line[]) => out.filter((l) => l.phone && l.phone.type === 'fault').map((l) => l.phone);

  it('a grid sensor at a rail: the phone is told its name, the display shows Err and its channel, and the game is scored as with it sound', () => {
    const sound = run(THROWS);
    const out = run(THROWS, (ch) => ch === 123);
    assert.deepEqual(faults(out), [{ type: 'fault', fault: 'rail', ch: 123, sensor: 'grid.12.3' }]);
    assert.deepEqual(out[out.length - 1].final, sound[sound.length - 1].final);
  });

  it('the whole grid at a rail: a bank fault, and no throw is scored', () => {
    const out = run(THROWS, (ch) => ch < SENSORS);
    assert.ok(faults(out).some((f) => f!.fault === 'bank'), JSON.stringify(faults(out)));
    assert.deepEqual(out[out.length - 1].final!.scores, [0, 0]);
  });

  it('diagnostics from the phone: the walk test over all 384 channels, and the report', () => {
    const out = run([{ t: 500, phone: { cmd: 'diag', on: true } }, { t: 1000, phone: { cmd: 'diag' } }]);
    const diag = out.filter((l) => l.phone && l.phone.type === 'diag').map((l) => l.phone!);
    assert.ok(diag.length >= 2, JSON.stringify(diag));
    const report = diag[diag.length - 1] as { walk: WalkState; off: unknown[] };
    assert.equal(report.walk.of, CHANNELS);
    assert.deepEqual(report.off, [], 'an empty table: every sensor at half its supply');
  });
});

describe('shuffleboard: the fault check in the real interpreter', () => {
  it('runs as bench grid-check runs it, on an empty table and with four weights at rest, each check after a reading changed and with none changed', async function () {
    needsEspruino(this, 'run the fault check');
    this.timeout(300000);
    const rows = await gridCheckHolds();
    assert.deepEqual(rows.map((r) => r[0]), ['an empty table', 'four weights at rest']);
    for (const [, changed, still] of rows) assert.ok(changed > 0 && still > 0, `holds ${changed}, ${still}`);
  });
});
