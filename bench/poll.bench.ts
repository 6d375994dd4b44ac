// Poll cost per scan tick for 32, 64 and 160 channels, idle and with one
// channel bouncing, as a ratio to the bare read of the same banks measured in
// the same run: in Node, and in the real interpreter when ESPRUINO names one.
// Targets in the interpreter: idle <= 1.5x, busy <= 3x the bare read.
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Scanner } from '../firmware/scan';
import type { DigitalBank } from '../hal/types';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SIZES = [32, 64, 160];
/** About 50 µs per empty loop iteration on the chip (an estimate until a board is measured; docs/espruino.md, Platform facts). */
const CHIP_LOOP_US = 50;
/** A function doing digitalRead of 32 pins costs about 3.6-5.1 empty loop iterations (docs/espruino.md, Platform facts). */
const CHIP_READ32_LOOPS = 4.35;

/** Banks of fixed words; bank 0 bit 0 bounces (toggles every read) when `bouncing`. */
function makeBanks(channels: number, bouncing: boolean): DigitalBank[] {
  const banks: DigitalBank[] = [];
  for (let b = 0; b < (channels + 31) >> 5; b++) {
    let k = 0;
    banks.push(b === 0 && bouncing ? { read: () => (k++ >> 2) & 1 } : { read: () => 0 });
  }
  return banks;
}

function board(channels: number) {
  return { channels, sensors: [] };
}

function timeNs(f: () => void): number {
  const t0 = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t0);
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[s.length >> 1];
}

/** Ratio of a poll to the bare read of the same banks, median of interleaved rounds. */
function nodeRatio(channels: number, bouncing: boolean): { ratio: number; pollNs: number } {
  const N = 20000;
  const bareBanks = makeBanks(channels, bouncing);
  const scanBanks = makeBanks(channels, bouncing);
  const scanner = new Scanner({ banks: scanBanks, board: board(channels) });
  const sink = { sense: () => {}, tick: () => {} };
  let now = 0;
  let acc = 0;
  // The floor for a scan tick: a function that only reads the banks.
  const bareTick = () => {
    for (let b = 0; b < bareBanks.length; b++) acc ^= bareBanks[b].read(b);
  };
  const bare = () => {
    for (let i = 0; i < N; i++) bareTick();
  };
  const poll = () => {
    for (let i = 0; i < N; i++) scanner.poll(now++);
    scanner.drain(sink);
  };
  const ratios: number[] = [];
  const polls: number[] = [];
  for (let round = 0; round < 15; round++) {
    const tb = timeNs(bare);
    const tp = timeNs(poll);
    ratios.push(tp / tb);
    polls.push(tp / N);
  }
  if (acc === 42) console.log('');
  return { ratio: median(ratios), pollNs: median(polls) };
}

/** The same comparison as a script for the interpreter: digitalRead of 32 pins per bank. */
const DEVICE_ENTRY = `
import { Scanner } from './firmware/scan';
declare function print(...a: unknown[]): void;
declare function getTime(): number;
declare function digitalRead(p: unknown): number;
var SIZES = ${JSON.stringify(SIZES)};
var N = 200;
function pins32() { var p = []; for (var i = 0; i < 32; i++) p.push(i); return p; }
function banksFor(channels: number, bouncing: boolean) {
  var banks = [];
  for (var b = 0; b < ((channels + 31) >> 5); b++) {
    var pins = pins32();
    if (b === 0 && bouncing) banks.push({ k: 0, pins: pins, read: function () { return digitalRead(this.pins) ^ ((this.k++ >> 2) & 1); } });
    else banks.push({ pins: pins, read: function () { return digitalRead(this.pins); } });
  }
  return banks;
}
function median(xs: number[]) { xs.sort(function (a, b) { return a - b; }); return xs[xs.length >> 1]; }
var loops: number[] = [];
for (var k = 0; k < 5; k++) { var t0 = getTime(); for (var i = 0; i < N; i++) {} loops.push((getTime() - t0) / N); }
var loop = median(loops);
for (var s = 0; s < SIZES.length; s++) {
  for (var busy = 0; busy < 2; busy++) {
    var banks = banksFor(SIZES[s], busy === 1);
    var bareBanks = banksFor(SIZES[s], busy === 1);
    var sc = new Scanner({ banks: banks, board: { channels: SIZES[s], sensors: [] } });
    var nb = bareBanks.length;
    // The floor for a scan tick (docs/espruino.md): a function that only reads the banks.
    var bareTick = function () { for (var b = 0; b < nb; b++) bareBanks[b].read(); };
    var bares: number[] = [];
    var ticks: number[] = [];
    var now = 0;
    for (var round = 0; round < 5; round++) {
      t0 = getTime();
      for (var i = 0; i < N; i++) bareTick();
      bares.push((getTime() - t0) / N);
      t0 = getTime();
      for (var i = 0; i < N; i++) sc.poll(now++);
      ticks.push((getTime() - t0) / N);
    }
    // A row as an array: the build shortens internal property names such as tick (tools/es5.ts).
    print('<<<' + JSON.stringify([SIZES[s], busy, median(bares) / loop, median(ticks) / loop]) + '>>>');
  }
}
`;

