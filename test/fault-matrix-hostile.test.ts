// The fault matrix's own judgement (test/fault-matrix.ts) at rates the matrix
// does not sweep: a hostile tester's cases, each a defect once. A failure prints
// the scenario that replays it with `npx tallyboard replay`.
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
  // Was a defect: a mouth's high switch whose contact drops out for 10 ms, 50 times a second, can miss an attacking
  // ball's whole passage (3 to 16 ms), which then reads as a defending one (ED for EA): the board scored F18 and F28
  // the game without the fault never scores, and reported nothing (only an active sensor drops out: it never chatters
  // enough to be found). Now the spots tell: both defending balls of that side lie on them, its attacking ball does
  // not, so the switch missed it (regression scenario fault-fortress-mouth-dropout).
  it('fortress: a mouth switch dropping out 10 ms at 50 Hz scores no article the clean game does not', () => {
    const { problems, scenario } = judge(variant('fortress', 'mouth.FA1.n.hi', 'quiet', { sensor: 'mouth.FA2.n.hi', hz: 50, ms: 10 }));
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
