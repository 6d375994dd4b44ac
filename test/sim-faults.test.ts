// The simulator's sensor faults (sim/faults.ts, a scenario's `fault` lines):
// malformed lines are refused with their line number, and each fault makes the
// board read what that hardware fault makes it read.
import assert from 'node:assert/strict';
import { parseScenario, ScenarioError } from '../sim/replay';
import { SimFaults } from '../sim/faults';
import { mulberry32 } from '../sim/inputs';
import { fortressBoard } from '../firmware/games/fortress/board';
import { shuffleboardBoard } from '../firmware/games/shuffleboard/board';
import { emptyView, takeMessage } from '../web/lib/board-view';

const FORTRESS = '{"game":"fortress","players":2}';
const SHUFFLEBOARD = '{"game":"shuffleboard","players":2}';

function refusal(header: string, line: object): string {
  try {
    parseScenario(header + '\n' + JSON.stringify(line));
  } catch (e) {
    assert.ok(e instanceof ScenarioError, String(e));
    assert.equal((e as ScenarioError).line, 2);
    return (e as Error).message;
  }
  return '';
}

describe('sim faults: fault lines are checked before anything runs', () => {
  // [header, line, a part of the message]
  const bad: [string, object, string][] = [
    [FORTRESS, { t: 1, fault: 'melted', sensor: 'bell.FA1' }, 'must be one of stuck-active'],
    [FORTRESS, { t: 1, fault: 'stuck', sensor: 'bell.FA1', value: 0.5 }, "this board's sensors are digital"],
    [FORTRESS, { t: 1, fault: 'chatter', sensor: 'bell.XX', hz: 40 }, 'no sensor named "bell.XX"'],
    [FORTRESS, { t: 1, fault: 'chatter', sensor: 'nothing.*', hz: 40 }, 'no sensor name starts with "nothing."'],
    [FORTRESS, { t: 1, fault: 'chatter', sensor: 'bell.FA1' }, '"hz"'],
    [FORTRESS, { t: 1, fault: 'chatter', sensor: 'bell.FA1', hz: 0 }, '"hz"'],
    [FORTRESS, { t: 1, fault: 'chatter', hz: 40 }, 'names its "sensor"'],
    [FORTRESS, { t: 1, fault: 'dropout', sensor: 'spot.EA', hz: 10, ms: 200 }, 'up to one period'],
    [FORTRESS, { t: 1, fault: 'stuck-active', sensor: 'bell.FA1', hz: 3 }, 'unexpected field "hz"'],
    [FORTRESS, { t: 1, fault: 'dead-line', line: 0, level: 0 }, 'must be one of'],
    [SHUFFLEBOARD, { t: 1, fault: 'chatter', sensor: 'grid.1.1', hz: 3 }, "this board's sensors are analog"],
    [SHUFFLEBOARD, { t: 1, fault: 'stuck', sensor: 'grid.1.1', value: 2 }, '"value"'],
    [SHUFFLEBOARD, { t: 1, fault: 'noise', sensor: 'grid.1.1' }, '"amplitude"'],
    [SHUFFLEBOARD, { t: 1, fault: 'drift', sensor: 'grid.1.1', perS: '0.1' }, '"perS"'],
    [SHUFFLEBOARD, { t: 1, fault: 'dead-line', line: 8, level: 0 }, '0 to 7'],
    [SHUFFLEBOARD, { t: 1, fault: 'dead-line', line: 2, level: 3 }, '"level"'],
    [SHUFFLEBOARD, { t: 1, fault: 'lift', sensor: 'grid.1.1', line: 2 }, 'not both'],
  ];
  for (const [header, line, part] of bad) {
    it(`refuses ${JSON.stringify(line)}`, () => {
      const message = refusal(header, line);
      assert.ok(message.includes(part), message);
    });
  }

  it('takes well-formed ones', () => {
    parseScenario([FORTRESS, '{"t":1,"fault":"chatter","sensor":"bell.*","hz":40}', '{"t":2,"fault":"lift","sensor":"bell.*"}', '{"t":3,"fault":"lift"}'].join('\n'));
    parseScenario([SHUFFLEBOARD, '{"t":1,"fault":"inverted","sensor":"grid.*"}', '{"t":2,"fault":"dead-line","line":3,"level":1}', '{"t":3,"fault":"lift","line":3}'].join('\n'));
  });
});

