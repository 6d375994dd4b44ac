// The real interpreter plays what Node plays (test/real-vs-node.ts says how): fortification billiards' example game
// from the phone, a seeded sample of random phone plays of every game, each with a power cut (REAL_VS_NODE_SEED, 1;
// REAL_VS_NODE_SAMPLE, 1 a game), and a few of the shuffleboard sweep's tables decided as an end's last throw
// (REAL_VS_NODE_TABLES, 3), must come out the same from the firmware built for the chip in the real interpreter as
// from the same source in Node. `npm run bench real-vs-node` plays many more.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { EXAMPLES, MAX_LINES, PHONE_GAMES, decideInEspruino, decideInNode, endTable, examplePlay, parting, phonePlay, playInEspruino, playInNode, sameInBoth } from './real-vs-node';
import { needsEspruino } from './real-interpreter';

const SEED = Number(process.env.REAL_VS_NODE_SEED) || 1;
const SAMPLE = Number(process.env.REAL_VS_NODE_SAMPLE) || 1;
const TABLES = Number(process.env.REAL_VS_NODE_TABLES) || 3;

describe('the real interpreter plays what Node plays: every line the board sends a phone, and what it decides of a table (when ESPRUINO is set)', function () {
  this.timeout(600000);

  it('two plays that differ in one move part where they differ, and one with a power cut hears what the board restored (the comparison sees them)', () => {
    const [game, file] = EXAMPLES[0];
    const play = examplePlay(game, file);
    const changed = { game, lines: play.lines.slice() };
    const at = changed.lines.findIndex((l) => !!l && typeof l === 'object' && l.cmd === 'flick' && l.r === 'perfect');
    changed.lines[at] = { cmd: 'flick', r: 'short' };
    const parted = parting(playInNode(play), playInNode(changed));
    assert.ok(parted && parted.includes('"rule":"T3"'), String(parted));
    assert.equal(parting(playInNode(play), playInNode(play)), null);
    const cut = playInNode({ game, lines: play.lines.slice(0, 4), cut: { at: 1600, on: 1700 } });
    assert.ok(cut.lines.some((l) => l.includes('"type":"restored","moves":2')), cut.lines.join('\n'));
    assert.ok(cut.adverts.length >= 3, cut.adverts.join('\n'));
  });

  // (Fortification billiards' example alone: its strokes run the most of a game's rules; the bench plays the others'.)
  for (const [game, file] of EXAMPLES.filter(([game]) => game === 'fortress')) {
    it(`${game}: its example game (${file}), each move from the phone`, async function () {
      needsEspruino(this, 'play it in');
      const play = examplePlay(game, file);
      const node = playInNode(play);
      const real = await playInEspruino(play);
      assert.equal(parting(node, real), null);
      assert.ok(node.lines.some((l) => l.includes('"type":"over"')), 'the game was played to its end');
    });
  }

  for (const game of PHONE_GAMES) {
    it(`${game}: ${SAMPLE} random phone play(s) of up to ${MAX_LINES} lines, moves, corrections, undo, new, state, diagnostics, garbled text and a power cut (seed ${SEED})`, async function () {
      needsEspruino(this, 'play them in');
      let restored = 0;
      await fc.assert(fc.asyncProperty(phonePlay(game, MAX_LINES, 'every'), async (play) => {
        if ((await sameInBoth(play)).lines.some((l) => l.includes('"type":"restored"'))) restored++;
      }), { seed: SEED, numRuns: SAMPLE });
      assert.equal(restored, SAMPLE, 'the real interpreter took its log up after each cut');
    });
  }

  it(`shuffleboard: ${TABLES} tables of its sweep, each an end's last throw: the weights found, the end's points and whether the referee is asked (seed ${SEED})`, async function () {
    needsEspruino(this, 'decide them in');
    const tables = Array.from({ length: TABLES }, (_, k) => endTable(SEED, k));
    const real = await decideInEspruino(tables);
    assert.equal(real.length, tables.length);
    tables.forEach((t, k) => assert.equal(real[k], decideInNode(t), `table ${k} of the sweep seeded ${SEED}`));
  });
});
