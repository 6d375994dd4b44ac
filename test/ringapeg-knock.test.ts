// A knock on the table is not a miss (docs/games/ringapeg.md, "How the board
// sees rings"): the impact switch closes once, where a ring that misses every
// peg hits the board and bounces, closing it again. Through the simulator.
import assert from 'node:assert/strict';
import { replay } from '../sim/replay';
import type { RingapegState } from '../firmware/games/ringapeg/rules';

const HEADER = '{"game":"ringapeg","players":2,"options":{"variant":"primary"},"seed":3}';

/** The final state, rings left and turn of a scenario of these lines after the header. */
function play(lines: object[]): { state: RingapegState; left: number[]; turn: number } {
  const out = replay([HEADER, ...lines.map((l) => JSON.stringify(l))].join('\n') + '\n').lines.map((l) => JSON.parse(l));
  const final = out[out.length - 1].final;
  return { state: final.state, left: final.state.lf, turn: final.turn };
}

describe('ringapeg: a knock on the table', () => {
  it('a single 30 ms closure of the impact switch is no miss: the snapper keeps the turn and his rings', () => {
    const r = play([
      { t: 1000, do: 'snap', peg: 'o1' },
      { t: 3000, set: { 'board.impact': 1 } },
      { t: 3030, set: { 'board.impact': 0 } },
    ]);
    // Player 0 snapped one ring; player 1 is to snap, with all 8 of his.
    assert.deepEqual([r.turn, r.left], [1, [7, 8]]);
  });

  it('a ring that misses every peg is still a miss: it is played and the turn passes', () => {
    const r = play([
      { t: 1000, do: 'snap', peg: 'o1' },
      { t: 3000, do: 'snap', peg: null },
    ]);
    assert.deepEqual([r.turn, r.left], [0, [7, 7]]);
  });
});
