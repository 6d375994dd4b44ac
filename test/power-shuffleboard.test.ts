// Power cuts in a game of table shuffleboard (docs/saving.md): a weight thrown
// while the board is off or starting. Through the simulator, which takes
// BOOT_MS to start a board after `power: on`.
import assert from 'node:assert/strict';
import { BOOT_MS, parseScenario, Simulation } from '../sim/replay';
import { simGame } from '../sim/games/shuffleboard';
import type { ScenarioHeader } from '../sim/scenario';
import { COLS, PEAK, QUIESCENT, ROW0_MM, PITCH_MM } from '../firmware/games/shuffleboard/board';
import { cutAt, example } from './power-sweep';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOG } from '../firmware/persist';
import { LOG_CHUNK_BYTES } from '../sim/flash';
import { ROOT } from '../tools/games';

interface Printed {
  phone?: { type: string; message?: string; weights?: { w: string; c: number; d: number }[] };
  final?: { scores: number[]; state: { e: number; t: number } };
}

/** Blue throws first (the toss made before the game): to 300 mm, then red to 250 mm. */
const HEADER = { game: 'shuffleboard', players: 2, options: { firstPlayer: 1 }, seed: 9 };
const THROWS = [{ t: 1000, do: 'slide', to: { d: 300, y: 250 } }, { t: 7000, do: 'slide', to: { d: 250, y: 100 } }];

function run(lines: object[]): Printed[] {
  const sim = new Simulation(parseScenario([HEADER, ...lines].map((l) => JSON.stringify(l)).join('\n') + '\n'));
  sim.runToEnd();
  return sim.out.map((l) => JSON.parse(l) as Printed);
}
const final = (out: Printed[]) => out[out.length - 1].final!;
/** A whole end: eight throws, 6 s apart from 1 s, each to its own place. */
const END = [300, 150, 600, 700, 800, 1200, 1000, 1400].map((d, i) => ({ t: 1000 + 6000 * i, do: 'slide', to: { d, y: 60 + 50 * i } }));
/** The weights the phone lists are those wanted ([name, colour, d]), each where it lies within the 3 mm the board places a weight to. */
function listed(weights: { w: string; c: number; d: number }[], want: [string, number, number][]): void {
  assert.deepEqual(weights.map((w) => [w.w, w.c]), want.map((w) => [w[0], w[1]]));
  weights.forEach((w, i) => assert.ok(Math.abs(w.d - want[i][2]) <= 3, JSON.stringify(weights)));
}
const flags = (out: Printed[]) => out.filter((l) => l.phone && l.phone.type === 'flag').map((l) => l.phone!.message);

