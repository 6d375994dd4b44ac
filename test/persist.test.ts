// Saved games (firmware/persist.ts): the log in flash replayed through the
// pure rules. Table-driven over every game: a played game comes back exactly;
// a log cut at any byte comes back as the game up to its last whole record;
// a garbled record loses it and everything after, never what came before;
// a log the board cannot play restores nothing and never throws.
import assert from 'node:assert/strict';
import { LOG, record, restore, setupRecord } from '../firmware/persist';
import { playMove } from '../firmware/game';
import type { GameConfig, GameModule } from '../firmware/game';
import { SimFlash } from '../sim/flash';
import { game as triangleModule } from '../firmware/games/triangle/index';
import { game as ringapegModule } from '../firmware/games/ringapeg/index';
import type { TriangleMove } from '../firmware/games/triangle/rules';
import type { RingapegMove } from '../firmware/games/ringapeg/rules';
import { pegName, REFERENCE_LAYOUT } from '../firmware/games/ringapeg/board';
import { mulberry32 } from '../sim/inputs';
import fc from 'fast-check';
import { bundle, toEs5 } from '../tools/es5';
import { runScriptInEspruino } from '../tools/espruino-run';
import { ROOT } from '../tools/games';
import { needsEspruino } from './real-interpreter';
import { SWEPT, exampleWrites } from './power-sweep';

const prng = mulberry32;

const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)];

/** One game of the table: its rules, a config, and the moves a player might try next (most of them legal). */
interface Case {
  name: string;
  game: GameModule<unknown, object>;
  config: GameConfig;
  names?: string[];
  tryMove(rnd: () => number): object;
}

const RESULTS = ['perfect', 'partly', 'short', 'beyond'] as const;
const triangleTry = (rnd: () => number): TriangleMove => {
  const x = rnd();
  if (x < 0.8) return { k: 'flick', r: pick(rnd, RESULTS), s: Math.floor(rnd() * 3) };
  if (x < 0.88) return { k: 'fix', r: pick(rnd, RESULTS) };
  return { k: 'off' };
};
const PEGS = REFERENCE_LAYOUT.length;
const ringapegTry = (rnd: () => number): RingapegMove => {
  const x = rnd();
  if (x < 0.55) return { k: 'ring', peg: pegName(Math.floor(rnd() * PEGS)) };
  if (x < 0.7) return { k: 'lift', peg: pegName(Math.floor(rnd() * PEGS)) };
  if (x < 0.78) return { k: 'ring', peg: 'none' };
  if (x < 0.86) return { k: 'end' };
  if (x < 0.92) return { k: 'cleared' };
  return { k: 'claim', player: Math.floor(rnd() * 4) };
};

const CASES: Case[] = [
  { name: 'triangle, 2 players', game: triangleModule as GameModule<unknown, object>, config: { players: 2, options: { exact: false } }, tryMove: triangleTry },
  { name: 'triangle, 5 named players, exact', game: triangleModule as GameModule<unknown, object>, config: { players: 5, options: { exact: true } }, names: ['Ann', 'Bo', 'Cy', 'Di', 'Ed'], tryMove: triangleTry },
  { name: 'ringapeg primary, 2 players', game: ringapegModule as GameModule<unknown, object>, config: { players: 2, options: { variant: 'primary' } }, tryMove: ringapegTry },
  { name: 'ringapeg advance, 3 players', game: ringapegModule as GameModule<unknown, object>, config: { players: 3, options: { variant: 'advance', target: 60 } }, names: ['A', 'B', 'C'], tryMove: ringapegTry },
];

interface Played {
  /** Moves the rules accepted, in order. */
  moves: object[];
  /** states[i]: the state after the first i moves. */
  states: unknown[];
  /** The log a board would hold: the setup record, then one record per move. */
  log: string;
  /** ends[i]: the log's length once record i (0: setup) is written. */
  ends: number[];
}

/** Plays `count` accepted moves (or until someone wins) with the rules alone. */
function play(c: Case, seed: number, count: number): Played {
  const rnd = prng(seed);
  let state = c.game.setup(c.config);
  const played: Played = { moves: [], states: [state], log: setupRecord(c.game.id, c.config, c.names), ends: [] };
  played.ends.push(played.log.length);
  for (let tries = 0; played.moves.length < count && c.game.winner(state) === null && tries < count * 50; tries++) {
    const move = c.tryMove(rnd);
    const outcome = playMove(c.game, state, move);
    if (outcome.refused) continue;
    state = outcome.state;
    played.moves.push(move);
    played.states.push(state);
    played.log += record(move);
    played.ends.push(played.log.length);
  }
  return played;
}

