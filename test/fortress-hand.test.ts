// Fortification billiards: what is done by hand between strokes (`hand`) and
// what the board finds at power-up (`found`) are read as strictly as a
// stroke's happenings: one it cannot read is refused with the game unchanged,
// and nothing it takes can make a later stroke unreadable.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { fortress } from '../firmware/games/fortress/rules';
import type { FortressMove, FortressState } from '../firmware/games/fortress/rules';
import { replay } from '../sim/replay';

const play = (state: FortressState, move: FortressMove) => fortress.moves[move.k](state, move);
const start = (): FortressState => fortress.setup({ players: 2, options: {} });

// Readable happenings by hand (docs/games/fortress.md), and tokens a phone or a scenario might send instead.
const READABLE = ['EA+', 'FD1+', 'ED2-', 'FA1_', 'EP_', 'FG^', 'ER2^'];
const UNREADABLE = ['XY?', 'EA', 'FA1', 'EA>FA1!', 'EA.', 'wrong', 'hit', 'Q_', 'ZZ+', '', '+', '_'];
const token = fc.oneof(fc.constantFrom(...READABLE), fc.constantFrom(...UNREADABLE), fc.string({ maxLength: 6 }));

describe('fortress: hand and found happenings', () => {
  for (const k of ['hand', 'found'] as const) {
    it(`a ${k} move is refused unchanged when any happening is unreadable, and never makes the next stroke refused`, () => {
      // What `found` holds: balls on their spots and colours down, as the board reads them at power-up.
      const readable = k === 'hand' ? READABLE : READABLE.filter((h) => /[+_]$/.test(h));
      fc.assert(fc.property(fc.array(token, { maxLength: 5 }), fc.boolean(), (hs, asText) => {
        const state = start();
        const move: FortressMove = { k, h: asText ? hs.join(' ') : hs };
        const outcome = play(state, move);
        // A string is split at spaces, `-` alone in it meaning none (a miss).
        const parts = asText ? hs.join(' ').split(' ').filter((h) => h !== '' && h !== '-') : hs;
        const unreadable = parts.some((h) => !readable.includes(h));
        if (outcome.refused !== undefined) {
          assert.equal(outcome.state, state, 'the game unchanged');
          assert.ok(unreadable || k === 'found', `${JSON.stringify(move)} refused`);
          return;
        }
        assert.ok(!unreadable, `${JSON.stringify(move)} taken`);
        // The next stroke (a pass of the English attacking ball) is played as any other.
        const next = play(outcome.state, { k: 'stroke', h: ['EA='] });
        assert.equal(next.refused, undefined, `a stroke after ${JSON.stringify(move)}`);
      }), { seed: 25, numRuns: 2000 });
    });
  }

  it('a phone sending a hand it cannot read gets a clear refusal, and the game goes on as without it (scenarios/regression-fortress-bad-hand.jsonl)', () => {
    const text = readFileSync('scenarios/regression-fortress-bad-hand.jsonl', 'utf8');
    const lines = replay(text).lines.map((l) => JSON.parse(l));
    const refusal = lines.find((l) => l.phone && l.phone.type === 'error');
    assert.ok(refusal, 'the phone is told');
    assert.equal(refusal.phone.code, 'not_now');
    const without = replay(text.split('\n').filter((l) => !l.includes('"hand"')).join('\n')).lines.map((l) => JSON.parse(l));
    assert.deepEqual(lines[lines.length - 1].final, without[without.length - 1].final);
    assert.deepEqual(lines[lines.length - 1].final.scores, [20, 4]);
  });
});
