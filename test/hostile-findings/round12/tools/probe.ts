import { mulberry32 } from '/work/main/sim/inputs';
import { gen, readings, run } from './cmp';
import * as P from './probe/locate';
import { COLS, ROWS, ROW0_MM, COL0_MM, PITCH_MM } from '/work/main/firmware/games/shuffleboard/board';
const N = Number(process.argv[2] ?? 200);
let worst = 0, over = 0;
for (const mode of ['random', 'cluster', 'edge', 'lane', 'grid']) {
  for (let k = 0; k < N; k++) {
    const rnd = mulberry32(777 * 100003 + k);
    const table = gen(mode, rnd);
    const ref = readings(table, 777 + k);
    for (const v of [null, 0, 250, 400, 3700, 3846, 4095, NaN]) {
      let fault = null;
      if (v !== null && table.length) {
        const w = table[Math.floor(rnd() * table.length)];
        const r = Math.max(0, Math.min(ROWS - 1, Math.round((w.d - ROW0_MM) / PITCH_MM)));
        const c = Math.max(0, Math.min(COLS - 1, Math.round((w.y - COL0_MM) / PITCH_MM)));
        fault = { ch: r * COLS + c, value: v };
      }
      P.PROBE.most = 0; P.PROBE.over = 0;
      run(P as never, ref, fault);
      if (P.PROBE.most > worst) { worst = P.PROBE.most; console.log('new worst', worst, mode, k, v, JSON.stringify(table)); }
      if (P.PROBE.over) { over++; console.log('OVERFLOW', mode, k, v, JSON.stringify(table)); }
    }
  }
}
console.log({ worst, over, limit: 32767 });
