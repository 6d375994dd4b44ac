// How long the shuffleboard board's fault check holds the interpreter (the
// check once a second while the board polls fast: firmware/games/shuffleboard/
// checks.ts and its interpreter's rails), in the real interpreter (ESPRUINO):
// on an empty table and with four weights at rest, each at a check after a
// reading kept changed (or a throw under way: every pass over the readings)
// and at one between throws with none changed since the last (its passes
// skipped). In bare channel reads as bench analog counts them (a digitalWrite
// of the 8 select lines and a stand-in analogRead, in the same program, the
// fastest of several), and on the chip at CHIP_READ_US a read, against the
// 20 ms a call may hold it.
import { espruinoPath } from '../tools/espruino-run';
import { CHIP_READ_US } from '../tools/games';
import { gridCheckHolds } from '../tools/grid-check';

export async function run(print: (line: string) => void): Promise<void> {
  if (!espruinoPath()) {
    print('grid check: skipped (set ESPRUINO to a Linux build of the interpreter)');
    return;
  }
  const rows = await gridCheckHolds();
  print(`shuffleboard's fault check, once a second while the board polls fast: its hold in bare channel reads (on the chip at ${CHIP_READ_US} µs a read), against 20 ms`);
  const cell = (reads: number) => `${Math.round(reads)} reads, ${(reads * CHIP_READ_US / 1000).toFixed(1)} ms ${reads * CHIP_READ_US <= 20000 ? 'ok' : 'OVER'}`;
  for (const [table, changed, still] of rows) {
    print(`${table.padEnd(22)} a reading kept changed: ${cell(changed).padEnd(24)} none changed: ${cell(still)}`);
  }
}
