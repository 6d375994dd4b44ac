// The shuffleboard board's analog scan (wiring.md, Shuffleboard board: Scan
// cost), in the real interpreter when ESPRUINO names one: the scan itself (a
// row read by the bank's driver, each reading compared with the one kept),
// and the interpreter's tick between throws (the launch row's four channels every tick, and a row
// of the grid every 50 ms) and during a throw (the launch row and five rows of
// the grid, two of them changing), each as a ratio to the bare reads of as
// many channels (a loop of one digitalWrite of the select lines and one
// analogRead each, nothing else), run from a copy in RAM as the chip runs its
// flash; the scan rate that costs 25% of the chip;
// and what finding 1, 4 and 8 weights in a whole grid costs once a throw is
// over, with how often the launch row is read meanwhile and the JsVars it
// holds. Target: tick/bare <= 1.5. `npm run bench analog scan`: the scan and
// the ticks alone.
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
/** The longest a step of finding the weights may hold the interpreter on the chip (µs): the tick's own budget. */
const HOLD_US = 20000;
/** Ticks and bare reads taken in turns, one each, this many times. */
const PAIRS = 301;
/** The Storage file the scan's code is copied into RAM from. */
const SCAN_FILE = 'analog-scan';

/**
 * The board as a script for the interpreter, which the scan and the deciding below run on. The Linux build has no
 * ADC: analogRead is a stand-in, the same in the bare reads and the scan, that gives `levels` in turn from `next`
 * (the bench sets `next` to the first channel a call reads: both read their channels in order).
 */
const SETUP = `
import { SHORT_MS, createShuffleboardInterpreter } from './firmware/games/shuffleboard/interpret';
import { locator } from './firmware/games/shuffleboard/locate';
import { createGridChecks } from './firmware/games/shuffleboard/checks';
import { throwChecks } from './firmware/games/shuffleboard/throw-checks';
import { CHANNELS, COL0_MM, COLS, PEAK, PITCH_MM, ROW0_MM, SENSORS, field, neighbour } from './firmware/games/shuffleboard/board';
import { analogBank } from './hal/espruino/analog';
declare function print(...a: unknown[]): void;
declare function getTime(): number;
declare function digitalWrite(pins: number[], value: number): void;
declare function analogRead(pin: number): number;
declare const global: any;
declare const process: { memory(): { usage: number } };
// A tick reads the launch row (4 channels) first, then rows of the grid: the stand-in's readings are in the
// order a call reads them from next, not by channel (half the supply: no field, no launch), and four at 0 from
// 384 on: a launch.
var levels = new Float32Array(512).fill(0.5);
levels.fill(0, 384, 388);
var next = 0;
global.analogRead = function (pin: number) { return levels[next++]; };
var bank = analogBank({ kind: 'analog', select: [11, 12, 13, 14, 15, 16, 17, 18], adc: [2, 3], channels: CHANNELS });
// The bare reads: the select lines as the bank drives them (S0 last), the channel's ADC pin.
var select = [18, 17, 16, 15, 14, 13, 12, 11];
var adc = [2, 3];
function bare(from: number, to: number) { for (var ch = from; ch < to; ch++) { digitalWrite(select, ch); analogRead(adc[ch >> 8]); } }
// The same through the bank's read (a call of the driver's function a channel), for comparison.
function driverReads(from: number, to: number) { for (var ch = from; ch < to; ch++) bank.read(ch); }
function median(xs: Float32Array) { xs.sort(); return xs[xs.length >> 1]; }
/** The time of an empty loop's iteration (s): the fastest of 21 runs (the machine's other work only ever slows one). */
function loopTime() { var best = Infinity; for (var r = 0; r < 21; r++) { var t0 = getTime(); for (var i = 0; i < 200; i++) {} best = Math.min(best, (getTime() - t0) / 200); } return best; }
var it = createShuffleboardInterpreter(function () {}, function () {}, [bank]);
it.resume!(0, function () { return 0; }, -1);
var now = 100000;
`;

/**
 * The ticks. Each tick and each bare read is timed on its own, in turns, and each side's median taken: a call the
 * machine's other work interrupted says nothing of the code, and it falls on either side alike.
 */
