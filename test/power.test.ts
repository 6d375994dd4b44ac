// Power cuts: whole example games run on the simulator, and at thousands of
// seeded instants the flash as it is then (or with its last record cut short,
// as a cut in the middle of a write leaves it) is restored and compared with
// the game the firmware was playing; then real cuts through the Simulation,
// and a board powered up on a garbled log.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOG, record, restore, setupRecord } from '../firmware/persist';
import type { GameModule } from '../firmware/game';
import { SimFlash } from '../sim/flash';
import { parseScenario, replay, Simulation } from '../sim/replay';
import type { Firmware } from '../firmware/runtime';
import { ROOT } from '../tools/games';
import { mulberry32 } from '../sim/inputs';
import { SWEPT } from './power-sweep';

const prng = mulberry32;

/** The example scenarios of every game the firmware plays. */
const SCENARIOS = SWEPT;
const scenarioText = (name: string): string => readFileSync(join(ROOT, 'scenarios', name + '.jsonl'), 'utf8');

/** The running firmware (the type checker cannot see that a step may have powered it on). */
function running(sim: Simulation): Firmware {
  const firmware = sim.firmware as Firmware | null;
  assert.ok(firmware, 'the board is on');
  return firmware;
}

/** Where each whole record of a log ends (just past its newline). */
function recordEnds(log: string): number[] {
  const ends: number[] = [];
  for (let i = log.indexOf('\n'); i >= 0; i = log.indexOf('\n', i + 1)) ends.push(i + 1);
  return ends;
}

/** A fresh flash holding a copy of `files`, with the log cut at `cut` bytes when given. */
function copyFlash(files: Record<string, string>, cut?: number): SimFlash {
  const flash = new SimFlash();
  for (const name of Object.keys(files)) flash.files[name] = files[name];
  if (cut !== undefined) flash.files[LOG] = files[LOG].slice(0, cut);
  return flash;
}

/**
 * A simulation that notes, at every write to the log, the state the firmware
 * was in (it saves a move before playing it): `before[k]` is the state before
 * move k, so the state a log of k moves with its last one cut short must give.
 */
function watched(text: string): { sim: Simulation; before: unknown[] } {
  const sim = new Simulation(parseScenario(text));
  const before: unknown[] = [];
  const flash = sim.flash;
  const append = flash.append.bind(flash);
  const erase = flash.erase.bind(flash);
  flash.append = (name: string, data: string): void => {
    if (name === LOG && sim.firmware) before[recordEnds(flash.files[LOG] || '').length] = sim.firmware.view().state;
    append(name, data);
  };
  flash.erase = (name: string): void => {
    if (name === LOG) before.length = 0;
    erase(name);
  };
  return { sim, before };
}

