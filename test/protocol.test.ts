import assert from 'node:assert/strict';
import { parsedIn } from './parsed-in';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import {
  jsonDepth, refusal, sendLine, ERROR_CODES,
} from '../firmware/protocol';
import { parseScenario, Simulation } from '../sim/replay';
import { createCommandChannel, type ChannelOptions, type Command } from '../firmware/commands';
import { createAccess } from '../firmware/access';
import { createSimRadio } from '../sim/radio';
import { createLineDecoder, decodeChunks } from '../sim/phone';
import { buildDeviceCode } from '../tools/es5';
import { bootInEspruino } from '../tools/espruino-run';
import { ROOT } from '../tools/games';
import { needsEspruino } from './real-interpreter';

/** A channel on a simulated radio whose handler runs every command; `log` lists handled command names and '!code' of each error reply, in order. */
function channelRig(options: Partial<ChannelOptions> = {}) {
  let now = 0;
  const radio = createSimRadio(() => now);
  const handled: Command[] = [];
  const opts: ChannelOptions = Object.assign({
    radio, clock: { now: () => now }, access: createAccess({}),
    commands: '?x', games: 'triangle',
    handle: (c: Command) => { handled.push(c); return null; },
  }, options);
  const channel = createCommandChannel(opts);
  const log = (): string[] => {
    const errors = decodeChunks(radio.notifications.map((n) => n.chunk)).map((m) => '!' + String(m.code));
    return handled.map((c) => c.name).concat(errors);
  };
  /** The lines waiting their turn, carried out as the runtime's scan ticks would: one a call, all of them. */
  const steps = (): number => {
    let n = 0;
    for (; opts.lineStep; n++) opts.lineStep();
    return n;
  };
  return { radio, channel, handled, log, steps, opts, at: (t: number) => { now = t; } };
}

// On the chip Espruino splits a line into notifications of the link's payload size; the simulated radio does the same.
describe('protocol: sending in chunks of the payload size', () => {
  const message = { type: 'state', game: 'ringapeg', scores: [125, 40, -5], turn: 2, board: 3, names: ['Ann', 'Bo'] };
  for (const size of [1, 7, 20, 50, 128, 244]) {
    it(`payload ${size}: every chunk fits, and the phone re-joins one message`, () => {
      const radio = createSimRadio();
      radio.setPayloadSize(size);
      sendLine(radio, message);
      const chunks = radio.notifications.map((n) => n.chunk);
      const line = JSON.stringify(message) + '\n';
      assert.equal(chunks.length, Math.ceil(line.length / size));
      for (const c of chunks) assert.ok(c.length <= size);
      assert.equal(chunks.join(''), line);
      assert.deepEqual(decodeChunks(chunks), [message]);
    });
  }

  it('the decoder completes messages whatever the chunk boundaries', () => {
    const decoder = createLineDecoder();
    const text = JSON.stringify({ type: 'over', winner: 1, scores: [20, 14] }) + '\n' + JSON.stringify({ type: 'error', code: 'busy', message: 'slow down' }) + '\n{"ty';
    const got = [];
    for (let i = 0; i < text.length; i += 3) got.push(...decoder.push(text.substring(i, i + 3)));
    assert.deepEqual(got, [{ type: 'over', winner: 1, scores: [20, 14] }, { type: 'error', code: 'busy', message: 'slow down' }]);
    assert.equal(decoder.rest(), '{"ty');
  });

  it('non-ASCII text is escaped so that one character is one byte on the link', () => {
    const m = { type: 'state', game: 'triangle', scores: [0, 0], turn: 0, names: ['Zoë', '李', '\u007f'] };
    const radio = createSimRadio();
    sendLine(radio, m);
    const line = radio.notifications.map((n) => n.chunk).join('');
    assert.match(line, /^[\x20-\x7e]*\n$/);
    // (Hex digits in capitals, as the board's JSON.stringify writes them.)
    assert.ok(line.includes('Zo\\u00EB') && line.includes('\\u674E') && line.includes('\\u007F'), line);
    assert.deepEqual(JSON.parse(line), m);
  });

  it('the simulated radio refuses a chunk over the payload size and an advert over 24 bytes', () => {
    const radio = createSimRadio();
    assert.throws(() => radio.notify('x'.repeat(21)));
    assert.throws(() => radio.advertise(new Uint8Array(25)));
  });
});

