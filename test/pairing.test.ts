// Pairing a phone (docs/security.md): no phone may pair until both board
// buttons are pressed together, as a Bluetooth keyboard needs a key press;
// then the display shows a fresh passkey, until a phone paired or a minute
// passed. A passkey seen once is worthless afterwards. The phone that pairs
// gets the board's key, and the board signs its advert from then on.
import assert from 'node:assert/strict';
import { startFirmware } from '../firmware/runtime';
import { channelKinds } from '../firmware/scan';
import { game as triangle } from '../firmware/games/triangle/index';
import { createSimHal } from '../sim/hal';
import { SimFlash } from '../sim/flash';
import { nodeSha256 } from '../sim/sha256';
import { openAdvert } from '../hub/signed';
import type { Signing } from '../hal/types';
import { emptyView, takeMessage } from '../web/lib/board-view';

const KEY = '0123456789abcdef0123456789abcdef';

describe('pairing: both buttons let a phone pair, with a fresh passkey on the display', () => {
  /** A triangle board; `more` gives it a flash to keep (across a restart) and signing (its advert's). */
  function board(pairing: boolean, more: { flash?: SimFlash; signing?: Signing } = {}) {
    const b = triangle.board;
    const hal = Object.assign(createSimHal({ channels: b.channels, kinds: channelKinds(b), seed: 1, modules: 3, pairing, flash: more.flash }), { signing: more.signing });
    startFirmware(hal, triangle, { players: 2, options: {}, pollMs: 1, diag: false, modules: 3 });
    let t = 0;
    const run = (ms: number) => {
      for (const end = t + ms; t < end; t++) {
        hal.inputs.advanceTo(t);
        hal.ticker.fire();
      }
      return hal.chain.text();
    };
    /** The passkey on the display, or null. */
    const shown = (): string | null => {
      const m = /^P (\d{6})$/.exec(hal.chain.text().trim());
      return m && m[1];
    };
    const lines = () => hal.radio.notifications.map((n) => n.chunk).join('').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    return { hal, run, shown, lines };
  }
  it('no phone can pair, nor see a passkey, before the buttons are pressed', () => {
    const { hal, run, shown } = board(true);
    const scores = run(200);
    for (const guess of ['000000', '123456', '093517', '999999']) assert.equal(hal.radio.pairPhone(guess), false);
    assert.equal(run(200), scores);
    assert.equal(shown(), null);
  });

  it('both buttons: the passkey shows; a phone pairs with it, and the display shows the game again', () => {
    const { hal, run, shown } = board(true);
    const scores = run(200);
    hal.buttons.press('both', 100);
    const key = shown();
    assert.ok(key, 'a passkey on the display');
    assert.equal(hal.radio.pairPhone(key === '000000' ? '111111' : '000000'), false, 'a wrong passkey pairs nothing');
    assert.equal(hal.radio.pairPhone(key!), true);
    assert.equal(run(200), scores);
    hal.radio.leave();
    assert.equal(hal.radio.pairPhone(key!), false, 'once a phone paired, its passkey pairs no other');
  });

  it('pairing closes by itself after a minute, and the next opening has a new passkey', () => {
    const { hal, run, shown } = board(true);
    const scores = run(100);
    hal.buttons.press('both', 100);
    const first = shown()!;
    assert.equal(run(59000), 'P ' + first, 'shown for a minute');
    assert.equal(run(1100), scores);
    assert.equal(hal.radio.pairPhone(first), false, 'too late');
    hal.buttons.press('both', 100);
    const second = shown()!;
    assert.notEqual(second, first);
    assert.equal(hal.radio.pairPhone(first), false, 'the passkey seen before is worthless');
    assert.equal(hal.radio.pairPhone(second), true);
  });

  it('a single button is the game\'s: it lets no phone pair', () => {
    const { hal, run, shown } = board(true);
    run(100);
    hal.buttons.press('next', 100);
    hal.buttons.press('mode', 2000);
    run(100);
    assert.equal(shown(), null);
  });

  it('a board whose link has no pairing shows no passkey', () => {
    const { hal, run } = board(false);
    const scores = run(200);
    hal.buttons.press('both', 100);
    assert.equal(run(200), scores);
  });

  // A board that signs its advert (firmware/signer.ts): no key until a phone pairs; the paired phone gets it; every advert
  // after is signed with it, as the hub (hub/signed.ts, Node's HMAC) verifies, and the counter goes on above its last
  // after a restart.
  const flash = new SimFlash();
  const signing = { sha256: nodeSha256, secret: () => KEY };
  const counters: number[] = [];

  it('signed adverts: unpaired, unsigned adverts, and nothing written for a key', () => {
    const { hal, run } = board(true, { flash, signing });
    run(200);
    assert.ok(hal.radio.adverts.length > 0);
    assert.ok(hal.radio.adverts.every((a) => a.bytes[1] === 1));
    assert.deepEqual(Object.keys(flash.files).filter((f) => ['sig', 'sig2'].includes(f)), []);
  });

  it('signed adverts: paired, the phone gets the key, and every advert after is signed with it', () => {
    const { hal, run, lines, shown } = board(true, { flash, signing });
    run(200);
    hal.buttons.press('both', 100);
    assert.ok(hal.radio.pairPhone(shown()!));
    const before = hal.radio.adverts.length;
    run(300);
    assert.deepEqual(lines().filter((l) => l.type === 'key'), [{ type: 'key', key: KEY }]);
    // The companion page shows it, for the club's hub.
    const view = emptyView();
    for (const l of lines()) takeMessage(view, l);
    assert.match(view.notice, new RegExp(`hub config.*${KEY}`));
    // At once, not from the next change.
    const signed = hal.radio.adverts.slice(before);
    assert.ok(signed.length > 0);
    for (const a of signed) {
      const opened = openAdvert(a.bytes, Buffer.from(KEY, 'latin1'));
      assert.ok(opened && opened !== 'forged', 'verified');
      counters.push(opened.counter!);
    }
  });

  it('signed adverts: restarted, still signed, with counters above every one before', () => {
    const { hal, run } = board(true, { flash, signing });
    run(300);
    const opened = openAdvert(hal.radio.adverts[hal.radio.adverts.length - 1].bytes, Buffer.from(KEY, 'latin1'));
    assert.ok(opened && opened !== 'forged');
    assert.ok(opened.counter! > Math.max(...counters), `${opened.counter} after ${Math.max(...counters)}`);
  });
});
