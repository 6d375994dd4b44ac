import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  baseCommands, commandTable, createCommandChannel, validate, isRefusal, type ChannelOptions, type Command, type CommandTable,
} from '../firmware/commands';
import { game as triangle } from '../firmware/games/triangle/index';
import { game as ringapeg } from '../firmware/games/ringapeg/index';
import { game as fortress } from '../firmware/games/fortress/index';
import { game as shuffleboard } from '../firmware/games/shuffleboard/index';
import { createAccess } from '../firmware/access';
import { refusal, ERROR_CODES } from '../firmware/protocol';
import { createSimRadio } from '../sim/radio';
import { decodeChunks, type BoardMessage } from '../sim/phone';
import { Simulation, parseScenario } from '../sim/replay';
import { LOG } from '../firmware/persist';
import { RESULTS } from '../firmware/games/triangle/rules';
import { pegNames } from '../firmware/games/ringapeg/board';

/** A channel on a simulated radio with a hand-set clock; `handled` lists what reached the handler. */
const GAMES = 'triangle|fortress|ringapeg|shuffleboard';

/** A table's commands: name, whether it only reads, and its arguments ('!' before a required one). */
function commandsOf(table: CommandTable): { name: string; readOnly: boolean; args: string[] }[] {
  return table.split(';').map((c) => {
    const fields = c.split(',');
    return { name: fields[0].replace('?', ''), readOnly: fields[0].startsWith('?'), args: fields.slice(1) };
  });
}

function rig(extra: CommandTable = '', handle?: (c: Command) => ReturnType<Parameters<typeof createCommandChannel>[0]['handle']>) {
  let now = 0;
  const radio = createSimRadio(() => now);
  const handled: Command[] = [];
  const options: ChannelOptions = {
    radio,
    clock: { now: () => now },
    access: createAccess({}),
    commands: extra,
    games: GAMES,
    handle: (c) => {
      handled.push(c);
      return handle ? handle(c) : null;
    },
  };
  const channel = createCommandChannel(options);
  const replies = (): BoardMessage[] => decodeChunks(radio.notifications.map((n) => n.chunk));
  const send = (line: string, paired = true): void => {
    now += 1000; // slower than the flood limit
    radio.write(line + '\n', paired);
    // (The lines waiting their turn, as the runtime's scan ticks carry them out.)
    while (options.lineStep) options.lineStep();
  };
  return { radio, channel, handled, replies, send, setNow: (t: number) => { now = t; } };
}

// [command line, expected args]: every command of the table, valid.
const valid: [string, object][] = [
  ['{"cmd":"new","game":"ringapeg","players":2,"options":{"variant":"primary","autoPeg":false}}',
    { game: 'ringapeg', players: 2, options: { variant: 'primary', autoPeg: false } }],
  ['{"cmd":"new","game":"triangle","players":["Ann","Bob","Cy"]}', { game: 'triangle', players: ['Ann', 'Bob', 'Cy'] }],
  ['{"cmd":"new","game":"shuffleboard","players":4,"options":{"teams":2,"target":21}}',
    { game: 'shuffleboard', players: 4, options: { teams: 2, target: 21 } }],
  ['{"cmd":"undo"}', {}],
  ['{"cmd":"state"}', {}],
  ['{"cmd":"diag","on":true}', { on: true }],
  ['{"cmd":"diag"}', {}],
  ['{"cmd":"diag","walk":true}', { walk: true }],
  ['{"cmd":"bright","level":15}', { level: 15 }],
];