describe('protocol: messages (the fixed minimum, docs/protocol.md)', () => {
  it('the board\'s state message has the contract fields first, then the game\'s', () => {
    const sim = new Simulation(parseScenario('{"game":"triangle","players":2}\n{"t":5,"phone":{"cmd":"state"}}\n'));
    sim.runToEnd();
    const states = sim.out.map((line) => (JSON.parse(line) as { phone?: { type: string } }).phone).filter((p) => p && p.type === 'state') as Record<string, unknown>[];
    assert.ok(states.length >= 2, 'at power-up and for the command');
    for (const state of states) {
      assert.deepEqual(Object.keys(state).slice(0, 4), ['type', 'game', 'scores', 'turn']);
      assert.deepEqual([state.game, state.scores, state.turn, state.players, state.winner], ['triangle', [0, 0], 0, 2, null]);
    }
  });

  it('score and over have the contract fields, type first (a whole game the board plays)', () => {
    const sim = new Simulation(parseScenario(readFileSync(new URL('../scenarios/triangle-exact.jsonl', import.meta.url), 'utf8')));
    sim.runToEnd();
    const told = sim.out.map((line) => (JSON.parse(line) as { phone?: { type: string } }).phone).filter((p) => p) as Record<string, unknown>[];
    const scores = told.filter((p) => p.type === 'score');
    assert.ok(scores.length > 0);
    for (const score of scores) assert.deepEqual(Object.keys(score), ['type', 'player', 'points', 'rule']);
    const over = told.filter((p) => p.type === 'over');
    assert.equal(over.length, 1, 'the end told once');
    assert.deepEqual(Object.keys(over[0]), ['type', 'winner', 'scores']);
    // The end is told with the last state's winner and scores.
    const last = told.filter((p) => p.type === 'state').pop()!;
    assert.deepEqual([over[0].winner, over[0].scores], [last.winner, last.scores]);
  });

  it('error has the contract fields', () => {
    assert.equal(JSON.stringify(refusal('busy', 'slow down')), '{"type":"error","code":"busy","message":"slow down"}');
    assert.equal(JSON.stringify(refusal('busy', 'slow down', 7)), '{"type":"error","code":"busy","message":"slow down","id":7}');
  });
});

