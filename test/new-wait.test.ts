// A phone's `new` while a move is under way waits for the board to be still (firmware/handle.ts), so that the move is
// decided into the game in play; throws launched as the one before is decided keep a shuffleboard busy for as long
// as they come (issue 31). The wait has a bound: NEW_WAIT_MS, then the `new` is refused, with its id, and the game in
// play goes on as without it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { replay } from '../sim/replay';
import { NEW_WAIT_MS } from '../firmware/handle';
import { gameWords } from '../sim/words';

type Line = { t: number; phone?: Record<string, unknown>; final?: { scores: number[]; state: unknown } };

describe('a `new` while a move is under way', () => {
  it('throws that keep coming for over a minute: `ok` at once, refused (`moving`, its id) NEW_WAIT_MS later, the game in play going on as without it', () => {
    const text = readFileSync('scenarios/regression-shuffleboard-new-while-throws-keep-coming.jsonl', 'utf8');
    const sent = JSON.parse(text.split('\n').find((l) => l.includes('"cmd":"new"'))!);
    const lines = replay(text).lines.map((l) => JSON.parse(l) as Line);
    const replies = lines.filter((l) => l.phone && (l.phone.type === 'ok' || l.phone.type === 'error'));
    assert.deepEqual(replies.map((l) => l.phone), [
      { type: 'ok', cmd: 'new', id: 7 },
      { type: 'error', code: 'not_now', message: gameWords().shuffleboard.moving, id: 7 },
    ]);
    // (`ok` at once; refused at the board's first slow tick, a second's, from NEW_WAIT_MS on.)
    assert.equal(replies[0].t, sent.t);
    assert.ok(replies[1].t >= sent.t + NEW_WAIT_MS && replies[1].t < sent.t + NEW_WAIT_MS + 1000, `refused at ${replies[1].t}`);
    // The board was busy throughout: the last throw was decided after the refusal.
    const states = lines.filter((l) => l.phone?.type === 'state');
    assert.ok(!states.some((l) => l.t > sent.t && (l.phone!.scores as number[]).every((x) => x === 0) && l.phone!.left === 8), 'no new game began');
    const without = replay(text.split('\n').filter((l) => !l.includes('"cmd":"new"')).join('\n')).lines;
    assert.deepEqual(lines.at(-1)!.final, JSON.parse(without.at(-1)!).final);
  });
});
