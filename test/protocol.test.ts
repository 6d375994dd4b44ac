import assert from 'node:assert/strict';
import {
  asciiJson, createLineAssembler, createRateLimit, createSender, errorMessage, jsonDepth, overMessage, scoreMessage,
  stateMessage, diagMessage, E_PARTIAL, E_TOO_LONG,
} from '../firmware/protocol';
import { createSimRadio } from '../sim/radio';
import { createLineDecoder, decodeChunks } from '../sim/phone';

describe('protocol: sending in chunks of the payload size', () => {
  const message = stateMessage('ringapeg', [125, 40, -5], 2, { board: 3, names: ['Ann', 'Bo'] });
  for (const size of [1, 7, 20, 50, 128, 244]) {
    it(`payload ${size}: every chunk fits, and the phone re-joins one message`, () => {
      const radio = createSimRadio();
      radio.setPayloadSize(size);
      createSender(radio).send(message);
      const chunks = radio.notifications.map((n) => n.chunk);
      const line = asciiJson(message) + '\n';
      assert.equal(chunks.length, Math.ceil(line.length / size));
      for (const c of chunks) assert.ok(c.length <= size);
      assert.equal(chunks.join(''), line);
      assert.deepEqual(decodeChunks(chunks), [message]);
    });
  }

  it('the decoder completes messages whatever the chunk boundaries', () => {
    const decoder = createLineDecoder();
    const text = JSON.stringify(overMessage(1, [20, 14])) + '\n' + JSON.stringify(errorMessage('busy', 'slow down')) + '\n{"ty';
    const got = [];
    for (let i = 0; i < text.length; i += 3) got.push(...decoder.push(text.substring(i, i + 3)));
    assert.deepEqual(got, [{ type: 'over', winner: 1, scores: [20, 14] }, { type: 'error', code: 'busy', message: 'slow down' }]);
    assert.equal(decoder.rest(), '{"ty');
  });

  it('non-ASCII text is escaped so that one character is one byte on the link', () => {
    const m = stateMessage('triangle', [0, 0], 0, { names: ['Zoë', '李'] });
    const line = asciiJson(m);
    assert.match(line, /^[\x20-\x7e]*$/);
    assert.ok(line.includes('Zo\\u00eb'));
    assert.deepEqual(JSON.parse(line), m);
  });

  it('the simulated radio refuses a chunk over the payload size and an advert over 24 bytes', () => {
    const radio = createSimRadio();
    assert.throws(() => radio.notify('x'.repeat(21)));
    assert.throws(() => radio.advertise(new Uint8Array(25)));
  });
});

describe('protocol: messages (CONTRACT.md §2)', () => {
  it('state, score, over, error and diag have the contract fields', () => {
    assert.deepEqual(stateMessage('fortress', [4, -2], 1, { stroke: 7 }), { type: 'state', game: 'fortress', scores: [4, -2], turn: 1, stroke: 7 });
    assert.deepEqual(scoreMessage({ player: 0, points: 3, rule: 'S8' }), { type: 'score', player: 0, points: 3, rule: 'S8' });
    assert.deepEqual(overMessage(null, [50, 50]), { type: 'over', winner: null, scores: [50, 50] });
    assert.deepEqual(errorMessage('bad_arg', 'x', 7), { type: 'error', code: 'bad_arg', message: 'x', id: 7 });
    assert.deepEqual(diagMessage({ on: true }), { type: 'diag', on: true });
  });
});

describe('protocol: line assembler', () => {
  type Step = [number, string] | [number, 'tick'];
  // [what, steps (time, data or tick), expected lines and errors in order]
  const cases: [string, Step[], string[]][] = [
    ['one line', [[0, '{"cmd":"state"}\n']], ['{"cmd":"state"}']],
    ['split across chunks', [[0, '{"cmd":'], [5, '"undo"}'], [9, '\n']], ['{"cmd":"undo"}']],
    ['two lines in one chunk, CRLF', [[0, 'a\r\nb\n']], ['a', 'b']],
    ['empty lines are skipped', [[0, '\n\r\n\nx\n']], ['x']],
    ['too long: one error, the rest of the line dropped, then on again',
      [[0, 'x'.repeat(10)], [1, 'y'.repeat(10)], [2, 'z\nok\n']], ['!too_long', 'ok']],
    ['exactly the maximum is accepted', [[0, 'x'.repeat(16) + '\n']], ['x'.repeat(16)]],
    ['a partial line times out', [[0, '{"cmd"'], [1999, 'tick'], [2000, 'tick'], [2100, 'ok\n']], ['!partial', 'ok']],
    ['a slow but finished line is fine', [[0, '{"cmd"'], [1500, ':"x"}\n'], [5000, 'tick']], ['{"cmd":"x"}']],
    ['an over-long line that never ends stops being dropped after a pause',
      [[0, 'x'.repeat(20)], [3000, 'tick'], [3001, 'ok\n']], ['!too_long', 'ok']],
  ];
  for (const [what, steps, expected] of cases) {
    it(what, () => {
      const got: string[] = [];
      const a = createLineAssembler({ maxLine: 16, partialMs: 2000, line: (l) => got.push(l), error: (code) => got.push('!' + code) });
      for (const [t, data] of steps) {
        if (data === 'tick') a.tick(t);
        else a.push(data, t);
      }
      assert.deepEqual(got, expected);
    });
  }
  it('error codes are the documented ones', () => {
    assert.equal(E_TOO_LONG, 'too_long');
    assert.equal(E_PARTIAL, 'partial');
  });
});

describe('protocol: flood limit and nesting', () => {
  it('token bucket: a burst, then the refill rate', () => {
    const limit = createRateLimit(5, 3);
    const at0 = [limit.take(0), limit.take(0), limit.take(0), limit.take(0)];
    assert.deepEqual(at0, [true, true, true, false]);
    assert.equal(limit.take(100), false, '0.5 token after 100 ms');
    assert.equal(limit.take(200), true, '1 token after 200 ms');
    assert.equal(limit.take(10000), true);
    assert.equal(limit.take(10000), true);
    assert.equal(limit.take(10000), true);
    assert.equal(limit.take(10000), false, 'never more than the burst');
  });
  it('json depth ignores brackets inside strings', () => {
    assert.equal(jsonDepth('{"a":{"b":[1]}}'), 3);
    assert.equal(jsonDepth('{"a":"{{[[\\"{"}'), 1);
    assert.equal(jsonDepth('[[[[[['), 6);
  });
});
