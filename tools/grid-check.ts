// The shuffleboard board's fault check in the real interpreter (ESPRUINO), as bench grid-check times it: the
// interpreter made over a stand-in ADC, checked on an empty table and with four weights at rest, each check after a
// reading kept changed and with none changed since the last. (Its device code is a string, which no type check
// reads: test/shuffleboard-checks.test.ts runs it, so that a change to the interpreter's interface it misses fails
// there too.)
import { deviceRows } from './espruino-run';
import { ROOT } from './games';

const SOURCE = `
import { createShuffleboardInterpreter } from './firmware/games/shuffleboard/interpret';
import { setup } from './firmware/games/shuffleboard/rules';
import { CHANNELS, COL0_MM, COLS, PEAK, PITCH_MM, ROW0_MM, SENSORS, field } from './firmware/games/shuffleboard/board';
import { analogBank } from './hal/espruino/analog';
declare function print(...a: unknown[]): void;
declare function getTime(): number;
declare const global: any;
// The stand-in ADC: the readings by channel (the select lines' value names the channel read next).
var levels = new Float32Array(CHANNELS).fill(0.5);
levels.fill(1, SENSORS);
var cur = 0;
global.digitalWrite = function (p: number[], v: number) { if (p.length === 8) cur = v; };
global.analogRead = function () { return levels[cur]; };
var bank = analogBank({ kind: 'analog', select: [11, 12, 13, 14, 15, 16, 17, 18], adc: [2, 3], channels: CHANNELS });
var it = createShuffleboardInterpreter(function () {}, function () {}, [bank]);
it.resume!(0, null as never, -1);
// (The game in play, as the runtime gives it: the fault check reads its state only until the first throw after a clear.)
var game = { current: setup({ players: 2, options: {} } as never) };
var select = [18, 17, 16, 15, 14, 13, 12, 11];
function bare() {
  var t0 = getTime();
  for (var ch = 0; ch < 40; ch++) { global.digitalWrite(select, ch); global.analogRead(2); }
  return (getTime() - t0) / 40;
}
var t = 10000;
/** The hold of a check (the fastest of five): after a reading kept changed (its row read again with a change), and with none changed since the last. */
function checks(table: string) {
  var changed = 1e9, still = 1e9, read = 1e9;
  for (var r = 0; r < 5; r++) {
    // A row of the grid read with a reading a step off, then back: the check after it looks.
    levels[0] += 0.02;
    for (var k = 0; k < 200; k++) it.tick(t += 10);
    levels[0] -= 0.02;
    for (var k = 0; k < 200; k++) it.tick(t += 10);
    var t0 = getTime();
    it.faults(function () {}, game);
    changed = Math.min(changed, getTime() - t0);
    t0 = getTime();
    it.faults(function () {}, game);
    still = Math.min(still, getTime() - t0);
    read = Math.min(read, bare());
  }
  print('<<<' + JSON.stringify([table, changed / read, still / read]) + '>>>');
}
checks('an empty table');
// Four weights thrown and decided (a launch, then the weights lying still), at rest.
levels[SENSORS] = 0;
it.tick(t += 10);
levels[SENSORS] = 1;
var four = [[1, 140, 250], [-1, 300, 100], [1, 20, 400], [-1, 1000, 300]];
for (var ch = 0; ch < SENSORS; ch++) {
  for (var w = 0; w < four.length; w++) levels[ch] += four[w][0] * PEAK * field(four[w][1] - ROW0_MM - ((ch / COLS) | 0) * PITCH_MM, four[w][2] - COL0_MM - (ch % COLS) * PITCH_MM);
}
for (var k = 0; k < 3000 && (k < 5 || (it as any).busy()); k++) it.tick(t += 10);
checks('four weights at rest');
`;

/** The fault check's holds, per table: its name, and the check's hold in bare reads after a reading kept changed and with none changed. */
export async function gridCheckHolds(): Promise<[string, number, number][]> {
  const { rows, errors } = await deviceRows(SOURCE, ROOT, 100);
  if (errors.length) throw new Error('grid check: ' + errors.join(' | '));
  return rows as [string, number, number][];
}