describe('power cuts: restore at seeded instants of every example game', function () {
  this.timeout(60000);
  let total = 0;
  after(() => console.log(`      ${total} instants checked`));

  for (const name of SCENARIOS) {
    it(`${name}: the flash at any instant restores the game being played, or the one before its last move when that record is cut`, () => {
      const { sim, before } = watched(scenarioText(name));
      const game = sim.scenario.game.module as GameModule<unknown, object>;
      const rnd = prng(name.length * 7919);
      let checked = 0;
      let cutChecked = 0;
      const step = sim.step.bind(sim);
      // An instant every 120 ms of play on average, whatever the scan period: thousands over the examples, in seconds.
      let sampleAt = 0;
      // While an undo is read back (its record written, the game not yet told), the flash restores the game the undo
      // makes: checked against the board's once it is told, at the first step after.
      let whileUndoing: { t: number; state: unknown }[] = [];
      sim.step = (): void => {
        step();
        if (!sim.firmware) return;
        if (whileUndoing.length && !sim.firmware.view().undoing) {
          for (const u of whileUndoing) assert.deepEqual(u.state, sim.firmware.view().state, `t=${u.t}, an undo being read back`);
          checked += whileUndoing.length;
          whileUndoing = [];
        }
        if (sim.t < sampleAt) return;
        sampleAt = sim.t + Math.ceil(rnd() * 240);
        const view = sim.firmware.view();
        const log = sim.flash.files[LOG];
        const ends = recordEnds(log);
        assert.equal(ends[ends.length - 1], log.length, 'a running board leaves only whole records');
        const r = restore(copyFlash(sim.flash.files), game);
        assert.ok(r, `restored at t=${sim.t}`);
        if (view.undoing) {
          whileUndoing.push({ t: sim.t, state: r.state });
          return;
        }
        assert.deepEqual(r.state, view.state, `t=${sim.t}`);
        assert.deepEqual([game.scores(r.state), game.turn(r.state), game.winner(r.state)], [view.scores, view.turn, view.winner]);
        // Nothing under way: -1, or -2 in a game where an undo was made (what lies on the table is no play).
        assert.deepEqual([r.moves, r.dropped, r.pending], [standing(log), 0, underWay(log) ?? (records(log).some((v) => v.u) ? -2 : -1)]);
        checked++;
        if (ends.length < 2) return;
        // The power went while the last record was being written: some of its bytes, not all.
        const from = ends[ends.length - 2];
        const cut = from + 1 + Math.floor(rnd() * (log.length - from - 1));
        const c = restore(copyFlash(sim.flash.files, cut), game);
        assert.ok(c, `cut at byte ${cut}, t=${sim.t}`);
        assert.deepEqual(c.state, before[ends.length - 1], `cut at byte ${cut}, t=${sim.t}`);
        assert.deepEqual([c.moves, c.dropped], [standing(log.substring(0, from)), 1]);
        cutChecked++;
      };
      sim.runToEnd();
      assert.ok(sim.flash.files[LOG].split('\n').length > 5, 'the scenario played moves');
      assert.ok(checked > 50 && cutChecked > 50, `${checked} instants, ${cutChecked} with the last record cut`);
      total += checked + cutChecked;
    });
  }
});

/** The records of a log of whole records after its setup, as values. */
function records(log: string): { u?: number; sync?: number; b?: number; k?: string }[] {
  return log.split('\n').slice(1).filter((line) => line !== '').map((line) => JSON.parse(line.substring(0, line.length - 3)));
}

/**
 * Moves that stand in a log of whole records: move records less the undo records that take them back (begin records
 * are no moves; a move record, which has `k`, may carry `b` too: the moves under way after it).
 */
function standing(log: string): number {
  let n = 0;
  for (const value of records(log)) {
    if (value.u) n--;
    else if (value.sync === undefined && (value.b === undefined || value.k)) n++;
  }
  return n;
}

/** The move under way in a log of whole records: its last record, when that is a begin record of a move (b >= 0). */
function underWay(log: string): number | undefined {
  const last = records(log).pop();
  return last && last.b !== undefined && last.b >= 0 ? last.b : undefined;
}

/** The restored message a board powered up on `log` (whole records, then `dropped` cut short) sends. */
function restoredMessage(log: string, dropped: number): Phone {
  const message: Phone = { type: 'restored', moves: standing(log), dropped: dropped };
  // A move under way stays under way when the record after its begin records was cut short: it is decided again from the sensors.
  if (underWay(log) !== undefined) message.resume = underWay(log);
  return message;
}

/** A scenario with extra lines put in time order (a line at the same time as others goes after them). */
function withLines(name: string, extra: object[]): string {
  const lines = scenarioText(name).trim().split('\n');
  const header = lines.shift() as string;
  const all = lines.map((l) => JSON.parse(l) as { t: number });
  for (const e of extra as { t: number }[]) {
    let at = all.findIndex((l) => l.t > e.t);
    if (at < 0) at = all.length;
    all.splice(at, 0, e);
  }
  return [header, ...all.map((l) => JSON.stringify(l))].join('\n') + '\n';
}

interface Phone {
  type: string;
  moves?: number;
  dropped?: number;
  lost?: boolean;
  resume?: number;
  scores?: number[];
  turn?: number;
}

