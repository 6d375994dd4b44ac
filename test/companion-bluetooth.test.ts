// The companion's Web Bluetooth code, the page's own, against a fake
// navigator.bluetooth whose Nordic UART forwards to a simulated board running
// here in Node (the replay's Simulation): choosing the board, writes cut to
// the payload, a refused pairing, a link dropped mid-game and the reconnect
// that resynchronises with `state`, and a browser without Web Bluetooth.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { parseScenario, Simulation } from '../sim/replay';
import { UART_SERVICE, UART_RX, UART_TX, bluetoothProblem } from '../web/lib/ble';
import { usePages, pageErrors, screenshot, shownScores } from './browser';

/**
 * The fake, run in the page before its scripts: one board named "Tallyboard
 * 7f3a" whose RX characteristic hands every write to Node (`__boardWrite`) and
 * whose TX characteristic notifies what Node pushes (`__ble.push`). Switches:
 * `refusePairing` (notifications refused, as an unpaired board does), `away`
 * (the board cannot be reached), `drop()` (the link goes down).
 */
function fakeBluetooth(uuids: { service: string; rx: string; tx: string }): void {
  const w = globalThis as unknown as Record<string, any>;
  const ble: Record<string, any> = { requests: [], refusePairing: false, away: false, connects: 0, attempts: 0 };
  w.__ble = ble;
  const tx: any = new EventTarget();
  const rx: any = {
    async writeValue(data: Uint8Array) {
      if (!device.gatt.connected) throw new DOMException('GATT Server is disconnected.', 'NetworkError');
      if (data.byteLength > 20) throw new DOMException('value longer than the payload: ' + data.byteLength, 'InvalidModificationError');
      await w.__boardWrite(new TextDecoder().decode(data));
    },
  };
  tx.startNotifications = async () => {
    if (ble.refusePairing) throw new DOMException('Authentication failed.', 'SecurityError');
  };
  const service = {
    async getCharacteristic(uuid: string) {
      if (uuid === uuids.tx) return tx;
      if (uuid === uuids.rx) return rx;
      throw new DOMException('No Characteristics matching UUID ' + uuid, 'NotFoundError');
    },
  };
  const device: any = new EventTarget();
  device.name = 'Tallyboard 7f3a';
  device.gatt = {
    connected: false,
    async connect() {
      ble.attempts++;
      if (ble.away) throw new DOMException('Connection failed for unknown reason.', 'NetworkError');
      ble.connects++;
      device.gatt.connected = true;
      return { async getPrimaryService(uuid: string) {
        if (uuid !== uuids.service) throw new DOMException('No Services matching UUID ' + uuid, 'NotFoundError');
        return service;
      } };
    },
    disconnect() {
      device.gatt.connected = false;
      device.dispatchEvent(new Event('gattserverdisconnected'));
    },
  };
  ble.push = (chunk: string) => {
    if (!device.gatt.connected) return;
    tx.value = new DataView(new TextEncoder().encode(chunk).buffer);
    tx.dispatchEvent(new Event('characteristicvaluechanged'));
  };
  ble.drop = () => device.gatt.disconnect();
  (globalThis as any).navigator.bluetooth = {
    async requestDevice(options: unknown) {
      ble.requests.push(options);
      if (ble.cancel) throw new DOMException('User cancelled the requestDevice() chooser.', 'NotFoundError');
      return device;
    },
  };
}

/** A simulated triangle board in Node, linked to the page's fake: what the page wrote, and time that moves when the test says. */
class LinkedBoard {
  readonly sim = new Simulation(parseScenario('{"game":"triangle","players":2,"seed":7}\n'));
  /** Every write the page made, as it came (one piece each). */
  readonly writes: string[] = [];
  private queue: string[] = [];
  constructor(private page: Page) {
    this.sim.onChunk = (chunk) => this.queue.push(chunk);
  }

  async attach(): Promise<void> {
    await this.page.exposeFunction('__boardWrite', async (piece: string) => {
      this.writes.push(piece);
      this.sim.write(piece, true);
      // A board carries a line's command out at its next scan tick (commands.ts): a few ms on.
      this.sim.runUntil(this.sim.t + 10);
      await this.deliver();
    });
  }

  /** Sends the page what the board notified since the last delivery (dropped while the page's link is down, as the air does). */
  async deliver(): Promise<void> {
    const chunks = this.queue.splice(0);
    for (const c of chunks) await this.page.evaluate((chunk) => (globalThis as any).__ble.push(chunk), c);
  }

  /** A line now (a flick...), then the board runs `ms` on. */
  async play(line: Record<string, unknown>, ms = 3000): Promise<void> {
    this.sim.add(line);
    this.sim.runUntil(this.sim.t + ms);
    await this.deliver();
  }
}

