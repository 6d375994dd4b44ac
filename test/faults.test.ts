// Sensor faults during play (issue 7): stuck, chattering and silent sensors
// are reported once each while the game goes on.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BANK, CHATTER, CHATTER_PER_CHECK, CONTACT_CHATTER_PER_CHECK, NEVER, NEVER_MOVES, OK, SOUND_CHECKS, STILL_OUT, STUCK, STUCK_MOVES, TAKEN_OUT, checkFaults, faultWords, outOfService } from '../firmware/faults';
import { replay } from '../sim/replay';
import { game as ringapegModule } from '../firmware/games/ringapeg/index';
import type { BoardDescription, SensorKind } from '../firmware/board';
import { seeded } from './seeded';

/**
 * A scanner stand-in: levels and raw change counts set by the test. The check takes the counts (changes since the
 * last check) and starts them again from 0, as it does the scanner's; `total` sets a channel's changes so far.
 */
function counts(channels: number) {
  const level = new Array(channels).fill(0);
  const raw = new Array(channels).fill(0);
  const totals = new Array(channels).fill(0);
  const total = (ch: number, n: number) => {
    raw[ch] += n - totals[ch];
    totals[ch] = n;
  };
  return { level, raw, total, scanner: { level: (ch: number) => level[ch], rawChanges: raw } };
}

/** A board of `kinds.length` channels, sensor i of kind kinds[i]. */
function boardOf(...kinds: SensorKind[]): BoardDescription {
  return { channels: kinds.length, sensors: kinds.map((kind, ch) => ({ name: 's' + ch, ch, kind })) };
}

describe('sensor faults: the check', () => {
  // [what, per check: [moves, levels, raw counts], expected reports as "check:ch:fault"]
  const table: [string, [number, number[], number[]][], string[]][] = [
    ['a quiet board reports nothing', [[0, [0, 0], [0, 0]], [5, [0, 0], [4, 2]], [9, [0, 0], [8, 2]]], []],
    ['a sensor active through STUCK_MOVES moves is stuck, once', [
      [0, [1, 0], [1, 0]], [1, [1, 0], [1, 0]], [STUCK_MOVES - 1, [1, 0], [1, 0]], [STUCK_MOVES, [1, 0], [1, 0]], [STUCK_MOVES + 5, [1, 0], [1, 0]],
    ], [`3:0:${STUCK}`]],
    ['a sensor going active as the moves pass 255 (where the mark of it wraps) is stuck after STUCK_MOVES moves, not before', [
      [253, [1, 0], [1, 1]], [254, [1, 0], [1, 1]], [253 + STUCK_MOVES - 1, [1, 0], [1, 1]], [253 + STUCK_MOVES, [1, 0], [1, 1]],
      [600, [0, 1], [2, 1]], [601, [0, 1], [2, 1]], [600 + STUCK_MOVES, [0, 1], [2, 1]],
    ], [`3:0:${STUCK}`, `6:0:${OK}`, `6:1:${STUCK}`]],
    ['a sensor released before STUCK_MOVES moves is not stuck', [
      [0, [1, 0], [1, 0]], [STUCK_MOVES - 1, [1, 0], [1, 0]], [STUCK_MOVES, [0, 0], [2, 0]], [STUCK_MOVES + 1, [1, 0], [3, 0]],
    ], []],
    ['CHATTER_PER_CHECK raw changes in one check is chatter, once', [
      [0, [0, 0], [0, 0]], [0, [0, 0], [0, CHATTER_PER_CHECK - 1]], [0, [0, 0], [0, 2 * CHATTER_PER_CHECK - 1]], [1, [0, 0], [0, 9 * CHATTER_PER_CHECK]],
    ], [`2:1:${CHATTER}`]],
    ['a sensor that never changed in NEVER_MOVES moves is reported, once', [
      [NEVER_MOVES - 1, [0, 0], [6, 0]], [NEVER_MOVES, [0, 0], [6, 0]], [NEVER_MOVES + 9, [0, 0], [6, 0]],
    ], [`1:1:${NEVER}`]],
  ];
  for (const [what, checks, expected] of table) {
    it(what, () => {
      const c = counts(2);
      const memory = faultWords(boardOf('ir', 'ir'));
      const check = (moves: number, report: (ch: number, fault: number) => void) => checkFaults(c.scanner, memory, moves, report, 0);
      const reports: string[] = [];
      checks.forEach(([moves, levels, raw], i) => {
        levels.forEach((l, ch) => { c.level[ch] = l; });
        raw.forEach((r, ch) => c.total(ch, r));
        check(moves, (ch, fault) => reports.push(`${i}:${ch}:${fault}`));
      });
      assert.deepEqual(reports, expected);
    });
  }
});