async function interpreterRows(): Promise<{ ch: number; busy: number; bare: number; tick: number }[] | string> {
  if (!existsSync(join(ROOT, 'tools', 'es5.ts'))) return 'interpreter: skipped (ES5 step not ready)';
  const { buildDeviceCode } = await import('../tools/es5');
  const { bootInEspruino } = await import('../tools/espruino-run');
  // Built as a board's bundle is (top level, minified, pretokenised) and booted from Storage, as on the board.
  const code = (await buildDeviceCode({ source: DEVICE_ENTRY, dir: ROOT })).stored;
  const stubs = join(ROOT, 'tools', 'espruino-linux-stubs.js');
  const report = bootInEspruino(code, { boot0: existsSync(stubs) ? readFileSync(stubs, 'utf8') : '', settleMs: 100, timeoutMs: 600000 });
  const rows = [...report.output.matchAll(/<<<(\[.*?\])>>>/g)].map((m) => {
    const [ch, busy, bare, tick] = JSON.parse(m[1]) as number[];
    return { ch, busy, bare, tick };
  });
  if (rows.length === 0) return 'interpreter: no result; output was: ' + report.output.slice(-400).replace(/\s+/g, ' ');
  return rows;
}

const fmt = (x: number) => x.toFixed(2);

export async function run(print: (line: string) => void): Promise<void> {
  print('Node (bare read = the same banks\' read() calls):');
  print('channels  idle/bare  busy/bare  idle ns/tick  busy ns/tick');
  for (const ch of SIZES) {
    const idle = nodeRatio(ch, false);
    const busy = nodeRatio(ch, true);
    print(`${String(ch).padStart(8)}  ${fmt(idle.ratio).padStart(9)}  ${fmt(busy.ratio).padStart(9)}  ${fmt(idle.pollNs).padStart(12)}  ${fmt(busy.pollNs).padStart(12)}`);
  }
  const binary = process.env.ESPRUINO;
  if (!binary) {
    print('interpreter: skipped: ESPRUINO not set');
    print(`chip estimate from Node ratios: a 32-pin read is ~${CHIP_READ32_LOOPS} loop iterations (docs/espruino.md), ${CHIP_LOOP_US} us each`);
    return;
  }
  const rows = await interpreterRows();
  if (typeof rows === 'string') {
    print(rows);
    return;
  }
  print(`interpreter (${binary}; bare read = digitalRead of 32 pins per bank; costs in empty-loop iterations):`);
  print('channels  state  bare  tick  tick/bare  target  scan rate at 25% CPU on the chip');
  for (const r of rows) {
    const ratio = r.tick / r.bare;
    const target = r.busy ? 3 : 1.5;
    // On the chip: the ratio times the bare read there (the loop figures in docs/espruino.md are for code as uploaded
    // plain, while this bundle is pretokenised and its empty loop faster: the bare read is the fair yardstick).
    const tickUs = ratio * Math.ceil(r.ch / 32) * CHIP_READ32_LOOPS * CHIP_LOOP_US;
    const rate = 0.25 / (tickUs * 1e-6);
    print(`${String(r.ch).padStart(8)}  ${(r.busy ? 'busy' : 'idle').padEnd(5)}  ${fmt(r.bare).padStart(4)}  ${fmt(r.tick).padStart(4)}  ${fmt(ratio).padStart(9)}  ${ratio <= target ? 'ok  ' : 'OVER'} <=${target}  ${Math.round(rate)} Hz (tick ${Math.round(tickUs)} us: a bank's read ${CHIP_READ32_LOOPS} iterations of ${CHIP_LOOP_US} us)`);
  }
}
