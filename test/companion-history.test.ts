// The companion's history: finished games kept in the phone's IndexedDB with
// every point change, per-player totals, and the CSV and JSON exports.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '../tools/games';
import { replay } from '../sim/replay';
import { ruleWords } from '../tools/web';
import { usePages, pageErrors, playScenario, screenshot } from './browser';

/** The final line of `tallyboard replay` for an example scenario. */
function finalOf(name: string): { scores: number[]; winner: number } {
  const lines = replay(readFileSync(join(ROOT, 'scenarios', name), 'utf8')).lines;
  return JSON.parse(lines[lines.length - 1]).final;
}

async function exported(page: Page, button: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return readFileSync((await download.path())!, 'utf8');
}

describe('companion: history', function () {
  this.timeout(60000);
  const pages = usePages();

  it('keeps finished games with every point change, totals per player, and exports them as CSV and JSON', async () => {
    const page = await pages().phone();
    await page.goto(pages().url + 'companion/');
    const played = ['triangle-game.jsonl', 'triangle-exact.jsonl'];
    for (const name of played) await playScenario(page, join(ROOT, 'scenarios', name));
    await page.click('nav [data-screen="history"]');
    await page.waitForFunction(() => (globalThis as any).document.querySelectorAll('#games > li').length === 2);
    const finals = played.map(finalOf);
    // Totals: games, wins and points by player, over both games.
    const rows = await page.locator('#totals tr').evaluateAll((trs: any[]) => trs.slice(1).map((tr) => Array.from(tr.cells).map((c: any) => c.textContent)));
    const expect = ['Player 1', 'Player 2', 'Player 3'].map((name, p) => [name, String(finals.filter((f) => f.scores.length > p).length),
      String(finals.filter((f) => f.winner === p).length), String(finals.reduce((sum, f) => sum + (f.scores[p] ?? 0), 0))]);
    assert.deepEqual(rows, expect);
    await screenshot(page, 'history');

    // Each game by its name (its page's title), then each of its point changes with its rule id and the rule's words from the game's page (docs/games/triangle.md, Rule ids).
    const words = ruleWords(readFileSync(join(ROOT, 'docs', 'games', 'triangle.md'), 'utf8'));
    for (const summary of await page.locator('#games > li summary').allTextContents()) assert.match(summary, /^Triangle \("Ninety-nine"\), /);
    const lines = await page.locator('#games > li details > ol > li').allTextContents();
    assert.ok(lines.length > 0);
    for (const line of lines) {
      const m = /^Player \d [+-]\d+ \((\w+): (.+)\)$/.exec(line);
      assert.ok(m, `a change without its rule's words: "${line}"`);
      assert.equal(m[2], m[1] === 'undo' ? 'an undo took moves back' : words[m[1]], line);
    }

    // JSON: each game with its players, final scores, winner, and point changes that add up to the scores.
    const games = JSON.parse(await exported(page, '#export-json'));
    assert.equal(games.length, 2);
    games.forEach((g: { scores: number[]; winner: number; changes: { player: number; points: number }[] }, i: number) => {
      assert.deepEqual(g.scores, finals[i].scores);
      assert.equal(g.winner, finals[i].winner);
      const sums = g.scores.map((_, p) => g.changes.filter((c) => c.player === p).reduce((s, c) => s + c.points, 0));
      assert.deepEqual(sums, g.scores);
    });

    // CSV: a row per point change, the running score of its player after it; the last one of each player is his final score.
    const csv = (await exported(page, '#export-csv')).trim().split('\n');
    assert.equal(csv[0], 'game_no,game,ended,player,name,points,rule,score_after,final_score,winner');
    assert.equal(csv.length - 1, games[0].changes.length + games[1].changes.length);
    const last = new Map<string, string[]>();
    for (const row of csv.slice(1)) last.set(row.split(',')[0] + '/' + row.split(',')[3], row.split(','));
    for (const row of last.values()) assert.equal(row[7], row[8], row.join(','));

    // Kept on the phone: a reload shows them still.
    await page.reload();
    await page.click('nav [data-screen="history"]');
    await page.waitForFunction(() => (globalThis as any).document.querySelectorAll('#games > li').length === 2);
    assert.deepEqual(pageErrors(page), []);
  });
});