// [command line, expected code]: each kind of bad input.
const invalid: [string, string][] = [
  ['{"cmd":"new","game":"chess","players":2}', 'bad_arg'],
  ['{"cmd":"new","game":"triangle"}', 'bad_arg'],
  ['{"cmd":"new","game":"triangle","players":0}', 'bad_arg'],
  ['{"cmd":"new","game":"triangle","players":9}', 'bad_arg'],
  ['{"cmd":"new","game":"triangle","players":2.5}', 'bad_arg'],
  ['{"cmd":"new","game":"triangle","players":["Ann",""]}', 'bad_arg'],
  ['{"cmd":"new","game":"triangle","players":2,"options":[1]}', 'bad_arg'],
  ['{"cmd":"new","game":"triangle","players":2,"options":null}', 'bad_arg'],
  ['{"cmd":"new","game":"triangle","players":"2"}', 'bad_arg'],
  ['{"cmd":"diag","walk":1}', 'bad_arg'],
  ['{"cmd":"diag","on":"yes"}', 'bad_arg'],
  ['{"cmd":"bright","level":16}', 'bad_arg'],
  ['{"cmd":"bright","level":-1}', 'bad_arg'],
  ['{"cmd":"undo","steps":2}', 'bad_arg'],
  ['{"cmd":"state","id":-1}', 'bad_arg'],
  ['{"cmd":"state","id":{"x":1}}', 'bad_arg'],
  ['{"cmd":"fly"}', 'unknown_cmd'],
  ['{"cmd":"constructor"}', 'unknown_cmd'],
  // (__proto__ anywhere in a line is refused before parsing: a key so named stopped a board's interpreter.)
  ['{"cmd":"__proto__"}', 'bad_json'],
  ['{"cmd":"toString"}', 'unknown_cmd'],
  ['{"cmd":7}', 'bad_cmd'],
  ['{"game":"triangle"}', 'bad_cmd'],
  ['["cmd","state"]', 'bad_cmd'],
  ['42', 'bad_cmd'],
  ['null', 'bad_cmd'],
  [' -1.5e+3 ', 'bad_cmd'],
  ['"text"', 'bad_cmd'],
  ['0#', 'bad_json'],
  ['5 x', 'bad_json'],
  ['"text" x', 'bad_json'],
  ['"text" {"cmd":"undo"}', 'bad_json'],
  ['a'.repeat(250), 'bad_json'],
  ['a b', 'bad_json'],
  ['{"cmd":"state"', 'bad_json'],
  ['{cmd:"state"}', 'bad_json'],
  ['hello', 'bad_json'],
  ['{"cmd":"state"}xyz', 'bad_json'],
  ['{"cmd":"undo"}{"cmd":"undo"}', 'bad_json'],
  ['{"cmd":"bright","level":\xd4\x05}', 'bad_json'],
  ["{'cmd':'state'}", 'bad_json'],
  ['{/**/"cmd":"state"}', 'bad_json'],
  ['{"cmd":"undo","__proto__":null}', 'bad_json'],
  ['{"cmd":"st\\u0061te"}', 'bad_json'],
  ['{"cmd":"new","game":"triangle","players":2,"options":{"a":[[[1]]]}}', 'bad_json'],
];

