// The hub without a broker: reading gateways' messages (hub/gateways.ts) and
// keeping a room's boards from their adverts (hub/room.ts).
import { steadyClock } from '../hub/hub';
import { nodeSha256 } from '../sim/sha256';
import assert from 'node:assert/strict';
import { encodeAdvert, ADVERT_MAX_BYTES } from '../firmware/advert';
import type { AdvertState } from '../firmware/advert';
import fc from 'fast-check';
import { signAdvert } from '../firmware/sign';
import { MAX_ID, MAX_NAME, NOT_OURS, boardId, readGatewayMessage } from '../hub/gateways';
import type { HeardAdvert } from '../hub/gateways';
import { readBoardState, readFinishedGame } from '../hub/messages';
import { MAX_STEP, Room } from '../hub/room';
import { MAX_REMEMBERED, remember } from '../hub/hub';
import type { FinishedGame } from '../hub/messages';
import { boardAddress, espruinoHubMessage, SimulatedEspruinoHub } from '../sim/gateway';
import { advertGameNames } from '../sim/replay';

const GAMES = advertGameNames();
/** A board's key, and its advert signed as the firmware signs it. */
const KEY = '00112233445566778899aabbccddeeff';
const KEY_BYTES = Buffer.from(KEY, 'latin1');
const signed = (bytes: Uint8Array, counter: number, key = KEY) => {
  const out = new Uint8Array(ADVERT_MAX_BYTES);
  out.set(bytes);
  return signAdvert(nodeSha256, key, out, counter).slice();
};
const RINGAPEG = 3;

/** Ring-a-Peg's advert bytes of `s` with sequence number `seq`. */
const advert = (s: Partial<AdvertState>, seq: number) =>
  encodeAdvert({ scores: [0, 0], turn: 0, winner: null, ...s }, RINGAPEG, 0, seq, 1, new Uint8Array(ADVERT_MAX_BYTES)).slice();
const heard = (bytes: Uint8Array, board = 'f0:a1:00:00:00:01'): HeardAdvert => ({ board, bytes, rssi: -60, name: null, copy: false });

describe('hub: what the gateways publish', () => {
  const bytes = advert({ scores: [125, -40], turn: 1 }, 9);
  it('EspruinoHub\'s advert JSON: manufacturerData is the whole field in hex, company id first', () => {
    // As EspruinoHub publishes it (lib/discovery.js): rssi, the name once the scan response was heard, the data.
    const r = readGatewayMessage('/ble/advertise/F0:A1:00:00:00:01', '{"rssi":-71,"name":"Tallyboard 1","manufacturerData":"90055401030200010901"}');
    assert.notEqual(r, NOT_OURS);
    assert.ok(typeof r === 'object' && 'bytes' in r);
    assert.deepEqual([r.board, r.rssi, r.name, [...r.bytes]], ['f0:a1:00:00:00:01', -71, 'Tallyboard 1', [0x54, 1, 3, 2, 0, 1, 9, 1]]);
  });
  it('the simulated gateway writes what the reader reads back', () => {
    const { topic, payload } = espruinoHubMessage('f0:a1:00:00:00:02', bytes, -55, 'Tallyboard 2');
    assert.equal(topic, '/ble/advertise/f0:a1:00:00:00:02');
    assert.deepEqual(readGatewayMessage(topic, payload), { board: 'f0:a1:00:00:00:02', bytes, rssi: -55, name: 'Tallyboard 2', copy: false });
  });
  it('EspruinoHub\'s per-company topic, OpenMQTTGateway\'s and Theengs\' JSON', () => {
    const hex = [...bytes].map((b) => (b | 0x100).toString(16).slice(1)).join('');
    assert.deepEqual(readGatewayMessage('/ble/advertise/f0:a1:00:00:00:03/manufacturer/0590', JSON.stringify(hex)),
      { board: 'f0:a1:00:00:00:03', bytes, rssi: null, name: null, copy: true });
    assert.deepEqual(readGatewayMessage('home/OpenMQTTGateway/BTtoMQTT/F0A100000004', JSON.stringify({ id: 'F0:A1:00:00:00:04', rssi: -80, manufacturerdata: '9005' + hex })),
      { board: 'f0:a1:00:00:00:04', bytes, rssi: -80, name: null, copy: false });
  });
  it('other devices\' adverts are not ours: another company, Espruino\'s own JSON adverts, no manufacturer data', () => {
    assert.equal(readGatewayMessage('/ble/advertise/aa:bb:cc:dd:ee:ff', '{"rssi":-50,"manufacturerData":"4c000215"}'), NOT_OURS);
    const espruinoJson = '9005' + Buffer.from('{t:21}').toString('hex');
    assert.equal(readGatewayMessage('/ble/advertise/aa:bb:cc:dd:ee:ff', JSON.stringify({ rssi: -50, manufacturerData: espruinoJson })), NOT_OURS);
    assert.deepEqual(readGatewayMessage('/ble/advertise/aa:bb:cc:dd:ee:ff', '{"rssi":-50,"name":"Puck.js 1234"}'), { withoutData: 'Puck.js 1234' });
    assert.equal(readGatewayMessage('/ble/advertise/aa:bb:cc:dd:ee:ff/manufacturer/004c', '"0215"'), NOT_OURS);
  });
  it('a garbled message is malformed, with why', () => {
    assert.deepEqual(readGatewayMessage('/ble/advertise/x', '{"rssi":-50,'), { malformed: 'not JSON' });
    assert.deepEqual(readGatewayMessage('/ble/advertise/x', '{"manufacturerData":"90055g"}'), { malformed: 'manufacturer data is not hex' });
    assert.deepEqual(readGatewayMessage('/ble/advertise/x', '{"manufacturerData":"900554","rssi":"loud"}'), { malformed: 'rssi is not a number of dBm' });
  });
});

