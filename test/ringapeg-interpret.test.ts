// Physics → sensor events → interpreter → moves. Most cases feed the physics'
// level changes straight in as EDGE events (the tiny adapter below); the last
// group runs them through the real scanner (firmware/scan.ts) polled every ms.
import assert from 'node:assert/strict';
import { BoardDescription } from '../firmware/board';
import { EDGE, TRANSIT, Interpreter } from '../firmware/sensing';
import { Scanner } from '../firmware/scan';
import { ringapegBoard, pegIndex } from '../firmware/games/ringapeg/board';
import { createRingapegInterpreter } from '../firmware/games/ringapeg/interpret';
import { RingapegMove } from '../firmware/games/ringapeg/rules';
import { createRingapegWorld, RingapegWorld } from '../sim/physics/ringapeg';
import { LevelChange } from '../sim/physics/types';

const BOARD = ringapegBoard();
const P = (name: string): number => pegIndex(name);

/** Feeds level changes as EDGE events in time order, ticking before each, then lets every timeout run out. */
function feedEdges(interp: Interpreter, changes: LevelChange[]): void {
  const sorted = changes.slice().sort((a, b) => a.t - b.t);
  for (const c of sorted) {
    interp.tick(c.t);
    interp.sense(EDGE, c.ch, c.level, c.t);
  }
  const lastT = sorted.length ? sorted[sorted.length - 1].t : 0;
  interp.tick(lastT + 5000);
}

/** An interpreter as the runtime gives it: every sensor in service. */
function inService(interp: Interpreter): Interpreter {
  interp.out = () => 0;
  return interp;
}

/** A world and an interpreter on the same board, the moves collected. */
function rig(board: BoardDescription = BOARD): { world: RingapegWorld; moves: RingapegMove[]; interp: Interpreter } {
  const moves: RingapegMove[] = [];
  return { world: createRingapegWorld(board), moves, interp: inService(createRingapegInterpreter((m) => moves.push(m), () => {})) };
}

type Step = (w: RingapegWorld) => LevelChange[];
const cases: Array<[string, Step[], RingapegMove[]]> = [
  ['a snap over o3 is a ring added on o3', [(w) => w.snap(100, 'o3')], [{ k: 'ring', peg: 'o3' }]],
  ['a snap off every peg is a miss (impact, no transit)', [(w) => w.snap(100, null)], [{ k: 'ring', peg: 'none' }]],
  ['a ring bouncing off o3\'s top then off the pegs: the partial transit does not count, it is a miss',
    [(w) => w.snap(100, null, 'o3')], [{ k: 'ring', peg: 'none' }]],
  ['a ring bouncing off o3\'s top onto o4 is added on o4 only', [(w) => w.snap(100, 'o4', 'o3')], [{ k: 'ring', peg: 'o4' }]],
  ['a ring bouncing off k\'s top back down over k is added once', [(w) => w.snap(100, 'k', 'k')], [{ k: 'ring', peg: 'k' }]],
  ['a lift is low then top', [(w) => w.snap(100, 'o3'), (w) => w.lift(1000, 'o3')],
    [{ k: 'ring', peg: 'o3' }, { k: 'lift', peg: 'o3' }]],
  ['a march: lift from o1, drop over i2', [(w) => w.snap(100, 'o1'), (w) => w.lift(1000, 'o1'), (w) => w.drop(1500, 'i2')],
    [{ k: 'ring', peg: 'o1' }, { k: 'lift', peg: 'o1' }, { k: 'ring', peg: 'i2' }]],
  ['two rings in quick succession on different pegs are two rings, no miss',
    [(w) => w.snap(100, 'o1'), (w) => w.snap(104, 'o2')], [{ k: 'ring', peg: 'o1' }, { k: 'ring', peg: 'o2' }]],
  ['a ring dropped off every peg is a miss', [(w) => w.drop(100, null)], [{ k: 'ring', peg: 'none' }]],
  ['clearing lifts each occupied peg once', [(w) => w.snap(100, 'o1'), (w) => w.snap(700, 'o1'), (w) => w.snap(1300, 'k'), (w) => w.clear(3000)],
    [{ k: 'ring', peg: 'o1' }, { k: 'ring', peg: 'o1' }, { k: 'ring', peg: 'k' }, { k: 'lift', peg: 'o1' }, { k: 'lift', peg: 'k' }]],
  ['lifting an empty peg does nothing', [(w) => w.lift(100, 'o5')], []],
];

