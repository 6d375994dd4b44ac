// What the companion knows of a board, from its messages alone
// (docs/protocol.md): the scoreboard, the last point change and its rule's
// words, the game's own fields, diagnostics, faults and flags.
import type { BoardMessage } from '../../sim/phone';

/** The state message's fields that every game has; the others are the game's own. */
const COMMON = ['type', 'game', 'scores', 'turn', 'names', 'players', 'winner'];

export interface PointChange {
  player: number;
  points: number;
  rule: string;
}

export interface SensorFault {
  fault: string;
  ch?: number;
  sensor?: string;
}

export interface BoardView {
  game: string | null;
  scores: number[];
  turn: number | null;
  names: string[] | null;
  winner: number | null;
  /** The game's own fields of the last state message. */
  fields: Record<string, unknown>;
  last: PointChange | null;
  /** Point changes since the game began (as far as this page heard). */
  changes: PointChange[];
  /** Which game this is, as the page tells games apart: a number no other view or game of this page has. */
  begun: number;
  /** How many of `changes` came before the last state message (those after it are the move it tells). */
  stateAt: number;
  /** The last flag, refusal or restore report, for people. */
  notice: string;
  /** A command waits for both board buttons (ms window), or 0. */
  confirmMs: number;
  diag: { on: boolean; report: Record<string, unknown> | null; walk: Record<string, unknown> | null };
  faults: SensorFault[];
}

/** The games this page has told apart (BoardView.begun). */
let games = 0;

export function emptyView(): BoardView {
  return {
    game: null, scores: [], turn: null, names: null, winner: null, fields: {}, last: null, changes: [], begun: ++games, stateAt: 0, notice: '', confirmMs: 0,
    diag: { on: false, report: null, walk: null }, faults: [],
  };
}

/** A player's name: the board's, else "Player N". */
export function playerName(view: BoardView, player: number): string {
  return (view.names && view.names[player]) || 'Player ' + (player + 1);
}

const isScores = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'number');

/**
 * Takes one board message into the view (in place); returns whether a game ended with it. A state, score or over
 * message without its numbers is passed over: a notification lost can join two lines' parts into one that still
 * parses (a key cut short: `"sc` + `ores"`), and the link has no check of its own.
 */
export function takeMessage(view: BoardView, m: BoardMessage): boolean {
  if ((m.type === 'state' || m.type === 'over') && !isScores(m.scores)) return false;
  if (m.type === 'score' && !(typeof m.player === 'number' && typeof m.points === 'number')) return false;
  if (m.type === 'state') {
    const scores = m.scores as number[];
    // A new game: every score back at zero from a game with points, not by the changes told since the last state (an
    // undo or a fix back to zero tells its changes first), or a game of another kind. (A game left mid-way for a new
    // one left its changes in the next; a page that heard a game end, then an undo and the same end again, took the
    // next game for that one.)
    const told = view.changes.slice(view.stateAt);
    const byChanges = scores.every((s, p) => s === (view.scores[p] ?? 0) + told.reduce((sum, c) => sum + (c.player === p ? c.points : 0), 0));
    if ((scores.every((s) => s === 0) && view.scores.some((s) => s !== 0) && !byChanges) || (view.game !== null && view.game !== m.game)) {
      view.changes = [];
      view.last = null;
      view.begun = ++games;
    }
    view.game = m.game as string;
    view.scores = scores;
    view.stateAt = view.changes.length;
    view.turn = typeof m.turn === 'number' ? m.turn : null;
    view.names = Array.isArray(m.names) ? m.names as string[] : null;
    view.winner = typeof m.winner === 'number' ? m.winner : null;
    view.fields = {};
    for (const k of Object.keys(m)) if (COMMON.indexOf(k) < 0) view.fields[k] = m[k];
    view.confirmMs = 0;
    if (view.diag.on) view.diag = { on: false, report: null, walk: null };
  } else if (m.type === 'score') {
    view.last = { player: m.player as number, points: m.points as number, rule: m.rule as string };
    view.changes.push(view.last);
  } else if (m.type === 'over') {
    view.winner = typeof m.winner === 'number' ? m.winner : null;
    view.scores = m.scores as number[];
    return true;
  } else if (m.type === 'flag' || m.type === 'error') {
    view.notice = (m.type === 'flag' ? 'flagged: ' : 'refused (' + m.code + '): ') + m.message;
    view.confirmMs = 0;
  } else if (m.type === 'confirm') {
    view.confirmMs = m.ms as number;
    view.notice = 'press both board buttons together to confirm ' + m.cmd;
  } else if (m.type === 'ok') {
    view.confirmMs = 0;
  } else if (m.type === 'key') {
    // Sent to a paired phone only: the key the club's hub checks this board's signed adverts with (docs/hub.md).
    view.notice = 'this board\'s key, for the club\'s hub config ("keys", by the board\'s address): ' + m.key;
  } else if (m.type === 'restored') {
    view.notice = m.lost ? 'the saved game could not be taken up' : 'the board took up its saved game (' + m.moves + (m.moves === 1 ? ' move)' : ' moves)');
  } else if (m.type === 'fault') {
    // A sensor back in service (`ok` naming it), or the board's sensors trusted again (`ok` alone: the faults of no one sensor end).
    if (m.fault === 'ok') view.faults = view.faults.filter((f) => (m.sensor === undefined ? f.sensor !== undefined : f.sensor !== m.sensor));
    else view.faults.push({ fault: m.fault as string, ch: m.ch as number | undefined, sensor: m.sensor as string | undefined });
  } else if (m.type === 'diag') {
    view.diag.on = m.on !== false;
    if (m.walk) view.diag.walk = m.walk as Record<string, unknown>;
    // A report: a digital board's levels, or an analog board's sensors reading a field (shuffleboard's `off`).
    if (Array.isArray(m.levels) || Array.isArray(m.off)) view.diag.report = m;
    if (m.on === false) view.diag = { on: false, report: null, walk: null };
  }
  return false;
}
