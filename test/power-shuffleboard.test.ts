// Power cuts in a game of table shuffleboard (docs/saving.md): a weight thrown
// while the board is off or starting. Through the simulator, which takes
// BOOT_MS to start a board after `power: on`.
import assert from 'node:assert/strict';
import { BOOT_MS, parseScenario, Simulation } from '../sim/replay';
import { cutAt, example } from './power-sweep';

interface Printed {
  phone?: { type: string; weights?: { w: string; c: number; d: number }[] };
  final?: { scores: number[]; state: unknown };
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

describe('power cuts in table shuffleboard', () => {
  it('the first throw of the game, made while the board starts, is thrown by the side the toss gave and scored as uncut', () => {
    const uncut = run(THROWS);
    const out = run([{ t: 20, power: 'cut' }, { t: 40, power: 'on' }, ...THROWS]);
    assert.ok(40 + BOOT_MS > THROWS[0].t, 'thrown while the board was starting');
    assert.ok(out.some((l) => l.phone && l.phone.type === 'restored'));
    const weights = out.filter((l) => l.phone && l.phone.type === 'state').pop()!.phone!.weights!;
    assert.deepEqual(weights.map((w) => [w.w, w.c, w.d]), [['blue1', 1, 300], ['red1', 0, 250]]);
    assert.deepEqual(final(out).state, final(uncut).state);
  });

  it('the power-cut sweep of the corrected example: a cut at 20 ms comes out as uncut', () => {
    assert.deepEqual(cutAt(example('shuffleboard-corrected'), 20), { at: 20, outcome: 'uncut' });
  });

  it('the doubles example, a cut just after the last throw of an end is launched (100,270 ms): the throw is decided at power-up, and the table cleared 5 s after power-up is a clear, not a throw', () => {
    assert.deepEqual(cutAt(example('shuffleboard-doubles'), 100270), { at: 100270, outcome: 'uncut' });
  });
});
