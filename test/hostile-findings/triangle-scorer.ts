// The triangle's rules as docs/games/triangle.md states them (T1-T8, the corrections), for the hostile generators'
// oracle: never the firmware's. A game is a list of moves (flick results, corrections) folded from the start.
export type R = 'perfect' | 'partly' | 'short' | 'beyond' | 'off';
/** T3-T8: a result's points. */
export const PTS: Record<R, number> = { perfect: 3, partly: 1, short: 1, beyond: 0, off: 0 };
/** A short press of *next* steps the last result: partly → perfect → beyond → short → partly. */
export const CYCLE: Record<string, R> = { partly: 'perfect', perfect: 'beyond', beyond: 'short', short: 'partly' };
export type Move = { k: 'flick'; r: R } | { k: 'fix'; r: R } | { k: 'next' };

/**
 * The scores of `moves` among `n` players (`exact`: T6's exact 99), whose turn it is (`p`, `f` flicks into it), the
 * winner, how many flicks were made and how many counted (none after the win).
 */
export function fold(moves: Move[], n: number, exact: boolean): { s: number[]; p: number; f: number; winner: number | null; flicks: number; counted: number } {
  // First the list of flicks, each with its result after corrections (a correction acts on the last flick).
  const flicks: R[] = [];
  for (const m of moves) {
    if (m.k === 'flick') flicks.push(m.r);
    else if (flicks.length) flicks[flicks.length - 1] = m.k === 'fix' ? m.r : (CYCLE[flicks[flicks.length - 1]] ?? flicks[flicks.length - 1]);
  }
  const s = new Array(n).fill(0);
  let p = 0, f = 0, winner: number | null = null, counted = 0;
  for (const r of flicks) {
    if (winner !== null) break;
    counted++;
    let pts = PTS[r];
    let ends = r === 'beyond' || r === 'off';
    if (exact && s[p] + pts > 99) { pts = 0; ends = true; }
    s[p] += pts;
    if (s[p] >= 99) { winner = p; break; }
    f++;
    if (ends || f === 3) { f = 0; p = (p + 1) % n; }
  }
  return { s, p, f, winner, flicks: flicks.length, counted };
}

/**
 * What a replay's ending (`final`: its last line's) and the points its `score` messages told (`told`) break of the
 * rules' game (`want`, fold's): the final scores, the winner, the told points summing to the final scores.
 */
export function endingProblems(final: { scores: number[]; winner: number | null } | undefined, told: number[], want: { s: number[]; winner: number | null }): string[] {
  const problems: string[] = [];
  if (!final || JSON.stringify(final.scores) !== JSON.stringify(want.s)) problems.push(`scores ${JSON.stringify(final && final.scores)} want ${JSON.stringify(want.s)}`);
  if (final && final.winner !== want.winner) problems.push(`winner ${final.winner} want ${want.winner}`);
  if (final && JSON.stringify(told) !== JSON.stringify(final.scores)) problems.push(`told ${JSON.stringify(told)} final ${JSON.stringify(final.scores)}`);
  return problems;
}
