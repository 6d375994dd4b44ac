// The room's finished games as CSV: one row a game, a column a player's score
// (each cell as web/lib/csv.ts writes it: a board's name like `=HYPERLINK(…)`
// stays text).
import type { FinishedGame } from '../../hub/messages';
import { csvCell } from '../lib/csv';

export function resultsCsv(games: FinishedGame[]): string {
  const most = games.reduce((n, g) => Math.max(n, g.scores.length), 0);
  const head = ['ended', 'board', 'name', 'game', 'winner'].concat(Array.from({ length: most }, (_, i) => `player ${i + 1}`));
  const rows = games.map((g): (string | number | null)[] => [g.at, g.board, g.name, g.game, g.winner === null ? null : g.winner + 1, ...g.scores]);
  return [head, ...rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
}