const SCAN = `
/**
 * The scan (a row read by the bank's changes, nothing changing: \`scan\` true) or ticks stepMs apart (each after
 * prepare(), untimed) against the bare reads of as many channels from the first as each read, in turns: the
 * medians, in empty-loop iterations, and the channels read.
 */
var kept = new Uint8Array(CHANNELS).fill(128);
function timed(scan: boolean, stepMs: number, from: number, prepare: () => void) {
  // Typed arrays: a plain array of ${PAIRS} times each would take more JsVars than the chip has left.
  var ticks = new Float32Array(${PAIRS});
  var bares = new Float32Array(${PAIRS});
  var drivers = new Float32Array(${PAIRS});
  var reads = new Float32Array(${PAIRS});
  for (var i = 0; i < ${PAIRS}; i++) {
    prepare();
    next = from;
    now += stepMs;
    var t0 = getTime();
    if (scan) bank.changes(from, from + COLS, kept);
    else it.tick(now);
    var t1 = getTime();
    var read = next - from;
    reads[i] = read;
    next = from;
    bare(from, from + read);
    var t2 = getTime();
    bares[i] = t2 - t1;
    next = from;
    driverReads(from, from + read);
    drivers[i] = getTime() - t2;
    ticks[i] = t1 - t0;
  }
  var loop = loopTime();
  return [median(bares) / loop, median(ticks) / loop, median(reads), median(drivers) / loop];
}
function none() {}
// The scan itself: a row of the grid read by the bank's changes (its reads and the comparison with the readings
// kept, in the driver's loop), nothing changing.
print('<<<' + JSON.stringify(['scan', COLS].concat(timed(true, 0, 0, none))) + '>>>');
// Between throws, a still table (nothing changes): the launch row at every tick, and a row every ROW_MS; ticks
// 50 ms apart all read a row, ticks 10 ms apart four in five read the launch row alone.
print('<<<' + JSON.stringify(['idle', 4 + COLS].concat(timed(false, 50, 0, none))) + '>>>');
print('<<<' + JSON.stringify(['launch', 4].concat(timed(false, 10, 0, none))) + '>>>');
// A throw: launched (a group reads 0), then a weight slides: readings 350-359 (in the order the tick reads them,
// the launch row's four first) change at every tick. They fall on two rows, whichever the window holds there: it
// follows them for some 70 ticks (up to 12 rows; ticks and bare reads of as many channels in turns, as always),
// then settles on rows 0-4, rows 1 and 2 changing (54 channels: the medians').
function row35(level: number) { for (var ch = 350; ch < 360; ch++) levels[ch] = level; }
next = 384;
it.tick(now += 10);
levels[365] = 0.55;
next = 360;
it.tick(now += 10);
row35(0.55);
next = 340;
it.tick(now += 10);
var flip = 0;
print('<<<' + JSON.stringify(['throw', 4 + 50].concat(timed(false, 10, 330, function () { row35((flip ^= 1) ? 0.5 : 0.55); }))) + '>>>');
`;

