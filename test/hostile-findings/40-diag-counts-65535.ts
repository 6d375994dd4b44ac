// Diagnostics report near 65,535 raw counts: channels toggling every scan tick, others now and then, reports at random
// ticks (around the 128-tick take among them). Prints a digest; run against both trees, each from its own directory:
// (cd TREE && npx tsx PROJECT/test/hostile-findings/40-diag-counts-65535.ts TREE); 49a9d72 and 4def24c printed the
// same digest (29,136 reports, raw counts reaching 65,535).
import { createHash } from 'node:crypto';
void main();
async function main(): Promise<void> {
const root = process.argv[2];
const { createDiagnostics } = await import(root + '/firmware/diag.ts');
const { Scanner, channelKinds } = await import(root + '/firmware/scan.ts');
const { SimInputs, mulberry32 } = await import(root + '/sim/inputs.ts');
const { fortressBoard } = await import(root + '/firmware/games/fortress/board.ts');
const { ringapegBoard } = await import(root + '/firmware/games/ringapeg/board.ts');
const h = createHash('sha1');
let reports = 0, maxRaw = 0;
for (const [name, board] of [['fortress', fortressBoard], ['ringapeg', ringapegBoard()]] as const) {
  for (const seed of [1, 2, 3]) {
    const n = board.channels;
    const inputs = new SimInputs({ channels: n, kinds: channelKinds(board), seed });
    const scanner = new Scanner({ banks: inputs.banks, board, counts: true } as never);
    const diag = createDiagnostics(scanner, board, 0, (w: unknown) => h.update('walk' + JSON.stringify(w)), 300);
    const rnd = mulberry32(seed * 7 + n);
    const hot = [Math.floor(rnd() * n), Math.floor(rnd() * n), 0, n - 1];
    const lv = new Array(n).fill(0);
    const T = 140000;
    for (let t = 1; t <= T; t++) {
      for (const c of hot) if (t < 70000 + c * 50 || (t % 3 === 0)) { lv[c] ^= 1; inputs.setExact(t, c, lv[c]); }
      if (rnd() < 0.05) { const c = Math.floor(rnd() * n); lv[c] ^= 1; inputs.setExact(t, c, lv[c]); }
      inputs.advanceTo(t);
      scanner.poll(t);
      scanner.drain(diag);
      diag.tick(t);
      const m = t % 128;
      if (rnd() < 0.01 || m === 0 || m === 127 || m === 1 || (t > 65000 && t < 66000 && rnd() < 0.2)) {
        const r = diag.report(t) as { ch: number[][] };
        for (const row of r.ch) maxRaw = Math.max(maxRaw, row[3] + row[1] + 2 * row[2]);
        h.update(t + JSON.stringify(r));
        reports++;
      }
      if (rnd() < 0.0005) diag.walk(t);
    }
  }
}
console.log(root, 'reports', reports, 'max raw seen', maxRaw, h.digest('hex'));
}
