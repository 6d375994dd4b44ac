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
import { UsageError, readInput } from '../lib/command-line';
import { advertGameNames } from '../sim/replay';
import { NOT_OURS, readGatewayMessage } from './gateways';
import { Room } from './room';
import type { BoardState, FinishedGame, Verdict } from './room';

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
  /** With a group name, the advert topics are shared subscriptions of that group ($share/GROUP/…): several hubs split the adverts. */
  share: string | null;
  username?: string;
  password?: string;
}

/** EspruinoHub's default topics (prefix /ble, or ble as its docs advise for new installs), OpenMQTTGateway's and Theengs Gateway's. */
export const DEFAULT_TOPICS = ['/ble/advertise/+', 'ble/advertise/+', 'home/+/BTtoMQTT/+'];
export const DEFAULT_ROOM = 'club';
export const DEFAULT_SILENT_S = 30;

export type Counts = Record<Verdict | 'notOurs', number>;

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

const ROOM_NAME = /^[^/+#\s]+$/;

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
    const known = ['mqtt', 'room', 'topics', 'silentAfter', 'names', 'share', 'username', 'password'];
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
  if (!/^(mqtts?|wss?):\/\/[^/]/.test(url)) throw new UsageError(`${where('mqtt')}: ${url} is not a broker address like mqtt://HOST[:PORT]`);
  const room = text('room') ?? DEFAULT_ROOM;
  if (!ROOM_NAME.test(room)) throw new UsageError(`${where('room')}: a room name has no spaces, /, + or # (got "${room}")`);
  const silent = flags['silent-after'] ?? file.silentAfter ?? DEFAULT_SILENT_S;
  if (!(Number(silent) > 0)) throw new UsageError(`${flags['silent-after'] !== undefined ? '--silent-after' : where('silentAfter')} must be a number of seconds above 0`);
  const topics = file.topics ?? DEFAULT_TOPICS;
  if (!Array.isArray(topics) || !topics.length || !topics.every((t) => typeof t === 'string' && t !== '')) throw new UsageError(`${flags.config}: topics must be a list of MQTT topic filters`, false);
  const names = file.names ?? {};
  if (typeof names !== 'object' || names === null || Array.isArray(names) || !Object.values(names).every((n) => typeof n === 'string')) {
    throw new UsageError(`${flags.config}: names must be an object of board address: name`, false);
  }
  const share = text('share') ?? null;
  if (share !== null && !ROOM_NAME.test(share)) throw new UsageError(`${where('share')}: a group name has no spaces, /, + or #`);
  const options: HubOptions = { mqtt: url, room, topics: topics as string[], silentAfterMs: Number(silent) * 1000, names: names as Record<string, string>, share };
  const username = text('username');
  const password = text('password');
  if (username !== undefined) options.username = username;
  if (password !== undefined) options.password = password;
  return options;
}

/** Whether `v` has the fields of a published board state, or (below) of a finished game: anything else on the room's topics is ignored. */
function isBoardState(v: unknown): v is BoardState {
  const s = v as BoardState;
  return typeof s === 'object' && s !== null && typeof s.board === 'string' && typeof s.seq === 'number' && typeof s.restarts === 'number'
    && Array.isArray(s.scores) && typeof s.lastSeen === 'string';
}

function isFinishedGame(v: unknown): v is FinishedGame {
  const g = v as FinishedGame;
  return typeof g === 'object' && g !== null && typeof g.board === 'string' && typeof g.seq === 'number' && typeof g.restarts === 'number'
    && Array.isArray(g.scores) && typeof g.at === 'string';
}

/** Connects to the broker and runs the hub until close(). `log` gets one line per thing worth telling. */
export function startHub(options: HubOptions, log: (line: string) => void): Hub {
  const now = Date.now;
  const topics = roomTopics(options.room);
  const id = randomBytes(4).toString('hex');
  const room = new Room({ games: advertGameNames(), silentAfterMs: options.silentAfterMs, names: options.names });
  const counts: Counts = { new: 0, restart: 0, duplicate: 0, stale: 0, malformed: 0, notOurs: 0 };
  const client: MqttClient = mqtt.connect(options.mqtt, {
    clientId: `tallyboard-hub-${options.room}-${id}`,
    username: options.username,
    password: options.password,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
  });
  const adverts = options.topics.map((t) => (options.share ? `$share/${options.share}/${t}` : t));
  const ownTopics = [topics.states, topics.results];
  const publishState = (s: BoardState) => client.publish(topics.state(s.board), JSON.stringify(s), { qos: 1, retain: true });
  const publishResults = () => client.publish(topics.results, JSON.stringify(room.results()), { qos: 1, retain: true });

  // A board that keeps sending what the hub drops is told once a minute, with how many since.
  const told = new Map<string, { at: number; since: number }>();
  const tell = (board: string, what: string, line: string) => {
    const key = `${board} ${what}`;
    const last = told.get(key);
    if (last && now() - last.at < 60_000) {
      last.since++;
      return;
    }
    log(last && last.since ? `${line} (and ${last.since} more since the last told)` : line);
    told.set(key, { at: now(), since: 0 });
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
    log(connections === 1 ? `hub: connected to ${options.mqtt}, room ${options.room}` : 'hub: connected again; publishing every board\'s state');
    if (connections > 1) {
      // The broker may have lost its retained messages (restarted without persistence): what this hub knows goes back.
      for (const s of room.states()) publishState(s);
      if (room.results().length) publishResults();
      return;
    }
    client.subscribe(ownTopics.concat(adverts), { qos: 1 }, (err) => {
      if (err) log(`hub: could not subscribe: ${err.message}`);
      else readyResolve();
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

  client.on('message', (topic, payload) => {
    const text = payload.toString();
    if (topic === topics.results || (topic.startsWith(`tallyboard/${options.room}/`) && topic.endsWith('/state'))) {
      let v: unknown;
      try {
        v = JSON.parse(text);
      } catch {
        return;
      }
      if (topic === topics.results) {
        // Another hub's results (or the last run's) join this hub's; when this hub knows more, the retained results get them.
        if (Array.isArray(v)) {
          room.addResults(v.filter(isFinishedGame));
          if (room.results().length > v.length) publishResults();
        }
      } else if (isBoardState(v)) room.adopt(v, now());
      return;
    }
    const reading = readGatewayMessage(topic, text);
    if (reading === NOT_OURS) {
      counts.notOurs++;
      return;
    }
    if ('malformed' in reading) {
      counts.malformed++;
      tell(topic, 'message', `hub: dropped a malformed message on ${topic}: ${reading.malformed}`);
      return;
    }
    const heard = room.hear(reading, now());
    counts[heard.verdict]++;
    if (heard.verdict === 'malformed') tell(reading.board, heard.verdict, `hub: dropped a malformed advert from ${reading.board} on ${topic}`);
    else if (heard.verdict === 'stale') tell(reading.board, heard.verdict, `hub: dropped an old advert from ${reading.board} (sequence number ${reading.bytes[6]})`);
    else if (heard.verdict === 'restart') log(`hub: ${reading.board} is back with sequence number ${reading.bytes[6]} after a quiet while (restarted, or out of reach)`);
    if (heard.state) publishState(heard.state);
    if (heard.finished) {
      client.publish(topics.finished(heard.finished.board), JSON.stringify(heard.finished), { qos: 1 });
      publishResults();
    }
  });

  const silenceTimer = setInterval(() => {
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