describe('companion: Web Bluetooth, through a fake navigator.bluetooth', function () {
  this.timeout(60000);
  const pages = usePages();

  async function linked(query = ''): Promise<{ page: Page; board: LinkedBoard }> {
    const page = await pages().phone();
    await page.addInitScript(fakeBluetooth, { service: UART_SERVICE, rx: UART_RX, tx: UART_TX });
    const board = new LinkedBoard(page);
    await board.attach();
    await page.goto(pages().url + 'companion/' + query);
    return { page, board };
  }

  it('chooses a board by its name, subscribes, and resynchronises with state', async () => {
    const { page, board } = await linked();
    await page.click('#connect');
    await page.waitForSelector('[data-status="connected"]');
    const requests = await page.evaluate(() => (globalThis as any).__ble.requests);
    assert.deepEqual(requests, [{ filters: [{ namePrefix: 'Tallyboard' }], optionalServices: [UART_SERVICE] }]);
    assert.equal(board.writes.join(''), '{"cmd":"state"}\n');
    await page.waitForSelector('#scores [data-score]');
    assert.deepEqual(await shownScores(page), { scores: [0, 0], winner: null });
    assert.match(await page.textContent('#status') ?? '', /Tallyboard 7f3a/);
    // A flick on the board reaches the scoreboard, with its rule's words.
    await board.play({ do: 'flick', stopMm: -1 });
    await page.waitForSelector('#last');
    assert.deepEqual((await shownScores(page)).scores, [3, 0]);
    assert.match(await page.textContent('#last') ?? '', /\+3 T3: A flick scores by where the chip rests/);
    assert.deepEqual(pageErrors(page), []);
  });

  it('writes a long command in pieces of at most 20 bytes, which the board joins', async () => {
    const { page, board } = await linked();
    await page.click('#connect');
    await page.waitForSelector('#scores [data-score]');
    board.writes.length = 0;
    await page.click('nav [data-screen="run"]');
    await page.selectOption('#new-game select[name="players"]', '3');
    await page.fill('#new-game input[name="name0"]', 'Ann');
    await page.fill('#new-game input[name="name1"]', 'Bérénice');
    await page.fill('#new-game input[name="name2"]', 'Cy');
    await page.selectOption('#new-game select[name="exact"]', 'true');
    await page.click('#new-game button[type="submit"]');
    await page.waitForFunction(() => (globalThis as any).document.querySelectorAll('#scores [data-score]').length === 3);
    assert.ok(board.writes.length > 1 && board.writes.every((w) => w.length <= 20), JSON.stringify(board.writes));
    assert.equal(board.writes.join(''), '{"cmd":"new","game":"triangle","players":["Ann","B\\u00E9r\\u00E9nice","Cy"],"options":{"exact":true}}\n');
    assert.deepEqual(await page.locator('#scores .name').allTextContents(), ['Ann', 'Bérénice', 'Cy']);
    assert.deepEqual(board.sim.firmware!.view().scores, [0, 0, 0]);
  });

  it('says how to pair when the board refuses an unpaired phone, and what to do when no board was chosen', async () => {
    const { page } = await linked();
    await page.evaluate(() => { (globalThis as any).__ble.refusePairing = true; });
    await page.click('#connect');
    await page.waitForSelector('#status-detail');
    const said = await page.textContent('#status-detail') ?? '';
    assert.match(said, /Pairing failed/);
    assert.match(said, /both board buttons/);
    assert.match(said, /passkey/);
    assert.equal(await page.getAttribute('[data-status]', 'data-status'), 'idle');
    await page.reload();
    await page.evaluate(() => { (globalThis as any).__ble.cancel = true; });
    await page.click('#connect');
    await page.waitForFunction(() => /No board chosen/.test((globalThis as any).document.querySelector('#status-detail')?.textContent ?? ''));
    await screenshot(page, 'pairing-failed');
  });

  it('reconnects by itself after a drop mid-game, and catches up with what the board did meanwhile', async () => {
    const { page, board } = await linked('?retryMs=100');
    await page.click('#connect');
    await page.waitForSelector('#scores [data-score]');
    await board.play({ do: 'flick', stopMm: -1 });
    await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-score="0"]')?.textContent === '3');
    // The link drops in the middle of a line, and stays down a while (the board out of reach) while play goes on.
    await page.evaluate(() => { (globalThis as any).__ble.away = true; (globalThis as any).__ble.push('{"type":"score","pl'); (globalThis as any).__ble.drop(); });
    await page.waitForSelector('[data-status="reconnecting"]');
    await board.play({ do: 'flick', stopMm: 5 });
    await board.play({ do: 'flick', stopMm: 60 });
    await board.play({ do: 'flick', stopMm: -1 });
    assert.deepEqual(board.sim.firmware!.view().scores, [4, 3]);
    // A few attempts fail while the board is out of reach.
    const tried = await page.evaluate(() => (globalThis as any).__ble.attempts);
    await page.waitForFunction((n) => (globalThis as any).__ble.attempts >= n + 2, tried);
    assert.equal(await page.getAttribute('[data-status]', 'data-status'), 'reconnecting');
    assert.deepEqual((await shownScores(page)).scores, [3, 0]);
    await page.evaluate(() => { (globalThis as any).__ble.away = false; });
    await page.waitForSelector('[data-status="connected"]');
    await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-score="1"]')?.textContent === '3');
    assert.deepEqual((await shownScores(page)).scores, [4, 3]);
    assert.ok(await page.evaluate(() => (globalThis as any).__ble.connects) >= 2);
    // The half line before the drop garbled nothing: play goes on.
    await board.play({ do: 'flick', stopMm: -20 }, 8000);
    await page.waitForFunction(() => (globalThis as any).document.querySelector('[data-score="1"]')?.textContent === '4');
    assert.deepEqual(pageErrors(page), []);
  });

  it('tells a browser without Web Bluetooth, or a page not on https, what to use instead', async () => {
    const page = await pages().phone();
    await page.goto(pages().url + 'companion/');
    await page.click('#connect');
    assert.match(await page.textContent('#status-detail') ?? '', /no Web Bluetooth.*Chrome or Edge/);
    await screenshot(page, 'no-bluetooth');
    assert.match(bluetoothProblem({ bluetooth: {} }, false) ?? '', /https/);
    assert.equal(bluetoothProblem({ bluetooth: {} }, true), null);
  });
});
