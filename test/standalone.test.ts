// The project stands on its own: someone who clones the repository has every
// rule, format and platform fact it relies on. No tracked file points outside
// it, every rule id the board can send (in a `score` message, a refusal or
// a warning) is stated in its game's page under docs/games/, and every
// refusal code it can send has its words for the phone.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { playMove } from '../firmware/game';
import type { GameConfig, GameModule } from '../firmware/game';
import { game as triangle } from '../firmware/games/triangle/index';
import type { TriangleState } from '../firmware/games/triangle/rules';
import { game as ringapeg } from '../firmware/games/ringapeg/index';
import { BAD, HELD, MRCH } from '../firmware/games/ringapeg/rules';
import type { RingapegState } from '../firmware/games/ringapeg/rules';
import { ringapegView } from '../firmware/games/ringapeg/layout';
import { pegName, pegNames, REFERENCE_LAYOUT } from '../firmware/games/ringapeg/board';
import { mulberry32 } from '../sim/inputs';
import { refusalWords } from '../sim/phone';
import { gameWords } from '../sim/words';
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

/** The rule ids the runtime itself sends in `score` messages, for every game (an undo's: the restore module tells them). */
function runtimeIds(): string[] {
  // The game in play, and the restore module that tells an undo's scores.
  const source = ['firmware/play.ts', 'firmware/persist.ts'].map((file) => readFileSync(join(ROOT, file), 'utf8')).join('\n');
  return [...source.matchAll(/rule: '([^']+)'/g)].map((m) => m[1]);
}

interface RuleCase {
  page: string;
  game: GameModule<unknown, object>;
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
  /** Codes the game's interpreter refuses a referee's move with, not its rules (test/regressions.test.ts replays them). */
  sensed?: string[];
}

const RESULTS = ['perfect', 'partly', 'short', 'beyond', 'sideways'];
// Presses of the button (short and long), a move no game has.
const triangleMoves: object[] = [{ k: 'off' }, { k: 'next', ms: 100 }, { k: 'next', ms: 2000 }, { k: 'jump' }];
for (const r of RESULTS) {
  triangleMoves.push({ k: 'fix', r });
  // Flicks three times as often as corrections; a side left out is one the board did not know.
  for (const s of [undefined, 0, 1, 2]) for (let n = 0; n < 3; n++) triangleMoves.push({ k: 'flick', r, s });
}

const ringapegMoves: object[] = [{ k: 'ring', peg: 'none' }, { k: 'end' }, { k: 'cleared' }, { k: 'next', ms: 100 }, { k: 'jump' }];
// Rings come down twice as often as they go up; pegs the board does not have and players one past either end are refused.
for (const peg of [...pegNames(), 'o9', 'none']) ringapegMoves.push({ k: 'ring', peg }, { k: 'ring', peg }, { k: 'lift', peg });
for (let player = -1; player <= 4; player++) ringapegMoves.push({ k: 'claim', player });
/** The pegs a march may end on: inner and king. */
const MARCH_TO = [...REFERENCE_LAYOUT].flatMap((circle, p) => (circle === 'o' ? [] : [p]));

const CASES: RuleCase[] = [
  {
    page: 'triangle.md',
    game: triangle as GameModule<unknown, object>,
    moves: triangleMoves,
    configs: [1, 2, 3, 6, 7].flatMap((players) => [{}, { exact: true }, { exact: 1 }].map((options) => ({ players, options }))),
    // A perfect flick along the right side, so that games reach 99 (T6).
    likely: (state) => ({ k: 'flick', r: 'perfect', s: (state as TriangleState).f }),
    reaches: 5,
    // A referee's move while a chip may still be on its way.
    sensed: ['deciding'],
  },
  {
    page: 'ringapeg.md',
    game: ringapeg as GameModule<unknown, object>,
    moves: ringapegMoves,
    sensed: ['deciding'],
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
        return { k: now[p].length < legal[p].length ? 'ring' : 'lift', peg: pegName(p) };
      }
      if (s.ph === MRCH) return { k: 'lift', peg: pegName(s.mp) };
      return s.ph === HELD ? { k: 'ring', peg: pegName(MARCH_TO[Math.floor(rnd() * MARCH_TO.length)]) } : null;
    },
    reaches: 10,
  },
];

/** The core's refusal codes and their words. */
const coreWords = JSON.parse(readFileSync(join(ROOT, 'firmware', 'words.json'), 'utf8')) as Record<string, string>;

describe('every rule id the board sends is stated in its game\'s page, every refusal code has its words', () => {
  for (const c of CASES) {
    it(`docs/games/${c.page}`, () => {
      const rnd = mulberry32(12);
      const sent = new Map<string, string>();
      // Refusals (codes, and what follows them) the rules gave, and the words the phone shows for each.
      const refusals = new Map<string, string>();
      const words = gameWords()[c.game.id];
      // Where each id was first seen, worked out only then.
      const note = (id: string, where: () => string) => { if (id && !sent.has(id)) sent.set(id, where()); };
      for (const id of runtimeIds()) note(id, () => 'firmware/play.ts or persist.ts');
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
            const outcome = playMove(c.game, state, move);
            if (outcome.refused) {
              refusals.set(outcome.refused, refusalWords(words, outcome.refused));
              for (const id of idsIn(outcome.refused)) note(id, () => `refused ${JSON.stringify(move)}: ${outcome.refused}`);
            }
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
      // A code the phone would show as it is has no words (words.json): the decoder gives it words, never itself.
      assert.deepEqual([...refusals].filter(([code, said]) => said === code).map(([code]) => code), [], 'refusal codes without words');
      // Every code the game's words list is one its rules give, with what follows it (T2's sides): none stays unused
      // (the core's codes are the runtime's: test/undo.test.ts).
      const given = new Set([...refusals.keys()].map((r) => r.split(' ')[0]).concat(c.sensed || []));
      assert.deepEqual(Object.keys(words).filter((code) => !given.has(code) && !(code in coreWords)), [], 'words for codes the rules never gave');
    });
  }
});
