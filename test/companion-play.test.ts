// The companion on its simulated board: the forms made from each game's
// command table and options, undo, refusals in the game's words, the board
// drawn so that clicks cause happenings, the LED display, and diagnostics
// (the walk test, stuck, never seen and chattering sensors on the drawing).
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '../tools/games';
import { loadGames } from '../firmware/games/registry';
import { commandSpecs } from '../web/lib/forms';
import { usePages, pageErrors, passTimeUntil, playScenario, screenshot, shownScores } from './browser';
import { replay } from '../sim/replay';

const text = (page: Page, selector: string) => page.textContent(selector).then((t) => t ?? '');

describe('companion: running the game on the simulated board', function () {
  this.timeout(60000);
  const pages = usePages();

  async function playing(game: string, { clock = false } = {}): Promise<Page> {
    const page = await pages().phone();
    if (clock) await page.clock.install();
    await page.goto(pages().url + 'companion/');
    await page.click('#try');
    await page.click(`button.play[data-game="${game}"]`);
    await page.waitForSelector('#score #scores [data-score]', { state: 'attached' });
    return page;
  }

  /** A page that has played a scenario of these lines, kept as test-output/NAME.jsonl. */
  async function playingLines(name: string, lines: object[]): Promise<Page> {
    const file = join(ROOT, 'test-output', name + '.jsonl');
    mkdirSync(join(ROOT, 'test-output'), { recursive: true });
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const page = await pages().phone();
    await page.goto(pages().url + 'companion/');
    await playScenario(page, file);
    return page;
  }

  it('has a form for every referee input of every game, with its fields, and the buttons\' meanings', async () => {
    for (const { id, module } of await loadGames()) {
      const page = await playing(id);
      await page.click('nav [data-screen="run"]');
      const forms = await page.locator('form.command').evaluateAll((fs: any[]) => fs.map((f) => ({
        cmd: f.getAttribute('data-cmd'), fields: Array.from(f.querySelectorAll('[name]')).map((e: any) => e.getAttribute('name')),
      })));
      assert.deepEqual(forms, commandSpecs(module.commands).map((c) => ({ cmd: c.name, fields: c.fields.map((f) => f.key) })), id);
      assert.match(await text(page, '#run .buttons'), /next.*mode, held 1 s.*undo/s);
      if (id === 'ringapeg') await screenshot(page, 'run-the-game');
      await page.context().close();
    }
  });

  it('starts a new game from the form, with names and options, and refuses a bad option before sending it', async () => {
    const page = await playing('ringapeg');
    await page.click('nav [data-screen="run"]');
    assert.deepEqual(await page.locator('#new-game select[name="players"] option').allTextContents(), ['2 players', '3 players', '4 players']);
    await page.selectOption('#new-game select[name="players"]', '3');
    await page.fill('#new-game input[name="name0"]', 'Ann');
    await page.fill('#new-game input[name="name2"]', 'Cy');
    await page.fill('#new-game input[name="target"]', '0');
    await page.click('#new-game button[type="submit"]');
    assert.equal(await text(page, '#new-game .problem'), 'target: int 1..10000');
    assert.equal(await page.locator('#scores [data-score]').count(), 2);
    await page.fill('#new-game input[name="target"]', '150');
    await page.selectOption('#new-game select[name="variant"]', 'advance');
    await page.click('#new-game button[type="submit"]');
    await page.waitForFunction(() => (globalThis as any).document.querySelectorAll('#scores [data-score]').length === 3);
    assert.deepEqual(await page.locator('#scores .name').allTextContents(), ['Ann', 'Player 2', 'Cy']);
    assert.deepEqual(pageErrors(page), []);
  });

  it('plays a referee input, shows the refusal of one out of place in the game\'s words, and undoes', async () => {
    const page = await playing('ringapeg');
    await page.click('nav [data-screen="run"]');
    await page.selectOption('form[data-cmd="ring"] select[name="peg"]', 'i2');
    await page.click('form[data-cmd="ring"] button[type="submit"]');
    await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-score="0"]')?.textContent === '10');
    assert.match(await text(page, '#last'), /Player 1 \+10 R4: A player's count/);
    await page.selectOption('form[data-cmd="lift"] select[name="peg"]', 'k');
    await page.click('form[data-cmd="lift"] button[type="submit"]');
    await page.waitForSelector('#notice');
    assert.equal(await text(page, '#notice'), 'refused (not_now): nothing to lift');
    await page.click('#undo');
    await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-score="0"]')?.textContent === '0');
    assert.match(await text(page, '#last'), /Player 1 -10 undo: an undo took moves back/);
    assert.deepEqual(pageErrors(page), []);
  });

  it('draws the board so that a click causes a happening, and the LED display as the chips light it', async () => {
    const page = await playing('ringapeg');
    await page.click('nav [data-screen="board"]');
    const litBefore = await page.locator('#led polygon.on').count();
    assert.ok(litBefore > 0, 'the display shows the scores');
    await page.click('#board svg.board [data-place="k"]');
    await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-score="0"]')?.textContent === '25');
    await page.waitForFunction((n) => (globalThis as any).document.querySelectorAll('#led polygon.on').length !== n, litBefore);
    await screenshot(page, 'simulated-board');
    const triangle = await playing('triangle');
    await triangle.click('nav [data-screen="board"]');
    await triangle.click('#board .happenings button:text("flick: even (3)")');
    await triangle.waitForFunction(() => (globalThis as any).document.querySelector('[data-score="0"]')?.textContent === '3');
    assert.deepEqual(pageErrors(page).concat(pageErrors(triangle)), []);
  });

  it("slides a shuffleboard weight to the spot clicked on the drawn table, and shows the weights' places and zones", async function () {
    this.timeout(60000);
    const page = await playing('shuffleboard', { clock: true });
    await page.click('nav [data-screen="run"]');
    await page.selectOption('form[data-cmd="toss"] select[name="s"]', '0');
    await page.click('form[data-cmd="toss"] button[type="submit"]');
    await screenshot(page, 'shuffleboard-game');
    await page.click('nav [data-screen="board"]');
    assert.deepEqual(await page.locator('#click-does option').allTextContents(), ['slide a weight to the spot clicked']);
    // The table's area runs from the end edge (d 0) to 2,000 mm, and across from y 29 to 479 mm: aim at d 80, y 254 (fully past the 3-point line: 3).
    const box = (await page.locator('#board svg.board [data-area]').boundingBox())!;
    await page.click('#board svg.board [data-area]', { position: { x: box.width / 2, y: (box.height * 80) / 2000 } });
    await page.click('nav [data-screen="score"]');
    // The weight slides, comes to rest and is found in the board's time: the page's clock is moved on until it is.
    await passTimeUntil(page, () => (globalThis as any).document.querySelector('#score [data-field="weights"] td'));
    const cells = await page.locator('#score [data-field="weights"] tr:nth-child(2) td').allTextContents();
    const [w, c, d, hang, zone, points] = cells;
    // The colour and the hanging in words, with the values the referee's place takes.
    assert.deepEqual([w, c, hang, zone, points], ['red1', 'red (0)', 'no (0)', 'S8', '3']);
    assert.deepEqual(await page.locator('#score [data-field="weights"] th').allTextContents(), ['weight', 'colour', 'mm from the end edge', 'hanging', 'zone', 'points']);
    // The zones' rule ids, each with its words under the table (docs/games/shuffleboard.md, Rule ids).
    assert.match(await text(page, '#score [data-field="weights"] .rule-words [data-rule="S8"]'), /^S8: Fully past the 3-point line/);
    assert.ok(Math.abs(+d - 80) <= 10, `red1 rests at ${d} mm`);
    await screenshot(page, 'shuffleboard-score');
    await page.click('nav [data-screen="board"]');
    await screenshot(page, 'shuffleboard-board');
    assert.deepEqual(pageErrors(page), []);
  });

  it("draws fortress's table: a click on a fort makes the stroke chosen, and diagnostics marks each sensor at its fort, pocket or spot", async function () {
    const page = await playing('fortress', { clock: true });
    await page.click('nav [data-screen="board"]');
    await page.selectOption('#click-does', { label: 'stroke: the English attacking ball (EA) into the fort clicked, its bell rings' });
    await page.click('#board svg.board [data-place="FA1"]');
    // Before the pass: the fort is not taken (F6). The board scores the stroke once the balls have been at rest 8 s
    // of its time: the page's clock is moved on until it has, rather than waited out.
    await passTimeUntil(page, () => (globalThis as any).document.querySelector('#score #last'));
    assert.match(await text(page, '#score #last'), /^Player 1 -2 F6: /);
    await screenshot(page, 'fortress-board');
    // A board in diagnostics with FA1's bell stuck, EA1's mouth passed by the English attacking ball.
    const lines: object[] = [{ game: 'fortress', players: 2, mode: 'diag', seed: 3 }, { t: 100, set: { 'bell.FA1': 1 } },
      { t: 1000, do: 'stroke', happens: [{ ball: 'EA', into: 'fort', fort: 'EA1', bell: false }] }, { t: 8000, set: { 'colours.FP': 1 } }];
    const diag = await playingLines('diag-fortress', lines);
    await diag.click('nav [data-screen="diag"]');
    await diag.waitForSelector('#diag [data-place="FA1"] [data-sensor="bell.FA1"].stuck');
    assert.equal(await diag.locator('#diag [data-place="EA1"] [data-sensor="mouth.EA1.n.lo"].never').count(), 0, 'the mouth the ball passed was seen');
    assert.ok(await diag.locator('#diag [data-place="pocket3"] [data-sensor="mouth.pocket3.s.hi"].never').count(), 'a pocket nothing went into is marked');
    assert.ok(await diag.locator('#diag [data-place="FD2"] [data-sensor="spot.FD2"]').count(), 'a spot is drawn at its place');
    await screenshot(diag, 'fortress-diagnostics');
    // A fault told during play, in words with its code: the example's stuck mouth switch, before it comes back.
    const stuck = readFileSync(join(ROOT, 'scenarios', 'fault-fortress-stuck-mouth.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l)).filter((l) => !(l.t >= 40000));
    const faulty = await playingLines('fault-fortress', stuck);
    await faulty.click('nav [data-screen="diag"]');
    assert.equal(await text(faulty, '#faults [data-fault="stuck"]'), 'stuck at one reading (stuck): mouth.FA1.s.lo');
    assert.deepEqual(pageErrors(page).concat(pageErrors(diag), pageErrors(faulty)), []);
  });

  it("fortress: the referee picks a stroke's happenings in words, the board scores the tokens they make, and fix corrects it", async () => {
    const page = await playing('fortress');
    const field = JSON.parse(readFileSync(join(ROOT, 'firmware', 'games', 'fortress', 'companion.json'), 'utf8')).tokens.h;
    // The game by its name, as its page (docs/games/fortress.md) names it.
    assert.match(await text(page, '#score h2'), /^Fortification billiards/);
    await page.click('nav [data-screen="run"]');
    // hand offers what is done by hand between strokes, nothing struck.
    assert.deepEqual(await page.locator('form[data-cmd="hand"] select.kind option').allTextContents(),
      field.kinds.filter((k: { in?: string[] }) => !k.in || k.in.includes('hand')).map((k: { label: string }) => k.label));
    assert.deepEqual(await page.locator('form[data-cmd="hand"] select.kind option').allTextContents(), ['a ball left its spot', 'a ball was put back on its spot', 'colours came down', 'colours went up again']);
    // over names its ball in words, the id beside.
    assert.ok((await page.locator('form[data-cmd="over"] select[name="ball"] option').allTextContents()).includes('the French attacking ball (FA)'));
    // A stroke: French defending ball 1 holed in pocket 2, by the English striker (F28, +2).
    const stroke = page.locator('form[data-cmd="stroke"]');
    assert.deepEqual(await stroke.locator('.picked li').allTextContents(), ['a miss: nothing happened']);
    await stroke.locator('select.kind').selectOption({ label: 'a ball was holed' });
    await stroke.locator('select[data-slot="ball"]').selectOption('FD1');
    await stroke.locator('select[data-slot="pocket"]').selectOption('2');
    await stroke.locator('button.add').click();
    assert.equal(await stroke.locator('input[name="h"]').inputValue(), 'FD1.2');
    assert.deepEqual(await stroke.locator('.picked li').allTextContents(), ['French defending ball 1 was holed in pocket 2 (FD1.2)✕']);
    await stroke.locator('button[type="submit"]').click();
    await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-score="0"]')?.textContent === '2');
    assert.match(await text(page, '#score #last'), /^Player 1 \+2 F28: /);
    assert.equal(await text(page, '#score [data-field="last"]'), 'French defending ball 1 was holed in pocket 2 (FD1.2)');
    assert.equal(await text(page, '#score [data-field="english"]'), 'Player 1');
    assert.match(await text(page, '#score [data-field="articles"]'), /^F28: /);
    // fix starts from the last stroke as the board has it.
    const fix = page.locator('form[data-cmd="fix"]');
    await fix.locator('button.from').click();
    assert.deepEqual(await fix.locator('.picked li').allTextContents(), ['French defending ball 1 was holed in pocket 2 (FD1.2)✕']);
    // Typed in the advanced field: shown in words as typed; one taken out again; the pass alone scores nothing.
    await fix.locator('details summary').click();
    await fix.locator('input[name="h"]').fill('EA= FD1.2');
    assert.deepEqual(await fix.locator('.picked li').allTextContents(), ['the English attacking ball made the pass (EA=)✕', 'French defending ball 1 was holed in pocket 2 (FD1.2)✕']);
    await fix.locator('.picked li:nth-child(2) button.remove').click();
    assert.equal(await fix.locator('input[name="h"]').inputValue(), 'EA=');
    await fix.locator('button[type="submit"]').click();
    await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-score="0"]')?.textContent === '0');
    assert.match(await text(page, '#score #last'), /^Player 1 -2 F28: /);
    assert.equal(await text(page, '#score [data-field="last"]'), 'the English attacking ball made the pass (EA=)');
    assert.equal(await text(page, '#score [data-field="pass"]'), 'the English side (E)');
    await screenshot(page, 'fortress-referee');
    assert.deepEqual(pageErrors(page), []);
  });

  it('shows diagnostics: the walk test, and stuck, never seen and chattering sensors on the drawing', async () => {
    // A board in diagnostics: one beam blocked for good (stuck), a contact that chatters, two beams walked past.
    const lines: object[] = [{ game: 'ringapeg', players: 2, mode: 'diag', seed: 3 }];
    lines.push({ t: 100, set: { 'peg.o1.top': 1 } });
    for (let i = 0; i < 120; i++) lines.push({ t: 200 + 3 * i, raw: [{ ch: 26, level: (i + 1) % 2 }] });
    lines.push({ t: 1000, do: 'snap', peg: 'o5' }, { t: 2000, do: 'snap', peg: 'i3' }, { t: 8000, set: { 'peg.o2.low': 0 } });
    const page = await playingLines('diag-ringapeg', lines);
    await page.click('nav [data-screen="diag"]');
    await page.waitForSelector('#diag [data-sensor="peg.o1.top"].stuck');
    assert.ok(await page.locator('#diag [data-sensor="peg.o1.top"].lit').count(), 'a blocked beam is lit');
    assert.ok(await page.locator('#diag [data-sensor="board.impact"].chatter').count(), 'the chattering contact is marked');
    assert.ok(await page.locator('#diag [data-sensor="peg.k.top"].never').count(), 'a beam never broken is marked');
    assert.equal(await page.locator('#diag [data-sensor="peg.o5.top"].never').count(), 0);
    assert.match(await text(page, '#walk-progress'), /walk test: \d+ of 27 sensors seen/);
    // The board names the first 8 still to see; the drawing shows every one of them hollow, from the walk's channel words.
    const seen = Number((await text(page, '#walk-progress')).match(/walk test: (\d+) of/)![1]);
    assert.match(await text(page, '#walk-progress small'), new RegExp(`^ still to see: (peg\\.\\w+\\.\\w+, ){7}peg\\.\\w+\\.\\w+ and ${27 - seen - 8} more, hollow on the drawing$`));
    assert.equal(await page.locator('#diag [data-sensor].never').count(), 27 - seen);
    await screenshot(page, 'diagnostics');
    assert.deepEqual(pageErrors(page), []);
  });

  it('shows the shuffleboard board\'s diagnostics: the walk test over its 384 channels, and the sensors reading a field now', async () => {
    // A weight thrown to rest over the grid's row 0, column 5, on a board in diagnostics.
    const page = await playingLines('diag-shuffleboard', [{ game: 'shuffleboard', players: 2, mode: 'diag', seed: 3 }, { t: 1000, do: 'slide', to: { d: 25, y: 279 } }]);
    await page.click('nav [data-screen="diag"]');
    // The page asks for the report every second, and the weight slides for 2.4 s.
    await page.waitForFunction(() => /grid\.0\.5 \+\d+/.test((globalThis as any).document.querySelector('#field-now')?.textContent ?? ''));
    assert.match(await text(page, '#walk-progress'), /walk test: \d+ of 384 sensors seen/);
    assert.match(await text(page, '#field-now'), /^Reading a field now .*grid\.0\.5 \+[3-9]\d\d/);
    assert.deepEqual(pageErrors(page), []);
  });

  /** Plays an example game at once on the page's Try screen, and checks the scoreboard shows how it ends. */
  async function playedAtOnce(page: Page, example: string): Promise<void> {
    await page.click('#try');
    await page.selectOption('#speed', '0');
    await page.click(`button.example[data-example="${example}"]`);
    await page.waitForSelector('#board[data-played="1"]', { state: 'attached' });
    const lines = replay(readFileSync(join(ROOT, 'scenarios', example), 'utf8')).lines;
    const final = JSON.parse(lines[lines.length - 1]).final;
    assert.deepEqual(await shownScores(page), { scores: final.scores, winner: final.winner });
  }

  it('a recorded game played at once: the board runs on, and answers the page\'s commands (an undo read back)', async () => {
    const page = await pages().phone();
    await page.goto(pages().url + 'companion/');
    await playedAtOnce(page, 'triangle-game.jsonl');
    // The last flick won the game: taken back, the winner is no more (the board carries the command out at its next
    // scan tick, then reads the game back over the ticks after).
    await page.click('nav [data-screen="run"]');
    await page.click('#undo');
    await page.waitForFunction(() => (globalThis as any).document.querySelector('#winner')?.getAttribute('data-winner') === 'none', undefined, { timeout: 10000 });
    assert.equal((await shownScores(page)).winner, null);
    assert.deepEqual(pageErrors(page), []);
  });

  it('a board at rest on the page changes only its time shown: the page is not laid out again at every frame', async () => {
    const page = await playing('triangle');
    // (Written again at each animation frame, as it was, its status, power button and stroke under way changed the
    // page some 180 times a second, and laid it out again at each frame: with nothing moving, 1.36 s of the page
    // thread's 5 s in headless Chromium, 0.37 s so.)
    const changed = await page.evaluate(`new Promise((done) => {
      const seen = {};
      const observer = new MutationObserver((records) => { for (const r of records) { const id = (r.target.nodeType === 1 ? r.target : r.target.parentElement).id; seen[id] = (seen[id] || 0) + 1; } });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      setTimeout(() => { observer.disconnect(); done(seen); }, 1000);
    })`) as Record<string, number>;
    // Its time, shown to a tenth of a second: some 10 changes in that second of the board's.
    assert.deepEqual(Object.keys(changed), ['sim-status'], JSON.stringify(changed));
    assert.ok(changed['sim-status'] <= 12, JSON.stringify(changed));
    assert.match(await text(page, '#sim-status'), /^Triangle .* on the simulated board · \d+\.\d s$/);
  });

  it('works offline once loaded, example games included', async () => {
    const page = await pages().phone();
    await page.goto(pages().url + 'companion/');
    await page.evaluate(() => (globalThis as any).navigator.serviceWorker.ready.then(() => true));
    await page.context().setOffline(true);
    await page.reload();
    await playedAtOnce(page, 'ringapeg-grand-march.jsonl');
    assert.deepEqual(pageErrors(page), []);
  });
});