describe('hub: a room\'s boards from their adverts', () => {
  const room = () => new Room({ games: GAMES, silentAfterMs: 10_000 });

  it('a new sequence number is taken; the same again is a duplicate; an older one (late, replayed) is dropped', () => {
    const r = room();
    const first = r.hear(heard(advert({ scores: [10, 0], turn: 1 }, 5)), 0);
    assert.equal(first.verdict, 'new');
    assert.deepEqual([first.state?.game, first.state?.players, first.state?.scores, first.state?.turn], ['ringapeg', 2, [10, 0], 1]);
    assert.equal(r.hear(heard(advert({ scores: [10, 0], turn: 1 }, 5)), 375).verdict, 'duplicate');
    assert.equal(r.hear(heard(advert({ scores: [10, 5], turn: 0 }, 6)), 750).verdict, 'new');
    const late = r.hear(heard(advert({ scores: [10, 0], turn: 1 }, 5)), 800);
    assert.equal(late.verdict, 'stale');
    assert.equal(late.state, undefined);
    assert.equal(r.hear(heard(advert({ scores: [0, 0], turn: 0 }, 2)), 900).verdict, 'stale', 'replayed from long before');
    assert.equal(r.hear(heard(advert({ scores: [0, 0], turn: 0 }, 6 + MAX_STEP + 1)), 950).verdict, 'stale', 'more changes than a moment allows: replayed from 200 changes before');
    assert.equal(r.hear(heard(advert({ scores: [12, 5], turn: 0 }, 6 + MAX_STEP)), 1000).verdict, 'new');
    assert.deepEqual(r.states()[0].scores, [12, 5]);
  });
  it('the sequence number wraps at 256: 0 comes after 255', () => {
    const r = room();
    r.hear(heard(advert({ scores: [1, 0] }, 255)), 0);
    assert.equal(r.hear(heard(advert({ scores: [2, 0] }, 0)), 100).verdict, 'new');
    assert.equal(r.hear(heard(advert({ scores: [1, 0] }, 255)), 200).verdict, 'stale');
  });
  it('a number behind the last after the board was quiet (it restarted) is taken and counted', () => {
    const r = room();
    r.hear(heard(advert({ scores: [40, 30] }, 90)), 0);
    const back = r.hear(heard(advert({ scores: [40, 30] }, 1)), 3000);
    assert.equal(back.verdict, 'restart');
    assert.equal(back.state?.restarts, 1);
    assert.equal(r.hear(heard(advert({ scores: [45, 30] }, 2)), 3375).verdict, 'new');
  });
  it('an advert from just before the end delivered late, after the quiet time, is no restart: the game finished once (hostile round 27)', () => {
    const r = room();
    let t = 0;
    for (let seq = 40; seq <= 49; seq++) r.hear(heard(advert({ scores: [seq, 0] }, seq)), (t += 375));
    const end = advert({ scores: [200, 40], winner: 0 }, 50);
    assert.ok(r.hear(heard(end), (t += 375)).finished);
    const late = r.hear(heard(advert({ scores: [49, 0] }, 49)), (t += 1600));
    assert.equal(late.verdict, 'new');
    assert.equal(late.state?.restarts, 0);
    assert.equal(r.hear(heard(end), (t += 375)).verdict, 'new');
    assert.equal(r.results().length, 1);
    // A board that restarts far into its count (seq 1 after 90) still counts a restart.
    const back = r.hear(heard(advert({ scores: [0, 0] }, 1)), (t += 3000));
    assert.equal(back.verdict, 'restart');
  });
  it('a board restarted early in its count is a restart: its first numbers, or any after a long quiet time; its two like games kept (hostile round 27)', () => {
    const r = room();
    let t = 0;
    for (let seq = 1; seq <= 11; seq++) r.hear(heard(advert({ scores: [seq * 20, 0] }, seq)), (t += 375));
    r.hear(heard(advert({ scores: [200, 40], winner: 0 }, 12)), (t += 375));
    // Off for 20 hours, back counting from 1: a restart, and the same game played again is a second finished game.
    assert.equal(r.hear(heard(advert({ scores: [0, 0] }, 1)), (t += 72_000_000)).verdict, 'restart');
    for (let seq = 2; seq <= 11; seq++) r.hear(heard(advert({ scores: [seq * 20, 0] }, seq)), (t += 375));
    r.hear(heard(advert({ scores: [200, 40], winner: 0 }, 12)), (t += 375));
    assert.equal(r.results().length, 2);
    // Its first number heard after a short quiet time is a restart too; a number behind past the first few, soon, is late.
    assert.equal(r.hear(heard(advert({ scores: [0, 0] }, 2)), (t += 2000)).verdict, 'restart');
    r.hear(heard(advert({ scores: [20, 0] }, 9)), (t += 375));
    assert.equal(r.hear(heard(advert({ scores: [20, 0] }, 8)), (t += 2000)).verdict, 'new');
  });
  it('a garbled advert is malformed and changes nothing', () => {
    const r = room();
    r.hear(heard(advert({ scores: [10, 0] }, 5)), 0);
    const good = advert({ scores: [10, 0] }, 6);
    assert.equal(r.hear(heard(good.slice(0, good.length - 1)), 10).verdict, 'malformed', 'cut short');
    assert.equal(r.hear(heard(Uint8Array.from([...good, 0])), 20).verdict, 'malformed', 'a byte too many');
    const nine = Uint8Array.from([0x54, 1, 3, 9, 0, 0, 7, 0, ...new Array(18).fill(0)]);
    assert.equal(r.hear(heard(nine), 30).verdict, 'malformed', 'more scores than an advert holds');
    assert.equal(r.hear(heard(Uint8Array.from([0x54, 3, 3, 0, 0, 0, 7, 0])), 40).verdict, 'malformed', 'a layout version it does not know');
    assert.equal(r.states()[0].seq, 5);
  });
  it('a finished game is told once, again after an undo and a new end; the winner is in the state', () => {
    const r = room();
    r.hear(heard(advert({ scores: [190, 40] }, 1)), 0);
    const end = r.hear(heard(advert({ scores: [200, 40], winner: 0 }, 2)), 100);
    assert.deepEqual([end.state?.over, end.state?.winner, end.state?.turn], [true, 0, null]);
    assert.deepEqual([end.finished?.scores, end.finished?.winner, end.finished?.game], [[200, 40], 0, 'ringapeg']);
    assert.equal(r.hear(heard(advert({ scores: [200, 40], winner: 0 }, 2)), 475).finished, undefined);
    assert.equal(r.hear(heard(advert({ scores: [190, 40] }, 3)), 900).finished, undefined, 'undone');
    const again = r.hear(heard(advert({ scores: [200, 50], winner: 0 }, 4)), 1200);
    assert.deepEqual(again.finished?.scores, [200, 50]);
    assert.deepEqual(r.results().map((g) => g.seq), [2, 4]);
  });
  it('a board not heard for the silence time is marked silent once, not forgotten, and heard again is not', () => {
    const r = room();
    r.hear(heard(advert({ scores: [10, 0] }, 5)), 0);
    assert.deepEqual(r.silence(9_999), []);
    const silent = r.silence(10_000);
    assert.deepEqual(silent.map((s) => [s.board, s.silent, s.scores]), [['f0:a1:00:00:00:01', true, [10, 0]]]);
    assert.deepEqual(r.silence(20_000), [], 'told once');
    const back = r.hear(heard(advert({ scores: [10, 0] }, 5)), 21_000);
    assert.deepEqual([back.verdict, back.state?.silent], ['duplicate', false]);
  });
  it('an unchanged board\'s state goes out again (its last seen) at most every refresh time', () => {
    const r = new Room({ games: GAMES, silentAfterMs: 60_000, refreshMs: 5000 });
    r.hear(heard(advert({}, 1)), 0);
    assert.equal(r.hear(heard(advert({}, 1)), 4000).state, undefined);
    assert.equal(r.hear(heard(advert({}, 1)), 5000).state?.lastSeen, new Date(5000).toISOString());
  });
  it('takes up a published state only when it is later; a finished game known from the results is not told again', () => {
    const r = room();
    const published = room().hear(heard(advert({ scores: [200, 40], winner: 0 }, 7)), 1000);
    assert.equal(r.adopt(published.state!, 2000), 'taken');
    assert.ok(r.addResults([published.finished!]));
    assert.equal(r.addResults([published.finished!]), false, 'the same game twice');
    assert.equal(r.adopt({ ...published.state!, seq: 6 }, 2000), 'older');
    const repeat = r.hear(heard(advert({ scores: [200, 40], winner: 0 }, 7)), 2100);
    assert.deepEqual([repeat.verdict, repeat.finished], ['duplicate', undefined]);
    assert.equal(r.results().length, 1);
  });
  it('a published state 128 or more changes behind (its sequence number wrapped) is not taken for a later one', () => {
    const r = room();
    const old = room().hear(heard(advert({ scores: [1, 0] }, 1)), 0).state!;
    for (let seq = 1; seq <= 153; seq++) r.hear(heard(advert({ scores: [seq, 0] }, seq)), 1000 + seq);
    assert.equal(r.adopt({ ...old }, 2000), 'older');
    assert.deepEqual(r.states()[0].scores, [153, 0]);
  });
  it('names from the club\'s list win over the board\'s Bluetooth name', () => {
    const r = new Room({ games: GAMES, silentAfterMs: 10_000, names: { 'f0:a1:00:00:00:01': 'Table 3' } });
    assert.equal(r.hear({ ...heard(advert({}, 1)), name: 'Tallyboard 1' }, 0).state?.name, 'Table 3');
    assert.equal(r.hear({ ...heard(advert({}, 1), 'f0:a1:00:00:00:02'), name: 'Tallyboard 2' }, 0).state?.name, 'Tallyboard 2');
  });
});