describe('commands: the contract commands', () => {
  for (const [line, args] of valid) {
    it(`accepts ${line}`, () => {
      const r = rig();
      r.send(line);
      assert.equal(r.handled.length, 1);
      assert.equal(r.handled[0].name, JSON.parse(line).cmd);
      assert.deepEqual(r.handled[0].args, args);
      assert.deepEqual(r.replies(), [], 'no reply of its own without an id');
    });
  }
  for (const [line, code] of invalid) {
    it(`refuses ${line} with ${code}, handler untouched`, () => {
      const r = rig();
      r.send(line);
      assert.equal(r.handled.length, 0);
      const replies = r.replies();
      assert.equal(replies.length, 1);
      assert.equal(replies[0].type, 'error');
      assert.equal(replies[0].code, code);
      assert.ok(typeof replies[0].message === 'string' && (replies[0].message as string).length > 0);
    });
  }
  it('every refusal code used is a documented one', () => {
    for (const [, code] of invalid) assert.ok((ERROR_CODES as string[]).includes(code), code);
  });
  it('an id is echoed: ok for a command carried out, and in an error', () => {
    const r = rig();
    r.send('{"cmd":"undo","id":12}');
    r.send('{"cmd":"fly","id":"a7"}');
    assert.deepEqual(r.replies(), [
      { type: 'ok', cmd: 'undo', id: 12 },
      { type: 'error', code: 'unknown_cmd', message: 'fly', id: 'a7' },
    ]);
  });
  it('a change sent again with its id (a phone that missed the reply) is told ok again and carried out once, a read between or not; another id, a change between, a refusal, or no id: carried out', () => {
    let refuse = true;
    const r = rig('flick,!r:str perfect|short', (c) => (c.name === 'undo' && refuse ? refusal('not_now', 'deciding') : null));
    const lines = [
      '{"cmd":"flick","r":"short","id":5}', '{"cmd":"flick","r":"short","id":5}', // the same line: once
      '{"cmd":"flick","r":"short","id":6}', // another id: a command of its own
      '{"cmd":"bright","level":3,"id":6}', '{"cmd":"flick","r":"short","id":6}', // a change between: carried out again
      '{"cmd":"flick","r":"short"}', '{"cmd":"flick","r":"short"}', // no id: nothing to know it by
      '{"cmd":"state","id":7}', '{"cmd":"state","id":7}', // a read: answered each time
      '{"cmd":"undo","id":8}', // refused (not_now) ...
    ];
    for (const line of lines) r.send(line);
    refuse = false;
    r.send('{"cmd":"undo","id":8}'); // ... so sent again, it is carried out
    r.send('{"cmd":"undo","id":8}');
    // A phone back after missing an `ok` asks for the state, then retries: still once.
    r.send('{"cmd":"state"}');
    r.send('{"cmd":"undo","id":8}');
    assert.deepEqual(r.handled.map((c) => c.name + (c.id ?? '')), ['flick5', 'flick6', 'bright6', 'flick6', 'flick', 'flick', 'state7', 'state7', 'undo8', 'undo8', 'state']);
    const oks = r.replies().map((m) => m.type + ' ' + ((m as { cmd?: string }).cmd ?? (m as { code?: string }).code) + ' ' + ((m as { id?: unknown }).id ?? ''));
    assert.deepEqual(oks, ['ok flick 5', 'ok flick 5', 'ok flick 6', 'ok bright 6', 'ok flick 6', 'ok state 7', 'ok state 7', 'error not_now 8', 'ok undo 8', 'ok undo 8', 'ok undo 8']);
  });
  it('a refusal from the handler (not_now) is reported with its code', () => {
    const r = rig('', () => refusal('not_now', 'nothing to undo'));
    r.send('{"cmd":"undo"}');
    assert.deepEqual(r.replies(), [{ type: 'error', code: 'not_now', message: 'nothing to undo' }]);
  });
  it('a handler that throws gives "failed", and the channel goes on', () => {
    const r = rig('', (c) => { if (c.name === 'new') throw new Error('3 players cannot play shuffleboard'); return null; });
    r.send('{"cmd":"new","game":"shuffleboard","players":3}');
    r.send('{"cmd":"state"}');
    assert.deepEqual(r.replies(), [{ type: 'error', code: 'failed', message: '3 players cannot play shuffleboard' }]);
    assert.equal(r.handled.length, 2);
  });
});

