// The project stands on its own: someone who clones the repository has every
// rule, format and platform fact it relies on. No tracked file points outside
// it, and every rule id the board can send (in a `score` message, a refusal or
// a warning) is stated in its game's page under docs/games/.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Game, GameConfig } from '../firmware/game';
import { triangleGame } from '../firmware/games/triangle/rules';
import type { TriangleState } from '../firmware/games/triangle/rules';
import { BAD, HELD, MRCH, ringapeg } from '../firmware/games/ringapeg/rules';
import type { RingapegState } from '../firmware/games/ringapeg/rules';
import { ringapegView } from '../firmware/games/ringapeg/layout';
import { REFERENCE_LAYOUT } from '../firmware/games/ringapeg/board';
import { mulberry32 } from '../sim/inputs';
import { ROOT } from '../tools/games';

/** A path to the folder beside the repository that the project was first written from, or one of its pages by file name. */
const OUTSIDE = /\.\.\/shared\b|\bshared\/tools\b|\b(?:RULES|CONTRACT|ESPRUINO)\.md\b/;

describe('the project stands on its own', () => {
  it('no tracked file refers to a file outside the repository', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
    assert.ok(files.length > 50, 'git lists the tracked files');
    const found: string[] = [];
    for (const f of files) {
      const lines = readFileSync(join(ROOT, f), 'utf8').split('\n');
      lines.forEach((line, i) => { if (OUTSIDE.test(line)) found.push(`${f}:${i + 1}: ${line.trim()}`); });
    }
    assert.deepEqual(found, []);
  });
});

