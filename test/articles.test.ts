// Each game's table of scoring articles (firmware/game.ts, Articles) as score() reads it: article i is the table's
// i-th pair of words, its rule and its points, read here by splitting the table at its spaces; each article is
// ARTICLE_WIDTH characters, filled with spaces (the last may be shorter).
import assert from 'node:assert/strict';
import { ARTICLE_WIDTH, score } from '../firmware/game';
import { ARTICLES as TRIANGLE } from '../firmware/games/triangle/rules';
import { ARTICLES as FORTRESS } from '../firmware/games/fortress/rules';
import { ARTICLES as SHUFFLEBOARD } from '../firmware/games/shuffleboard/rules';

describe('scoring articles', () => {
  for (const [game, table] of [['triangle', TRIANGLE], ['fortress', FORTRESS], ['shuffleboard', SHUFFLEBOARD]]) {
    it(`${game}: score() gives every article's rule and points, to the player asked`, () => {
      const words = table.split(/ +/);
      assert.ok(words.length >= 2 && words.length % 2 === 0, 'pairs of words');
      // Each pair where score() reads it: at ARTICLE_WIDTH characters a pair, with one space between its words.
      for (let i = 0; i < words.length / 2; i++) {
        const pair = words[2 * i] + ' ' + words[2 * i + 1];
        assert.ok(pair.length <= ARTICLE_WIDTH, `${pair}: no longer than an article`);
        assert.equal(table.substr(ARTICLE_WIDTH * i, ARTICLE_WIDTH).trimEnd(), pair, `article ${i} at ${ARTICLE_WIDTH * i}`);
      }
      assert.ok(table.length > ARTICLE_WIDTH * (words.length / 2 - 1) && table.length <= (ARTICLE_WIDTH * words.length) / 2, 'no more than the articles');
      for (let i = 0; i < words.length / 2; i++) {
        for (const player of [0, 1]) assert.deepEqual(score(table, i, player), { player, points: Number(words[2 * i + 1]), rule: words[2 * i] });
      }
    });
  }

  it('an article as long as a table holds (its width, no space to fill) is read whole; a table may end with one unfilled', () => {
    const table = 'F1 1   F12 -12F9 2   F12 -12';
    assert.deepEqual(score(table, 1, 0), { player: 0, points: -12, rule: 'F12' });
    assert.deepEqual(score(table, 3, 1), { player: 1, points: -12, rule: 'F12' });
    assert.deepEqual(score(table, 2, 1), { player: 1, points: 2, rule: 'F9' });
  });
});
