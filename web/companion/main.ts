// The companion (docs/companion.md): a phone page for a Tallyboard, over Web
// Bluetooth or with the simulated board in the page. Screens: the scoreboard,
// running the game, the sensors (diagnostics), the history, and the
// simulated board.
import { GAMES } from 'tallyboard:games';
import type { WebGame } from 'tallyboard:games';
import type { BoardMessage, GameWords } from '../../sim/phone';
import { BoardLink } from '../lib/board-link';
import type { LinkStatus } from '../lib/board-link';
import { BleTransport, bluetoothProblem } from '../lib/ble';
import type { BluetoothLike } from '../lib/ble';
import { emptyView, playerName, takeMessage } from '../lib/board-view';
import type { BoardView } from '../lib/board-view';
import { SimBoard, gameById } from '../lib/sim-board';
import { drawBoard, drawDisplay, noMarks } from '../lib/drawing';
import { TAKES_CLICK, happeningLine } from '../lib/happenings';
import type { SensorMarks } from '../lib/drawing';
import { commandProblem, commandSpecs, fieldSpec, fieldValue, optionsTable } from '../lib/forms';
import type { FieldSpec } from '../lib/forms';
import { tokenPicker } from '../lib/picker';
import { nameShown, namesOf, sensorWords, valueWords } from '../lib/tokens';
import { gameKeeper, toCsv, toJson, totals } from '../lib/history';
import { clearGames, listGames, saveGame } from '../lib/history-store';
import { download, fill, fillText, h } from '../lib/dom';

const WORDS: GameWords = {};
for (const g of GAMES) WORDS[g.id] = g.words;

/** A `raw` in a diagnostics report over this many rejected changes marks a sensor chattering. */
const CHATTER_REJECTED = 20;
/** A fault the board tells (docs/protocol.md, `fault`) in words; docs/diagnostics.md says what each means and what to check. */
const FAULT_WORDS: Record<string, string> = {
  stuck: 'stuck at one reading', chatter: 'chattering: it changes far too fast', never: 'never changed yet',
  bank: "the bank misreads: the board trusts none of its sensors", rail: 'reads at a rail of its supply',
  drift: 'drifted from its reading on the empty table', noisy: 'its readings are noisy', inverted: 'the grid reads the field reversed: the colours would be swapped',
  missed: 'missed a ball that passed it', select: "a multiplexer's select line is dead: channels read their partners",
};
/** How often the sensors screen asks for a report while diagnostics is on (ms). */
const DIAG_POLL_MS = 1000;

const view: BoardView = emptyView();
let link: BoardLink | null = null;
let board: SimBoard | null = null;
let status: LinkStatus = 'idle';
let statusDetail = '';
let screen = 'score';
let diagTimer: ReturnType<typeof setInterval> | null = null;
/** The game the forms were made for. */
let formsFor: string | null = null;
/** Links opened so far: the scoreboard's `data-link`, so that a test knows which link it shows. */
let links = 0;

const $ = (id: string) => document.getElementById(id)!;

// ---------------------------------------------------------------- the link

/** Saves each game that ends; one ended again after an undo over what was saved of it. */
const keep = gameKeeper(saveGame);

function onMessage(m: BoardMessage): void {
  const ended = takeMessage(view, m);
  if (ended && view.game) {
    const players = view.scores.map((_, p) => playerName(view, p));
    void keep({ game: view.game, ended: Date.now(), players, scores: view.scores.slice(), winner: view.winner, changes: view.changes.slice() }, view.begun)
      .then(() => { if (screen === 'history') void renderHistory(); });
  }
  render();
}

function onStatus(s: LinkStatus, detail: string): void {
  status = s;
  statusDetail = detail;
  renderStatus();
}

function use(transport: BoardLink['transport'], retryMs?: number[]): BoardLink {
  if (link) link.close();
  Object.assign(view, emptyView());
  $('score').dataset.link = String(++links);
  link = new BoardLink(transport, { words: WORDS, onMessage, onStatus, retryMs });
  return link;
}

/** Connects to a real board: the browser lists the boards nearby. */
async function connectBluetooth(): Promise<void> {
  const problem = bluetoothProblem(navigator as { bluetooth?: unknown }, window.isSecureContext);
  if (problem) {
    onStatus('idle', problem);
    return;
  }
  stopSimulated();
  const retry = new URLSearchParams(location.search).get('retryMs');
  const l = use(new BleTransport((navigator as unknown as { bluetooth: BluetoothLike }).bluetooth), retry ? [Number(retry)] : undefined);
  try {
    await l.open();
  } catch (e) {
    // open() said why in the status line.
  }
}

