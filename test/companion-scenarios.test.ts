// The companion page plays every example scenario of every game (tools/games.ts)
// on its simulated board (the firmware bundled for the browser), over its
// in-page link, and shows the scores and the winner `tallyboard replay` prints.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gameIds, ROOT } from '../tools/games';
import { replay } from '../sim/replay';
import { pageErrors, playScenario, screenshot, shownScores, usePages } from './browser';
import type { Page } from 'playwright-core';

const GAME_IDS = await gameIds();

describe('companion: example scenarios on the in-page simulated board', function () {
  this.timeout(120000);
  const pages = usePages();
  let page: Page;
  before(async () => {
    page = await pages().phone();
    await page.goto(pages().url + 'companion/');
  });

  it('has scenarios to play for every game', async () => {
    const files = readdirSync(join(ROOT, 'scenarios'));
    for (const id of GAME_IDS) assert.ok(files.some((f) => f.startsWith(id + '-')), `no example scenario of ${id}`);
  });

  // Every example of a registered game (the simulator's bench game is none).
  const files = readdirSync(join(ROOT, 'scenarios')).filter((f) => f.endsWith('.jsonl')
    && GAME_IDS.includes(JSON.parse(readFileSync(join(ROOT, 'scenarios', f), 'utf8').split('\n')[0]).game));
  for (const file of files) {
    it(file, async () => {
      const lines = replay(readFileSync(join(ROOT, 'scenarios', file), 'utf8')).lines;
      const final = JSON.parse(lines[lines.length - 1]).final;
      await playScenario(page, join(ROOT, 'scenarios', file));
      assert.deepEqual(await shownScores(page), { scores: final.scores, winner: final.winner });
      assert.deepEqual(pageErrors(page), []);
      if (file === 'ringapeg-advance.jsonl') await screenshot(page, 'scoreboard');
    });
  }
});
