// The example scenarios, replayed with `tallyboard replay`: the firmware on the
// simulator, with the rings' sensor signals from the physics model.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pegIndex } from '../firmware/games/ringapeg/board';
import { totals, RingapegState } from '../firmware/games/ringapeg/rules';
import { game as ringapeg } from '../firmware/games/ringapeg/index';
import { ringapegView } from '../firmware/games/ringapeg/layout';
import { replay as runReplay } from '../sim/replay';

interface Replay {
  state: RingapegState;
  /** Phases and tie-breaks seen along the way. */
  seen: Set<string>;
  displays: string[];
}

/** Runs a scenario file through `tallyboard replay` (the firmware on the simulator) and sorts its output. */
function replay(file: string): Replay {
  const text = readFileSync(new URL('../scenarios/' + file, import.meta.url), 'utf8');
  const lines = runReplay(text).lines.map((l) => JSON.parse(l));
  const seen = new Set<string>();
  for (const l of lines) {
    if (!l.phone) continue;
    assert.notEqual(l.phone.type, 'error', `${file}: ${JSON.stringify(l.phone)}`);
    if (l.phone.type !== 'state') continue;
    seen.add(l.phone.phase);
    if (l.phone.tie.length > 0) seen.add('tie');
  }
  const displays = lines.filter((l) => l.display !== undefined).map((l) => l.display);
  return { state: lines[lines.length - 1].final.state, seen, displays };
}

const P = (name: string): number => pegIndex(name);
/** The stack on a peg, bottom first, each ring its owner. */
const stack = (s: RingapegState, name: string): number[] => s.st.split(',')[P(name)].split('').map(Number);

describe('ringapeg example scenarios', () => {
  it('primary-tiebreak: 40-40 after the Board (R8), level again after one extra round, 65-40 after the next', () => {
    const r = replay('ringapeg-primary-tiebreak.jsonl');
    assert.ok(r.seen.has('tie'));
    assert.ok(r.displays.includes('  40.  40|tIE'), 'the tie-break is shown');
    assert.deepEqual(ringapeg.scores(r.state), [65, 40]);
    assert.equal(ringapeg.winner(r.state), 0);
    assert.equal(ringapegView(r.state).peg, false, 'won by R8');
  });

  it('advance: totals credited over three Boards, Peg at exactly 200 in the fourth (R9, R10, R11)', () => {
    const r = replay('ringapeg-advance.jsonl');
    assert.equal(r.state.bd, 4);
    assert.deepEqual(r.state.cr, [180, 60]);
    assert.deepEqual(totals(r.state, true), [20, 10]);
    assert.deepEqual(ringapeg.scores(r.state), [200, 70]);
    assert.equal(ringapeg.winner(r.state), 0);
    assert.equal(ringapegView(r.state).peg, true, 'won by Peg (R10)');
    assert.ok(r.seen.has('clr'));
    assert.equal(r.displays[r.displays.length - 1], 'PEG P1');
  });

  it('grand-march: o1 doublet to i1, onto his own ring, then on to the king peg (R5, R6)', () => {
    const r = replay('ringapeg-grand-march.jsonl');
    assert.deepEqual([stack(r.state, 'o1'), stack(r.state, 'i1'), stack(r.state, 'k')], [[0], [0], [0]]);
    assert.deepEqual(ringapeg.scores(r.state), [60, 35]);
    assert.equal(ringapeg.winner(r.state), 0);
  });

  it('illegal-march: a drop on the king from an outer peg and a lift outside a march, both flagged and put right (R7)', () => {
    const r = replay('ringapeg-illegal-march.jsonl');
    assert.ok(r.seen.has('bad'));
    assert.ok(r.displays.includes('ILLEGAL'));
    assert.deepEqual(stack(r.state, 'k'), []);
    assert.deepEqual(stack(r.state, 'i2'), [0, 1]);
    assert.deepEqual(ringapeg.scores(r.state), [10, 20, 15]);
    assert.equal(ringapeg.winner(r.state), 1);
  });
});