describe('protocol: line assembly (through the command channel)', () => {
  type Step = [number, string] | [number, 'tick'];
  const X = '{"cmd":"x"}';
  // [what, steps (time, data or tick), expected commands run, then error codes]; the longest line is 256 characters.
  const cases: [string, Step[], string[]][] = [
    ['one line', [[0, X + '\n']], ['x']],
    ['split across chunks', [[0, '{"cmd":'], [5, '"x"}'], [9, '\n']], ['x']],
    ['two lines in one chunk, CRLF', [[0, X + '\r\n' + X + '\n']], ['x', 'x']],
    ['empty lines are skipped', [[0, '\n\r\n\n' + X + '\n']], ['x']],
    ['too long: one error, the rest of the line dropped, then on again',
      [[0, 'x'.repeat(130)], [1, 'y'.repeat(130)], [2, 'z\n' + X + '\n']], ['x', '!too_long']],
    ['exactly the maximum is accepted', [[0, X + ' '.repeat(256 - X.length) + '\n']], ['x']],
    ['one more is too long', [[0, X + ' '.repeat(257 - X.length) + '\n']], ['!too_long']],
    ['a partial line times out', [[0, '{"cmd"'], [1999, 'tick'], [2000, 'tick'], [2100, X + '\n']], ['x', '!partial']],
    ['a slow but finished line is fine', [[0, '{"cmd"'], [1500, ':"x"}\n'], [5000, 'tick']], ['x']],
    ['an over-long line that never ends stops being dropped after a pause',
      [[0, 'x'.repeat(300)], [3000, 'tick'], [3001, X + '\n']], ['x', '!too_long']],
    ['a pause while dropping counts from the last data',
      [[0, 'x'.repeat(300)], [1500, 'xx'], [3000, 'tick'], [3001, X + '\n'], [3600, 'tick'], [3601, X + '\n']], ['x', '!too_long']],
  ];
  for (const [what, steps, expected] of cases) {
    it(what, () => {
      const r = channelRig();
      for (const [t, data] of steps) {
        r.at(t);
        if (data === 'tick') r.channel.tick(t);
        else r.radio.write(data, true);
        r.steps();
      }
      assert.deepEqual(r.log(), expected);
    });
  }
  it('lines sent together are carried out a line a call: the rest wait their turn, data come meanwhile behind them, and the channel is not at rest until none waits', () => {
    const r = channelRig();
    const handledAt = (): number => r.handled.length;
    r.radio.write(X + '\n\n' + X + '\n' + X + '\n{"cmd"', true);
    assert.equal(handledAt(), 1, 'the first line at once');
    assert.equal(r.channel.tick(5000), false, 'lines wait: not at rest');
    r.opts.lineStep!();
    assert.equal(handledAt(), 2, 'a line a call (the empty line skipped)');
    // Data come now go behind the lines waiting, the rest of the unfinished line among them, untrusted: so is what
    // waits with it. The next line waiting is carried out with them.
    r.radio.write(':"x"}\n' + X + '\n', false);
    assert.equal(handledAt(), 3);
    assert.deepEqual(r.handled.map((c) => c.paired), [true, true, false], 'what waits is as trusted as the least trusted data behind it');
    assert.equal(r.steps(), 2);
    assert.deepEqual(r.log(), ['x', 'x', 'x', 'x', 'x']);
    assert.equal(r.opts.lineStep, undefined);
    assert.equal(r.channel.tick(5000), true, 'at rest once none waits');
  });
  it('a flood in one piece of data: the lines over the flood limit are dropped at once, and only a burst\'s worth wait their turn', () => {
    const r = channelRig();
    r.radio.write((X + '\n').repeat(200), true);
    assert.equal(r.steps(), 10, 'a call for each line of the burst after the first, and one that drops the rest');
    assert.deepEqual(r.log(), Array(10).fill('x').concat('!busy'));
  });
  it('data come while lines wait have the next line carried out at once: what waits stays within a burst and a piece of data (empty lines, a flood), in order, nothing lost or doubled', () => {
    const r = channelRig();
    r.radio.write(X + '\n' + X + '\n' + X + '\n', true);
    for (let i = 0; i < 400; i++) r.radio.write('\n'.repeat(20), true);
    assert.equal(r.handled.length, 3, 'a line a piece of data');
    assert.equal(r.opts.lineStep, undefined, 'none waits');
    r.radio.write(X + '\n' + X + '\n', true);
    r.radio.write('\n'.repeat(300) + X + '\n', true);
    assert.equal(r.steps(), 1);
    assert.deepEqual(r.log(), ['x', 'x', 'x', 'x', 'x', 'x']);
  });
  it('error codes are the documented ones', () => {
    const documented = readFileSync(new URL('../docs/protocol.md', import.meta.url), 'utf8');
    for (const code of ERROR_CODES) assert.ok(documented.includes('| `' + code + '` |'), code);
  });
});

