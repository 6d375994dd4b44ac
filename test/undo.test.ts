// Undo for every game (issue 7): repeatable, by phone or by a long press of
// `mode`, written to the log like any move, so it survives a power cut.
import assert from 'node:assert/strict';
import { replay } from '../sim/replay';
import { startFirmware } from '../firmware/runtime';
import { LOG } from '../firmware/persist';
import { channelKinds } from '../firmware/scan';
import { game as triangle } from '../firmware/games/triangle/index';
import { createSimHal } from '../sim/hal';
import { SimFlash } from '../sim/flash';
import { decodeChunks } from '../sim/phone';
import { gameWords } from '../sim/words';

function run(header: object, lines: object[]) {
  return replay([JSON.stringify(header), ...lines.map((l) => JSON.stringify(l))].join('\n')).lines.map((l) => JSON.parse(l));
}
const finalOf = (out: { final?: { scores: number[]; state: unknown } }[]) => out[out.length - 1].final as { scores: number[]; state: { lf?: number[] } };
const errors = (out: { phone?: { type: string; code: string } }[]) => out.filter((l) => l.phone && l.phone.type === 'error').map((l) => l.phone!.code);

const RINGAPEG = { game: 'ringapeg', players: 2, options: { variant: 'primary' }, seed: 1 };

describe('undo, for every game', () => {
  it('Ring-a-Peg: undo is repeatable, one snap at a time, and scores go back with rule "undo"', () => {
    const out = run(RINGAPEG, [
      { t: 1000, do: 'snap', peg: 'o1' }, { t: 3000, do: 'snap', peg: 'i1' }, { t: 5000, do: 'snap', peg: 'k' },
      { t: 8000, phone: { cmd: 'undo' } }, { t: 9000, phone: { cmd: 'undo' } },
    ]);
    const undone = out.filter((l) => l.phone && l.phone.type === 'score' && l.phone.rule === 'undo').map((l) => [l.phone.player, l.phone.points]);
    assert.deepEqual(undone, [[0, -25], [1, -10]]);
    assert.deepEqual(finalOf(out).scores, [5, 0]);
    assert.deepEqual(finalOf(out).state.lf, [7, 8], 'the rings taken back are to be snapped again');
  });

  it('undo with nothing left to take back is refused (not_now) and changes nothing', () => {
    const out = run(RINGAPEG, [{ t: 1000, do: 'snap', peg: 'o1' }, { t: 3000, phone: { cmd: 'undo' } }, { t: 4000, phone: { cmd: 'undo' } }]);
    assert.deepEqual(errors(out), ['not_now']);
    assert.deepEqual(finalOf(out).scores, [0, 0]);
  });

  it('a long press of mode takes back the last flick; a short one does nothing', () => {
    const out = run({ game: 'triangle', players: 2, seed: 1 }, [
      { t: 1000, do: 'flick', stopMm: -1 }, { t: 3500, do: 'flick', stopMm: -2 },
      { t: 7000, button: 'mode', holdMs: 200 }, { t: 8000, button: 'mode', holdMs: 1500 },
    ]);
    assert.deepEqual(finalOf(out).scores, [3, 0], 'two perfect flicks, one taken back');
  });

  it('undos are saved: after a power cut the game comes back without the moves taken back', () => {
    const lines = [
      { t: 1000, do: 'snap', peg: 'o1' }, { t: 3000, do: 'snap', peg: 'i1' },
      { t: 6000, phone: { cmd: 'undo' } },
    ];
    const steady = finalOf(run(RINGAPEG, lines));
    const cut = run(RINGAPEG, [...lines, { t: 7000, power: 'cut' }, { t: 7500, power: 'on' }]);
    assert.deepEqual(finalOf(cut).state, steady.state);
    const told = cut.find((l) => l.phone && l.phone.type === 'restored');
    assert.deepEqual([told.phone.moves, told.phone.dropped], [1, 0]);
  });

  it('the core\'s refusals are codes, to which the phone\'s decoder gives their words (firmware/words.json)', () => {
    /** A flash that fills up when told. */
    class FillingFlash extends SimFlash {
      full = false;
      append(name: string, data: string): void {
        if (this.full) throw new Error('Storage is full');
        super.append(name, data);
      }
    }
    const flash = new FillingFlash();
    const hal = createSimHal({ channels: triangle.board.channels, kinds: channelKinds(triangle.board), seed: 1, modules: 3, flash });
    startFirmware(hal, triangle, { players: 2, options: {}, pollMs: 1, diag: false, modules: 3 });
    const said = (cmd: object) => {
      const from = hal.radio.notifications.length;
      hal.radio.command(cmd, true);
      return hal.radio.notifications.slice(from).map((n) => n.chunk);
    };
    const refusals = (chunks: string[]) => decodeChunks(chunks, gameWords())
      .filter((m) => m.type === 'error' || m.type === 'flag').map((m) => [m.type, m.code, m.message]);
    // The decoder learns the game from the board's state messages.
    const all = [...hal.radio.notifications.map((n) => n.chunk), ...said({ cmd: 'undo' })];
    said({ cmd: 'diag', on: true });
    all.push(...said({ cmd: 'flick', r: 'perfect' }));
    said({ cmd: 'diag', on: false });
    said({ cmd: 'flick', r: 'perfect' });
    flash.full = true;
    all.push(...said({ cmd: 'undo' }));
    flash.full = false;
    // A log that lost its setup record (a failing flash) cannot be replayed.
    flash.files[LOG] = flash.files[LOG].slice(1);
    all.push(...said({ cmd: 'undo' }));
    assert.deepEqual(refusals(all), [
      ['error', 'not_now', 'nothing to undo'],
      ['error', 'not_now', 'in diagnostics'],
      ['flag', 'not_saved', 'Storage is full'],
      ['error', 'not_now', 'not saved'],
      ['error', 'not_now', 'log unreadable'],
    ]);
  });
});
