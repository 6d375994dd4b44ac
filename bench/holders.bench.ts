// What holds the shuffleboard board's JsVars, in the real interpreter (ESPRUINO):
// its parts made one after the other as the board makes them (the interpreter
// and the grid checks in it, the table read at power-up, a game's state), each as the
// memory in use grew; then throws of 1, 4 and 8 weights decided as the board's
// ticks run them (its module loaded from Storage, as on a board): what the frame
// read holds, what the locator holds once made and at its most, the decision's
// peak, and what is left held after it (the weights found, kept for the next
// throw). Usage is read at every tick (each
// read collects garbage first). The figures are the firmware's own code built
// for the chip, not the bundle: its core and runtime are not in them.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const DEVICE_ENTRY = `
import { createShuffleboardInterpreter } from './firmware/games/shuffleboard/interpret';
import { createGridChecks } from './firmware/games/shuffleboard/checks';
import { setup } from './firmware/games/shuffleboard/rules';
import { CHANNELS, COL0_MM, COLS, PEAK, PITCH_MM, ROW0_MM, SENSORS, field } from './firmware/games/shuffleboard/board';
import { analogBank } from './hal/espruino/analog';
declare function print(...a: unknown[]): void;
declare const global: any;
declare const process: { memory(): { usage: number } };
// The stand-in ADC: the readings by channel (digitalWrite of the select lines names the channel read next).
var levels = new Float32Array(CHANNELS).fill(0.5);
var cur = 0;
global.digitalWrite = function (p: number[], v: number) { if (p.length === 8) cur = v; };
global.analogRead = function () { return levels[cur]; };
var bank = analogBank({ kind: 'analog', select: [11, 12, 13, 14, 15, 16, 17, 18], adc: [2, 3], channels: CHANNELS });
var used = process.memory().usage;
/** The JsVars in use grown since the last row. (What a part makes is kept in a global: a minifier drops a value never read.) */
function row(what: string) {
  var now = process.memory().usage;
  print('<<<' + JSON.stringify([what, now - used]) + '>>>');
  used = now;
}
var it = createShuffleboardInterpreter(function () {}, function () {}, [bank]);
row('the interpreter, its grid checks in it (interpret.ts)');
// (A second, let go after: made once already, the interpreter's types and methods are counted in the row above.)
global.checks = createGridChecks(bank, new Uint8Array(CHANNELS));
row('of them, the grid checks (checks.ts) and the channel array they are given');
global.checks = null;
used = process.memory().usage;
it.resume!(0, null as never, -1);
row('the table as it lay at power-up (resume)');
global.state = setup({ players: 2, options: {} } as never);
row("a game's state (rules.ts, setup)");
function grid(ws: number[][]) {
  for (var ch = 0; ch < SENSORS; ch++) {
    var v = 0.5;
    for (var w = 0; w < ws.length; w++) v += ws[w][0] * PEAK * field(ws[w][1] - ROW0_MM - ((ch / COLS) | 0) * PITCH_MM, ws[w][2] - COL0_MM - (ch % COLS) * PITCH_MM);
    levels[ch] = v;
  }
}
var four = [[1, 140, 250], [-1, 300, 100], [1, 20, 400], [-1, 1000, 300]];
var tables = [[four[0]], four, four.concat([[1, 60, 120], [-1, 200, 330], [1, 450, 200], [-1, 700, 420]])];
var t = 10000;
// Each throw launched (a group of the launch row pulled low for a tick), its weights lying still on the grid:
// decided SHORT_MS later (its weights never came in by the entry rows), a step a tick.
var use = new Int16Array(1500);
for (var n = 0; n < tables.length; n++) {
  levels[SENSORS] = 0;
  it.tick(t += 10);
  levels[SENSORS] = 1;
  grid(tables[n]);
  var base = process.memory().usage;
  var k = 0;
  for (; k < use.length; k++) {
    it.tick(t += 10);
    use[k] = process.memory().usage - base;
    if (!(it as any).busy()) break;
  }
  // The frame read: the level the first ticks of the decision rise to; the locator made: the biggest rise in one
  // tick; the peak: the most.
  var frame = 0;
  var made = 0;
  var most = 0;
  for (var i = 1; i < k; i++) {
    if (!frame && use[i] > use[i - 1] + 20) frame = use[i] - use[i - 1];
    made = Math.max(made, use[i] - use[i - 1]);
    most = Math.max(most, use[i]);
  }
  print('<<<' + JSON.stringify(['throw', tables[n].length, frame, made, most, process.memory().usage - base]) + '>>>');
}
`;

export async function run(print: (line: string) => void): Promise<void> {
  if (!process.env.ESPRUINO) {
    print('skipped: ESPRUINO not set (the JsVars are counted in the real interpreter)');
    return;
  }
  const { deviceRows } = await import('../tools/espruino-run');
  // The decision module in Storage, as on a board (without it, a board's decision stops at its load: a throw's rows
  // then measured only the frame read).
  const { DECIDE_MODULE } = await import('../firmware/modules');
  const report = await deviceRows(DEVICE_ENTRY, ROOT, 100, { game: 'shuffleboard', names: [DECIDE_MODULE] });
  const rows = report.rows as (string | number)[][];
  if (report.errors.length) print('errors: ' + report.errors.join(' | ').slice(0, 400));
  print("shuffleboard's JsVars by what holds them (the firmware's own code built for the chip, in the real interpreter):");
  for (const r of rows.filter((r) => r[0] !== 'throw')) print(`${String(r[1]).padStart(6)}  ${r[0]}`);
  print('a throw decided, its weights found, as the ticks run it (JsVars over those in use before it):');
  print('weights  frame read  locator made  peak  left after');
  for (const [, weights, frame, made, most, after] of rows.filter((r) => r[0] === 'throw') as number[][]) {
    print(`${String(weights).padStart(7)}  ${String(frame).padStart(10)}  ${String(made).padStart(12)}  ${String(most).padStart(4)}  ${String(after).padStart(10)}`);
  }
}