describe('commands: argument types', () => {
  // One command per argument type, as a game module declares them.
  const specs: CommandTable = 'peg,!player:int 0..3;fix,!r:str perfect|partly|short|beyond;hit,!hit:bool;set,o:obj;team,!p:players 2..3;note,!h:str 5';
  // [valid line, invalid line, the message of the refusal]
  const cases: [string, string, string][] = [
    ['{"cmd":"peg","player":3}', '{"cmd":"peg","player":4}', 'player: int 0..3'],
    ['{"cmd":"peg","player":0}', '{"cmd":"peg","player":1.5}', 'player: int 0..3'],
    ['{"cmd":"peg","player":1}', '{"cmd":"peg"}', 'player: missing'],
    ['{"cmd":"peg","player":1}', '{"cmd":"peg","player":1,"x":1}', 'x: unknown'],
    ['{"cmd":"fix","r":"short"}', '{"cmd":"fix","r":"long"}', 'r: str perfect|partly|short|beyond'],
    ['{"cmd":"hit","hit":false}', '{"cmd":"hit","hit":0}', 'hit: bool'],
    ['{"cmd":"note","h":"EA>1"}', '{"cmd":"note","h":"EA>FA1"}', 'h: str 5'],
    ['{"cmd":"note","h":"12345"}', '{"cmd":"note","h":""}', 'h: str 5'],
    ['{"cmd":"note","h":"5"}', '{"cmd":"note","h":5}', 'h: str 5'],
    ['{"cmd":"set","o":{"a":{"b":1}}}', '{"cmd":"set","o":[1]}', 'o: obj'],
    ['{"cmd":"set"}', '{"cmd":"set","o":"a"}', 'o: obj'],
    ['{"cmd":"team","p":3}', '{"cmd":"team","p":1}', 'p: players 2..3'],
    ['{"cmd":"team","p":["A","B"]}', '{"cmd":"team","p":["A",""]}', 'p: players 2..3'],
    ['{"cmd":"team","p":["A","0123456789abcdef"]}', '{"cmd":"team","p":["A","0123456789abcdefg"]}', 'p: players 2..3'],
  ];
  for (const [good, bad, message] of cases) {
    it(`${good} accepted, ${bad} refused: "${message}"`, () => {
      const r = rig(specs);
      r.send(good);
      r.send(bad);
      assert.equal(r.handled.length, 1);
      const { cmd, ...args } = JSON.parse(good);
      assert.equal(r.handled[0].name, cmd);
      assert.deepEqual(r.handled[0].args, args);
      assert.deepEqual(r.replies(), [{ type: 'error', code: 'bad_arg', message }]);
    });
  }
  it("the game modules' own commands are accepted beside the base ones, and only those", () => {
    // A command of each module that needs no argument, and that the other module does not have.
    const argless = (specs: CommandTable, others: CommandTable): string =>
      commandsOf(specs).filter((s) => s.args.every((a) => !a.startsWith('!')) && !commandsOf(others).some((o) => o.name === s.name))[0].name;
    const triangleOnly = argless(triangle.commands, ringapeg.commands);
    const ringapegOnly = argless(ringapeg.commands, triangle.commands);
    const r = rig(triangle.commands);
    r.send(JSON.stringify({ cmd: triangleOnly }));
    r.send(JSON.stringify({ cmd: ringapegOnly }));
    assert.deepEqual(r.handled.map((c) => c.name), [triangleOnly]);
    assert.equal(r.replies()[0].code, 'unknown_cmd');
    const ring = rig(ringapeg.commands);
    ring.send(JSON.stringify({ cmd: ringapegOnly }));
    assert.deepEqual(ring.replies(), []);
    assert.deepEqual(ring.handled.map((c) => c.name), [ringapegOnly]);
  });
  it('only a game in `games` can be started', () => {
    const r = rig();
    r.send('{"cmd":"new","game":"chess","players":2}');
    assert.equal(r.replies()[0].message, 'game: str triangle|fortress|ringapeg|shuffleboard');
    assert.equal(isRefusal(validate({ cmd: 'new', game: 'chess', players: 2 }, baseCommands('chess'), true)), false);
  });
  it('every command says whether it changes state; only state, and diag asking for the report, only read', () => {
    const all = [baseCommands(GAMES), triangle.commands, ringapeg.commands].join(';');
    assert.deepEqual(commandsOf(all).filter((s) => s.readOnly).map((s) => s.name), ['state', 'diag']);
    const edits = (message: Record<string, unknown>): boolean => (validate(Object.assign({ id: 1 }, message), all, true) as Command).edit;
    assert.deepEqual([{ cmd: 'state' }, { cmd: 'diag' }, { cmd: 'undo' }, { cmd: 'off' }, { cmd: 'end' }].map(edits), [false, false, true, true, true]);
    assert.deepEqual([{ cmd: 'diag', on: true }, { cmd: 'diag', walk: true }].map(edits), [true, true], 'a diag that changes is an edit');
  });
  it('a marker in the table is not part of a name or key', () => {
    const r = rig('hit,!hit:bool');
    r.send('{"cmd":"?state"}');
    r.send('{"cmd":"hit","!hit":true}');
    r.send('{"cmd":"hit","hit":true,"!hit":true}');
    assert.equal(r.handled.length, 0);
    assert.deepEqual(r.replies().map((m) => m.message), ['?state', '!hit: unknown', '!hit: unknown']);
  });
});