/** The rest: the finding of the weights and the deciding of a throw (left out by `npm run bench analog scan`). */
const DECIDING = `
// Finding one weight, four, then a whole end's eight (clustered near the end edge, as an end's often are), in a whole grid's readings, once a throw is over.
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
var tables = [[four[0]], four, four.concat([[1, 60, 120], [-1, 200, 330], [1, 450, 200], [-1, 700, 420]])];
for (var n = 0; n < tables.length; n++) {
  var frame = grid(tables[n]);
  var read = function (ch: number) { return frame[ch] / 4096; };
  // Step by step, as the board's ticks run them, in turns with the whole grid's bare reads, the fastest of seven
  // of each: the whole, and its longest step (the longest the interpreter is held), each step the fastest of its
  // runs but the first (the steps are the same in each run: one the machine's other work interrupted says nothing
  // of it), kept in a byte a step, in fours of a bare read (the chip has no room for more).
  var best = [Infinity, Infinity];
  var seen: number[][] | null = null;
  var steps = 0;
  var fours: Uint8Array | null = null;
  var unit = 0;
  for (var r = 0; r < 7; r++) {
    // (The last run's locator let go first, as a board lets go of one before it makes the next.)
    step = null as never;
    var step = locator(read, [], [], null);
    steps = 0;
    var t0 = getTime();
    seen = null;
    while (!seen) {
      var s0 = getTime();
      seen = step();
      if (fours) fours[steps] = Math.min(fours[steps], Math.ceil((getTime() - s0) / unit));
      steps++;
    }
    var t1 = getTime();
    bare(0, SENSORS);
    best = [Math.min(best[0], t1 - t0), Math.min(best[1], getTime() - t1)];
    if (!fours) {
      fours = new Uint8Array(steps).fill(255);
      unit = (4 * best[1]) / SENSORS;
    }
  }
  var longest = 0;
  for (var k = 0; k < steps; k++) longest = Math.max(longest, (fours as Uint8Array)[k]);
  // The JsVars it holds at most meanwhile, over those in use before (untimed: each look at the memory collects
  // garbage first), after each step, while what it found is still held. (The locators made before let go first.)
  step = again = null as never;
  var before = process.memory().usage;
  var most = before;
  var again = locator(read, [], [], null);
  var found: number[][] | null = null;
  while (!found) {
    found = again();
    most = Math.max(most, process.memory().usage);
  }
  print('<<<' + JSON.stringify(['locate', tables[n].length, (seen as number[][]).length, best[0] / best[1] * SENSORS, steps, longest * unit / best[1] * SENSORS, most - before, found.length]) + '>>>');
}
// (What the loop above holds goes first: the chip has no room for it and an interpreter more.)
step = again = read = it = null as never;
frame = null as never;
// The longest the interpreter is held while a throw is decided, as the board's ticks run it: a throw whose weight
// stops short, over a table that lies still, decided SHORT_MS after its launch from the table as it lies (the whole
// grid read, its readings checked, the weights found, a step a tick; the launch row read at each tick). Each tick
// is timed in turns with the bare reads of four rows, and counted in bare reads (the machine's load changes the
// two alike), the fewest of five runs (the ticks are the same in each). The bank reads each channel's own reading
// here (the stand-in reads from the channel the bank was asked for: next), through the board's driver.
var byChannel = levels;
var traced = {
  read: function (ch: number) { next = ch; return bank.read(ch); },
  changes: function (from: number, to: number, k: Uint8Array) { next = from; return bank.changes(from, to, k); },
};
/** A call's time (s) in bare reads, by the bare reads of four rows right after it. */
function inReads(s: number) {
  var b0 = getTime();
  bare(0, 4 * COLS);
  return s / (getTime() - b0) * 4 * COLS;
}
function decided(frame: Int16Array) {
  for (var ch = 0; ch < CHANNELS; ch++) byChannel[ch] = ch < SENSORS ? frame[ch] / 4096 : 1;
  // (In bare reads: the chip has no room for more.)
  var ticks = new Uint16Array(600).fill(65535);
  var n = 0;
  for (var r = 0; r < 5; r++) {
    var told: unknown = null;
    var it = createShuffleboardInterpreter(function (m: unknown) { told = m; }, function () {}, [traced]);
    it.resume!(0, null, -1);
    byChannel[SENSORS] = 0;
    it.tick(10);
    byChannel[SENSORS] = 1;
    var t = 20;
    for (; t <= 10 + SHORT_MS; t += 10) it.tick(t);
    for (n = 0; !told && n < ticks.length; n++, t += 10) {
      var t0 = getTime();
      it.tick(t);
      ticks[n] = Math.min(ticks[n], Math.ceil(inReads(getTime() - t0)));
    }
  }
  var most = 0;
  for (var k = 0; k < n; k++) most = Math.max(most, ticks[k]);
  return [n, most];
}
for (var n = 0; n < tables.length; n++) print('<<<' + JSON.stringify(['decided', tables[n].length].concat(decided(grid(tables[n])))) + '>>>');
// The sensor checks of a throw's frame alone (checks.ts), a step at a time: the 8 weights' table just after a clear
// (every field come since), and the worst frame there is for them: every sensor reading a field, each unlike its
// neighbours (each is looked at against its partners, its neighbours and as moved).
var worst = new Int16Array(SENSORS);
for (var ch = 0; ch < SENSORS; ch++) worst[ch] = 2048 + ((ch + ((ch / COLS) | 0)) & 1 ? 300 : -300) + (ch % 7) * 20;
var frames = [grid(tables[2]), worst];
for (var f = 0; f < frames.length; f++) {
  var checkSteps = new Float32Array(200).fill(Infinity);
  var count = 0;
  for (var r = 0; r < 5; r++) {
    var checks = throwChecks(createGridChecks(bank, new Uint8Array(CHANNELS).fill(128)), neighbour);
    var copy = new Int16Array(frames[f]);
    checks.frame(copy);
    var done = false;
    for (count = 0; !done; count++) {
      var s0 = getTime();
      done = checks.step();
      checkSteps[count] = Math.min(checkSteps[count], inReads(getTime() - s0));
    }
  }
  var longestCheck = 0;
  var all = 0;
  for (var k = 0; k < count; k++) {
    longestCheck = Math.max(longestCheck, checkSteps[k]);
    all += checkSteps[k];
  }
  print('<<<' + JSON.stringify(['checks', f ? 'worst' : '8 weights', count, all, longestCheck]) + '>>>');
}
`;

