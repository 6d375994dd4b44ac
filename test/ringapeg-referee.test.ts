// Ring-a-Peg referee inputs from the phone: what the sensors missed is told
// by hand, played and saved like any move (issue 7: referee corrections).
import assert from 'node:assert/strict';
import { replay } from '../sim/replay';

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