describe('sensor faults: a sensor that holds a state is never stuck', () => {
  it('a spot with its ball, or colours down, may stay active through any number of moves; a sensor that does not hold one is stuck', () => {
    const c = counts(2);
    const board: BoardDescription = { channels: 2, sensors: [{ name: 'spot', ch: 0, kind: 'hall', holds: true }, { name: 'gate', ch: 1, kind: 'ir' }] };
    const memory = faultWords(board);
    const check = (moves: number, report: (ch: number, fault: number) => void) => checkFaults(c.scanner, memory, moves, report, 0);
    const reports: string[] = [];
    c.level[0] = c.level[1] = 1;
    for (let moves = 0; moves <= 10 * STUCK_MOVES; moves++) check(moves, (ch, fault) => reports.push(`${ch}:${fault}`));
    assert.deepEqual(reports, [`1:${STUCK}`]);
  });
});

describe('sensor faults: a contact rings, a clean sensor does not', () => {
  it('a contact that holds no state, active at two checks with no change between, is stuck; an IR point may hold a chip, a fortress mouth\'s hall switch a ball (its interpreter tells a stuck one)', () => {
    const c = counts(3);
    const memory = faultWords(boardOf('hall', 'contact', 'ir'));
    const reports: string[] = [];
    const check = (i: number) => checkFaults(c.scanner, memory, 0, (ch, fault) => reports.push(`${i}:${ch}:${fault}`), 0);
    c.level[0] = c.level[1] = c.level[2] = 1;
    c.raw[0] = c.raw[1] = c.raw[2] = 1;
    check(0);
    c.raw[1]++;
    check(1);
    check(2);
    check(3);
    assert.deepEqual(reports, [`2:1:${STUCK}`], 'held a second without a change: stuck at the next check');
  });

  it('an IR point chatters from CHATTER_PER_CHECK raw changes in a check; a contact only from CONTACT_CHATTER_PER_CHECK', () => {
    const c = counts(2);
    const memory = faultWords(boardOf('ir', 'contact'));
    const check = (moves: number, report: (ch: number, fault: number) => void) => checkFaults(c.scanner, memory, moves, report, 0);
    const reports: string[] = [];
    // A missed ring's shocks and bounces: some 60 changes on the impact switch in a second, and on an IR gate as many.
    c.raw[0] = c.raw[1] = 60;
    assert.equal(check(0, (ch, fault) => reports.push(`${ch}:${fault}`)), TAKEN_OUT);
    assert.deepEqual(reports, [`0:${CHATTER}`], 'the IR gate chatters, the impact switch rings');
    assert.ok(outOfService(memory, 0) && !outOfService(memory, 1));
    // A quiet second, then the contact rings again: once is a ring, but half the count at two checks in a row is chatter.
    check(0, (ch, fault) => reports.push(`${ch}:${fault}`));
    c.raw[1] += CONTACT_CHATTER_PER_CHECK - 1;
    check(0, (ch, fault) => reports.push(`${ch}:${fault}`));
    assert.deepEqual(reports, [`0:${CHATTER}`]);
    c.raw[1] += CONTACT_CHATTER_PER_CHECK >> 1;
    check(0, (ch, fault) => reports.push(`${ch}:${fault}`));
    assert.deepEqual(reports, [`0:${CHATTER}`, `0:${OK}`, `1:${CHATTER}`], 'a bell chattering at 25 Hz or more, for two checks (and the gate back after three quiet ones)');
  });
});

