// The Try screen as a newcomer meets it, on a small phone (360 px): each game
// playable by clicking its drawing (the triangle's ruler, Ring-a-Peg's rings
// drawn on the pegs, shuffleboard's coin toss, a fortress stroke shown while
// its balls roll), the power button, words instead of protocol keys, choices
// instead of typed numbers, the sensors drawing in step with the walk test, and
// no request that fails (the icon).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { usePages, pageErrors, passTimeUntil, screenshot } from './browser';

const SMALL_PHONE = { width: 360, height: 740 };
const text = (page: Page, selector: string) => page.textContent(selector).then((t) => t ?? '');
const score = (page: Page, player: number) => page.evaluate((p) => (globalThis as any).document.querySelector(`[data-score="${p}"]`)?.textContent, player);

describe('companion: the Try screen, by clicking, on a 360 px phone', function () {
  this.timeout(60000);
  const pages = usePages();

  /**
   * A small phone's page on the Try screen, playing `game`; `failed` collects the page's requests that failed; with
   * `clock`, the page's clock is one the test can move on (passTimeUntil).
   */
  async function trying(game: string, failed: string[] = [], { clock = false } = {}): Promise<Page> {
    const context = await pages().browser.newContext({ viewport: SMALL_PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    if (clock) await page.clock.install();
    page.setDefaultTimeout(10000);
    page.on('response', (r) => { if (r.status() >= 400) failed.push(r.status() + ' ' + r.url()); });
    await page.goto(pages().url + 'companion/');
    await page.click('#try');
    await page.click(`button.play[data-game="${game}"]`);
    await page.waitForSelector('#score #scores [data-score]', { state: 'attached' });
    return page;
  }

  /** Nothing wider than the screen: the page does not scroll sideways, no dropdown runs off its edge. */
  async function fits(page: Page, where: string): Promise<void> {
    const widest = await page.evaluate(() => {
      const d = (globalThis as any).document;
      const shown = Array.from(d.querySelectorAll('main *, nav, header')).filter((e: any) => e.getClientRects().length);
      const edge: any = shown.reduce((a: any, b: any) => (b.getBoundingClientRect().right > a.getBoundingClientRect().right ? b : a), d.body);
      return { px: Math.max(d.documentElement.scrollWidth, edge.getBoundingClientRect().right), what: edge.outerHTML.slice(0, 80) };
    });
    assert.ok(Math.round(widest.px) <= SMALL_PHONE.width, `${where}: ${widest.px} px wide on a ${SMALL_PHONE.width} px screen (${widest.what})`);
  }

  it('triangle: its sides drawn, a click on the ruler flicks the chip to stop there; the power button says what it will do; no request fails', async () => {
    const failed: string[] = [];
    const page = await trying('triangle', failed, { clock: true });
    await page.click('nav [data-screen="board"]');
    assert.equal(await page.locator('#board svg.board line.mark').count(), 4, "three sides and the angle's line");
    // The ruler runs from 40 mm short of the line to 60 mm past it: a click 40% along is even with it (3), 10% along is short (1).
    const ruler = (await page.locator('#board svg.board [data-area]').boundingBox())!;
    await page.click('#board svg.board [data-area]', { position: { x: ruler.width * 0.4, y: ruler.height / 2 } });
    // The chip slides and comes to rest in the board's time: the page's clock is moved on until the flick is scored.
    await passTimeUntil(page, () => (globalThis as any).document.querySelector('[data-score="0"]')?.textContent === '3');
    await fits(page, 'triangle, Try');
    // Cut, then on: the button offers what it will do at once, and still does once the board has booted.
    assert.equal(await text(page, '#power'), 'cut the power');
    await page.click('#power');
    await page.waitForFunction(() => /power off/.test((globalThis as any).document.querySelector('#sim-status')?.textContent ?? ''));
    assert.equal(await text(page, '#power'), 'power on');
    await page.click('#power');
    assert.equal(await text(page, '#power'), 'cut the power');
    await page.waitForFunction(() => /saved game \(1 move\)/.test((globalThis as any).document.querySelector('#notice')?.textContent ?? ''));
    assert.doesNotMatch(await text(page, '#sim-status'), /power off/);
    assert.equal(await text(page, '#power'), 'cut the power');
    await page.click('#board svg.board [data-area]', { position: { x: ruler.width * 0.1, y: ruler.height / 2 } });
    await passTimeUntil(page, () => (globalThis as any).document.querySelector('[data-score="0"]')?.textContent === '4');
    await screenshot(page, 'try-triangle');
    assert.deepEqual(failed, []);
    assert.deepEqual(pageErrors(page), []);
  });

  it('ringapeg: rings drawn on the pegs; the scoreboard in words; choices, players by name; the sensors drawing in step with the walk test', async () => {
    const page = await trying('ringapeg');
    await page.click('nav [data-screen="board"]');
    await page.click('#board svg.board [data-place="k"]');
    await page.waitForSelector('#board [data-place="k"] .piece.p0');
    assert.equal(await page.locator('#board .piece').count(), 1);
    await fits(page, 'ringapeg, Try');
    await page.click('nav [data-screen="score"]');
    const keys = await page.locator('#score .fields dt').allTextContents();
    assert.ok(keys.length > 0);
    for (const k of keys) assert.doesNotMatch(k, /[a-z][A-Z]/, 'a key in words');
    assert.deepEqual(await page.locator('#score .fields [data-field="stacks"]').count(), 0, 'the rings are drawn, not listed');
    assert.match(await text(page, '#score [data-field="counts"]'), /^Player 1 25, Player 2 0$/);
    await page.click('nav [data-screen="run"]');
    assert.deepEqual(await page.locator('#new-game select[name="firstPlayer"] option').allTextContents(), ['(as the game has it)', 'Player 1', 'Player 2', 'Player 3', 'Player 4']);
    assert.match(await text(page, '#new-game'), /first player/);
    assert.deepEqual(await page.locator('form[data-cmd="claim"] select[name="player"] option').allTextContents(), ['Player 1', 'Player 2', 'Player 3', 'Player 4']);
    await fits(page, 'ringapeg, Game');
    // Diagnostics, then a ring snapped onto o5: the walk's count and the drawing change together.
    await page.click('nav [data-screen="diag"]');
    await page.click('#diag-on');
    await page.waitForSelector('#walk-progress');
    await page.click('nav [data-screen="board"]');
    await page.click('#board svg.board [data-place="o5"]');
    await page.click('nav [data-screen="diag"]');
    // Looked at every animation frame: the first frame that shows the walk's step also shows o5 seen.
    const shown = await (await page.waitForFunction(() => {
      const d = (globalThis as any).document;
      const t = d.querySelector('#walk-progress')?.textContent ?? '';
      return /walk test: [1-9]\d* of 27/.test(t) && { text: t, hollow: d.querySelectorAll('#diag [data-sensor="peg.o5.top"].never').length };
    }, undefined, { polling: 'raf' })).jsonValue() as { text: string; hollow: number };
    assert.equal(shown.hollow, 0, `the walk says "${shown.text}" while the drawing still shows o5 unseen`);
    await fits(page, 'ringapeg, Sensors');
    assert.deepEqual(pageErrors(page), []);
  });

  it('shuffleboard: the coin toss is on the Try screen; the walk list says how many more are to see', async () => {
    const page = await trying('shuffleboard', [], { clock: true });
    // Before the toss, who threw first is said in words, not as the state's -1.
    await page.click('nav [data-screen="score"]');
    assert.match((await page.textContent('#score [data-field="first"]')) ?? '', /^not yet/);
    await page.click('nav [data-screen="board"]');
    await page.click('#board .happenings button:text("coin toss: red throws first")');
    const box = (await page.locator('#board svg.board [data-area]').boundingBox())!;
    await page.click('#board svg.board [data-area]', { position: { x: box.width / 2, y: (box.height * 80) / 2000 } });
    await page.click('nav [data-screen="score"]');
    // The weight slides, comes to rest and is found in the board's time: the page's clock is moved on until it is.
    await passTimeUntil(page, () => (globalThis as any).document.querySelector('#score [data-field="weights"] td'));
    await fits(page, 'shuffleboard, Score');
    await page.click('nav [data-screen="diag"]');
    await page.click('#diag-on');
    // The board lists the first 8 sensors still to see: the page says how many more there are.
    await page.waitForSelector('#walk-progress small');
    assert.match(await text(page, '#walk-progress small'), /^ still to see: (grid\.\d+\.\d+, ){7}grid\.\d+\.\d+ and 37\d more$/);
    assert.deepEqual(pageErrors(page), []);
  });

  it('fortress: a stroke under way shows that the board waits for the balls to stop, and what it has seen so far', async () => {
    const page = await trying('fortress', [], { clock: true });
    await page.click('nav [data-screen="board"]');
    await fits(page, 'fortress, Try');
    await page.selectOption('#click-does', { label: 'stroke: the English attacking ball (EA) into the fort clicked, its bell rings' });
    await page.click('#board svg.board [data-place="FA1"]');
    // (In words, each once: the fort's mouth is four sensors, mouth.FA1.n.lo ... s.hi.)
    await page.waitForFunction(() => /^Under way: .*Seen so far: .*the mouth of the French advanced fort 1/.test((globalThis as any).document.querySelector('#under-way')?.textContent ?? ''), undefined, { timeout: 15000 });
    assert.doesNotMatch(await text(page, '#under-way'), /\w\.\w|(the mouth of the French advanced fort 1).*\1/);
    await screenshot(page, 'try-fortress-under-way');
    // The board scores the stroke once the balls have been at rest 8 s of its time: the page's clock is moved on
    // until it has, rather than waited out.
    await passTimeUntil(page, () => (globalThis as any).document.querySelector('#score #last'));
    assert.equal(await text(page, '#under-way'), '');
    assert.equal(await score(page, 0), '-2');
    // The referee's pickers, their sentences' choices in words, fit the small phone too.
    await page.click('nav [data-screen="run"]');
    await fits(page, 'fortress, Game');
    assert.deepEqual(pageErrors(page), []);
  });
});