describe('hub: junk in what the gateways publish', () => {
  const bytes = advert({ scores: [125, -40], turn: 1 }, 9);
  const whole = (id: string, more: Record<string, unknown> = {}) =>
    JSON.stringify({ rssi: -60, manufacturerData: '9005' + Buffer.from(bytes).toString('hex'), ...more });
  it('an id with control characters, wildcards or separators becomes one topic level of safe characters', () => {
    const r = readGatewayMessage('/ble/advertise/x', whole('', { id: 'Table\u0000 1/+#\u202e\n' }));
    assert.ok(typeof r === 'object' && 'board' in r);
    assert.equal(r.board, 'Table-1');
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (id) => {
      const b = boardId(id);
      return b === null || (/^[A-Za-z0-9._:-]+$/.test(b) && b.length <= MAX_ID);
    }));
  });
  it('an id of 70,000 characters, or none, is a malformed message; a name is cut to its length, without control characters', () => {
    assert.ok('malformed' in (readGatewayMessage(`/ble/advertise/${'a'.repeat(70_000)}`, whole('')) as object));
    assert.ok('malformed' in (readGatewayMessage('/ble/advertise/\u0000', whole('')) as object));
    const r = readGatewayMessage('/ble/advertise/f0:a1:00:00:00:01', whole('', { name: '\u001b[31m=HYPERLINK("x")' + 'z'.repeat(100) }));
    assert.ok(typeof r === 'object' && 'name' in r);
    assert.equal(r.name, '[31m=HYPERLINK("x")' + 'z'.repeat(MAX_NAME - 19));
    assert.ok('malformed' in (readGatewayMessage('/ble/advertise/f0:a1:00:00:00:01', whole('', { rssi: 1e300 })) as object));
    assert.ok('malformed' in (readGatewayMessage('/ble/advertise/f0:a1:00:00:00:01', ' '.repeat(5000)) as object));
  });
  it('any text on any topic: a reading, never an exception', () => {
    const topics = fc.constantFrom('/ble/advertise/f0:a1:00:00:00:01', '/ble/advertise/f0:a1:00:00:00:01/manufacturer/0590', '/ble/presence/x', 'home/g/BTtoMQTT/F0A100000001', '');
    const payloads = fc.oneof(fc.string({ unit: 'binary' }), fc.json(), fc.jsonValue().map((v) => JSON.stringify({ rssi: -50, manufacturerData: v, name: v, id: v })));
    fc.assert(fc.property(topics, payloads, (t, p) => {
      const r = readGatewayMessage(t, p);
      return r === NOT_OURS || typeof r === 'object';
    }));
  });
  it('a board id that every object has a property of (__proto__, constructor, toString...) is a board like any other, not enrolled', () => {
    // (Looked up in a plain object, such an id found Object's own property for a key: the hub threw at the HMAC and exited.)
    const inherited = Object.getOwnPropertyNames(Object.prototype);
    const ids = fc.oneof(fc.constantFrom(...inherited), fc.string({ minLength: 1, maxLength: 20 }).filter((id) => boardId(id) !== null));
    fc.assert(fc.property(ids, fc.boolean(), (id, sign) => {
      const room = new Room({ games: GAMES, silentAfterMs: 30000, names: { 'f0:a1:00:00:00:01': 'Table 1' }, keys: { 'f0:a1:00:00:00:01': KEY_BYTES } });
      const board = boardId(id) as string;
      const bytes = sign ? signed(advert({ scores: [10, 4] }, 7), 7) : advert({ scores: [10, 4] }, 7);
      const h = room.hear(heard(bytes, board), 1000);
      assert.equal(h.verdict, 'new');
      assert.deepEqual([h.state?.enrolled, h.state?.name], [false, null]);
      const state = { ...h.state!, seq: 8 };
      assert.equal(room.adopt(state, 2000), 'taken');
    }), { examples: inherited.map((id) => [id, true] as [string, boolean]) });
  });
});