describe('ringapeg interpreter (physics as EDGE events)', () => {
  for (const [name, steps, expected] of cases) {
    it(name, () => {
      const r = rig();
      const changes: LevelChange[] = [];
      for (const step of steps) changes.push(...step(r.world));
      feedEdges(r.interp, changes);
      assert.deepEqual(r.moves, expected);
    });
  }

  it('an impact switch ringing after one shock is one shock: no miss; the same again as the ring bounces gives one miss', () => {
    const ch = BOARD.sensors.find((s) => s.name === 'board.impact')!.ch;
    const ringing = (t: number): LevelChange[] => {
      const out: LevelChange[] = [];
      for (let i = 0; i < 5; i++) out.push({ t: t + 2 * i, ch, level: 1 }, { t: t + 1 + 2 * i, ch, level: 0 });
      return out;
    };
    const once = rig();
    feedEdges(once.interp, ringing(100));
    assert.deepEqual(once.moves, []);
    const bounced = rig();
    feedEdges(bounced.interp, [...ringing(100), ...ringing(230)]);
    assert.deepEqual(bounced.moves, [{ k: 'ring', peg: 'none' }]);
  });

  it('a knock on the table (one 30 ms closure) is no miss', () => {
    const r = rig();
    const ch = BOARD.sensors.find((s) => s.name === 'board.impact')!.ch;
    feedEdges(r.interp, [{ t: 100, ch, level: 1 }, { t: 130, ch, level: 0 }]);
    assert.deepEqual(r.moves, []);
  });

  it('an impact before the ring comes down over the peg (it hit the peg top first) is no miss', () => {
    const r = rig();
    const o2top = P('o2') * 2;
    const impact = BOARD.sensors.find((s) => s.name === 'board.impact')!.ch;
    feedEdges(r.interp, [
      { t: 100, ch: o2top, level: 1 }, { t: 102, ch: o2top, level: 0 },
      { t: 103, ch: impact, level: 1 }, { t: 110, ch: impact, level: 0 },
      { t: 180, ch: o2top, level: 1 }, { t: 183, ch: o2top, level: 0 },
      { t: 188, ch: o2top + 1, level: 1 }, { t: 191, ch: o2top + 1, level: 0 },
    ]);
    assert.deepEqual(r.moves, [{ k: 'ring', peg: 'o2' }]);
  });

  it('TRANSIT events count like breaking edges; releasing edges are ignored', () => {
    const r = rig();
    const low = P('i1') * 2 + 1;
    r.interp.sense(TRANSIT, low, 1, 100);
    r.interp.sense(EDGE, low - 1, 0, 120);
    r.interp.sense(TRANSIT, low - 1, 1, 140);
    assert.deepEqual(r.moves, [{ k: 'lift', peg: 'i1' }]);
  });

  it('a top break left alone longer than the gate window is forgotten (no add from a late low break)', () => {
    const r = rig();
    const top = P('o7') * 2;
    r.interp.sense(EDGE, top, 1, 100);
    r.interp.tick(600);
    r.interp.sense(EDGE, top + 1, 1, 601);
    r.interp.tick(5000);
    assert.deepEqual(r.moves, []);
  });

  it('without the impact switch a miss is not seen (the end button closes that snap)', () => {
    const board: BoardDescription = { channels: BOARD.channels - 1, sensors: BOARD.sensors.filter((s) => s.name !== 'board.impact') };
    const r = rig(board);
    feedEdges(r.interp, r.world.snap(100, null));
    assert.deepEqual(r.moves, []);
  });
});

describe('ringapeg interpreter through the scanner', () => {
  /** Polls a scanner every ms over a bank driven by the level changes, draining into the interpreter. */
  function scan(changes: LevelChange[], until: number): RingapegMove[] {
    const moves: RingapegMove[] = [];
    const interp = inService(createRingapegInterpreter((m) => moves.push(m), () => {}));
    let word = 0;
    const bank = { read: () => word };
    const scanner = new Scanner({ banks: [bank], board: BOARD });
    const sorted = changes.slice().sort((a, b) => a.t - b.t);
    let next = 0;
    for (let t = 0; t <= until; t++) {
      while (next < sorted.length && sorted[next].t <= t) {
        const c = sorted[next++];
        word = c.level ? word | (1 << c.ch) : word & ~(1 << c.ch);
      }
      scanner.poll(t);
      scanner.drain(interp);
      interp.tick(t);
    }
    return moves;
  }

  it('a snap, a bounce off a peg top, two quick rings, a march and a miss', () => {
    const w = createRingapegWorld(BOARD);
    const changes = [
      ...w.snap(100, 'o1'),
      ...w.snap(1000, 'o2', 'o3'),
      ...w.snap(2000, 'i1'), ...w.snap(2006, 'i2'),
      ...w.lift(3000, 'o1'), ...w.drop(3500, 'i3'),
      ...w.snap(4500, null),
    ];
    assert.deepEqual(scan(changes, 6000), [
      { k: 'ring', peg: 'o1' }, { k: 'ring', peg: 'o2' }, { k: 'ring', peg: 'i1' }, { k: 'ring', peg: 'i2' },
      { k: 'lift', peg: 'o1' }, { k: 'ring', peg: 'i3' }, { k: 'ring', peg: 'none' },
    ]);
  });
});
