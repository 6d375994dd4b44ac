// The companion page plays every example scenario of every game (firmware/games/registry.ts)
// on its simulated board (the firmware bundled for the browser), over its
// in-page link, and shows the scores and the winner `tallyboard replay` prints.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../tools/games';
import { loadGames } from '../firmware/games/registry';
import { replay } from '../sim/replay';
import { pageErrors, playScenario, screenshot, shownScores, usePages } from './browser';
import type { Page } from 'playwright-core';

const GAMES = await loadGames();
const GAME_IDS = GAMES.map((g) => g.id);

/** A game's field as the scoreboard's cells show it: a list of records row by row (with its keys' row), else its JSON. */
function fieldCells(value: unknown): string[][] | string {
  if (!Array.isArray(value) || !value.length || typeof value[0] !== 'object') return JSON.stringify(value);
  const keys = Object.keys(value[0]);
  return [keys].concat(value.map((r) => keys.map((k) => (typeof r[k] === 'string' ? r[k] : JSON.stringify(r[k])))));
}

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
      // The game's own fields as its board's last state message has them (shuffleboard's weights, places and zones).
      const game = GAMES.find((g) => g.id === JSON.parse(readFileSync(join(ROOT, 'scenarios', file), 'utf8').split('\n')[0]).game)!;
      const fields = game.module.fields ? game.module.fields(final.state) as Record<string, unknown> : {};
      for (const [k, v] of Object.entries(fields)) {
        if (v === null || v === '' || v === undefined) continue;
        const dd = page.locator(`#score [data-field="${k}"]`);
        const shown = await dd.locator('tr').count()
          ? await dd.locator('tr').evaluateAll((rows: any[]) => rows.map((r) => Array.from(r.children).map((c: any) => c.textContent)))
          : await dd.textContent();
        assert.deepEqual(shown, fieldCells(v), `${file}: ${k}`);
      }
      assert.deepEqual(pageErrors(page), []);
      if (file === 'ringapeg-advance.jsonl') await screenshot(page, 'scoreboard');
      if (file === 'shuffleboard-knocks.jsonl') await screenshot(page, 'shuffleboard-knocks');
    });
  }
});
