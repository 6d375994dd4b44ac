// The shuffleboard grid's rails as a property (test/rails.ts): a seeded sample; `npm run bench rails` runs it at scale.
import assert from 'node:assert/strict';
import { checkRails, railsProblems } from './rails';

const SEED = Number(process.env.RAILS_SEED ?? 20);

describe('shuffleboard: sensors at a rail, any set at any time', () => {
  it(`more than a multiplexer's 16 are the grid's fault (bank, no rail, no throw told until sound); fewer are told as rail by one of them (seed ${SEED}, RAILS_SEED)`, () => {
    checkRails(40, SEED);
  });

  it('at the edge, lasting 10 s: one first-level multiplexer\'s 16 inputs are told as rail, the game playing on; those and one more are the grid\'s (bank)', () => {
    const seventeen = Array.from({ length: 17 }, (_, i) => 32 + i);
    assert.deepEqual(railsProblems(seventeen.slice(0, 16), 5000, 10000, true, 0), []);
    assert.deepEqual(railsProblems(seventeen, 5000, 10000, true, 0), []);
  });
});
