import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TriangleState, TriangleMove, FlickResult } from '../firmware/games/triangle/rules';
import { game } from '../firmware/games/triangle/index';
import { trianglePhoneFields } from '../firmware/games/triangle/layout';
import { playMove } from '../firmware/game';
import { LOG, undoRecord, record, restore, setupRecord } from '../firmware/persist';
import { SimFlash } from '../sim/flash';
import { playInOrder } from './rules-harness';

const play = (state: TriangleState, move: TriangleMove) => playMove(game, state, move);

function start(players = 2, exact = false): TriangleState {
  return game.setup({ players: players, options: { exact: exact } });
}

function flick(r: FlickResult, s?: number): TriangleMove {
  return s === undefined ? { k: 'flick', r: r } : { k: 'flick', r: r, s: s };
}

const playAll = (state: TriangleState, moves: TriangleMove[]) => playInOrder(play, state, moves);

function repeat<T>(n: number, items: T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(...items);
  return out;
}

/** Player 0 makes 9 a turn, player 1 goes beyond at once: after n rounds, 9n to 0, player 0 at A. */
function rounds(state: TriangleState, n: number): TriangleState {
  return playAll(state, repeat(n, [flick('perfect'), flick('perfect'), flick('perfect'), flick('beyond')])).state;
}

