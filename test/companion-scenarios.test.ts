// The companion page plays every example scenario of every game (tools/games.ts)
// on its simulated board (the firmware bundled for the browser), over its
// in-page link, and shows the scores and the winner `tallyboard replay` prints.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gameIds, ROOT } from '../tools/games';
import { replay } from '../sim/replay';
import { readFileSync } from 'node:fs';
import { openPages, pageErrors, screenshot } from './browser';
import type { Pages } from './browser';
import type { Page } from 'playwright-core';

/** What the scoreboard shows: each player's score, and the winner's index or null. */
export async function shownScores(page: Page): Promise<{ scores: number[]; winner: number | null }> {
  const scores = await page.locator('#scores [data-score]').allTextContents();
  const winner = await page.getAttribute('#winner', 'data-winner');
  return { scores: scores.map(Number), winner: winner === 'none' || winner === null ? null : Number(winner) };
}

/** Loads a scenario file into the page's simulated board, played at once. */
export async function playScenario(page: Page, file: string): Promise<void> {
  const before = Number(await page.getAttribute('#score', 'data-link') ?? 0);
  await page.click('nav [data-screen="board"]');
  await page.selectOption('#speed', '0');
  await page.setInputFiles('#scenario', file);
  await page.waitForSelector(`#score[data-link="${before + 1}"] #scores [data-score]`, { state: 'attached' });
  await page.click('nav [data-screen="score"]');
}

describe('companion: example scenarios on the in-page simulated board', function () {
  this.timeout(120000);
  let pages: Pages;
  let page: Page;
  before(async () => {
    pages = await openPages();
    page = await pages.phone();
    await page.goto(pages.url + 'companion/');
  });
  after(async () => {
    if (pages) await pages.close();
  });

  it('has scenarios to play for every game', async () => {
    const files = readdirSync(join(ROOT, 'scenarios'));
    for (const id of await gameIds()) assert.ok(files.some((f) => f.startsWith(id + '-')), `no example scenario of ${id}`);
  });

  const files = readdirSync(join(ROOT, 'scenarios')).filter((f) => f.endsWith('.jsonl'));
  for (const file of files) {
    it(file, async function () {
      const game = JSON.parse(readFileSync(join(ROOT, 'scenarios', file), 'utf8').split('\n')[0]).game;
      if (!(await gameIds()).includes(game)) this.skip();
      const lines = replay(readFileSync(join(ROOT, 'scenarios', file), 'utf8')).lines;
      const final = JSON.parse(lines[lines.length - 1]).final;
      await playScenario(page, join(ROOT, 'scenarios', file));
      assert.deepEqual(await shownScores(page), { scores: final.scores, winner: final.winner });
      assert.deepEqual(pageErrors(page), []);
      if (file === 'ringapeg-advance.jsonl') await screenshot(page, 'scoreboard');
    });
  }
});