describe('sensor faults: what the check finds untrustworthy now', () => {
  it('chatter in this check (reported or not) and a bank three quarters active; a chatter after a check without is reported again', () => {
    const c = counts(4);
    const memory = faultWords(boardOf('ir', 'ir', 'ir', 'ir'));
    const check = (moves: number, report: (ch: number, fault: number) => void) => checkFaults(c.scanner, memory, moves, report, 0);
    const reports: string[] = [];
    const at = (i: number, levels: number[], raw: number[]) => {
      levels.forEach((l, ch) => { c.level[ch] = l; });
      raw.forEach((r, ch) => c.total(ch, r));
      return check(0, (ch, fault) => reports.push(`${i}:${ch}:${fault}`));
    };
    assert.equal(at(0, [1, 1, 0, 0], [1, 1, 0, 0]), 0, 'half active: a game may do that');
    assert.equal(at(1, [1, 1, 1, 0], [1, 1, 1, 0]), BANK, 'three of four active');
    assert.equal(at(2, [0, 0, 0, 0], [2, 2, 2, CHATTER_PER_CHECK]), TAKEN_OUT, 'a chattering sensor is taken out of service');
    assert.equal(at(3, [0, 0, 0, 0], [2, 2, 2, 2 * CHATTER_PER_CHECK]), STILL_OUT, 'still chattering (not reported again), still out of service');
    let i = 4;
    // Quiet: an eighth of the chatter count or less (a chip passing makes two changes; a chatter too slow to count,
    // more); a busier check counts for nothing, but does not start the count again.
    assert.equal(at(i, [0, 0, 0, 0], [2, 2, 2, 2 * CHATTER_PER_CHECK + (CHATTER_PER_CHECK >> 3) + 1]), STILL_OUT, 'too many changes to be quiet');
    for (i++; i < 5 + SOUND_CHECKS - 1; i++) assert.equal(at(i, [0, 0, 0, 0], [2, 2, 2, 2 * CHATTER_PER_CHECK + i - 1]), STILL_OUT);
    assert.ok(outOfService(memory, 3), 'not yet back');
    assert.equal(at(i, [0, 0, 0, 0], [2, 2, 2, 2 * CHATTER_PER_CHECK + i++ - 1]), 0, 'back: none out of service');
    assert.ok(!outOfService(memory, 3), `back after ${SOUND_CHECKS} quiet checks`);
    assert.equal(at(i, [0, 0, 0, 0], [2, 2, 2, 3 * CHATTER_PER_CHECK + 9]), TAKEN_OUT, 'chattering again');
    assert.deepEqual(reports, [`2:3:${CHATTER}`, `${i - 1}:3:${OK}`, `${i}:3:${CHATTER}`]);
  });
});