describe('protocol: a board that scans checks a line at the call after its data, and carries its command out at the call after its check', () => {
  it('one line: kept in the call that brings it, checked at the next, its command carried out (and answered) at the one after, the board\'s rest ended for it', () => {
    const rested: number[] = [];
    const r = channelRig({ rest: (ms: number) => { rested.push(ms); } });
    assert.equal(parsedIn(() => r.radio.write('{"cmd":"x","id":1}\n', true)), 0, 'kept');
    assert.deepEqual(rested, [0], 'the board ticks at once');
    assert.equal(r.channel.tick(0), false, 'a line waits: not at rest');
    assert.equal(parsedIn(() => r.opts.lineStep!()), 1, 'checked');
    assert.equal(r.handled.length, 0, 'not carried out yet');
    assert.equal(r.channel.tick(0), false, 'a command waits: not at rest');
    assert.equal(parsedIn(() => r.opts.lineStep!()), 0, 'the next call checks nothing');
    assert.equal(r.handled.length, 1);
    assert.deepEqual(decodeChunks(r.radio.notifications.map((n) => n.chunk)), [{ type: 'ok', cmd: 'x', id: 1 }]);
    assert.equal(r.opts.lineStep, undefined, 'none waits');
    assert.equal(r.channel.tick(0), true);
  });
  it('an empty piece of data is not kept: the rest of a line begun unpaired, come paired behind it before the next call, is as untrusted (hostile round 38)', () => {
    const r = channelRig({ rest: () => {} });
    r.radio.write('{"cmd":"x","i', false);
    r.steps();
    r.radio.write('', false);
    r.radio.write('d":1}\n', true);
    r.steps();
    assert.deepEqual(r.handled.map((c) => c.paired), [false]);
  });
  it('any data in any pieces, steps between them or not: the replies and the commands of a channel that carries them out at once, each call checking a line or carrying out a command, not both', () => {
    const lines = ['{"cmd":"x","id":1}', '{"cmd":"x"}', '', '{"cmd":"nope"}', 'not json', '{"cmd":"x","id":"a"}', '[[[[1]]]]', '{"cmd":"x","z":1}'];
    fc.assert(fc.property(fc.array(fc.constantFrom(...lines), { minLength: 1, maxLength: 14 }), fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 12 }),
      fc.array(fc.boolean(), { maxLength: 40 }), fc.array(fc.boolean(), { maxLength: 40 }), (chosen, cuts, paired, stepAfter) => {
        const text = chosen.map((l) => l + '\n').join('');
        // The data in pieces where `cuts` falls.
        const pieces: string[] = [];
        for (let at = 0, i = 0; at < text.length; i++) {
          const n = i < cuts.length ? cuts[i] : text.length;
          pieces.push(text.slice(at, at + n));
          at += n;
        }
        const once = channelRig();
        const later = channelRig({ rest: () => {} });
        pieces.forEach((p, i) => {
          once.radio.write(p, paired[i] ?? true);
          once.steps();
          assert.ok(parsedIn(() => later.radio.write(p, paired[i] ?? true)) <= 1, 'a piece of data checks one line at most');
          if (stepAfter[i]) later.opts.lineStep?.();
        });
        // The calls after the data, each a stage: a line's check or its command's carrying out.
        for (let calls = 0; later.opts.lineStep; calls++) {
          const handled = later.handled.length;
          const parsed = parsedIn(() => later.opts.lineStep!());
          assert.ok(parsed + later.handled.length - handled <= 1, 'a call checks a line or carries out a command');
          assert.ok(calls < 100);
        }
        const said = (rig: ReturnType<typeof channelRig>) => rig.radio.notifications.map((n) => n.chunk).join('');
        assert.equal(said(later), said(once));
        // The same commands; one behind a line still waiting is as trusted as the least trusted data behind it (above),
        // never more trusted than it came.
        const trust = (rig: ReturnType<typeof channelRig>) => rig.handled.map((c) => c.paired);
        assert.deepEqual(later.handled.map((c) => ({ ...c, paired: true })), once.handled.map((c) => ({ ...c, paired: true })));
        assert.ok(trust(later).every((p, i) => !p || trust(once)[i]), 'never more trusted');
        assert.equal(later.channel.tick(0), true, 'at rest once none waits');
      }), { seed: 47, numRuns: 300 });
  });
});

