// The shuffleboard board's analog scan (wiring.md, Shuffleboard board: Scan
// cost), in the real interpreter when ESPRUINO names one: the interpreter's
// tick during a throw (five rows of the grid, one of them changing) and
// between throws (a row every 50 ms), each as a ratio to the bare analog reads
// of the same channels (one digitalWrite of the select lines and one
// analogRead each) in the same run; the scan rate that costs 25% of the chip;
// and what finding the weights in a whole grid costs once a throw is over.
// Target: tick/bare <= 1.5.
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * What one analog channel's bare read costs on the chip (µs), an estimate until a board is measured: a
 * digitalWrite of 8 pins and an analogRead (the nRF52's SAADC converts in under 10 µs; Espruino's call and
 * its setup of the ADC take the rest).
 */
const CHIP_ANALOG_US = 60;

/** The ticks as a script for the interpreter. The Linux build has no ADC: analogRead is a stand-in, the same in the bare reads and the scan. */
const DEVICE_ENTRY = `
import { createShuffleboardInterpreter, locate } from './firmware/games/shuffleboard/interpret';
import { COL0_MM, COLS, PEAK, PITCH_MM, ROW0_MM, SENSORS, field } from './firmware/games/shuffleboard/board';
import { analogBank } from './hal/espruino/analog';
declare function print(...a: unknown[]): void;
declare function getTime(): number;
declare const global: any;
global.analogRead = function (pin: number) { return 0.5; };
var adc = analogBank({ kind: 'analog', select: [11, 12, 13, 14, 15, 16, 17, 18], adc: [2, 3], channels: SENSORS });
// Row 35 changes at every read (a weight sliding over it): the scan reads it and two rows either side.
var k = 0;
var bank = { read: function (ch: number) { var x = adc.read(ch); return ch >= 350 && ch < 360 ? x + (k++ & 1) * 0.05 : x; } };
var N = 40;
// The bare reads, a closure with the bank in its scope (as the interpreter's tick has it).
function bareReader(b: { read(ch: number): number }) { return function (from: number, to: number) { for (var ch = from; ch < to; ch++) b.read(ch); }; }
var bareReads = bareReader(bank);
// The fastest of the runs: a run slowed by the machine's other work says nothing of the code (the same for the bare reads and the ticks).
function fastest(xs: number[]) { return Math.min.apply(null, xs); }
var loops: number[] = [];
for (var r = 0; r < 5; r++) { var t0 = getTime(); for (var i = 0; i < 200; i++) {} loops.push((getTime() - t0) / 200); }
var loop = fastest(loops);
var it = createShuffleboardInterpreter(function () {}, function () {}, [bank]);
it.resume!(0, function () { return 0; }, -1);
var now = 100000;
/** Ticks stepMs apart against the bare reads of channels from..to, taken in turns: the fastest of 7 runs of each, in loop iterations. */
function timed(stepMs: number, from: number, to: number) {
  var ticks: number[] = [];
  var bare: number[] = [];
  for (var r = 0; r < 7; r++) {
    t0 = getTime();
    for (var i = 0; i < N; i++) { now += stepMs; it.tick(now); }
    ticks.push((getTime() - t0) / N);
    t0 = getTime();
    for (var i = 0; i < N; i++) bareReads(from, to);
    bare.push((getTime() - t0) / N);
  }
  return [fastest(bare) / loop, fastest(ticks) / loop];
}
// Between throws: a row every ROW_MS; each tick here is one that reads a row.
print('<<<' + JSON.stringify(['idle', COLS].concat(timed(50, 0, COLS))) + '>>>');
// A throw: its window settles on rows 33-37.
it.sense(1, 0, 1, now);
for (var i = 0; i < 10; i++) { now += 10; it.tick(now); }
print('<<<' + JSON.stringify(['throw', 50].concat(timed(10, 330, 380))) + '>>>');
// Finding four weights, then a whole end's eight (clustered near the end edge, as an end's often are), in a whole grid's readings, once a throw is over.
function grid(ws: number[][]) {
  var frame = new Int16Array(SENSORS);
  for (var ch = 0; ch < SENSORS; ch++) {
    var v = 0.5;
    for (var w = 0; w < ws.length; w++) v += ws[w][0] * PEAK * field(ws[w][1] - ROW0_MM - ((ch / COLS) | 0) * PITCH_MM, ws[w][2] - COL0_MM - (ch % COLS) * PITCH_MM);
    frame[ch] = Math.round(v * 4096);
  }
  return frame;
}
var four = [[1, 140, 250], [-1, 300, 100], [1, 20, 400], [-1, 1000, 300]];
var tables = [four, four.concat([[1, 60, 120], [-1, 200, 330], [1, 450, 200], [-1, 700, 420]])];
for (var n = 0; n < tables.length; n++) {
  var frame = grid(tables[n]);
  // The fastest of three: a run the machine's other work slowed says nothing of the chip.
  var best = Infinity;
  var seen: number[][] = [];
  for (var r = 0; r < 3; r++) {
    t0 = getTime();
    seen = locate(frame);
    best = Math.min(best, getTime() - t0);
  }
  print('<<<' + JSON.stringify(['locate', seen.length, 0, best / loop]) + '>>>');
}
`;

