// The fortress interpreter on its own: debounced events in, strokes and hand
// moves out (firmware/games/fortress/interpret.ts).
import assert from 'node:assert/strict';
import { EDGE, TRANSIT } from '../firmware/sensing';
import { COLOURS0, SPOT0, fortressBoard } from '../firmware/games/fortress/board';
import { powerUp } from '../firmware/games/fortress/powerup';
import { fortressInterpreter, BELL_MS, GAP_MS, PLACED_MS, REST_MS } from '../firmware/games/fortress/interpret';
import type { FortressMove } from '../firmware/games/fortress/rules';
import { LEAVE } from '../firmware/games/fortress/slots';
import { sensorNames } from '../firmware/board';
import { CHATTER, MISSED, STUCK } from '../firmware/faults';
import fc from 'fast-check';

const NAMES = sensorNames(fortressBoard);
const ch = (name: string): number => {
  const c = NAMES.indexOf(name);
  assert.ok(c >= 0, name);
  return c;
};

/**
 * The interpreter started with a stroke under way (`pending`, a begin record's value) or none, the balls `lying` on
 * their spots, the colours `down` and the sensors `on`; at power-up (0), its ticks from `up` ms on (a board left on).
 */
/**
 * The scanner's level reader over `levels` (one a channel), as the runtime gives it: a channel's level, or with `mask`
 * those of it and the channels after it in its word (channel c + i at bit i), under the mask.
 */
function reader(levels: number[]): (ch: number, mask?: number) => number {
  return (c, mask = 1) => {
    let bits = 0;
    for (let i = 0; (c & 31) + i < 32; i++) if (levels[c + i]) bits |= 1 << i;
    return bits & mask;
  };
}

function harness(pending: number | string = -1, lying: string[] = [], down: string[] = [], on: string[] = [], up = 0) {
  const moves: FortressMove[] = [];
  const begun: (number | string)[] = [];
  const it = fortressInterpreter((m) => moves.push(m), (v) => begun.push(v));
  // As the runtime gives it: every sensor in service.
  it.out = () => 0;
  const active = lying.map((b) => ch('spot.' + b)).concat(down.map((c) => ch('colours.' + c)), on.map(ch));
  // The scanner's debounced levels, as the edges leave them.
  const levels: number[] = NAMES.map((_, c) => (active.indexOf(c) >= 0 ? 1 : 0));
  it.resume!(0, reader(levels), pending);
  // What it found at power-up, when no stroke was under way: played at the next tick, which does nothing else.
  assert.equal(moves.length, 0, 'nothing played in the call that takes the board up');
  const alone = it.tick(0);
  assert.equal(!!alone, moves.length > 0, 'the tick that plays what was found says so');
  const found = pending !== -1 ? [] : moves.splice(0);
  let now = up;
  const run = (to: number) => {
    for (; now <= to; now++) it.tick(now);
  };
  const edge = (name: string, level: number, t: number) => {
    run(t);
    levels[ch(name)] = level;
    it.sense(EDGE, ch(name), level, t);
  };
  /**
   * A ball of class `ball` (EA, ED, FA, FD) through `mouth` at t, as the switches report it: a dropout, and a stray
   * flicker of the other pole after the real one began. At the pass the insensitive switches lie towards the French
   * quarter (wiring.md): an attacking ball going that way (`back`: the other) trips them after the sensitive one.
   */
  const pass = (ball: string, mouth: string, t: number, back = false) => {
    const pole = ball[0] === 'E' ? 'n' : 's';
    const other = ball[0] === 'E' ? 's' : 'n';
    const highFirst = ball[1] === 'A' && mouth === 'pass' && (ball[0] === 'F') !== back;
    if (highFirst) {
      edge(`mouth.${mouth}.${pole}.hi`, 1, t - 4);
      edge(`mouth.${mouth}.${pole}.hi`, 0, t - 2);
    }
    edge(`mouth.${mouth}.${pole}.lo`, 1, t);
    run(t + 1);
    it.sense(TRANSIT, ch(`mouth.${mouth}.${other}.lo`), 1, t + 1);
    if (ball[1] === 'A' && !highFirst) edge(`mouth.${mouth}.${pole}.hi`, 1, t + 1);
    if (ball[1] === 'A' && !highFirst) edge(`mouth.${mouth}.${pole}.hi`, 0, t + 4);
    edge(`mouth.${mouth}.${pole}.lo`, 0, t + 3);
    edge(`mouth.${mouth}.${pole}.lo`, 1, t + 4);
    edge(`mouth.${mouth}.${pole}.lo`, 0, t + 6);
  };
  return { it, moves, begun, found, run, edge, pass, now: () => now };
}

