// The companion's view of a board from its lines, without a browser: the link's
// decoding when a notification is lost, the History's games (one a game, its
// changes its own), and the CSV cells a spreadsheet reads (hostile round 27).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../tools/games';
import { replay } from '../sim/replay';
import { BoardLink } from '../web/lib/board-link';
import type { Transport } from '../web/lib/transport';
import { pieces } from '../web/lib/transport';
import { emptyView, playerName, takeMessage } from '../web/lib/board-view';
import { gameKeeper, toCsv } from '../web/lib/history';
import type { FinishedGame } from '../web/lib/history';
import type { BoardMessage } from '../sim/phone';

const triangle = readFileSync(join(ROOT, 'scenarios', 'triangle-game.jsonl'), 'utf8').trim().split('\n');

/** What a paired phone hears of a scenario: each message the board sent, in order. */
function heard(lines: string[]): BoardMessage[] {
  return replay(lines.join('\n')).lines.map((l) => JSON.parse(l)).filter((o) => o.phone).map((o) => o.phone);
}

/** A link over a transport the test feeds, and the messages it hands on. */
function link(): { feed(chunk: string): void; got: BoardMessage[] } {
  const got: BoardMessage[] = [];
  const transport: Transport = { name: 'test', connect: async () => {}, write: async () => {}, close() {}, onData: null, onDrop: null };
  new BoardLink(transport, { words: {}, onMessage: (m) => got.push(m), onStatus() {} });
  return { feed: (chunk) => transport.onData!(chunk), got };
}

describe('companion: the view of a board, from its lines', () => {
  it('a lost notification loses only the lines it was part of, wherever it falls', () => {
    const messages = heard(triangle);
    const text = messages.map((m) => JSON.stringify(m) + '\n').join('');
    const chunks = pieces(text);
    // Every 7th notification lost, in turn (some 40 cases over the game's lines).
    for (let lost = 3; lost < chunks.length; lost += 7) {
      const { feed, got } = link();
      chunks.forEach((c, i) => { if (i !== lost) feed(c); });
      // The lines the lost piece touched: the one it falls in, and the next when it held a line's end.
      const start = lost * 20;
      const touched = new Set<number>();
      let at = 0;
      messages.forEach((m, i) => { const end = at + JSON.stringify(m).length + 1; if (end > start && at < start + 20) touched.add(i); at = end; });
      assert.ok(got.length >= messages.length - touched.size - 1, `notification ${lost} lost: ${messages.length - got.length} messages lost, ${touched.size} touched`);
      if (!touched.has(messages.length - 1)) assert.deepEqual(got[got.length - 1], messages[messages.length - 1], 'the lines after it are heard');
      // (A line whose lost piece joins two parts that still parse, a key cut, is a message of no known shape: the view
      // passes it over.)
      const view = emptyView();
      for (const m of got) takeMessage(view, m);
      assert.deepEqual(view.scores, messages[messages.length - 1].scores);
    }
    const view = emptyView();
    takeMessage(view, messages.find((m) => m.type === 'state')!);
    const before = JSON.stringify(view);
    for (const odd of [{ type: 'state', ores: [1, 2] }, { type: 'over', winner: 0 }, { type: 'score', player: 0, pints: 3 }]) assert.equal(takeMessage(view, odd as BoardMessage), false);
    assert.equal(JSON.stringify(view), before, 'messages of no known shape change nothing');
  });

  it("History keeps a game's own point changes, and a game ended again after an undo once", async () => {
    const shift = (lines: string[], by: number) => lines.map((l) => { const o = JSON.parse(l); o.t += by; return JSON.stringify(o); });
    const last = JSON.parse(triangle[triangle.length - 1]);
    const scenario = [triangle[0], '{"t":1000,"do":"flick","stopMm":-4}', '{"t":3500,"do":"flick","stopMm":-3}', '{"t":8000,"phone":{"cmd":"new","game":"triangle","players":2}}']
      .concat(shift(triangle.slice(1), 10000))
      .concat([JSON.stringify({ t: last.t + 16000, phone: { cmd: 'undo' } }), JSON.stringify({ t: last.t + 19000, do: 'flick', stopMm: last.stopMm })]);
    const view = emptyView();
    const kept = new Map<number, FinishedGame>();
    const keep = gameKeeper(async (g) => { const id = g.id ?? kept.size + 1; kept.set(id, { ...g, id }); return id; });
    for (const m of heard(scenario)) {
      if (takeMessage(view, m) && view.game) await keep({ game: view.game, ended: 0, players: view.scores.map((_, p) => playerName(view, p)), scores: view.scores.slice(), winner: view.winner, changes: view.changes.slice() }, view.begun);
    }
    // The game abandoned for a new one left none of its changes in the game kept; ended, undone and ended again, it is one game.
    assert.equal(kept.size, 1);
    const game = [...kept.values()][0];
    game.scores.forEach((s, p) => assert.equal(game.changes.filter((c) => c.player === p).reduce((sum, c) => sum + c.points, 0), s, `player ${p}'s changes add up to the score`));
  });

  it('History keeps two games when the first, heard from its end, was corrected and ended again, then a new game played (hostile round 27)', async () => {
    const shift = (lines: string[], by: number) => lines.map((l) => { const o = JSON.parse(l); o.t += by; return JSON.stringify(o); });
    const end = JSON.parse(triangle[triangle.length - 1]).t;
    const scenario = triangle.concat([
      JSON.stringify({ t: end + 6000, phone: { cmd: 'off' } }), JSON.stringify({ t: end + 6500, phone: { cmd: 'undo' } }),
      JSON.stringify({ t: end + 9500, phone: { cmd: 'new', game: 'triangle', players: 2 } }),
    ]).concat(shift(triangle.slice(1), end + 12000));
    const messages = heard(scenario);
    // The page connects once the first game is over: the state it asks for then.
    const first = messages.findIndex((m) => m.type === 'over');
    const view = emptyView();
    takeMessage(view, messages[first - 1]);
    const kept = new Map<number, FinishedGame>();
    const keep = gameKeeper(async (g) => { const id = g.id ?? kept.size + 1; kept.set(id, { ...g, id }); return id; });
    for (const m of messages.slice(first + 1)) {
      if (takeMessage(view, m) && view.game) await keep({ game: view.game, ended: 0, players: ['a', 'b'], scores: view.scores.slice(), winner: view.winner, changes: view.changes.slice() }, view.begun);
    }
    assert.equal(kept.size, 2);
    const second = [...kept.values()][1];
    second.scores.forEach((s, p) => assert.equal(second.changes.filter((c) => c.player === p).reduce((sum, c) => sum + c.points, 0), s));
  });

  it('a name a spreadsheet would take as a formula is written as text in the CSV', () => {
    const csv = toCsv([{ game: 'triangle', ended: 0, players: ['=1+1', '@SUM(9)'], scores: [3, -1], winner: 0, changes: [{ player: 0, points: 3, rule: 'T3' }, { player: 1, points: -1, rule: 'T3' }] }]);
    const rows = csv.trim().split('\n').slice(1).map((r) => r.split(','));
    assert.deepEqual(rows.map((r) => r[4]), ["'=1+1", "'@SUM(9)"]);
    assert.deepEqual(rows.map((r) => r[5]), ['3', '-1'], 'numbers as they are');
  });
});
