// The simulated fortification billiards table and the board's strokes
// (docs/replay.md, docs/games/fortress.md): the world a scenario starts in is
// the one each game's setup assumes; every `do: stroke` is a stroke the board
// sees, or the scenario is refused with the reason; the replay's tail waits
// for the stroke under way.
import assert from 'node:assert/strict';
import { loadGames } from '../firmware/games/registry';
import { parseScenario, Simulation } from '../sim/replay';
import { ScenarioError } from '../sim/scenario';
import { sensorNames } from '../firmware/board';
import { fortressBoard } from '../firmware/games/fortress/board';

interface Final { scores: number[]; winner: number | null; turn: number; state: { lh?: string; t: number } }

const HEADER = { game: 'fortress', players: 2, seed: 4 };
const scenario = (lines: object[], header: object = HEADER) => [header, ...lines].map((l) => JSON.stringify(l)).join('\n') + '\n';
function run(lines: object[]): { out: { phone?: { type: string; rule?: string }; final?: Final }[]; final: Final } {
  const sim = new Simulation(parseScenario(scenario(lines)));
  sim.runToEnd();
  const out = sim.out.map((l) => JSON.parse(l));
  return { out, final: out[out.length - 1].final };
}

describe('the world a scenario starts in is the one the game assumes', () => {
  it('every game: booted on the world as a scenario starts, the board finds nothing to tell, and plays from its setup', async () => {
    const games = await loadGames();
    assert.deepEqual(games.map((g) => g.id).sort(), ['fortress', 'ringapeg', 'shuffleboard', 'triangle']);
    for (const { id, module } of games) {
      const sim = new Simulation(parseScenario(scenario([], { game: id, players: 2, seed: 1 })));
      sim.runUntil(20_000);
      const view = sim.firmware!.view();
      assert.deepEqual(view.state, module.setup({ players: 2, options: {} }), id + ': the state is the setup\'s');
      assert.equal(sim.out.filter((l) => l.includes('"score"')).length, 0, id);
    }
  });

  it('fortress: every ball on its spot and every colours up, as the setup has them', () => {
    const sim = new Simulation(parseScenario(scenario([])));
    const names = sensorNames(fortressBoard);
    const level = (name: string) => sim.hal.inputs.level(names.indexOf(name));
    for (const ball of ['EA', 'ED1', 'ED2', 'FA', 'FD1', 'FD2']) assert.equal(level('spot.' + ball), 1, ball);
    for (const c of ['EA1', 'FG', 'EP', 'FP']) assert.equal(level('colours.' + c), 0, c);
    assert.equal((sim.firmware!.view().state as { sp: number }).sp, 0);
  });

  it('fortress: a first stroke that is a miss is seen, and the turn passes (F13, F41)', () => {
    const { final } = run([{ t: 2000, do: 'stroke', happens: [] }]);
    assert.deepEqual(final.state.lh, 'EA-');
    assert.equal(final.turn, 1);
  });
});

describe('every `do: stroke` is a stroke the board sees', () => {
  const holed = { t: 2000, do: 'stroke', happens: [{ ball: 'ED1', into: 'pocket', pocket: 2 }] };

  it('balls put back and then a miss: the striker\'s attacking ball leaves its spot, a stroke', () => {
    // The English hole their ED1 (F29, the turn passes); the French put it back for them and miss.
    const { final } = run([holed, { t: 14000, do: 'stroke', happens: [{ ball: 'ED1', offSpot: false }] }]);
    assert.deepEqual(final.state.lh, 'ED1+ FA-');
    assert.equal(final.turn, 0, 'the French missed: the turn is the English\'s again');
  });

  it('`do: hand` is colours and balls put back between strokes, no stroke', () => {
    const { final } = run([holed, { t: 14000, do: 'hand', happens: [{ ball: 'ED1', offSpot: false }] }]);
    assert.deepEqual([final.state.lh, final.turn], ['ED1- ED.2', 1]);
    assert.throws(() => run([{ t: 14000, do: 'hand', happens: [{ ball: 'EA', pass: true }] }]), (e: ScenarioError) => e.line === 2 && /a ball that moves makes a stroke/.test(e.message));
  });

  it('a miss by a ball off its spot is seen by no sensor: the scenario says to hold next', () => {
    // The English attacking ball is in a pocket (F29): after the French miss, the English miss with it off its spot.
    const lines = [{ t: 2000, do: 'stroke', happens: [{ ball: 'EA', into: 'pocket', pocket: 1 }] }, { t: 14000, do: 'stroke', happens: [] }, { t: 26000, do: 'stroke', happens: [] }];
    assert.throws(() => run(lines), (e: ScenarioError) => e.line === 4 && /a miss by EA, off its spot, is seen by no sensor.*holding next for a second/.test(e.message));
    const { final } = run([...lines.slice(0, 2), { t: 26000, button: 'next', holdMs: 1500 }]);
    assert.equal(final.turn, 1, 'the long press enters it');
  });

  it('a stroke struck while the last is still under way is refused with the reason', () => {
    assert.throws(() => run([holed, { t: 5000, do: 'stroke', happens: [] }]), (e: ScenarioError) => e.line === 3 && /the stroke before is still under way/.test(e.message));
  });

  it('the pass: a ball rolling back through it, towards its own quarter, is no pass; forwards it is', () => {
    const { final } = run([{ t: 2000, do: 'stroke', happens: [{ ball: 'EA', pass: true, back: true }] },
      { t: 14000, do: 'stroke', happens: [{ ball: 'FA', pass: true, back: true }, { ball: 'FA', pass: true }] }]);
    assert.deepEqual(final.state.lh, 'FA- FA=');
    assert.equal((final.state as unknown as { ps: number }).ps, 2, 'the French pass only');
  });

  it('the replay\'s tail waits until the board has settled the stroke under way', () => {
    // A long stroke: its last movement some 14 s after its line, and its end 8 s later (defending balls back and forth
    // through the pass: pocketed, a ball is gone).
    const happens = Array.from({ length: 24 }, (_, i) => ({ ball: i % 2 ? 'FD' : 'ED', pass: true }));
    const { final } = run([{ t: 2000, do: 'stroke', happens }]);
    assert.equal(final.state.lh!.split(' ').length, 26, 'told, every happening');
  });
});
