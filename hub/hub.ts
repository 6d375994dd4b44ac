// The club hub (`tallyboard hub`, docs/hub.md): reads the adverts that
// Bluetooth-to-MQTT gateways publish, keeps each board's latest state
// (hub/room.ts) and publishes it retained under tallyboard/<room>/<board>/state,
// with every finished game under tallyboard/<room>/<board>/finished and the
// room's results retained under tallyboard/<room>/results. It follows its own
// room's topics too, so it takes up where it left off after a restart and
// several hubs can share one room's adverts (shared subscriptions).
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import { randomBytes } from 'node:crypto';
import { UsageError, brokerAddress, isTopicFilter, readInput } from '../lib/command-line';
import { advertGameNames } from '../sim/replay';
import { BOARD_NAME, NOT_OURS, boardId, cleanName, readGatewayMessage } from './gateways';
import { parsePayload, readBoardState, readFinishedGame, resultKey } from './messages';
import { Room } from './room';
import { KEY_HEX } from './signed';
import type { BoardState } from './messages';
import type { Verdict } from './room';

export interface HubOptions {
  /** The broker, mqtt://HOST[:PORT] (or mqtts://, ws://, wss://). */
  mqtt: string;
  room: string;
  /** The gateways' advert topics (MQTT filters). */
  topics: string[];
  /** Nothing heard from a board for this long: it is marked silent. */
  silentAfterMs: number;
  /** Names for boards, by address (or the name a gateway gives it). */
  names: Record<string, string>;
  /** The enrolled boards' keys (hex), by address or gateway name: their adverts must be signed with it. */
  keys?: Record<string, string>;
  /** With a group name, the advert topics are shared subscriptions of that group ($share/GROUP/…): several hubs split the adverts. */
  share: string | null;
  username?: string;
  password?: string;
}

/** EspruinoHub's default topics (prefix /ble, or ble as its docs advise for new installs), OpenMQTTGateway's and Theengs Gateway's. */
export const DEFAULT_TOPICS = ['/ble/advertise/+', 'ble/advertise/+', 'home/+/BTtoMQTT/+'];
export const DEFAULT_ROOM = 'club';
export const DEFAULT_SILENT_S = 30;

/**
 * What the hub did with each message: adverts by verdict (`forged` counts an
 * enrolled board's states its key does not sign too); `notOurs` other
 * devices'; `copies` EspruinoHub's second copy of an advert it also heard
 * whole; `withoutData` adverts published without manufacturer data; `junk`
 * messages on the room's own topics that are no state, finished game or results.
 */
export type Counts = Record<Verdict | 'notOurs' | 'copies' | 'withoutData' | 'junk', number>;

/** A topic or id as a log line shows it: printable, and short. */
const shown = (text: string) => (text.length > 80 ? text.slice(0, 80) + '…' : text).replace(/[^\x20-\x7e]/g, '?');

/** How many boards (or topics) the hub remembers what it told of, or whose whole adverts it heard: a phone advertising ever new addresses cannot fill its memory. */
export const MAX_REMEMBERED = 4096;

/** Adds `key` to `kept` (a Set, or a Map with `value`) as its newest; beyond MAX_REMEMBERED the oldest is forgotten. */
export function remember<V>(kept: Set<string> | Map<string, V>, key: string, value?: V): void {
  kept.delete(key);
  if (kept instanceof Map) kept.set(key, value as V);
  else kept.add(key);
  if (kept.size > MAX_REMEMBERED) kept.delete(kept.keys().next().value as string);
}

/** The lines a minute the hub tells drops in, all boards together. */
const DROPS_TOLD = 20;

/** How many adverts without manufacturer data, and none of a board with it, before the hub says what to change. */
const WITHOUT_DATA_HINT = 50;

