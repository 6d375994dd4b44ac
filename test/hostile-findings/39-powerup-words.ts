// Round 39: fortification billiards' power-up (powerup.ts: takeUp, lies) reading a word of channels at a time,
// against the same functions at 65f7610 (a channel a call), over the scanner's level semantics (Scanner.level:
// (word >>> (ch & 31)) & (mask || 1)) on random words with the sign bits (channels 31, 63, 95) and the third word
// (64..67: the pass's mouth) often set. Needs the tree at 65f7610 in /tmp/before (git worktree add /tmp/before 65f7610).
// `npx tsx test/hostile-findings/39-powerup-words.ts`
import { powerUp as now } from '../../firmware/games/fortress/powerup';
import { mulberry32 } from '../../sim/inputs';

const { powerUp: before } = await import('/tmp/before/firmware/games/fortress/powerup.ts' as string);
const rnd = mulberry32(39);
let cases = 0, diffs = 0;
for (let k = 0; k < 20000; k++) {
  const w = new Int32Array(3);
  const density = rnd();
  for (let c = 0; c < 96; c++) if (rnd() < density * 0.6) w[c >> 5] |= 1 << (c & 31);
  for (const c of [31, 63, 95, 64, 65, 66, 67]) if (rnd() < 0.3) w[c >> 5] |= 1 << (c & 31);
  const level = (ch: number, mask?: number) => (w[ch >> 5] >>> (ch & 31)) & (mask || 1);
  const pendings: (number | string)[] = [-1, -2, 0, 5, '12 3f 40'];
  for (const pending of pendings) {
    const b1 = new Uint8Array(256), a1 = new Int32Array(64), b2 = new Uint8Array(256), a2 = new Int32Array(64);
    for (let i = 0; i < 256; i++) b1[i] = b2[i] = (i * 37 + k) & 255;
    const r1 = now.takeUp(b1, a1, level, pending), r2 = before.takeUp(b2, a2, level, pending);
    cases++;
    if (r1 !== r2 || b1.join() !== b2.join() || a1.join() !== a2.join()) { diffs++; if (diffs < 5) console.log('takeUp differs', [...w].map((x) => (x >>> 0).toString(16)), pending); }
  }
  const l1 = JSON.stringify(now.lies(level)), l2 = JSON.stringify(before.lies(level));
  cases++;
  if (l1 !== l2) { diffs++; if (diffs < 5) console.log('lies differs', [...w].map((x) => (x >>> 0).toString(16)), l1, l2); }
}
console.log(`${cases} cases, ${diffs} differences from 65f7610`);
