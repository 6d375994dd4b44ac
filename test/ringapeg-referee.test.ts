// Ring-a-Peg referee inputs from the phone: what the sensors missed is told
// by hand, played and saved like any move (issue 7: referee corrections).
import assert from 'node:assert/strict';
import { replay } from '../sim/replay';
import { CLR, SNAP } from '../firmware/games/ringapeg/rules';

const HEADER = '{"game":"ringapeg","players":2,"options":{"variant":"primary"},"seed":1}';

function run(...phone: object[]) {
  const lines = [HEADER, ...phone.map((p, i) => JSON.stringify({ t: 1000 * (i + 1), phone: p }))];
  return replay(lines.join('\n')).lines.map((l) => JSON.parse(l));
}

describe('ringapeg referee inputs', () => {
  it('R2/R4: a ring the sensors missed is entered by peg, and counts for whose snap it was', () => {
    const out = run({ cmd: 'ring', peg: 'o3' }, { cmd: 'ring', peg: 'i1' }, { cmd: 'ring', peg: 'none' });
    assert.deepEqual(out.filter((l) => l.phone && l.phone.type === 'score').map((l) => [l.phone.player, l.phone.points]), [[0, 5], [1, 10]]);
    const final = out[out.length - 1].final;
    assert.deepEqual(final.scores, [5, 10]);
    assert.deepEqual(final.state.lf, [6, 7], 'three rings played, the last off every peg');
  });

  it('R7: a lift entered by hand is flagged like a sensed one', () => {
    const out = run({ cmd: 'ring', peg: 'i1' }, { cmd: 'lift', peg: 'i1' });
    const last = out.filter((l) => l.phone && l.phone.type === 'state').pop();
    assert.equal(last.phone.warn, 'R7');
  });

  it('an unknown peg is refused with bad_arg and changes nothing', () => {
    const out = run({ cmd: 'ring', peg: 'x9' }, { cmd: 'lift', peg: 'none' });
    assert.deepEqual(out.filter((l) => l.phone && l.phone.type === 'error').map((l) => l.phone.code), ['bad_arg', 'bad_arg']);
    assert.deepEqual(out[out.length - 1].final.scores, [0, 0]);
  });
});

describe('ringapeg: the referee at the board', () => {
  it('R11: while the board waits for the pegs to be cleared (CLEAr), next says they are, and the next Board starts', () => {
    const header = '{"game":"ringapeg","players":2,"options":{"variant":"advance"},"seed":1}';
    // Every ring of the first Board onto o1 and o2, told from the phone (the stacks stay: the Board ends on CLEAr).
    const lines = [header];
    for (let i = 0; i < 16; i++) lines.push(JSON.stringify({ t: 1000 * (i + 1), phone: { cmd: 'ring', peg: i % 4 < 2 ? 'o1' : 'o2' } }));
    const clearing = replay(lines.join('\n')).lines.map((l) => JSON.parse(l));
    assert.equal(clearing[clearing.length - 1].final.state.ph, CLR, 'the first Board ends waiting for the pegs to be cleared');
    lines.push(JSON.stringify({ t: 20000, button: 'next' }));
    const out = replay(lines.join('\n')).lines.map((l) => JSON.parse(l));
    const final = out[out.length - 1].final;
    assert.deepEqual([final.state.ph, final.state.bd], [SNAP, 2], 'the pegs cleared: the second Board is on');
    assert.deepEqual(out.filter((l) => l.phone && l.phone.type === 'flag'), [], 'nothing refused');
  });
});