describe('hub: EspruinoHub as its lib/discovery.js publishes', () => {
  const bytes = advert({ scores: [125, -40], turn: 1 }, 9);
  it('with manufacturer data: presence, the whole advert and its copy under /manufacturer/0590, read as the same board', () => {
    const messages = new SimulatedEspruinoHub().heard('f0:a1:00:00:00:01', bytes, -60, 'Tallyboard');
    assert.deepEqual(messages.map((m) => m.topic), ['/ble/presence/f0:a1:00:00:00:01', '/ble/advertise/f0:a1:00:00:00:01', '/ble/advertise/f0:a1:00:00:00:01/manufacturer/0590']);
    const [presence, full, copy] = messages.map((m) => readGatewayMessage(m.topic, m.payload));
    assert.equal(presence, NOT_OURS);
    assert.deepEqual(full, { board: 'f0:a1:00:00:00:01', bytes, rssi: -60, name: 'Tallyboard', copy: false });
    assert.deepEqual(copy, { board: 'f0:a1:00:00:00:01', bytes, rssi: null, name: null, copy: true });
  });
  it('without it (its shipped config.json): the advert says so, with the board\'s name', () => {
    const messages = new SimulatedEspruinoHub({ manufacturerData: false }).heard('f0:a1:00:00:00:01', bytes, -60, 'Tallyboard');
    assert.deepEqual(messages.map((m) => readGatewayMessage(m.topic, m.payload)), [NOT_OURS, { withoutData: 'Tallyboard' }]);
  });
  it('a board in known_devices is published under its name (spaces and all): the board is that name, made fit for a topic', () => {
    const hub = new SimulatedEspruinoHub({ prefix: 'ble', knownDevices: { 'f0:a1:00:00:00:01': 'Table 1' } });
    const [, full, copy] = hub.heard('f0:a1:00:00:00:01', bytes, -60).map((m) => readGatewayMessage(m.topic, m.payload));
    assert.ok(typeof full === 'object' && 'board' in full && typeof copy === 'object' && 'board' in copy);
    assert.deepEqual([full.board, copy.board], ['Table-1', 'Table-1']);
    assert.equal(boardId('Table 1'), 'Table-1', 'the config\'s names are keyed the same way');
  });
});

