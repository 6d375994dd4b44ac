// The example scenarios in scenarios/triangle-*.jsonl: generated here (run with
// TRIANGLE_WRITE=1 to rewrite them), checked to be what the generator says, and
// replayed with `tallyboard replay` (the firmware on the simulator, sensor noise from the seed).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { FlickResult, OFF_HOLD_MS, TriangleMove, TriangleState } from '../firmware/games/triangle/rules';
import { game as triangle } from '../firmware/games/triangle/index';
import { playMove } from '../firmware/game';
import { seededRng } from './triangle-harness';
import { replay } from '../sim/replay';

/** RULES T3/T7 read straight from the geometry: where the leading edge rests against the line. */
function ruled(stopMm: number): FlickResult {
  if (stopMm < -3) return 'short';
  if (stopMm <= 0) return 'perfect';
  return stopMm <= 22 ? 'partly' : 'beyond';
}

const GAP_MS = 2500;

/** A whole game: flicks drawn from a seeded mix until the rules name a winner. */
function generate(players: number, exact: boolean, seed: number): { text: string; expected: TriangleState } {
  const rng = seededRng(seed);
  const lines = [JSON.stringify({ game: 'triangle', players, options: { exact }, seed })];
  let state = triangle.setup({ players, options: { exact } });
  let t = 1000;
  while (state.w === null) {
    const u = rng();
    // Mostly good flicks (as a practised player), some short, partly over or beyond.
    const stopMm = u < 0.55 ? -Math.floor(rng() * 4) : u < 0.7 ? -4 - Math.floor(rng() * 60)
      : u < 0.9 ? 1 + Math.floor(rng() * 22) : 23 + Math.floor(rng() * 80);
    lines.push(JSON.stringify({ t, do: 'flick', stopMm }));
    state = playMove(triangle, state, { k: 'flick', r: ruled(stopMm) }).state;
    t += GAP_MS;
  }
  return { text: lines.join('\n') + '\n', expected: state };
}

/** A short game with a chip off the triangle (phone T8 mark), a button correction and an undo. */
const CORRECTED = [
  { game: 'triangle', players: 2, options: { exact: false }, seed: 3 },
  { t: 1000, do: 'flick', stopMm: -2 }, // P1 perfect 3
  { t: 3500, do: 'flick', off: true }, // left the triangle: sensed short, +1
  { t: 7000, phone: { cmd: 'off' } }, // the referee's T8 mark: -1, turn to P2
  { t: 8000, do: 'flick', stopMm: 5 }, // P2 partly, +1
  { t: 10500, button: 'next' }, // referee: it was even → perfect, +2
  { t: 11500, do: 'flick', stopMm: 30 }, // P2 beyond, 0, turn ends
  { t: 14000, do: 'flick', stopMm: -10 }, // P1 short, +1
  { t: 16500, phone: { cmd: 'undo' } }, // taken back: -1
  { t: 17500, do: 'flick', stopMm: 0 }, // P1 perfect again on A→B, +3
];

const FILES: Record<string, () => string> = {
  'scenarios/triangle-game.jsonl': () => generate(2, false, 1).text,
  'scenarios/triangle-exact.jsonl': () => generate(3, true, 4).text,
  'scenarios/triangle-corrected.jsonl': () => CORRECTED.map((l) => JSON.stringify(l)).join('\n') + '\n',
};

if (process.env.TRIANGLE_WRITE) for (const [path, make] of Object.entries(FILES)) writeFileSync(path, make());

describe('triangle example scenarios', () => {
  for (const [path, make] of Object.entries(FILES)) {
    it(`${path} is what its generator writes`, () => {
      assert.equal(readFileSync(path, 'utf8'), make());
    });
  }

  it('T6: the whole game to 99 replays to the scores and winner the rules give, with any sensor noise', () => {
    const { expected } = generate(2, false, 1);
    const text = readFileSync('scenarios/triangle-game.jsonl', 'utf8');
    for (const seed of [1, 2, 3]) {
      const run = replayed(text.replace('"seed":1', '"seed":' + seed));
      assert.deepEqual(run.flags, [], `seed ${seed}`);
      assert.deepEqual(run.final.state, expected, `seed ${seed}`);
      assert.equal(run.final.winner, expected.w);
      assert.ok(expected.s[expected.w!] >= 99);
      assert.equal(run.display[run.display.length - 1], '  ' + pad(expected.s[0]) + '  ' + pad(expected.s[1]) + '|=' + (expected.w! + 1));
      assert.deepEqual(run.over, { type: 'over', winner: expected.w, scores: expected.s });
    }
  });

  it('T6: the exact game voids a flick past 99 and ends on exactly 99', () => {
    const { expected } = generate(3, true, 4);
    const run = replayed(readFileSync('scenarios/triangle-exact.jsonl', 'utf8'));
    assert.deepEqual(run.final.state, expected);
    assert.equal(expected.s[expected.w!], 99);
    assert.ok(run.scores.some((c) => c.rule === 'T6' && c.points === 0), 'a voided flick (T6)');
  });

  it('T8: the corrected game: off mark, button correction and undo', () => {
    const run = replayed(readFileSync('scenarios/triangle-corrected.jsonl', 'utf8'));
    assert.deepEqual(run.scores.map((c) => [c.player, c.points, c.rule]), [
      [0, 3, 'T3'], [0, 1, 'T3'], [0, -1, 'T8'], [1, 1, 'T3'], [1, 2, 'T3'], [1, 0, 'T3'], [0, 1, 'T3'], [0, -1, 'undo'], [0, 3, 'T3'],
    ]);
    const state = run.final.state as TriangleState;
    assert.deepEqual(state.s, [6, 3]);
    assert.equal(state.p, 0);
    assert.equal(state.f, 1);
    assert.equal(run.display[run.display.length - 1], '   6.   3|bC');
  });
});