function stopSimulated(): void {
  if (board) board.stop();
  board = null;
}

/** Connects to a simulated board playing `scenario`; `speed` 0 plays it at once, then runs on in real time. */
async function connectSimulated(next: SimBoard, speed: number): Promise<void> {
  stopSimulated();
  board = next;
  board.onChange = updateBoard;
  const opened = use(board.link);
  // A board started in diagnostics names no game until it plays one: the simulated board's is known.
  view.game = board.sim.scenario.header.game;
  await opened.open();
  // Played at once, the board still runs on, as a board does: its scan ticks carry out the phone's commands after
  // their lines (a board that scans sensors: docs/protocol.md) and read an undo back.
  if (speed === 0) board.runToEnd();
  board.speed = speed || 1;
  board.start();
  renderBoard();
  render();
  // Which link the simulated board plays on: a test waits for it.
  $('board').dataset.played = String(links);
}

function send(command: Record<string, unknown>): void {
  if (!link) {
    view.notice = 'connect a board first (or try without a board)';
    render();
    return;
  }
  void link.send(command).then((sent) => {
    if (!sent) {
      view.notice = 'not sent: the board is not connected';
      render();
    }
  });
}

// ---------------------------------------------------------------- rendering

function gameOf(): WebGame | undefined {
  return view.game ? gameById(view.game) : undefined;
}

/** A game's name for a player (its page's title), or its id for a game this page does not know. */
function titleOf(id: string): string {
  return gameById(id)?.title ?? id;
}

function renderStatus(): void {
  const text = { idle: 'not connected', connecting: 'connecting…', connected: 'connected', reconnecting: 'reconnecting…', closed: 'not connected' }[status];
  fill($('status'), h('span', { class: 'dot ' + status, 'data-status': status }), ' ', text, link ? ' · ' + link.transport.name : '', statusDetail && status !== 'connected' ? h('div', { class: 'detail', id: 'status-detail' }, statusDetail) : null);
}

/** A rule id's words in a game (its page's Rule ids), or ''. */
function ruleOf(gameId: string | null, rule: string): string {
  if (rule === 'undo') return 'an undo took moves back';
  const game = gameId ? gameById(gameId) : undefined;
  return (game && game.rules[rule]) || '';
}

function ruleWords(rule: string): string {
  return ruleOf(view.game, rule);
}

function renderScore(): void {
  const game = gameOf();
  const rows = view.scores.map((score, p) => h('li', { class: 'player' + (view.turn === p && view.winner === null ? ' turn' : '') + (view.winner === p ? ' winner' : ''), 'data-player': p },
    h('span', { class: 'name' }, playerName(view, p)),
    view.winner === p ? h('span', { class: 'badge' }, 'wins') : view.turn === p ? h('span', { class: 'badge' }, 'to play') : null,
    h('span', { class: 'score', 'data-score': p }, score)));
  const last = view.last;
  const drawn = game && game.companion.pieces ? game.companion.pieces.field : '';
  const fields = Object.keys(view.fields).filter((k) => k !== drawn && view.fields[k] !== null && view.fields[k] !== '' && view.fields[k] !== undefined && view.fields[k] !== false);
  fill($('score'),
    h('h2', { title: game ? game.id : '' }, game ? game.title : 'No game yet', view.winner !== null ? h('span', { id: 'winner', 'data-winner': view.winner }, ' · ' + playerName(view, view.winner) + ' wins') : h('span', { id: 'winner', 'data-winner': 'none' })),
    rows.length ? h('ol', { class: 'scores', id: 'scores' }, ...rows) : h('p', { class: 'hint' }, 'Connect a board: first press both of its buttons together; its display shows P and a passkey, which the phone asks for when it pairs. Or try it without a board.'),
    last ? h('p', { class: 'last', id: 'last' }, playerName(view, last.player) + ' ' + (last.points >= 0 ? '+' : '') + last.points + ' ', h('b', {}, last.rule), ruleWords(last.rule) ? ': ' + ruleWords(last.rule) : '') : null,
    fields.length ? h('dl', { class: 'fields' }, ...fields.flatMap((k) => [h('dt', { title: k }, fieldWords(game, k)), h('dd', { 'data-field': k }, fieldShown(game, k, view.fields[k]))])) : null,
    game ? question(game) : null);
}

