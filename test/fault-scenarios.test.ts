// The regression scenarios of issue 26 (scenarios/fault-*.jsonl): each fault is
// reported within its documented time (docs/diagnostics.md), scores nothing, and
// the sensor is back in service only after the fault is lifted.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { replay } from '../sim/replay';
import { shiftedBy } from './scan-period';
import { game as shuffleboard } from '../firmware/games/shuffleboard/index';

/** A replayed line; a shuffleboard game's final state has the throws decided (t), places (d), uncertainties (u) and weights asked about (q, bits). */
type Line = { t: number; fault?: string; sensor?: string; phone?: Record<string, unknown>; final?: { scores: number[]; state: { t: number; d: number[]; u: number[]; q: number } } };

function run(name: string): { lines: Line[]; actions: Line[] } {
  const text = readFileSync(`scenarios/${name}.jsonl`, 'utf8');
  return { lines: replay(text).lines.map((l) => JSON.parse(l)), actions: text.trim().split('\n').slice(1).map((l) => JSON.parse(l)) };
}
/** The checks come once a second from a board's first scan, a scan period after its boot: a bound of n checks is n s and that period. */
const SHUFFLEBOARD_FIRST_SCAN_MS = shuffleboard.pollMs;
const told = (lines: Line[], type: string) => lines.filter((l) => l.phone && l.phone.type === type);
/**
 * A sensor's fault (`fault` on channel ch, `sensor`) struck at `struck`: told once within `within` ms, then `ok` only
 * after the lift at `lifted`, and nothing else; the fault's report.
 */
function toldOnceThenBack(lines: Line[], fault: string, ch: number, sensor: string, struck: number, within: number, lifted: number): Line {
  const faults = told(lines, 'fault');
  assert.deepEqual(faults.map((l) => l.phone), [{ type: 'fault', fault, ch, sensor }, { type: 'fault', fault: 'ok', ch, sensor }]);
  assert.ok(faults[0].t - struck <= within, `reported at ${faults[0].t}`);
  assert.ok(faults[1].t > lifted, 'back in service after the lift');
  return faults[0];
}
/**
 * The oracle: the scenario played without its fault lines. The digital games' referee entries (phone lines) are there only to mend what the
 * fault hid, so they go too; a shuffleboard game's are answers to questions its clean game asks as well (`place`).
 */
function cleanRun(name: string): Line[] {
  const mends = !name.startsWith('fault-shuffleboard-');
  const text = readFileSync(`scenarios/${name}.jsonl`, 'utf8').split('\n').filter((l) => !l.includes('"fault"') && !(mends && l.includes('"phone"'))).join('\n');
  return replay(text).lines.map((l) => JSON.parse(l) as Line);
}
/** The scores the game without the fault tells. */
function cleanScores(name: string): unknown[] {
  return told(cleanRun(name), 'score').map((l) => l.phone);
}

