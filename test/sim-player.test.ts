// The simulated triangle player (sim/games/triangle.ts, docs/replay.md) across power cuts: while the board is off or
// starting he flicks along the side the rules give from what the board showed before the cut (an undo, an off, a
// fix he saw) and his own flicks it had not shown (hostile round 11). Expected sides and scores from the rules text
// (docs/games/triangle.md, T3: perfect 3, short 1, the turn going on along AB, BC, CA; beyond or off 0, the turn
// ends), and docs/saving.md for a flick the board did not see (it expects that flick's side, and flags the next).
import assert from 'node:assert/strict';
import { replay } from '../sim/replay';

/** Player 0's perfect flick along AB (3-0), then `lines`: the final scores, and the flags told. */
function game(lines: object[], players = 2): { scores: number[]; flags: string[] } {
  const text = [{ game: 'triangle', players, seed: 1 }, { t: 1000, do: 'flick', stopMm: -1 }, ...lines]
    .map((l) => JSON.stringify(l)).join('\n');
  const out = replay(text).lines.map((l) => JSON.parse(l));
  const flags = out.filter((l) => l.phone && l.phone.type === 'flag').map((l) => l.phone.message as string);
  return { scores: out[out.length - 1].final.scores, flags };
}

/** His perfect flick along BC: 6-0, CA to flick. */
const BC = { t: 4000, do: 'flick', stopMm: -1 };
const CUT = [{ t: 7100, power: 'cut' }, { t: 7800, power: 'on' }];
/** A perfect flick while the board is starting (up at 8.8 s; the chip placed at 8.7 s). */
const FLICK_WHILE_STARTING = { t: 8500, do: 'flick', stopMm: -1 };

describe('the simulated triangle player across power cuts', function () {
  this.timeout(60000);

  it('an undo he saw before the cut: he flicks along BC, as the display showed, scored (6-0)', () => {
    assert.deepEqual(game([BC, { t: 7000, phone: { cmd: 'undo', id: 1 } }, ...CUT, FLICK_WHILE_STARTING]), { scores: [6, 0], flags: [] });
  });

  it('an off he saw before the cut: player 1 flicks along AB (T8), scored (3-3)', () => {
    assert.deepEqual(game([BC, { t: 7000, phone: { cmd: 'off', id: 1 } }, ...CUT, FLICK_WHILE_STARTING]), { scores: [3, 3], flags: [] });
  });

  it('a fix to beyond he saw before the cut: player 1 flicks along AB, scored (3-3-0)', () => {
    assert.deepEqual(game([BC, { t: 7000, phone: { cmd: 'fix', r: 'beyond', id: 1 } }, ...CUT, FLICK_WHILE_STARTING], 3), { scores: [3, 3, 0], flags: [] });
  });

  it('an undo the cut tore in its write, never shown: he flicks along CA, as the board comes up without it (9-0)', () => {
    assert.deepEqual(game([BC, { t: 6900, power: 'cut', afterBytes: 3 }, { t: 7000, phone: { cmd: 'undo', id: 1 } }, { t: 7800, power: 'on' }, FLICK_WHILE_STARTING]), { scores: [9, 0], flags: [] });
  });

  // His third flick along CA, placed at 7.2 s and flicked at 7.7 s, goes while the board is off: the board does not see
  // it, and flags his fourth, along AB. (The power back at 8 s, the board up at 9 s; the fourth placed at 8.8 s.)
  const UNSEEN = [{ t: 8000, power: 'on' }, { t: 8600, do: 'flick', stopMm: -1 }];
  it('his own flick placed before the cut and flicked after it: he goes on after it, along AB', () => {
    assert.deepEqual(game([BC, { t: 7000, do: 'flick', stopMm: -1 }, { t: 7300, power: 'cut' }, ...UNSEEN]), { scores: [6, 0], flags: ['side AB, expected CA'] });
  });

  it('the same after a short flick the placing of that chip decided (BC short: 4-0): along AB', () => {
    const lines = [{ t: 4000, do: 'flick', stopMm: -30 }, { t: 7000, do: 'flick', stopMm: -1 }, { t: 7400, power: 'cut' }, ...UNSEEN];
    assert.deepEqual(game(lines).flags, ['side AB, expected CA']);
  });

  it('a short flick still undecided at the cut, and the next chip placed while the board is off: along AB', () => {
    const lines = [{ t: 4000, do: 'flick', stopMm: -30 }, { t: 7000, do: 'flick', stopMm: -1 }, { t: 7100, power: 'cut' }, ...UNSEEN];
    assert.deepEqual(game(lines).flags, ['side AB, expected CA']);
  });
});