function flashWith(log: string | null): SimFlash {
  const flash = new SimFlash();
  if (log !== null) flash.files[LOG] = log;
  return flash;
}

/** Plain data, as the restored state must be (it goes back to the phone and into the next log). */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('persist: records', () => {
  it('a record is the JSON, "*", two hex digits of its checksum and a newline', () => {
    assert.match(record({ k: 'flick', r: 'perfect' }), /^\{"k":"flick","r":"perfect"\}\*[0-9a-f]{2}\n$/);
    assert.match(record({ k: 'undo' }), /^\{"k":"undo"\}\*[0-9a-f]{2}\n$/);
  });

  it('the setup record holds the game, the players, the options and the names when given', () => {
    const text = setupRecord('ringapeg', { players: 3, options: { variant: 'advance' } }, ['A', 'B', 'C']);
    assert.deepEqual(JSON.parse(text.slice(0, text.lastIndexOf('*'))), { g: 'ringapeg', p: 3, o: { variant: 'advance' }, n: ['A', 'B', 'C'] });
    const bare = setupRecord('triangle', { players: 2, options: {} });
    assert.deepEqual(JSON.parse(bare.slice(0, bare.lastIndexOf('*'))), { g: 'triangle', p: 2, o: {} });
  });

  it('the checksum is the one documented (sum*31 + byte, mod 256)', () => {
    for (const value of [{}, { k: 'undo' }, { k: 'ring', peg: 'o3' }, { g: 'triangle', p: 2, o: { exact: true }, n: ['Zoë'] }]) {
      const text = record(value);
      const json = JSON.stringify(value);
      assert.equal(parseInt(text.slice(json.length + 1), 16), checksumOf(json));
    }
  });

  it('any one changed byte of a record is caught: the record is never taken as another move', () => {
    const setup = setupRecord('ringapeg', { players: 2, options: {} });
    const text = record({ k: 'ring', peg: 'o3' });
    let tried = 0;
    for (let i = 0; i < text.length - 1; i++) {
      for (let code = 32; code < 256; code++) {
        const c = String.fromCharCode(code);
        if (c.toLowerCase() === text.charAt(i).toLowerCase()) continue;
        const r = restore(flashWith(setup + text.slice(0, i) + c + text.slice(i + 1)), ringapegModule);
        assert.ok(r);
        assert.deepEqual([r.moves, r.dropped], [0, 1], `byte ${i} → ${JSON.stringify(c)}`);
        tried++;
      }
    }
    assert.ok(tried > 3000);
  });
});

