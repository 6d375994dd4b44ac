// Every record of every example game cut at every byte (test/torn-records.test.ts cuts each at a seeded sample of
// them): the board's resync and the records written after it restore the log without the cut record.
import { SWEPT, exampleWrites } from '../test/power-sweep';
import { checkTorn } from '../test/torn-records';

export async function run(print: (line: string) => void): Promise<void> {
  print('example                               records     cuts   records failed   seconds');
  for (const name of SWEPT) {
    const t0 = Date.now();
    const { game, writes } = exampleWrites(name);
    let cuts = 0;
    const failed: string[] = [];
    for (let i = 1; i < writes.length; i++) {
      const every = Array.from({ length: writes[i].length - 1 }, (_, k) => k + 1);
      cuts += every.length;
      try {
        checkTorn(game, writes, i, every);
      } catch (e) {
        // (A record's first failing cut ends its check.)
        failed.push(`  ${(e as Error).message.split('\n')[0].slice(0, 160)}`);
      }
    }
    print(`${name.padEnd(36)} ${String(writes.length - 1).padStart(8)} ${String(cuts).padStart(8)} ${String(failed.length).padStart(16)} ${((Date.now() - t0) / 1000).toFixed(1).padStart(9)}`);
    for (const line of failed.slice(0, 3)) print(line);
  }
}