/** Phone messages and display texts printed after output line `from`. */
function printedAfter(sim: Simulation, from: number): { phone: Phone[]; display: string[] } {
  const lines = sim.out.slice(from).map((l) => JSON.parse(l) as { phone?: Phone; display?: string });
  return { phone: lines.filter((l) => l.phone).map((l) => l.phone as Phone), display: lines.filter((l) => l.display !== undefined).map((l) => l.display as string) };
}

describe('power cuts: real cuts through the simulator', function () {
  this.timeout(60000);

  // [scenario, cut time, power-on time]
  const plainCuts: [string, number, number][] = [
    ['triangle-game', 12000, 13000],
    ['triangle-game', 61234, 70000],
    ['triangle-exact', 33333, 33400],
    ['triangle-corrected', 16000, 16100],
    ['ringapeg-advance', 20000, 20500],
    ['ringapeg-grand-march', 9000, 9500],
    ['ringapeg-illegal-march', 12000, 12200],
  ];
  for (const [name, cutAt, onAt] of plainCuts) {
    it(`${name}: unplugged at ${cutAt} ms and plugged in again, the board shows the same game, scores and turn, and says what it restored`, () => {
      const sim = new Simulation(parseScenario(withLines(name, [{ t: cutAt, power: 'cut' }, { t: onAt, power: 'on' }])));
      // What the board played and showed after its last scan before the cut.
      let last = running(sim).view();
      let shown = sim.hal.chain.text();
      while (sim.firmware) {
        sim.step();
        if (!sim.firmware) break;
        last = sim.firmware.view();
        shown = sim.hal.chain.text();
      }
      assert.ok(sim.t > cutAt && sim.t < cutAt + 10, 'the power went at the cut line');
      const logAtCut = sim.flash.files[LOG];
      const mark = sim.out.length;
      while (!sim.firmware) sim.step();
      const game = sim.scenario.game.module as GameModule<unknown, object>;
      assert.ok(last);
      // The game the board takes up (before its first scan decides anything under way).
      const taken = restore(copyFlash({ [LOG]: logAtCut }), game);
      assert.ok(taken);
      assert.deepEqual(taken.state, last.state);
      const printed = printedAfter(sim, mark);
      assert.deepEqual(printed.phone[0], restoredMessage(logAtCut, 0));
      const state = printed.phone.find((p) => p.type === 'state') as Phone;
      assert.deepEqual([state.scores, state.turn], [game.scores(last.state), game.turn(last.state)]);
      assert.equal(printed.display[0], shown, 'the display shows what it showed before the cut');
      sim.runToEnd();
    });
  }

  // [scenario, time the cut is armed, bytes of the next writes that reach the flash]
  const midWrite: [string, number, number][] = [
    ['triangle-game', 5000, 5],
    ['triangle-game', 20000, 1],
    ['triangle-exact', 40000, 17],
    ['triangle-corrected', 8000, 0],
    ['ringapeg-primary-tiebreak', 4000, 9],
    ['ringapeg-advance', 30000, 3],
    ['ringapeg-grand-march', 2000, 30],
  ];
  for (const [name, armAt, bytes] of midWrite) {
    it(`${name}: a cut ${bytes} bytes into the flash write after ${armAt} ms loses only the move being written`, () => {
      const text = withLines(name, [{ t: armAt, power: 'cut', afterBytes: bytes }]);
      const { sim, before } = watched(text);
      let shownByRecords: string[] = [];
      let logBefore = '';
      let struck = -1;
      while (sim.firmware) {
        logBefore = sim.flash.files[LOG];
        sim.step();
        if (sim.firmware && !sim.flash.cut) shownByRecords[recordEnds(sim.flash.files[LOG]).length] = sim.hal.chain.text();
        struck = sim.t;
        assert.ok(sim.t < armAt + 120000, 'the cut struck');
      }
      const log = sim.flash.files[LOG];
      const whole = recordEnds(log).length;
      const partial = log.length > recordEnds(log)[whole - 1];
      // The write the cut struck put down at most `bytes` bytes (records ahead of it in the same writes go down whole).
      assert.ok(log.startsWith(logBefore));
      assert.equal(partial, log.length - recordEnds(log)[whole - 1] > 0);
      assert.equal(partial, bytes > 0, 'a record was cut short');
      if (partial) assert.ok(log.length - recordEnds(log)[whole - 1] <= bytes);
      const mark = sim.out.length;
      sim.powerOn(0);
      const view = running(sim).view();
      assert.deepEqual(view.state, before[whole], `the state before move ${whole} (struck at ${struck} ms)`);
      const printed = printedAfter(sim, mark);
      assert.deepEqual(printed.phone[0], restoredMessage(log.substring(0, recordEnds(log)[whole - 1]), partial ? 1 : 0));
      assert.equal(sim.hal.chain.text(), shownByRecords[whole], 'the display shows what it showed with those moves');
      shownByRecords = [];
      sim.runToEnd();
    });
  }

  // A phone's `new` as it comes (the triangle, three named players) or waiting for a stroke under way (fortress), and
  // a cut after every byte count of the writes after it (the move decided first, the new setup, the log begun
  // afresh): at power-up the board plays the game in play as it stood without the `new`, or the new game as it
  // starts without the cut (hostile round 9: a cut after the log's erase lost both, untold).
  const newCuts: [string, number, object][] = [
    ['triangle-game', 30000, { cmd: 'new', game: 'triangle', players: ['Cy', 'Di', 'Ed'] }],
    ['fortress-game', 73000, { cmd: 'new', game: 'fortress', players: ['Cy', 'Di'] }],
  ];
  for (const [name, at, cmd] of newCuts) {
    it(`${name}: a cut at any byte of a \`new\` at ${at} ms leaves the game in play or the new one, never neither`, () => {
      const lines = scenarioText(name).trim().split('\n');
      const upTo = [lines[0], ...lines.slice(1).filter((l) => JSON.parse(l).t <= at)];
      const stand = (extra: object[]) => {
        const sim = new Simulation(parseScenario([...upTo, ...extra.map((l) => JSON.stringify(l))].join('\n')));
        sim.runToEnd();
        const out = sim.out;
        const state = out.map((l) => JSON.parse(l).phone).filter((p) => p && p.type === 'state').pop();
        return { said: out, game: JSON.stringify([state.names, state.players, state.scores]) };
      };
      const old = stand([]).game;
      const fresh = stand([{ t: at, phone: cmd }]).game;
      const seen = new Set<string>();
      for (let bytes = 0; ; bytes++) {
        const cut = stand([{ t: at, power: 'cut', afterBytes: bytes }, { t: at, phone: cmd }, { t: at + 15000, power: 'on' }]);
        // Past the writes: the cut strikes nothing before the power is back.
        if (!cut.said.some((l) => /"type":"restored"/.test(l))) break;
        assert.ok(cut.game === old || cut.game === fresh, `a cut after ${bytes} bytes: ${cut.game}, neither ${old} nor ${fresh}`);
        seen.add(cut.game);
      }
      assert.equal(seen.size, 2, 'some cuts leave the game in play, the others the new one');
    });
  }

  // Was a defect (hostile round 21): the simulator played a line due at a boot's instant before the board booted, and
  // the line was lost; the board, up by then, hears it (the real interpreter answers it), as it hears one at its first boot.
  it('a phone line at the instant the board is up again after a cut is heard, as at the first boot', () => {
    const out = replay(['{"game":"triangle","players":2}', '{"t":0,"phone":"nope"}', '{"t":5000,"power":"cut"}', '{"t":6000,"power":"on"}', '{"t":7000,"phone":"nope"}', '{"t":7003,"phone":"nope"}'].join('\n')).lines.map((l) => JSON.parse(l));
    // (Up 1 s after the power comes: the simulator's BOOT_MS.) Each is answered within a scan tick (3 ms) of it: the line
    // is checked at the tick after its data, or at once when more data come before that tick.
    const answered = out.filter((l) => l.phone?.code === 'bad_json').map((l) => l.t);
    assert.equal(answered.length, 3, `answered at ${answered}`);
    [0, 7000, 7003].forEach((t, i) => assert.ok(answered[i] >= t && answered[i] <= t + 3, `the line at ${t} answered at ${answered[i]}`));
  });

  it('after a cut in the middle of a write, the moves played since are kept by the next cut', () => {
    // Bug check: the cut-short record stays at the end of the log; the next record must not be glued to it.
    const { sim } = watched(withLines('triangle-game', [{ t: 5000, power: 'cut', afterBytes: 5 }]));
    while (sim.firmware) sim.step();
    sim.powerOn(0);
    sim.runUntil(60000);
    const playing = running(sim).view();
    assert.ok(playing.scores[0] + playing.scores[1] > 10, 'moves were played after the first cut');
    sim.powerOff();
    sim.powerOn(0);
    const view = running(sim).view();
    assert.deepEqual([view.scores, view.turn, view.state], [playing.scores, playing.turn, playing.state]);
  });
});

