import assert from 'node:assert/strict';
import {
  baseCommands, createCommandChannel, refereeCommands, validate, isRefusal, GAME_IDS, type Command, type CommandSpec,
} from '../firmware/commands';
import { createAccess } from '../firmware/access';
import { refusal, E_NOT_NOW, ERROR_CODES } from '../firmware/protocol';
import { createSimRadio } from '../sim/radio';
import { decodeChunks, type BoardMessage } from '../sim/phone';

/** A channel on a simulated radio with a hand-set clock; `handled` lists what reached the handler. */
function rig(extra: CommandSpec[] = [], handle?: (c: Command) => ReturnType<Parameters<typeof createCommandChannel>[0]['handle']>) {
  let now = 0;
  const radio = createSimRadio(() => now);
  const handled: Command[] = [];
  const channel = createCommandChannel({
    radio,
    clock: { now: () => now },
    access: createAccess({ now: 0, maintenance: false }),
    commands: extra,
    handle: (c) => {
      handled.push(c);
      return handle ? handle(c) : null;
    },
  });
  const replies = (): BoardMessage[] => decodeChunks(radio.notifications.map((n) => n.chunk));
  const send = (line: string, paired = true): void => {
    now += 1000; // slower than the flood limit
    radio.write(line + '\n', paired);
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
  ['{"cmd":"new","game":"triangle","players":2,"options":{"a":{"b":1}}}', 'bad_arg'],
  ['{"cmd":"new","game":"triangle","players":2,"options":{"exact":null}}', 'bad_arg'],
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
  ['{"cmd":"__proto__"}', 'unknown_cmd'],
  ['{"cmd":"toString"}', 'unknown_cmd'],
  ['{"cmd":7}', 'bad_cmd'],
  ['{"game":"triangle"}', 'bad_cmd'],
  ['["cmd","state"]', 'bad_cmd'],
  ['42', 'bad_cmd'],
  ['null', 'bad_cmd'],
  ['{"cmd":"state"', 'bad_json'],
  ['{cmd:"state"}', 'bad_json'],
  ['hello', 'bad_json'],
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
    for (const [, code] of invalid) assert.ok(ERROR_CODES.includes(code), code);
  });
  it('an id is echoed: ok for a command carried out, and in an error', () => {
    const r = rig();
    r.send('{"cmd":"undo","id":12}');
    r.send('{"cmd":"fly","id":"a7"}');
    assert.deepEqual(r.replies(), [
      { type: 'ok', cmd: 'undo', id: 12 },
      { type: 'error', code: 'unknown_cmd', message: 'no command "fly"', id: 'a7' },
    ]);
  });
  it('a refusal from the handler (not_now) is reported with its code', () => {
    const r = rig([], () => refusal(E_NOT_NOW, 'nothing to undo'));
    r.send('{"cmd":"undo"}');
    assert.deepEqual(r.replies(), [{ type: 'error', code: 'not_now', message: 'nothing to undo' }]);
  });
  it('a handler that throws gives "failed", and the channel goes on', () => {
    const r = rig([], (c) => { if (c.name === 'new') throw new Error('3 players cannot play shuffleboard'); return null; });
    r.send('{"cmd":"new","game":"shuffleboard","players":3}');
    r.send('{"cmd":"state"}');
    assert.deepEqual(r.replies(), [{ type: 'error', code: 'failed', message: '3 players cannot play shuffleboard' }]);
    assert.equal(r.handled.length, 2);
  });
});

describe('commands: referee inputs of each game', () => {
  // [game, valid line, invalid line]
  const cases: [string, string, string][] = [
    ['triangle', '{"cmd":"off"}', '{"cmd":"off","player":1}'], // T8
    ['ringapeg', '{"cmd":"peg","player":1}', '{"cmd":"peg","player":4}'], // R10
    ['ringapeg', '{"cmd":"cleared"}', '{"cmd":"cleared","x":1}'], // R11
    ['fortress', '{"cmd":"lag","side":1}', '{"cmd":"lag","side":2}'], // F1
    ['fortress', '{"cmd":"wrongball"}', '{"cmd":"wrongball","ball":"EA"}'], // F19
    ['fortress', '{"cmd":"overtable","ball":"FD2"}', '{"cmd":"overtable","ball":"XX"}'], // F30/F31
    ['fortress', '{"cmd":"blind"}', '{"cmd":"blind","hit":1}'], // F37
    ['fortress', '{"cmd":"hit","hit":false}', '{"cmd":"hit","hit":0}'], // F37
    ['shuffleboard', '{"cmd":"move","w":"red2","d":300,"y":100}', '{"cmd":"move","w":"green1","d":300}'],
    ['shuffleboard', '{"cmd":"move","w":"blue1","off":true}', '{"cmd":"move","w":"blue1","d":"far"}'],
    ['shuffleboard', '{"cmd":"reassign","w":"red2","as":"blue3"}', '{"cmd":"reassign","w":"red2"}'],
    ['triangle', '{"cmd":"correct","player":1,"points":-3}', '{"cmd":"correct","player":1,"points":100}'],
    ['fortress', '{"cmd":"confirm"}', '{"cmd":"confirm","really":true}'],
  ];
  for (const [game, good, bad] of cases) {
    it(`${game}: ${good} accepted, ${bad} refused`, () => {
      const r = rig(refereeCommands(game));
      r.send(good);
      r.send(bad);
      assert.equal(r.handled.length, 1);
      assert.deepEqual(r.handled[0].args, (({ cmd, ...rest }) => rest)(JSON.parse(good)));
      assert.equal(r.replies()[0].code, 'bad_arg');
    });
  }
  it("another game's referee inputs are unknown", () => {
    const r = rig(refereeCommands('triangle'));
    r.send('{"cmd":"peg","player":0}');
    assert.equal(r.replies()[0].code, 'unknown_cmd');
    r.channel.setCommands(refereeCommands('ringapeg'));
    r.send('{"cmd":"peg","player":0}');
    assert.equal(r.handled.length, 1);
  });
  it('every command says whether it changes state; only state is read-only', () => {
    const all = baseCommands(GAME_IDS).concat(...GAME_IDS.map(refereeCommands));
    assert.deepEqual(all.filter((s) => !s.edit).map((s) => s.name), ['state']);
  });
});

describe('commands: validate() alone', () => {
  it('keeps the link trust and the id on the command', () => {
    const result = validate({ cmd: 'undo', id: 3 }, baseCommands(GAME_IDS), false);
    assert.ok(!isRefusal(result));
    assert.deepEqual(result, { name: 'undo', args: {}, paired: false, id: 3 });
  });
});

describe('commands: floods and garbage', () => {
  it('a flood: the burst is served, one busy reply, then silence until the bucket refills', () => {
    const r = rig();
    r.setNow(0);
    for (let i = 0; i < 100; i++) r.radio.write('{"cmd":"state"}\n', true);
    assert.equal(r.handled.length, 10);
    assert.deepEqual(r.replies(), [{ type: 'error', code: 'busy', message: 'too many commands; slow down' }]);
    r.setNow(1000);
    r.radio.write('{"cmd":"state"}\n', true);
    assert.equal(r.handled.length, 11);
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
