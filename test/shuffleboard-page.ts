// Table shuffleboard scored as RULES are written on the page (docs/games/shuffleboard.md), not from rules.ts: the
// oracle the sensing tests and the table sweep (bench shuffleboard) score the board against.
// The page's numbers (docs/games/shuffleboard.md, The table), written again here.
export const PAGE = { trey: 152, deuce: 305, foul: 1829, radius: 29, resolution: 5 };

/** A weight on the table as the page has it: its colour (0 red, 1 blue), centre d, and the referee's word on its hanging, if any. */
export interface Placed { colour: number; d: number; hang?: boolean }

/** A weight's points by the page: hanging 4 (S7), 3 or 2 by the 3-point line (S8), 2 or 1 by the 2-point line (S9), else 1 (S10). */
export function pagePoints(d: number, hang = d < PAGE.radius): number {
  const near = d - PAGE.radius;
  const far = d + PAGE.radius;
  return hang ? 4 : far < PAGE.trey ? 3 : near <= PAGE.trey ? 2 : far < PAGE.deuce ? 2 : near <= PAGE.deuce ? 1 : 1;
}

/** The points each side makes in an end that leaves `table` (S4, S6, S11): weights off the end or short are not in it. */
export function pageEnd(table: Placed[]): number[] {
  const on = table.filter((w) => w.d >= 0 && w.d + PAGE.radius < PAGE.foul).sort((a, b) => a.d - b.d);
  const points = [0, 0];
  if (!on.length) return points;
  const rival = on.find((w) => w.colour !== on[0].colour);
  if (rival && rival.d - on[0].d <= PAGE.resolution) return points;
  for (const w of on) if (w.colour === on[0].colour && (!rival || rival.d - w.d > PAGE.resolution)) points[w.colour] += pagePoints(w.d, w.hang);
  return points;
}

