// The room's finished games as CSV: one row a game, a column a player's score.
// A text cell that a spreadsheet would take as a formula (it begins with =, +,
// -, @, a tab or a carriage return) gets a ' before it, so a board's name like
// `=HYPERLINK(…)` stays text; numbers are written as they are.
import type { FinishedGame } from '../../hub/messages';

/** One CSV cell: quoted when it holds a quote, a comma or a line break; a text beginning like a formula made text. */
export function csvCell(v: string | number | null): string {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  const s = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function resultsCsv(games: FinishedGame[]): string {
  const most = games.reduce((n, g) => Math.max(n, g.scores.length), 0);
  const head = ['ended', 'board', 'name', 'game', 'winner'].concat(Array.from({ length: most }, (_, i) => `player ${i + 1}`));
  const rows = games.map((g): (string | number | null)[] => [g.at, g.board, g.name, g.game, g.winner === null ? null : g.winner + 1, ...g.scores]);
  return [head, ...rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
}