describe('protocol: flood limit and nesting', () => {
  it('token bucket: a burst of 10, then 5 a second', () => {
    const r = channelRig();
    const at = (t: number): boolean => {
      const before = r.handled.length;
      r.at(t);
      r.radio.write('{"cmd":"x"}\n', true);
      return r.handled.length > before;
    };
    const burst = (t: number): boolean[] => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(() => at(t));
    assert.deepEqual(burst(0), [true, true, true, true, true, true, true, true, true, true, false]);
    assert.equal(at(100), false, '0.5 token after 100 ms');
    assert.equal(at(200), true, '1 token after 200 ms');
    assert.deepEqual(burst(10000), [true, true, true, true, true, true, true, true, true, true, false], 'never more than the burst');
    assert.deepEqual(r.log().slice(-2), ['!busy', '!busy'], 'one busy reply for each flood');
  });
  it('the bucket outlives its channel: a channel let go at rest after each command and made afresh (as the board does, firmware/command-path.ts) limits the phone just the same', () => {
    const r = channelRig();
    const at = (t: number): boolean => {
      const before = r.handled.length;
      r.at(t);
      // A channel made afresh for each piece of data, the one before at rest (no line under way or waiting).
      assert.equal(r.channel.tick(t), true, 'at rest, with the bucket not full');
      r.channel = createCommandChannel(r.opts);
      r.radio.write('{"cmd":"x"}\n', true);
      return r.handled.length > before;
    };
    assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(() => at(0)), [true, true, true, true, true, true, true, true, true, true, false, false]);
    assert.equal(at(100), false, '0.5 token after 100 ms');
    assert.equal(at(200), true, '1 token after 200 ms');
    assert.deepEqual(r.log().slice(-1), ['!busy'], 'one busy reply for the flood, though its lines came to three channels');
  });
  it('json depth, which skips strings natively, is what a character-by-character reading of the rules gives, for any text', () => {
    // The rules read one character at a time (docs/protocol.md, bad_json), as the check once did.
    const oneByOne = (text: string): number => {
      if (text.indexOf('__proto__') >= 0) return NaN;
      // One word of letters, digits, . + and -, white space around it: the parser's to read.
      if (text.trim().split('').every((ch) => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+-'.indexOf(ch) >= 0)) return 0;
      let depth = 0;
      let deepest = 0;
      let inString = false;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (inString) {
          if (c === 92) {
            if (text[i + 1] === 'u' && !(text.substr(i + 2, 2) === '00' && text[i + 4] >= '8')) return NaN;
            i++;
          } else if (c === 34) {
            inString = false;
            // A string the text begins with is its value: nothing but white space after it.
            if (depth === 0 && text.slice(i + 1).trim()) return NaN;
          }
          continue;
        }
        if ((depth === 0 && deepest > 0 && c > 32) || c > 126 || '\'/`h'.indexOf(text[i]) >= 0) return NaN;
        // Before the value, anything but white space and the beginning of an object, an array or a string.
        if (depth === 0 && deepest === 0 && c > 32 && '{["'.indexOf(text[i]) < 0) return NaN;
        if (c === 34) inString = true;
        else if (text[i] === '{' || text[i] === '[') deepest = Math.max(deepest, ++depth);
        else if (text[i] === '}' || text[i] === ']') depth--;
      }
      return inString ? NaN : deepest;
    };
    const alphabet = fc.constantFrom(...'{}[]""\\\\u00:8a, \xe9/h-.+'.split(''));
    fc.assert(fc.property(fc.array(alphabet, { maxLength: 40 }).map((a) => a.join('')), (text) => Object.is(jsonDepth(text, Infinity), oneByOne(text))), { numRuns: 20000, seed: 5 });
  });
  it('json depth searches a line for escapes once through, however many strings it has (it searched from each string to the line\'s end)', () => {
    // The characters the searches for a backslash pass over, counted as String.prototype.indexOf is called.
    const searched = (text: string): number => {
      const indexOf = String.prototype.indexOf;
      let passed = 0;
      String.prototype.indexOf = function (this: string, what: string, from = 0) {
        const found = indexOf.call(this, what, from);
        if (what === '\\') passed += (found < 0 ? this.length : found + 1) - from;
        return found;
      };
      try {
        jsonDepth(text, Infinity);
      } finally {
        String.prototype.indexOf = indexOf;
      }
      return passed;
    };
    // Lines of up to 255 characters of many strings, some with escapes, one perhaps at the end.
    const piece = fc.constantFrom('"a",', '"bc":', '"\\"",', '"x\\\\",', '[1,', '],', '{"k":"v"},', '"\\u00e9",');
    fc.assert(fc.property(fc.array(piece, { maxLength: 60 }), fc.boolean(), (pieces, slashAtEnd) => {
      const text = ('[' + pieces.join('') + (slashAtEnd ? '"\\n"' : '1') + ']').slice(-255);
      return searched(text) <= text.length + 1;
    }), { numRuns: 500, seed: 6 });
    const long = '[' + Array.from({ length: 50 }, () => '"ab"').join(',') + ']';
    assert.ok(searched(long) <= long.length, `${searched(long)} characters searched in a line of ${long.length}`);
  });
  it('json depth ignores brackets inside strings', () => {
    assert.equal(jsonDepth('{"a":{"b":[1]}}', Infinity), 3);
    assert.equal(jsonDepth('{"a":"{{[[\\"{"}', Infinity), 1);
    assert.equal(jsonDepth('[[[[[[', Infinity), 6);
  });
  it('json depth is NaN, which passes no check of it, when anything but white space follows the first object, array or string, a line begins with anything else but one word, or outside strings a character past printable ASCII, a comment or another kind of string, or a key __proto__ or a \\u escape outside 128-255', () => {
    // (Espruino's JSON.parse reads the first value and drops the rest, and reads such bytes as tokens of its own: a
    // board carried out the first command of each, or one with a value it made up.)
    for (const text of ['{"a":1}xyz', '{"a":1}{"b":2}', '[1] ]', '{"a":"}"}"', '{"a":1} ,', '{"a":\xb4}', '{"a":\xd4\x05}', '{\xd1\x01a:1}', '{"a":1}\x7f',
      // (Comments and JavaScript's other strings, which hid a quote from the count of depth: [[[[ ]]]] within passed.)
      '{/*x*/"a":1}', '{"a":1//x\n}', "{'a':1}", '{"a":`x`}', '{"a":\'"\',"b":[[[[1]]]],"c":\'"\'}',
      // (A key __proto__, however spelt, and \u escapes outside 128-255.)
      '{"a":1,"__proto__":null}', '{"a":1,"\\u005f_proto__":null}', '{"a":"\\u0041"}', '{"a":"\\u0175"}', '{"a":"\\u20ac"}',
      // (A value that is no object nor list with more after it, and a line that begins with neither, but for one word.)
      '"x" y', '"x" {"a":1}', '"x"[1]', '0#', '5 x', 'a b', 'x\xb4', '\xb4', '#']) {
      assert.ok(Number.isNaN(jsonDepth(text, Infinity)), JSON.stringify(text));
    }
    for (const text of ['{"a":1}', '  {"a":1} \t', '{"a":"} x"}', '{"a":"\\"} x"}', '"x"', '42', ' -1.5e+3 ', 'true', 'hello', '', '{"a":"Jos\xe9 \u20ac"}', '{"a":"/\'`h"}', '{"a":[true,false,null,-1.5]}', '{"a":"Jos\\u00e9 \\u00FF \\" \\\\ \\/ \\n"}']) {
      assert.ok(!Number.isNaN(jsonDepth(text, Infinity)), JSON.stringify(text));
    }
    assert.equal(jsonDepth(' {"a":[1]}  ', Infinity), 2);
  });
});

describe('protocol: a line as a board sends it', function () {
  this.timeout(60000);

  it('is plain ASCII, and the same message in the same text as the simulator\'s, in the real interpreter, which escapes with its own JSON.stringify (when ESPRUINO is set)', async function () {
    needsEspruino(this, 'send the line in');
    const sent = { type: 'state', names: ['Zoë', 'tab\there', 'del\x7f', 'ok'], scores: [1.5, -2] };
    const source = `
import { sendLine } from './firmware/protocol';
declare const global: { line: string };
sendLine({ send: function (line: string) { global.line = line; } } as never, ${JSON.stringify(sent)});
`;
    const code = await buildDeviceCode({ source, dir: ROOT });
    // Latin-1 on the chip: one byte a character, as the phone's text arrives.
    const report = bootInEspruino(code.stored, { settleMs: 50, probe: 'global.line' });
    const line = report.probe as string;
    assert.match(line, /^[ -~]*\n$/, 'printable ASCII, one line');
    assert.deepEqual(JSON.parse(line), sent);
    // The simulator's line, character for character (its escapes were in small letters: hostile round 17).
    const radio = createSimRadio();
    sendLine(radio, sent);
    assert.equal(radio.notifications.map((n) => n.chunk).join(''), line);
  });
});