describe('commands: a game checks its own options', () => {
  it('on the board, an option the game does not have, or a bad value, is refused by its setup, and the game goes on', () => {
    const lines = [
      { game: 'triangle', players: 2, seed: 1 },
      { t: 1000, phone: { cmd: 'new', game: 'triangle', players: 3, options: { a: { b: 1 } }, id: 1 } },
      { t: 2000, phone: { cmd: 'new', game: 'triangle', players: 3, options: { exact: null }, id: 2 } },
      { t: 3000, phone: { cmd: 'new', game: 'triangle', players: 3, options: { exact: true }, id: 3 } },
    ];
    const sim = new Simulation(parseScenario(lines.map((l) => JSON.stringify(l)).join('\n')));
    sim.runToEnd();
    const replies = sim.out.map((l) => JSON.parse(l).phone).filter((m) => m && (m.type === 'error' || m.type === 'ok'));
    assert.deepEqual(replies, [
      { type: 'error', code: 'bad_arg', message: 'a: unknown', id: 1 },
      { type: 'error', code: 'bad_arg', message: 'bad exact', id: 2 },
      { type: 'ok', cmd: 'new', id: 3 },
    ]);
  });
});

describe('commands: a `new` that waits for the move under way', () => {
  it('refused when it is carried out (a bad option): the refusal carries its id; a visit meanwhile is refused, not the `new`', () => {
    // Hostile round 9: the `ok` came at once, the refusal later without the id, so the phone could not tell what was refused.
    const play = (lines: object[]) => {
      const sim = new Simulation(parseScenario([{ game: 'triangle', players: 2, seed: 1 }, { t: 1000, do: 'flick', stopMm: -4 }, ...lines].map((l) => JSON.stringify(l)).join('\n')));
      sim.runToEnd();
      return sim.out.map((l) => JSON.parse(l).phone).filter((m) => m && (m.type === 'error' || m.type === 'ok'));
    };
    // The flick's chip slides from 1 s: a `new` at 2 s waits for it (the channel passes 7 players; the setup refuses them).
    assert.deepEqual(play([{ t: 2000, phone: { cmd: 'new', game: 'triangle', players: 7, id: 'n1' } }]), [
      { type: 'ok', cmd: 'new', id: 'n1' },
      { type: 'error', code: 'bad_arg', message: 'players: 2..6 (T1)', id: 'n1' },
    ]);
    const visit = play([{ t: 2000, phone: { cmd: 'new', game: 'triangle', players: 3, id: 1 } }, { t: 2100, phone: { cmd: 'diag', on: true, id: 2 } }]);
    // (Diagnostics are refused while a move is under way, the `new` waiting for it: the new game starts after it.)
    assert.deepEqual(visit.map((m) => [m.type, m.code, m.id]), [['ok', undefined, 1], ['error', 'not_now', 2]]);
  });
});