describe('persist: restore', () => {
  for (const c of CASES) {
    describe(c.name, () => {
      // Long enough to cross many records, short enough to restore at every byte quickly.
      const game = play(c, 7, 100);

      it('gives back a whole played game exactly: config, names, state, move count', () => {
        for (const seed of [1, 2, 3]) {
          // Played to its end (a winner), or 400 moves.
          const g = play(c, seed * 101, 400);
          assert.ok(g.moves.length >= 30, `the test game is long enough (${g.moves.length} moves)`);
          const r = restore(flashWith(g.log), c.game);
          assert.ok(r, 'restored');
          assert.deepEqual(r.config, c.config);
          assert.deepEqual(r.names, c.names);
          assert.deepEqual(r.state, g.states[g.states.length - 1]);
          assert.deepEqual(plain(r.state), r.state, 'plain data');
          assert.equal(r.moves, g.moves.length);
          assert.equal(r.dropped, 0);
          assert.deepEqual(c.game.scores(r.state), c.game.scores(g.states[g.states.length - 1]));
          assert.equal(c.game.turn(r.state), c.game.turn(g.states[g.states.length - 1]));
        }
      });

      it('a log cut at every byte gives the game up to its last whole record (the cut one dropped), never anything else', () => {
        let checked = 0;
        for (let cut = 0; cut <= game.log.length; cut++) {
          const whole = game.ends.filter((end) => end <= cut).length;
          const partial = whole < game.ends.length && cut > (whole === 0 ? 0 : game.ends[whole - 1]);
          let r;
          assert.doesNotThrow(() => {
            r = restore(flashWith(game.log.slice(0, cut)), c.game);
          }, `cut at byte ${cut}`);
          if (whole === 0) {
            // Not even the setup record: there is no game to restore.
            assert.equal(r, null, `cut at byte ${cut}`);
            continue;
          }
          const got = r as unknown as { state: unknown; moves: number; dropped: number };
          assert.ok(got, `cut at byte ${cut}`);
          assert.equal(got.moves, whole - 1, `cut at byte ${cut}`);
          assert.equal(got.dropped, partial ? 1 : 0, `cut at byte ${cut}`);
          assert.deepEqual(got.state, game.states[whole - 1], `cut at byte ${cut}`);
          checked++;
        }
        assert.ok(checked > 600, `${checked} cuts checked`);
      });

      it('a garbled byte in a record drops it and every record after it, and keeps every move before it', () => {
        const rnd = prng(99);
        for (let trial = 0; trial < 60; trial++) {
          // Record k (1 = the first move), a byte of its body or checksum, never its newline.
          const k = 1 + Math.floor(rnd() * game.moves.length);
          const from = game.ends[k - 1];
          const at = from + Math.floor(rnd() * (game.ends[k] - from - 1));
          const was = game.log.charAt(at);
          let now = pick(rnd, ['#', 'x', '7', '"', '}', '\u00ff']);
          if (now.toLowerCase() === was.toLowerCase()) now = '@';
          const garbled = game.log.slice(0, at) + now + game.log.slice(at + 1);
          const r = restore(flashWith(garbled), c.game);
          assert.ok(r, `record ${k}, byte ${at}`);
          assert.equal(r.moves, k - 1, `record ${k}, byte ${at}: ${JSON.stringify(was)} → ${JSON.stringify(now)}`);
          assert.equal(r.dropped, game.moves.length - (k - 1));
          assert.deepEqual(r.state, game.states[k - 1]);
        }
      });

      it('a move the rules refuse in the log is dropped and the rest replayed', () => {
        // A refused move is one the state cannot take: try moves until one is refused after move 10.
        const rnd = prng(5);
        const before = game.states[10];
        let refused: object | null = null;
        for (let i = 0; i < 1000 && !refused; i++) {
          const m = c.tryMove(rnd);
          if (playMove(c.game, before, m).refused) refused = m;
        }
        assert.ok(refused, 'found a move the rules refuse here');
        const log = game.log.slice(0, game.ends[10]) + record(refused) + game.log.slice(game.ends[10]);
        const r = restore(flashWith(log), c.game);
        assert.ok(r);
        assert.equal(r.dropped, 1);
        assert.equal(r.moves, game.moves.length);
        assert.deepEqual(r.state, game.states[game.states.length - 1]);
      });
    });
  }

  const triangle = triangleModule as GameModule<unknown, object>;
  const ringapeg = ringapegModule as GameModule<unknown, object>;
  const triangleLog = play(CASES[0], 3, 20).log;
  const setupEnd = triangleLog.indexOf('\n') + 1;
  const nothing: [string, string | null, GameModule<unknown, object>][] = [
    ['no log at all', null, triangle],
    ['an empty log', '', triangle],
    ['a log of another game', triangleLog, ringapeg],
    ['a setup record cut short', triangleLog.slice(0, setupEnd - 3), triangle],
    ['a setup record without its newline', triangleLog.slice(0, setupEnd - 1), triangle],
    ['a garbled setup record (checksum)', '{"g":"triangle","p":3,"o":{}}*00\n' + triangleLog.slice(setupEnd), triangle],
    ['a setup record with a game byte changed', triangleLog.replace('"triangle"', '"triangla"'), triangle],
    ['a setup record the rules cannot play (9 players)', setupRecord('triangle', { players: 9, options: {} }) + triangleLog.slice(setupEnd), triangle],
    ['a move where the setup should be', record({ k: 'flick', r: 'perfect' }) + triangleLog, triangle],
    ['a record that is not JSON', record({ g: 'triangle' }).replace('{"g":"triangle"}', '{g:triangle}') + triangleLog.slice(setupEnd), triangle],
    ['binary noise', '\u0000\u00ff\n\u0001*zz\n\n\n', triangle],
    ['erased flash (0xff bytes)', '\u00ff'.repeat(300), triangle],
  ];
  for (const [what, log, game] of nothing) {
    it(`restores nothing, and does not throw, from ${what}`, () => {
      assert.equal(restore(flashWith(log), game), null);
    });
  }

  it('a record JSON cannot parse but whose checksum matches is treated as garbled', () => {
    const log = play(CASES[0], 4, 10);
    // The checksum of the body '{"k":' is right, but it is no JSON.
    const bad = '{"k":';
    const sum = checksumOf(bad);
    const text = log.log.slice(0, log.ends[3]) + bad + '*' + (sum < 16 ? '0' : '') + sum.toString(16) + '\n' + log.log.slice(log.ends[3]);
    const r = restore(flashWith(text), triangle);
    assert.ok(r);
    assert.equal(r.moves, 3);
    assert.equal(r.dropped, 1 + log.moves.length - 3);
  });
});

