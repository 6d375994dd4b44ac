// Shuffleboard's end scored from the rules text alone (docs/games/shuffleboard.md: the zone table, S6, S11),
// the hostile generators' oracle; never imported from firmware/.
export const zone = (d: number, h: number) => d < 0 ? 0 : h || d < 29 ? 4 : d <= 122 ? 3 : d <= 275 ? 2 : d <= 1799 ? 1 : 0;
/** The end's points by the rules text: [red, blue]. */
export function rulesScore(d: number[], c: number[], h: number[], res = 5): [number, number] {
  const on = d.map((x, i) => ({ d: x, c: c[i], p: zone(x, h[i]) })).filter((w) => w.d >= 0 && w.p > 0);
  const near = [0, 1].map((s) => Math.min(...on.filter((w) => w.c === s).map((w) => w.d)));
  if (!on.length || Math.abs(near[0] - near[1]) <= res) return [0, 0];
  const win = near[0] < near[1] ? 0 : 1, other = near[1 - win];
  const pts = on.filter((w) => w.c === win && other - w.d > res).reduce((a, w) => a + w.p, 0);
  return win ? [0, pts] : [pts, 0];
}