export interface Hub {
  room: Room;
  counts: Counts;
  /** Resolves when the hub is subscribed for the first time. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** The room's topic tree (docs/hub.md). */
export function roomTopics(room: string) {
  const base = `tallyboard/${room}`;
  return {
    state: (board: string) => `${base}/${board}/state`,
    finished: (board: string) => `${base}/${board}/finished`,
    states: `${base}/+/state`,
    results: `${base}/results`,
  };
}

const ROOM_NAME = /^[^/+#\s\u0000]+$/;
/** A room name's characters at most: it goes into the hub's client id and every topic. */
const ROOM_NAME_MAX = 64;

/** The command line (and the config file it names) as hub options; a mistake is a UsageError. */
export function parseHubArgs(args: string[]): HubOptions {
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!['--mqtt', '--room', '--config', '--share', '--silent-after'].includes(arg)) throw new UsageError(`unknown option ${arg}`);
    const v = args[++i];
    if (v === undefined || v.startsWith('--')) throw new UsageError(`${arg} needs a value`);
    flags[arg.slice(2)] = v;
  }
  let file: Record<string, unknown> = {};
  if (flags.config !== undefined) {
    const text = readInput(flags.config);
    try {
      file = JSON.parse(text);
    } catch (e) {
      throw new UsageError(`${flags.config}: not JSON (${(e as Error).message})`, false);
    }
    if (typeof file !== 'object' || file === null || Array.isArray(file)) throw new UsageError(`${flags.config}: not a JSON object`, false);
    const known = ['mqtt', 'room', 'topics', 'silentAfter', 'names', 'keys', 'share', 'username', 'password'];
    for (const key of Object.keys(file)) if (!known.includes(key)) throw new UsageError(`${flags.config}: unknown setting ${key} (the settings are ${known.join(', ')})`, false);
  }
  const where = (key: string) => (flags[key] !== undefined ? `--${key}` : `${flags.config}: ${key}`);
  const text = (key: string, flag = key): string | undefined => {
    const v = flags[flag] ?? file[key];
    if (v !== undefined && typeof v !== 'string') throw new UsageError(`${where(key)} must be a text`, false);
    return v as string | undefined;
  };
  const url = text('mqtt');
  if (!url) throw new UsageError('say where the broker is: --mqtt mqtt://HOST[:PORT] (or "mqtt" in the --config file)');
  brokerAddress(url, where('mqtt'));
  const room = text('room') ?? DEFAULT_ROOM;
  if (!ROOM_NAME.test(room) || room.length > ROOM_NAME_MAX) throw new UsageError(`${where('room')}: a room name has no spaces, /, + or #, and at most ${ROOM_NAME_MAX} characters (got "${shown(room)}")`);
  // (A number: in the file a JSON number, on the command line its digits. `true` read as 1 s, `[5]` as 5.)
  const silent = flags['silent-after'] !== undefined ? (/^\d+(\.\d+)?$/.test(flags['silent-after']) ? Number(flags['silent-after']) : NaN) : file.silentAfter ?? DEFAULT_SILENT_S;
  if (!(typeof silent === 'number' && silent > 0)) throw new UsageError(`${flags['silent-after'] !== undefined ? '--silent-after' : where('silentAfter')} must be a number of seconds above 0`);
  const topics = file.topics ?? DEFAULT_TOPICS;
  // (One filter MQTT refuses, `a/#/b`, was logged once, and the hub then heard nothing, its own topics' neither.)
  if (!Array.isArray(topics) || !topics.length || !topics.every((t) => typeof t === 'string' && isTopicFilter(t))) throw new UsageError(`${flags.config}: topics must be a list of MQTT topic filters (+ a whole level, # the whole last one)`, false);
  const given = file.names ?? {};
  if (typeof given !== 'object' || given === null || Array.isArray(given) || !Object.values(given).every((n) => typeof n === 'string')) {
    throw new UsageError(`${flags.config}: names must be an object of board address (or EspruinoHub name): name`, false);
  }
  // Keyed as the hub keys boards: an address in lower case with colons, an EspruinoHub name as it makes it fit a topic.
  const names: Record<string, string> = {};
  for (const [board, name] of Object.entries(given as Record<string, string>)) {
    const id = boardId(board);
    const clean = cleanName(name);
    if (id === null || clean === null) throw new UsageError(`${flags.config}: names: "${shown(board)}": "${shown(name)}" is no board address or name and a name to show`, false);
    names[id] = clean;
  }
  const givenKeys = file.keys ?? {};
  if (typeof givenKeys !== 'object' || givenKeys === null || Array.isArray(givenKeys)) throw new UsageError(`${flags.config}: keys must be an object of board address (or EspruinoHub name): key`, false);
  const keys: Record<string, string> = {};
  for (const [board, key] of Object.entries(givenKeys as Record<string, unknown>)) {
    const id = boardId(board);
    if (id === null || typeof key !== 'string' || !KEY_HEX.test(key)) {
      throw new UsageError(`${flags.config}: keys: "${shown(board)}" needs a board address (or name) and the board's key, 32 hex digits as the companion page shows it`, false);
    }
    if (keys[id] !== undefined) throw new UsageError(`${flags.config}: keys: "${shown(board)}" is a board given a key already (as another spelling of its address)`, false);
    keys[id] = key.toLowerCase();
  }
  const share = text('share') ?? null;
  if (share !== null && !ROOM_NAME.test(share)) throw new UsageError(`${where('share')}: a group name has no spaces, /, + or #`);
  const options: HubOptions = { mqtt: url, room, topics: topics as string[], silentAfterMs: Number(silent) * 1000, names, keys, share };
  const username = text('username');
  const password = text('password');
  if (username !== undefined) options.username = username;
  if (password !== undefined) options.password = password;
  return options;
}

