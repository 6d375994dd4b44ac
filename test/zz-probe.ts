import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
const ROOT = process.cwd();
const DEVICE_ENTRY = `
import { locator } from './firmware/games/shuffleboard/interpret';
import { COL0_MM, COLS, PEAK, PITCH_MM, ROW0_MM, SENSORS, field } from './firmware/games/shuffleboard/board';
declare function print(...a: unknown[]): void;
declare function getTime(): number;
declare function digitalWrite(pins: number[], value: number): void;
declare function analogRead(pin: number): number;
declare const global: any;
global.PROBE = {};
global.analogRead = function (pin: number) { return 0.5; };
var select = [18, 17, 16, 15, 14, 13, 12, 11];
function bare(n: number) { var t0 = getTime(); for (var ch = 0; ch < n; ch++) { digitalWrite(select, ch); analogRead(2); } return (getTime() - t0) / n; }
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
var eight = four.concat([[1, 60, 120], [-1, 200, 330], [1, 450, 200], [-1, 700, 420]]);
var frame = grid(eight);
var b = bare(380);
var step = locator(function (ch: number) { return frame[ch] / 4096; });
var seen = null; var longest = 0; var steps = 0;
while (!seen) { var s0 = getTime(); seen = step(); longest = Math.max(longest, getTime() - s0); steps++; }
print('<<<' + JSON.stringify({ bare: b, steps: steps, longest: longest / b, seen: seen }) + '>>>');
for (var k in global.PROBE) print("<<<" + JSON.stringify([Math.round(global.PROBE[k][0] / b), Math.round(global.PROBE[k][1]*10)/10, Math.round(global.PROBE[k][0] / b / Math.max(0.1, global.PROBE[k][1])), k]) + ">>>");
`;
const { buildDeviceCode } = await import('../tools/es5');
const { bootInEspruino } = await import('../tools/espruino-run');
const code = (await buildDeviceCode({ source: DEVICE_ENTRY, dir: ROOT })).stored;
const stubs = join(ROOT, 'tools', 'espruino-linux-stubs.js');
const report = bootInEspruino(code, { boot0: existsSync(stubs) ? readFileSync(stubs, 'utf8') : '', settleMs: 100, timeoutMs: 600000, baseline: false });
const rows = [...report.output.matchAll(/<<<(.*?)>>>/g)].map((m) => m[1]);
console.log(rows.length ? rows.join('\n') : report.output.slice(-3000));