/** The checksum as persist.ts documents it, to write records by hand (checked against record() above). */
function checksumOf(text: string): number {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum = (sum * 31 + text.charCodeAt(i)) & 0xff;
  return sum;
}

describe('persist: a log read a line at a time', () => {
  // Records of 39-88 bytes and a newline: an undo reads the log back a record a tick while records are appended.
  const recordOf = (j: number) => String.fromCharCode(97 + (j % 26)).repeat(39 + (j * 7) % 50) + '\n';
  let all = '';
  for (let j = 0; j < 50; j++) all += recordOf(j);

  it('the simulator\'s: a reader held while records are appended reads them in turn; no log reads nothing', () => {
    const flash = new SimFlash(4 * 992);
    assert.equal(flash.reader(LOG)(), undefined);
    for (let j = 0; j < 10; j++) flash.append(LOG, recordOf(j));
    const next = flash.reader(LOG);
    let log = '';
    for (let j = 0; j < 5; j++) log += next();
    for (let j = 10; j < 50; j++) flash.append(LOG, recordOf(j));
    for (let line; (line = next()) !== undefined;) log += line;
    assert.equal(log, all);
  });

  it('in the real interpreter: the board\'s reader, held while records are appended past a chunk and Storage is compacted, reads them in turn', async function () {
    needsEspruino(this, 'read a log in Espruino\'s Storage');
    this.timeout(120_000);
    const source = `import { flashStore } from './hal/espruino/store';
      declare const global: any;
      const storage = global.require('Storage');
      const recordOf = ${recordOf.toString()};
      storage.eraseAll();
      // A file before the log's first chunk, erased while the reader is held: compaction then moves the chunks.
      storage.write('before', new Array(301).join('x'));
      const store = flashStore();
      for (let j = 0; j < 10; j++) store.append('${LOG}', recordOf(j));
      const next = store.reader('${LOG}');
      let log = '';
      for (let j = 0; j < 5; j++) log += next();
      for (let j = 10; j < 50; j++) store.append('${LOG}', recordOf(j));
      storage.erase('before');
      storage.compact();
      for (let line; (line = next()) !== undefined;) log += line;
      print('LOG ' + JSON.stringify(log));`;
    const printed = runScriptInEspruino(await toEs5(await bundle({ source, dir: ROOT })));
    const line = printed.split('\n').find((l) => l.startsWith('LOG '));
    assert.ok(line, printed.slice(-2000));
    // (The Linux build's chunks are 992 bytes: the log is in four.)
    assert.ok(all.length > 3 * 992);
    assert.equal(JSON.parse(line.slice(4)), all);
  });

  it('in the real interpreter: a board seals each record as Node does (its checksum worked out natively), every record of every example game', async function () {
    needsEspruino(this, 'seal records in Espruino');
    this.timeout(120_000);
    // Every record the example games write, its value: sealed again on the board, each must come out as written.
    const records = SWEPT.flatMap((name) => exampleWrites(name).writes.join('').split(/(?<=\n)/)).filter((r) => /^\{.*\*[0-9a-f]{2}\n$/.test(r));
    assert.ok(records.length > 500, `${records.length} records`);
    // (In batches of some 2 KB: the chip's room. Each record is read back and sealed again from its value.)
    const batches: string[] = [];
    for (const r of records) if (!batches.length || batches[batches.length - 1].length + r.length > 2000) batches.push(r); else batches[batches.length - 1] += r;
    const source = (text: string) => `import { record } from './firmware/persist';
      declare function print(text: string): void;
      const text = ${JSON.stringify(text)};
      let bad = 0;
      let count = 0;
      for (let at = 0; at < text.length; count++) {
        const end = text.indexOf('\\n', at) + 1;
        const line = text.slice(at, end);
        if (record(JSON.parse(line.slice(0, -4))) !== line) bad++;
        at = end;
      }
      print('SEALED ' + JSON.stringify([bad, count]));`;
    let sealed = 0;
    for (const text of batches) {
      const printed = runScriptInEspruino(await toEs5(await bundle({ source: source(text), dir: ROOT })));
      const line = printed.split('\n').find((l) => l.startsWith('SEALED '));
      assert.ok(line, printed.slice(-2000));
      const [bad, count] = JSON.parse(line.slice(7));
      assert.equal(bad, 0, `records sealed otherwise on the board: ${text.slice(0, 200)}`);
      sealed += count;
    }
    assert.equal(sealed, records.length);
  });
});

describe('persist: a full log, as a board fills it', () => {
  it('the simulator\'s flash: a log takes what fits of a write at the edge of its room and throws, one that fits exactly is written, and every write after throws', () => {
    const flash = new SimFlash(20);
    flash.append(LOG, '0123456789');
    assert.throws(() => flash.append(LOG, 'abcdefghijkl'), /Unable to find or create file/);
    assert.equal(flash.files[LOG], '0123456789abcdefghij', 'cut short at the edge');
    assert.throws(() => flash.append(LOG, 'x'));
    const exact = new SimFlash(20);
    exact.append(LOG, '0123456789');
    exact.append(LOG, 'abcdefghij');
    assert.equal(exact.files[LOG].length, 20);
    assert.throws(() => exact.append(LOG, 'k'));
    exact.erase(LOG);
    exact.append(LOG, 'again');
    assert.equal(exact.free(LOG), 15);
  });

  it('in the real interpreter: the board\'s Store on Espruino\'s Storage fills a log as the simulator\'s flash does; a record that fills it exactly is saved', async function () {
    needsEspruino(this, 'fill a log in Espruino\'s Storage');
    this.timeout(120_000);
    // Records of random lengths, and of lengths that fill a chunk (992 bytes in the Linux build: 1 KB pages) exactly,
    // into a Storage with room for one or two chunks of log left.
    const random = fc.sample(fc.array(fc.integer({ min: 1, max: 90 }), { minLength: 30, maxLength: 70 }), { numRuns: 10, seed: 9 });
    const cases = [...random, new Array(40).fill(31), new Array(40).fill(62), new Array(80).fill(31), [990, 2, 5], [991, 2]]
      .map((lengths, i) => ({ chunks: 1 + (i % 2), lengths }));
    /** Record j of n bytes: a letter n-1 times and a newline. */
    const recordOf = (j: number, n: number) => String.fromCharCode(97 + (j % 26)).repeat(n - 1) + '\n';
    const source = `import { flashStore } from './hal/espruino/store';
      declare const global: any;
      const storage = global.require('Storage');
      const cases = ${JSON.stringify(cases)};
      for (let i = 0; i < cases.length; i++) {
        storage.eraseAll();
        storage.write('filler', 'x', 0, storage.getFree() - 32 - 1024 * cases[i].chunks);
        const store = flashStore();
        let told = '';
        for (let j = 0; j < cases[i].lengths.length; j++) {
          try {
            store.append('${LOG}', new Array(cases[i].lengths[j]).join(String.fromCharCode(97 + (j % 26))) + '\\n');
            told += 'o';
          } catch (e) {
            told += 'x';
          }
        }
        let log = '';
        const next = store.reader('${LOG}');
        for (let line; (line = next()) !== undefined;) log += line;
        print('CASE ' + JSON.stringify([told, log]));
      }`;
    const printed = runScriptInEspruino(await toEs5(await bundle({ source, dir: ROOT })));
    const got = printed.split('\n').filter((l) => l.startsWith('CASE ')).map((l) => JSON.parse(l.slice(5)));
    const expected = cases.map((c) => {
      const flash = new SimFlash(992 * c.chunks);
      let told = '';
      for (const [j, n] of c.lengths.entries()) {
        try {
          flash.append(LOG, recordOf(j, n));
          told += 'o';
        } catch {
          told += 'x';
        }
      }
      return [told, flash.files[LOG]];
    });
    assert.equal(got.length, cases.length, printed.slice(-2000));
    for (let i = 0; i < cases.length; i++) assert.deepEqual(got[i], expected[i], `case ${i} (${cases[i].chunks} chunks)`);
  });
});
