// What the rules tests share.
import assert from 'node:assert/strict';
import type { Outcome, ScoreChange } from '../firmware/game';

/** Plays moves in order through `play`, failing on a refusal; returns the last state and all changes. */
export function playInOrder<S, M>(play: (state: S, move: M) => Outcome<S>, state: S, moves: M[]): { state: S; changes: ScoreChange[] } {
  const changes: ScoreChange[] = [];
  for (const m of moves) {
    const o = play(state, m);
    assert.equal(o.refused, undefined, 'refused ' + JSON.stringify(m) + ': ' + o.refused);
    state = o.state;
    changes.push(...o.changes);
  }
  return { state, changes };
}