/** Connects to the broker and runs the hub until close(). `log` gets one line per thing worth telling. */
/**
 * The hub's clock (ms): the wall clock's time, never going back. A wall clock set back (a Pi without a clock of its
 * own corrected by NTP, or by hand) is not followed at once: the time goes on at half the monotonic clock's pace
 * until the wall clock meets it (set back 10 minutes, they meet 20 minutes later). (Followed at once, a board that
 * restarted then had every advert dropped as old for 10 minutes, and a game finished then was trimmed out of the
 * results at once.) A jump forward is followed.
 */
export function steadyClock(wall: () => number = () => Date.now(), monotonic: () => number = () => performance.now()): () => number {
  let at = wall();
  let since = monotonic();
  return function (): number {
    const m = monotonic();
    // (Half the pace counted always: while the wall clock goes on from the time, it is the larger.)
    at = Math.max(wall(), at + (m - since) / 2);
    since = m;
    return at;
  };
}

export function startHub(options: HubOptions, log: (line: string) => void): Hub {
  const now = steadyClock();
  const topics = roomTopics(options.room);
  const id = randomBytes(4).toString('hex');
  const keys: Record<string, Uint8Array> = {};
  for (const [board, hex] of Object.entries(options.keys ?? {})) keys[board] = Buffer.from(hex, 'latin1');
  const room = new Room({ games: advertGameNames(), silentAfterMs: options.silentAfterMs, names: options.names, keys });
  const counts: Counts = { new: 0, restart: 0, duplicate: 0, stale: 0, malformed: 0, forged: 0, replayed: 0, notOurs: 0, copies: 0, withoutData: 0, junk: 0 };
  const client: MqttClient = mqtt.connect(options.mqtt, {
    clientId: `tallyboard-hub-${options.room}-${id}`,
    username: options.username,
    password: options.password,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
  });
  const adverts = options.topics.map((t) => (options.share ? `$share/${options.share}/${t}` : t));
  const ownTopics = [topics.states, topics.results];
  // What this hub published on each retained topic and the broker has not sent back yet (the hub follows these
  // topics): its own messages coming back are no news, and an old one of its own is not taken for another hub's.
  const echoes = new Map<string, string[]>();
  const publishRetained = (topic: string, text: string) => {
    const waiting = echoes.get(topic) ?? [];
    // A broker that sends nothing back (lost, restarted) leaves a few; the oldest go.
    echoes.set(topic, waiting.concat(text).slice(-64));
    client.publish(topic, text, { qos: 1, retain: true });
  };
  const isEcho = (topic: string, text: string) => {
    const waiting = echoes.get(topic);
    const at = waiting ? waiting.indexOf(text) : -1;
    if (at < 0) return false;
    waiting!.splice(0, at + 1);
    if (!waiting!.length) echoes.delete(topic);
    return true;
  };
  const publishState = (s: BoardState) => publishRetained(topics.state(s.board), JSON.stringify(s));
  const publishResults = () => publishRetained(topics.results, JSON.stringify(room.results()));
  // Boards EspruinoHub published whole adverts of: its `…/manufacturer/0590` copies of theirs are not counted again.
  const wholeFrom = new Set<string>();
  let toldWithoutData = false;

  // A board that keeps sending what the hub drops is told once a minute, with how many since; and all boards together
  // in at most DROPS_TOLD lines a minute of each kind of drop (a phone advertising from ever-new addresses, each a
  // board once, had a line for every advert), the rest counted in one line when the minute is over.
  const told = new Map<string, { at: number; since: number }>();
  const minutes = new Map<string, { at: number; lines: number; more: number }>();
  /** Each kind's minute that is over: the drops not told one by one, told in one line (at the next drop or tick). */
  const tellMore = (t: number) => {
    for (const [what, minute] of minutes) {
      if (t - minute.at < 60_000) continue;
      if (minute.more) log(`hub: dropped ${minute.more} more (${what}) of other boards in the minute before, not told one by one`);
      minutes.delete(what);
    }
  };
  const tell = (board: string, what: string, line: string) => {
    const key = `${board} ${what}`;
    const last = told.get(key);
    const t = now();
    if (last && t - last.at < 60_000) {
      last.since++;
      return;
    }
    tellMore(t);
    let minute = minutes.get(what);
    if (!minute) minutes.set(what, (minute = { at: t, lines: 0, more: 0 }));
    remember(told, key, { at: t, since: 0 });
    if (minute.lines >= DROPS_TOLD) {
      minute.more++;
      return;
    }
    minute.lines++;
    log(last && last.since ? `${line} (and ${last.since} more since the last told)` : line);
  };

  let readyResolve!: () => void;
  const ready = new Promise<void>((resolve) => { readyResolve = resolve; });
  let connections = 0;
  // A broker that stays away gives the same error every second: it is told once, until another comes.
  let lastError = '';
  let online = false;
  client.on('connect', () => {
    connections++;
    online = true;
    lastError = '';
    if (connections > 1) {
      log('hub: connected again; publishing every board\'s state');
      // The broker may have lost its retained messages (restarted without persistence): what this hub knows goes back.
      for (const s of room.states()) publishState(s);
      if (room.results().length) publishResults();
      return;
    }
    // Told once the broker took the subscriptions: from then on no advert is missed.
    client.subscribe(ownTopics.concat(adverts), { qos: 1 }, (err) => {
      if (err) log(`hub: could not subscribe: ${err.message}`);
      else {
        log(`hub: connected to ${options.mqtt}, room ${options.room}`);
        readyResolve();
      }
    });
  });
  client.on('close', () => {
    // Every failed try closes too: the loss is told once.
    if (online) log('hub: lost the broker; trying again every second');
    online = false;
  });
  client.on('error', (err) => {
    if (err.message !== lastError) log(`hub: ${err.message}`);
    lastError = err.message;
  });

  /** One message from the broker: a gateway's advert, or the room's own results or a board's state. */
  function take(topic: string, text: string): void {
    if (topic === topics.results || (topic.startsWith(`tallyboard/${options.room}/`) && topic.endsWith('/state'))) {
      if (isEcho(topic, text)) return;
      const v = parsePayload(text);
      if (topic === topics.results) {
        // Another hub's results (or the last run's) join this hub's; when this hub knows more, the retained results get them.
        const games = Array.isArray(v) ? v.map(readFinishedGame) : [];
        if (!Array.isArray(v) || games.includes(null)) counts.junk++;
        const fresh = room.addResults(games.filter((g) => g !== null));
        // (And when the message lacks a game this hub keeps: 600 old games published there, more than it keeps, stayed
        // retained, and every room view opened after showed them.)
        const heard = new Set(games.map((g) => (g ? resultKey(g) : '')));
        if (fresh || room.results().some((g) => !heard.has(resultKey(g)))) publishResults();
        return;
      }
      const state = readBoardState(v);
      // What the hub knows of the board the topic names: an enrolled board's retained state is written over at once with
      // it when something else is put there (docs/hub.md, Enrolled boards).
      const known = room.state(topic.slice(`tallyboard/${options.room}/`.length, -'/state'.length));
      const enrolled = known && known.enrolled ? known : undefined;
      if (state === null || topic !== topics.state(state.board)) {
        counts.junk++;
        // (Junk, or the state deleted: an empty retained message. Left, every room view opened after showed no board.)
        if (enrolled) publishState(enrolled);
      } else {
        const adoption = room.adopt(state, now());
        if (adoption === 'forged') {
          // An enrolled board's state its key does not sign: the broker's retained copy gets what the hub knows instead.
          counts.forged++;
          tell(state.board, 'state', `hub: dropped a state for ${state.board} not signed with its key, on ${shown(topic)}`);
          if (known) publishState(known);
        } else if (adoption === 'older' && enrolled && state.counter !== null && enrolled.counter !== null && state.counter < enrolled.counter) {
          // The board's own state from before, signed but behind what the hub knows (published again from a copy): written
          // over. (Not one as far on: two hubs of a room would each write over the other's for good.)
          publishState(enrolled);
        }
      }
      return;
    }
    const reading = readGatewayMessage(topic, text);
    if (reading === NOT_OURS) {
      counts.notOurs++;
      return;
    }
    if ('withoutData' in reading) {
      counts.withoutData++;
      if (!toldWithoutData && (reading.withoutData === BOARD_NAME || (counts.withoutData >= WITHOUT_DATA_HINT && !counts.new && !counts.duplicate))) {
        toldWithoutData = true;
        log(`hub: adverts arrive without their manufacturer data (as on ${shown(topic)}), so no board's score can be read: EspruinoHub publishes it with "mqtt_advertise_manufacturer_data": true in its config.json (restart EspruinoHub after)`);
      }
      return;
    }
    if ('malformed' in reading) {
      counts.malformed++;
      tell(topic, 'message', `hub: dropped a malformed message on ${shown(topic)}: ${reading.malformed}`);
      return;
    }
    if (reading.copy && wholeFrom.has(reading.board)) {
      counts.copies++;
      return;
    }
    if (!reading.copy) remember(wholeFrom, reading.board);
    const heard = room.hear(reading, now());
    counts[heard.verdict]++;
    if (heard.verdict === 'malformed') tell(reading.board, heard.verdict, `hub: dropped a malformed advert from ${reading.board} on ${shown(topic)}`);
    else if (heard.verdict === 'forged') tell(reading.board, heard.verdict, `hub: dropped a forged advert for ${reading.board} (unsigned, or not signed with its key) on ${shown(topic)}`);
    else if (heard.verdict === 'replayed') tell(reading.board, heard.verdict, `hub: dropped a replayed advert of ${reading.board} (its counter is behind)`);
    else if (heard.verdict === 'stale') tell(reading.board, heard.verdict, `hub: dropped an old advert from ${reading.board} (sequence number ${reading.bytes[6]})`);
    else if (heard.verdict === 'restart') log(`hub: ${reading.board} is back with sequence number ${reading.bytes[6]} after a quiet while (restarted, or out of reach)`);
    else if (heard.back) log(`hub: ${reading.board} is heard again`);
    if (heard.enrolledAs) {
      log(`hub: ${reading.board} is not enrolled, but its adverts are signed with the key of ${heard.enrolledAs}: the gateway publishes that board as ${reading.board} (EspruinoHub's known_devices name), so enrol it by that id in keys and names; until then its adverts are not checked`);
    }
    if (heard.state) publishState(heard.state);
    if (heard.finished) {
      client.publish(topics.finished(heard.finished.board), JSON.stringify(heard.finished), { qos: 1 });
      publishResults();
    }
  }
  client.on('message', (topic, payload) => {
    // Whatever a message holds, the hub goes on (docs/security.md): one it cannot take is dropped as junk, and told.
    try {
      take(topic, payload.toString());
    } catch (err) {
      counts.junk++;
      tell(topic, 'junk', `hub: dropped a message on ${shown(topic)} it could not take (${(err as Error).message})`);
    }
  });

  const silenceTimer = setInterval(() => {
    tellMore(now());
    for (const s of room.silence(now())) {
      log(`hub: ${s.board} is silent (last seen ${s.lastSeen})`);
      publishState(s);
    }
  }, Math.min(1000, options.silentAfterMs / 4));

  return {
    room,
    counts,
    ready,
    close: async () => {
      clearInterval(silenceTimer);
      online = false;
      await client.endAsync();
    },
  };
}
