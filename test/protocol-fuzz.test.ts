// Property-based, seeded: whatever a phone writes, (1) a malformed line gets an
// error reply with a documented code, (2) nothing reaches the handler (the game
// state is untouched) unless the line is a valid command, (3) the channel
// still takes a valid command afterwards.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createCommandChannel, baseCommands, validate, isRefusal, type ChannelOptions, type Command, type CommandTable } from '../firmware/commands';
import { createAccess } from '../firmware/access';
import { ERROR_CODES } from '../firmware/protocol';
import { createSimRadio } from '../sim/radio';
import { decodeChunks } from '../sim/phone';

const SEED = 20240611;
const GAMES = 'triangle|fortress|ringapeg|shuffleboard';
/** Referee inputs of every argument type, as a game module declares them. */
const referee: CommandTable = 'lag,!side:int 0..1;overtable,!ball:str EA|ED1|ED2|FA|FD1|FD2;hit,!hit:bool;wrongball;blind;'
  + 'correct,!player:int 0..7,!points:int -99..99';
const specs = baseCommands(GAMES) + ';' + referee;
const names = specs.split(';').map((s) => s.split(',')[0].replace('?', ''));

/** What the channel must do with one line: run it (valid) or refuse it. Lines the assembler splits or drops are not given here. */
function oracle(line: string): 'run' | 'refuse' | 'ignore' {
  if (line === '') return 'ignore'; // empty lines are skipped (a phone may send them as keep-alives)
  if (line.length > 256) return 'refuse';
  try {
    const result = validate(JSON.parse(line), specs, true);
    return isRefusal(result) ? 'refuse' : 'run';
  } catch {
    return 'refuse';
  }
}

function rig() {
  let now = 0;
  const radio = createSimRadio(() => now);
  const game = { scores: [3, 7], turn: 1 };
  const frozen = JSON.stringify(game);
  const handled: Command[] = [];
  const options: ChannelOptions = {
    radio, clock: { now: () => now }, access: createAccess({}),
    commands: referee, games: GAMES,
    handle: (c) => { handled.push(c); if (c.name === 'undo') game.scores[0]--; return null; },
  };
  const channel = createCommandChannel(options);
  /** The lines waiting their turn, carried out as the runtime's scan ticks would, a line a call. */
  const steps = (): void => {
    while (options.lineStep) options.lineStep();
  };
  return {
    radio, channel, handled, steps,
    unchanged: () => JSON.stringify(game) === frozen,
    replies: () => decodeChunks(radio.notifications.map((n) => n.chunk)),
    line: (text: string, paired = true) => { now += 1000; radio.write(text + '\n', paired); steps(); },
    tick: () => { now += 5000; steps(); channel.tick(now); },
  };
}

function checkOneLine(text: string): void {
  const r = rig();
  r.line(text);
  const expected = oracle(text.replace(/\r$/, ''));
  const replies = r.replies();
  if (expected === 'refuse') {
    assert.equal(r.handled.length, 0, 'nothing reaches the handler');
    assert.ok(r.unchanged(), 'state unchanged');
    assert.equal(replies.length, 1, 'exactly one reply');
    assert.equal(replies[0].type, 'error');
    assert.ok((ERROR_CODES as string[]).includes(replies[0].code as string), 'documented code: ' + String(replies[0].code));
  } else if (expected === 'ignore') {
    assert.equal(r.handled.length, 0);
    assert.deepEqual(replies, []);
  } else {
    assert.equal(r.handled.length, 1);
  }
  r.line('{"cmd":"state"}');
  assert.equal(r.handled[r.handled.length - 1]?.name, 'state', 'the channel still works');
}

/** Arbitrary JSON-ish objects with a cmd that is often a real one. */
const commandLike = fc.record({
  cmd: fc.oneof(fc.constantFrom(...names), fc.string(), fc.integer(), fc.constant(null)),
}).chain((head) => fc.dictionary(
  fc.oneof(fc.constantFrom('game', 'players', 'options', 'on', 'level', 'side', 'ball', 'hit', 'id', 'player', 'points'), fc.string({ maxLength: 20 })),
  fc.jsonValue({ maxDepth: 3 }),
  { maxKeys: 4 },
).map((rest) => Object.assign({}, rest, head)));

describe('protocol fuzz (fast-check, seeded)', () => {
  it('random text lines (no newline inside): refused with a known code, or a valid command', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }).filter((s) => !s.includes('\n')), checkOneLine),
      { seed: SEED, numRuns: 400 });
  });
  it('random JSON values: the same', () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => checkOneLine(JSON.stringify(v))), { seed: SEED, numRuns: 400 });
  });
  it('random command-like objects: exactly the valid ones run', () => {
    let ran = 0;
    fc.assert(fc.property(commandLike, (m) => {
      const text = JSON.stringify(m);
      if (oracle(text) === 'run') ran++;
      checkOneLine(text);
    }), { seed: SEED, numRuns: 600 });
    assert.ok(ran > 10, 'the generator reaches valid commands too (' + ran + ')');
  });
  it('random byte streams in random chunks, paired or not: the board answers and keeps working', () => {
    fc.assert(fc.property(
      fc.array(fc.tuple(fc.string({ unit: 'binary', maxLength: 80 }), fc.boolean(), fc.boolean()), { maxLength: 30 }),
      (chunks) => {
        const r = rig();
        for (const [data, paired, pause] of chunks) {
          r.radio.write(data, paired);
          if (pause) r.tick();
        }
        r.radio.write('\n', true);
        r.tick();
        for (const m of r.replies()) {
          if (m.type === 'error') assert.ok((ERROR_CODES as string[]).includes(m.code as string), String(m.code));
          else assert.ok(m.type === 'ok' || m.type === 'confirm', m.type);
        }
        for (const c of r.handled) assert.ok(!isRefusal(validate({ cmd: c.name, ...c.args }, specs, c.paired)), 'only valid commands run');
        const before = r.handled.length;
        r.line('{"cmd":"state"}');
        assert.equal(r.handled.length, before + 1, 'a valid command is still accepted');
      }), { seed: SEED, numRuns: 300 });
  });
  it('valid commands split at random points arrive whole, in order', () => {
    const valid = fc.constantFrom('{"cmd":"undo"}', '{"cmd":"state"}', '{"cmd":"diag","on":false}', '{"cmd":"lag","side":0}',
      '{"cmd":"new","game":"fortress","players":2,"options":{"alternate":true}}');
    fc.assert(fc.property(fc.array(valid, { minLength: 1, maxLength: 8 }), fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1 }), (lines, sizes) => {
      const r = rig();
      const text = lines.map((l) => l + '\n').join('');
      let at = 0;
      for (let i = 0; at < text.length; i++) {
        const n = sizes[i % sizes.length];
        r.radio.write(text.substring(at, at + n), true);
        at += n;
        // (The runtime's ticks between some pieces; others come while lines wait their turn.)
        if (i % 2) r.steps();
      }
      r.steps();
      assert.deepEqual(r.handled.map((c) => c.name), lines.map((l) => JSON.parse(l).cmd));
      assert.deepEqual(r.replies(), []);
    }), { seed: SEED, numRuns: 200 });
  });
});
