// The fortress example scenarios, replayed with `tallyboard replay` (the
// firmware on the simulator: the board's switches, bells, reeds and spots as
// the physics model makes them, through the real scan and interpretation),
// against the rules engine fed the same happenings directly, written here from
// the scenario's own words (docs/replay.md), not from the interpreter's.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fortress, FortressMove, FortressState } from '../firmware/games/fortress/rules';
import type { ScoreChange } from '../firmware/game';
import { Happening, written } from '../sim/physics/fortress';
import { replay } from '../sim/replay';
import { ScenarioError } from '../sim/scenario';

const FILES = readdirSync('scenarios').filter((f) => f.startsWith('fortress-') && !f.startsWith('fortress-referee-'));

/** The game the rules play from the scenario's lines, with every change told. */
function direct(text: string): { state: FortressState; changes: ScoreChange[] } {
  const lines = text.trim().split('\n').map((l) => JSON.parse(l));
  let state = fortress.setup({ players: typeof lines[0].players === 'number' ? lines[0].players : lines[0].players.length, options: lines[0].options || {} });
  const changes: ScoreChange[] = [];
  for (const line of lines.slice(1)) {
    let move: FortressMove;
    if (line.do) {
      const h = (line.happens as Happening[]).map(written);
      // A stroke in which no ball moves but by hand is a miss: the striker's attacking ball leaves its spot.
      if (line.do === 'stroke' && h.every((x) => /[_^+]$/.test(x))) h.push(['EA', 'FA'][state.t ^ state.e] + '-');
      move = { k: line.do, h };
    } else if (line.button) move = { k: line.button, ms: line.holdMs };
    else move = Object.assign({ k: line.phone.cmd }, line.phone);
    const o = fortress.moves[move.k](state, move);
    assert.ok(!o.refused, `${JSON.stringify(line)}: refused ${o.refused}`);
    state = o.state;
    changes.push(...o.changes);
  }
  return { state, changes };
}

describe('fortress example scenarios: the board scores what the rules score from the happenings', () => {
  it('there are the three examples: a whole game, the penalties, a corrected stroke', () => {
    assert.deepEqual(FILES.sort(), ['fortress-corrected.jsonl', 'fortress-game.jsonl', 'fortress-penalties.jsonl']);
  });

  for (const file of FILES) {
    it(`${file}: the same changes, article by article, the same scores and winner`, () => {
      const text = readFileSync('scenarios/' + file, 'utf8');
      const out = replay(text).lines.map((l) => JSON.parse(l));
      const errors = out.filter((l) => l.phone && (l.phone.type === 'error' || (l.phone.type === 'flag' && l.phone.code !== 'not_saved')));
      assert.deepEqual(errors, []);
      const told = out.filter((l) => l.phone && l.phone.type === 'score').map((l) => ({ player: l.phone.player, points: l.phone.points, rule: l.phone.rule }));
      const want = direct(text);
      assert.deepEqual(told, want.changes);
      const final = out[out.length - 1].final;
      assert.deepEqual([final.scores, final.winner], [fortress.scores(want.state), fortress.winner(want.state)]);
    });
  }

  it('the whole game ends 20 to 4, won by the English side with a fort and a holed ball in its last stroke (F32), its colours down in it (F12); the display and the phone say what happened', () => {
    const out = replay(readFileSync('scenarios/fortress-game.jsonl', 'utf8')).lines.map((l) => JSON.parse(l));
    const final = out[out.length - 1].final;
    assert.deepEqual([final.scores, final.winner], [[20, 4], 0]);
    const displays = out.filter((l) => l.display !== undefined).map((l) => l.display);
    assert.ok(displays.includes('   0   0.|PASS'), 'the English pass, the French to strike');
    assert.ok(displays.includes('   4.   0|Fort'), 'a fort taken, the English keep the table');
    assert.equal(displays[displays.length - 1], '  20   4|=1');
    const states = out.filter((l) => l.phone && l.phone.type === 'state').map((l) => l.phone);
    const last = states[states.length - 1];
    assert.deepEqual([last.taken, last.colours, last.offSpot, last.last, last.articles],
      ['EA1 FA1 FA2 FR1 FR2 FG', 'EA1 FA1 FA2 FR1 FR2 FG EP FP', 'EA FD', 'EA+ FR2_ EA- EA>FG! FD1- FD.1 FG_', 'F32']);
  });

  it('the penalties game shows a fort out of order and the other penalties as such', () => {
    const displays = replay(readFileSync('scenarios/fortress-penalties.jsonl', 'utf8')).lines.map((l) => JSON.parse(l)).filter((l) => l.display !== undefined).map((l) => l.display);
    assert.ok(displays.some((d) => /\|ordr$/.test(d)), 'F22');
    assert.ok(displays.some((d) => /\|FouL$/.test(d)), 'F6, F9...');
  });

  it('the penalties game tells every penalty article at least once', () => {
    const rules = new Set(direct(readFileSync('scenarios/fortress-penalties.jsonl', 'utf8')).changes.filter((c) => c.points < 0).map((c) => c.rule));
    for (const rule of ['F6', 'F9', 'F12', 'F18', 'F19', 'F22', 'F29', 'F31', 'F34', 'F36', 'F37', 'F38']) assert.ok(rules.has(rule), rule);
  });

  it('a stroke the model cannot play is refused with its line, before anything runs', () => {
    const bad = (happening: object, message: RegExp) => assert.throws(
      () => replay(`{"game":"fortress","players":2}\n{"t":5,"do":"stroke","happens":[{"ball":"EA","pass":true}]}\n{"t":9,"do":"stroke","happens":[${JSON.stringify(happening)}]}`),
      (e: ScenarioError) => e.line === 3 && message.test(e.message));
    bad({ ball: 'EB', pass: true }, /"ball" must be one of/);
    bad({ ball: 'EA', into: 'fort', fort: 'FX1' }, /"fort" must be one of/);
    bad({ ball: 'FD', into: 'pocket', pocket: 7 }, /"pocket" must be 1 to 6/);
    bad({ ball: 'FD', offSpot: false }, /a spot is a ball's own/);
    bad({ colours: 'FP' }, /colours take "down"/);
    bad({ ball: 'EA' }, /a ball goes "into"/);
  });
});
