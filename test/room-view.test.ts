// The room view (web/room/) in headless Chromium: it follows a hub's room over
// MQTT-over-WebSockets (Mosquitto's websockets listener) and shows every
// board live, marks silent ones, lists the finished games and exports them.
// Skipped, saying so, without Mosquitto; without Chromium it fails as every browser test does (test/browser.ts).
import { nodeSha256 } from '../sim/sha256';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { signAdvert } from '../firmware/sign';
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import type { Page } from 'playwright-core';
import { startHub } from '../hub/hub';
import type { Hub } from '../hub/hub';
import { encodeAdvert, ADVERT_MAX_BYTES } from '../firmware/advert';
import type { AdvertState } from '../firmware/advert';
import { boardAddress, espruinoHubMessage } from '../sim/gateway';
import { Mosquitto, mosquittoPath } from '../tools/mosquitto';
import { PHONE, openPages } from './browser';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../tools/games';
import type { Pages } from './browser';

const TRIANGLE = 1;
/** Board 3's key, as the club's hub config holds it. */
const KEY_HEX = '00112233445566778899aabbccddeeff';
const RINGAPEG = 3;

describe('room view: a room\'s boards live in a browser', function () {
  // Starting Chromium on a busy machine takes a while.
  this.timeout(60_000);
  const binary = mosquittoPath();
  let broker: Mosquitto;
  let hub: Hub;
  let gateway: MqttClient;
  let pages: Pages;
  let page: Page;

  /** A board's advert as EspruinoHub publishes it. */
  const send = (n: number, code: number, s: Partial<AdvertState>, seq: number, round = 1, name = `Tallyboard ${n}`) => {
    const bytes = encodeAdvert({ scores: [0, 0], turn: 0, winner: null, ...s }, code, 0, seq, round, new Uint8Array(ADVERT_MAX_BYTES));
    const m = espruinoHubMessage(boardAddress(n), bytes, -60, name);
    gateway.publish(m.topic, m.payload);
  };
  // What runs in the page is written as text: this file is type-checked for Node, without the browser's globals.
  const rows = () => page.evaluate(`[...document.querySelectorAll('#boards tr')].map((tr) => ({ cls: tr.className, cells: [...tr.cells].map((c) => c.textContent) }))`) as Promise<{ cls: string; cells: string[] }[]>;
  const count = (selector: string, n: number) => page.waitForFunction(`document.querySelectorAll('${selector}').length === ${n}`);

  before(async function () {
    if (!binary) {
      console.log('    (no Mosquitto: the room view\'s test needs it; set MOSQUITTO)');
      this.skip();
    }
    broker = await Mosquitto.start(binary);
    hub = startHub({ mqtt: broker.url, room: 'view', topics: ['/ble/advertise/+'], silentAfterMs: 1500, names: { [boardAddress(2)]: 'Table 2' }, keys: { [boardAddress(3)]: KEY_HEX }, share: null }, () => {});
    await hub.ready;
    gateway = await mqtt.connectAsync(broker.url);
    // Served from localhost, as a club serves it from the broker's machine: Chromium lets such a page open sockets there.
    pages = await openPages();
    page = await pages.phone();
    await page.goto(`${pages.url}room/?broker=${encodeURIComponent(broker.wsUrl)}&room=view`);
    await page.waitForSelector('#status.live');
  });
  after(async () => {
    if (pages) await pages.close();
    if (hub) await hub.close();
    if (gateway) await gateway.endAsync(true);
    if (broker) await broker.close();
  });

  it('shows each board\'s game, scores and turn as they change, and the finished games', async () => {
    send(1, TRIANGLE, { scores: [12, 7, 3], turn: 2 }, 4, 2);
    send(2, RINGAPEG, { scores: [190, 40], turn: 0 }, 30, 3);
    await count('#boards tr', 2);
    assert.deepEqual((await rows()).map((r) => r.cells.slice(0, 4)), [
      ['Table 2 (f0:a1:00:00:00:02)', 'ringapeg', '3', '▶ 190 40'],
      ['Tallyboard 1 (f0:a1:00:00:00:01)', 'triangle', '2', '12 7 ▶ 3'],
    ]);
    send(2, RINGAPEG, { scores: [200, 40], winner: 0 }, 31, 3);
    await count('#finished tr', 1);
    const finished = await page.evaluate(`[...document.querySelectorAll('#finished tr td')].map((td) => td.textContent)`) as string[];
    assert.deepEqual(finished.slice(1), ['Table 2 (f0:a1:00:00:00:02)', 'ringapeg', 'player 1', '★ 200 40']);
    assert.match((await rows())[0].cls, /over/);
    // On a phone the room fits the screen's width.
    assert.ok(await page.evaluate('document.documentElement.scrollWidth') as number <= PHONE.width, 'the room is wider than a phone');
  });

  it('marks a board that falls silent, and keeps it', async () => {
    await page.waitForFunction(`[...document.querySelectorAll('#boards tr')].every((tr) => tr.classList.contains('silent'))`, null, { timeout: 10_000 });
    const shown = await rows();
    assert.equal(shown.length, 2);
    assert.match(shown[1].cells[4] ?? '', /\d/);
    send(1, TRIANGLE, { scores: [12, 10, 3], turn: 0 }, 5, 3);
    await page.waitForFunction(`!document.querySelector('#boards tr:nth-child(2)').classList.contains('silent')`);
    assert.equal((await rows())[1].cells[3], '▶ 12 10 3');
  });

  it('junk on every topic it reads is dropped and counted: the view stays live, and shows what it did', async () => {
    const before = await rows();
    const junk: [string, string][] = [
      ['tallyboard/view/f0:a1:00:00:00:01/finished', 'null'],
      ['tallyboard/view/f0:a1:00:00:00:01/finished', '{"board":"f0:a1:00:00:00:01","scores":"x"}'],
      ['tallyboard/view/f0:a1:00:00:00:01/state', '[]'],
      ['tallyboard/view/evil/state', JSON.stringify({ ...hub.room.states()[0], board: 'other' })],
      ['tallyboard/view/f0:a1:00:00:00:01/state', 'not JSON {'],
    ];
    for (const [topic, payload] of junk) gateway.publish(topic, payload);
    await page.waitForFunction(`document.querySelector('#dropped').textContent.startsWith('5 ')`);
    assert.equal(await page.textContent('#status'), 'live');
    assert.deepEqual(await rows(), before);
    // Still live: a change shows.
    send(1, TRIANGLE, { scores: [13, 10, 3], turn: 1 }, 6, 3);
    await page.waitForFunction(`document.querySelector('#boards tr:nth-child(2) td.scores').textContent === '13 ▶ 10 3'`);
  });

  it('an enrolled board: verified adverts shown; forged, replayed and junk ones change nothing; the others marked not enrolled', async () => {
    const signedSend = (s: Partial<AdvertState>, counter: number, key = KEY_HEX) => {
      const out = new Uint8Array(ADVERT_MAX_BYTES);
      encodeAdvert({ scores: [0, 0], turn: 0, winner: null, ...s }, RINGAPEG, 0, 0, 1, out);
      const m = espruinoHubMessage(boardAddress(3), signAdvert(nodeSha256, key, out, counter), -60, 'Tallyboard');
      gateway.publish(m.topic, m.payload);
    };
    signedSend({ scores: [150, 40], turn: 1 }, 7000);
    signedSend({ scores: [160, 40], turn: 0 }, 7001);
    await count('#boards tr', 3);
    const row = () => page.evaluate(`(() => { const tr = document.querySelector('#boards tr[data-board="${boardAddress(3)}"]'); return { cls: tr.className, scores: tr.querySelector('td.scores').textContent }; })()`) as Promise<{ cls: string; scores: string }>;
    await page.waitForFunction(`document.querySelector('#boards tr[data-board="${boardAddress(3)}"] td.scores').textContent === '▶ 160 40'`);
    assert.doesNotMatch((await row()).cls, /unenrolled/);
    assert.ok((await rows()).filter((r) => r.cls.includes('unenrolled')).length === 2, 'the two boards not enrolled are marked');
    const forged = hub.counts.forged;
    const replayed = hub.counts.replayed;
    send(3, RINGAPEG, { scores: [200, 0], winner: 0 }, 9);
    signedSend({ scores: [200, 0], winner: 0 }, 7002, '0'.repeat(32));
    signedSend({ scores: [150, 40], turn: 1 }, 7000);
    gateway.publish(`/ble/advertise/${boardAddress(3)}`, '{"rssi":-60,"manufacturerData":"9005540203"}');
    gateway.publish(`/ble/advertise/${boardAddress(3)}`, 'null');
    await page.waitForTimeout(500);
    assert.deepEqual([hub.counts.forged - forged, hub.counts.replayed - replayed], [2, 1]);
    assert.equal((await row()).scores, '▶ 160 40');
    assert.ok(!hub.room.results().some((g) => g.board === boardAddress(3)));
  });

  it('exports the finished games as CSV and JSON; a name like a formula is text in the CSV', async () => {
    send(1, TRIANGLE, { scores: [50, 10, 3], winner: 0 }, 7, 1, '=HYPERLINK("http://x","y")');
    await count('#finished tr', 2);
    const saved = async (button: string) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
      return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
    };
    const csv = await saved('#csv');
    assert.equal(csv.name, 'tallyboard-view-results.csv');
    const lines = csv.text.trim().split('\n').map((l) => l.replace(/^[^,]*,/, ''));
    assert.deepEqual(lines, [
      'board,name,game,winner,player 1,player 2,player 3',
      'f0:a1:00:00:00:02,Table 2,ringapeg,1,200,40',
      'f0:a1:00:00:00:01,"\'=HYPERLINK(""http://x"",""y"")",triangle,1,50,10,3',
    ]);
    const json = await saved('#json');
    assert.equal(json.name, 'tallyboard-view-results.json');
    assert.deepEqual(JSON.parse(json.text), hub.room.results());
  });

  it('tallyboard boards plays a room without hardware: its boards and their finished games show in the view', async () => {
    const played = startHub({ mqtt: broker.url, room: 'play', topics: ['/ble/advertise/+'], silentAfterMs: 30_000, names: {}, share: null }, () => {});
    await played.ready;
    const boards = spawn(process.execPath, [join(ROOT, 'bin', 'tallyboard.js'), 'boards', '--mqtt', broker.url, '--count', '3', '--speed', '60'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    boards.stderr!.on('data', (d) => { err += d; });
    const exited = new Promise<number | null>((resolve) => boards.on('exit', resolve));
    try {
      await page.goto(`${pages.url}room/?broker=${encodeURIComponent(broker.wsUrl)}&room=play`);
      await page.waitForSelector('#status.live');
      await page.waitForFunction(`document.querySelectorAll('#boards tr').length === 3`, null, { timeout: 30_000 });
      const games = (await rows()).map((r) => r.cells[1]).sort();
      assert.deepEqual(games, ['fortress', 'ringapeg', 'triangle']);
      // A game at 60 times its speed ends within some seconds.
      await page.waitForFunction(`document.querySelectorAll('#finished tr').length >= 1`, null, { timeout: 30_000 });
      assert.equal(played.counts.malformed + played.counts.stale, 0);
    } finally {
      boards.kill('SIGTERM');
      assert.equal(await exited, 0, err);
      await played.close();
    }
    assert.match(err, /boards: stopped; \d+ adverts published/);
  });

  it("shows the hub's results and at most 500 games finished since: a flood of made-up games, marked enrolled or not, pushes out none of the hub's (hostile round 27)", async () => {
    const game = (i: number, enrolled: boolean, board = boardAddress(5000 + (i % 50))) => ({
      board, name: null, game: 'ringapeg', scores: [200, i], winner: 0, round: 1, seq: i % 256, counter: null, restarts: 0,
      at: new Date(Date.now() + 60_000 + i * 1000).toISOString(), enrolled,
    });
    // (A room of its own, with no hub: what the view keeps, not what a hub does.)
    await page.goto(`${pages.url}room/?broker=${encodeURIComponent(broker.wsUrl)}&room=flood`);
    await page.waitForSelector('#status.live');
    // The hub's results (retained, as a hub publishes them: the view has them once it has subscribed), an enrolled
    // board's real game among them.
    const real = game(0, true, boardAddress(3));
    gateway.publish('tallyboard/flood/results', JSON.stringify([real, ...Array.from({ length: 99 }, (_, i) => game(i + 1, false))]), { retain: true });
    await page.waitForFunction(`document.querySelectorAll('#finished tr').length === 100`);
    // 600 made-up games finished since, marked enrolled, each later than the real one.
    for (let i = 0; i < 600; i++) gateway.publish(`tallyboard/flood/${boardAddress(6000 + (i % 40))}/finished`, JSON.stringify(game(1000 + i, true, boardAddress(6000 + (i % 40)))));
    await page.waitForFunction(`document.querySelector('#finished td.scores')?.textContent === '★ 200 1599'`);
    // The hub's 100 and the latest 500 of the 600.
    assert.equal(await page.evaluate(`document.querySelectorAll('#finished tr').length`), 600);
    assert.equal(await page.evaluate(`[...document.querySelectorAll('#finished td.scores')].some((td) => td.textContent === '★ 200 0')`), true, 'the real game is shown');
    assert.equal(await page.evaluate(`[...document.querySelectorAll('#finished td.scores')].some((td) => td.textContent === '★ 200 1099')`), false, 'the oldest made-up ones let go');
    // A results message that is no list is dropped, and the games shown stay.
    gateway.publish('tallyboard/flood/results', '{"not":"a list"}');
    await page.waitForFunction(`/^1 unreadable/.test(document.querySelector('#dropped').textContent)`);
    assert.equal(await page.evaluate(`document.querySelectorAll('#finished tr').length`), 600);
  });

});
