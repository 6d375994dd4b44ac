// The shuffleboard table as the simulator plays it (sim/games/shuffleboard.ts): its weights from end to end.
import assert from 'node:assert/strict';
import { replay } from '../sim/replay';

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
});