describe('fault regressions: the faults of issue 26 as scenarios', () => {
  it('a fortress bell chattering at 40 Hz is reported within 3 s, and an entry into its fort without a taking scores no F11', () => {
    const { lines } = run('fault-fortress-bell-chatter');
    const faults = told(lines, 'fault');
    assert.deepEqual(faults[0].phone, { type: 'fault', fault: 'chatter', ch: 73, sensor: 'bell.FA1' });
    assert.ok(faults[0].t - 33500 <= 3300, `reported at ${faults[0].t}`);
    assert.ok(!told(lines, 'score').some((l) => l.t < 48000), 'the entry into FA1 at 36 s took nothing');
    const ok = faults.find((l) => l.phone!.fault === 'ok')!;
    assert.ok(ok.t > 40000, 'back in service after the wire is put back');
    assert.deepEqual(told(lines, 'score').map((l) => l.phone!.rule), ['F11'], 'the taking of FA2 after it, with its bell');
  });

  it('a fortress mouth switch stuck closed is reported within 2 s and gives no phantom F25; the other forts score', () => {
    const { lines } = run('fault-fortress-stuck-mouth');
    const faults = told(lines, 'fault');
    assert.deepEqual(faults[0].phone, { type: 'fault', fault: 'stuck', ch: 22, sensor: 'mouth.FA1.s.lo' });
    assert.ok(faults[0].t - 33500 <= 2200, `reported at ${faults[0].t}`);
    const rules = told(lines, 'score').map((l) => l.phone!.rule);
    assert.ok(!rules.includes('F25'), 'no phantom F25');
    assert.deepEqual(rules, ['F11', 'F11'], 'FA2 taken while FA1 is out of service, FA1 after the lift');
    assert.ok(faults.find((l) => l.phone!.fault === 'ok')!.t > 40000);
  });

  it('a fortress mouth switch dropping out mid-passage is found as missed by the spots, and its garbled stroke scores nothing', () => {
    const { lines } = run('fault-fortress-mouth-dropout');
    const faults = told(lines, 'fault');
    // EA enters FA2 from 48 s (its stroke at rest 8 s later): both English defending balls lie on their spots, so
    // the passage that reads as a defending ball was EA's, and its high switch missed it.
    assert.deepEqual(faults[0].phone, { type: 'fault', fault: 'missed', ch: 25, sensor: 'mouth.FA2.n.hi' });
    assert.ok(faults[0].t > 48000 && faults[0].t < 51200, `reported at ${faults[0].t}, within a check of the passage`);
    const rules = told(lines, 'score').map((l) => l.phone!.rule);
    for (const phantom of ['F18', 'F25', 'F28']) assert.ok(!rules.includes(phantom), `no phantom ${phantom}`);
    assert.ok(!told(lines, 'score').some((l) => l.t > 48000 && l.t < 60000), 'the stroke into FA2 is not scored: the referee enters it');
  });

  it('a Ring-a-Peg gate chattering at 12 Hz on a peg no ring reaches is found within 2 s; every throw scores as without the fault', () => {
    const { lines } = run('fault-ringapeg-chatter-unused-peg');
    toldOnceThenBack(lines, 'chatter', 25, 'peg.k.low', 5400, 2100, 17400);
    // The throw on o6 lands as the fault is found: it needs no gate of peg k, and is scored.
    assert.deepEqual(told(lines, 'score').map((l) => l.phone), cleanScores('fault-ringapeg-chatter-unused-peg'));
    assert.deepEqual(lines.at(-1)!.final!.scores, [50, 20]);
  });

  it('a triangle point chattering at 3 Hz (too slow for a check to count) is found as its flick\'s chip should be at rest; no phantom T3', () => {
    const { lines } = run('fault-triangle-slow-chatter');
    // Told within 2.1 s of the chip coming (docs/diagnostics.md): the chatter starts at 9.9 s, the flick to B at 11 s.
    const report = toldOnceThenBack(lines, 'chatter', 6, 'tri.B.over', 11000, 2100, 21900);
    // The flick to B under way as it began (its chip at rest, B.over still changing a second later) is not scored:
    // before, it scored a phantom 1 (T3, partly over). The referee enters it; the turns follow from that.
    assert.deepEqual(told(lines, 'score').filter((l) => l.t > 9900 && l.t <= report.t), []);
    assert.deepEqual(told(lines, 'score').filter((l) => l.t <= 9900).map((l) => l.phone), cleanScores('fault-triangle-slow-chatter').slice(0, 3));
  });

  // Found by the hostile tester (round 26): a launch group reading part-way (stuck at half the supply) was told
  // nothing, and every throw through it went unseen, its weight taken for the next throw's: end 1 scored from end 2's
  // weights, every later throw refused (4-0 for 11-4). No switch reads so: told stuck at the second check, and
  // nothing the board sees is scored while it lasts (the referee enters the throws).
  it('a launch group stuck part-way is told stuck, and the grid untrusted: no throw scored while it lasts (fault-shuffleboard-launch-group-part-way)', () => {
    const { lines, actions } = run('fault-shuffleboard-launch-group-part-way');
    const struck = actions.find((a) => a.fault)!.t;
    const faults = told(lines, 'fault');
    assert.deepEqual(faults.map((l) => l.phone), [{ type: 'fault', fault: 'stuck', ch: 382, sensor: 'launch.3' }, { type: 'fault', fault: 'bank' }]);
    assert.ok(faults[0].t - struck <= 2100, `told at ${faults[0].t}`);
    assert.deepEqual(told(lines, 'score').filter((l) => l.t > struck), []);
  });

  // Found by the hostile tester (round 26): a sensor put right on a board nobody plays on (resting: its fault check
  // stopped) stayed out of service untold until the next move woke it. The check goes on at rest while one is out.
  for (const [name, ch, sensor] of [['fault-triangle-chatter-lifted-at-rest', 9, 'tri.C.even'], ['fault-ringapeg-chatter-lifted-at-rest', 4, 'peg.o3.top']] as const) {
    it(`a sensor chattering, then put right on a board left alone, is told back within 4 s of it (${name})`, () => {
      const { lines, actions } = run(name);
      const lifted = actions.find((a) => a.fault === 'lift')!.t;
      toldOnceThenBack(lines, 'chatter', ch, sensor, actions[0].t, 1100, lifted);
      const back = told(lines, 'fault')[1];
      assert.ok(back.t - lifted <= 4000, `told ok at ${back.t}`);
    });
  }

  // Each a hostile tester's finding once (test/hostile-findings/README.md). The referee enters what the board did not
  // score (the scenario's phone lines); with that, the game scores as without the fault, point for point.
  const digital: [string, string, string, number, string, number][] = [
    // Was: never found; each chatter taken as a ring that missed (40 moves for 22), final 15-80.
    ['fault-ringapeg-impact-chatter-10hz', 'the Ring-a-Peg impact switch chattering at 10 Hz', 'chatter', 26, 'board.impact', 2100],
    // Was: phantom R4 scores, the rings that missed going to the other player.
    ['fault-ringapeg-impact-chatter-12hz', 'the impact switch chattering at 12 Hz', 'chatter', 26, 'board.impact', 2100],
    // Was: found in 2.2 s, but three rings consumed as misses before it.
    ['fault-ringapeg-impact-chatter-25hz', 'the impact switch chattering at 25 Hz', 'chatter', 26, 'board.impact', 2100],
    // Was (at the board's 2 ms scans): the switch held closed 0.3 s by its floating input taken as a ring at rest, a
    // phantom miss before the report, and every later ring scored for the other player.
    ['fault-ringapeg-floating-impact', 'the impact switch left floating as a ring lands', 'chatter', 26, 'board.impact', 1250],
    // Was (hostile round 26): floating for 1.6 s between two rings, told, taken out while it held the switch closed, and
    // back: the shocks of its spells waited for a release the board no longer heard, and the next landing, 11 s later,
    // played them as a miss first (that ring and every later one scored for the other player). A closure as long as a
    // floating input's spells is no ring's shock, and the switch taken out drops the shocks it left waiting.
    ['fault-ringapeg-floating-impact-between-rings', 'the impact switch left floating between two rings', 'chatter', 26, 'board.impact', 1250],
    // Was: the rest of the stroke under way when the bell was found scored as a stroke of its own (a phantom F28).
    ['fault-fortress-bell-chatter-mid-stroke', 'a fortress bell chattering at 25 Hz from just before a stroke into its fort', 'chatter', 77, 'bell.FG', 3000],
    ['fault-fortress-floating-bell', 'a fortress bell left floating in the middle of a stroke', 'chatter', 69, 'bell.EA2', 1250],
    // Were (the hostile blips, seed 3): a mouth's high switch chattering alone made passages of an attacking ball: two
    // phantom F25 (+6) as the pass at 24 s was made, then the game's takings lost; before the stroke at 120 s, F12, F22
    // and F28 for its F32. No ball trips a high switch without its pole's low one: told at the next check.
    ['fault-fortress-high-switch-alone-mid-stroke', 'a fortress mouth\'s high switch chattering alone in a stroke', 'chatter', 37, 'mouth.FG.n.hi', 1100],
    ['fault-fortress-high-switch-alone-before-stroke', 'a fortress mouth\'s high switch chattering alone just before a stroke', 'chatter', 5, 'mouth.EA2.n.hi', 1100],
    // Was: both north switches of pocket 2 chattering together, after EA went into FG in that stroke, scored three
    // phantom F29 (EA pocketed): EA was in the fort, and a class's balls go in no more often than they are put back.
    ['fault-fortress-pocket-chatter-after-entry', 'a fortress pocket\'s switches chattering together after the ball they show went into a fort', 'chatter', 44, 'mouth.pocket2.n.lo', 1100],
    // Was: the flick under way (chip leaving A for B 0.7 s later) scored 1 for a perfect 3.
    ['fault-triangle-chatter-mid-flick', 'a triangle point chattering at 40 Hz as a flick towards it is made', 'chatter', 6, 'tri.B.over', 1350],
    // Was: never found; the flick that passed A scored 3 (the stuck even point), not 0.
    ['fault-triangle-stuck-even', 'a triangle even point stuck covered', 'stuck', 1, 'tri.A.even', 2500],
    // Was: the over point sticking while the chip slid towards a perfect stop scored that flick partly over (1).
    ['fault-triangle-stuck-over-mid-flick', 'a triangle over point sticking as the chip slides towards it', 'stuck', 6, 'tri.B.over', 2100],
  ];
  for (const [name, what, fault, ch, sensor, within] of digital) {
    it(`${what} is found in time and scores nothing; the referee's entries make the game the one without the fault (${name})`, () => {
      const { lines, actions } = run(name);
      const struck = actions.find((a) => a.fault && a.fault !== 'lift')!.t;
      const lifted = actions.find((a) => a.fault === 'lift')!.t;
      toldOnceThenBack(lines, fault, ch, sensor, struck, within, lifted);
      assert.deepEqual(told(lines, 'score').map((l) => l.phone), cleanScores(name));
      assert.deepEqual(lines.at(-1)!.final, cleanRun(name).at(-1)!.final);
    });
  }

  it('a grid sensor stuck at mid-range is found at the first throw that brings a weight over it, and taken out of service', () => {
    const { lines } = run('fault-shuffleboard-stuck-grid');
    const faults = told(lines, 'fault');
    assert.deepEqual(faults[0].phone, { type: 'fault', fault: 'stuck', ch: 44, sensor: 'grid.4.4' });
    assert.ok(faults[0].t < 7000, 'as the first throw is decided');
    assert.deepEqual(faults.slice(1).map((l) => l.phone!.fault), [], 'nothing else');
  });

  // Was a defect (fault-shuffleboard-sensor-out-mid-game): the throw under way as the sensor was found was decided at
  // once, before its weight came, and dropped; its weight was told with the next throw, every later throw a throw late,
  // and the clear read as every weight knocked off (a phantom S9), then a false `inverted`. And in a row a weight comes
  // in by, the sensor's field going as it was taken out read as the throw's weight coming in.
  // Found by the hostile tester (round 13), with the weights found again without a first-row sensor taken out as
  // they are told: that sensor stuck just before the first launch after power-up (0.5 s before it, or 0.28 s as the
  // weight slides). Its field, come so soon after power-up, began a throw whose launch was unseen, and the launch was
  // taken for part of that throw; found again without the sensor, the table was as at power-up (a blip: no throw),
  // and the launch went with it: the end was never scored. A weight is on the grid before such a throw begins, so a
  // launch soon after is another throw: the blip goes, the launch is the first throw, and the end scores as the
  // weights lie (0-3: blue's 33.7 mm beats red's nearest, 94.7; 3-0: red's 75.6 beats blue's 186.2).
  for (const [name, ch, scores] of [
    ['fault-shuffleboard-stuck-just-before-first-launch', 2, [0, 3]],
    ['fault-shuffleboard-stuck-as-first-weight-slides', 5, [3, 0]],
  ] as const) {
    it(`a first-row sensor stuck just before the first throw after power-up is told, and the first launch is that throw (${name})`, () => {
      const { lines } = run(name);
      assert.deepEqual(told(lines, 'fault').map((l) => l.phone), [{ type: 'fault', fault: 'drift', ch, sensor: `grid.0.${ch}` }]);
      assert.deepEqual(lines.at(-1)!.final!.scores, scores);
      assert.equal(lines.at(-1)!.final!.state.t, 8, 'every throw decided');
    });
  }

  // Was a defect (fault-shuffleboard-corner-sensor): a sensor of the first or last row (where a weight may lie beyond
  // the grid, alone in its field) was never looked at in play: stuck off half the supply, it was told only at the next
  // clear, after the lift. Found as the throw launched at 7 s is decided, its weights found at 17.2 s (a locate step a
  // 10 ms scan: the weights are looked for in the stuck sensor's field for seconds first). (It was found sooner only
  // while that field, come before the launch, was taken for the weight coming.) Was a defect too: the weights found
  // then held one in the stuck sensor's field (a red at 1892 mm the board could not tell, once the weights were kept
  // as 32-bit floats: where the locate ends is chaotic), told with the throw; the end was put to the referee. The
  // sensor taken out as the weights are told, they are found again without it in the same frame.
  // (`within`: the fault matrix's, docs/diagnostics.md.)
  for (const [name, what, ch, sensor, within] of [
    ['fault-shuffleboard-sensor-out-mid-game', 'a grid sensor stuck at mid-range between throws is found as drift', 365, 'grid.36.5', 2100],
    ['fault-shuffleboard-corner-sensor', 'a corner sensor of the last row stuck off half the supply just before a throw is found as drift as that throw is decided', 370, 'grid.37.0', 13500],
  ] as const) {
    it(`${what}, and the rest of the game scores as without the fault`, () => {
      const { lines } = run(name);
      toldOnceThenBack(lines, 'drift', ch, sensor, 5500, within, 33500);
      assert.deepEqual(told(lines, 'score').map((l) => l.phone), cleanScores(name));
    });
  }

  // Was a defect (the hostile tester, round 13): a first-row sensor stuck beside a corner hanger (red1, d 9.6 mm,
  // hanging over the end edge: 4 points, and red's only weight nearer than blue1 at 38.9, so 4-0) was taken out as a
  // throw's weights were told, and they were found again without it, from the weights the fit with it had made (red1
  // put at d 25, y 0). Fitted anew without its row neighbour, the hanger's own corner sensor read as no magnet's and
  // was taken out too (a false `drift`), the hanger went off the end, and the end scored 0-0 without asking. Found
  // again, the weights start from the last throw's, and a sensor out of service tells nothing of whether one moved.
  it('a first-row sensor stuck beside a corner hanger is the only one told, and the hanger stays on the table (fault-shuffleboard-stuck-beside-corner-hanger)', () => {
    const { lines } = run('fault-shuffleboard-stuck-beside-corner-hanger');
    assert.deepEqual(told(lines, 'fault').map((l) => l.phone), [{ type: 'fault', fault: 'drift', ch: 8, sensor: 'grid.0.8' }]);
    const { scores, state } = lines.at(-1)!.final!;
    assert.equal(state.t, 8, 'every throw decided');
    assert.ok(Math.abs(state.d[0] - 9.6) <= state.u[0] || state.q & 1, `red1 told at ${state.d[0]} (u ${state.u[0]}), not asked`);
    if (!state.q) assert.deepEqual(scores, [4, 0], 'scored without asking, as the weights lie');
  });

  // Were defects (the hostile tester, rounds 12 and 13): a first-row sensor stuck part-way, or drifting, by hangers
  // and near-hangers. The weights found again without it started from what the fit with it had made, and the colours
  // of the weights lying still came out swapped: a false `inverted`, then `bank`, and the throws after were never
  // decided. Found again from the weights of the decision before, every throw is decided and the referee is asked
  // about the weights the board cannot tell.
  for (const [name, ch] of [
    ['fault-shuffleboard-stuck-row0-by-hangers-not-inverted', 7],
    ['fault-shuffleboard-drift-row0-by-hangers-not-inverted', 6],
  ] as const) {
    it(`a first-row sensor going bad by hangers is the only fault told, and every throw is decided (${name})`, () => {
      const { lines } = run(name);
      assert.deepEqual(told(lines, 'fault').map((l) => l.phone), [{ type: 'fault', fault: 'drift', ch, sensor: `grid.0.${ch}` }]);
      assert.equal(lines.at(-1)!.final!.state.t, 8, 'every throw decided');
    });
  }

  // Were defects (the hostile tester, round 14), first-row sensors gone bad by a hanger. Each end asks the referee
  // about the hanger and, once he places it, scores as the weights lie (S6, S7: the side nearest the end edge scores
  // each weight nearer than the other side's nearest, a hanger 4). Red's hanger at 13.5 mm beats blue's at 21.9: 4-0.
  // Blue's corner hanger at 9.1 mm beats red's nearest at 34.6: 0-4.
  // - row0-faults-by-hanger-not-lost: refitted beside its sensors out of service, the hanger and a phantom of its
  //   colour beside it (fitted weaker) were taken for a red and a blue on one place, and both went: 0-4 unasked. Of two
  //   of one colour overlapping only the later found goes (their colours compared, not their fitted strengths).
  // - corner-stuck-hanger-hidden: a weight thrown beside the hanger changed the hanger's sensors in service, and
  //   without its corner sensor it was not found again: taken off, 3-0 unasked. A weight not held that a sensor out
  //   of service may hide, not found again where it was, is kept there as one the board cannot tell: asked.
  for (const [name, ch, i, scores] of [
    ['fault-shuffleboard-row0-faults-by-hanger-not-lost', 1, 0, [4, 0]],
    ['fault-shuffleboard-corner-stuck-hanger-hidden', 9, 2, [0, 4]],
  ] as const) {
    it(`a hanger by first-row sensors gone bad is asked about, and placed the end scores as the weights lie (${name})`, () => {
      const { lines } = run(name);
      assert.ok(told(lines, 'fault').some((l) => l.phone!.ch === ch), `grid.0.${ch} told`);
      const asked = lines.filter((l) => l.phone?.type === 'state' && (l.phone.ask as string[]).length).at(-1)!;
      assert.ok((asked.phone!.weights as { w: string }[]).some((w, k) => k === i && (asked.phone!.ask as string[]).includes(w.w)), 'the hanger asked about');
      assert.deepEqual(lines.at(-1)!.final!.scores, scores);
    });
  }

  // Was a defect (the hostile tester, round 5): two neighbouring grid sensors stuck at 0.3 of the supply while a throw
  // was decided, lifted 4 s later, were not told: each had a neighbour that moved (the other), so neither was alone in
  // its field, and the weights were looked for in a field no magnet makes, for seconds. The throws launched meanwhile
  // ran together, one was lost, and every later throw was taken for the other side's (4-7, 8-0 for 11-4).
  for (const [name, what, struck, lifted, chs] of [
    ['fault-shuffleboard-pair-stuck-first-throw', 'as the first throw is decided', 4510, 8466, [49, 48]],
    ['fault-shuffleboard-pair-stuck-mid-throw', 'as a throw slides in the second end', 76621, 80611, [102, 101]],
  ] as const) {
    it(`two neighbouring grid sensors stuck part-way for 4 s ${what} are told drifted as it is decided, and the game scores as without the fault`, () => {
      const { lines } = run(name);
      const faults = told(lines, 'fault');
      assert.deepEqual(faults.map((l) => [l.phone!.fault, l.phone!.ch]), [['drift', chs[0]], ['drift', chs[1]], ['ok', Math.min(...chs)], ['ok', Math.max(...chs)]]);
      assert.ok(faults[0].t - struck <= 6000, `told at ${faults[0].t}`);
      assert.ok(faults[2].t > lifted, 'back in service after the lift');
      assert.deepEqual(told(lines, 'score').map((l) => l.phone), cleanScores(name));
    });
  }

  // Was a defect (the hostile tester, round 6): for 5 s after power-up a field come where there was none is a weight
  // thrown while the board was starting, so a grid sensor at 0.3 of the supply for 0.4 s then (a blip no check tells)
  // was counted a throw, a weight gone off, and every later throw was the other player's (4-7, 4-11, 8-7 for 11-4). A
  // throw whose launch was unseen that leaves every sensor as it read at power-up is no throw. And a launch group read
  // part-way (0.3 of the supply: neither a switch's ground nor its pull-up) was a launch, at any time.
  for (const [name, what] of [
    ['fault-shuffleboard-blip-at-power-up', 'a grid sensor read part-way for 0.4 s just after power-up'],
    ['fault-shuffleboard-blip-after-power-cut', 'a grid sensor read part-way for 0.4 s just after a power cut between ends'],
    ['fault-shuffleboard-launch-blip', 'a launch group read part-way for 0.4 s, just after power-up and as a weight slides'],
  ] as const) {
    it(`${what} counts no throw: the game scores as without it`, () => {
      const { lines } = run(name);
      const clean = cleanRun(name);
      assert.deepEqual(told(lines, 'fault'), []);
      assert.deepEqual(told(lines, 'flag').map((l) => l.phone), told(clean, 'flag').map((l) => l.phone));
      assert.deepEqual(told(lines, 'score').map((l) => l.phone), told(clean, 'score').map((l) => l.phone));
      assert.deepEqual(lines.at(-1)!.final, clean.at(-1)!.final);
    });
  }

  // Was a defect (the hostile tester, round 6): a grid sensor stuck part-way beside a weight at rest as its throw was
  // decided (not alone: its neighbours moved, as the weight came), or three side by side (no pair), were not told: the
  // weights were looked for in a field no magnet makes for 22 s, the throws launched meanwhile decided together, one
  // lost (7-4 for 11-4), and the sensor told 23 s late. A field stronger than a weight between two sensors makes, that
  // no sensor beside it shares once the other weights' fields are taken away (nor in their whole readings), or one
  // stronger than any weight makes, is no magnet's: its sensor is taken out, told drifted, and the weights are found
  // again without it.
  for (const [name, what, struck, lifted, chs] of [
    ['fault-shuffleboard-stuck-by-weight', 'a grid sensor stuck part-way for 1 s beside a weight at rest as its throw is decided', 10435, 11485, [82]],
    ['fault-shuffleboard-three-stuck-side-by-side', 'three grid sensors side by side stuck part-way for 1.6 s as a throw is decided', 15400, 17000, [115, 114, 113]],
    ['fault-shuffleboard-stuck-past-any-weight', 'a grid sensor stuck past what any weight reads (0.7 of the supply) for 1 s beside a weight of that colour as its throw is decided', 4400, 5400, [34]],
  ] as const) {
    it(`${what}: told drifted as the throw is decided, and the game scores as without the fault`, () => {
      const { lines } = run(name);
      const clean = cleanRun(name);
      const faults = told(lines, 'fault');
      assert.deepEqual(faults.map((l) => [l.phone!.fault, l.phone!.ch]), [...chs.map((ch) => ['drift', ch]), ...[...chs].sort((a, b) => a - b).map((ch) => ['ok', ch])]);
      // As the throw under way is decided: before that throw is told (its weights found without the sensor).
      const decided = told(lines, 'state').find((l) => l.t > struck)!;
      assert.ok(faults[0].t <= decided.t && faults[0].t - struck <= 2500, `told at ${faults[0].t}, the throw at ${decided.t}`);
      assert.ok(faults[chs.length].t > lifted, 'back in service after the lift');
      assert.deepEqual(told(lines, 'flag').map((l) => l.phone), told(clean, 'flag').map((l) => l.phone));
      assert.deepEqual(told(lines, 'score').map((l) => l.phone), told(clean, 'score').map((l) => l.phone));
      assert.deepEqual(lines.at(-1)!.final, clean.at(-1)!.final);
    });
  }

  // Was a defect (the hostile tester, round 6): the entry row's corner sensor stuck part-way 1 ms after a hanger was
  // launched: its field was taken for the weight coming in, and once it was still for 0.4 s the throw was decided,
  // 0.46 s after its launch, the sensor taken out then and the weight not yet come: called off the table, its 4 lost
  // (18-3 for 22-3). A sensor taken out as a throw is decided may be what came: the weight is watched for again.
  it('an entry-row sensor stuck part-way just after a launch is told drifted, and the throw waits for its weight: the game scores as without the fault', () => {
    const name = 'fault-shuffleboard-entry-sensor-stuck-at-launch';
    const { lines } = run(name);
    const clean = cleanRun(name);
    toldOnceThenBack(lines, 'drift', 379, 'grid.37.9', 19001, 1000, 20006);
    assert.deepEqual(told(lines, 'flag').map((l) => l.phone), told(clean, 'flag').map((l) => l.phone));
    assert.deepEqual(told(lines, 'score').map((l) => l.phone), told(clean, 'score').map((l) => l.phone));
    assert.deepEqual(lines.at(-1)!.final, clean.at(-1)!.final);
  });

  // Was a defect (the hostile tester, round 5): a sensor of the first row stuck at 0.3 of the supply three times for 4 s
  // as throws were decided: its field, alone, was taken for a weight beyond the grid until a throw's weights were found
  // (seconds of fitting a field no magnet makes), and a throw launched meanwhile could be lost. No weight beyond the row
  // makes a field that strong: it is taken out as the throw is decided, before its weights are found.
  it('a first-row grid sensor stuck part-way as throws are decided is told drifted as the throw is decided, and the game scores as without the fault', () => {
    const { lines } = run('fault-shuffleboard-row0-sensor-stuck-thrice');
    toldOnceThenBack(lines, 'drift', 7, 'grid.0.7', 91320, 1000, 95313);
    assert.deepEqual(told(lines, 'score').map((l) => l.phone), cleanScores('fault-shuffleboard-row0-sensor-stuck-thrice'));
  });

  // Was a defect: the grid inverted during the last end made no weight of the wrong colour appear in a way the count
  // of colours tells (every weight lying changed colour too), so nothing was told and the end was scored for the
  // wrong side: the wrong player won the game.
  it('a grid inverted in the last end is told as the next throw is decided, from the weights lying that changed colour; the wrong side never scores', () => {
    const { lines } = run('fault-shuffleboard-inverted-last-end');
    const faults = told(lines, 'fault');
    assert.deepEqual(faults.map((l) => l.phone!.fault), ['inverted', 'bank', 'ok']);
    const clean = cleanScores('fault-shuffleboard-inverted-last-end');
    const scores = told(lines, 'score').map((l) => l.phone);
    assert.deepEqual(scores, clean.slice(0, scores.length), 'no score the game without the fault does not make');
    assert.ok(faults[0].t < 160971, 'before the end is scored (the game without the fault scores it at 160,971)');
    assert.ok(faults[2].t > 156497, 'set right only after the lift');
  });

  // Was a defect: with the first end played while the line was dead (nobody entering it), the game is an end behind
  // the table, and the players open the next end as the board shows; the grid's checks still counted the table's
  // ends, took the throws for the other side's, and told a false `inverted` (then `bank`, and the throws after it
  // were not scored). And the channels reading inputs that are not there were told first, as `rail` on grid.25.6.
  // Line 7 stuck high makes the 124 channels of the second analog input read inputs that are not there, at a rail:
  // the grid is untrusted at the first check that sees them, and the line named once the checks see it.
  it('a dead select line making many channels read a rail distrusts the grid at once and tells no rail; once lifted the game plays on with no false inverted', () => {
    const { lines } = run('fault-shuffleboard-dead-line-lifted');
    const faults = told(lines, 'fault');
    assert.deepEqual(faults.map((l) => l.phone), [{ type: 'fault', fault: 'bank' }, { type: 'fault', fault: 'select', line: 7 },
      { type: 'fault', fault: 'ok', line: 7 }, { type: 'fault', fault: 'ok' }]);
    assert.ok(faults[0].t - 1000 <= 2200, `untrusted at ${faults[0].t}`);
    // (Named once a weight's field is read twice: the first weight lies where the line hides it, and the second is
    // read twice only as it slides, at some phases of the board's scans and not at others: docs/diagnostics.md.)
    assert.ok(faults[1].t < 39184, `named at ${faults[1].t}, before the lift`);
    assert.ok(faults[2].t > 39184, 'sound again only after the lift');
    // Every throw after the board is sound again is told: the one after the lift and seven of the next end fill the
    // game's first end (the eighth, off the end, finds that end over), then all eight of the last.
    const throws = lines.filter((l) => l.t > 42000 && l.phone && l.phone.type === 'state' && l.phone.left !== 8);
    assert.equal(throws.length, 1 + 7 + 8);
  });

  // Was a defect (test/scan-period.ts, hostile round 18): with the first weight landing some 22 ms or more later in
  // the board's second (51 of 100 phases), the weight lay where the dead line hides it, the line was named 26 s late,
  // a channel at a rail was told instead, and the throw was scored as a weight off the table: the game stood at 0-0
  // for the referee where it otherwise ends 4-7 (test/hostile-findings/18-dead-select-line-named-late-25-ms-later.jsonl).
  it('a dead select line making many channels read a rail: at any phase of the board\'s scans, the grid is untrusted within 2.2 s, no rail is told, no throw is told until it is sound again, and the game ends the same', () => {
    const text = readFileSync('scenarios/fault-shuffleboard-dead-line-lifted.jsonl', 'utf8').trim();
    const endings = new Set<string>();
    for (const shift of [0, 13, 22, 25, 38, 51, 64, 77, 89, 95]) {
      const lines = replay(shiftedBy(text, shift)).lines.map((l) => JSON.parse(l) as Line);
      const faults = told(lines, 'fault');
      assert.deepEqual(faults.map((l) => l.phone!.fault), ['bank', 'select', 'ok', 'ok'], `${shift} ms later`);
      assert.ok(faults[0].t - (1000 + shift) <= 2200, `${shift} ms later: untrusted at ${faults[0].t}`);
      const toldMeanwhile = lines.filter((l) => l.phone && l.phone.type === 'state' && l.phone.left !== 8 && l.t > faults[0].t && l.t < faults[3].t);
      assert.deepEqual(toldMeanwhile, [], `${shift} ms later: a throw told while the grid was untrusted`);
      endings.add(JSON.stringify(lines.at(-1)!.final!.scores));
    }
    assert.equal(endings.size, 1, [...endings].join(' or '));
  });

  // Were defects of a first version of the check's skip between throws (hostile round 23): it skipped the check after
  // one whose passes found a sensor moved alone in the readings kept that read otherwise afresh, and waited for the
  // readings kept to change again (a slow drift told 8 s later), and it skipped while a select line was dead, so the
  // line's `ok` came when a row with a field was read again (a throw launched meanwhile was dropped).
  it('a slow drift between throws is told within 5 s of its reading having moved some 2.4% of the supply (at rest: 3 s, and 2 s for a row read again), at any phase', () => {
    const text = readFileSync('scenarios/fault-shuffleboard-slow-drift-between-throws.jsonl', 'utf8').trim();
    // (Its drift, from the scenario: onset and rate; 0.16 of a weight's peak, some 2.4% of the supply: docs/diagnostics.md.)
    const drift = JSON.parse(text.split('\n').find((l) => l.includes('"drift"'))!) as { t: number; perS: number };
    const moved = drift.t + (0.024 / Math.abs(drift.perS)) * 1000;
    for (const shift of [0, 13, 31, 77, 95]) {
      const lines = replay(shiftedBy(text, shift)).lines.map((l) => JSON.parse(l) as Line);
      const faults = told(lines, 'fault');
      assert.deepEqual(faults.map((l) => [l.phone!.fault, l.phone!.sensor]), [['drift', 'grid.2.0']], `${shift} ms later`);
      assert.ok(faults[0].t - (moved + shift) <= 5000, `${shift} ms later: told ${Math.round(faults[0].t - moved - shift)} ms after it moved that far`);
    }
  });
  it('a dead select line lifted between throws is sound again by the next check that reads it so: the throw after it is scored, at any phase', () => {
    const text = readFileSync('scenarios/fault-shuffleboard-dead-line-lifted-before-throw.jsonl', 'utf8').trim();
    for (const shift of [0, 13, 31, 77, 95]) {
      const lines = replay(shiftedBy(text, shift)).lines.map((l) => JSON.parse(l) as Line);
      const faults = told(lines, 'fault');
      assert.deepEqual(faults.map((l) => l.phone!.fault), ['select', 'bank', 'ok', 'ok'], `${shift} ms later`);
      assert.ok(faults[3].t < 62363 + shift, `${shift} ms later: the grid sound again at ${faults[3].t}, after the launch`);
      const weights = told(lines, 'state').at(-1)!.phone!.weights as { w: string; d: number }[];
      assert.ok(Math.abs(weights.find((w) => w.w === 'red3')!.d - 840) <= 3, `${shift} ms later: ${JSON.stringify(weights)}`);
    }
  });

  // Was a defect (hostile round 20): line 7 stuck high while the table rests. A resting board reads its rows again
  // five at a time, so a check saw the first few rails (row 25's 4, rows 25-26's 14) and told `rail` on grid.25.6 at
  // most phases, before `bank`; the sensor at a rail that came during the bank (grid.20.0, which the line does not
  // hide) was then never told: the rails counted were those of the false report.
  it('a dead select line while the table rests: at any phase, `bank` and no rail of it; a real rail meanwhile told once the line is sound again', () => {
    const text = readFileSync('scenarios/fault-shuffleboard-rail-while-dead-line-at-rest.jsonl', 'utf8').trim();
    for (const shift of [0, 13, 22, 31, 38, 51, 77, 95]) {
      const lines = replay(shiftedBy(text, shift)).lines.map((l) => JSON.parse(l) as Line);
      const faults = told(lines, 'fault');
      assert.deepEqual(faults.map((l) => l.phone), [{ type: 'fault', fault: 'bank' }, { type: 'fault', fault: 'rail', ch: 200, sensor: 'grid.20.0' }, { type: 'fault', fault: 'ok' }], `${shift} ms later`);
      assert.ok(faults[0].t - (8200 + shift) <= 4000, `${shift} ms later: untrusted at ${faults[0].t}`);
      assert.ok(faults[1].t > 18000 + shift && faults[1].t - (18000 + shift) <= 4000, `${shift} ms later: rail told at ${faults[1].t}`);
    }
  });

  // Was a defect (the hostile hunt, seed 2): the throws decided while the grid floated were counted and their tables
  // kept (a throw read as the noise lifted, too), so the first throws after it were judged against the wrong side
  // and a table of noise: a false `inverted`, and the throws after it not scored.
  it('a grid drowned in noise for half an end tells bank, then ok after the lift, and no false inverted after it', () => {
    const { lines } = run('fault-shuffleboard-noisy-grid-lifted');
    const faults = told(lines, 'fault');
    assert.deepEqual(faults.map((l) => l.phone!.fault), ['bank', 'ok']);
    assert.ok(faults[0].t - 2248 <= 1100 && faults[1].t > 32203);
  });

  // Was a defect (the hostile hunt, seed 9): a sensor taken out as drifted came back at the next clear, still
  // drifting, as it passed within the margin of its calibration that took it out.
  it('a grid sensor drifting still is not back in service at a clear before the wire is put back', () => {
    const { lines } = run('fault-shuffleboard-drifting-sensor');
    assert.deepEqual(told(lines, 'fault').map((l) => l.phone), [{ type: 'fault', fault: 'drift', ch: 111, sensor: 'grid.11.1' }]);
    assert.deepEqual(told(lines, 'score').map((l) => l.phone), cleanScores('fault-shuffleboard-drifting-sensor'));
  });

  // Was a defect (the hostile hunt, seed 18): a weight's image, where its partner channel across the dead line reads
  // it, is a field none of its neighbours sees; four sound sensors were told `drift` a second before the line was named,
  // and came back at the next clear while the line was still dead.
  it('a dead select line is named, not the sensors that read a weight\'s image across it', () => {
    const { lines } = run('fault-shuffleboard-dead-line-images');
    assert.deepEqual(told(lines, 'fault').map((l) => l.phone), [{ type: 'fault', fault: 'select', line: 1 }, { type: 'fault', fault: 'bank' },
      { type: 'fault', fault: 'ok', line: 1 }, { type: 'fault', fault: 'ok' }]);
  });

  for (const [name, what, fault] of [['fault-shuffleboard-noisy-grid', 'a noisy grid', 'bank'], ['fault-shuffleboard-floating-grid', 'a floating grid (mid-range, at no rail)', 'bank']]) {
    it(`${what} is a bank fault within a second: no throw is told meanwhile, and the board is sound again after the lift`, () => {
      const { lines, actions } = run(name);
      const struck = actions.find((a) => a.fault && a.fault !== 'lift')!.t;
      const lifted = actions.find((a) => a.fault === 'lift')!.t;
      const faults = told(lines, 'fault');
      assert.equal(faults[0].phone!.fault, fault);
      assert.ok(faults[0].t - struck <= 1100);
      assert.deepEqual(faults.map((l) => l.phone!.fault), [fault, 'ok']);
      assert.ok(faults[1].t > lifted);
      const states = told(lines, 'state').filter((l) => l.t > struck && l.t < faults[1].t);
      assert.deepEqual(states, [], 'no throw told while the grid is not trusted');
    });
  }

  // Issue 31 (the fault watch's settle, in steps): the grid floating from 13 s to 16 s, red2 thrown meanwhile, blue2
  // launched at 17.5 s and sliding when the grid is found sound again (18 s): neither is scored, the referee enters
  // both (`rest`, `place`), 5-0; a cut at 22 s. Decided in one call, nothing of that decision was saved: the cut
  // resumed both throws at power-up and scored them, and the referee's entries made them twice (4-0, two throws
  // refused). The settle saves them as under way and not to be scored, then as over: 5-0 with the cut too.
  it('the grid found sound again as a throw slides: the throws made while it was not trusted are not scored, with a power cut after as without', () => {
    const name = 'fault-shuffleboard-sound-again-mid-throw-then-cut';
    const { lines } = run(name);
    const text = readFileSync(`scenarios/${name}.jsonl`, 'utf8').split('\n').filter((l) => !l.includes('"power"')).join('\n');
    const uncut = replay(text).lines.map((l) => JSON.parse(l) as Line);
    for (const played of [lines, uncut]) {
      assert.deepEqual(told(played, 'fault').map((l) => l.phone!.fault), ['bank', 'ok']);
      assert.deepEqual(told(played, 'state').filter((l) => l.t > 13000 && l.t < 29000 && !l.phone!.moves).map((l) => l.phone!.left).filter((left) => left !== 6), [], 'red2 and blue2 not scored by the board');
      assert.deepEqual(played.at(-1)!.final!.scores, [5, 0]);
    }
  });

  it('a dead select line of the grid (line 6 stuck high: half the grid reads the other half) is named within 4 s, and no throw is scored while it lasts', () => {
    const { lines } = run('fault-shuffleboard-dead-line');
    const named = told(lines, 'fault').filter((l) => l.phone!.line !== undefined);
    assert.deepEqual(named.map((l) => l.phone), [{ type: 'fault', fault: 'select', line: 6 }, { type: 'fault', fault: 'ok', line: 6 }]);
    assert.ok(named[0].t - 18000 <= 4000 + SHUFFLEBOARD_FIRST_SCAN_MS, `named at ${named[0].t}`);
    assert.ok(named[1].t >= 48000, 'sound again only after the lift');
    // Without the check, the weights seen twice scored S10 and S8 for the wrong side at 40 s.
    assert.deepEqual(told(lines, 'score'), []);
    assert.deepEqual(told(lines, 'state').filter((l) => l.t > named[0].t && l.t < 48000), [], 'no throw told while the line is dead');
  });

  it('a grid wired with inverted polarity is found by the second throw, and the wrong side never scores', () => {
    const { lines } = run('fault-shuffleboard-inverted-grid');
    const faults = told(lines, 'fault');
    assert.deepEqual(faults.map((l) => l.phone!.fault), ['inverted', 'bank']);
    assert.ok(faults[0].t < 13000, 'by the second throw (7 s), decided a few seconds later');
    assert.deepEqual(told(lines, 'score'), []);
  });
  // Was a defect (the hostile tester, round 4): a line of touching weights in one lane, which the fit read otherwise
  // than laid (a weight of one colour seen where the other's lay, the thrower's colour wrong twice), was told as the
  // grid inverted on a sound, still table. A reversed field turns every weight's colour together: a wrong colour
  // tells only when every weight that lay is seen still, as it lay.
  it('a line of touching weights in one lane, read otherwise than laid, is no inverted grid: no fault told', () => {
    assert.deepEqual(told(run('fault-shuffleboard-lane-line-not-inverted').lines, 'fault'), []);
  });
  // Round 4 too (shuffle-clusters.ts, seed 2): a weight the fit lost beside a touching one and found again two throws
  // later looked like a throw of the wrong colour, and the next landing throw, off by the throws run together, like a
  // second.
  it('a weight lost and found again, then a throw after some gone off, is no inverted grid: no fault told', () => {
    assert.deepEqual(told(run('fault-shuffleboard-weight-found-again-not-inverted').lines, 'fault'), []);
  });
  // Round 4 too: three hangers touching by the left rail, whose colours the fit read otherwise at one d (the weight
  // at 1800 keeping its own), and two throws landing after two run together (the board's count of throws one out).
  it('weights side by side at one d seen in other colours, while another keeps its own, are no inverted grid', () => {
    assert.deepEqual(told(run('fault-shuffleboard-hangers-by-rail-not-inverted').lines, 'fault'), []);
  });
  it('two throws landing after two the board ran together are no inverted grid: the weights lying came with right throws', () => {
    assert.deepEqual(told(run('fault-shuffleboard-throws-run-together-not-inverted').lines, 'fault'), []);
  });
  // Was a defect (the hostile tester, round 3): a sensor at a rail read as no field to the fit, so a weight lying right
  // over it left a hole that pairs of weights of both colours filled, and pruned, then the weight was taken as off the
  // table, with no question. A reading at a rail now tells the fit nothing, as a sensor out of service.
  it('a weight thrown to rest right over a grid sensor stuck at a rail is placed where the scenario slid it, not taken off the table', () => {
    const { lines, actions } = run('fault-shuffleboard-weight-over-railed-sensor');
    assert.deepEqual(told(lines, 'fault').map((l) => l.phone), [{ type: 'fault', fault: 'rail', ch: 54, sensor: 'grid.5.4' }]);
    const slid = (actions as unknown as { do?: string; to: { d: number } }[]).find((a) => a.do === 'slide')!.to;
    const red1 = (told(lines, 'state').at(-1)!.phone!.weights as { w: string; d: number }[]).find((w) => w.w === 'red1')!;
    assert.ok(Math.abs(red1.d - slid.d) <= 3, `red1 seen at ${red1.d}, slid to ${slid.d}`);
  });
  // Were defects (the hostile tester, round 25): the check a second read the sensors kept at a rail afresh only after
  // a check that found some, or a reading kept that changed. A sensor that left its rail and went back to it before its
  // row was read again changed no reading kept: the first was not told again until the next throw, 23 s later; the
  // second's twenty sensors went unread, and the grid was trusted again while they were at the rail (`ok` at 12 s), and
  // the throw launched after they were lifted scored. The board now counts the sensors at a rail as it keeps each
  // row's readings, and reads those afresh at every check.
  it('a grid sensor that leaves its rail and goes back to it before its row is read again is told again within 3 s, and the throw scores as without it', () => {
    const { lines } = run('fault-shuffleboard-rail-again-before-row-read');
    const rails = told(lines, 'fault');
    assert.deepEqual(rails.map((l) => l.phone), Array(2).fill({ type: 'fault', fault: 'rail', ch: 200, sensor: 'grid.20.0' }));
    assert.ok(rails[0].t - 2000 <= 3000 && rails[1].t > 6500 && rails[1].t - 6500 <= 3000, `told at ${rails.map((l) => l.t)}`);
    assert.deepEqual(told(lines, 'score').map((l) => l.phone), cleanScores('fault-shuffleboard-rail-again-before-row-read'));
  });
  it('twenty grid sensors back at a rail before their rows are read again: the grid is trusted again only once they are lifted, and the throw launched before it is sound is not scored', () => {
    const { lines } = run('fault-shuffleboard-bank-again-before-rows-read');
    const faults = told(lines, 'fault');
    assert.deepEqual(faults.map((l) => l.phone!.fault), ['bank', 'ok']);
    assert.ok(faults[1].t > 14000, `sound again at ${faults[1].t}, before the rails were lifted at 14 s`);
    assert.equal(lines.at(-1)!.final!.state.t, 0, 'no throw scored');
  });
  // Was a defect (the hostile tester, round 3): with a sensor out of service under a weight, its sound neighbour, the
  // nearest the weight still read, looked alone in its field and was told drifted. A neighbour out of service tells
  // nothing of whether a field is alone.
  it('a grid sensor stuck at mid-supply under a weight is told, and its sound neighbours are not', () => {
    const { lines } = run('fault-shuffleboard-stuck-sensor-neighbour');
    assert.deepEqual(told(lines, 'fault').map((l) => l.phone), [{ type: 'fault', fault: 'stuck', ch: 54, sensor: 'grid.5.4' }]);
  });
  // Was a defect (the hostile tester, round 3): drift was looked for only in fields with no neighbour's, so a sensor
  // drifting beside a weight at rest went untold and moved the weight in the fit: red1 lost and blue won the end 0-1,
  // or, at d 115, the weight's colour read swapped and the grid was called inverted. A weight at rest leaves its
  // sensors still; one moving alone since the table lay still is drifting.
  for (const [name, at] of [['fault-shuffleboard-drift-by-weight-wrong-side', 108], ['fault-shuffleboard-drift-by-weight-inverted', 115]] as const) {
    it(`a grid sensor drifting 1%/s beside a weight at rest (d ${at}) is told within 6 s, before the end is scored, and the end scores as without it`, () => {
      const { lines } = run(name);
      const faults = told(lines, 'fault');
      assert.deepEqual(faults.map((l) => l.phone), [{ type: 'fault', fault: 'drift', ch: 13, sensor: 'grid.1.3' }]);
      assert.ok(faults[0].t - 5000 <= 6000 + SHUFFLEBOARD_FIRST_SCAN_MS, `told at ${faults[0].t}`);
      assert.deepEqual(told(lines, 'score').map((l) => l.phone), cleanScores(name));
      assert.deepEqual(lines.at(-1)!.final!.scores, cleanRun(name).at(-1)!.final!.scores);
    });
  }
  // The same, anywhere near the end edge: a sensor of the 4 by 3 around a weight at rest drifting 0.8% to 2% of the
  // supply a second, three throws far up the table after it. Oracle: the same play without the fault.
  it('a grid sensor drifting beside a weight at rest is told, and the table is seen as without it or put to the referee (seeded sample)', () => {
    const play = (text: string) => replay(text).lines.map((l) => JSON.parse(l) as Line);
    fc.assert(fc.property(fc.integer({ min: 80, max: 420 }), fc.integer({ min: 60, max: 450 }), fc.integer({ min: 0, max: 11 }),
      fc.double({ min: 0.008, max: 0.02, noNaN: true }), fc.boolean(), (d, y, near, rate, up) => {
        // Rows at 25 + 50 r mm, columns at 29 + 50 c mm (wiring.md): the weight's lower row and column, and around them.
        // (Not the first row: a weight may lie beyond it, and a field come there alone is told as the next throw is decided.)
        const row = Math.max(1, Math.floor((d - 25) / 50) - 1 + (near % 4)), col = Math.min(9, Math.max(0, Math.floor((y - 29) / 50) - 1 + Math.floor(near / 4)));
        const sensor = `grid.${row}.${col}`;
        const lines = [{ game: 'shuffleboard', players: 2, options: { firstPlayer: 0 }, seed: 4 }, { t: 1000, do: 'slide', to: { d, y } },
          { t: 5000, fault: 'drift', perS: up ? rate : -rate, sensor }, { t: 7000, do: 'slide', to: { d: 700, y: 100 } },
          { t: 13000, do: 'slide', to: { d: 800, y: 400 } }, { t: 19000, do: 'slide', to: { d: 900, y: 250 } }];
        const out = play(lines.map((l) => JSON.stringify(l)).join('\n'));
        const clean = play(lines.filter((l) => !('fault' in l)).map((l) => JSON.stringify(l)).join('\n'));
        const faults = told(out, 'fault').map((l) => l.phone);
        assert.deepEqual(faults, [{ type: 'fault', fault: 'drift', ch: row * 10 + col, sensor }], `${sensor} beside a weight at ${d}, ${y}`);
        const last = told(out, 'state').at(-1)!.phone!, was = told(clean, 'state').at(-1)!.phone!;
        const points = (p: Record<string, unknown>) => (p.weights as { points: number }[]).map((w) => w.points);
        assert.ok((last.ask as string[]).length || JSON.stringify(points(last)) === JSON.stringify(points(was)), `${sensor} beside ${d}, ${y}: ${JSON.stringify(last.weights)}`);
      }), { numRuns: 5, seed: 26 });
  });
});
