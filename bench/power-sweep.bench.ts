// The power-cut sweep over every example game of both games (test/power-sweep.ts):
// a cut of CUT_MS, then the boot, every STEP ms from start to end; counts how
// each came out. The step is CUT_MS, so every instant lies in some cut (about
// 35,000 cuts, half an hour); POWER_SWEEP_STEP_MS=250 gives a quicker look.
import { BLIND_MS, CUT_MS, SWEPT, cutAt, example } from '../test/power-sweep';

const STEP_MS = Number(process.env.POWER_SWEEP_STEP_MS) || CUT_MS;

export async function run(print: (line: string) => void): Promise<void> {
  print(`a ${CUT_MS} ms cut, then the boot (blind ${BLIND_MS} ms), every ${STEP_MS} ms of each example`);
  print('example                     cuts   as uncut   without what was unseen   failed   seconds');
  for (const name of SWEPT) {
    const t0 = Date.now();
    const ex = example(name);
    const counts = { uncut: 0, blind: 0, failed: 0 };
    const failed: string[] = [];
    for (let at = CUT_MS; at <= ex.end + 2000; at += STEP_MS) {
      const r = cutAt(ex, at);
      counts[r.outcome]++;
      if (r.outcome === 'failed') failed.push(`  ${at} ms: ${(r.detail || '').slice(0, 160)}`);
    }
    const cuts = counts.uncut + counts.blind + counts.failed;
    print(`${name.padEnd(26)} ${String(cuts).padStart(6)} ${String(counts.uncut).padStart(10)} ${String(counts.blind).padStart(25)} ${String(counts.failed).padStart(8)} ${((Date.now() - t0) / 1000).toFixed(1).padStart(9)}`);
    for (const line of failed.slice(0, 3)) print(line);
  }
}