describe('hub: the room\'s own messages read back', () => {
  const r = new Room({ games: GAMES, silentAfterMs: 10_000 });
  const { state, finished } = r.hear(heard(advert({ scores: [200, 40], winner: 0 }, 7)), 0);
  it('a state and a finished game as the hub publishes them pass, copied; anything else is null', () => {
    assert.deepEqual(readBoardState(JSON.parse(JSON.stringify(state))), state);
    assert.deepEqual(readFinishedGame(JSON.parse(JSON.stringify(finished))), finished);
    for (const bad of [null, 5, 'x', [], {}, { ...state, board: 'a/b' }, { ...state, scores: [1, 'x'] }, { ...state, scores: new Array(9).fill(0) },
      { ...state, name: '\u0007' }, { ...state, lastSeen: 'never' }, { ...state, seq: 300 }, { ...state, silent: 'yes' }]) {
      assert.equal(readBoardState(bad), null, JSON.stringify(bad));
    }
    assert.equal(readFinishedGame({ ...finished, at: undefined }), null);
    const extra = readBoardState({ ...state, evil: '<script>' }) as unknown as Record<string, unknown>;
    assert.equal(extra.evil, undefined);
  });
});

describe('hub: results kept per board', () => {
  const game = (board: string, seq: number, at: number): FinishedGame => ({
    board, name: null, game: 'ringapeg', scores: [200, 40], winner: 0, round: 1, seq, counter: null, restarts: 0, at: new Date(at).toISOString(), enrolled: false,
  });
  it('a board not enrolled whose sequence number came round again: another game, kept; the same game from another hub, once', () => {
    const r = new Room({ games: GAMES, silentAfterMs: 10_000 });
    const first = game('f0:a1:00:00:00:02', 31, 0);
    // (256 changes later the same seq: a game that ended otherwise.)
    const second = { ...game('f0:a1:00:00:00:02', 31, 900_000), scores: [200, 12] };
    assert.equal(r.addResults([first]), true);
    assert.equal(r.addResults([second]), true);
    // The same two as another hub heard them, stamped a second later: nothing new.
    assert.equal(r.addResults([{ ...first, at: new Date(1000).toISOString() }, { ...second, at: new Date(901_000).toISOString() }]), false);
    assert.deepEqual(r.results().map((g) => g.scores), [[200, 40], [200, 12]]);
  });
  it('made-up games of other boards, any number, never push out an enrolled board\'s', () => {
    const r = new Room({ games: GAMES, silentAfterMs: 10_000, keys: { 'f0:a1:00:00:00:01': KEY_BYTES }, keepResults: 500 });
    r.addResults([game('f0:a1:00:00:00:01', 1, 0), game('f0:a1:00:00:00:01', 2, 1)]);
    for (let i = 0; i < 600; i++) r.addResults([game(boardAddress(1000 + i), 1, 10 + i)]);
    const kept = r.results();
    assert.deepEqual(kept.filter((g) => g.board === 'f0:a1:00:00:00:01').map((g) => g.seq), [1, 2]);
    assert.equal(kept.length, 502);
  });
  it('one message of many games is taken as the same games one at a time would be (hostile round 27: 20,000 in one)', () => {
    const all = Array.from({ length: 3000 }, (_, i) => game(i % 7 ? boardAddress(2000 + (i % 40)) : 'f0:a1:00:00:00:01', i, (i * 7919) % 3000));
    const once = new Room({ games: GAMES, silentAfterMs: 10_000, keys: { 'f0:a1:00:00:00:01': KEY_BYTES }, keepResults: 500 });
    assert.equal(once.addResults(all.concat(all)), true);
    const each = new Room({ games: GAMES, silentAfterMs: 10_000, keys: { 'f0:a1:00:00:00:01': KEY_BYTES }, keepResults: 500 });
    for (const g of all) each.addResults([g]);
    assert.deepEqual(once.results(), each.results());
    assert.equal(once.results().filter((g) => g.board === 'f0:a1:00:00:00:01').length, 100);
    assert.equal(once.addResults(all), false);
  });
  it('a board keeps its latest games, at most keepPerBoard', () => {
    const r = new Room({ games: GAMES, silentAfterMs: 10_000, keepPerBoard: 3 });
    for (let i = 0; i < 5; i++) r.addResults([game('b', i, i)]);
    assert.deepEqual(r.results().map((g) => g.seq), [2, 3, 4]);
  });
  it('boards not enrolled are followed up to maxBoards: a new one forgets the one heard longest ago, never an enrolled one', () => {
    const r = new Room({ games: GAMES, silentAfterMs: 10_000, maxBoards: 2, keys: { e: KEY_BYTES } });
    r.hear(heard(signed(advert({}, 1), 1), 'e'), 0);
    r.hear(heard(advert({}, 1), 'a'), 1);
    r.hear(heard(advert({}, 1), 'b'), 2);
    r.hear(heard(advert({}, 1), 'c'), 3);
    assert.deepEqual(r.states().map((s) => s.board).sort(), ['b', 'c', 'e']);
  });
});

