// The room view (web/room/) in headless Chromium: it follows a hub's room over
// MQTT-over-WebSockets (Mosquitto's websockets listener) and shows every
// board live, marks silent ones, lists the finished games and exports them.
// Skipped, saying so, without Mosquitto; without Chromium it fails as every browser test does (test/browser.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
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
import type { Pages } from './browser';

const TRIANGLE = 1;
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
  const send = (n: number, code: number, s: Partial<AdvertState>, seq: number, round = 1) => {
    const bytes = encodeAdvert({ scores: [0, 0], turn: 0, winner: null, ...s }, code, 0, seq, round, new Uint8Array(ADVERT_MAX_BYTES));
    const m = espruinoHubMessage(boardAddress(n), bytes, -60, `Tallyboard ${n}`);
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
    hub = startHub({ mqtt: broker.url, room: 'view', topics: ['/ble/advertise/+'], silentAfterMs: 1500, names: { [boardAddress(2)]: 'Table 2' }, share: null }, () => {});
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

  it('exports the finished games as CSV and JSON', async () => {
    send(1, TRIANGLE, { scores: [50, 10, 3], winner: 0 }, 6, 1);
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
      'f0:a1:00:00:00:01,Tallyboard 1,triangle,1,50,10,3',
    ]);
    const json = await saved('#json');
    assert.equal(json.name, 'tallyboard-view-results.json');
    assert.deepEqual(JSON.parse(json.text), hub.room.results());
  });
});