describe('commands: validate() alone', () => {
  it('keeps the link trust and the id on the command', () => {
    const result = validate({ cmd: 'undo', id: 3 }, baseCommands(GAMES), false);
    assert.ok(!isRefusal(result));
    assert.deepEqual(result, { name: 'undo', args: {}, paired: false, id: 3, edit: true });
  });
  it('every game\'s whole table names each command once (a line takes the first entry of its name)', () => {
    for (const mod of [triangle, ringapeg, fortress, shuffleboard]) {
      const names = commandsOf(commandTable(mod.id, mod.commands)).map((c) => c.name);
      assert.deepEqual(names.filter((n, i) => names.indexOf(n) !== i), [], mod.id);
    }
  });
  it('a command is found by its whole name alone: a part of one, one with more around it, a marker, a separator or a pattern\'s characters name none (random names)', () => {
    const all = [baseCommands(GAMES), triangle.commands, ringapeg.commands, fortress.commands].join(';');
    const names = commandsOf(all).map((c) => c.name);
    const name = fc.constantFrom(...names);
    const odd = fc.constantFrom('', '?', '?state', 'un.o', '.*', 'u..o', '[a-z]+', '(', '\\', 'undo,', 'undo;state', ';undo', 'stat', 'states', 'UNDO', 'new ', 'end$', '^end');
    fc.assert(fc.property(fc.oneof(name, odd, fc.string(), fc.tuple(fc.string({ maxLength: 2 }), name, fc.string({ maxLength: 2 })).map(([a, n, b]) => a + n + b)), (cmd) => {
      const result = validate({ cmd }, all, true);
      // (A command found may still be refused for its arguments: a required one is missing here.)
      assert.equal(isRefusal(result) && result.code === 'unknown_cmd', !names.includes(cmd), JSON.stringify(cmd));
      if (!isRefusal(result)) assert.equal(result.name, cmd);
    }), { numRuns: 3000, seed: 11 });
  });
});

describe('commands: floods and garbage', () => {
  it('a flood: the burst is served, one busy reply, then silence until the bucket refills', () => {
    const r = rig();
    r.setNow(0);
    for (let i = 0; i < 100; i++) r.radio.write('{"cmd":"state"}\n', true);
    assert.equal(r.handled.length, 10);
    assert.deepEqual(r.replies(), [{ type: 'error', code: 'busy', message: 'flood' }]);
    r.setNow(1000);
    r.radio.write('{"cmd":"state"}\n', true);
    assert.equal(r.handled.length, 11);
  });
  it('a flood of over-long lines: the burst is answered too_long, then one busy reply and silence', () => {
    const r = rig();
    r.setNow(0);
    const long = 'x'.repeat(300) + '\n';
    for (let i = 0; i < 10000; i++) r.radio.write(long, true);
    assert.deepEqual(r.replies().map((m) => m.code), Array(10).fill('too_long').concat(['busy']));
    r.setNow(1000);
    r.radio.write('{"cmd":"state"}\n', true);
    assert.equal(r.handled.length, 1, 'a command is taken again once the rate allows');
  });
  it('binary garbage and a line that never ends: errors, and the next command still works', () => {
    const r = rig();
    r.send('\u0000\u00ff\u0007{{{');
    r.radio.write('{"cmd":"st', true);
    r.channel.tick(100000);
    r.send('{"cmd":"state"}');
    const codes = r.replies().map((m) => m.code);
    assert.deepEqual(codes, ['bad_json', 'partial']);
    assert.equal(r.handled.length, 1);
  });
});

