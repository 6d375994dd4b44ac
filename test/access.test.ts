import assert from 'node:assert/strict';
import { createAccess, decide, makePasskey, ALLOW, CONFIRM, REFUSE, type AccessOptions } from '../firmware/access';
import { createCommandChannel, type Command } from '../firmware/commands';
import { createSimRadio } from '../sim/radio';
import { decodeChunks } from '../sim/phone';
import { replay } from '../sim/replay';

describe('access: the policy', () => {
  // [what, edit, paired, buttonConfirm, expected]
  const cases: [string, boolean, boolean, boolean, number][] = [
    ['read-only, unpaired: allowed', false, false, true, ALLOW],
    ['read-only, paired: allowed', false, true, true, ALLOW],
    ['change, paired: allowed', true, true, true, ALLOW],
    ['change, unpaired: needs the button', true, false, true, CONFIRM],
    ['change, unpaired, button confirmation off: refused', true, false, false, REFUSE],
  ];
  for (const [what, edit, paired, buttonConfirm, expected] of cases) {
    it(what, () => {
      const access = createAccess({ buttonConfirm });
      assert.equal(decide(access, { edit, paired }), expected);
    });
  }

  it('passkeys are six digits from the random source', () => {
    let seed = 7;
    const random = (): number => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
    const keys = [makePasskey(random), makePasskey(random), makePasskey(random)];
    for (const k of keys) assert.match(k, /^[0-9]{6}$/);
    assert.equal(new Set(keys).size, 3);
    assert.equal(makePasskey(() => 0.999999), '999999');
    assert.equal(makePasskey(() => 1), '000000', 'an out-of-range source cannot give a 7-character key');
  });
});

/** A channel whose handler changes a small game state, to show refusals leave it alone. */
function rig(options: Partial<AccessOptions> = {}) {
  let now = 0;
  const radio = createSimRadio(() => now);
  const state = { undos: 0, game: 'triangle', handled: [] as string[] };
  const prompts: number[] = [];
  const access = createAccess(options);
  const channel = createCommandChannel({
    radio, access, clock: { now: () => now }, games: 'triangle|fortress|ringapeg',
    handle: (c: Command) => {
      state.handled.push(c.name);
      if (c.name === 'undo') state.undos++;
      if (c.name === 'new') state.game = c.args.game as string;
      return null;
    },
    countdown: (s) => prompts.push(s),
  });
  const replies = () => decodeChunks(radio.notifications.map((n) => n.chunk));
  const at = (t: number) => { now = t; };
  return { radio, channel, state, prompts, replies, at };
}