describe('sensor faults: in a game on the simulator', () => {
  const game = readFileSync('scenarios/triangle-game.jsonl', 'utf8').trim().split('\n');
  const run = (extra: object[]) => {
    const lines = [game[0], ...extra.map((l) => JSON.stringify(l)), ...game.slice(1)];
    // Keep time order: the injected lines go where their t belongs.
    const sorted = [lines[0], ...lines.slice(1).map((l) => JSON.parse(l)).sort((a, b) => a.t - b.t).map((l) => JSON.stringify(l))];
    return replay(sorted.join('\n')).lines.map((l) => JSON.parse(l));
  };

  it('a sensor stuck active is reported once, shown as Err and its channel; its side is out of service, and nothing is scored from it', () => {
    // tri.C.beyond (channel 11) stuck covered from 20 s on: the chip leaves C's spot at 21.7 s while it is covered,
    // which no chip does. Side C's points (its start spot too) go out of service at the next check, with the flick
    // C→A under way: not scored. The referee enters it, and the next turn plays on.
    const out = run([{ t: 20000, fault: 'stuck-active', sensor: 'tri.C.beyond' }, { t: 23000, phone: { cmd: 'flick', r: 'perfect' } }]);
    const faults = out.filter((l) => l.phone && l.phone.type === 'fault');
    assert.deepEqual(faults.map((l) => l.phone), [{ type: 'fault', fault: 'stuck', ch: 11, sensor: 'tri.C.beyond' }]);
    assert.ok(out.some((l) => l.display === 'Err 11' && l.t >= faults[0].t), 'the display names the channel');
    // Side C's points see a chip together and are out of service: the flicks along the other sides still score.
    assert.ok(out.some((l) => l.t > faults[0].t && l.phone && l.phone.type === 'score' && l.phone.points === 3), 'scores after it');
  });

  it('a chattering sensor is reported once and taken out of service until it is quiet again; the game goes on', () => {
    const chatter: object[] = [];
    for (let t = 30001; t < 32000; t += 20) chatter.push({ t, raw: [{ ch: 5, level: 1 }] }, { t: t + 10, raw: [{ ch: 5, level: 0 }] });
    const out = run(chatter);
    const faults = out.filter((l) => l.phone && l.phone.type === 'fault');
    assert.deepEqual(faults.map((l) => l.phone), [{ type: 'fault', fault: 'chatter', ch: 5, sensor: 'tri.B.even' }, { type: 'fault', fault: 'ok', ch: 5, sensor: 'tri.B.even' }]);
    const [from, to] = faults.map((l) => l.t);
    // (Back once it has read inactive and quiet for three checks: after the chip that rests on it has gone.)
    assert.ok(from <= 32000 && to - 32000 <= 10000 && to - 32000 >= 3000, `out of service from ${from} to ${to}`);
    assert.ok(out.filter((l) => l.phone && l.phone.type === 'score' && l.t > to).length > 10, 'scores after it');
  });

  it('a clean game reports no fault', () => {
    assert.equal(run([]).filter((l) => l.phone && l.phone.type === 'fault').length, 0);
  });
});

describe('sensor faults: a sensor that never fires, on the simulator', () => {
  it('a disconnected sensor is reported as never after NEVER_MOVES sensed moves, and the game goes on', async () => {
    // (A beyond point sees a chip only on overshoots: even so, in 150 flicks it should have fired.)
    const { Simulation, parseScenario } = await import('../sim/replay');
    const sim = new Simulation(parseScenario(readFileSync('scenarios/triangle-exact.jsonl', 'utf8')));
    // tri.C.beyond (channel 11) disconnected: its input always reads inactive.
    const inputs = sim.hal.inputs;
    const read = inputs.readBank.bind(inputs);
    inputs.readBank = (b: number) => read(b) & ~(1 << 11);
    sim.runToEnd();
    const out = sim.out.map((l) => JSON.parse(l));
    const faults = out.filter((l) => l.phone && l.phone.type === 'fault').map((l) => l.phone);
    assert.deepEqual(faults, [{ type: 'fault', fault: 'never', ch: 11, sensor: 'tri.C.beyond' }]);
    assert.ok(out.filter((l) => l.phone && l.phone.type === 'score').length > NEVER_MOVES, 'scoring went on');
  });
});

