// Round 39: diagnostics (firmware/diag.ts) driven directly over a scanner, with random inputs (bounces, channels past
// the board's last, a ring of events small enough to drop them: `lost`), walk restarts, reports at random times.
// Prints a digest of every walk message and report: run it in this tree and in one at 65f7610 and compare
// (`npx tsx test/hostile-findings/39-diag-differential.ts > out.txt`). It also checks each report's walk against the
// last walk message told (a report's walk may not be staler than what the phone was last told).
import { createDiagnostics } from '../../firmware/diag';
import { Scanner, channelKinds } from '../../firmware/scan';
import { SimInputs, mulberry32, setLevel } from '../../sim/inputs';
import { ringapegBoard } from '../../firmware/games/ringapeg/board';
import { fortressBoard } from '../../firmware/games/fortress/board';
import { game as triangle } from '../../firmware/games/triangle/index';
import type { BoardDescription } from '../../firmware/board';

const boards: [string, BoardDescription][] = [
  ['triangle', (triangle as never as { board: BoardDescription }).board],
  ['ringapeg', ringapegBoard()],
  ['fortress', fortressBoard],
];
let stale = 0;
for (const [name, board] of boards) {
  for (const capacity of [undefined, 1, 3]) {
    for (let seed = 1; seed <= 3; seed++) {
      const n = board.channels;
      const words = (n + 31) >> 5;
      const inputs = new SimInputs({ channels: n, kinds: channelKinds(board), seed });
      const scanner = new Scanner({ banks: inputs.banks, board, counts: true, capacity } as never);
      const out: string[] = [];
      let lastWalk = '';
      const diag = createDiagnostics(scanner, board, 0, (w) => { lastWalk = JSON.stringify(w); out.push('walk ' + lastWalk); }, 300);
      const rnd = mulberry32(seed * 31 + n);
      for (let t = 1; t <= 20000; t++) {
        if (rnd() < 0.05) {
          const ch = Math.floor(rnd() * 32 * words);
          const l = rnd() < 0.5 ? 1 : 0;
          if (ch < n) inputs.setExact(t, ch, l as 0 | 1);
          else setLevel((inputs as never as { words: Int32Array }).words, ch, l);
        }
        // Many at once now and then (a hand over the points), which a small ring drops.
        if (rnd() < 0.002) for (let k = 0; k < 10; k++) inputs.setExact(t, Math.floor(rnd() * n), 1);
        inputs.advanceTo(t);
        scanner.poll(t);
        scanner.drain(diag);
        diag.tick(t);
        if (rnd() < 0.001) { diag.walk(t); out.push(`walk restarted at ${t}`); }
        if (rnd() < 0.01) {
          const r = diag.report(t) as { walk: unknown };
          const s = JSON.stringify(r);
          out.push(`report ${t} ${s}`);
          // (A report right after a restart, before its tick told it, may be ahead of the last told: compare only
          // when the walk was told since.)
          if (lastWalk && JSON.stringify(r.walk) !== lastWalk && !out.slice(-3).some((l) => l.startsWith('walk restarted'))) {
            const a = JSON.parse(lastWalk), b = r.walk as { seen: number };
            if (a.seen !== b.seen) { stale++; if (stale < 5) console.error(`STALE? ${name} cap ${capacity} t ${t}: told ${lastWalk}, report ${JSON.stringify(r.walk)}`); }
          }
        }
      }
      console.log(`== ${name} capacity ${capacity} seed ${seed}: ${out.length} lines, lost ${scanner.lost}`);
      for (const l of out) console.log(l);
    }
  }
}
console.error(stale ? `${stale} reports whose walk differs from the last told` : 'reports\' walk = the last told, every time');