export async function run(print: (line: string) => void): Promise<void> {
  const binary = process.env.ESPRUINO;
  if (!binary) {
    print('analog scan: skipped: ESPRUINO not set (the ratio is measured in the real interpreter)');
    return;
  }
  const { ALL_FEATURES, buildDeviceCode } = await import('../tools/es5');
  const { bootInEspruino } = await import('../tools/espruino-run');
  // `npm run bench analog scan`: the scan and the ticks alone.
  const scanOnly = process.argv.includes('scan');
  const { ON_DEMAND, buildOnDemand } = await import('../tools/build');
  const { DECIDE_MODULE, MODULES_FILE } = await import('../firmware/modules');
  const { modulesFile } = await import('../tools/modules-file');
  const { moduleOf } = await import('../firmware/games/registry');
  const stubs = join(ROOT, 'tools', 'espruino-linux-stubs.js');
  const boot0 = existsSync(stubs) ? readFileSync(stubs, 'utf8') : '';
  const rows: [string, number, number, number][] = [];
  const runs: { code: string; storage: Record<string, string> }[] = [];
  // The scan, from a copy in RAM (SCAN_FILE): the Linux build reads code kept in Storage from a file, 16 bytes at a
  // time, each an open and a read of the file, where the chip reads its flash as memory. Kept there, the ticks
  // timed what those reads cost far more than what the interpreter does.
  const scan = await buildDeviceCode({ source: SETUP + SCAN, dir: ROOT });
  runs.push({ code: `eval(E.toFlatString(require("Storage").read(${JSON.stringify(SCAN_FILE)})));`, storage: { [SCAN_FILE]: scan.stored } });
  if (!scanOnly) {
    // (Run as stored: finding the weights holds more JsVars than leave room for a copy of its code.)
    const built = await buildDeviceCode({ source: SETUP + DECIDING, dir: ROOT });
    // A throw's decision loads the decision module from Storage, as on a board (its load is one of the ticks timed).
    const decide = await buildOnDemand(ON_DEMAND.find((m) => m.name === DECIDE_MODULE)!, 'shuffleboard', await moduleOf('shuffleboard'), ALL_FEATURES, built.names);
    runs.push({ code: built.stored, storage: { [MODULES_FILE]: modulesFile([{ part: decide.part, code: decide.stored }]) } });
  }
  for (const { code, storage } of runs) {
    const report = bootInEspruino(code, { boot0, settleMs: 100, timeoutMs: 600000, baseline: false, storage });
    const found = [...report.output.matchAll(/<<<(\[.*?\])>>>/g)].map((m) => JSON.parse(m[1]) as [string, number, number, number]);
    if (report.errors.length) print('analog scan: errors: ' + report.errors.join(' | ').slice(0, 400));
    if (!found.length) {
      print('analog scan: no result; output was: ' + report.output.slice(-400).replace(/\s+/g, ' '));
      return;
    }
    rows.push(...found);
  }
  print(`interpreter (${binary}; bare read = digitalWrite of the 8 select lines and analogRead, per channel; costs in empty-loop iterations, medians of ${PAIRS} of each taken in turns):`);
  print('tick                     channels  bare  tick  tick/bare  target  on the chip');
  for (const [what, channels, bare, tick, read, driver] of rows.slice(0, 4) as number[][] as [string, number, number, number, number, number][]) {
    const label = { scan: 'the scan: a row', idle: 'between throws (a row)', launch: 'between rows (launch)', throw: 'throw (5 rows)' }[what] as string;
    if (read !== channels) {
      print(`${label}: the tick read ${read} channels, not ${channels}: no result`);
      continue;
    }
    const ratio = tick / bare;
    // On the chip: the ratio times the bare reads there (an estimate per channel, CHIP_ANALOG_US).
    const tickUs = ratio * channels * CHIP_ANALOG_US;
    const rate = 0.25 / (tickUs * 1e-6);
    print(`${label.padEnd(24)} ${String(channels).padStart(8)}  ${bare.toFixed(1).padStart(4)}  ${tick.toFixed(1).padStart(4)}  ${ratio.toFixed(2).padStart(9)}  ${ratio <= 1.5 ? 'ok  ' : 'OVER'} <=1.5  tick ${(tickUs / 1000).toFixed(1)} ms: ${Math.round(rate)} ticks/s at 25% of the chip (a channel ${CHIP_ANALOG_US} us)`);
    print(`${''.padEnd(24)} the same channels through the bank's read (a driver call each): ${driver.toFixed(1)}, tick/that ${(tick / driver).toFixed(2)}`);
  }
  // On the chip, by the bare read as yardstick (as above).
  const ms = (reads: number) => (reads * CHIP_ANALOG_US / 1000).toFixed(1);
  const held = (reads: number) => `${ms(reads)} ms on the chip, ${reads * CHIP_ANALOG_US <= HOLD_US ? 'ok' : 'OVER'} (target ${HOLD_US / 1000})`;
  for (const [, what, steps, reads, hold] of rows.filter((r) => r[0] === 'checks') as unknown as [string, string, number, number, number][]) {
    print(`the sensor checks of a throw's frame (${what}): ${steps} steps, as long in all as ${Math.round(reads)} bare reads (${ms(reads)} ms on the chip); the longest step ${Math.round(hold)} bare reads, ${held(hold)}`);
  }
  let longestTick = 0;
  for (const [, placed, ticks, hold] of rows.filter((r) => r[0] === 'decided') as number[][]) {
    print(`a throw decided as the board's ticks run it (${placed} weights): the grid read, checked and the weights found in ${ticks} ticks; the longest tick ${Math.round(hold)} bare reads, ${held(hold)}`);
    longestTick = Math.max(longestTick, hold);
  }
  if (!scanOnly) print(`the longest the interpreter is held while a throw is decided (reads, checks, locate): ${held(longestTick)}`);
  for (const [, placed, found, reads, steps, hold, jsvars] of rows.filter((r) => r[0] === 'locate') as number[][]) {
    print(`a throw decided: ${found} of ${placed} weights found in the 380 readings, in ${steps} steps (a tick each), as long in all as ${Math.round(reads)} bare channel reads take: about ${Math.round(reads * CHIP_ANALOG_US / 1000)} ms on the chip (the 380 reads ${(380 * CHIP_ANALOG_US / 1000).toFixed(0)} ms); the longest step (the longest the interpreter is held) ${Math.round(hold)} bare reads, about ${(hold * CHIP_ANALOG_US / 1000).toFixed(1)} ms on the chip, ${hold * CHIP_ANALOG_US <= HOLD_US ? 'ok' : 'OVER'} (target ${HOLD_US / 1000}); ${jsvars} JsVars more held at most meanwhile`);
  }
}