describe('triangle rules', () => {
  it('T1: 2 to 6 players; any other count is refused with a readable error', () => {
    for (const n of [2, 3, 4, 5, 6]) assert.deepEqual(game.scores(start(n)), new Array(n).fill(0));
    for (const n of [0, 1, 7, 2.5]) assert.throws(() => start(n), /^Error: players: 2\.\.6 \(T1\)$/);
    assert.throws(() => game.setup({ players: 2, options: { exact: 'yes' } }), /^Error: bad exact$/);
  });

  it('a misspelt option is refused with its name, never ignored', () => {
    assert.throws(() => game.setup({ players: 2, options: { exakt: true } }), /^Error: exakt: unknown$/);
    assert.throws(() => game.setup({ players: 9, options: { exact: true, x: 1 } }), /^Error: x: unknown$/, 'the unknown option first');
  });

  it('T1: players flick in a fixed rotation, every turn starting at angle A', () => {
    let state = start(3);
    const turns: number[] = [];
    for (let i = 0; i < 7; i++) {
      assert.equal(state.f, 0, 'turn starts at A');
      turns.push(game.turn(state));
      state = playAll(state, [flick('partly'), flick('beyond')]).state;
    }
    assert.deepEqual(turns, [0, 1, 2, 0, 1, 2, 0]);
  });

  it('T2: sides are flicked A→B, B→C, C→A in that order; a flick along another side is refused', () => {
    let state = start();
    assert.equal(state.f, 0);
    const wrong = play(state, flick('perfect', 1));
    assert.equal(wrong.refused, 'T2 BC AB');
    assert.equal(wrong.state, state);
    assert.deepEqual(wrong.changes, []);
    state = playAll(state, [flick('perfect', 0)]).state;
    assert.equal(state.f, 1);
    state = playAll(state, [flick('partly', 1)]).state;
    assert.equal(state.f, 2);
    assert.equal(play(state, flick('short', 0)).refused, 'T2 AB CA');
  });

  it('T3: perfect scores 3 and the turn goes on', () => {
    const o = play(start(), flick('perfect'));
    assert.deepEqual(o.changes, [{ player: 0, points: 3, rule: 'T3' }]);
    assert.equal(game.turn(o.state), 0);
    assert.equal(o.state.f, 1);
  });

  it('T3: partly over scores 1 and the turn goes on', () => {
    const o = play(start(), flick('partly'));
    assert.deepEqual(o.changes, [{ player: 0, points: 1, rule: 'T3' }]);
    assert.equal(game.turn(o.state), 0);
    assert.equal(o.state.f, 1);
  });

  it('T3/T7: short scores 1 and the turn goes on', () => {
    const o = play(playAll(start(), [flick('perfect')]).state, flick('short'));
    assert.deepEqual(o.changes, [{ player: 0, points: 1, rule: 'T3' }]);
    assert.deepEqual(game.scores(o.state), [4, 0]);
    assert.equal(o.state.f, 2);
  });

  it('T3: entirely beyond scores 0 and ends the turn at once', () => {
    const r = playAll(start(), [flick('perfect'), flick('beyond')]);
    assert.deepEqual(r.changes[1], { player: 0, points: 0, rule: 'T3' });
    assert.deepEqual(game.scores(r.state), [3, 0]);
    assert.equal(game.turn(r.state), 1);
    assert.equal(r.state.f, 0);
  });

  it('T4: only 0, 1 and 3 are ever scored (any flicks, undos and corrections)', () => {
    // null: an undo, which the runtime makes by replaying its log without the last move (tested below): the state before it.
    const move = fc.oneof(
      fc.constantFrom<FlickResult>('perfect', 'partly', 'short', 'beyond').map((r) => flick(r)),
      fc.constant<TriangleMove>({ k: 'off' }),
      fc.integer({ min: 0, max: 3000 }).map((ms): TriangleMove => ({ k: 'next', ms })),
      fc.constant(null),
      fc.constantFrom<FlickResult>('perfect', 'partly', 'short', 'beyond').map((r): TriangleMove => ({ k: 'fix', r })),
    );
    fc.assert(fc.property(fc.integer({ min: 2, max: 6 }), fc.boolean(), fc.array(move, { maxLength: 150 }), (n, exact, moves) => {
      let state = start(n, exact);
      // What each flick is worth now, as the reported changes say; and both as they were before each move that stands.
      let worth: { player: number; points: number }[] = [];
      const before: { state: TriangleState; worth: typeof worth }[] = [];
      for (const m of moves) {
        if (m === null) {
          const back = before.pop();
          if (back) ({ state, worth } = back);
          continue;
        }
        const o = play(state, m);
        if (o.refused !== undefined) continue;
        before.push({ state, worth: worth.map((w) => ({ ...w })) });
        state = o.state;
        if (m.k === 'flick') worth.push({ player: o.changes[0].player, points: o.changes[0].points });
        else worth[worth.length - 1].points += o.changes[0].points;
        for (const w of worth) assert.ok([0, 1, 3].includes(w.points), 'a flick worth ' + w.points);
      }
      const totals = new Array(n).fill(0);
      for (const w of worth) totals[w.player] += w.points;
      assert.deepEqual(game.scores(state), totals);
    }), { seed: 5, numRuns: 300 });
    // And each single flick's change is 0, 1 or 3.
    for (const r of ['perfect', 'partly', 'short', 'beyond'] as FlickResult[]) {
      assert.ok([0, 1, 3].includes(play(start(), flick(r)).changes[0].points));
    }
  });

  it('T5: after the third side the turn ends, whatever was scored', () => {
    for (const last of ['perfect', 'partly', 'short'] as FlickResult[]) {
      const r = playAll(start(3), [flick('perfect'), flick('perfect'), flick(last)]);
      assert.equal(game.turn(r.state), 1, 'after ' + last);
      assert.equal(r.state.f, 0);
    }
    assert.deepEqual(game.scores(playAll(start(), [flick('perfect'), flick('perfect'), flick('perfect')]).state), [9, 0]);
  });

  it('T6: the first to reach 99 wins at that flick, even in the middle of a turn', () => {
    let state = rounds(start(), 10); // 90 to 0
    state = playAll(state, [flick('perfect'), flick('perfect')]).state; // 96, mid-turn
    assert.equal(game.winner(state), null);
    const o = play(state, flick('perfect'));
    assert.deepEqual(game.scores(o.state), [99, 0]);
    assert.equal(game.winner(o.state), 0);
    // Mid-turn win: at 97 after a partly on side A→B, then perfect on B→C.
    let mid = rounds(start(), 10);
    mid = playAll(mid, [flick('perfect'), flick('partly'), flick('partly'), flick('beyond')]).state; // 95
    mid = playAll(mid, [flick('partly'), flick('perfect')]).state; // 96, 99 at side B→C
    assert.equal(game.winner(mid), 0);
    assert.equal(mid.f, 1, 'won on the second side');
    assert.equal(play(mid, flick('perfect')).refused, 'over');
  });

  it('T6: without `exact`, passing 99 also wins', () => {
    let state = rounds(start(), 10);
    state = playAll(state, [flick('perfect'), flick('perfect'), flick('partly'), flick('beyond')]).state; // 97
    state = playAll(state, [flick('perfect')]).state;
    assert.deepEqual(game.scores(state), [100, 0]);
    assert.equal(game.winner(state), 0);
  });

  it('T6: with `exact`, a flick that would pass 99 scores nothing and ends the turn', () => {
    let state = rounds(start(2, true), 10);
    state = playAll(state, [flick('perfect'), flick('perfect'), flick('partly'), flick('beyond')]).state; // 97
    const o = play(state, flick('perfect'));
    assert.deepEqual(o.changes, [{ player: 0, points: 0, rule: 'T6' }]);
    assert.deepEqual(game.scores(o.state), [97, 0]);
    assert.equal(game.turn(o.state), 1);
    assert.equal(game.winner(o.state), null);
    // Exactly 99 wins.
    const won = playAll(o.state, [flick('beyond'), flick('partly'), flick('partly')]).state;
    assert.deepEqual(game.scores(won), [99, 0]);
    assert.equal(game.winner(won), 0);
  });

  it('T7: a flick the board decides was short (never seen at the angle) scores 1', () => {
    const o = play(start(), { k: 'flick', r: 'short', s: 0 });
    assert.deepEqual(o.changes, [{ player: 0, points: 1, rule: 'T3' }]);
  });

  it('T8: the referee\'s off mark re-scores the last flick 0 and ends the turn', () => {
    const state = playAll(start(), [flick('perfect'), flick('short')]).state; // sensed short: it had left the triangle
    const o = play(state, { k: 'off' });
    assert.deepEqual(o.changes, [{ player: 0, points: -1, rule: 'T8' }]);
    assert.deepEqual(game.scores(o.state), [3, 0]);
    assert.equal(game.turn(o.state), 1);
    assert.equal(o.state.f, 0);
    assert.equal(trianglePhoneFields(o.state).last, 'off');
  });

  it('T8: the mark applies only to the last flick, so only before the next flick; never before any', () => {
    assert.equal(play(start(), { k: 'off' }).refused, 'none');
    // The short flick is followed by a perfect: marking off now hits the perfect, not the short.
    const state = playAll(start(), [flick('short'), flick('perfect')]).state;
    const o = play(state, { k: 'off' });
    assert.deepEqual(o.changes, [{ player: 0, points: -3, rule: 'T8' }]);
    assert.deepEqual(game.scores(o.state), [1, 0]);
  });

  it('T8: marking off the flick that reached 99 takes the win back', () => {
    let state = rounds(start(), 10);
    state = playAll(state, [flick('perfect'), flick('perfect'), flick('perfect')]).state;
    assert.equal(game.winner(state), 0);
    const o = play(state, { k: 'off' });
    assert.equal(game.winner(o.state), null);
    assert.deepEqual(game.scores(o.state), [96, 0]);
    assert.equal(game.turn(o.state), 1);
  });

  it('corrections (fix) re-score the last flick under its own rule', () => {
    const state = playAll(start(), [flick('perfect'), flick('beyond')]).state;
    assert.equal(game.turn(state), 1);
    const o = play(state, { k: 'fix', r: 'perfect' });
    assert.deepEqual(o.changes, [{ player: 0, points: 3, rule: 'T3' }]);
    assert.equal(game.turn(o.state), 0, 'the turn goes on again');
    assert.equal(o.state.f, 2);
    assert.equal(play(state, { k: 'fix', r: 'sideways' as FlickResult }).refused, 'result');
  });

  it('undo (the runtime replays its saved log without the last move) takes the last flick or correction back exactly', () => {
    const move = fc.oneof(
      fc.constantFrom<FlickResult>('perfect', 'partly', 'short', 'beyond').map((r) => flick(r)),
      fc.constant<TriangleMove>({ k: 'off' }),
      fc.integer({ min: 0, max: 3000 }).map((ms): TriangleMove => ({ k: 'next', ms })),
      fc.constantFrom<FlickResult>('perfect', 'partly', 'short', 'beyond').map((r): TriangleMove => ({ k: 'fix', r })),
    );
    fc.assert(fc.property(fc.array(move, { maxLength: 100 }), move, (moves, last) => {
      const config = { players: 3, options: { exact: true } };
      let log = setupRecord('triangle', config);
      let state = game.setup(config);
      for (const m of moves) {
        const o = play(state, m);
        if (o.refused !== undefined) continue;
        state = o.state;
        log += record(m);
      }
      const after = play(state, last);
      if (after.refused !== undefined) return;
      const flash = new SimFlash();
      flash.files[LOG] = log + record(last) + undoRecord();
      assert.deepEqual(restore(flash, game)!.state, state);
    }), { seed: 7, numRuns: 200 });
  });

  it('play is pure and its state is plain JSON', () => {
    fc.assert(fc.property(fc.array(fc.oneof(
      fc.constantFrom<FlickResult>('perfect', 'partly', 'short', 'beyond').map((r) => flick(r)),
      fc.constant<TriangleMove>({ k: 'off' }),
      fc.integer({ min: 0, max: 3000 }).map((ms): TriangleMove => ({ k: 'next', ms })),
      fc.constantFrom<FlickResult>('perfect', 'partly', 'short', 'beyond').map((r): TriangleMove => ({ k: 'fix', r })),
    ), { maxLength: 60 }), (moves) => {
      let state = start(4);
      for (const m of moves) {
        const snapshot = JSON.stringify(state);
        const o = play(state, m);
        assert.equal(JSON.stringify(state), snapshot, 'input untouched');
        assert.deepEqual(JSON.parse(JSON.stringify(o.state)), o.state);
        state = o.state;
      }
    }), { seed: 11, numRuns: 200 });
  });
});