describe('power cuts in table shuffleboard', () => {
  it('the first throw of the game, made while the board starts, is thrown by the side the toss gave and scored as uncut', () => {
    const uncut = run(THROWS);
    const out = run([{ t: 20, power: 'cut' }, { t: 40, power: 'on' }, ...THROWS]);
    assert.ok(40 + BOOT_MS > THROWS[0].t, 'thrown while the board was starting');
    assert.ok(out.some((l) => l.phone && l.phone.type === 'restored'));
    const weights = out.filter((l) => l.phone && l.phone.type === 'state').pop()!.phone!.weights!;
    listed(weights, [['blue1', 1, 300], ['red1', 0, 250]]);
    assert.deepEqual(final(out).state, final(uncut).state);
  });

  it('a throw launched as the power goes, already past the rows a weight comes in by at power-up: seen sliding on and decided', () => {
    // Launched 1,019 ms before power-up towards the end edge, it is 1,711 mm from it then (row 33 of 38).
    const second = { t: 6001, do: 'slide', to: { d: 10, y: 100 } };
    const out = run([THROWS[0], { t: 6000, power: 'cut' }, second, { t: 6020, power: 'on' }]);
    const weights = out.filter((l) => l.phone && l.phone.type === 'state').pop()!.phone!.weights!;
    listed(weights, [['blue1', 1, 300], ['red1', 0, 10]]);
    assert.deepEqual(final(out).state, final(run([THROWS[0], second])).state);
  });

  it('a throw under way whose weight has not reached the grid at power-up: decided once it rests on the grid, not before', () => {
    // Launched 20 ms before the cut, towards 1,700 mm: at power-up (1,040 ms after the launch) it is 2,255 mm from
    // the end edge, still short of the grid; it rests 1.5 s later.
    const second = { t: 7000, do: 'slide', to: { d: 1700, y: 250 } };
    const out = run([THROWS[0], second, { t: 7020, power: 'cut' }, { t: 7040, power: 'on' }]);
    assert.deepEqual(final(out).state, final(run([THROWS[0], second])).state);
  });

  it('a throw under way whose weight comes to rest as the board is back: decided in time for the next throw, 2.5 s after power-up', () => {
    // The first weight rests at 4,464 ms, the board is back at 4,520 ms, the next throw comes at 7,000 ms.
    const out = run([THROWS[0], { t: 3500, power: 'cut' }, { t: 3520, power: 'on' }, THROWS[1]]);
    assert.deepEqual(final(out).state, final(run(THROWS)).state);
  });

  it('a throw under way whose weight rests before the board is back, the next launched 1.7 s after power-up: both decided', () => {
    // The first weight rests at 4,464 ms, the board is back at 5,270 ms: still waiting for a weight that may be
    // coming when the next is launched, it takes the table as it lies for the first.
    const out = run([THROWS[0], { t: 4250, power: 'cut' }, { t: 4270, power: 'on' }, THROWS[1]]);
    assert.deepEqual(final(out).state, final(run(THROWS)).state);
  });

  // (This passed while the sweep started a cut after a launch from the next action's log, where the throw was decided
  // already: the clear met a board with nothing under way. Cut while the throw is decided, as it now is (round 30), the
  // board back at 104,540 decides it after the clear began, and the end is lost: docs/games/shuffleboard.md, Power cuts,
  // asks the players to wait for the end's score. Open: test/power-sweep.test.ts has the like instants pending.)
  it.skip('open defect: the singles example, a cut as the last weight of an end falls off (103,520 ms), the table cleared 1.5 s after power-up: the end is scored from the table before the clear (4-7, not 11-4)', () => {
    assert.deepEqual(cutAt(example('shuffleboard-singles'), 103520), { at: 103520, outcome: 'uncut' });
  });

  it('the table cleared within 5 s of power-up, after an end: the next end begins, no throw is seen', () => {
    // The eighth throw is decided by 47 s; the clear lifts a weight every 0.3 s from 50.3 s, 1.3 s after power-up.
    const out = run([...END, { t: 48000, power: 'cut' }, { t: 48020, power: 'on' }, { t: 50000, do: 'clear' }]);
    assert.deepEqual(flags(out), []);
    assert.deepEqual([final(out).state.e, final(out).state.t], [2, 0]);
  });

  it('a weight lifted off beside one of the other colour (their fields cancelled between them) within 5 s of power-up: the clear is still played', () => {
    // Blue and red touch along column 4: the sensors of row 5 (275 mm), midway, read no field until blue is lifted
    // (50.7 s + 0.3 s, as row 5 is read), then red's. Taken for a throw, refused (the end is over), the clear still follows.
    const end = END.map((a, i) => (i < 2 ? Object.assign({}, a, { to: { d: [246, 304][i], y: 229 } }) : a));
    const out = run([...end, { t: 48000, power: 'cut' }, { t: 48020, power: 'on' }, { t: 50700, do: 'clear' }, { t: 60000, do: 'slide', to: { d: 300, y: 250 } }]);
    assert.deepEqual([final(out).state.e, final(out).state.t], [2, 1]);
  });

  it('a weight thrown while the board starts that stops short of the grid is seen by nothing: the next throw, of the other side, tells it (or the phone does), and the game is as uncut', () => {
    const short = { t: 7000, do: 'slide', to: { d: 2500, y: 250 } };
    const next = { t: 13000, do: 'slide', to: { d: 250, y: 100 } };
    const cut = [THROWS[0], { t: 6980, power: 'cut' }, { t: 7000, power: 'on' }, short];
    const uncut = final(run([THROWS[0], short, next])).state;
    assert.deepEqual(final(run([...cut, next])).state, uncut);
    assert.deepEqual(final(run([...cut, { t: 12000, phone: { cmd: 'rest' } }, next])).state, uncut);
  });

  it('the simulator lifts the weights on the table off one every 0.3 s when it is cleared (docs/replay.md), the last thrown last', () => {
    const model = simGame({ seed: 1, options: {} } as ScenarioHeader);
    const world = { levels() {}, state: () => null, busy: () => false, random: Math.random } as never;
    const slide = (t: number, body: object) => model.happen!({ t, body: Object.assign({ do: 'slide' }, body) } as never, world);
    // One weight off the end, then two, each right above a sensor of column 4 (y 229): rows 2 and 10.
    slide(0, { off: true });
    slide(6000, { to: { d: ROW0_MM + 2 * PITCH_MM, y: 229 } });
    slide(12000, { to: { d: ROW0_MM + 10 * PITCH_MM, y: 229 } });
    model.happen!({ t: 18000, body: { do: 'clear' } } as never, world);
    const field = (row: number, t: number) => (model.analog!(row * COLS + 4, t) - QUIESCENT) / PEAK;
    const lying = (t: number) => [2, 10].filter((row) => Math.abs(field(row, t)) > 0.5);
    assert.deepEqual([18000, 18299, 18300, 18599, 18600].map(lying), [[2, 10], [2, 10], [10], [10], []]);
  });

  it('the power-cut sweep of the corrected example: a cut at 20 ms comes out as uncut', () => {
    assert.deepEqual(cutAt(example('shuffleboard-corrected'), 20), { at: 20, outcome: 'uncut' });
  });

  it('the doubles example, a weight thrown off the end 540 ms before power-up (cut at 93,520 ms): seen crossing the grid, decided as uncut', () => {
    assert.deepEqual(cutAt(example('shuffleboard-doubles'), 93520), { at: 93520, outcome: 'uncut' });
  });

  it('the doubles example, a cut just after the last throw of an end is launched (100,270 ms): the throw is decided at power-up, and the table cleared 5 s after power-up is a clear, not a throw', () => {
    assert.deepEqual(cutAt(example('shuffleboard-doubles'), 100270), { at: 100270, outcome: 'uncut' });
  });
  it('a game longer than its log: the board\'s one chunk (4,064 bytes) fills as on the board, the throws past it are flagged not_saved, and a cut then loses them, told', () => {
    // Hostile round 9: nine ends (72 throws) wrote 5.6 KB into the simulator's 40 KB, so no replay met a full log.
    const text = readFileSync(join(ROOT, 'scenarios', 'regression-shuffleboard-nine-ends-log-full.jsonl'), 'utf8');
    const [header, ...lines] = text.trim().split('\n');
    const play = (head: object, body: string[]) => {
      const sim = new Simulation(parseScenario([JSON.stringify({ ...JSON.parse(header), ...head }), ...body].join('\n')));
      sim.runToEnd();
      return { sim, out: sim.out.map((l) => JSON.parse(l) as Printed) };
    };
    const uncut = lines.filter((l) => !/"power"/.test(l));
    const roomy = play({ logBytes: 100_000 }, uncut);
    const board = play({}, uncut);
    assert.ok(roomy.sim.flash.files[LOG].length > LOG_CHUNK_BYTES, 'the game writes more than a chunk');
    assert.equal(board.sim.flash.files[LOG], roomy.sim.flash.files[LOG].slice(0, LOG_CHUNK_BYTES), 'the board keeps what fits, the record at the edge cut short');
    const notSaved = board.out.filter((l) => l.phone?.type === 'flag' && (l.phone as { code?: string }).code === 'not_saved').length;
    assert.ok(notSaved > 10, `${notSaved} records flagged not_saved`);
    assert.deepEqual(final(board.out).scores, final(roomy.out).scores, 'play goes on');
    // A cut after the log filled: what was not saved is lost, and the phone hears what came back.
    const restored = (out: Printed[]) => out.find((l) => l.phone?.type === 'restored')!.phone as unknown as { moves: number };
    assert.ok(restored(play({}, lines).out).moves < restored(play({ logBytes: 100_000 }, lines).out).moves);
  });
});
