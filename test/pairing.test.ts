// Pairing a phone: the board shows its passkey while a phone is connected and
// not yet paired, and its game again once the phone paired or left.
import assert from 'node:assert/strict';
import { startFirmware } from '../firmware/runtime';
import { channelKinds } from '../firmware/scan';
import { wordLayout } from '../firmware/display';
import { triangleModule } from '../firmware/games/triangle/module';
import { createSimHal } from '../sim/hal';

describe('pairing: the passkey on the display', () => {
  function board(passkey: string | null) {
    const b = triangleModule.board;
    const hal = createSimHal({ channels: b.channels, kinds: channelKinds(b), seed: 1, modules: 3 });
    startFirmware(hal, triangleModule, { players: 2, options: {}, pollMs: 1, diag: false, maintenance: false, modules: 3, passkey });
    let t = 0;
    const run = (ms: number) => {
      for (const end = t + ms; t < end; t++) {
        hal.inputs.advanceTo(t);
        hal.ticker.fire();
      }
      return hal.chain.text();
    };
    return { hal, run };
  }

  it('shows the passkey while a phone pairs, and the scores again once it paired', () => {
    const { hal, run } = board('093517');
    const scores = run(200);
    assert.notEqual(scores, wordLayout('P 093517'));
    hal.radio.setPairing(true);
    assert.equal(run(200), wordLayout('P 093517'));
    hal.radio.setPairing(false);
    assert.equal(run(200), scores);
  });

  it('shows nothing of the kind on a board without a passkey', () => {
    const { hal, run } = board(null);
    const scores = run(200);
    hal.radio.setPairing(true);
    assert.equal(run(200), scores);
  });
});
