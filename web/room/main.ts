// The room view (docs/hub.md): every board of a room on one live scoreboard,
// from what the club hub publishes, over MQTT-over-WebSockets. The address
// says which broker and room: index.html?broker=ws://HOST:9001&room=club
// (default: this page's host, port 9001, room club); `&enrolled=only` shows
// only the boards the club enrolled. Every message is checked before it is
// shown: what is no state, finished game or results is dropped, and counted.
import mqtt from 'mqtt';
import { byTime, parsePayload, readBoardState, readFinishedGame, resultKey } from '../../hub/messages';
import type { BoardState, FinishedGame } from '../../hub/messages';
import { resultsCsv } from './csv';

const params = new URLSearchParams(location.search);
const broker = params.get('broker') ?? `ws://${location.hostname || 'localhost'}:9001`;
const room = params.get('room') ?? 'club';
const enrolledOnly = params.get('enrolled') === 'only';
const base = `tallyboard/${room}/`;

const boards = new Map<string, BoardState>();
const results = new Map<string, FinishedGame>();

const byId = (id: string) => document.getElementById(id) as HTMLElement;
byId('room').textContent = room;

function cell(row: HTMLTableRowElement, text: string, className = ''): HTMLTableCellElement {
  const td = row.insertCell();
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

const boardName = (b: { name: string | null; board: string }) => b.name ? `${b.name} (${b.board})` : b.board;
const shown = (b: { enrolled: boolean }) => b.enrolled || !enrolledOnly;
const time = (iso: string) => new Date(iso).toLocaleTimeString();

/** A board's scores, the player to play and the winner marked. */
function scoresCell(row: HTMLTableRowElement, s: { scores: number[]; turn?: number | null; winner: number | null }): void {
  const td = cell(row, '', 'scores');
  s.scores.forEach((score, i) => {
    const span = document.createElement('span');
    span.textContent = `${i === s.winner ? '★ ' : i === s.turn ? '▶ ' : ''}${score}`;
    if (i === s.winner) span.className = 'winner';
    else if (i === s.turn) span.className = 'turn';
    if (i > 0) td.append(' ');
    td.appendChild(span);
  });
}

function showBoards(): void {
  const body = byId('boards') as HTMLTableSectionElement;
  body.replaceChildren();
  for (const b of [...boards.values()].filter(shown).sort((x, y) => boardName(x).localeCompare(boardName(y)))) {
    const row = body.insertRow();
    row.dataset.board = b.board;
    row.className = [b.silent ? 'silent' : '', b.over ? 'over' : '', b.enrolled ? '' : 'unenrolled'].join(' ').trim();
    cell(row, boardName(b), 'board');
    cell(row, b.game, 'game');
    cell(row, b.round ? String(b.round) : '');
    scoresCell(row, b);
    cell(row, time(b.lastSeen), 'seen');
  }
}

function finishedGames(): FinishedGame[] {
  return [...results.values()].filter(shown).sort(byTime);
}

/**
 * The finished games the view shows: the hub's results as it last published them (its whole list, which it writes over
 * at once when something else is put there), and the games finished since, at most SINCE_MAX, the oldest of those let
 * go first. (Merged into all it ever read, it kept 20,000 a flood sent; kept by an `enrolled` mark anyone can set, a
 * flood of games so marked pushed an enrolled board's real ones out.)
 */
const SINCE_MAX = 500;
let since: string[] = [];
function takeResults(games: FinishedGame[]): void {
  results.clear();
  for (const g of games) results.set(resultKey(g), g);
  since = [];
}
function takeFinished(g: FinishedGame): void {
  const key = resultKey(g);
  if (results.has(key)) return;
  results.set(key, g);
  since.push(key);
  if (since.length > SINCE_MAX) results.delete(since.shift()!);
}

function showResults(): void {
  const body = byId('finished') as HTMLTableSectionElement;
  body.replaceChildren();
  for (const g of finishedGames().reverse()) {
    const row = body.insertRow();
    if (!g.enrolled) row.className = 'unenrolled';
    cell(row, time(g.at));
    cell(row, boardName(g), 'board');
    cell(row, g.game);
    cell(row, g.winner === null ? 'none' : `player ${g.winner + 1}`);
    scoresCell(row, g);
  }
}

/**
 * The tables are drawn at most once a frame, however many messages come in it: drawn again for each, a flood of 600
 * finished games made 600 tables of up to 600 rows, and held a slow machine's browser for seconds.
 */
const stale = { boards: false, results: false };
let frame = 0;
function redraw(table: keyof typeof stale): void {
  stale[table] = true;
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    if (stale.boards) showBoards();
    if (stale.results) showResults();
    stale.boards = stale.results = false;
  });
}

function download(name: string, type: string, text: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

byId('csv').addEventListener('click', () => download(`tallyboard-${room}-results.csv`, 'text/csv', resultsCsv(finishedGames())));
byId('json').addEventListener('click', () => download(`tallyboard-${room}-results.json`, 'application/json', JSON.stringify(finishedGames(), null, 2) + '\n'));

const status = byId('status');
const client = mqtt.connect(broker, { reconnectPeriod: 2000 });
client.on('connect', () => {
  status.textContent = 'live';
  status.className = 'live';
  client.subscribe([`${base}+/state`, `${base}+/finished`, `${base}results`]);
});
client.on('close', () => {
  status.textContent = `no broker at ${broker}; trying again…`;
  status.className = '';
});
let dropped = 0;
const droppedText = byId('dropped');
const drop = () => {
  dropped++;
  droppedText.textContent = `${dropped} unreadable message${dropped === 1 ? '' : 's'} dropped`;
};
client.on('message', (topic, payload) => {
  const v = parsePayload(payload.toString());
  if (topic === `${base}results`) {
    // The hub's retained results: only the games that read as such (and one count for a message with any that do not).
    // (A message that is no list leaves the games shown as they are.)
    if (!Array.isArray(v)) return drop();
    const games = v.map(readFinishedGame);
    if (games.includes(null)) drop();
    takeResults(games.filter((g): g is FinishedGame => g !== null));
    redraw('results');
    return;
  }
  const board = topic.slice(base.length, topic.lastIndexOf('/'));
  if (topic.endsWith('/finished')) {
    const g = readFinishedGame(v);
    if (!g || g.board !== board) return drop();
    takeFinished(g);
    redraw('results');
  } else {
    const s = readBoardState(v);
    if (!s || s.board !== board) return drop();
    boards.set(s.board, s);
    redraw('boards');
  }
});
