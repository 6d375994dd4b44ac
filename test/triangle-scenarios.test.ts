// The example scenarios in scenarios/triangle-*.jsonl: generated here (run with
// TRIANGLE_WRITE=1 to rewrite them), checked to be what the generator says, and
// replayed with `tallyboard replay` (the firmware on the simulator, sensor noise from the seed).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { triangleGame, FlickResult, TriangleState } from '../firmware/games/triangle/rules';
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
  let state = triangleGame.setup({ players, options: { exact } });
  let t = 1000;
  while (state.w === null) {
    const u = rng();
    // Mostly good flicks (as a practised player), some short, partly over or beyond.
    const stopMm = u < 0.55 ? -Math.floor(rng() * 4) : u < 0.7 ? -4 - Math.floor(rng() * 60)
      : u < 0.9 ? 1 + Math.floor(rng() * 22) : 23 + Math.floor(rng() * 80);
    lines.push(JSON.stringify({ t, do: 'flick', stopMm }));
    state = triangleGame.play(state, { k: 'flick', r: ruled(stopMm) }).state;
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
  it('shows scores, the player to flick and the side; the winner once won', async () => {
    const { triangleLayout, trianglePhoneFields } = await import('../firmware/games/triangle/layout');
    let state = triangleGame.setup({ players: 3, options: {} });
    state = triangleGame.play(state, { k: 'flick', r: 'perfect' }).state;
    assert.equal(triangleLayout(state), '   3.   0|   0  bC');
    assert.deepEqual(trianglePhoneFields(state), { side: 'BC', flick: 2, last: 'perfect', exact: false });
  });

  it('T8: a long press of `next` marks off; a short press corrects; commands map to moves', async () => {
    const { triangleButton, triangleCommand, OFF_HOLD_MS } = await import('../firmware/games/triangle/layout');
    const fresh = triangleGame.setup({ players: 2, options: {} });
    assert.equal(triangleButton(fresh, 'next', 0), null, 'nothing to correct yet');
    const state = triangleGame.play(fresh, { k: 'flick', r: 'partly' }).state;
    assert.deepEqual(triangleButton(state, 'next', OFF_HOLD_MS), { k: 'off' });
    assert.deepEqual(triangleButton(state, 'next', 200), { k: 'fix', r: 'perfect' });
    assert.equal(triangleButton(state, 'other', 200), null);
    const command = (name: string, args: Record<string, unknown> = {}) => triangleCommand({ name, args, paired: true, edit: true });
    assert.deepEqual(command('off'), { k: 'off' });
    assert.deepEqual(command('fix', { r: 'beyond' }), { k: 'fix', r: 'beyond' });
    assert.deepEqual(command('flick', { r: 'short' }), { k: 'flick', r: 'short' });
    assert.equal(command('claim'), null);
  });

  it('a short press of `next` steps the last result partly → perfect → beyond → short → partly, and an off mark → partly', async () => {
    const { triangleButton, trianglePhoneFields } = await import('../firmware/games/triangle/layout');
    let state = triangleGame.play(triangleGame.setup({ players: 2, options: {} }), { k: 'flick', r: 'partly' }).state;
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const move = triangleButton(state, 'next', 200)!;
      seen.push(move.r!);
      state = triangleGame.play(state, move).state;
    }
    assert.deepEqual(seen, ['perfect', 'beyond', 'short', 'partly']);
    state = triangleGame.play(state, triangleButton(state, 'next', 1500)!).state;
    assert.equal(trianglePhoneFields(state).last, 'off');
    assert.deepEqual(triangleButton(state, 'next', 200), { k: 'fix', r: 'partly' });
  });
});