describe('sensor faults: what the board cannot trust, it does not score (issue 12)', () => {
  type Line = { t: number; phone?: Record<string, unknown>; display?: string; final?: { scores: number[] } };
  const every = (channels: number, level: number) => Array.from({ length: channels }, (_, ch) => ({ ch, level }));
  const play = (lines: object[]): Line[] => replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
  const phone = (out: Line[], type: string) => out.filter((l) => l.phone && l.phone.type === type);
  const ringapeg = { game: 'ringapeg', players: 2, options: { variant: 'primary' }, seed: 1 };
  const snaps = (from: number, pegs: string[]) => pegs.map((peg, i) => ({ t: from + 2000 * i, do: 'snap', peg }));

  it('every Ring-a-Peg input active at once: no ring scored or saved, a bank fault on the phone and the display until the bank reads sensibly', () => {
    const out = play([ringapeg, { t: 0, raw: every(27, 1) }, { t: 4000, raw: every(27, 0) }, ...snaps(12000, ['o1', 'o5'])]);
    const faults = phone(out, 'fault');
    // (At the board's first scan, a scan period after its boot.)
    assert.deepEqual(faults[0], { t: ringapegModule.pollMs, phone: { type: 'fault', fault: 'bank' } });
    assert.ok(out.some((l) => l.display === 'Err SEnS' && l.t < 4000), 'the display says so');
    const ok = faults.find((l) => l.phone!.fault === 'ok')!;
    assert.ok(ok && ok.t > 4000 && ok.t < 12000, 'sound again once the bank reads sensibly and stays quiet');
    const scores = phone(out, 'score');
    assert.ok(scores.every((l) => l.t > 12000), `no phantom ring scored: ${JSON.stringify(scores[0])}`);
    assert.deepEqual(out.at(-1)!.final!.scores, [5, 5], 'the two real rings after it score');
  });

  it('a bank that reads every sensor active at power-up (a triangle with its points inverted) is told, and nothing it senses is scored', () => {
    const out = play([{ game: 'triangle', players: 2, seed: 1 }, { t: 0, raw: every(12, 1) }, { t: 0, power: 'cut' }, { t: 10, power: 'on' },
      { t: 2000, raw: [{ ch: 0, level: 0 }] }, { t: 2200, raw: [{ ch: 5, level: 0 }, { ch: 7, level: 0 }] }]);
    assert.deepEqual(phone(out, 'fault').map((l) => l.phone), [{ type: 'fault', fault: 'bank' }]);
    assert.ok(out.some((l) => l.display === 'Err SEnS'));
    assert.deepEqual(phone(out, 'score'), []);
  });

  it('inputs floating (noise on every channel) score nothing while they float; the game goes on as it was after', () => {
    const random = seeded(5).rnd;
    const noise: object[] = [];
    for (let t = 5000; t < 9000; t += 1 + Math.floor(random() * 4)) noise.push({ t, raw: every(27, 0).map((r) => ({ ch: r.ch, level: random() < 0.5 ? 1 : 0 })) });
    noise.push({ t: 9000, raw: every(27, 0) });
    const rings = [...snaps(1000, ['o1', 'o5']), ...snaps(14000, ['o2', 'o6'])];
    const clean = play([ringapeg, ...rings]);
    const out = play([ringapeg, ...rings, ...noise].sort((a, b) => (a as Line).t - (b as Line).t));
    assert.ok(phone(out, 'fault').some((l) => l.phone!.fault === 'bank' && l.t === 5000), 'told at once');
    assert.ok(phone(out, 'fault').some((l) => l.phone!.fault === 'ok' && l.t > 9000 && l.t < 14000), 'sound again after');
    assert.deepEqual(phone(out, 'score').map((l) => l.phone), phone(clean, 'score').map((l) => l.phone));
    assert.deepEqual(out.at(-1)!.final!.scores, clean.at(-1)!.final!.scores);
  });

  it('every channel chattering together scores nothing', () => {
    const chatter: object[] = [];
    for (let t = 1000; t < 11000; t += 20) chatter.push({ t, raw: every(27, 1) }, { t: t + 10, raw: every(27, 0) });
    const out = play([ringapeg, ...chatter]);
    assert.deepEqual(phone(out, 'score'), []);
    assert.ok(phone(out, 'fault').some((l) => l.phone!.fault === 'bank'));
  });
});