/** The board's question to the referee (its game's companion.json, `question`), while it asks one: each thing asked about with its answers. */
function question(game: WebGame): HTMLElement | null {
  const q = game.companion.question;
  const asked = q && Array.isArray(view.fields[q.field]) ? view.fields[q.field] as string[] : [];
  if (!q || !asked.length) return null;
  const records = (Array.isArray(view.fields[q.records]) ? view.fields[q.records] : []) as Record<string, unknown>[];
  return h('div', { class: 'question', id: 'question' }, h('b', {}, q.label), ' ',
    ...asked.map((name) => {
      const index = records.findIndex((r) => r[q.name] === name);
      const record = records[index] ?? {};
      return h('p', { 'data-asked': name }, name + ' (' + q.shown.map((k) => fieldWords(game, k) + ' ' + fieldShown(game, k, record[k])).join(', ') + '): ',
        ...q.answers.map((a) => h('button', { onclick: () => (a.line ? send(JSON.parse(JSON.stringify(a.line).replace('"$index"', String(index)))) : a.form && fillForm(a.form, index)) }, a.label)));
    }));
}

/** A referee input's form made ready for an answer: its `set` field set to `value`, its `focus` field focused. */
function fillForm(form: { cmd: string; set: string; focus: string }, value: number): void {
  const f = document.querySelector(`form[data-cmd="${form.cmd}"]`) as HTMLFormElement | null;
  if (!f) return;
  (f.elements.namedItem(form.set) as HTMLInputElement).value = String(value);
  f.scrollIntoView();
  (f.elements.namedItem(form.focus) as HTMLInputElement).focus();
}

