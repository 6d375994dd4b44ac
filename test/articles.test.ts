// Each game's table of scoring articles (firmware/game.ts, Articles) as score() reads it: article i is the table's
// i-th pair of words, its rule and its points, read here by splitting the table.
import assert from 'node:assert/strict';
import { score } from '../firmware/game';
import { ARTICLES as TRIANGLE } from '../firmware/games/triangle/rules';
import { ARTICLES as FORTRESS } from '../firmware/games/fortress/rules';
import { ARTICLES as SHUFFLEBOARD } from '../firmware/games/shuffleboard/rules';

describe('scoring articles', () => {
  for (const [game, table] of [['triangle', TRIANGLE], ['fortress', FORTRESS], ['shuffleboard', SHUFFLEBOARD]]) {
    it(`${game}: score() gives every article's rule and points, to the player asked`, () => {
      const words = table.split(' ');
      assert.ok(words.length >= 2 && words.length % 2 === 0, 'pairs of words');
      for (let i = 0; i < words.length / 2; i++) {
        for (const player of [0, 1]) assert.deepEqual(score(table, i, player), { player, points: Number(words[2 * i + 1]), rule: words[2 * i] });
      }
    });
  }

  it('a pair as long as score() reads (9 characters) is read whole; a table may end with one', () => {
    const table = 'F1 1 F123 -123 F9 2 F123 -123';
    assert.deepEqual(score(table, 1, 0), { player: 0, points: -123, rule: 'F123' });
    assert.deepEqual(score(table, 3, 1), { player: 1, points: -123, rule: 'F123' });
  });
});