export async function run(print: (line: string) => void): Promise<void> {
  const binary = process.env.ESPRUINO;
  if (!binary) {
    print('analog scan: skipped: ESPRUINO not set (the ratio is measured in the real interpreter)');
    return;
  }
  const { buildDeviceCode } = await import('../tools/es5');
  const { bootInEspruino } = await import('../tools/espruino-run');
  const code = (await buildDeviceCode({ source: DEVICE_ENTRY, dir: ROOT })).stored;
  const stubs = join(ROOT, 'tools', 'espruino-linux-stubs.js');
  const report = bootInEspruino(code, { boot0: existsSync(stubs) ? readFileSync(stubs, 'utf8') : '', settleMs: 100, timeoutMs: 600000 });
  const rows = [...report.output.matchAll(/<<<(\[.*?\])>>>/g)].map((m) => JSON.parse(m[1]) as [string, number, number, number]);
  if (rows.length < 4) {
    print('analog scan: no result; output was: ' + report.output.slice(-400).replace(/\s+/g, ' '));
    return;
  }
  print(`interpreter (${binary}; bare read = digitalWrite of the 8 select lines and analogRead, per channel; costs in empty-loop iterations):`);
  print('tick                     channels  bare  tick  tick/bare  target  on the chip');
  for (const [what, channels, bare, tick] of rows.slice(0, 2)) {
    const ratio = tick / bare;
    // On the chip: the ratio times the bare reads there (an estimate per channel, CHIP_ANALOG_US).
    const tickUs = ratio * channels * CHIP_ANALOG_US;
    const rate = 0.25 / (tickUs * 1e-6);
    const label = what === 'idle' ? 'between throws (a row)' : 'throw (5 rows)';
    print(`${label.padEnd(24)} ${String(channels).padStart(8)}  ${bare.toFixed(1).padStart(4)}  ${tick.toFixed(1).padStart(4)}  ${ratio.toFixed(2).padStart(9)}  ${ratio <= 1.5 ? 'ok  ' : 'OVER'} <=1.5  tick ${(tickUs / 1000).toFixed(1)} ms: ${Math.round(rate)} ticks/s at 25% of the chip (a channel ${CHIP_ANALOG_US} us)`);
  }
  // On the chip, by the bare read as yardstick (as above): loop iterations of the pretokenised bundle per channel read.
  const perRead = rows[1][2] / rows[1][1];
  for (const [, found, , locateLoops] of rows.slice(2)) {
    print(`a throw decided: ${found} weights found in the 380 readings in ${Math.round(locateLoops)} loop iterations, as long as ${Math.round(locateLoops / perRead)} bare channel reads: about ${(locateLoops / perRead * CHIP_ANALOG_US / 1e6).toFixed(1)} s on the chip, and the 380 reads ${(380 * CHIP_ANALOG_US / 1000).toFixed(0)} ms`);
  }
}
