// What holds the shuffleboard board's JsVars, in the real interpreter (ESPRUINO):
// its parts made one after the other as the board makes them (the interpreter
// and the grid checks in it, the table read at power-up, a game's state), each as the
// memory in use grew; then throws of 1, 4 and 8 weights decided as the board's
// ticks run them (its module loaded from Storage, as on a board): what the frame
// read holds, the module loaded and its table checks made, what the locator
// holds once made, the decision's peak, and what is left held after it (the
// weights found, kept for the next throw). Usage is read at every tick (each
// read collects garbage first). The figures are the firmware's own code built
// for the chip, not the bundle: its core and runtime are not in them.
import { decisionRows } from '../tools/jsvar-holders';

export async function run(print: (line: string) => void): Promise<void> {
  if (!process.env.ESPRUINO) {
    print('skipped: ESPRUINO not set (the JsVars are counted in the real interpreter)');
    return;
  }
  const report = await decisionRows();
  const rows = report.rows as (string | number)[][];
  if (report.errors.length) print('errors: ' + report.errors.join(' | ').slice(0, 400));
  print("shuffleboard's JsVars by what holds them (the firmware's own code built for the chip, in the real interpreter):");
  for (const r of rows.filter((r) => r[0] !== 'throw')) print(`${String(r[1]).padStart(6)}  ${r[0]}`);
  print('a throw decided, its weights found, as the ticks run it (JsVars over those in use before it):');
  print('weights  frame read  module and checks  locator made  peak  left after');
  for (const [, weights, frame, checks, made, most, after] of rows.filter((r) => r[0] === 'throw') as number[][]) {
    print(`${String(weights).padStart(7)}  ${String(frame).padStart(10)}  ${String(checks).padStart(17)}  ${String(made).padStart(12)}  ${String(most).padStart(4)}  ${String(after).padStart(10)}`);
  }
}