/** Ids a page states: the first cell of each row of its "Rule ids" table, with what the row says. */
function statedIds(page: string): Map<string, string> {
  const text = readFileSync(join(ROOT, 'docs/games', page), 'utf8');
  const section = text.split(/^## /m).find((s) => s.startsWith('Rule ids'));
  assert.ok(section, `docs/games/${page} has a "Rule ids" section`);
  const ids = new Map<string, string>();
  for (const m of section.matchAll(/^\| `([^`]+)` \|([^|]*)\|/gm)) ids.set(m[1], m[2].trim());
  return ids;
}

/** Rule ids in a refusal or a setup error: "R7: put it back", "2 to 6 players (T1)". */
const idsIn = (text: string): string[] => text.match(/\b[A-Z]\d+\b/g) ?? [];

/** The rule ids the runtime itself sends in `score` messages, for every game (an undo's). */
function runtimeIds(): string[] {
  const source = readFileSync(join(ROOT, 'firmware/runtime.ts'), 'utf8');
  return [...source.matchAll(/rule: '([^']+)'/g)].map((m) => m[1]);
}

interface RuleCase {
  page: string;
  game: Game<unknown, object>;
  /** Every move a phone, a button or the sensors can make, some of them refused. */
  moves: object[];
  /** Configs to play, and some the rules refuse. */
  configs: GameConfig[];
  /** Ids the game's state shows besides scores and refusals (Ring-a-Peg's `warn`). */
  shown?(state: unknown): string;
  /** Now and then the move a player who knows the rules would make (null: none), so that play reaches the rarer rules. */
  likely?(state: unknown, rnd: () => number): object | null;
  /** How many different ids the seeded play reaches: fewer would mean it has gone too weak to prove anything. */
  reaches: number;
}

const RESULTS = ['perfect', 'partly', 'short', 'beyond', 'sideways'];
const triangleMoves: object[] = [{ k: 'off' }];
for (const r of RESULTS) {
  triangleMoves.push({ k: 'fix', r });
  // Flicks three times as often as corrections; a side left out is one the board did not know.
  for (const s of [undefined, 0, 1, 2]) for (let n = 0; n < 3; n++) triangleMoves.push({ k: 'flick', r, s });
}

const ringapegMoves: object[] = [{ k: 'miss' }, { k: 'end' }, { k: 'clear' }];
// Rings come down twice as often as they go up; pegs and players one past either end are refused.
for (let p = -1; p <= REFERENCE_LAYOUT.length; p++) ringapegMoves.push({ k: 'add', p }, { k: 'add', p }, { k: 'lift', p });
for (let pl = -1; pl <= 4; pl++) ringapegMoves.push({ k: 'claim', pl });
/** The pegs a march may end on: inner and king. */
const MARCH_TO = [...REFERENCE_LAYOUT].flatMap((circle, p) => (circle === 'o' ? [] : [p]));

const CASES: RuleCase[] = [
  {
    page: 'triangle.md',
    game: triangleGame as Game<unknown, object>,
    moves: triangleMoves,
    configs: [1, 2, 3, 6, 7].flatMap((players) => [{}, { exact: true }, { exact: 1 }].map((options) => ({ players, options }))),
    // A perfect flick along the right side, so that games reach 99 (T6).
    likely: (state) => ({ k: 'flick', r: 'perfect', s: (state as TriangleState).f }),
    reaches: 5,
  },
  {
    page: 'ringapeg.md',
    game: ringapeg as Game<unknown, object>,
    moves: ringapegMoves,
    configs: [1, 2, 3, 4, 5].flatMap((players) => [
      {}, { variant: 'advance', target: 40 }, { variant: 'advance', target: 60, autoPeg: false, firstPlayer: 1 },
      { variant: 'sideways' }, { variant: 'advance', target: -1 }, { autoPeg: 1 }, { firstPlayer: 9 },
    ].map((options) => ({ players, options }))),
    shown: (state) => ringapegView(state as RingapegState).warn,
    // A flagged ring put back (R7), so that Boards get played to their end (R8); and a march
    // taken whenever one is open: the ring lifted off its doublet, dropped on an inner peg or the king (R5, R6).
    likely(state, rnd) {
      const s = state as RingapegState;
      if (s.ph === BAD) {
        const now = s.st.split(',');
        const legal = s.ok!.st.split(',');
        const p = now.findIndex((stack, i) => stack !== legal[i]);
        return { k: now[p].length < legal[p].length ? 'add' : 'lift', p };
      }
      if (s.ph === MRCH) return { k: 'lift', p: s.mp };
      return s.ph === HELD ? { k: 'add', p: MARCH_TO[Math.floor(rnd() * MARCH_TO.length)] } : null;
    },
    reaches: 10,
  },
];

describe('every rule id the board sends is stated in its game\'s page', () => {
  for (const c of CASES) {
    it(`docs/games/${c.page}`, () => {
      const rnd = mulberry32(12);
      const sent = new Map<string, string>();
      // Where each id was first seen, worked out only then.
      const note = (id: string, where: () => string) => { if (id && !sent.has(id)) sent.set(id, where()); };
      for (const id of runtimeIds()) note(id, () => 'firmware/runtime.ts');
      for (const config of c.configs) {
        let first: unknown;
        try {
          first = c.game.setup(config);
        } catch (e) {
          for (const id of idsIn((e as Error).message)) note(id, () => `setup ${JSON.stringify(config)}: ${(e as Error).message}`);
          continue;
        }
        for (let round = 0; round < 25; round++) {
          let state = first;
          for (let i = 0; i < 300; i++) {
            const move = (rnd() < 0.5 && c.likely && c.likely(state, rnd)) || c.moves[Math.floor(rnd() * c.moves.length)];
            const outcome = c.game.play(state, move);
            if (outcome.refused) for (const id of idsIn(outcome.refused)) note(id, () => `refused ${JSON.stringify(move)}: ${outcome.refused}`);
            for (const change of outcome.changes) note(change.rule, () => `score after ${JSON.stringify(move)}`);
            state = outcome.state;
            if (c.shown && !outcome.refused) note(c.shown(state), () => `shown after ${JSON.stringify(move)}`);
          }
        }
      }
      const stated = statedIds(c.page);
      const missing = [...sent].filter(([id]) => !stated.get(id)).map(([id, where]) => `${id} (${where})`);
      assert.deepEqual(missing, [], `ids sent but not stated in docs/games/${c.page}`);
      assert.ok(sent.size >= c.reaches, `ids reached: ${[...sent.keys()].join(' ')}`);
    });
  }
});
