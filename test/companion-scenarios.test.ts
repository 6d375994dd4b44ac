// The companion page plays every example scenario of every game (firmware/games/registry.ts)
// on its simulated board (the firmware bundled for the browser), over its
// in-page link, and shows the scores and the winner `tallyboard replay` prints.
// Besides every game's examples (scenarios/<game>-*.jsonl) it plays a seeded
// sample of the games' other scenarios (faults, regressions): 16 of them,
// drawn by COMPANION_SCENARIOS_SEED (1 unless given); COMPANION_SCENARIOS=N
// plays N of them, COMPANION_SCENARIOS=all every one (some 40 s).
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, examplesOf } from '../tools/games';
import { gameDir, loadGames } from '../firmware/games/registry';
import { replay } from '../sim/replay';
import { pageErrors, playScenario, screenshot, shownScores, usePages } from './browser';
import { sampled } from './seeded';
import type { Page } from 'playwright-core';

const GAMES = await loadGames();
const GAME_IDS = GAMES.map((g) => g.id);

/** How many of the scenarios besides the examples are played (COMPANION_SCENARIOS: a number, or all), and which (the seed). */
const SAMPLE = process.env.COMPANION_SCENARIOS === 'all' ? Infinity : Number(process.env.COMPANION_SCENARIOS ?? 16);
const SEED = Number(process.env.COMPANION_SCENARIOS_SEED ?? 1);

/** A list of records as the scoreboard's cells hold it: row by row, with its keys' row (the keys as the headers' titles). */
function fieldCells(value: unknown[]): string[][] {
  const keys = Object.keys(value[0] as object);
  return [keys].concat(value.map((r: any) => keys.map((k) => (typeof r[k] === 'string' ? r[k] : JSON.stringify(r[k])))));
}

/**
 * A field's other values as a player reads them: each value (each id of a list of them with spaces between),
 * in order, in words or beside them (no JSON's brackets and quotes).
 */