interface Replayed {
  final: { state: TriangleState; winner: number | null };
  scores: { player: number; points: number; rule: string }[];
  flags: unknown[];
  display: string[];
  over: unknown;
}

/** Runs a scenario through `tallyboard replay` (the firmware on the simulator) and sorts its output. */
function replayed(text: string): Replayed {
  const lines = replay(text).lines.map((l) => JSON.parse(l));
  const phone = lines.filter((l) => l.phone).map((l) => l.phone);
  return {
    final: lines[lines.length - 1].final,
    scores: phone.filter((m) => m.type === 'score'),
    flags: phone.filter((m) => m.type === 'flag' || m.type === 'error'),
    display: lines.filter((l) => l.display !== undefined).map((l) => l.display),
    over: phone.find((m) => m.type === 'over'),
  };
}

function pad(n: number): string {
  return ('   ' + n).slice(-2);
}

describe('triangle display, phone and button', () => {
  const play = (state: TriangleState, move: TriangleMove) => playMove(triangle, state, move);

  it('shows scores, the player to flick and the side; the winner once won', async () => {
    const { triangleLayout, trianglePhoneFields } = await import('../firmware/games/triangle/layout');
    let state = triangle.setup({ players: 3, options: {} });
    state = play(state, { k: 'flick', r: 'perfect' }).state;
    assert.equal(triangleLayout(state), '   3.   0|   0  bC');
    assert.deepEqual(trianglePhoneFields(state), { side: 'BC', flick: 2, last: 'perfect', exact: false });
  });

  it('T8: next held OFF_HOLD_MS marks off, a short press corrects; before the first flick it finds nothing to do', () => {
    const fresh = triangle.setup({ players: 2, options: {} });
    const nothing = play(fresh, { k: 'next', ms: OFF_HOLD_MS });
    assert.deepEqual([nothing.state, nothing.refused], [fresh, ''], 'nothing to correct yet, and nothing to tell');
    const state = play(fresh, { k: 'flick', r: 'partly' }).state;
    assert.deepEqual(play(state, { k: 'next', ms: OFF_HOLD_MS }), play(state, { k: 'off' }));
    assert.deepEqual(play(state, { k: 'next', ms: OFF_HOLD_MS - 1 }), play(state, { k: 'fix', r: 'perfect' }));
  });

  it('a short press of `next` steps the last result partly → perfect → beyond → short → partly, and an off mark → partly', async () => {
    const { trianglePhoneFields } = await import('../firmware/games/triangle/layout');
    let state = play(triangle.setup({ players: 2, options: {} }), { k: 'flick', r: 'partly' }).state;
    const seen: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      state = play(state, { k: 'next', ms: 200 }).state;
      seen.push(trianglePhoneFields(state).last);
    }
    assert.deepEqual(seen, ['perfect', 'beyond', 'short', 'partly']);
    state = play(state, { k: 'next', ms: 1500 }).state;
    assert.equal(trianglePhoneFields(state).last, 'off');
    assert.equal(trianglePhoneFields(play(state, { k: 'next', ms: 200 }).state).last, 'partly');
  });

  it('on the board: the phone\'s commands and the next button play the moves of their names; a press with nothing to correct sends nothing', () => {
    const lines = (actions: object[]) => replay([{ game: 'triangle', players: 2, seed: 1 }, ...actions].map((l) => JSON.stringify(l)).join('\n')).lines;
    const early = lines([{ t: 1000, button: 'next' }, { t: 2000, button: 'next', holdMs: 2000 }]);
    assert.deepEqual(early.filter((l) => l.indexOf('"phone"') >= 0 && l.indexOf('"t":0,') < 0), [], 'nothing sent after power-up');
    const run = replayed([{ game: 'triangle', players: 2, seed: 1 },
      { t: 1000, phone: { cmd: 'flick', r: 'short' } }, // P1 short, +1
      { t: 2000, phone: { cmd: 'fix', r: 'perfect' } }, // +2
      { t: 3000, button: 'next' }, // perfect → beyond: -3, the turn ends
      { t: 4000, phone: { cmd: 'flick', r: 'partly' } }, // P2 partly, +1
      { t: 5000, button: 'next', holdMs: 1500 }, // off: -1
      { t: 6000, phone: { cmd: 'off' } }, // off again: no change
    ].map((l) => JSON.stringify(l)).join('\n'));
    assert.deepEqual(run.scores.map((c) => [c.player, c.points, c.rule]), [[0, 1, 'T3'], [0, 2, 'T3'], [0, -3, 'T3'], [1, 1, 'T3'], [1, -1, 'T8'], [1, 0, 'T8']]);
    assert.deepEqual(run.flags, []);
    assert.equal(run.final.state.l, 'off');
  });

  it('a refusal reaches the phone as its code\'s words (docs/games/triangle.md, Refusals)', () => {
    const run = replayed([{ game: 'triangle', players: 2, seed: 1 }, { t: 1000, phone: { cmd: 'off' } }].map((l) => JSON.stringify(l)).join('\n'));
    assert.deepEqual(run.flags, [{ type: 'error', code: 'not_now', message: 'no flick' }]);
  });
});