/** A key of the protocol or of a command table as a player reads it: its words (`firstPlayer` → "first player"). */
function words(key: string): string {
  return key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** An argument's or an option's words in a game: its companion.json's, else the key's own. */
function keyWords(game: WebGame, key: string): string {
  return (game.companion.arguments && game.companion.arguments[key]) || words(key);
}

/** How a game shows its state field (or a column of a field's table) `key`: its companion.json's `fields`. */
function fieldOf(game: WebGame | undefined, key: string): { words?: string; as?: string } {
  return (game && game.companion.fields && game.companion.fields[key]) || {};
}

/** A state field's words in a game: its companion.json's, else the key's own. */
function fieldWords(game: WebGame | undefined, key: string): string {
  return fieldOf(game, key).words || words(key);
}

/** A rule id with its words (`R7: …`), for a value that is one; else null. */
function ruleShown(value: unknown): string | null {
  const words = typeof value === 'string' ? ruleOf(view.game, value) : '';
  return words ? value + ': ' + words : null;
}

/** A value of field `key` in words, as the game's companion.json says it is shown (its `fields`), or null when it says nothing. */
function valueShown(game: WebGame | undefined, key: string, value: unknown): string | null {
  const as = fieldOf(game, key).as;
  if (!game || !as) return null;
  const ids = Array.isArray(value) ? value.map(String) : String(value).split(' ').filter((v) => v !== '');
  if (as === 'player') return typeof value === 'number' ? playerName(view, value) : null;
  if (as === 'players') return String(value).split('').map((p) => playerName(view, +p)).join(', ') || 'none';
  if (as === 'rules') return ids.length ? ids.map((r) => ruleShown(r) ?? r).join('; ') : 'none';
  const tokens = game.companion.tokens && game.companion.tokens[as];
  if (tokens) return value === '' ? 'no stroke yet' : valueWords(tokens, game.companion.names ?? {}, String(value)).join('; ');
  const names = namesOf(game.companion.names ?? {}, as);
  return ids.length ? ids.map((id) => nameShown(names[id], id)).join(', ') : 'none';
}

/** A game's field as the scoreboard shows it: a list of records (shuffleboard's weights) as a table, else in words. */
function fieldShown(game: WebGame | undefined, key: string, value: unknown): HTMLElement | string {
  const rows = Array.isArray(value) && value.length && value.every((r) => r && typeof r === 'object' && !Array.isArray(r)) ? value as Record<string, unknown>[] : null;
  if (!rows) {
    const shown = valueShown(game, key, value);
    if (shown !== null) return shown;
    // One value a player: each with the player's name.
    if (Array.isArray(value) && value.length === view.scores.length) return value.map((v, p) => playerName(view, p) + ' ' + v).join(', ');
    if (value === true) return 'yes';
    // A list in words: an empty one (a table with no weight on it) is none, not brackets.
    if (Array.isArray(value)) return value.length ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ') : 'none';
    return ruleShown(value) ?? (typeof value === 'string' ? value : JSON.stringify(value));
  }
  const keys = Object.keys(rows[0]);
  // A column of rule ids shows the ids, and their words under the table, once each (a table's cell is too narrow for them).
  const ruled = keys.filter((k) => fieldOf(game, k).as === 'rules');
  const cell = (k: string, v: unknown): string => (ruled.includes(k) ? String(v) : valueShown(game, k, v) ?? (typeof v === 'string' ? v : JSON.stringify(v)));
  const rules = [...new Set(rows.flatMap((r) => ruled.map((k) => String(r[k]))))].filter((r) => ruleShown(r));
  return h('div', {},
    h('table', {}, h('tr', {}, ...keys.map((k) => h('th', { title: k }, fieldWords(game, k)))), ...rows.map((r) => h('tr', {}, ...keys.map((k) => h('td', { 'data-key': k }, cell(k, r[k])))))),
    rules.length ? h('ul', { class: 'rule-words' }, ...rules.sort().map((r) => h('li', { 'data-rule': r }, ruleShown(r)))) : null);
}

/** An int field with at most this many values is a choice, not a number typed. */
const CHOICES_AT_MOST = 12;
/** Fields that name a player by index: their choices are the players' names. */
const PLAYER_FIELDS = ['p', 'player', 'firstPlayer', 'lag'];

/**
 * A form field for a rule of `game`: a choice wherever there are few values (the players by name, a game's parts
 * by their names), a picker for a list of tokens (command `cmd`'s), else a number or a text.
 */
function input(spec: FieldSpec, name: string, game: WebGame, cmd?: string): HTMLElement {
  // Left unset, an option is the game's default; an argument is not given (fortress's `blind` without `hit`: declared).
  const unset = spec.required ? [] : [h('option', { value: '' }, cmd ? '(not given)' : '(as the game has it)')];
  const tokens = game.companion.tokens && game.companion.tokens[spec.key];
  if (tokens && cmd) {
    const from = tokens.from && tokens.from[cmd];
    return tokenPicker(name, cmd, tokens, game.companion.names ?? {}, from ? { words: fieldWords(game, from), tokens: () => String(view.fields[from] ?? '') } : undefined);
  }
  const names = namesOf(game.companion.names ?? {}, spec.key);
  const named = (v: string | number) => nameShown(names[v], String(v));
  if (spec.choices) return h('select', { name }, ...unset, ...spec.choices.map((c) => h('option', { value: c }, named(c))));
  if (spec.type === 'str' && Object.keys(names).length) return h('select', { name }, ...unset, ...Object.keys(names).map((id) => h('option', { value: id }, named(id))));
  if (spec.type === 'bool') return h('select', { name }, ...unset, h('option', { value: 'true' }, 'yes'), h('option', { value: 'false' }, 'no'));
  if (spec.type === 'int' && spec.max - spec.min < CHOICES_AT_MOST) {
    const values = Array.from({ length: spec.max - spec.min + 1 }, (_, i) => spec.min + i);
    const shown = (v: number) => (PLAYER_FIELDS.indexOf(spec.key) >= 0 ? playerName(view, v) : named(v));
    return h('select', { name }, ...unset, ...values.map((v) => h('option', { value: v }, shown(v))));
  }
  if (spec.type === 'int') return h('input', { name, type: 'number', min: spec.min, max: spec.max, step: 1, placeholder: spec.min + '…' + spec.max });
  return h('input', { name, type: 'text', maxlength: spec.max, placeholder: `up to ${spec.max} characters` });
}

/** The values of a form's fields, by their specs (empty ones left out). */
function values(form: HTMLFormElement, specs: FieldSpec[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of specs) {
    const v = fieldValue(spec, (form.elements.namedItem(spec.key) as HTMLInputElement).value);
    if (v !== undefined) out[spec.key] = v;
  }
  return out;
}

/** The player counts a game takes (its setup refuses the others). */
function playable(game: WebGame): number[] {
  const counts: number[] = [];
  for (let n = 1; n <= 8; n++) {
    try {
      game.module.setup({ players: n, options: {} });
      counts.push(n);
    } catch (e) {
      // not playable by n
    }
  }
  return counts;
}

function newGameForm(game: WebGame): HTMLElement {
  const counts = playable(game);
  const names = h('div', { class: 'names' });
  const count = h('select', { name: 'players' }, ...counts.map((n) => h('option', { value: n }, n + (n === 1 ? ' player' : ' players'))));
  const showNames = (): void => fill(names, ...Array.from({ length: +count.value }, (_, i) => h('input', { name: 'name' + i, type: 'text', maxlength: 16, placeholder: 'Player ' + (i + 1) })));
  count.addEventListener('change', showNames);
  showNames();
  const options = Object.keys(game.companion.options).map((k) => fieldSpec(k, game.companion.options[k]));
  const problem = h('p', { class: 'problem' });
  const form = h('form', { id: 'new-game', novalidate: true, onsubmit: (e: Event) => {
    e.preventDefault();
    const chosen = values(form, options);
    const typed = Array.from({ length: +count.value }, (_, i) => (form.elements.namedItem('name' + i) as HTMLInputElement).value.trim());
    const command = { cmd: 'new', game: game.id, players: typed.every((n) => n === '') ? +count.value : typed.map((n, i) => n || 'Player ' + (i + 1)), options: chosen };
    const wrong = commandProblem({ cmd: 'options', ...chosen }, optionsTable(game.companion.options));
    fill(problem, wrong ?? '');
    if (!wrong) send(command);
  } },
  h('h3', {}, 'New game of ' + game.title), count, names,
  ...options.map((o) => h('label', { title: o.key }, keyWords(game, o.key) + ' ', input(o, o.key, game))),
  problem, h('button', { type: 'submit' }, 'Start a new game'));
  return form;
}

function refereeForms(game: WebGame): HTMLElement[] {
  return commandSpecs(game.module.commands).map((c) => {
    const problem = h('span', { class: 'problem' });
    const form = h('form', { class: 'command', 'data-cmd': c.name, novalidate: true, onsubmit: (e: Event) => {
      e.preventDefault();
      const command = { cmd: c.name, ...values(form, c.fields) };
      const wrong = commandProblem(command, game.module.commands);
      fill(problem, wrong ?? '');
      if (!wrong) send(command);
    } },
    h('button', { type: 'submit' }, c.name),
    ...c.fields.map((f) => {
      const field = input(f, f.key, game, c.name);
      // A picker holds several controls: a label would hand its clicks to the first.
      return field.classList.contains('picker') ? h('div', { class: 'field', title: f.key }, keyWords(game, f.key) + ':', field) : h('label', { title: f.key }, keyWords(game, f.key) + ' ', field);
    }),
    h('small', {}, game.companion.commands[c.name] ?? ''), problem);
    return form;
  });
}

function renderRun(): void {
  const game = gameOf();
  if (!game) {
    formsFor = null;
    fill($('run'), h('p', { class: 'hint' }, 'Connect a board first: the forms are made from its game.'));
    return;
  }
  if (formsFor === game.id) return;
  formsFor = game.id;
  fill($('run'),
    newGameForm(game),
    h('h3', {}, 'Correct'), h('button', { id: 'undo', onclick: () => send({ cmd: 'undo' }) }, 'Undo the last move'),
    h('h3', {}, 'Referee inputs'), ...refereeForms(game),
    h('h3', {}, "The board's buttons"),
    h('dl', { class: 'buttons' },
      h('dt', {}, 'next'), h('dd', {}, game.companion.next),
      h('dt', {}, 'mode, held 1 s'), h('dd', {}, 'undo the last move'),
      h('dt', {}, 'both together'), h('dd', {}, 'open pairing for a minute (the display shows P and the passkey to enter on the phone); on the simulated board, confirm a command that waits')));
}

/** The names of the game's sensors whose channels are set in `words` (a diag message's channel words: channel c is bit c & 31 of word c >> 5). */
function sensorsIn(game: WebGame, words: string[]): string[] {
  const w = words.map((x) => parseInt(x, 16));
  return game.module.board.sensors.filter((sensor: { ch: number }) => (w[sensor.ch >> 5] >>> (sensor.ch & 31)) & 1).map((sensor: { name: string }) => sensor.name);
}

/** The name of the game's sensor on channel `ch` ('' for none). */
function sensorOn(game: WebGame, ch: number): string {
  return game.module.board.sensors.find((sensor: { ch: number }) => sensor.ch === ch)?.name ?? '';
}

/** Sensor marks from the last diagnostics report and the faults told during play. */
function marks(game: WebGame): SensorMarks {
  const m = noMarks();
  const report = view.diag.report;
  if (report && report.levels) {
    for (const n of sensorsIn(game, report.levels as string[])) m.lit.add(n);
    for (const n of sensorsIn(game, report.stuck as string[])) m.stuck.add(n);
    for (const n of sensorsIn(game, report.never as string[])) m.never.add(n);
    // Each channel that changed: [channel, edges, transits, rejected changes].
    for (const c of report.ch as number[][]) if (c[3] > CHATTER_REJECTED) m.chatter.add(sensorOn(game, c[0]));
    for (const e of report.recent as number[][]) if (e[2] > 0) m.lit.add(sensorOn(game, e[1]));
  }
  for (const f of view.faults) if (f.sensor) m[f.fault === 'chatter' || f.fault === 'noisy' ? 'chatter' : f.fault === 'never' ? 'never' : 'stuck'].add(f.sensor);
  return m;
}

/** An analog board's sensors reading a field now (the report's `off`: name, ADC steps from half the supply); on an empty table, the faulty ones. */
function offList(): HTMLElement | null {
  const off = view.diag.report && (view.diag.report.off as [string, number][] | undefined);
  if (!off) return null;
  return h('p', { id: 'field-now' }, off.length
    ? 'Reading a field now (ADC steps from half the supply; on an empty table, check these): ' + off.map(([name, steps]) => name + ' ' + (steps > 0 ? '+' : '') + steps).join(', ')
    : 'No sensor reads a field: every one at half its supply.');
}

function renderDiag(): void {
  const game = gameOf();
  if (!game) {
    fill($('diag'), h('p', { class: 'hint' }, 'Connect a board first.'));
    return;
  }
  const walk = view.diag.walk as { seen: number; of: number; missing: string[]; unseen?: string[] } | null;
  const m = marks(game);
  // The walk's own channel words (a digital board's; else its names) mark the sensors still to see, so the drawing
  // and the text tell the same moment.
  if (walk) {
    m.never.clear();
    for (const n of walk.unseen ? sensorsIn(game, walk.unseen) : walk.missing) m.never.add(n);
  }
  // The walk message names the first few still to see.
  const unlisted = walk ? walk.of - walk.seen - walk.missing.length : 0;
  const more = unlisted > 0 ? ` and ${unlisted} more` + (walk!.unseen ? ', hollow on the drawing' : '') : '';
  fill($('diag'),
    h('p', {}, view.diag.on
      ? h('button', { id: 'diag-off', onclick: () => send({ cmd: 'diag', on: false }) }, 'Back to the game')
      : h('button', { id: 'diag-on', onclick: () => send({ cmd: 'diag', on: true }) }, 'Start diagnostics'),
    ' ', view.diag.on ? h('button', { id: 'walk', onclick: () => send({ cmd: 'diag', walk: true }) }, 'Restart the walk test') : null),
    walk ? h('div', { id: 'walk-progress' }, h('progress', { max: walk.of, value: walk.seen }), ` walk test: ${walk.seen} of ${walk.of} sensors seen`,
      walk.missing.length ? h('small', {}, ' still to see: ' + walk.missing.join(', ') + more) : h('b', {}, ' done')) : null,
    offList(),
    drawBoard(game, m),
    h('p', { class: 'legend' }, h('span', { class: 'lit' }, '● active or just fired'), ' ', h('span', { class: 'stuck' }, '● stuck'), ' ', h('span', { class: 'never' }, '○ never seen'), ' ', h('span', { class: 'chatter' }, '● chattering')),
    view.faults.length ? h('ul', { id: 'faults' }, ...view.faults.map((f) => h('li', { 'data-fault': f.fault }, (FAULT_WORDS[f.fault] ? `${FAULT_WORDS[f.fault]} (${f.fault})` : f.fault) + (f.sensor ? ': ' + f.sensor : '')))) : null);
}

async function renderHistory(): Promise<void> {
  const games = await listGames().catch(() => []);
  const t = totals(games);
  fill($('history'),
    h('p', {}, h('button', { id: 'export-csv', onclick: () => download('tallyboard-history.csv', 'text/csv', toCsv(games)) }, 'Export CSV'), ' ',
      h('button', { id: 'export-json', onclick: () => download('tallyboard-history.json', 'application/json', toJson(games)) }, 'Export JSON'), ' ',
      h('button', { onclick: () => { if (confirm('Forget every game kept on this phone?')) void clearGames().then(renderHistory); } }, 'Clear')),
    h('h3', {}, 'Players'),
    t.length ? h('table', { id: 'totals' }, h('tr', {}, h('th', {}, 'player'), h('th', {}, 'games'), h('th', {}, 'wins'), h('th', {}, 'points')),
      ...t.map((p) => h('tr', {}, h('td', {}, p.name), h('td', {}, p.games), h('td', {}, p.wins), h('td', {}, p.points)))) : h('p', { class: 'hint' }, 'No finished game yet.'),
    h('h3', {}, 'Games'),
    h('ol', { id: 'games', reversed: true, start: games.length }, ...games.slice().reverse().map((g) => h('li', {},
      h('details', {}, h('summary', {}, `${titleOf(g.game)}, ${new Date(g.ended).toLocaleString()}: ${g.players.map((p, i) => p + ' ' + g.scores[i]).join(', ')}${g.winner !== null ? ', ' + g.players[g.winner] + ' won' : ''}`),
        h('ol', {}, ...g.changes.map((c) => h('li', {}, `${g.players[c.player]} ${c.points >= 0 ? '+' : ''}${c.points} (${c.rule}${ruleOf(g.game, c.rule) ? ': ' + ruleOf(g.game, c.rule) : ''})`))))))));
}

/** Draws the simulated board's drawing again (its pieces follow the game): set by renderBoard. */
let simDrawing: (() => void) | null = null;
/** The simulated board's screen: what to play, the display, the board's drawing, happenings and buttons. */
let happening = 0;
function renderBoard(): void {
  const el = $('board');
  if (!board) {
    simDrawing = null;
    fill(el,
      h('p', {}, 'The real firmware runs in this page, on a simulated board: play a game by clicking the board, or watch a recorded one.'),
      ...GAMES.filter((g) => g.simGame).map((g) => h('button', { class: 'play', 'data-game': g.id, onclick: () => void connectSimulated(SimBoard.live(g.id, playable(g)[0] === 1 ? 2 : playable(g)[0]), 1) }, 'Play ' + g.title)),
      scenarioLoader());
    return;
  }
  const game = gameById(board.sim.scenario.header.game)!;
  const happenings = game.companion.happenings ?? [];
  const placed = happenings.filter((x) => TAKES_CLICK.test(JSON.stringify(x.line)));
  const act = (line: Record<string, unknown>): void => {
    try {
      board!.act(line);
    } catch (e) {
      view.notice = (e as Error).message;
      render();
    }
  };
  // A click makes the happening chosen, at the place or the point clicked.
  const chosen = () => placed[Math.min(happening, placed.length - 1)].line;
  const click = placed.length ? (place: string) => act(happeningLine(chosen(), { place })) : undefined;
  const pointClick = placed.length ? (point: Record<string, number>) => act(happeningLine(chosen(), { point })) : undefined;
  fill(el,
    h('p', { id: 'sim-status' }),
    h('div', { id: 'led' }),
    placed.length ? h('label', {}, 'A click on the board: ', h('select', { id: 'click-does', onchange: (e: Event) => { happening = +(e.target as HTMLSelectElement).value; } },
      ...placed.map((x, i) => h('option', { value: i, selected: i === happening }, x.label)))) : null,
    h('div', { id: 'sim-drawing' }),
    h('p', { id: 'under-way', class: 'hint' }),
    h('div', { class: 'happenings' }, ...happenings.filter((x) => placed.indexOf(x) < 0).map((x) => h('button', { onclick: () => act(x.line) }, x.label))),
    h('div', { class: 'buttons' },
      h('button', { onclick: () => act({ button: 'next' }) }, 'next'),
      h('button', { onclick: () => act({ button: 'next', holdMs: 1500 }) }, 'next, held'),
      h('button', { onclick: () => act({ button: 'mode', holdMs: 1000 }) }, 'mode, held (undo)'),
      h('button', { onclick: () => act({ button: 'both' }) }, 'both'),
      h('button', { id: 'power', onclick: () => act({ power: board!.powered() ? 'cut' : 'on' }) })),
    h('button', { onclick: () => { stopSimulated(); if (link) link.close(); link = null; Object.assign(view, emptyView()); render(); renderBoard(); } }, 'Leave the simulated board'),
    scenarioLoader());
  simDrawing = () => fill($('sim-drawing'), drawBoard(game, noMarks(), click, pointClick, view.fields));
  simDrawing();
  shown = '';
  updateBoard();
}


/** What changes as the simulated board runs: its time and power, and the display when it shows something new. */
let shown = '';
function updateBoard(): void {
  if (!board || screen !== 'board' || !document.getElementById('led')) return;
  // (Called at every animation frame while the board runs: a text is written only when it changed, or the page laid
  // itself out again at each frame, with nothing moving: a quarter of headless Chromium's page thread.)
  fillText($('sim-status'), `${titleOf(board.sim.scenario.header.game)} on the simulated board · ${(board.now() / 1000).toFixed(1)} s` + (board.powered() ? '' : ' · power off') + (board.done() ? '' : ' · playing back'));
  fillText($('power'), board.powered() ? 'cut the power' : 'power on');
  // (In words, each once: a fortress mouth is four sensors.)
  const game = gameById(board.sim.scenario.header.game);
  const seen = [...new Set(board.seenUnderWay().map((id) => (game ? sensorWords(game.companion.sensors, game.companion.names ?? {}, id) : id)))];
  fillText($('under-way'), board.busy() ? 'Under way: the board scores once everything on the table is at rest. Seen so far: ' + (seen.length ? seen.join(', ') : 'nothing yet') : '');
  const segments = board.segments();
  const key = JSON.stringify(segments);
  if (key !== shown || !$('led').firstChild) fill($('led'), drawDisplay(segments));
  shown = key;
}

function scenarioLoader(): HTMLElement {
  const speed = h('select', { id: 'speed' }, h('option', { value: '1' }, 'as recorded'), h('option', { value: '10' }, '10× faster'), h('option', { value: '0' }, 'at once'));
  const problem = h('p', { class: 'problem', id: 'scenario-problem' });
  const watch = async (text: string): Promise<void> => {
    let next: SimBoard;
    try {
      next = new SimBoard(text);
    } catch (err) {
      const line = (err as { line?: number }).line;
      fill(problem, (line ? `line ${line}: ` : '') + (err as Error).message);
      return;
    }
    fill(problem, '');
    await connectSimulated(next, +speed.value);
  };
  const examples = GAMES.flatMap((g) => g.examples);
  return h('div', { class: 'loader' }, h('h3', {}, 'Watch a recorded game'), speed,
    h('div', { class: 'examples' }, ...examples.map((f) => h('button', { class: 'example', 'data-example': f, onclick: async () => {
      const res = await fetch('../scenarios/' + f).catch(() => null);
      if (res && res.ok) await watch(await res.text());
      else fill(problem, 'could not load ' + f);
    } }, f.replace('.jsonl', '')))),
    h('label', {}, 'or a scenario file (.jsonl): ', h('input', { id: 'scenario', type: 'file', accept: '.jsonl,.json,.txt', onchange: async (e: Event) => {
      const file = (e.target as HTMLInputElement).files?.[0];
      if (file) await watch(await file.text());
    } })), problem);
}

function render(): void {
  fill($('notice'), view.notice);
  renderScore();
  renderRun();
  if (screen === 'diag') renderDiag();
  if (screen === 'board' && board && simDrawing) simDrawing();
}

function show(name: string): void {
  screen = name;
  for (const el of document.querySelectorAll('main > section')) (el as HTMLElement).hidden = el.id !== name;
  for (const el of document.querySelectorAll('nav button')) el.classList.toggle('on', (el as HTMLElement).dataset.screen === name);
  if (diagTimer) clearInterval(diagTimer);
  diagTimer = null;
  if (name === 'diag') {
    renderDiag();
    // The board reports its sensors when asked: ask now and then while the drawing is shown.
    diagTimer = setInterval(() => { if (view.diag.on) send({ cmd: 'diag' }); }, DIAG_POLL_MS);
  }
  if (name === 'history') void renderHistory();
  if (name === 'board') renderBoard();
}

function start(): void {
  document.querySelector('nav')!.addEventListener('click', (e) => {
    const name = (e.target as HTMLElement).dataset.screen;
    if (name) show(name);
  });
  $('connect').addEventListener('click', () => void connectBluetooth());
  $('try').addEventListener('click', () => show('board'));
  const problem = bluetoothProblem(navigator as { bluetooth?: unknown }, window.isSecureContext);
  if (problem) statusDetail = problem;
  renderStatus();
  render();
  show('score');
  // The first render is done (npm run bench reads it).
  performance.mark('companion-ready');
  if ('serviceWorker' in navigator && location.protocol !== 'file:') void navigator.serviceWorker.register('./sw.js').catch(() => undefined);
}

start();