describe('fortress interpreter', () => {
  it('what lies at power-up is one read of the colours\' and spots\' word: the spots end the board\'s last word of 32 channels', () => {
    // (powerup.ts, lies: a read from the first colour holds the channels up to its word's end, and nothing past them.)
    assert.equal(fortressBoard.channels, SPOT0 + 6);
    assert.equal(fortressBoard.channels % 32, 0);
    assert.equal(COLOURS0 >> 5, (fortressBoard.channels - 1) >> 5);
    // Every ball on its spot and every colour down, but FA1's colours and ED2 off its spot, read as the scanner reads.
    const levels = Array.from({ length: fortressBoard.channels }, (_, ch) => (ch >= COLOURS0 && ch !== COLOURS0 + 5 && ch !== SPOT0 + 2 ? 1 : 0));
    assert.deepEqual(powerUp.lies(reader(levels)), { k: 'found', h: 'EA+ ED1+ FA+ FD1+ FD2+ EA1_ EA2_ ER1_ ER2_ EG_ FA2_ FR1_ FR2_ FG_ EP_ FP_' });
  });

  it('plays the same at any uptime: its times, 32-bit integers, wrap at 2^31 ms (24.8 days on) and 2^32 ms, and are compared by their difference (hostile round 9)', () => {
    // A stroke with a passage, a fort entered with its bell, colours, a ball put back, and then a hand move: every
    // time the interpreter keeps (a mouth's, a spot's, the last movement, the next tick due) spans the instant `up`.
    const play = (up: number) => {
      const h = harness(-1, [], [], [], up);
      h.pass('EA', 'pass', up + 100);
      h.pass('FA', 'FA1', up + 1000);
      h.edge('bell.FA1', 1, up + 1100);
      h.edge('bell.FA1', 0, up + 1120);
      h.edge('colours.EP', 1, up + 2000);
      h.edge('spot.FD1', 1, up + 3000);
      h.pass('ED', 'pocket2', up + 6000);
      h.run(up + 6006 + GAP_MS + REST_MS);
      h.edge('spot.ED1', 1, up + 20000);
      h.run(up + 20000 + PLACED_MS);
      // (Its first tick, `up` ms after power-up, finds the table at rest since: `rest`, which the game ignores.)
      return { moves: h.moves.filter((m) => m.k !== 'rest'), accused: h.it.accused!(), busy: h.it.busy() };
    };
    const plain = play(0);
    assert.deepEqual(plain.moves, [{ k: 'stroke', h: 'EA= FA>FA1! EP_ FD1+ ED.2' }, { k: 'hand', h: 'ED1+' }]);
    // Started up to 25 s before either wrap (so that it falls in the play), or anywhere up to 100 days on.
    const near = (wrap: number) => fc.integer({ min: wrap - 25000, max: wrap + 100 });
    fc.assert(fc.property(fc.oneof(near(2 ** 31), near(2 ** 32), fc.integer({ min: 0, max: 100 * 86400000 })), (up) => {
      assert.deepEqual(play(up), plain);
    }), { numRuns: 60, seed: 9 });
  });

  it('the pass is made towards the adversary\'s quarter: an attacking ball rolling back through it makes none (F6, F8); a defending ball\'s is told either way', () => {
    const h = harness();
    h.pass('EA', 'pass', 100, true);
    h.pass('FA', 'pass', 1000, true);
    h.pass('EA', 'pass', 2000);
    h.pass('FA', 'pass', 3000);
    h.pass('ED', 'pass', 4000, true);
    h.run(4100);
    h.it.settle();
    assert.deepEqual(h.moves, [{ k: 'stroke', h: 'EA= FA= ED=' }]);
  });

  it('tells each ball class by the pole and operate point it trips, through a stray flicker and a dropout, at forts, pockets and the pass', () => {
    const h = harness();
    h.pass('EA', 'FA1', 100);
    h.pass('ED', 'pocket3', 1000);
    h.pass('FA', 'pass', 2000);
    h.pass('FD', 'EG', 3000);
    h.run(3006 + GAP_MS + REST_MS);
    assert.deepEqual(h.moves, [{ k: 'stroke', h: 'EA>FA1 ED.3 FA= FD>EG' }]);
  });

  it('marks a fort entered when its bell rings during the passage or within BELL_MS after; a bell later, or with no ball, is nothing', () => {
    const h = harness();
    h.edge('bell.FA1', 1, 50); // a knock on the table: no ball in the fort
    h.edge('bell.FA1', 0, 70);
    h.pass('EA', 'FA1', 100);
    h.edge('bell.FA1', 1, 100 + BELL_MS - 10);
    h.pass('ED', 'FA2', 2000);
    h.edge('bell.FA2', 1, 2006 + GAP_MS + BELL_MS + 5);
    h.run(5000 + REST_MS);
    assert.deepEqual(h.moves, [{ k: 'stroke', h: 'EA>FA1! ED>FA2' }]);
  });

  it("a slow ball's dip between two of its magnets is one passage, however long its switch lets go within GAP_MS (hostile round 28: a rule that ended a passage 8 ms after its switches let go made two of one)", () => {
    // (The dip is a length of the ball's roll, some 2.5 mm: under 1 ms at 2.5 m/s, 8 ms at 0.3 m/s, 25 ms at 0.1 m/s.)
    for (const dip of [1, 9, 12, 25, GAP_MS - 2]) {
      const h = harness();
      h.edge('mouth.pocket4.s.lo', 1, 1000);
      h.edge('mouth.pocket4.s.lo', 0, 1015);
      h.edge('mouth.pocket4.s.lo', 1, 1015 + dip);
      h.edge('mouth.pocket4.s.lo', 0, 1030 + dip);
      h.run(1030 + dip + GAP_MS + REST_MS);
      assert.deepEqual(h.moves, [{ k: 'stroke', h: 'FD.4' }], `a dip of ${dip} ms`);
    }
  });

  it('between strokes, colours and balls put back are hand moves at once; in a stroke, colours are its happenings in order', () => {
    const h = harness();
    h.edge('colours.FP', 1, 10);
    h.edge('spot.EA', 1, 100);
    h.run(100 + PLACED_MS);
    assert.deepEqual(h.moves, [{ k: 'hand', h: 'FP_' }, { k: 'hand', h: 'EA+' }]);
    h.edge('spot.EA', 0, 1000);
    h.pass('EA', 'pass', 1200);
    h.edge('colours.FA1', 1, 1500);
    h.edge('colours.FA1', 0, 1600);
    h.run(1600 + REST_MS);
    assert.deepEqual(h.moves.slice(2), [{ k: 'stroke', h: 'EA- EA= FA1_ FA1^' }]);
  });

  it('a stroke ends REST_MS after its last movement or at settle(); a ball put on its spot in it is one of its happenings, and a slow roll stays in it; a ball rolling over a spot is nothing', () => {
    const h = harness();
    h.pass('FA', 'pocket1', 100);
    h.edge('spot.ED1', 1, 500);
    h.edge('spot.ED1', 0, 510);
    h.run(106 + GAP_MS + REST_MS - 2);
    assert.deepEqual(h.moves, []);
    assert.equal(h.it.busy(), true);
    h.run(106 + GAP_MS + REST_MS);
    assert.deepEqual(h.moves, [{ k: 'stroke', h: 'FA.1' }]);
    h.pass('EA', 'EA1', 10000);
    h.run(10100);
    h.it.settle();
    assert.deepEqual(h.moves[1], { k: 'stroke', h: 'EA>EA1' });
    h.pass('ED', 'pass', 20000);
    h.edge('spot.FA', 1, 20200);
    h.run(20200 + PLACED_MS);
    // A ball handed back to its spot while the others still roll: the stroke goes on.
    assert.deepEqual(h.moves.slice(2), []);
    assert.equal(h.it.busy(), true);
    // A slow roll: a ball in a pocket 7 s after the stroke's last movement is still of that stroke.
    h.pass('FD', 'pocket2', 27000);
    h.run(27006 + GAP_MS + REST_MS);
    assert.deepEqual(h.moves.slice(2), [{ k: 'stroke', h: 'ED= FA+ FD.2' }]);
    assert.equal(h.it.busy(), false);
    // Between strokes, a ball put on its spot is a hand move at once.
    h.edge('spot.FD1', 1, 40000);
    h.run(40000 + PLACED_MS);
    assert.deepEqual(h.moves.slice(3), [{ k: 'hand', h: 'FD1+' }]);
  });

  it('saves the stroke\'s happenings as it goes, and takes them up after a power cut; balls lying on their spots then were put there before', () => {
    const h = harness();
    h.pass('EA', 'FA1', 100);
    h.edge('bell.FA1', 1, 100 + 6 + GAP_MS + 10);
    // (Each side's two defending balls into pockets, then through the pass: a ball pocketed is gone.)
    for (let k = 1; k <= 6; k++) h.pass(k % 2 ? 'FD' : 'ED', k <= 4 ? 'pocket' + k : 'pass', 1000 * k);
    h.pass('FA', 'pass', 7000);
    h.run(7100);
    // One begin record for each happening (and the bell): the first seven as one number, the eighth a string that extends it.
    assert.equal(h.begun.length, 9);
    const first = h.begun[7] as number;
    assert.ok(Number.isSafeInteger(first) && first > 2 ** 31, String(first));
    assert.match(String(h.begun[8]), /^ [0-9a-f]{2}$/);
    // What restore gives for those records: the number's digits, then the string.
    const after = harness(first + String(h.begun[8]), ['ED1']);
    after.run(REST_MS - 1);
    assert.deepEqual(after.moves, []);
    after.edge('spot.ED1', 0, REST_MS - 1);
    after.run(2 * REST_MS);
    assert.deepEqual(after.moves, [{ k: 'stroke', h: 'EA>FA1! FD.1 ED.2 FD.3 ED.4 FD= ED= FA= ED1-', f: 'ED1+', n: 8 }]);
  });

  it('a bell that marks an entry after the seventh happening saves them all again: the number, then the rest as one string', () => {
    const h = harness();
    for (let k = 1; k <= 6; k++) h.pass(k % 2 ? 'FD' : 'ED', k <= 4 ? 'pocket' + k : 'pass', 1000 * k);
    h.pass('FA', 'pass', 7000);
    h.pass('EA', 'pass', 8000);
    h.pass('EA', 'FA2', 9000);
    h.edge('bell.FA2', 1, 9006 + GAP_MS + 10);
    h.run(9100);
    // The seventh happening (a number), the eighth and ninth (strings), then, at the bell, the number again and both after it.
    assert.deepEqual(h.begun.slice(6).map((v) => typeof v), ['number', 'string', 'string', 'number', 'string']);
    assert.equal(h.begun[9], h.begun[6]);
    assert.equal(String(h.begun[10]).slice(0, 3), h.begun[7], 'the eighth as it was');
    assert.notEqual(h.begun[10], String(h.begun[7]) + h.begun[8], 'the ninth with its bell');
    const after = harness(h.begun[9] + String(h.begun[10]));
    after.it.settle();
    assert.deepEqual(after.moves, [{ k: 'stroke', h: 'FD.1 ED.2 FD.3 ED.4 FD= ED= FA= EA= EA>FA2!', f: '', n: 9 }]);
  });

  it('tells the game what lies on the spots and which colours are down at power-up: at the next tick, or with the stroke it took up', () => {
    assert.deepEqual(harness(-1, ['EA', 'FD2'], ['FR2', 'EP']).found, [{ k: 'found', h: 'EA+ FD2+ FR2_ EP_' }]);
    assert.deepEqual(harness().found, [{ k: 'found', h: '' }], 'nothing: the game may have colours down that are up now');
    // A bank floating (more than half of the inputs active): nothing is found.
    const floating: FortressMove[] = [];
    const afloat = fortressInterpreter((m) => floating.push(m), () => {});
    afloat.resume!(0, reader(NAMES.map(() => 1)), -1);
    assert.equal(afloat.tick(0), undefined);
    assert.deepEqual(floating, []);
    const under = harness(1, [], ['FA1']);
    assert.deepEqual(under.moves, []);
    under.run(REST_MS);
    assert.deepEqual(under.moves, [{ k: 'stroke', h: 'EA>EA1', f: 'FA1_', n: 1 }]);
  });

  it('a ball that comes to rest over a mouth in a stroke (a switch held) is no passage and no fault, nor is its leaving; a switch going active between strokes and held is stuck', () => {
    const h = harness(-1, ['EA', 'ED1', 'ED2', 'FA', 'FD1', 'FD2']);
    h.edge('spot.EA', 0, 10);
    h.edge('spot.ED2', 0, 20);
    h.pass('EA', 'FA1', 100);
    h.edge('mouth.FA2.n.lo', 1, 200);
    h.run(200 + 5 * GAP_MS);
    assert.equal(h.it.accused!(), 0, 'a ball at rest is no fault');
    // The ball at rest moves on: its switch lets go, and that is no passage either.
    h.edge('mouth.FA2.n.lo', 0, 2000);
    h.run(2000 + GAP_MS + REST_MS + 10);
    assert.deepEqual(h.moves, [{ k: 'stroke', h: 'EA- ED2- EA>FA1' }]);
    assert.equal(h.it.accused!(), 0);
    h.edge('mouth.EA1.s.lo', 1, 20000);
    h.run(20000 + 5 * GAP_MS);
    assert.equal(h.it.busy(), false, 'no stroke');
    assert.equal(h.it.accused!(), (STUCK << 8) | (ch('mouth.EA1.s.lo') + 1));
  });

  it('a ball through a mouth while a switch of it is held from before cannot be read (its class, its side): that switch is told, and the passage is no happening', () => {
    for (const held of ['mouth.FA1.n.hi', 'mouth.FA1.s.lo']) {
      const h = harness(-1, ['EA', 'ED1', 'ED2', 'FA', 'FD1', 'FD2']);
      h.edge('spot.EA', 0, 1000);
      h.edge(held, 1, 1100);
      h.run(1100 + 5 * GAP_MS);
      assert.equal(h.it.accused!(), 0, 'held in a stroke: a ball at rest');
      // EA through FA1: its low switch, and the other pole's flickering (n.hi held: EA would read as ED; s.lo held,
      // a French ball with a flicker of n.lo as an English one).
      h.edge('mouth.FA1.n.lo', 1, 2000);
      h.edge('mouth.FA1.n.lo', 0, 2006);
      h.run(2000 + 5 * GAP_MS);
      assert.equal(h.it.accused!(), (STUCK << 8) | (ch(held) + 1), held);
      h.run(2000 + REST_MS + 10);
      assert.deepEqual(h.moves, [{ k: 'stroke', h: 'EA-' }], 'nor is the passage a happening');
    }
  });

  it('a high switch tripped without its pole\'s low one is no ball (a ball that trips the high switch trips the low one): no happening, the switch told as chatter', () => {
    for (const [high, low] of [['mouth.FG.n.hi', 'mouth.FG.s.lo'], ['mouth.pass.s.hi', 'mouth.pass.n.lo']]) {
      const h = harness(-1, ['EA', 'ED1', 'ED2', 'FA', 'FD1', 'FD2']);
      // Alone, and with the other pole's low switch (no ball trips the other pole's high switch without its low).
      h.edge(high, 1, 1000);
      h.edge(high, 0, 1012);
      h.run(1012 + GAP_MS + 1);
      assert.equal(h.it.accused!(), (CHATTER << 8) | (ch(high) + 1), high);
      h.edge(low, 1, 2000);
      h.edge(high, 1, 2001);
      h.edge(high, 0, 2004);
      h.edge(low, 0, 2006);
      h.run(2006 + GAP_MS + 1);
      assert.equal(h.it.accused!(), (CHATTER << 8) | (ch(high) + 1), high);
      assert.equal(h.it.busy(), false, 'no happening: no stroke begins');
      h.run(2006 + REST_MS + GAP_MS);
      assert.deepEqual(h.moves.filter((m) => m.k === 'stroke'), []);
    }
  });

  it('in a stroke, a class\'s balls go into forts and pockets no more often than they are put back on their spots: one entry more is no ball, its pole\'s low switch is told as chatter', () => {
    // (EA and both French defending balls off their spots: the balls that pass below.)
    const h = harness(-1, ['ED1', 'ED2', 'FA']);
    /** What the interpreter accuses once a ball of class `ball` went through `mouth` at t. */
    const accusedAfter = (ball: string, mouth: string, t: number): number => {
      h.pass(ball, mouth, t);
      h.run(t + 100);
      return h.it.accused!();
    };
    assert.equal(accusedAfter('EA', 'FA1', 1000), 0);
    // EA lies in FA1: through pocket 2 it cannot go.
    assert.equal(accusedAfter('EA', 'pocket2', 2000), (CHATTER << 8) | (ch('mouth.pocket2.n.lo') + 1));
    // Two French defending balls, not three; the pass is no entry.
    h.pass('FD', 'pocket1', 3000);
    h.pass('FD', 'FA2', 4000);
    assert.equal(accusedAfter('FD', 'pass', 5000), 0);
    assert.equal(accusedAfter('FD', 'pocket3', 6000), (CHATTER << 8) | (ch('mouth.pocket3.s.lo') + 1));
    // EA handed back to its spot in the stroke: it may go in again.
    h.edge('spot.EA', 1, 7000);
    h.run(7000 + PLACED_MS);
    h.edge('spot.EA', 0, 7500);
    h.pass('EA', 'FA2', 8000);
    h.run(8100 + REST_MS);
    assert.equal(h.it.accused!(), 0);
    assert.deepEqual(h.moves, [{ k: 'stroke', h: 'EA>FA1 FD.1 FD>FA2 FD= EA+ EA- EA>FA2' }]);
  });

  it('a defending ball\'s passage while its side\'s defending balls lie on their spots is its attacking ball\'s, the high switch missing it (told missed); with that ball on its spot too, still a passage: a spot tells that a ball lies there, not which', () => {
    // (Taking the last for no ball, hostile round 29's chatter burst while the balls rest, made a ball that came to rest
    // on another's empty spot, or a spot switch stuck active, lose a real holing: hostile round 30.)
    // [balls on their spots, what FD through pocket 3 makes: the accusation]
    const table: [string[], number][] = [
      [['FA', 'FD1', 'FD2'], 0],
      [['FD1', 'FD2'], (MISSED << 8) | (ch('mouth.pocket3.s.hi') + 1)],
      [['FA', 'FD1'], 0],
      [['FA'], 0],
    ];
    for (const [lying, accused] of table) {
      // (EA struck first: a stroke under way, as while the balls of a stroke come to rest.)
      const h = harness(-1, ['EA', 'ED1', 'ED2'].concat(lying));
      h.edge('spot.EA', 0, 1000);
      h.pass('FD', 'pocket3', 5000);
      h.run(5000 + GAP_MS + 10);
      assert.equal(h.it.accused!(), accused, lying.join(' '));
      h.run(5000 + 200 + GAP_MS + REST_MS);
      assert.deepEqual(h.moves, [{ k: 'stroke', h: 'EA- FD.3' }], lying.join(' '));
    }
  });

  it('a passage the board came up in the middle of is no happening (what it tripped might mislead); the next one is read', () => {
    const h = harness(-1, [], [], ['mouth.pass.n.lo']);
    h.edge('mouth.pass.s.lo', 1, 2);
    h.edge('mouth.pass.s.lo', 0, 3);
    h.edge('mouth.pass.n.lo', 0, 4);
    h.run(4 + GAP_MS + 1);
    assert.equal(h.it.busy(), false);
    h.pass('EA', 'pass', 100);
    h.run(100 + GAP_MS + REST_MS + 10);
    assert.deepEqual(h.moves, [{ k: 'stroke', h: 'EA=' }]);
  });

  it('nor is one whose switches had all let go as it came up: a passage first seen within GAP_MS of power-up may have begun before it (no happening, no fault); from GAP_MS on, one is read', () => {
    // (Hostile round 48, the power sweep every 7 ms: a cut before EA's pass, the board up 4 ms after the pass's low
    // switch let go and before its high one tripped; the high switch alone was told as chatter, taken out of service,
    // and the stroke ran on into the next player's.)
    // [the time the pass's high switch trips, after the low one let go unseen: what is told]
    const table: [number, { accused: number; moves: FortressMove[] }][] = [
      [4, { accused: 0, moves: [] }],
      [GAP_MS - 1, { accused: 0, moves: [] }],
      [GAP_MS, { accused: (CHATTER << 8) | (ch('mouth.pass.n.hi') + 1), moves: [] }],
    ];
    for (const [t, told] of table) {
      const h = harness();
      h.edge('mouth.pass.n.hi', 1, t);
      h.edge('mouth.pass.n.hi', 0, t + 9);
      h.run(t + 9 + GAP_MS + 1);
      assert.deepEqual({ accused: h.it.accused!(), moves: h.moves }, told, `high switch at ${t} ms`);
      assert.equal(h.it.busy(), false, `no stroke begins (high switch at ${t} ms)`);
    }
    // A whole passage first seen at GAP_MS is the ball's.
    const h = harness();
    h.pass('EA', 'pass', GAP_MS);
    h.run(GAP_MS + 10 + GAP_MS + REST_MS);
    assert.deepEqual(h.moves, [{ k: 'stroke', h: 'EA=' }]);
  });

  it('at a new game (-3) the board watched the switches until then: a passage at once is read, and a high switch alone is told (hostile round 48)', () => {
    const h = harness(-3);
    h.pass('EA', 'pocket2', 4);
    h.run(4 + 10 + GAP_MS + REST_MS);
    assert.deepEqual(h.moves.filter((m) => m.k === 'stroke'), [{ k: 'stroke', h: 'EA.2' }]);
    const alone = harness(-3);
    alone.edge('mouth.pass.n.hi', 1, 4);
    alone.edge('mouth.pass.n.hi', 0, 13);
    alone.run(13 + GAP_MS + 1);
    assert.equal(alone.it.accused!(), (CHATTER << 8) | (ch('mouth.pass.n.hi') + 1));
  });

  it('a mouth taken out of service while its passage was half seen reads the next ball through it once back (hostile round 48: its mark was kept, and dropped that ball)', () => {
    const h = harness();
    // A switch floating from 10 ms after power-up: half seen; the fault check takes it out (settle, spoilt).
    h.edge('mouth.FA1.n.lo', 1, 10);
    h.it.out = (c: number) => +(c >> 2 === ch('mouth.FA1.n.lo') >> 2);
    h.it.settle(1);
    h.edge('mouth.FA1.n.lo', 0, 20);
    // Back in service.
    h.it.out = () => 0;
    h.pass('FD', 'FA1', 5000);
    h.run(5000 + 10 + GAP_MS + REST_MS);
    assert.deepEqual(h.moves.filter((m) => m.k === 'stroke'), [{ k: 'stroke', h: 'FD>FA1' }]);
  });

  it('what it found at power-up is played before anything it tells after, when that comes before the next tick: a hand move, a stroke begun, a settle', () => {
    const up = () => {
      const log: unknown[] = [];
      const it = fortressInterpreter((m) => log.push(m), (v) => log.push(['begin', v]));
      it.out = () => 0;
      it.resume!(0, reader(NAMES.map((_, c) => +(c === ch('spot.EA')))), -1);
      assert.deepEqual(log, []);
      return { it, log };
    };
    const found = { k: 'found', h: 'EA+' };
    // Colours put down: a hand move after the table as found (colours up).
    const colours = up();
    colours.it.sense(EDGE, ch('colours.FA1'), 1, 1);
    assert.deepEqual(colours.log, [found, { k: 'hand', h: 'FA1_' }]);
    // A ball leaving its spot: the stroke's begin record after it (a record of a move ends the move under way, as a
    // power-up reads the log).
    const left = up();
    left.it.sense(EDGE, ch('spot.EA'), 0, 1);
    assert.deepEqual(left.log, [found, ['begin', LEAVE]], 'EA-: the first ball leaving its spot');
    // A referee's command or a press (settle): what was found, then the rest of the stroke a ball gone began.
    const settled = up();
    settled.it.settle!();
    assert.deepEqual(settled.log, [found, { k: 'rest' }]);
    assert.equal(settled.it.tick(1), undefined, 'played once');
    assert.equal(settled.log.length, 2);
  });

  it('after power-up with nothing under way, tells the game once the balls have been at rest for REST_MS (a ball gone from its spot began a stroke)', () => {
    const h = harness(-1, ['EA']);
    h.run(REST_MS - 1);
    assert.deepEqual(h.moves, []);
    h.run(REST_MS);
    assert.deepEqual(h.moves, [{ k: 'rest' }]);
    // Every ball on its spot too: the game may hold a ball gone at the power-up before, its stroke kept from its rest
    // by a cut (hostile round 40).
    const spotted = harness(-1, ['EA', 'ED1', 'ED2', 'FA', 'FD1', 'FD2']);
    spotted.run(REST_MS);
    assert.deepEqual(spotted.moves, [{ k: 'rest' }]);
    // A movement first: the stroke is told as any other, and no rest.
    const moved = harness();
    moved.pass('FA', 'pocket1', 100);
    moved.run(3 * REST_MS);
    assert.deepEqual(moved.moves, [{ k: 'stroke', h: 'FA.1' }]);
  });
});