describe('sim faults: what the board reads', () => {
  const bell = 4 * 17 + 5; // bell.FA1: the bells follow the 17 mouths' four switches each.

  it('a chatter of hz makes and breaks the line hz times a second, whatever the sensor sees; lifted, the sensor reads what it sees', () => {
    const f = new SimFaults(fortressBoard, mulberry32(1));
    f.apply({ fault: 'chatter', sensor: 'bell.FA1', hz: 40 }, 1000);
    let changes = 0;
    let last = 0;
    for (let t = 1000; t < 2000; t++) {
      const level = (f.word(bell >> 5, 0, t) >>> (bell & 31)) & 1;
      changes += level !== last ? 1 : 0;
      last = level;
    }
    assert.ok(Math.abs(changes - 80) <= 1, `${changes} changes in a second`);
    assert.equal(f.word(0, 0x55, 1500), 0x55, 'the other banks read as they are');
    f.apply({ fault: 'lift', sensor: 'bell.*' }, 2000);
    assert.equal(f.word(bell >> 5, 0, 2001), 0);
    assert.equal(f.changing(), false);
  });

  it('stuck active and inactive hold the level; a dropout reads inactive for ms, hz times a second, only where the sensor is active', () => {
    const f = new SimFaults(fortressBoard, mulberry32(1));
    f.apply({ fault: 'stuck-active', sensor: 'mouth.EA1.n.lo' }, 0);
    f.apply({ fault: 'stuck-inactive', sensor: 'mouth.EA1.n.hi' }, 0);
    assert.equal(f.word(0, 0b10, 5) & 0b11, 0b01);
    f.apply({ fault: 'dropout', sensor: 'spot.EA', hz: 10, ms: 5 }, 0);
    const spot = 4 * 17 + 10 + 12;
    let out = 0;
    for (let t = 0; t < 1000; t++) out += (f.word(spot >> 5, 1 << (spot & 31), t) >>> (spot & 31)) & 1 ? 0 : 1;
    assert.equal(out, 50, 'ten dropouts of 5 ms');
    assert.equal(f.word(spot >> 5, 0, 3) & (1 << (spot & 31)), 0);
  });

  it('analog: stuck, drift, noise, inverted, floating (never at a rail) and a dead select line', () => {
    const f = new SimFaults(shuffleboardBoard(), mulberry32(7));
    const level = (ch: number) => 0.5 + ch / 10000;
    f.apply({ fault: 'stuck', sensor: 'grid.0.1', value: 0.3 }, 0);
    f.apply({ fault: 'drift', sensor: 'grid.0.2', perS: 0.01 }, 1000);
    f.apply({ fault: 'noise', sensor: 'grid.0.3', amplitude: 0.05 }, 0);
    f.apply({ fault: 'inverted', sensor: 'grid.0.4' }, 0);
    f.apply({ fault: 'floating', sensor: 'grid.0.5' }, 0);
    assert.equal(f.analog(1, 3000, level), 0.3);
    assert.equal(f.analog(2, 3000, level), level(2) + 0.02);
    const reads = Array.from({ length: 50 }, () => f.analog(3, 3000, level) - level(3));
    assert.ok(reads.every((x) => Math.abs(x) <= 0.05) && Math.max(...reads) - Math.min(...reads) > 0.05, 'noise within its amplitude');
    assert.equal(f.analog(4, 3000, level), 1 - level(4));
    f.analog(380, 3000, () => 1);
    const floating = Array.from({ length: 50 }, () => f.analog(5, 3000, level));
    assert.ok(floating.every((x) => x > 0.1 && x < 0.9) && new Set(floating).size > 40, 'mid-range, changing');
    f.apply({ fault: 'lift' }, 4000);
    f.apply({ fault: 'dead-line', line: 1, level: 0 }, 4000);
    assert.equal(f.analog(2, 5000, level), level(0), 'channel 2 reads channel 0');
    assert.equal(f.analog(13, 5000, level), level(13));
    f.apply({ fault: 'lift', line: 1 }, 6000);
    assert.equal(f.analog(2, 7000, level), level(2));
  });
});

describe('sim faults: the companion page keeps the faults told', () => {
  it('a sensor back in service (ok naming it) leaves the others marked; ok alone ends the faults of no one sensor', () => {
    const view = emptyView();
    for (const m of [
      { type: 'fault', fault: 'chatter', ch: 73, sensor: 'bell.FA1' },
      { type: 'fault', fault: 'stuck', ch: 0, sensor: 'mouth.EA1.n.lo' },
      { type: 'fault', fault: 'bank' },
      { type: 'fault', fault: 'ok', ch: 73, sensor: 'bell.FA1' },
    ]) takeMessage(view, m);
    assert.deepEqual(view.faults.map((f) => f.fault), ['stuck', 'bank']);
    takeMessage(view, { type: 'fault', fault: 'ok' });
    assert.deepEqual(view.faults.map((f) => f.sensor), ['mouth.EA1.n.lo']);
  });
});
