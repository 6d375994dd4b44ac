// For tests that need the real interpreter: ESPRUINO names its binary (docs/espruino-linux.md);
// without it they say so plainly and are skipped.
import type { Context } from 'mocha';
import { espruinoPath } from '../tools/espruino-run';

export function needsEspruino(test: Context, toDo: string): void {
  if (espruinoPath()) return;
  console.log(`      skipped: ESPRUINO is not set (no real Espruino interpreter to ${toDo})`);
  test.skip();
}
