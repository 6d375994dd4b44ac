// Random one-end shuffleboard games (+ optional one grid fault) as scenario text; the truth table is the slides.
// Usage: npx tsx games.ts SEED N OUTDIR
import { mkdirSync, writeFileSync } from 'node:fs';
import { mulberry32 } from '/work/main/sim/inputs';
const [seed, N, out] = [Number(process.argv[2] ?? 1), Number(process.argv[3] ?? 50), process.argv[4] ?? 'games'];
mkdirSync(out, { recursive: true });
const R = 29;
for (let g = 0; g < N; g++) {
  const rnd = mulberry32(seed * 7919 + g);
  const style = ['cluster', 'edge', 'rail', 'spread'][Math.floor(rnd() * 4)];
  const placed: { d: number; y: number }[] = [];
  const lines: object[] = [{ game: 'shuffleboard', players: 2, options: { firstPlayer: 0 }, seed: 1000 + g + seed * 10000 }];
  let t = 1000;
  const targets: ({ d: number; y: number } | null)[] = [];
  for (let i = 0; i < 8; i++) {
    let w: { d: number; y: number } | null = null;
    for (let tries = 0; tries < 500 && !w; tries++) {
      let d: number, y: number;
      if (placed.length && rnd() < (style === 'cluster' ? 0.7 : 0.35)) {
        const o = placed[Math.floor(rnd() * placed.length)];
        const a = rnd() * 2 * Math.PI, gap = 2 * R + 0.5 + rnd() * 4;
        d = o.d + gap * Math.cos(a); y = o.y + gap * Math.sin(a);
      } else if (style === 'edge') { d = rnd() * 60; y = R + rnd() * 450; }
      else if (style === 'rail') { d = rnd() * 500; y = rnd() < 0.5 ? R + rnd() * 4 : 479 - rnd() * 4; }
      else if (style === 'cluster') { d = 20 + rnd() * 300; y = R + rnd() * 450; }
      else { d = rnd() * 1850; y = R + rnd() * 450; }
      d = Math.round(d * 10) / 10; y = Math.round(y * 10) / 10;
      if (d < 0 || d > 1880 || y < R || y > 479) continue;
      if (placed.some((o) => Math.hypot(o.d - d, o.y - y) < 2 * R + 0.5)) continue;
      w = { d, y };
    }
    if (rnd() < 0.05) w = null;
    targets.push(w);
    if (w) placed.push(w);
    lines.push(w ? { t, do: 'slide', to: w } : { t, do: 'slide', off: true });
    t += 9500 + Math.floor(rnd() * 4000);
  }
  // a fault: on a sensor by a weight (or anywhere), at a random time, lifted later or not
  const fk = rnd();
  let fault: object | null = null;
  if (fk < 0.75 && placed.length) {
    const w = placed[Math.floor(rnd() * placed.length)];
    const r = Math.max(0, Math.min(37, Math.round((w.d - 25) / 50) + Math.floor(rnd() * 3) - 1));
    const c = Math.max(0, Math.min(9, Math.round((w.y - 29) / 50) + Math.floor(rnd() * 3) - 1));
    const sensor = `grid.${r}.${c}`;
    const kinds = [
      { fault: 'stuck', sensor, value: [0, 0.02, 0.3, 0.45, 0.5, 0.55, 0.6, 0.7, 0.95, 1][Math.floor(rnd() * 10)] },
      { fault: 'floating', sensor },
      { fault: 'drift', sensor, perS: [-0.01, 0.003, 0.01][Math.floor(rnd() * 3)] },
      { fault: 'inverted', sensor },
    ];
    fault = kinds[Math.floor(rnd() * (rnd() < 0.6 ? 1 : kinds.length))];
    const at = 1000 + Math.floor(rnd() * (t - 1000));
    lines.push({ t: at, ...fault });
    if (rnd() < 0.3) lines.push({ t: at + 2000 + Math.floor(rnd() * 20000), fault: 'lift', sensor });
  }
  const sorted = [lines[0], ...lines.slice(1).sort((a: any, b: any) => a.t - b.t)];
  const name = `${out}/g${seed}-${g}-${style}.jsonl`;
  writeFileSync(name, sorted.map((l) => JSON.stringify(l)).join('\n') + '\n');
  writeFileSync(name.replace('.jsonl', '.truth.json'), JSON.stringify({ targets, fault }));
}
