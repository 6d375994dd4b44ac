// The club hub through a real broker (Mosquitto, started on loopback ports):
// a simulated EspruinoHub publishes the adverts of many simulated boards
// playing the example games, with duplicates, late, replayed and garbled
// messages among them; the hub's retained states and finished games must be
// what each board showed. Skipped, saying so, without Mosquitto.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import { startHub, roomTopics } from '../hub/hub';
import { demoKey, startBoards } from '../sim/boards';
import { MAX_STEP } from '../hub/room';
import type { Hub, HubOptions } from '../hub/hub';
import type { BoardState, FinishedGame } from '../hub/messages';
import fc from 'fast-check';
import { boardAddress, espruinoHubMessage, SimulatedEspruinoHub } from '../sim/gateway';
import { parseScenario, Simulation } from '../sim/replay';
import { Mosquitto, mosquittoPath } from '../tools/mosquitto';
import { ROOT } from '../tools/games';
import { ADVERT_MAX_BYTES, encodeAdvert } from '../firmware/advert';
import { signAdvert } from '../firmware/sign';
import { nodeSha256 } from '../sim/sha256';

/** One simulated board: the scenario it plays, what it sent, and what it showed at the end. */
interface SimBoard {
  address: string;
  scenario: string;
  adverts: Uint8Array[];
  final: { scores: number[]; winner: number | null; turn?: number };
  /** The `over` messages it sent the phone, in order. */
  overs: { winner: number | null; scores: number[] }[];
}

/** Each example scenario without a power cut, played once on the simulator (the slow part: shared by the tests). */
let played: Omit<SimBoard, 'address'>[] | undefined;
function playedScenarios(): Omit<SimBoard, 'address'>[] {
  if (played) return played;
  played = [];
  // Games played without a power cut: a board that restarts is told by the quiet time it boots in (hub/room.ts),
  // which adverts sent back to back here do not have.
  for (const file of readdirSync(join(ROOT, 'scenarios')).filter((f) => f.endsWith('.jsonl')).sort()) {
    const text = readFileSync(join(ROOT, 'scenarios', file), 'utf8');
    if (/"power"\s*:/.test(text)) continue;
    const sim = new Simulation(parseScenario(text));
    sim.runToEnd();
    // And games of fewer adverts than the sequence byte counts less a step (hub/room.ts, MAX_STEP): past that, the
    // first advert sent again below is within a step of the board's last, and taken as new, as any unsigned advert
    // that old would be (the long regression games of an undo read back).
    if (sim.adverts.length > 256 - MAX_STEP) continue;
    const lines = sim.out.map((l) => JSON.parse(l));
    const overs = lines.filter((l) => l.phone?.type === 'over').map((l) => ({ winner: l.phone.winner, scores: l.phone.scores }));
    played.push({ scenario: file, adverts: sim.adverts.map((a) => a.bytes), final: lines[lines.length - 1].final, overs });
  }
  return played;
}

/** Each example scenario played by `copies` boards (each its own address). */
function simulatedBoards(copies: number): SimBoard[] {
  const boards: SimBoard[] = [];
  for (const game of playedScenarios()) {
    for (let c = 0; c < copies; c++) boards.push({ ...game, address: boardAddress(boards.length + 1) });
  }
  return boards;
}

/** Every client the tests open, ended after them even when one fails. */
const clients: MqttClient[] = [];

/** A client of the broker that keeps what it hears under `filter`: `last` each topic's last message, `all` everything. */
async function listen(url: string, filter: string | string[]) {
  const client = await mqtt.connectAsync(url, { reconnectPeriod: 200 });
  clients.push(client);
  const last = new Map<string, string>();
  const all: { topic: string; payload: string }[] = [];
  client.on('message', (topic, payload) => {
    last.set(topic, payload.toString());
    all.push({ topic, payload: payload.toString() });
  });
  await client.subscribeAsync(filter, { qos: 1 });
  return { client, last, all };
}

