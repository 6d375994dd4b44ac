// Undo for every game (issue 7): repeatable, by phone or by a long press of
// `mode`, written to the log like any move, so it survives a power cut.
import assert from 'node:assert/strict';
import { parsedIn } from './parsed-in';
import { readFileSync } from 'node:fs';
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

/** A phone's command to a simulated board: its line checked at the scan tick after its data, carried out at the next (firmware/commands.ts). */
function send(hal: ReturnType<typeof createSimHal>, command: object): void {
  hal.radio.command(command, true);
  hal.ticker.fire();
  hal.ticker.fire();
}

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

  describe('an undo reads the log back a record a scan tick, the board scanning and serving the phone meanwhile', () => {
    // The first 39 snaps of the example advance game (a log of some 40 records), then an undo from the phone.
    const prefix = readFileSync('scenarios/ringapeg-advance.jsonl', 'utf8').trim().split('\n').slice(0, 40);
    const undoAt = JSON.parse(prefix[prefix.length - 1]).t + 1500;
    const played = (after: object[]) => run(JSON.parse(prefix[0]), [...prefix.slice(1).map((l) => JSON.parse(l)), { t: undoAt, phone: { cmd: 'undo' } }, ...after]);
    const told = (out: { t: number; phone?: { type: string } }[]) => out.filter((l) => l.phone && l.t >= undoAt).map((l) => l.phone!);

    it('no scan tick parses more than four records of the log, however long it is', () => {
      const flash = new SimFlash();
      const hal = createSimHal({ channels: triangle.board.channels, kinds: channelKinds(triangle.board), seed: 1, modules: 3, flash });
      startFirmware(hal, triangle, { players: 2, options: {}, pollMs: 1, diag: false, modules: 3 });
      for (const records of [10, 60]) {
        send(hal, { cmd: 'new', game: 'triangle', players: 2 });
        for (let i = 0; i < records; i++) send(hal, { cmd: 'flick', r: i % 2 ? 'short' : 'partly' });
        const perTick: number[] = [];
        hal.radio.command({ cmd: 'undo' }, true);
        assert.equal(parsedIn(() => hal.ticker.fire()), 0, 'the scan tick that carries out the undo reads no record');
        while (!hal.radio.notifications.some((n) => n.chunk.includes('"undone"')) && perTick.length < 1000) {
          perTick.push(parsedIn(() => hal.ticker.fire()));
        }
        assert.ok(Math.max(...perTick) <= 4, `${records} records: at most ${Math.max(...perTick)} parsed in a tick`);
        assert.ok(perTick.length > records / 2, `${records} records read back in ${perTick.length} ticks`);
        hal.radio.notifications.length = 0;
      }
    });

    it('meanwhile the display shows undo, the phone is told the game as it was; another undo, a referee\'s move and a new game are refused (undoing)', () => {
      const out = played([
        { t: undoAt + 4, phone: { cmd: 'state', id: 1 } }, { t: undoAt + 6, phone: { cmd: 'undo', id: 2 } },
        { t: undoAt + 8, phone: { cmd: 'ring', peg: 'k', id: 3 } }, { t: undoAt + 10, phone: { cmd: 'new', game: 'ringapeg', players: 2, id: 4 } },
        { t: undoAt + 12, button: 'mode', holdMs: 1500 },
      ]);
      const phone = told(out as never) as { type: string; id?: number; code?: string; message?: string; scores?: number[] }[];
      const undone = phone.findIndex((m) => m.type === 'undone');
      const before = run(JSON.parse(prefix[0]), prefix.slice(1).map((l) => JSON.parse(l)));
      assert.deepEqual(phone[0].scores, finalOf(before).scores, 'the state told meanwhile is the game as it was');
      assert.deepEqual(phone.filter((m) => m.type === 'error').map((m) => [m.id, m.code, m.message]), [2, 3, 4].map((id) => [id, 'not_now', 'an undo is still being read back from the log: try again once it is told']));
      assert.ok(phone.findIndex((m) => m.type === 'error') < undone, 'refused before the undo is told');
      const flagged = phone.findIndex((m) => m.type === 'flag' && m.message === 'an undo is still being read back from the log: try again once it is told');
      assert.ok(flagged >= 0 && flagged < undone, 'and the mode button\'s undo, flagged');
      assert.deepEqual(finalOf(out).scores, finalOf(played([])).scores, 'the undo alone changed the game');
      const shown = (out as { t: number; display?: string }[]).filter((l) => l.display !== undefined && l.t >= undoAt);
      assert.equal(shown[0].display, 'undo');
      assert.ok(shown[0].t < (out as { t: number; phone?: { type: string } }[]).find((l) => l.phone && l.phone.type === 'undone')!.t, 'shown until the undo is told');
      assert.notEqual(shown[1].display, 'undo');
    });

    it('with the sensors not trusted (a fault told), the fault\'s note stays on the display through the undo, never undo left after it', () => {
      const out = run(JSON.parse(prefix[0]), [...prefix.slice(1).map((l) => JSON.parse(l)),
        { t: undoAt - 1000, fault: 'stuck-active', sensor: '*' }, { t: undoAt, phone: { cmd: 'undo' } }]) as { t: number; display?: string; phone?: { type: string } }[];
      const shown = out.filter((l) => l.display !== undefined && l.t >= undoAt - 1000).map((l) => l.display);
      assert.equal(shown[0], 'Err SEnS');
      assert.ok(out.some((l) => l.phone && l.phone.type === 'undone'), 'the undo is told');
      assert.ok(!shown.includes('undo'), shown.join(' / '));
    });

    it('a move the sensors make meanwhile has the rest read back at once, and is scored once, after the undo', () => {
      const alone = played([]);
      const out = played([{ t: undoAt + 4, do: 'snap', peg: 'i1' }]);
      const phone = told(out as never) as { type: string; rule?: string; points?: number }[];
      const scored = phone.filter((m) => m.type === 'score');
      assert.equal(scored[0].rule, 'undo', 'the undo is told first');
      const snap = scored.filter((m) => m.rule !== 'undo');
      assert.equal(snap.length, 1, 'the snap is scored once');
      assert.ok(phone.findIndex((m) => m.type === 'undone') < phone.indexOf(snap[0]));
      const withSnap = finalOf(out).scores;
      assert.deepEqual(withSnap, finalOf(alone).scores.map((v, p) => v + (p === (snap[0] as { player?: number }).player ? snap[0].points! : 0)));
    });
  });

  it('a phone\'s undo lets the command channel go at the scan tick that carries it out, before the log is read back (a board keeps no channel through the read-back\'s peak)', () => {
    const hal = createSimHal({ channels: triangle.board.channels, kinds: channelKinds(triangle.board), seed: 1, modules: 3, flash: new SimFlash() });
    const firmware = startFirmware(hal, triangle, { players: 2, options: {}, pollMs: 1, diag: false, modules: 3 });
    // What hears a phone's data when no channel is kept (the command path's: firmware/command-path.ts).
    const noChannel = hal.radio.onData;
    for (const r of ['perfect', 'short', 'partly']) send(hal, { cmd: 'flick', r });
    hal.radio.command({ cmd: 'undo' }, true);
    hal.ticker.fire();
    assert.notEqual(hal.radio.onData, noChannel, 'the line checked, on a channel');
    hal.ticker.fire();
    assert.ok(firmware.view().undoing, 'the undo carried out: the log is read back from the next tick');
    assert.equal(hal.radio.onData, noChannel, 'and the channel let go');
    for (let i = 0; i < 50 && firmware.view().undoing; i++) hal.ticker.fire();
    assert.match(hal.radio.notifications.map((n) => n.chunk).join(''), /"type":"undone"/);
  });

  it('a record that throws as the undo plays it again ends the undo as a log unreadable: flagged, the game as it was, the board not stuck', () => {
    let replaying = false;
    const flick = triangle.moves.flick;
    const game = { ...triangle, moves: { ...triangle.moves, flick: (s: Parameters<typeof flick>[0], m: Parameters<typeof flick>[1]) => { if (replaying) throw new Error('a rule that throws'); return flick(s, m); } } };
    const hal = createSimHal({ channels: triangle.board.channels, kinds: channelKinds(triangle.board), seed: 1, modules: 3, flash: new SimFlash() });
    const firmware = startFirmware(hal, game, { players: 2, options: {}, pollMs: 1, diag: false, modules: 3 });
    for (const r of ['perfect', 'short']) send(hal, { cmd: 'flick', r });
    const scores = firmware.view().scores;
    replaying = true;
    const from = hal.radio.notifications.length;
    send(hal, { cmd: 'undo' });
    assert.ok(firmware.view().undoing, 'the undo reads the log back');
    for (let i = 0; i < 50 && firmware.view().undoing; i++) hal.ticker.fire();
    assert.equal(firmware.view().undoing, false, 'the undo ended');
    const said = hal.radio.notifications.slice(from).map((n) => n.chunk).join('');
    assert.match(said, /"type":"flag","message":"log"/);
    assert.doesNotMatch(said, /"undone"/);
    assert.deepEqual(firmware.view().scores, scores);
    replaying = false;
    send(hal, { cmd: 'flick', r: 'perfect', id: 7 });
    assert.match(hal.radio.notifications.slice(from).map((n) => n.chunk).join(''), /"type":"ok","cmd":"flick","id":7/, 'it plays on');
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
      send(hal, cmd);
      return hal.radio.notifications.slice(from).map((n) => n.chunk);
    };
    const refusals = (chunks: string[]) => decodeChunks(chunks, gameWords())
      .filter((m) => m.type === 'error' || m.type === 'flag').map((m) => [m.type, m.code, m.message]);
    // The decoder learns the game from the board's state messages.
    const all = [...hal.radio.notifications.map((n) => n.chunk), ...said({ cmd: 'undo' })];
    said({ cmd: 'diag', on: true });
    // (The tick after diagnostics begin works out the walk test's state, and does nothing else.)
    hal.ticker.fire();
    all.push(...said({ cmd: 'flick', r: 'perfect' }));
    said({ cmd: 'diag', on: false });
    said({ cmd: 'flick', r: 'perfect' });
    flash.full = true;
    all.push(...said({ cmd: 'undo' }));
    flash.full = false;
    // A log that lost its setup record (a failing flash) cannot be replayed.
    // (Found as the undo reads the log back, a record a scan tick: flagged then.)
    flash.files[LOG] = flash.files[LOG].slice(1);
    const from = hal.radio.notifications.length;
    said({ cmd: 'undo' });
    for (let i = 0; i < 20; i++) hal.ticker.fire();
    all.push(...hal.radio.notifications.slice(from).map((n) => n.chunk));
    assert.deepEqual(refusals(all), [
      ['error', 'not_now', 'nothing to undo'],
      ['error', 'not_now', 'in diagnostics'],
      ['flag', 'not_saved', 'Storage is full'],
      ['error', 'not_now', 'not saved'],
      ['flag', undefined, 'log unreadable'],
    ]);
  });
});
