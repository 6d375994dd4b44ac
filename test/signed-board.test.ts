// A board that signs its advert (firmware/signer.ts through the runtime): no
// key until a phone pairs; the paired phone gets the key; from then on every
// advert is signed with it, the hub (hub/signed.ts, Node's HMAC) verifies it,
// and the counter goes on above its last after the board restarts.
import assert from 'node:assert/strict';
import { nodeSha256 } from '../sim/sha256';
import { startFirmware } from '../firmware/runtime';
import { channelKinds } from '../firmware/scan';
import { game as triangle } from '../firmware/games/triangle/index';
import { openAdvert } from '../hub/signed';
import { SimFlash } from '../sim/flash';
import { createSimHal } from '../sim/hal';

const KEY = '0123456789abcdef0123456789abcdef';
const signing = { sha256: nodeSha256, secret: () => KEY };

describe('a board signs its advert once a phone paired with it', () => {
  const flash = new SimFlash();
  function board() {
    const b = triangle.board;
    const hal = Object.assign(createSimHal({ channels: b.channels, kinds: channelKinds(b), seed: 1, modules: 3, pairing: true, flash }), { signing });
    startFirmware(hal, triangle, { players: 2, options: {}, pollMs: 1, diag: false, modules: 3 });
    let t = 0;
    const run = (ms: number) => {
      for (const end = t + ms; t < end; t++) {
        hal.inputs.advanceTo(t);
        hal.ticker.fire();
      }
    };
    const lines = () => hal.radio.notifications.map((n) => n.chunk).join('').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    return { hal, run, lines };
  }
  const counters: number[] = [];

  it('unpaired: unsigned adverts, and nothing written for a key', () => {
    const { hal, run } = board();
    run(200);
    assert.ok(hal.radio.adverts.length > 0);
    assert.ok(hal.radio.adverts.every((a) => a.bytes[1] === 1));
    assert.deepEqual(Object.keys(flash.files).filter((f) => ['sig', 'sig2'].includes(f)), []);
  });

  it('paired: the phone gets the key, and every advert after is signed with it', () => {
    const { hal, run, lines } = board();
    run(200);
    hal.buttons.press('both', 100);
    const passkey = /P (\d{6})/.exec(hal.chain.text())![1];
    assert.ok(hal.radio.pairPhone(passkey));
    const before = hal.radio.adverts.length;
    run(300);
    assert.deepEqual(lines().filter((l) => l.type === 'key'), [{ type: 'key', key: KEY }]);
    // At once, not from the next change.
    const signed = hal.radio.adverts.slice(before);
    assert.ok(signed.length > 0);
    for (const a of signed) {
      const opened = openAdvert(a.bytes, Buffer.from(KEY, 'latin1'));
      assert.ok(opened && opened !== 'forged', 'verified');
      counters.push(opened.counter!);
    }
  });

  it('restarted: still signed, with counters above every one before', () => {
    const { hal, run } = board();
    run(300);
    const opened = openAdvert(hal.radio.adverts[hal.radio.adverts.length - 1].bytes, Buffer.from(KEY, 'latin1'));
    assert.ok(opened && opened !== 'forged');
    assert.ok(opened.counter! > Math.max(...counters), `${opened.counter} after ${Math.max(...counters)}`);
  });
});