/** Waits until `done()` holds (checking every 20 ms), or fails after `ms` saying `what`. */
async function until(done: () => boolean, what: string | (() => string), ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const handled = (hub: Hub) => Object.values(hub.counts).reduce((a, b) => a + b, 0);

describe('hub: a room through Mosquitto', function () {
  // Each test waits for messages (15 s at the most each); the command's test starts Node with tsx.
  this.timeout(60_000);
  const binary = mosquittoPath();
  let broker: Mosquitto;
  let gateway: MqttClient;
  const hubs: Hub[] = [];
  const lines: string[] = [];
  const options = (room: string, more: Partial<HubOptions> = {}): HubOptions =>
    ({ mqtt: broker.url, room, topics: ['/ble/advertise/+'], silentAfterMs: 30_000, names: {}, share: null, ...more });
  /** A Ring-a-Peg board's advert, its scores, signed with `key` at `counter`, as EspruinoHub publishes it. */
  const sendSigned = (address: string, key: string, scores: number[], counter: number) => {
    const out = new Uint8Array(ADVERT_MAX_BYTES);
    out.set(encodeAdvert({ scores, turn: 0, winner: null }, 3, 0, 0, 1, new Uint8Array(ADVERT_MAX_BYTES)));
    const m = espruinoHubMessage(address, signAdvert(nodeSha256, key, out, counter).slice(), -50);
    gateway.publish(m.topic, m.payload);
  };
  const start = async (o: HubOptions) => {
    const hub = startHub(o, (l) => lines.push(l));
    hubs.push(hub);
    await hub.ready;
    return hub;
  };

  before(async function () {
    if (!binary) {
      console.log('    (no Mosquitto: install the mosquitto package, or set MOSQUITTO, to run the hub\'s tests)');
      this.skip();
    }
    this.timeout(180_000); // playing every example game on the simulator, once for all the tests
    playedScenarios();
    broker = await Mosquitto.start(binary);
    gateway = await mqtt.connectAsync(broker.url, { reconnectPeriod: 200 });
  });
  after(async () => {
    for (const h of hubs) await h.close();
    for (const c of clients) await c.endAsync(true);
    if (gateway) await gateway.endAsync(true);
    if (broker) await broker.close();
  });

  it('many boards playing the example games: the retained states and the finished games are what each board showed', async () => {
    const room = 'hall';
    const boards = simulatedBoards(3);
    const finished = await listen(broker.url, `tallyboard/${room}/+/finished`);
    const hub = await start(options(room));
    // Every advert twice (a board repeats it), in turns across the boards; each board's every fifth advert is
    // followed by the one before it again (late, through another gateway) and by its first (replayed).
    let sent = 0;
    const publish = (topic: string, payload: string) => {
      gateway.publish(topic, payload);
      sent++;
    };
    const longest = Math.max(...boards.map((b) => b.adverts.length));
    for (let i = 0; i < longest; i++) {
      for (const b of boards) {
        if (i >= b.adverts.length) continue;
        const send = (bytes: Uint8Array) => {
          const m = espruinoHubMessage(b.address, bytes, -60 - (i % 20), 'Tallyboard');
          publish(m.topic, m.payload);
        };
        send(b.adverts[i]);
        send(b.adverts[i]);
        if (i % 5 === 4) {
          send(b.adverts[i - 1]);
          send(b.adverts[0]);
        }
        if (i === 1) {
          publish(`/ble/advertise/${b.address}`, '{"rssi":-60,"manufacturerData":"9005540103');
          publish(`/ble/advertise/${b.address}`, JSON.stringify({ rssi: -60, manufacturerData: '9005' + Buffer.from(b.adverts[i]).toString('hex') + '00' }));
          publish('/ble/advertise/aa:bb:cc:dd:ee:ff', '{"rssi":-40,"manufacturerData":"4c0002151234"}');
        }
      }
    }
    await until(() => handled(hub) === sent, `the hub to handle ${sent} messages`);
    const expectedOvers = boards.reduce((n, b) => n + b.overs.length, 0);
    await until(() => finished.all.length === expectedOvers, () => `${expectedOvers} finished games (got ${finished.all.length}: ${finished.all.map((m) => m.payload).join(' ')})`);
    assert.deepEqual(hub.counts, {
      new: boards.reduce((n, b) => n + b.adverts.length, 0),
      restart: 0,
      duplicate: boards.reduce((n, b) => n + b.adverts.length, 0),
      stale: boards.reduce((n, b) => n + 2 * Math.floor(b.adverts.length / 5), 0),
      malformed: 2 * boards.filter((b) => b.adverts.length > 1).length,
      forged: 0,
      replayed: 0,
      notOurs: boards.filter((b) => b.adverts.length > 1).length,
      copies: 0,
      withoutData: 0,
      junk: 0,
    });

    // A page that opens now gets every board's state from the broker (retained).
    const late = await listen(broker.url, `tallyboard/${room}/#`);
    await until(() => late.last.size === boards.length + 1, 'every board\'s retained state and the results');
    for (const b of boards) {
      const state = JSON.parse(late.last.get(roomTopics(room).state(b.address))!) as BoardState;
      const what = `${b.address} (${b.scenario})`;
      assert.deepEqual(state.scores, b.final.scores.slice(0, 8), what);
      assert.equal(state.winner, b.final.winner, what);
      if (typeof b.final.turn === 'number') assert.equal(state.turn, b.final.winner === null ? b.final.turn : null, what);
      assert.equal(state.silent, false);
      assert.equal(state.name, 'Tallyboard');
      const told = finished.all.filter((m) => m.topic === roomTopics(room).finished(b.address)).map((m) => JSON.parse(m.payload) as FinishedGame);
      assert.deepEqual(told.map((g) => ({ winner: g.winner, scores: g.scores })), b.overs, what);
    }
    const results = JSON.parse(late.last.get(roomTopics(room).results)!) as FinishedGame[];
    assert.equal(results.length, expectedOvers);
    assert.ok(lines.some((l) => l.includes('malformed')) && lines.some((l) => l.includes('old advert')), 'drops are logged');
  });

  it('a broker restart mid-game: the hub connects again, puts back the states the broker lost, and goes on', async () => {
    const room = 'restart';
    const boards = simulatedBoards(1).filter((b) => b.overs.length > 0).slice(0, 4);
    const hub = await start(options(room));
    const half = (b: SimBoard) => Math.floor(b.adverts.length / 2);
    let sent = 0;
    for (const b of boards) {
      for (const bytes of b.adverts.slice(0, half(b))) {
        const m = espruinoHubMessage(b.address, bytes, -50);
        gateway.publish(m.topic, m.payload);
        sent++;
      }
    }
    await until(() => handled(hub) === sent, 'the first halves');
    await broker.stop();
    await broker.restart();
    await until(() => gateway.connected, 'the gateway to connect again');
    // The broker kept nothing; the hub publishes what it knows once it is back.
    const late = await listen(broker.url, `tallyboard/${room}/+/state`);
    // (The hub's publishes the broker never acknowledged are sent again first, as the client comes back: a state from
    // before may come ahead of the one put back, which follows it. Waited for, not read at the first message.)
    const putBack = (b: SimBoard) => {
      const text = late.last.get(roomTopics(room).state(b.address));
      return text !== undefined && (JSON.parse(text) as BoardState).seq === b.adverts[half(b) - 1][6];
    };
    await until(() => boards.every(putBack), 'the states put back, each the last the hub heard');
    const finished = await listen(broker.url, `tallyboard/${room}/+/finished`);
    for (const b of boards) {
      for (const bytes of b.adverts.slice(half(b))) {
        const m = espruinoHubMessage(b.address, bytes, -50);
        gateway.publish(m.topic, m.payload);
        sent++;
      }
    }
    await until(() => handled(hub) === sent, 'the second halves');
    await until(() => finished.all.length === boards.length, 'the finished games');
    const finalScores = () => boards.map((b) => (JSON.parse(late.last.get(roomTopics(room).state(b.address))!) as BoardState).scores);
    await until(() => JSON.stringify(finalScores()) === JSON.stringify(boards.map((b) => b.final.scores)), () => `the final states (${JSON.stringify(finalScores())})`);
    assert.ok(lines.some((l) => l.includes('connected again')));
  });

  it('a board that falls silent is marked so, and kept; heard again, it is not', async () => {
    const room = 'quiet';
    const states = await listen(broker.url, `tallyboard/${room}/+/state`);
    await start(options(room, { silentAfterMs: 300 }));
    const [b] = simulatedBoards(1).filter((x) => x.adverts.length > 3);
    const m = espruinoHubMessage(b.address, b.adverts[3], -70);
    gateway.publish(m.topic, m.payload);
    const parsed = () => states.all.map((x) => JSON.parse(x.payload) as BoardState);
    await until(() => parsed().some((s) => s.silent), 'the silent mark');
    assert.deepEqual(parsed().map((s) => [s.silent, s.seq]), [[false, b.adverts[3][6]], [true, b.adverts[3][6]]]);
    gateway.publish(m.topic, m.payload);
    await until(() => parsed().length === 3, 'the board back');
    assert.equal(parsed()[2].silent, false);
  });

  it('a hub started again takes up the room where the last left it: no finished game told twice', async () => {
    const room = 'again';
    const [b] = simulatedBoards(1).filter((x) => x.overs.length > 0);
    const first = await start(options(room));
    for (const bytes of b.adverts) {
      const m = espruinoHubMessage(b.address, bytes, -50);
      gateway.publish(m.topic, m.payload);
    }
    await until(() => handled(first) === b.adverts.length, 'the game');
    await first.close();
    hubs.splice(hubs.indexOf(first), 1);
    const finished = await listen(broker.url, `tallyboard/${room}/+/finished`);
    const second = await start(options(room));
    await until(() => second.room.states().length === 1 && second.room.results().length === 1, 'the retained state and results taken up');
    const m = espruinoHubMessage(b.address, b.adverts[b.adverts.length - 1], -50);
    gateway.publish(m.topic, m.payload);
    await until(() => handled(second) === 1, 'the repeat');
    assert.equal(second.counts.duplicate, 1);
    assert.equal(finished.all.length, 0);
  });

  it('an enrolled board: a state for it that its key does not sign is dropped, counted and written over; a hub started again takes back its own', async () => {
    // Hostile round 9: one such retained state with the largest counter made the hub drop every genuine advert after it.
    const room = 'forged';
    const address = boardAddress(1);
    const key = '00112233445566778899aabbccddeeff';
    const send = (scores: number[], counter: number) => sendSigned(address, key, scores, counter);
    const o = options(room, { keys: { [address]: key } });
    const hub = await start(o);
    const seen = await listen(broker.url, roomTopics(room).state(address));
    const shown = () => JSON.parse(seen.last.get(roomTopics(room).state(address)) ?? 'null') as BoardState | null;
    send([10, 4], 7);
    send([12, 4], 8);
    await until(() => shown()?.counter === 8, 'the board\'s state');
    const forged = { ...shown()!, scores: [0, 99], winner: 1, over: true, counter: 4294967295, advert: null };
    await gateway.publishAsync(roomTopics(room).state(address), JSON.stringify(forged), { retain: true, qos: 1 });
    await until(() => hub.counts.forged === 1 && shown()?.counter === 8, () => `the forged state dropped and written over (${JSON.stringify([hub.counts, shown()])})`);
    assert.deepEqual(shown()!.scores, [12, 4]);
    send([13, 4], 9);
    await until(() => shown()?.counter === 9, 'the board\'s next advert taken');
    assert.deepEqual([hub.counts.new, hub.counts.replayed, shown()!.scores], [3, 0, [13, 4]]);
    await hub.close();
    hubs.splice(hubs.indexOf(hub), 1);
    const again = await start(o);
    await until(() => again.room.states().length === 1, 'the retained state taken back');
    assert.equal(again.room.states()[0].counter, 9);
    send([12, 4], 8);
    await until(() => handled(again) === 1, 'the replayed advert');
    assert.equal(again.counts.replayed, 1, 'the counter taken back from the signed state stops a replay');
    assert.ok(lines.some((l) => l.includes(`dropped a state for ${address} not signed with its key`)), 'told');
  });

  it("an enrolled board: its own earlier state published again, its state deleted, or junk in its place is written over at once (hostile round 27)", async () => {
    const room = 'kept';
    const address = boardAddress(2);
    const key = '00112233445566778899aabbccddeeff';
    const send = (scores: number[], counter: number) => sendSigned(address, key, scores, counter);
    const hub = await start(options(room, { keys: { [address]: key } }));
    const topic = roomTopics(room).state(address);
    const seen = await listen(broker.url, topic);
    const shown = () => JSON.parse(seen.last.get(topic) || 'null') as BoardState | null;
    send([10, 4], 7);
    await until(() => shown()?.counter === 7, 'the board\'s state');
    const earlier = seen.last.get(topic)!;
    send([12, 4], 8);
    await until(() => shown()?.counter === 8, 'its next state');
    for (const [what, payload] of [['its earlier state', earlier], ['nothing (deleted)', ''], ['junk', JSON.stringify({ board: address })]]) {
      await gateway.publishAsync(topic, payload, { retain: true, qos: 1 });
      await until(() => shown()?.counter === 8 && seen.last.get(topic) !== payload, () => `${what} written over (${seen.last.get(topic)})`);
    }
    assert.deepEqual(shown()!.scores, [12, 4]);
    assert.equal(hub.counts.forged, 0);
  });

  it('tallyboard boards --signed started again: its adverts are taken, not dropped as replayed (hostile round 27)', async () => {
    const address = boardAddress(1);
    // (Under a prefix of its own: the simulated EspruinoHub leaves retained messages, which another test's hub reading
    // `/ble/#` would take for its own board's.)
    const hub = await start(options('signed-again', { topics: ['again/advertise/+'], keys: { [address]: demoKey(address) } }));
    for (const run of [1, 2]) {
      const before = hub.counts.new;
      const boards = startBoards({ mqtt: broker.url, count: 1, speed: 60, prefix: 'again', signed: true }, () => {});
      await until(() => hub.counts.new >= before + 3, `run ${run}'s adverts taken`);
      await boards.stop();
    }
    assert.equal(hub.counts.replayed, 0);
  });

  it('results put on the room\'s topic that lack games the hub keeps are written over at once, older ones more than it keeps too (hostile round 27)', async () => {
    const room = 'stale';
    const hub = await start(options(room));
    const game = (i: number, at: number) => ({
      board: boardAddress(7000 + (i % 60)), name: null, game: 'ringapeg', scores: [200, i], winner: 0, round: 1, seq: i % 256, counter: null, restarts: 0,
      at: new Date(at + i * 1000).toISOString(), enrolled: false,
    });
    const results = await listen(broker.url, roomTopics(room).results);
    const kept = Array.from({ length: 500 }, (_, i) => game(i, Date.UTC(2026, 5, 1)));
    await gateway.publishAsync(roomTopics(room).results, JSON.stringify(kept), { retain: true, qos: 1 });
    await until(() => hub.room.results().length === 500, 'the hub takes the 500');
    // 600 games from 2020, none of them newer than any it keeps: nothing new, but the message lacks the hub's 500.
    const old = JSON.stringify(Array.from({ length: 600 }, (_, i) => game(1000 + i, Date.UTC(2020, 0, 1))));
    await gateway.publishAsync(roomTopics(room).results, old, { retain: true, qos: 1 });
    await until(() => { const last = results.last.get(roomTopics(room).results); return !!last && last !== old && JSON.parse(last).length === 500; }, 'the hub\'s results written over the old ones');
    assert.deepEqual((JSON.parse(results.last.get(roomTopics(room).results)!) as FinishedGame[]).map((g) => g.scores[1]), kept.map((g) => g.scores[1]));
  });

  it('drops from ever-new addresses are told in at most 20 lines a minute of each kind, all boards together (hostile round 27)', async () => {
    // (Its own log: the other tests' hubs hear the gateway's topics too.)
    const own: string[] = [];
    const realNow = Date.now;
    const hub = startHub({ ...options('flooded') }, (l) => own.push(l));
    try {
      await hub.ready;
      // An advert of a layout no board writes, each from an address of its own (a phone's private addresses change at will).
      for (let i = 0; i < 200; i++) gateway.publish(`/ble/advertise/${boardAddress(9000 + i)}`, JSON.stringify({ rssi: -60, manufacturerData: '9005' + '5409' + '00'.repeat(6) }));
      await until(() => hub.counts.malformed === 200, 'every advert dropped');
      assert.equal(own.filter((l) => l.includes('dropped a malformed advert')).length, 20);
      // The rest is told in one line once the minute is over, with no drop after it.
      Date.now = () => realNow() + 61_000;
      await until(() => own.some((l) => l.includes('dropped 180 more (malformed)')), 'the rest told after the minute');
    } finally {
      Date.now = realNow;
      await hub.close();
    }
  });

  it('garbage on the room\'s own topics is dropped and counted: the hub goes on', async () => {
    const room = 'garbage';
    await gateway.publishAsync(roomTopics(room).results, '[1,{"board":"x"},null]', { retain: true, qos: 1 });
    await gateway.publishAsync(roomTopics(room).state('x'), 'not JSON', { retain: true, qos: 1 });
    await gateway.publishAsync(roomTopics(room).state('y'), '{"board":5}', { retain: true, qos: 1 });
    const hub = await start(options(room));
    const [b] = simulatedBoards(1).filter((x) => x.overs.length > 0);
    for (const bytes of b.adverts) {
      const m = espruinoHubMessage(b.address, bytes, -50);
      gateway.publish(m.topic, m.payload);
    }
    await until(() => handled(hub) === b.adverts.length + 3, 'the game');
    assert.equal(hub.counts.junk, 3, 'each junk message counted');
    assert.deepEqual(hub.room.states().map((s) => s.board), [b.address]);
    assert.equal(hub.room.results().length, 1);
  });

  it('two hubs sharing the gateways\' topics ($share): each board\'s state and each finished game once in the results', async () => {
    const room = 'shared';
    const boards = simulatedBoards(2);
    const a = await start(options(room, { share: 'hubs' }));
    const b = await start(options(room, { share: 'hubs' }));
    let sent = 0;
    const longest = Math.max(...boards.map((x) => x.adverts.length));
    for (let i = 0; i < longest; i++) {
      for (const board of boards) {
        if (i >= board.adverts.length) continue;
        // A board repeats each advert while nothing changes: four times here, as in 1.5 s.
        for (let r = 0; r < 4; r++) {
          const m = espruinoHubMessage(board.address, board.adverts[i], -50);
          gateway.publish(m.topic, m.payload);
          sent++;
        }
      }
      // As on air, a board's next change comes some time after the last (here 5 ms).
      await new Promise((r) => setTimeout(r, 5));
    }
    await until(() => handled(a) + handled(b) === sent, 'both hubs to handle every advert');
    assert.ok(handled(a) > 0 && handled(b) > 0, `the broker shares the adverts (${handled(a)}, ${handled(b)})`);
    const late = await listen(broker.url, [`tallyboard/${room}/+/state`, roomTopics(room).results]);
    const expectedOvers = boards.reduce((n, x) => n + x.overs.length, 0);
    await until(() => {
      const r = late.last.get(roomTopics(room).results);
      return late.last.size === boards.length + 1 && !!r && JSON.parse(r).length === expectedOvers;
    }, () => `every state and result (${late.last.size} topics of ${boards.length + 1}; results ${late.last.get(roomTopics(room).results)}, counts ${JSON.stringify([a.counts, b.counts])})`);
    for (const board of boards) {
      assert.deepEqual((JSON.parse(late.last.get(roomTopics(room).state(board.address))!) as BoardState).scores, board.final.scores);
    }
  });

  it('EspruinoHub as it publishes, read through `/ble/#`: each advert once, known_devices names, presence; results once per change; a return logged', async () => {
    const room = 'espruinohub';
    const [b] = simulatedBoards(1).filter((x) => x.overs.length > 0);
    const espruinoHub = new SimulatedEspruinoHub({ knownDevices: { [b.address]: 'Table 9' } });
    const results = await listen(broker.url, roomTopics(room).results);
    const hub = await start(options(room, { topics: ['/ble/#'], names: { 'Table-9': 'The corner table' }, silentAfterMs: 400 }));
    let sent = 0;
    for (const bytes of b.adverts) {
      for (const m of espruinoHub.heard(b.address, bytes, -60, 'Tallyboard')) {
        gateway.publish(m.topic, m.payload, { retain: !!m.retain });
        sent++;
      }
    }
    await until(() => handled(hub) === sent, `the hub to handle ${sent} messages`);
    assert.deepEqual([hub.counts.new, hub.counts.copies, hub.counts.notOurs], [b.adverts.length, b.adverts.length, 1], 'each advert once; the presence topic is not ours');
    const [state] = hub.room.states();
    assert.deepEqual([state.board, state.name, state.scores], ['Table-9', 'The corner table', b.final.scores]);
    // Once per finished game: the hub does not take its own results back as news.
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(results.all.length, b.overs.length, results.all.map((m) => m.payload).join('\n'));
    await until(() => lines.some((l) => l.includes('Table-9 is silent')), 'the board silent');
    const [again] = espruinoHub.heard(b.address, b.adverts[b.adverts.length - 1], -60);
    gateway.publish(again.topic, again.payload);
    await until(() => lines.some((l) => l === 'hub: Table-9 is heard again'), 'its return logged');
  });

  it('EspruinoHub as shipped (no manufacturer data): the hub says once which setting to change', async () => {
    const before = lines.length;
    // Under the prefix EspruinoHub advises for new installs, which the other tests' hubs do not follow.
    const espruinoHub = new SimulatedEspruinoHub({ manufacturerData: false, prefix: 'ble' });
    const hub = await start(options('nodata', { topics: ['ble/advertise/+'] }));
    const [b] = simulatedBoards(1);
    for (let i = 0; i < 3; i++) for (const m of espruinoHub.heard(b.address, b.adverts[0], -60, 'Tallyboard')) gateway.publish(m.topic, m.payload);
    await until(() => hub.counts.withoutData === 3, 'the adverts');
    const told = lines.slice(before).filter((l) => l.includes('mqtt_advertise_manufacturer_data'));
    assert.equal(told.length, 1);
    assert.match(told[0], /"mqtt_advertise_manufacturer_data": true in its config\.json/);
  });

  it('fuzz: random and hostile messages on every topic the hub and the view read, while real boards play: the room\'s results are the real games\'', async () => {
    const room = 'fuzz';
    const boards = simulatedBoards(1).filter((x) => x.overs.length > 0);
    const hub = await start(options(room));
    const t = roomTopics(room);
    const victim = boards[0].address;
    // Topics: the gateways' (of real boards and made up), the per-company copy, presence, and the room's own.
    const topic = fc.oneof(
      fc.constantFrom(...boards.map((x) => `/ble/advertise/${x.address}`), `/ble/advertise/${victim}/manufacturer/0590`, `/ble/presence/${victim}`,
        t.results, t.state(victim), t.finished(victim), t.state('other')),
      fc.string({ unit: 'grapheme', maxLength: 40 }).map((id) => `/ble/advertise/${id.replace(/[+#\u0000]/g, '') || 'x'}`),
      fc.constant(`/ble/advertise/${'a'.repeat(60_000)}`),
    );
    const hex = fc.uint8Array({ maxLength: 30 }).map((u) => Buffer.from(u).toString('hex'));
    const payload = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc.constantFrom('null', '[]', '{}', '[null]', '"x"', ''),
      fc.record({ rssi: fc.oneof(fc.integer(), fc.string(), fc.constant(null)), name: fc.oneof(fc.string({ unit: 'binary' }), fc.integer()), manufacturerData: fc.oneof(hex.map((h) => '9005' + h), hex) }).map((r) => JSON.stringify(r)),
      fc.record({ board: fc.constant(victim), scores: fc.array(fc.integer()), seq: fc.integer(), at: fc.string() }).map((r) => JSON.stringify([r])),
    );
    const junk = fc.sample(fc.tuple(topic, payload), { numRuns: 400, seed: 29 });
    // The junk comes from a client of its own: the broker closes a client that publishes on a topic with control characters.
    const attacker = await mqtt.connectAsync(broker.url, { reconnectPeriod: 100 });
    clients.push(attacker);
    const before = lines.length;
    let sent = 0;
    const longest = Math.max(...boards.map((x) => x.adverts.length));
    let j = 0;
    for (let i = 0; i < longest; i++) {
      for (const x of boards) {
        if (i >= x.adverts.length) continue;
        const m = espruinoHubMessage(x.address, x.adverts[i], -60);
        gateway.publish(m.topic, m.payload);
        sent++;
      }
      for (let k = 0; k < 8 && j < junk.length; k++, j++) attacker.publish(junk[j][0], junk[j][1]);
    }
    // Every board's last advert taken (junk can only delay it), then the results compared.
    const final = (x: SimBoard) => {
      const st = hub.room.states().find((y) => y.board === x.address);
      return !!st && JSON.stringify([st.scores, st.winner, st.seq]) === JSON.stringify([x.final.scores, x.final.winner, x.adverts[x.adverts.length - 1][6]]);
    };
    await until(() => boards.every(final), () => `every board's last state (${boards.filter((x) => !final(x)).map((x) => x.scenario).join(', ')} not; ${JSON.stringify(hub.counts)})`);
    const real = boards.flatMap((x) => x.overs.map((o) => JSON.stringify([x.address, o.winner, o.scores])));
    const ended = hub.room.results().filter((g) => boards.some((x) => x.address === g.board)).map((g) => JSON.stringify([g.board, g.winner, g.scores]));
    assert.deepEqual(ended.sort(), real.sort());
    assert.ok(!lines.slice(before).some((l) => l.includes('lost the broker')), 'the hub stays on the broker');
    assert.ok(hub.counts.malformed > 0 && hub.counts.junk > 0, `junk counted (${JSON.stringify(hub.counts)})`);
  });

  it('tallyboard hub: runs until stopped, saying what it took; a bad command line is exit 2', async () => {
    const cli = join(ROOT, 'bin', 'tallyboard.js');
    const run = (args: string[]) => spawn(process.execPath, [cli, 'hub', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const finish = (child: ReturnType<typeof run>) => new Promise<{ code: number | null; err: string }>((resolve) => {
      let err = '';
      child.stderr!.on('data', (d) => { err += d; });
      child.on('exit', (code) => resolve({ code, err }));
    });
    const noBroker = await finish(run([]));
    assert.equal(noBroker.code, 2);
    assert.match(noBroker.err, /say where the broker is: --mqtt mqtt:\/\/HOST/);
    const dir = mkdtempSync(join(tmpdir(), 'tallyboard-hub-'));
    writeFileSync(join(dir, 'bad.json'), '{"mqtt":"mqtt://127.0.0.1","rooms":"x"}');
    const bad = await finish(run(['--config', join(dir, 'bad.json')]));
    assert.equal(bad.code, 2);
    assert.match(bad.err, /unknown setting rooms/);
    writeFileSync(join(dir, 'club.json'), JSON.stringify({ mqtt: broker.url, room: 'cli', topics: ['/ble/advertise/+'], names: { [boardAddress(7)]: 'Table 7' } }));
    const states = await listen(broker.url, 'tallyboard/cli/+/state');
    const child = run(['--config', join(dir, 'club.json')]);
    const done = finish(child);
    let err = '';
    child.stderr!.on('data', (d) => { err += d; });
    await until(() => err.includes('connected'), 'the hub to connect', 30_000);
    const [b] = simulatedBoards(1).filter((x) => x.adverts.length > 2);
    const m = espruinoHubMessage(boardAddress(7), b.adverts[2], -50);
    gateway.publish(m.topic, m.payload);
    gateway.publish(m.topic, m.payload);
    await until(() => states.all.length === 1, 'the state');
    assert.equal((JSON.parse(states.all[0].payload) as BoardState).name, 'Table 7');
    child.kill('SIGTERM');
    const end = await done;
    assert.equal(end.code, 0);
    assert.match(end.err, /adverts taken 1, duplicates 1, old 0, malformed 0/);
  });
});
