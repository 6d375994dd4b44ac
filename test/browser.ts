// The browser tests' one launcher: headless Chromium from the system (Debian's
// package; .ci/run installs it when missing) driven by playwright-core, the
// pages built (tools/web.ts) and served from localhost, phone-sized pages, and
// screenshots under test-output/.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildWeb, serveWeb } from '../tools/web';
import { ROOT } from '../tools/games';

export const SCREENSHOTS = join(ROOT, 'test-output', 'screenshots');
/** A mid-sized phone (CSS pixels), as the pages are designed for first. */
export const PHONE = { width: 390, height: 844 };

/** The system Chromium: CHROMIUM if set, else the first `chromium` on the PATH; throws a clear message when there is none. */
export function chromiumPath(): string {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('sh', ['-c', 'command -v ' + name], { encoding: 'utf8' }).trim();
    } catch (e) {
      // not this one
    }
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  throw new Error('Chromium is missing: the browser tests need it. Install it (Debian: apt-get install -y chromium; .ci/run does) or set CHROMIUM to its path.');
}

export interface Pages {
  browser: Browser;
  /** The served pages' base URL (http://localhost:PORT/). */
  url: string;
  /** A fresh phone-sized page in a context of its own (its own storage), with `init` run before the page's scripts. */
  phone(init?: () => void): Promise<Page>;
  close(): Promise<void>;
}

/** Set by the suite's setup (test/setup.ts) once it has built the pages: a browser test then serves that build. */
export const WEB_BUILT_ENV = 'TALLYBOARD_WEB_BUILT';

/** Builds the pages (unless the suite's setup did), serves them and launches the browser. */
export async function openPages(): Promise<Pages> {
  if (!process.env[WEB_BUILT_ENV]) await buildWeb();
  const executablePath = chromiumPath();
  const { server, url } = await serveWeb(0);
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  } catch (e) {
    server.close();
    throw new Error(`could not start Chromium (${executablePath}): ${(e as Error).message}`);
  }
  const contexts: BrowserContext[] = [];
  return {
    browser,
    url,
    async phone(init) {
      const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, acceptDownloads: true });
      contexts.push(context);
      if (init) await context.addInitScript(init);
      const page = await context.newPage();
      page.setDefaultTimeout(10000);
      const errors: Error[] = [];
      page.on('pageerror', (e) => errors.push(e));
      ERRORS.set(page, errors);
      return page;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close();
      await new Promise<void>((ok) => (server as Server).close(() => ok()));
    },
  };
}

/** In a describe block: the pages opened before its tests and closed after them, through the function returned. */
export function usePages(): () => Pages {
  let pages: Pages | undefined;
  let kept: BrowserContext[] = [];
  before(async () => {
    pages = await openPages();
  });
  // A test's own pages are closed after it (those its block opened before its tests are kept): each page's simulated
  // board runs on every animation frame, and pages left open slowed the tests after them (a screenshot waited 10 s).
  beforeEach(() => {
    kept = pages ? pages.browser.contexts() : [];
  });
  afterEach(async () => {
    for (const c of pages ? pages.browser.contexts() : []) if (!kept.includes(c)) await c.close().catch(() => undefined);
  });
  after(async () => {
    if (pages) await pages.close();
  });
  return () => pages!;
}

const ERRORS = new WeakMap<Page, Error[]>();

/** The errors a page threw that it did not catch (a test expects none). */
export function pageErrors(page: Page): string[] {
  return (ERRORS.get(page) ?? []).map((e) => e.message);
}

/** Saves a screenshot of the page under test-output/screenshots/NAME.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = join(SCREENSHOTS, name + '.png');
  // (At the page's CSS pixels, not the phone's two device pixels to each: a quarter of the pixels to encode, some
  // 150 ms a screenshot where 350 to 700.)
  await page.screenshot({ path: file, fullPage: true, scale: 'css' });
  return file;
}

/** What the scoreboard shows: each player's score, and the winner's index or null. */
export async function shownScores(page: Page): Promise<{ scores: number[]; winner: number | null }> {
  const scores = await page.locator('#scores [data-score]').allTextContents();
  const winner = await page.getAttribute('#winner', 'data-winner');
  return { scores: scores.map(Number), winner: winner === 'none' || winner === null ? null : Number(winner) };
}

/**
 * The page's clock (page.clock.install() called before the page loaded) moved on a second at a time until `done`
 * holds in the page, then `done` waited for as page.waitForFunction does. The simulated board, which runs on that
 * clock, plays each second at once, as it catches up in a tab come back to: the board's own waits (a fortress
 * stroke is scored once its balls have been at rest 8 s, a shuffleboard throw once its weight has slid and been
 * found) take no real time, and end as soon as what the test waits for is shown.
 */
export async function passTimeUntil(page: Page, done: () => unknown, maxMs = 30000): Promise<void> {
  for (let t = 0; t < maxMs && !(await page.evaluate(done)); t += 1000) await page.clock.fastForward(1000);
  await page.waitForFunction(done);
}

/** Loads a scenario file into the page's simulated board, played at once. */
export async function playScenario(page: Page, file: string): Promise<void> {
  const before = Number(await page.getAttribute('#score', 'data-link') ?? 0);
  await page.click('nav [data-screen="board"]');
  await page.selectOption('#speed', '0');
  await page.setInputFiles('#scenario', file);
  await page.waitForSelector(`#board[data-played="${before + 1}"]`, { state: 'attached' });
  await page.click('nav [data-screen="score"]');
}
