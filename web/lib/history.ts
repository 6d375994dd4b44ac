// Finished games as the phone keeps them (web/lib/history-store.ts keeps them
// in IndexedDB), with every point change the page heard: which are saved, the
// per-player totals, and the CSV and JSON exports. No DOM: the tests run them.
import type { PointChange } from './board-view';
import { csvCell } from './csv';

export interface FinishedGame {
  id?: number;
  game: string;
  /** When it ended (ms since 1970). */
  ended: number;
  players: string[];
  scores: number[];
  winner: number | null;
  changes: PointChange[];
}

/**
 * What keeps the games a board ends (`save`, saveGame on a phone): each game that ends is saved once, and a game
 * ended again after an undo (the same game begun: BoardView.begun) is saved over what was saved of it, not kept twice.
 */
export function gameKeeper<K>(save: (game: FinishedGame) => Promise<K>): (game: FinishedGame, begun: number) => Promise<K> {
  let savedBegun = 0;
  let saved: Promise<K> | null = null;
  return function (game: FinishedGame, begun: number): Promise<K> {
    const before = savedBegun === begun ? saved : null;
    savedBegun = begun;
    // (After the save before it: its id is the one saved over.)
    saved = before ? before.then((id) => save({ ...game, id: id as number })) : save(game);
    return saved;
  };
}

export interface PlayerTotal {
  name: string;
  games: number;
  wins: number;
  points: number;
}

/** Per player (by name): games played, won, and points scored over them. */
export function totals(games: FinishedGame[]): PlayerTotal[] {
  const by = new Map<string, PlayerTotal>();
  for (const g of games) {
    g.players.forEach((name, p) => {
      const t = by.get(name) ?? { name, games: 0, wins: 0, points: 0 };
      t.games++;
      if (g.winner === p) t.wins++;
      t.points += g.scores[p] ?? 0;
      by.set(name, t);
    });
  }
  return [...by.values()].sort((a, b) => b.wins - a.wins || b.points - a.points || a.name.localeCompare(b.name));
}


/** One row per point change: which game, when it ended, the player, the points, the rule, and the player's score after it. */
export function toCsv(games: FinishedGame[]): string {
  const rows = [['game_no', 'game', 'ended', 'player', 'name', 'points', 'rule', 'score_after', 'final_score', 'winner'].join(',')];
  games.forEach((g, i) => {
    const running = g.players.map(() => 0);
    for (const c of g.changes) {
      running[c.player] = (running[c.player] ?? 0) + c.points;
      rows.push([i + 1, g.game, new Date(g.ended).toISOString(), c.player, g.players[c.player], c.points, c.rule, running[c.player],
        g.scores[c.player], g.winner === null ? '' : g.players[g.winner]].map((v) => csvCell(v ?? null)).join(','));
    }
  });
  return rows.join('\n') + '\n';
}

export function toJson(games: FinishedGame[]): string {
  return JSON.stringify(games, null, 1) + '\n';
}
