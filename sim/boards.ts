// `tallyboard boards` (docs/hub.md): a room of simulated boards without
// hardware. Each plays an example game on the simulator (the firmware itself),
// over and over, and its adverts are published as EspruinoHub publishes what it
// hears (sim/gateway.ts), so a club can try the hub and the room view first.
// A board adds 1 to its sequence number on every change, across its games, as
// a real board does; with --signed each signs its adverts with a key made from
// its address (a demonstration, not a secret) and the keys for the hub's config
// are printed.
import { nodeSha256 } from './sha256';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { UsageError, brokerAddress, isTopicName } from '../lib/command-line';
import { ADVERT_MAX_BYTES } from '../firmware/advert';
import { signAdvert } from '../firmware/sign';
import { boardAddress, SimulatedEspruinoHub } from './gateway';
import { parseScenario, Simulation } from './replay';

/** The example games the boards play, in turn. */
export const EXAMPLE_GAMES = ['triangle-game.jsonl', 'ringapeg-advance.jsonl', 'fortress-game.jsonl', 'shuffleboard-singles.jsonl'];
/** How long a board shows a finished game before it starts the next (game time). */
const BETWEEN_GAMES_MS = 10_000;
/** How often a board's unchanged advert is published again (real time): a gateway hears it every 375 ms, and may pass on fewer. */
const REPEAT_MS = 1000;
/** How often the boards' adverts are looked at (ms): a board changes once a tick at most. */
const TICK_MS = 50;
/** When signed boards' counters start from (ms): 2026-01-01; 2^32 ticks of TICK_MS after it is 2032. */
const SIGNED_FROM = Date.UTC(2026, 0, 1);

export interface BoardsOptions {
  mqtt: string;
  count: number;
  /** Game time runs this many times faster than real time. */
  speed: number;
  /** EspruinoHub's mqtt_prefix. */
  prefix: string;
  signed: boolean;
  username?: string;
  password?: string;
}

export function parseBoardsArgs(args: string[]): BoardsOptions {
  const o: BoardsOptions = { mqtt: '', count: 4, speed: 1, prefix: '/ble', signed: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--signed') {
      o.signed = true;
      continue;
    }
    if (!['--mqtt', '--count', '--speed', '--prefix', '--username', '--password'].includes(arg)) throw new UsageError(`unknown option ${arg}`);
    const v = args[++i];
    if (v === undefined || v.startsWith('--')) throw new UsageError(`${arg} needs a value`);
    if (arg === '--mqtt') o.mqtt = v;
    else if (arg === '--prefix') o.prefix = v;
    else if (arg === '--username') o.username = v;
    else if (arg === '--password') o.password = v;
    else {
      const n = Number(v);
      if (arg === '--count' && !(Number.isInteger(n) && n >= 1 && n <= 10_000)) throw new UsageError('--count must be a whole number from 1 to 10000');
      if (arg === '--speed' && !(n > 0 && n <= 1000)) throw new UsageError('--speed must be a number above 0, at most 1000');
      if (arg === '--count') o.count = n;
      else o.speed = n;
    }
  }
  if (!o.mqtt) throw new UsageError('say where the broker is: --mqtt mqtt://HOST[:PORT]');
  brokerAddress(o.mqtt, '--mqtt');
  // (Its adverts are published under it: a wildcard, which no topic may hold, had every publish refused.)
  if (!isTopicName(o.prefix + '/advertise/x')) throw new UsageError(`--prefix: ${o.prefix} is no MQTT topic (no + or #)`);
  return o;
}

/** A simulated board's demonstration key: made from its address, so anyone can make it; never a real board's. */
export function demoKey(address: string): string {
  return createHash('sha256').update(`tallyboard demonstration key ${address}`).digest('hex').slice(0, 32);
}


/** An example game as a board advertises it: each advert and when (ms of game time). */
interface Played {
  adverts: { t: number; bytes: Uint8Array }[];
  length: number;
}

function play(file: string): Played {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const sim = new Simulation(parseScenario(readFileSync(join(root, 'scenarios', file), 'utf8')));
  sim.runToEnd();
  const adverts = sim.adverts.map((a) => ({ t: a.t, bytes: a.bytes.slice() }));
  return { adverts, length: adverts[adverts.length - 1].t + BETWEEN_GAMES_MS };
}

/** Advert `bytes` with sequence number `seq` (its low byte), or signed with counter `seq` when `key` is given. */
function advertOf(bytes: Uint8Array, seq: number, key: string | null): Uint8Array {
  const out = new Uint8Array(ADVERT_MAX_BYTES);
  out.set(bytes);
  out[6] = seq;
  return key ? signAdvert(nodeSha256, key, out, seq) : out.subarray(0, bytes.length);
}

export interface Boards {
  /** Resolves once connected and publishing. */
  ready: Promise<void>;
  /** How many adverts have been published. */
  published(): number;
  stop(): Promise<void>;
}

/** Connects to the broker and plays until stop(). */
export function startBoards(o: BoardsOptions, log: (line: string) => void): Boards {
  const games = EXAMPLE_GAMES.map(play);
  const gateway = new SimulatedEspruinoHub({ prefix: o.prefix });
  const boards = Array.from({ length: o.count }, (_, i) => ({
    address: boardAddress(i + 1),
    game: games[i % games.length],
    // Boards start a few seconds apart, not in step.
    offset: i * 3700,
    key: o.signed ? demoKey(boardAddress(i + 1)) : null,
    shown: -1,
    // A signed board's counter never repeats, across its runs as a real board's across power cuts: it starts from the
    // ticks since 2026 began, one change a tick at most, so a run started after another starts ahead of where it stopped
    // (from 0, a second run had every advert dropped as replayed). Unsigned, it counts from 0, as a board that restarts.
    seq: o.signed ? Math.floor((Date.now() - SIGNED_FROM) / TICK_MS) : 0,
    sentAt: 0,
  }));
  if (o.signed) {
    const keys: Record<string, string> = {};
    for (const b of boards) keys[b.address] = b.key!;
    log(`boards: their keys, for the hub's config file: ${JSON.stringify({ keys })}`);
  }
  const client = mqtt.connect(o.mqtt, { username: o.username, password: o.password, reconnectPeriod: 1000 });
  const start = Date.now();
  let count = 0;
  const tick = () => {
    const now = Date.now();
    for (const b of boards) {
      const t = ((now - start) * o.speed + b.offset) % b.game.length;
      let at = 0;
      while (at + 1 < b.game.adverts.length && b.game.adverts[at + 1].t <= t) at++;
      if (at === b.shown && now - b.sentAt < REPEAT_MS) continue;
      if (at !== b.shown) b.seq++;
      b.shown = at;
      b.sentAt = now;
      for (const m of gateway.heard(b.address, advertOf(b.game.adverts[at].bytes, b.seq, b.key), -60, 'Tallyboard')) {
        client.publish(m.topic, m.payload, { retain: !!m.retain });
      }
      count++;
    }
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  const ready = new Promise<void>((resolve) => {
    client.once('connect', () => {
      log(`boards: ${o.count} playing ${EXAMPLE_GAMES.map((f) => f.replace('.jsonl', '')).join(', ')} in turn, published as EspruinoHub does under ${o.prefix}/advertise/`);
      timer = setInterval(tick, TICK_MS);
      resolve();
    });
  });
  client.on('error', (e) => log(`boards: ${e.message}`));
  return {
    ready,
    published: () => count,
    stop: async () => {
      if (timer) clearInterval(timer);
      await client.endAsync();
    },
  };
}