describe('commands: a channel at rest is one made afresh', () => {
  it('what a phone is answered, and what runs, are the same when the channel is made afresh each time its tick finds it at rest (fast-check, seeded)', () => {
    const piece = fc.constantFrom('{"cmd":"state"}\n', '{"cmd":"st', 'ate"}\n', '{"cmd":"undo","id":1}\n', '{"cmd":"bright","level":3}\n', 'x'.repeat(300), '\n', '\r\n', 'no json\n');
    // A piece of data, or a burst of it (a flood).
    const data = fc.tuple(piece, fc.constantFrom(1, 1, 1, 6, 15)).map(([text, times]) => text.repeat(times));
    // Before each event, the lines waiting their turn the runtime's scan ticks have carried out meanwhile (up to 3, or all).
    const event = fc.record({ data: data, paired: fc.boolean(), dt: fc.constantFrom(0, 0, 0, 20, 150, 700, 2100), tick: fc.constantFrom(false, false, false, false, false, true), steps: fc.constantFrom(0, 1, 3, 99, 99) });
    let rests = 0;
    fc.assert(fc.property(fc.array(event, { minLength: 20, maxLength: 80 }), (events) => {
      const run = (afresh: boolean) => {
        let now = 0;
        const radio = createSimRadio(() => now);
        const handled: string[] = [];
        // The access rules outlive a channel, as the command path keeps them.
        const options: ChannelOptions = { radio, clock: { now: () => now }, access: createAccess({}), games: GAMES, handle: (c: Command) => { handled.push(c.name); return null; } };
        let channel = createCommandChannel(options);
        for (const e of events) {
          now += e.dt;
          for (let i = 0; i < e.steps && options.lineStep; i++) options.lineStep();
          if (!e.tick) radio.write(e.data, e.paired);
          else if (channel.tick(now) && afresh) {
            channel = createCommandChannel(options);
            rests++;
          }
        }
        return { replies: decodeChunks(radio.notifications.map((n) => n.chunk)), handled };
      };
      assert.deepEqual(run(true), run(false));
    }), { seed: 31, numRuns: 200 });
    assert.ok(rests > 100, `the channel was made afresh ${rests} times`);
  });
});

describe('commands: a game\'s commands are its moves', () => {
  for (const game of [triangle, fortress, ringapeg]) {
    it(`${game.id}: every command of its table names a move it has, and none is a common command`, () => {
      const base = commandsOf(baseCommands(GAMES)).map((c) => c.name);
      for (const c of commandsOf(game.commands)) {
        assert.equal(typeof game.moves[c.name], 'function', `${c.name} is a move`);
        assert.ok(base.indexOf(c.name) < 0, `${c.name} is the game's own`);
      }
    });
  }

  it('the arguments name what the rules take: the triangle\'s results, the Ring-a-Peg board\'s pegs', () => {
    const choices = (table: CommandTable, name: string, key: string): string[] =>
      commandsOf(table).find((c) => c.name === name)!.args.find((a) => a.replace('!', '').startsWith(key + ':'))!.split(' ')[1].split('|');
    assert.deepEqual(choices(triangle.commands, 'fix', 'r'), RESULTS.split(' '));
    assert.deepEqual(choices(triangle.commands, 'flick', 'r'), RESULTS.split(' '));
    assert.deepEqual(choices(ringapeg.commands, 'ring', 'peg'), [...pegNames(), 'none']);
    assert.deepEqual(choices(ringapeg.commands, 'lift', 'peg'), pegNames());
  });

  it('on the board, a command plays (and saves) the move of its name with its arguments as they are', () => {
    const lines = [
      { game: 'ringapeg', players: 2, options: { variant: 'advance', autoPeg: false }, seed: 1 },
      { t: 1000, phone: { cmd: 'ring', peg: 'o3' } }, { t: 2000, phone: { cmd: 'ring', peg: 'none' } },
      { t: 3000, phone: { cmd: 'lift', peg: 'o3' } }, { t: 4000, phone: { cmd: 'ring', peg: 'o3' } },
      { t: 5000, phone: { cmd: 'claim', player: 1 } },
    ];
    const sim = new Simulation(parseScenario(lines.map((l) => JSON.stringify(l)).join('\n')));
    sim.runToEnd();
    const saved = sim.flash.files[LOG].split('\n').slice(1, -1).map((r) => JSON.parse(r.slice(0, r.lastIndexOf('*'))));
    assert.deepEqual(saved, [
      { k: 'ring', peg: 'o3' }, { k: 'ring', peg: 'none' }, { k: 'lift', peg: 'o3' }, { k: 'ring', peg: 'o3' }, { k: 'claim', player: 1 },
    ]);
  });
});