describe('power cuts: a garbled log at power-up', () => {
  const header = JSON.parse(scenarioText('triangle-game').split('\n')[0]) as { players: number; options: object };

  /** Powers a triangle board up on `log`; returns the simulation and what it printed at power-up. */
  function bootOn(log: string): { sim: Simulation; printed: ReturnType<typeof printedAfter> } {
    const sim = new Simulation(parseScenario(scenarioText('triangle-game')));
    sim.powerOff();
    sim.flash.files[LOG] = log;
    const mark = sim.out.length;
    sim.powerOn(0);
    sim.step();
    return { sim, printed: printedAfter(sim, mark) };
  }

  const setup = setupRecord('triangle', { players: 2, options: { exact: false } });
  const moves = ['perfect', 'short', 'partly', 'perfect', 'beyond', 'perfect'].map((r) => record({ k: 'flick', r: r }));

  it('a record garbled in the middle: the moves before it come back and the phone is told what was dropped', () => {
    const garbled = moves[3].replace('perfect', 'perfekt');
    const { sim, printed } = bootOn(setup + moves.slice(0, 3).join('') + garbled + moves.slice(4).join(''));
    assert.deepEqual(printed.phone[0], { type: 'restored', moves: 3, dropped: 3 });
    const view = running(sim).view();
    // Player 0 flicked perfect (3), short (1), partly (1) (T3); after the third side the turn passes (T5).
    assert.deepEqual([view.scores, view.turn], [[5, 0], 1]);
    assert.match(sim.hal.chain.text(), /^\s+5\s+0\./);
  });

  const unreadable: [string, string][] = [
    ['noise', '\u0000\u00ff\u0013garbage\n*\n{{{'],
    ['a garbled setup record', setup.replace('triangle', 'triangel') + moves.join('')],
    ['another game\'s log', setupRecord('ringapeg', { players: 2, options: {} }) + record({ k: 'ring', peg: 'o4' })],
    ['erased flash', '\u00ff'.repeat(4096)],
  ];
  for (const [what, log] of unreadable) {
    it(`${what}: the board still starts, says the saved game was lost, and plays a new game with a fresh log`, () => {
      const { sim, printed } = bootOn(log);
      assert.ok(sim.firmware, 'running');
      const told = printed.phone.filter((p) => p.type === 'restored');
      assert.equal(told.length, 1);
      assert.deepEqual([told[0].moves, told[0].lost], [0, true]);
      assert.ok((told[0].dropped as number) >= 1, 'the unreadable lines are counted');
      const state = printed.phone.find((p) => p.type === 'state') as Phone;
      assert.deepEqual(state.scores, new Array(header.players).fill(0));
      assert.equal(sim.flash.files[LOG], setupRecord('triangle', { players: header.players, options: header.options as { exact: boolean } }));
      sim.runToEnd();
      const r = restore(copyFlash(sim.flash.files), sim.scenario.game.module as GameModule<unknown, object>);
      assert.ok(r && r.moves > 10 && r.dropped === 0, 'the new game is saved as it is played');
    });
  }
});