describe('hub: signed adverts of enrolled boards', () => {
  const B = 'f0:a1:00:00:00:01';
  const room = () => new Room({ games: GAMES, silentAfterMs: 10_000, keys: { [B]: KEY_BYTES } });
  it('a signed advert is taken and marked enrolled; the same counter again is a repeat; one behind is replayed, across any quiet time', () => {
    const r = room();
    const first = r.hear(heard(signed(advert({ scores: [10, 0], turn: 1 }, 0), 1000)), 0);
    assert.deepEqual([first.verdict, first.state?.enrolled, first.state?.counter, first.state?.seq], ['new', true, 1000, 1000 & 0xff]);
    assert.equal(r.hear(heard(signed(advert({ scores: [10, 0], turn: 1 }, 0), 1000)), 375).verdict, 'duplicate');
    assert.equal(r.hear(heard(signed(advert({ scores: [10, 5], turn: 0 }, 0), 1300)), 750).verdict, 'new', 'any step forward (the board jumps ahead after a restart)');
    assert.equal(r.hear(heard(signed(advert({ scores: [99, 0], winner: 0 }, 0), 1200)), 60_000).verdict, 'replayed');
    assert.deepEqual(r.states()[0].scores, [10, 5]);
    assert.deepEqual(r.results(), []);
  });
  it('unsigned, signed with another key, or changed after signing: forged, and nothing changes', () => {
    const r = room();
    r.hear(heard(signed(advert({ scores: [10, 0] }, 0), 5)), 0);
    assert.equal(r.hear(heard(advert({ scores: [200, 0], winner: 0 }, 6)), 10).verdict, 'forged');
    assert.equal(r.hear(heard(signed(advert({ scores: [200, 0], winner: 0 }, 0), 6, '0'.repeat(32))), 20).verdict, 'forged');
    const changed = signed(advert({ scores: [10, 0] }, 0), 7);
    changed[8] = 200;
    assert.equal(r.hear(heard(changed), 30).verdict, 'forged');
    assert.deepEqual([r.states()[0].scores, r.results().length], [[10, 0], 0]);
  });
  it('the name a gateway heard is not signed: an enrolled board shows the club\'s name or none, whatever a device with its address answers', () => {
    // A device advertising the board's address with a scan response of its own makes the gateway publish the board's
    // latest advert (a repeat) with that name.
    const r = room();
    const latest = signed(advert({ scores: [10, 0] }, 0), 5);
    assert.equal(r.hear({ ...heard(latest), name: 'Tallyboard' }, 0).state?.name, null);
    const repeat = r.hear({ ...heard(latest), name: '=HYPERLINK("x") wins' }, 20_000);
    assert.equal(repeat.verdict, 'duplicate');
    assert.deepEqual(r.states().map((s) => s.name), [null]);
    const named = new Room({ games: GAMES, silentAfterMs: 10_000, keys: { [B]: KEY_BYTES }, names: { [B]: 'Table 3' } });
    named.hear({ ...heard(latest), name: 'Evil' }, 0);
    assert.deepEqual(named.states().map((s) => s.name), ['Table 3']);
  });
  it('a board enrolled by its address and heard by another id (EspruinoHub\'s known_devices name): its first signed advert names the id it is enrolled as', () => {
    // (The gateway's message has no address: the hub cannot take it as the enrolled board, and says which id to enrol.)
    const byName = (bytes: Uint8Array) => ({ ...heard(bytes), board: 'Table-1' });
    const first = room().hear(byName(signed(advert({ scores: [10, 4] }, 3), 3)), 0);
    assert.deepEqual([first.verdict, first.state?.enrolled, first.enrolledAs], ['new', false, B]);
    const r = room();
    assert.equal(r.hear(byName(advert({ scores: [10, 4] }, 3)), 0).enrolledAs, undefined, 'unsigned: nothing to tell it by');
    assert.equal(r.hear(byName(signed(advert({ scores: [10, 5] }, 4), 4)), 10).enrolledAs, undefined, 'told at its first advert only');
    assert.equal(room().hear(byName(signed(advert({ scores: [10, 4] }, 3), 3, 'ffeeddccbbaa99887766554433221100')), 0).enrolledAs, undefined, 'another key');
  });
  it('a phone advertising ever new addresses: what the hub remembers of boards stays bounded, the latest kept', () => {
    // The hub remembers which boards it heard whole adverts of, and what it logged of each: one entry per address.
    const whole = new Set<string>();
    const told = new Map<string, number>();
    for (let i = 0; i < 3 * MAX_REMEMBERED; i++) {
      remember(whole, boardAddress(i));
      remember(told, `${boardAddress(i)} malformed`, i);
      if (i % 100 === 0) remember(whole, B);
    }
    assert.deepEqual([whole.size, told.size], [MAX_REMEMBERED, MAX_REMEMBERED]);
    assert.ok(whole.has(B) && whole.has(boardAddress(3 * MAX_REMEMBERED - 1)) && !whole.has(boardAddress(0)));
  });
  it('a board not enrolled may sign: taken, shown as not enrolled', () => {
    const r = room();
    const h = r.hear(heard(signed(advert({ scores: [3, 0] }, 0), 9), 'f0:a1:00:00:00:02'), 0);
    assert.deepEqual([h.verdict, h.state?.enrolled, h.state?.counter, h.state?.scores], ['new', false, null, [3, 0]]);
  });
  it('a state published for it that its key does not sign, with any counter, is refused: its signed adverts go on being taken', () => {
    // Hostile round 9: one retained state with counter 2^32-1 froze the board (every genuine advert after it `replayed`).
    const r = room();
    r.hear(heard(signed(advert({ scores: [10, 4] }, 0), 7)), 0);
    const mine = JSON.stringify(r.states()[0]);
    const { advert: _, ...unsigned } = JSON.parse(mine);
    const forged = readBoardState({ ...unsigned, scores: [0, 99], winner: 1, over: true, turn: null, counter: 0xffffffff })!;
    assert.equal(r.adopt(forged, 400), 'forged');
    assert.equal(JSON.stringify(r.states()[0]), mine);
    const next = r.hear(heard(signed(advert({ scores: [12, 4] }, 0), 8)), 800);
    assert.deepEqual([next.verdict, next.state?.scores, next.state?.counter], ['new', [12, 4], 8]);
    // Nor does a restarted hub, knowing nothing of the board, take it.
    const restarted = room();
    assert.equal(restarted.adopt(forged, 0), 'forged');
    assert.deepEqual(restarted.states(), []);
    assert.equal(restarted.hear(heard(signed(advert({ scores: [12, 4] }, 0), 8)), 400).verdict, 'new');
  });
  it('a state a hub published is taken back (a restart, another hub) as its signed advert says, and its counter then stops replays', () => {
    const published = room().hear(heard(signed(advert({ scores: [20, 4], turn: 1 }, 0), 300)), 0).state!;
    const back = readBoardState(JSON.parse(JSON.stringify(published)))!;
    const r = room();
    assert.equal(r.adopt(back, 100), 'taken');
    assert.deepEqual([r.states()[0].scores, r.states()[0].counter, r.states()[0].enrolled], [[20, 4], 300, true]);
    assert.equal(r.hear(heard(signed(advert({ scores: [5, 0] }, 0), 299)), 60_000).verdict, 'replayed');
    // The same advert under made-up scores and counter: the advert's are shown, and a later one is still taken.
    const r2 = room();
    assert.equal(r2.adopt({ ...back, scores: [0, 99], over: true, winner: 1, counter: 0xffffffff, enrolled: false, name: 'Evil' }, 100), 'taken');
    assert.deepEqual([r2.states()[0].scores, r2.states()[0].counter, r2.states()[0].enrolled, r2.states()[0].name], [[20, 4], 300, true, null]);
    assert.equal(r2.hear(heard(signed(advert({ scores: [21, 4] }, 0), 301)), 500).verdict, 'new');
  });
  it('no state anyone publishes keeps an enrolled board\'s genuine adverts out, or shows what its key did not sign', () => {
    const game = [signed(advert({ scores: [10, 0], turn: 1 }, 0), 50), signed(advert({ scores: [10, 5], turn: 0 }, 0), 51), signed(advert({ scores: [12, 5], turn: 1 }, 0), 52)];
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
    const anAdvert = fc.oneof(
      fc.constant(null),
      fc.uint8Array({ minLength: 1, maxLength: 24 }).map(hex),
      // The board's own earlier adverts, recorded over the air.
      fc.constantFrom(...game.slice(0, 2).map(hex)),
      fc.nat({ max: 0xffffffff }).map((c) => hex(signed(advert({ scores: [0, 99], winner: 1 }, 0), c, 'f'.repeat(32)))),
    );
    const aState = fc.record({
      scores: fc.array(fc.integer({ min: -32768, max: 32767 }), { maxLength: 4 }), counter: fc.option(fc.nat({ max: 0xffffffff })),
      seq: fc.nat({ max: 255 }), restarts: fc.nat({ max: 5 }), over: fc.boolean(), enrolled: fc.boolean(), advert: anAdvert,
    });
    fc.assert(fc.property(fc.array(aState, { minLength: 1, maxLength: 6 }), (made) => {
      const r = room();
      let t = 0;
      r.hear(heard(game[0]), (t += 400));
      for (const m of made) {
        const s = readBoardState({ ...r.states()[0], ...m });
        if (s) r.adopt(s, (t += 400));
        assert.ok(['10,0', '10,5'].includes(r.states()[0].scores.join()), `shown ${r.states()[0].scores}: not what the board signed`);
      }
      const h = r.hear(heard(game[2]), (t += 400));
      assert.deepEqual([h.verdict, r.states()[0].scores], ['new', [12, 5]]);
    }), { numRuns: 200 });
  });
  it('any forged, replayed or junk advert never changes what the room shows for an enrolled board', () => {
    const game = [signed(advert({ scores: [10, 0], turn: 1 }, 0), 50), signed(advert({ scores: [10, 5], turn: 0 }, 0), 51), signed(advert({ scores: [200, 5], winner: 0 }, 0), 52)];
    const hostile = fc.oneof(
      fc.uint8Array({ maxLength: 24 }),
      fc.constantFrom(...game.slice(0, 2)),
      fc.record({ scores: fc.array(fc.integer({ min: -32768, max: 32767 }), { maxLength: 4 }), winner: fc.constantFrom(null, 0, 1) }).chain((s) =>
        fc.nat({ max: 0xffffffff }).map((c) => signed(advert(s, 0), c, 'f'.repeat(32)))),
      fc.nat({ max: 255 }).map((seq) => advert({ scores: [300, 0], winner: 1 }, seq)),
    );
    fc.assert(fc.property(fc.array(hostile, { maxLength: 20 }), (junk) => {
      const r = room();
      let t = 0;
      for (const g of game) r.hear(heard(g), (t += 400));
      const shown = JSON.stringify([r.states()[0], r.results()]);
      for (const j of junk) {
        const v = r.hear(heard(j), (t += 400)).verdict;
        assert.ok(v !== 'new' && v !== 'restart', `taken: ${[...j]}`);
      }
      // Its last seen may move on (a repeat of its latest advert); nothing else.
      const [state] = r.states();
      assert.equal(JSON.stringify([{ ...state, lastSeen: JSON.parse(shown)[0].lastSeen }, r.results()]), shown);
    }), { numRuns: 200 });
  });
});


