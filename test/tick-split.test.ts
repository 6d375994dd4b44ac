// A move's work is spread over scan ticks, so that no one tick holds the interpreter for all of it (docs/budgets.md,
// How long a call holds the interpreter): the call that brings a phone's data only keeps them, the next scan tick
// checks its line, the one after carries its command out (plays it and saves it), the next tells the phone and the
// advert, the one after draws the display. A button's press does all three in its own call
// (a board at rest ticks twice a second). What each tick leaves is checked here; how long each holds is `npm run
// bench holds`'s.
import assert from 'node:assert/strict';
import { startFirmware } from '../firmware/runtime';
import { channelKinds } from '../firmware/scan';
import { game as triangle } from '../firmware/games/triangle/index';
import { game as ringapeg } from '../firmware/games/ringapeg/index';
import { game as fortress } from '../firmware/games/fortress/index';
import type { AnyGameModule } from '../firmware/games/registry';
import { createSimHal } from '../sim/hal';

/** A board of `mod` booted and left to settle (`fw`: the firmware); `tick` runs one scan tick a ms later and says what it left. */
function board(mod: AnyGameModule) {
  const b = mod.board;
  const hal = createSimHal({ channels: b.channels, kinds: channelKinds(b), seed: 1, modules: 3 });
  const fw = startFirmware(hal, mod as never, { players: 2, options: {}, pollMs: 1, diag: false, modules: 3 });
  let t = 0;
  const seen = () => ({ lines: hal.radio.notifications.map((n) => n.chunk).join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: string; scores?: number[] }), adverts: hal.radio.adverts.length, display: hal.chain.text() });
  const tick = () => {
    hal.inputs.advanceTo(++t);
    hal.ticker.fire();
    return seen();
  };
  for (let i = 0; i < 300; i++) tick();
  hal.radio.notifications.length = 0;
  return { hal, fw, tick, seen };
}

