// The companion page's budgets (issue 16): its JavaScript gzipped, including
// the simulated board (<= 150 KB); its first render on Chromium with the CPU
// slowed as DevTools' mid-tier mobile does (4x; <= 1 s); and a game event on
// the simulated board reaching the scoreboard within one frame (16.7 ms).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { WEB_DIST, webPages } from '../tools/web';
import { openPages } from '../test/browser';

/** DevTools' "mid-tier mobile" CPU: 4 times slower. */
const MOBILE_CPU_SLOWDOWN = 4;
const KB = 1024;

export async function run(print: (line: string) => void): Promise<void> {
  const pages = await openPages();
  try {
    print('page              js bytes   gzipped   budget');
    for (const page of webPages()) {
      const js = readFileSync(join(WEB_DIST, page, 'main.js'));
      print(`${page.padEnd(16)} ${String(js.length).padStart(9)} ${String(gzipSync(js, { level: 9 }).length).padStart(9)}   ${150 * KB}`);
    }

    const page = await pages.phone(() => {
      // Each animation frame's callbacks, timed: the simulated board runs in them, and so does the scoreboard it updates.
      const w = globalThis as any;
      w.__frames = [];
      const raf = w.requestAnimationFrame.bind(w);
      w.requestAnimationFrame = (f: (t: number) => void) => raf((t: number) => {
        const t0 = performance.now();
        f(t);
        w.__frames.push(performance.now() - t0);
      });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_CPU_SLOWDOWN });
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      await page.goto(pages.url + 'companion/?run=' + i);
      await page.waitForFunction(() => performance.getEntriesByName('companion-ready').length > 0);
      runs.push(await page.evaluate(() => performance.getEntriesByName('companion-ready')[0].startTime));
    }
    print(`first render, CPU ${MOBILE_CPU_SLOWDOWN}x slower: ${runs.map((r) => r.toFixed(0) + ' ms').join(', ')} (budget 1000 ms)`);

    // A referee input: the click, the board's reply over the in-page link, the scoreboard.
    await page.click('#try');
    await page.click('button.play[data-game="ringapeg"]');
    await page.waitForSelector('#score #scores [data-score]', { state: 'attached' });
    await page.click('nav [data-screen="run"]');
    const replies: number[] = [];
    for (const peg of ['o1', 'o2', 'o3', 'o4', 'o5']) {
      await page.selectOption('form[data-cmd="ring"] select[name="peg"]', peg);
      replies.push(await page.evaluate(() => new Promise<number>((done) => {
        const d = (globalThis as any).document;
        const t0 = performance.now();
        new (globalThis as any).MutationObserver(() => done(performance.now() - t0)).observe(d.querySelector('#score'), { childList: true, subtree: true, characterData: true });
        d.querySelector('form[data-cmd="ring"] button').click();
      })));
    }
    print(`referee input to scoreboard, CPU ${MOBILE_CPU_SLOWDOWN}x slower: ${replies.map((r) => r.toFixed(1)).join(', ')} ms (one frame: 16.7 ms)`);

    // A sensed event: a ring snapped onto the king peg; the board runs in animation frames and the scoreboard is
    // updated in the frame in which the board sends the score (the in-page link is synchronous).
    await page.click('nav [data-screen="board"]');
    const before = await page.locator('#scores').textContent();
    await page.evaluate(() => { (globalThis as any).__frames = []; });
    await page.click('#board svg.board [data-place="k"]');
    await page.waitForFunction((was) => (globalThis as any).document.querySelector('#scores')?.textContent !== was, before);
    const frames: number[] = await page.evaluate(() => (globalThis as any).__frames);
    frames.sort((a, b) => a - b);
    print(`a snap on the simulated board: ${frames.length} frames until the scoreboard showed it, the longest ${frames[frames.length - 1].toFixed(1)} ms of work, median ${frames[frames.length >> 1].toFixed(1)} ms (CPU ${MOBILE_CPU_SLOWDOWN}x slower)`);
  } finally {
    await pages.close();
  }
}
