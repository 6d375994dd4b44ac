// The room view (docs/hub.md): every board of a room on one live scoreboard,
// from what the club hub publishes, over MQTT-over-WebSockets. The address
// says which broker and room: index.html?broker=ws://HOST:9001&room=club
// (default: this page's host, port 9001, room club).
import mqtt from 'mqtt';
import { resultKey } from '../../hub/room';
import type { BoardState, FinishedGame } from '../../hub/room';

const params = new URLSearchParams(location.search);
const broker = params.get('broker') ?? `ws://${location.hostname || 'localhost'}:9001`;
const room = params.get('room') ?? 'club';
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
  for (const b of [...boards.values()].sort((x, y) => boardName(x).localeCompare(boardName(y)))) {
    const row = body.insertRow();
    row.dataset.board = b.board;
    row.className = [b.silent ? 'silent' : '', b.over ? 'over' : ''].join(' ').trim();
    cell(row, boardName(b));
    cell(row, b.game, 'game');
    cell(row, b.round ? String(b.round) : '');
    scoresCell(row, b);
    cell(row, time(b.lastSeen), 'seen');
  }
}

function finishedGames(): FinishedGame[] {
  return [...results.values()].sort((a, b) => a.at.localeCompare(b.at));
}

function showResults(): void {
  const body = byId('finished') as HTMLTableSectionElement;
  body.replaceChildren();
  for (const g of finishedGames().reverse()) {
    const row = body.insertRow();
    cell(row, time(g.at));
    cell(row, boardName(g));
    cell(row, g.game);
    cell(row, g.winner === null ? 'none' : `player ${g.winner + 1}`);
    scoresCell(row, g);
  }
}

/** The finished games as CSV: one row a game, a column a player's score. */
function resultsCsv(games: FinishedGame[]): string {
  const most = games.reduce((n, g) => Math.max(n, g.scores.length), 0);
  const quote = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const head: unknown[] = ['ended', 'board', 'name', 'game', 'winner'].concat(Array.from({ length: most }, (_, i) => `player ${i + 1}`));
  const rows = games.map((g): unknown[] => [g.at, g.board, g.name, g.game, g.winner === null ? '' : g.winner + 1, ...g.scores]);
  return [head].concat(rows).map((r) => r.map(quote).join(',')).join('\n') + '\n';
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
client.on('message', (topic, payload) => {
  let v: unknown;
  try {
    v = JSON.parse(payload.toString());
  } catch {
    return;
  }
  if (topic === `${base}results`) {
    if (!Array.isArray(v)) return;
    for (const g of v as FinishedGame[]) results.set(resultKey(g), g);
    showResults();
  } else if (topic.endsWith('/finished')) {
    const g = v as FinishedGame;
    results.set(resultKey(g), g);
    showResults();
  } else {
    const s = v as BoardState;
    if (typeof s !== 'object' || s === null || typeof s.board !== 'string' || !Array.isArray(s.scores)) return;
    boards.set(s.board, s);
    showBoards();
  }
});