describe('sensor faults: the check in a byte a channel', () => {
  /**
   * The check as it was with 16 bits a channel (each fault told kept as its bit, the moves at which a sensor went
   * active as 1 + moves mod 255): the model the byte a channel must tell exactly as.
   */
  function modelCheck(kinds: (SensorKind | 'holds')[]) {
    const w = kinds.map((k) => (k === 'contact' ? 8 : k === 'ir' ? 16 : 0) | (k === 'holds' ? 128 | STUCK : 0));
    return (raw: number[], levels: number[], moves: number, report: (ch: number, fault: number) => void, accused: number): number => {
      let bad = 0;
      let active = 0;
      const now = moves % 255 + 1;
      for (let ch = 0; ch < w.length; ch++) {
        const r = raw[ch];
        let word = r ? w[ch] | NEVER : w[ch];
        const limit = word & 8 ? CONTACT_CHATTER_PER_CHECK : CHATTER_PER_CHECK;
        let fault = r >= limit || (r >= limit >> 1 && word & 32) ? CHATTER : 0;
        word = r >= limit >> 1 ? word | 32 : word & ~32;
        const since = word >> 8;
        if (levels[ch]) active++;
        if (word & 64) {
          const sane = fault || (levels[ch] && !(word & 128)) ? 0 : r > limit >> 3 ? since : since + 1;
          if (sane < SOUND_CHECKS) {
            word = (word & 0xff) | (sane << 8);
            bad |= STILL_OUT;
          } else {
            word = (word & ~(64 | STUCK | CHATTER | 0xff00)) | ((word & 128) >> 7);
            report(ch, OK);
          }
          w[ch] = word;
          continue;
        }
        if (!fault) word &= ~CHATTER;
        if (!levels[ch]) word &= 0xff;
        else if (!since) word |= now << 8;
        else if (word & 8 ? !r : word & 16 && (now - since + 255) % 255 >= STUCK_MOVES) fault |= STUCK;
        if (moves >= NEVER_MOVES) fault |= NEVER;
        fault &= ~word;
        if (ch + 1 === (accused & 255) && !(fault & CHATTER)) fault |= accused >> 8;
        if (fault) {
          word |= fault;
          report(ch, fault);
          if (fault & (STUCK | CHATTER | 512)) {
            word = (word & 0xff) | 64;
            bad |= TAKEN_OUT;
          }
        }
        w[ch] = word;
      }
      return 4 * active < 3 * w.length ? bad : bad | BANK;
    };
  }

  it('tells every fault, and every sensor back, at the checks the 16-bit check did (random sensors, levels, counts and moves)', () => {
    const rnd = seeded(11).rnd;
    const pick = <T>(xs: T[]) => xs[(rnd() * xs.length) | 0];
    for (let trial = 0; trial < 200; trial++) {
      const kinds = Array.from({ length: 1 + ((rnd() * 6) | 0) }, () => pick<SensorKind | 'holds'>(['contact', 'ir', 'hall', 'holds']));
      const board: BoardDescription = { channels: kinds.length, sensors: kinds.map((k, ch) => ({ name: 's' + ch, ch, kind: k === 'holds' ? 'hall' : k, holds: k === 'holds' })) };
      const memory = faultWords(board);
      const model = modelCheck(kinds);
      let moves = (rnd() * 300) | 0;
      const levels = kinds.map(() => 0);
      for (let i = 0; i < 60; i++) {
        // Levels held for a while, counts from quiet to chattering, moves made 0 to 4 at a time (now and then none for long).
        const raw = kinds.map(() => pick([0, 0, 0, 1, 2, 3, 12, 13, 30, 60, 120, 255]));
        kinds.forEach((_, ch) => { if (rnd() < 0.3) levels[ch] ^= 1; });
        moves += pick([0, 0, 1, 1, 2, 4]);
        // An accusation only where no sensor shares a group (this board has none): MISSED on a random channel, now and then.
        const accused = rnd() < 0.1 ? (1 + ((rnd() * kinds.length) | 0)) | (512 << 8) : 0;
        const told: string[][] = [[], []];
        const scanner = { level: (ch: number) => levels[ch], rawChanges: raw.slice() };
        const bad = checkFaults(scanner, memory, moves, (ch, fault) => told[0].push(`${ch}:${fault}`), accused);
        const expected = model(raw, levels, moves, (ch, fault) => told[1].push(`${ch}:${fault}`), accused);
        assert.deepEqual([told[0], bad], [told[1], expected], `trial ${trial}, check ${i}: ${JSON.stringify({ kinds, raw, levels, moves })}`);
        assert.deepEqual(scanner.rawChanges, raw.map(() => 0), 'the counts taken');
      }
    }
  });
});