describe('tick split: a line is checked, its command played, told and drawn, each at a scan tick of its own; a press in one call', () => {
  const plays: [string, AnyGameModule, object, number[]][] = [
    ['triangle', triangle as AnyGameModule, { cmd: 'flick', r: 'partly' }, [1, 0]],
    ['ringapeg', ringapeg as AnyGameModule, { cmd: 'ring', peg: 'k' }, [25, 0]],
  ];
  for (const [name, mod, command, scores] of plays) {
    it(`${name}: ${JSON.stringify(command)} is checked at the tick after its data, played at the next, told at the next, drawn at the one after`, () => {
      const { hal, tick, seen } = board(mod);
      const before = seen();
      hal.radio.command(command, true);
      assert.deepEqual(seen(), before, 'nothing done in the call that brings the data');
      const checked = tick();
      assert.deepEqual(checked.lines, [], 'nothing played as the line is checked');
      const played = tick();
      assert.deepEqual(played.lines.map((l) => l.type), ['score'], 'played: its score told, no state');
      assert.equal(played.adverts, before.adverts, 'nor advertised');
      assert.equal(played.display, before.display, 'nor drawn');
      const told = tick();
      assert.deepEqual(told.lines.filter((l) => l.type === 'state').map((l) => l.scores), [scores], 'told at the next tick');
      assert.equal(told.adverts, before.adverts + 1, 'and advertised');
      assert.equal(told.display, before.display, 'not drawn yet');
      const drawn = tick();
      assert.notEqual(drawn.display, before.display, 'drawn at the one after');
      assert.equal(drawn.lines.length, told.lines.length, 'nothing told again');
      assert.equal(drawn.adverts, told.adverts);
    });
  }

  it('fortress: what the board finds at a new game is played at the tick after the `new`, which does nothing else; the new game is told at the next', () => {
    // (The simulator's table at boot has every ball off its spot: the found makes moves of it, and the game holds them
    // as happenings of a stroke begun, `ph`. The state message does not show them: the game's own state does.)
    const { hal, fw, tick: scan } = board(fortress as AnyGameModule);
    const tick = () => Object.assign(scan(), { ph: (fw.view().state as { ph?: string }).ph });
    hal.radio.command({ cmd: 'new', game: 'fortress', players: 2 }, true);
    const checked = tick();
    assert.ok(checked.ph, 'the game in play, its found played at power-up');
    const begun = tick();
    assert.equal(begun.ph, undefined, 'the new game begun, what the board finds not yet played');
    const found = tick();
    assert.equal(found.ph, 'EA- ED1- ED2- FA- FD1- FD2-', 'played at the next tick');
    assert.deepEqual([found.lines, found.adverts, found.display], [begun.lines, begun.adverts, begun.display], 'which does nothing else');
    const told = tick();
    assert.deepEqual(told.lines.filter((l) => l.type === 'state').length, 1, 'the new game told at the next');
  });

  it('triangle: two commands in one piece of data: the first is told at a tick of its own before the second line is checked (in a burst the tell found no tick, and the next command told it in its own)', () => {
    const { hal, tick } = board(triangle as AnyGameModule);
    hal.radio.write('{"cmd":"flick","r":"partly"}\n{"cmd":"flick","r":"short"}\n', true);
    const types = () => tick().lines.map((l) => l.type).join(' ');
    assert.deepEqual([types(), types(), types(), types(), types(), types()], [
      '', 'score', 'score state', 'score state', 'score state score', 'score state score state',
    ], 'check, play, tell; check, play, tell');
  });

  it('ringapeg: a press of the board button that plays a move tells and draws it in the press\'s own call', () => {
    const { hal, tick, seen } = board(ringapeg as AnyGameModule);
    hal.radio.command({ cmd: 'ring', peg: 'k' }, true);
    for (let i = 0; i < 10; i++) tick();
    const before = seen();
    // (`next` ends the turn: the march not taken.)
    hal.buttons.press('next', 100);
    const after = seen();
    assert.equal(after.lines.filter((l) => l.type === 'state').length, before.lines.filter((l) => l.type === 'state').length + 1, 'told at once');
    assert.equal(after.adverts, before.adverts + 1, 'advertised at once');
    assert.notEqual(after.display, before.display, 'drawn at once');
  });

  it('ringapeg diagnostics: the walk test\'s state is worked out at a tick that does nothing else, a command and a tell wait for the next (the two with a report at one tick held it over 20 ms)', () => {
    const { hal, tick } = board(ringapeg as AnyGameModule);
    const kinds = (lines: { type: string; walk?: unknown; levels?: unknown }[]) => lines.map((l) => l.type === 'diag' ? (l.levels ? 'report' : 'walk') : l.type).join(' ');
    hal.radio.write('{"cmd":"diag","on":true}\n', true);
    const checked = tick();
    const begun = tick();
    assert.deepEqual([kinds(checked.lines), kinds(begun.lines)], ['', ''], 'checked, then carried out: diagnostics made');
    const worked = tick();
    assert.deepEqual(kinds(worked.lines), '', 'the walk test\'s state worked out, nothing told');
    assert.equal(worked.adverts, begun.adverts, 'nor advertised');
    const told = tick();
    assert.deepEqual(kinds(told.lines), 'report', 'the report told at the next tick');
    assert.equal(told.adverts, begun.adverts + 1, 'and advertised');
    for (let i = 0; i < 5; i++) tick();
    hal.radio.notifications.length = 0;
    hal.radio.write('{"cmd":"diag","walk":true}\n{"cmd":"diag"}\n', true);
    const steps = [tick(), tick(), tick(), tick(), tick()].map((s) => kinds(s.lines));
    assert.deepEqual(steps, ['', '', 'walk', 'walk', 'walk report'], 'walk checked, begun again; its message at a tick of its own; the report checked, then told');
  });

  it('triangle: a move and `diag on` in one piece of data: the tick that works out the walk test\'s state neither tells nor draws what the move left (hostile round 39: it drew, and the draw told the report and the advert with it)', () => {
    const { hal, tick } = board(triangle as AnyGameModule);
    hal.radio.write('{"cmd":"flick","r":"perfect"}\n{"cmd":"diag","on":true}\n', true);
    const steps: string[] = [];
    let display = hal.chain.text();
    let lines = 0;
    for (let i = 0; i < 8; i++) {
      const now = tick();
      const types = now.lines.slice(lines).map((l) => l.type === 'diag' ? 'report' : l.type);
      lines = now.lines.length;
      if (now.display !== display) types.push('draw');
      display = now.display;
      steps.push(types.join(' '));
    }
    assert.deepEqual(steps, ['', 'score', 'state', '', '', '', 'report', 'draw'],
      'check, play, tell; check `diag on`, carry it out; the walk test\'s state alone; the report told; drawn');
  });
});