describe('access: refusals and confirmations through the channel', () => {
  it('an unpaired phone may read: state runs at once', () => {
    const r = rig({ buttonConfirm: false });
    r.radio.write('{"cmd":"state","id":5}\n', false);
    assert.deepEqual(r.state.handled, ['state']);
    assert.deepEqual(r.replies(), [{ type: 'ok', cmd: 'state', id: 5 }]);
  });

  it('an unpaired phone may ask for the diagnostics report; turning diagnostics on or off is a change', () => {
    const r = rig({ buttonConfirm: false });
    r.radio.write('{"cmd":"diag","id":6}\n', false);
    assert.deepEqual(r.state.handled, ['diag']);
    r.at(1000);
    r.radio.write('{"cmd":"diag","on":true,"id":7}\n', false);
    assert.deepEqual(r.state.handled, ['diag']);
    assert.deepEqual(r.replies(), [{ type: 'ok', cmd: 'diag', id: 6 }, { type: 'error', code: 'not_allowed', message: 'pair first', id: 7 }]);
  });

  it('an unpaired change waits for the button: a press in time runs it', () => {
    const r = rig();
    r.at(1000);
    r.radio.write('{"cmd":"undo","id":1}\n', false);
    assert.equal(r.state.undos, 0, 'nothing runs before the press');
    assert.deepEqual(r.replies(), [{ type: 'confirm', cmd: 'undo', ms: 10000, id: 1 }]);
    assert.equal(r.channel.held?.name, 'undo');
    assert.deepEqual(r.prompts, [10]);
    r.at(4500);
    r.channel.tick(4500);
    assert.deepEqual(r.prompts, [10, 7], 'the display counts down');
    assert.equal(r.channel.confirm!(4600), true);
    assert.equal(r.state.undos, 1);
    assert.deepEqual(r.prompts, [10, 7, 0], 'the prompt is taken down');
    assert.deepEqual(r.replies().slice(1), [{ type: 'ok', cmd: 'undo', id: 1 }]);
    assert.equal(r.channel.confirm!(4700), false, 'a later press is not for the channel');
  });

  it('no press within the window: timeout, nothing changed, a late press does nothing', () => {
    const r = rig();
    r.radio.write('{"cmd":"new","game":"fortress","players":2}\n', false);
    r.channel.tick(9999);
    assert.equal(r.channel.held?.name, 'new');
    r.channel.tick(10000);
    assert.equal(r.channel.held, null);
    assert.equal(r.channel.confirm!(10001), false);
    assert.equal(r.state.game, 'triangle');
    const last = r.replies().pop();
    assert.equal(last?.type, 'error');
    assert.equal(last?.code, 'timeout');
  });

  it('a second change while one waits for the button: busy, and the first still runs on the press', () => {
    const r = rig();
    r.radio.write('{"cmd":"undo"}\n', false);
    r.at(2000);
    r.radio.write('{"cmd":"new","game":"ringapeg","players":2}\n', false);
    assert.equal(r.replies().pop()?.code, 'busy');
    r.channel.confirm!(2500);
    assert.equal(r.state.undos, 1);
    assert.equal(r.state.game, 'triangle');
  });

  it('button confirmation off: an unpaired change is refused with not_allowed', () => {
    const r = rig({ buttonConfirm: false });
    r.radio.write('{"cmd":"undo"}\n', false);
    assert.equal(r.state.undos, 0);
    assert.equal(r.replies()[0].code, 'not_allowed');
    assert.equal(r.channel.confirm!(1), false);
  });

  it('a line made of paired and unpaired chunks is treated as unpaired', () => {
    const r = rig({ buttonConfirm: false });
    r.radio.write('{"cmd":', true);
    r.radio.write('"undo"}\n', false);
    r.radio.write('{"cmd":"un', false);
    r.radio.write('do"}\n', true);
    assert.equal(r.state.undos, 0);
    assert.deepEqual(r.replies().map((m) => m.code), ['not_allowed', 'not_allowed']);
    r.radio.write('{"cmd":"undo"}\n', true);
    assert.equal(r.state.undos, 1, 'a wholly paired line afterwards is trusted');
  });
});

describe('access: the board confirms with both buttons together, and a game press stays the game\'s', () => {
  function run(lines: object[]) {
    const text = [{ game: 'triangle', players: 2, seed: 1 }, ...lines].map((l) => JSON.stringify(l)).join('\n');
    return replay(text).lines.map((l) => JSON.parse(l));
  }
  const final = (out: { final?: { scores: number[]; state: { n: number; l: string } } }[]) => out[out.length - 1].final!;
  const NEW = { cmd: 'new', game: 'triangle', players: 3, id: 'n' };

  it('while an unpaired new waits, a press of next or mode does its job for the game, and both buttons run the new', () => {
    const out = run([
      { t: 1000, do: 'flick', stopMm: -1 }, { t: 3500, do: 'flick', stopMm: -2 },
      { t: 6000, phone: NEW, paired: false },
      { t: 6500, button: 'mode', holdMs: 1500 },
      { t: 7000, button: 'next', holdMs: 100 },
    ]);
    const scored = out.filter((l) => l.phone && l.phone.type === 'score' && l.t >= 6500).map((l) => l.phone.rule);
    assert.deepEqual(scored, ['undo', 'T3'], 'the long mode took back a flick, the short next corrected the one left');
    assert.equal(final(out).state.n, 2, 'the new game still waits');
    assert.equal(final(out).state.l, 'beyond', 'perfect, corrected to the next result');
    const confirmed = run([{ t: 1000, phone: NEW, paired: false }, { t: 2000, button: 'both', holdMs: 100 }]);
    assert.equal(final(confirmed).state.n, 3);
    assert.ok(confirmed.some((l) => l.phone && l.phone.type === 'ok' && l.phone.id === 'n'));
  });
});

describe('a new game from the phone with a misspelt option', () => {
  it('is refused with the option\'s name, and the game in play goes on', () => {
    const text = [{ game: 'ringapeg', players: 2, seed: 1 }, { t: 1000, phone: { cmd: 'new', game: 'ringapeg', players: 3, options: { varient: 'advance' }, id: 1 } }]
      .map((l) => JSON.stringify(l)).join('\n');
    const out = replay(text).lines.map((l) => JSON.parse(l));
    assert.deepEqual(out.filter((l) => l.phone && l.phone.type === 'error').map((l) => l.phone), [{ type: 'error', code: 'bad_arg', message: 'varient: unknown', id: 1 }]);
    assert.equal(out[out.length - 1].final.state.n, 2);
  });
});
