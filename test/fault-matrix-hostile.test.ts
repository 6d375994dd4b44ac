// The fault matrix's own judgement (test/fault-matrix.ts) at rates the matrix
// does not sweep: a hostile tester's cases. Each is a defect left for the lead
// (skipped): the scenario the failure prints replays it with `npx tallyboard replay`.
import assert from 'node:assert/strict';
import { allCases, judge } from './fault-matrix';
import type { FaultCase } from './fault-matrix';

/** The matrix's case of `game` on `sensor` from `start`, its fault's fields changed by `more`, its report time not judged. */
function variant(game: string, sensor: string, start: 'quiet' | 'mid', more: Record<string, unknown>): FaultCase {
  const c = allCases().find((x) => x.game === game && x.kind.fault.sensor === sensor && x.start === start)!;
  return { ...c, kind: { ...c.kind, within: null, fault: { ...c.kind.fault, ...more } } };
}

describe('fault matrix, hostile rates', function () {
  this.timeout(60_000);
  // DEFECT (not fixed): a mouth switch whose contact drops out for 10 ms, 50 times a second, garbles the ball a
  // passage reads (ED for EA): the board scores F18, F25 and F28 the game without the fault never scores, and
  // reports no fault at all. Only a sensor active at the time drops out, so it never chatters enough to be found.
  it.skip('fortress: a mouth switch dropping out 10 ms at 50 Hz scores no article the clean game does not', () => {
    const { problems, scenario } = judge(variant('fortress', 'mouth.FA1.n.hi', 'quiet', { hz: 50, ms: 10 }));
    assert.deepEqual(problems, [], `replay this scenario to see it:\n${scenario}`);
  });
  // Was a defect: peg.k.low chattering at 12 Hz is found as the next throw (o6) lands, which never touches it; the
  // board dropped every move decided within a slow tick of the finding, so that throw was lost and every later score
  // went to the other player. Now only the move under way is decided unscored (regression scenario
  // fault-ringapeg-chatter-unused-peg).
  it('ringapeg: chatter at 12 Hz on a sensor the game does not use changes no score', () => {
    const { problems, scenario } = judge(variant('ringapeg', 'peg.k.low', 'quiet', { hz: 12 }));
    assert.deepEqual(problems, [], `replay this scenario to see it:\n${scenario}`);
  });
});