function assertShown(shown: string, value: unknown, what: string): void {
  const values = Array.isArray(value) ? value : typeof value === 'string' ? value.split(' ') : [value === true ? 'yes' : value];
  let from = 0;
  for (const v of values) {
    const at = shown.indexOf(String(v), from);
    assert.ok(at >= 0, `${what}: ${JSON.stringify(value)} shown as "${shown}"`);
    from = at + String(v).length;
  }
  assert.doesNotMatch(shown, /^[[{"]/, `${what}: "${shown}" is JSON`);
}

const companionOf = (id: string) => JSON.parse(readFileSync(join(gameDir(id), 'companion.json'), 'utf8'));
/** The state field a game draws rather than lists (its companion.json's pieces). */
const drawnField = (id: string): string | undefined => companionOf(id).pieces?.field;

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

  // Every scenario of a registered game (the simulator's bench game is none): its examples, and a sample of the others.
  const scenarios = readdirSync(join(ROOT, 'scenarios')).filter((f) => f.endsWith('.jsonl')
    && GAME_IDS.includes(JSON.parse(readFileSync(join(ROOT, 'scenarios', f), 'utf8').split('\n')[0]).game)).sort();
  const examples = GAME_IDS.flatMap(examplesOf);
  const others = scenarios.filter((f) => !examples.includes(f));
  const drawn = sampled(others, SAMPLE, SEED);
  before(() => {
    assert.ok(Number.isInteger(SEED) && SAMPLE >= 0, `COMPANION_SCENARIOS takes a number or all, COMPANION_SCENARIOS_SEED a whole number (got ${process.env.COMPANION_SCENARIOS}, ${process.env.COMPANION_SCENARIOS_SEED})`);
    console.log(`      seed ${SEED} (COMPANION_SCENARIOS_SEED): the ${examples.length} examples and ${drawn.length} of the ${others.length} other scenarios (COMPANION_SCENARIOS=all: all of them)`);
  });
  for (const file of [...examples, ...drawn]) {
    it(file, async () => {
      const lines = replay(readFileSync(join(ROOT, 'scenarios', file), 'utf8')).lines;
      const final = JSON.parse(lines[lines.length - 1]).final;
      await playScenario(page, join(ROOT, 'scenarios', file));
      assert.deepEqual(await shownScores(page), { scores: final.scores, winner: final.winner });
      // The game's own fields as its board's last state message has them (shuffleboard's weights, places and zones).
      const game = GAMES.find((g) => g.id === JSON.parse(readFileSync(join(ROOT, 'scenarios', file), 'utf8').split('\n')[0]).game)!;
      const fields = game.module.fields ? game.module.fields(final.state) as Record<string, unknown> : {};
      for (const [k, v] of Object.entries(fields)) {
        const dd = page.locator(`#score [data-field="${k}"]`);
        if (v === null || v === '' || v === undefined || v === false || k === drawnField(game.id)) {
          assert.equal(await dd.count(), 0, `${file}: ${k} is not listed`);
          continue;
        }
        if (Array.isArray(v) && v.length && typeof v[0] === 'object') {
          // Each header's title is its key; each cell shows its value, in words or beside them (`red (0)`).
          const cells = await dd.locator('tr').evaluateAll((rows: any[]) => rows.map((r) => Array.from(r.children).map((c: any) => c.getAttribute('title') ?? c.textContent)));
          const expected = fieldCells(v);
          assert.deepEqual(cells[0], expected[0], `${file}: ${k}'s keys`);
          assert.equal(cells.length, expected.length, `${file}: ${k}'s rows`);
          expected.slice(1).forEach((row, i) => row.forEach((value, c) => assert.ok(cells[i + 1][c] === value || cells[i + 1][c].endsWith(`(${value})`), `${file}: ${k} row ${i + 1}: ${value} shown as "${cells[i + 1][c]}"`)));
        } else if (companionOf(game.id).fields?.[k]?.as === 'player' || companionOf(game.id).fields?.[k]?.as === 'players') {
          // Players' indexes (a number, or a digit each): the players' names, as the scores name them.
          const names = await Promise.all(String(v).split('').map((p) => page.locator(`#score [data-player="${p}"] .name`).textContent()));
          assert.equal(await dd.textContent(), names.join(', '), `${file}: ${k}`);
        } else assertShown((await dd.textContent()) ?? '', v, `${file}: ${k}`);
      }
      assert.deepEqual(pageErrors(page), []);
      if (file === 'ringapeg-advance.jsonl') await screenshot(page, 'scoreboard');
      if (file === 'shuffleboard-knocks.jsonl') await screenshot(page, 'shuffleboard-knocks');
    });
  }
});

// The board's question to the referee (shuffleboard: it cannot tell how an end scores), shown with its answers; an
// answer clicked is sent, and the end is scored.
describe('companion: the board asks the referee', function () {
  this.timeout(120000);
  const pages = usePages();

  it('shuffleboard: a hanger beside a weight of its colour, the board unsure of the one by the line and of the hanger: the question shows, and "it lies where the board sees it" for both scores the end', async () => {
    const page = await pages().phone();
    await page.goto(pages().url + 'companion/');
    // The example without the referee's answer: the end waits for it.
    const lines = readFileSync(join(ROOT, 'scenarios', 'shuffleboard-cluster-hanger.jsonl'), 'utf8').trim().split('\n').filter((l) => !l.includes('"place"'));
    const file = join(mkdtempSync(join(tmpdir(), 'tallyboard-question-')), 'shuffleboard-asked.jsonl');
    writeFileSync(file, lines.join('\n') + '\n');
    await playScenario(page, file);
    await page.waitForSelector('#question [data-asked="red2"]');
    assert.match((await page.textContent('#question')) ?? '', /red2 \(mm from the end edge 30, zone S8/);
    assert.deepEqual((await shownScores(page)).scores, [0, 0]);
    await page.click('#question [data-asked="red2"] button:has-text("it lies where the board sees it")');
    // (red1, a hanger the board cannot place to 3 mm (its u more), is asked too: the end waits for both.)
    await page.click('#question [data-asked="red1"] button:has-text("it lies where the board sees it")');
    await page.waitForFunction(() => !(globalThis as any).document.querySelector('#question'));
    await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-score="0"]')?.textContent === '7');
    assert.deepEqual(pageErrors(page), []);
  });
});
