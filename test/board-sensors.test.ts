// How the firmware reads a board: one channel at a time (sensorAt). A board
// of many sensors gives `sensor(ch)`, so that the chip never makes its whole
// sensor list (the fortress board's 96 take some 970 JsVars at once).
import assert from 'node:assert/strict';
import { sensorAt, sensorNames } from '../firmware/board';
import type { BoardDescription, Sensor } from '../firmware/board';
import { fortressBoard } from '../firmware/games/fortress/board';
import { ringapegBoard, pegNames } from '../firmware/games/ringapeg/board';
import { Scanner, channelKinds } from '../firmware/scan';
import { checkFaults, faultWords } from '../firmware/faults';
import { createDiagnostics } from '../firmware/diag';
import { SimInputs } from '../sim/inputs';

describe('reading a board one channel at a time', () => {
  it('the fortress board\'s sensor(ch) is its list\'s sensor on that channel, and none off the board', () => {
    const list = fortressBoard.sensors;
    assert.equal(list.length, 96);
    for (let ch = 0; ch < fortressBoard.channels; ch++) assert.deepEqual(fortressBoard.sensor!(ch), list[ch], `channel ${ch}`);
    for (const ch of [-1, 96, NaN]) assert.equal(fortressBoard.sensor!(ch), undefined);
    assert.deepEqual([list[0].name, list[68].name, list[78].name, list[95].name], ['mouth.EA1.n.lo', 'bell.EA1', 'colours.EA1', 'spot.FD2']);
  });

  it('the Ring-a-Peg board\'s sensor(ch): each peg\'s top and low gates, then the impact switch; its list is the same', () => {
    const board = ringapegBoard();
    const expected: Sensor[] = [];
    for (const peg of pegNames()) expected.push({ name: `peg.${peg}.top`, ch: expected.length, kind: 'ir' }, { name: `peg.${peg}.low`, ch: expected.length + 1, kind: 'ir' });
    expected.push({ name: 'board.impact', ch: 26, kind: 'contact' });
    assert.equal(board.channels, 27);
    for (let ch = 0; ch < board.channels; ch++) assert.deepEqual(board.sensor!(ch), expected[ch], `channel ${ch}`);
    for (const ch of [-1, 27, NaN]) assert.equal(board.sensor!(ch), undefined);
    assert.deepEqual(board.sensors, expected);
  });

  it('sensorAt reads a board without sensor(ch) from its list', () => {
    const board: BoardDescription = { channels: 4, sensors: [{ name: 'b', ch: 3, kind: 'hall' }, { name: 'a', ch: 1, kind: 'contact' }] };
    assert.deepEqual([0, 1, 2, 3].map((ch) => sensorAt(board, ch)?.name), [undefined, 'a', undefined, 'b']);
  });

  it('the scanner, the fault check and diagnostics never ask a board with sensor(ch) for its list', () => {
    let listed = 0;
    const board: BoardDescription = {
      channels: fortressBoard.channels,
      sensor: fortressBoard.sensor,
      get sensors(): Sensor[] {
        listed++;
        return fortressBoard.sensors;
      },
    };
    const inputs = new SimInputs({ channels: board.channels, kinds: channelKinds(fortressBoard), seed: 1 });
    const scanner = new Scanner({ banks: inputs.banks, board, counts: true });
    const reports: string[] = [];
    // Fort EA1's bell held through the moves (a clapper only rings: it holds no state): stuck, told with its name.
    inputs.setExact(5, 68, 1);
    inputs.advanceTo(5);
    scanner.poll(5);
    const memory = faultWords(board);
    const check = (moves: number, report: (ch: number, fault: number) => void) => checkFaults(scanner, memory, moves, report, 0);
    for (let moves = 0; moves <= 3; moves++) check(moves, (ch, fault) => reports.push(`${sensorAt(board, ch)!.name} ${fault}`));
    assert.deepEqual(reports, ['bell.EA1 1']);
    const walks: number[] = [];
    const diag = createDiagnostics(scanner, board, 5, (walk) => walks.push(walk.seen));
    scanner.drain(diag);
    diag.tick(5);
    const report = diag.report(6) as { walk: { of: number; missing: string[] }; ch: number[][] };
    assert.equal(report.walk.of, 96);
    assert.deepEqual(report.walk.missing.slice(0, 2), ['mouth.EA1.n.lo', 'mouth.EA1.n.hi']);
    assert.equal(report.walk.missing.length, 8, 'a few named: the rest in its words');
    assert.deepEqual(report.ch, [], 'no channel rejected a change');
    assert.deepEqual(walks, [1]);
    assert.equal(listed, 0, 'the whole list was never made');
    // The simulator and tests still have the list, and the names by channel.
    assert.equal(sensorNames(board)[95], 'spot.FD2');
  });
});