describe("hub: its clock", () => {
  it('goes on as the wall clock goes, forward jumps too, and never back: a wall clock set back is not followed until it is past again (hostile round 27)', () => {
    let wall = 1_000_000;
    let mono = 50;
    const now = steadyClock(() => wall, () => mono);
    assert.equal(now(), 1_000_000);
    wall += 375; mono += 375;
    assert.equal(now(), 1_000_375);
    // Set back 10 minutes: the hub's time goes on, at half pace, until the wall clock meets it 20 minutes later.
    wall -= 600_000; wall += 1000; mono += 1000;
    assert.equal(now(), 1_000_875);
    wall += 300_000; mono += 300_000;
    assert.equal(now(), 1_150_875);
    wall += 900_000; mono += 900_000;
    assert.equal(now(), wall);
    wall += 375; mono += 375;
    assert.equal(now(), wall);
    wall += 3_600_000; mono += 10;
    assert.equal(now(), wall);
    // A board restarting while the clock was set back is heard as a restart, not dropped as old.
    const r = new Room({ games: GAMES, silentAfterMs: 30_000 });
    wall = 2_000_000; mono = 0;
    const clock = steadyClock(() => wall, () => mono);
    for (let seq = 1; seq <= 40; seq++) { wall += 375; mono += 375; r.hear(heard(advert({ scores: [seq, 0] }, seq)), clock()); }
    wall -= 600_000; wall += 3000; mono += 3000;
    assert.equal(r.hear(heard(advert({ scores: [0, 0] }, 1)), clock()).verdict, 'restart');
  });
});
