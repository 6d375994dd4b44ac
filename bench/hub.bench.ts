// The club hub under load, on the loopback through one Mosquitto: 500 boards
// advertising once a second for a minute (as EspruinoHub publishes them), one
// change every other advert. Prints how many changes reached the retained
// state topic, the latency from the gateway's publish to the hub's state
// arriving at a subscriber, and the hub's CPU and memory (the `tallyboard hub`
// command in its own process). HUB_BENCH_SECONDS shortens the minute.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { encodeAdvert, ADVERT_MAX_BYTES } from '../firmware/advert';
import { boardAddress, espruinoHubMessage } from '../sim/gateway';
import { Mosquitto, mosquittoPath } from '../tools/mosquitto';
import { ROOT } from '../tools/games';

const BOARDS = 500;
const SECONDS = Number(process.env.HUB_BENCH_SECONDS ?? 60);
const RINGAPEG = 3;

/** The process's CPU time so far (ms) and its resident and peak memory (MB), from /proc. */
function usage(pid: number): { cpuMs: number; rssMb: number; peakMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime, fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  const cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number((status.match(new RegExp(`${key}:\\s+(\\d+)`)) ?? [])[1]) / 1024;
  return { cpuMs, rssMb: kb('VmRSS'), peakMb: kb('VmHWM') };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)];

export async function run(print: (line: string) => void): Promise<void> {
  const binary = mosquittoPath();
  if (!binary) {
    print('no Mosquitto (install the mosquitto package, or set MOSQUITTO): skipped');
    return;
  }
  const broker = await Mosquitto.start(binary);
  const hub = spawn(process.execPath, [join(ROOT, 'bin', 'tallyboard.js'), 'hub', '--mqtt', broker.url, '--room', 'bench', '--silent-after', '60'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let hubLog = '';
  hub.stderr!.on('data', (d) => { hubLog += d; });
  const exited = new Promise<void>((resolve) => hub.once('exit', () => resolve()));
  try {
    while (!hubLog.includes('connected')) {
      if (hub.exitCode !== null) throw new Error(`the hub stopped: ${hubLog}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    const observer = await mqtt.connectAsync(broker.url);
    observer.on('message', (_topic, payload) => {
      const s = JSON.parse(payload.toString()) as { board: string; seq: number };
      const at = sentAt.get(`${s.board} ${s.seq}`);
      if (at === undefined) return;
      latencies.push(performance.now() - at);
      sentAt.delete(`${s.board} ${s.seq}`);
    });
    await observer.subscribeAsync('tallyboard/bench/+/state', { qos: 1 });
    const gateway = await mqtt.connectAsync(broker.url);

    const seqs = new Array<number>(BOARDS).fill(0);
    const out = new Uint8Array(ADVERT_MAX_BYTES);
    let adverts = 0;
    let changes = 0;
    const before = usage(hub.pid!);
    const start = performance.now();
    // Board i advertises at i * 2 ms into every second; every other advert carries a change.
    for (let tick = 0; tick < SECONDS; tick++) {
      for (let i = 0; i < BOARDS; i++) {
        const due = start + tick * 1000 + i * (1000 / BOARDS);
        const wait = due - performance.now();
        if (wait > 4) await new Promise((r) => setTimeout(r, wait));
        if (tick % 2 === 0) {
          seqs[i] = (seqs[i] + 1) & 0xff;
          changes++;
        }
        const address = boardAddress(i + 1);
        // A repeat is the same advert again: what it holds changes with the sequence number only.
        const bytes = encodeAdvert({ scores: [seqs[i] * 5, i % 100], turn: seqs[i] & 1, winner: null }, RINGAPEG, 0, seqs[i], 1, out);
        const m = espruinoHubMessage(address, bytes, -60);
        if (tick % 2 === 0) sentAt.set(`${address} ${seqs[i]}`, performance.now());
        gateway.publish(m.topic, m.payload);
        adverts++;
      }
    }
    const sendSeconds = (performance.now() - start) / 1000;
    const drainUntil = performance.now() + 10_000;
    while (sentAt.size > 0 && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
    const after = usage(hub.pid!);
    // What a page that opens now gets: each board's retained state, its last change.
    const late = await mqtt.connectAsync(broker.url);
    const retained = new Map<string, number>();
    late.on('message', (_topic, payload) => {
      const s = JSON.parse(payload.toString()) as { board: string; seq: number };
      retained.set(s.board, s.seq);
    });
    await late.subscribeAsync('tallyboard/bench/+/state', { qos: 1 });
    const lateUntil = performance.now() + 5000;
    while (retained.size < BOARDS && performance.now() < lateUntil) await new Promise((r) => setTimeout(r, 50));
    const lastRight = [...Array(BOARDS).keys()].filter((i) => retained.get(boardAddress(i + 1)) === seqs[i]).length;
    await Promise.all([observer.endAsync(), gateway.endAsync(), late.endAsync()]);

    latencies.sort((a, b) => a - b);
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    print(`${BOARDS} boards, one advert a second each for ${SECONDS} s (sent in ${sendSeconds.toFixed(1)} s): ${adverts} adverts, ${changes} changes`);
    print(`changes on the retained state topics: ${latencies.length} of ${changes}${sentAt.size ? `, ${sentAt.size} never arrived` : ''}`);
    print(`retained states afterwards: ${retained.size} boards, ${lastRight} with their last change`);
    print(`latency gateway publish -> hub's state at a subscriber: p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))}, max ${ms(latencies[latencies.length - 1])}`);
    const cpu = (after.cpuMs - before.cpuMs) / (sendSeconds * 1000) * 100;
    print(`hub: CPU ${cpu.toFixed(1)}% of one core (${((after.cpuMs - before.cpuMs) / 1000).toFixed(1)} s over ${sendSeconds.toFixed(1)} s), memory ${after.rssMb.toFixed(0)} MB resident, ${after.peakMb.toFixed(0)} MB at most`);
  } finally {
    hub.kill('SIGTERM');
    await exited;
    await broker.close();
  }
  const said = hubLog.trim().split('\n').pop();
  if (said) print(said);
}
