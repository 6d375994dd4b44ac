// The shuffleboard grid's wiring faults as properties (test/grid-wiring.ts): sensors at a rail, dead select lines, at
// any time of a game at any phase of its scans. A seeded sample; `npm run bench grid-wiring` runs them at scale.
import assert from 'node:assert/strict';
import { checkDeadLines, checkRails, railsProblems } from './grid-wiring';

const SEED = Number(process.env.GRID_WIRING_SEED ?? 20);

describe('shuffleboard: the grid\'s wiring faults, at any time', () => {
  it(`sensors at a rail: more than a multiplexer's 16 are the grid's fault (bank within 6 s, no rail, no throw told until sound); fewer are told as rail by one of them (seed ${SEED}, GRID_WIRING_SEED)`, () => {
    checkRails(40, SEED);
  });

  it('at the edge, lasting 10 s: one first-level multiplexer\'s 16 inputs are told as rail, the game playing on; those and one more are the grid\'s (bank)', () => {
    const seventeen = Array.from({ length: 17 }, (_, i) => 32 + i);
    assert.deepEqual(railsProblems(seventeen.slice(0, 16), 5000, 10000, true, 0), []);
    assert.deepEqual(railsProblems(seventeen, 5000, 10000, true, 0), []);
  });

  it(`a dead select line, any line at either level: no throw told while the grid is untrusted, the line named the dead one and sound only after the lift; line 7 stuck high untrusted within 6 s, no rail told (seed ${SEED})`, () => {
    checkDeadLines(40, SEED);
  });
});
