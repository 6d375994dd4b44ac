// The grid found sound again while a throw is under way (issue 31: no call holds the interpreter over 20 ms). The
// fault watch (firmware/watch.ts) then has the throw decided, and not scored: it was made while the grid was not
// trusted. Each step of a decision is a scan tick's, up to 20 ms on the chip; the decision's steps done in the one
// call of the watch's slow tick held the interpreter for seconds, the launch row and the phone unheard. The steps are
// counted where the decision calls them (the checks' and the locator's steps, decide.ts's parts), during the call.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseScenario, replay, Simulation } from '../sim/replay';
import { countDecisionSteps } from './decision-steps';
import type { DecisionSteps } from './decision-steps';
import { game } from '../firmware/games/shuffleboard/index';
import type { ShuffleboardInterpreter } from '../firmware/games/shuffleboard/interpret';

/** Blue2 launched at 17.5 s, the grid floating from 13 s to 16 s: found sound again at 18 s, blue2 sliding. */
const FILE = 'scenarios/fault-shuffleboard-sound-again-mid-throw-then-cut.jsonl';
/** The same game uncut: the referee enters the two throws the board did not score (red2, blue2) at 28 s. */
const UNCUT = readFileSync(FILE, 'utf8').split('\n').filter((l) => !/"power"/.test(l)).join('\n');
const DECIDING = 'a throw is being decided: send it again once it is told';

function finalOf(sim: Simulation): { scores: number[]; state: unknown } {
  return JSON.parse(sim.out[sim.out.length - 1]).final;
}

describe('shuffleboard: the grid found sound again while a throw is under way', () => {
  const make = game.interpreter;
  let steps: DecisionSteps;
  /** Each settle with a spoilt argument (the watch's): whether a throw was under way, and the steps done in it. */
  const settles: { spoilt: number; busy: boolean; steps: number }[] = [];
  before(() => {
    steps = countDecisionSteps();
    game.interpreter = function (...args: Parameters<typeof make>) {
      const it = make(...args) as ShuffleboardInterpreter;
      const settle = it.settle;
      it.settle = (spoilt?: number) => {
        const busy = it.busy();
        const before = steps.n;
        const refused = settle(spoilt);
        if (spoilt !== undefined) settles.push({ spoilt, busy, steps: steps.n - before });
        return refused;
      };
      return it;
    };
  });
  after(() => {
    steps.restore();
    game.interpreter = make;
  });
  beforeEach(() => {
    settles.length = 0;
    steps.n = 0;
  });

  it('the watch\'s settle does no step of the decision: the ticks decide the throw, not scored, a referee\'s command meanwhile refused (deciding)', () => {
    const sim = new Simulation(parseScenario(UNCUT));
    sim.runUntil(18000);
    assert.deepEqual(settles, [{ spoilt: 0, busy: true, steps: 0 }], 'the throw under way is decided in no step of the call');
    const heard = sim.out.length;
    sim.write('{"cmd":"place","i":0}\n');
    const reply = sim.out.slice(heard).map((l) => JSON.parse(l).phone).find((p) => p && p.type === 'error');
    assert.equal(reply && reply.message, DECIDING, 'a referee\'s command meanwhile gets the refusal a decision gives');
    // Decided on the ticks, in time (not left waiting), and not scored: the phone hears no move of it.
    const stepped = steps.n;
    let t = 18000;
    while (sim.firmware!.view().busy) {
      t += 100;
      assert.ok(t < 28000, 'the throw is decided within 10 s');
      sim.runUntil(t);
    }
    assert.ok(steps.n - stepped > 50, `the decision took ${steps.n - stepped} steps, in the ticks`);
    assert.ok(!sim.out.slice(heard).some((l) => JSON.parse(l).phone?.type === 'state'), 'the throw made while the grid was not trusted is not scored');
    sim.runToEnd();
    assert.deepEqual(finalOf(sim).scores, [5, 0]);
  });

  it('a cut at any instant of the decision the ticks make (every 100 ms from the settle until it is told) ends as uncut', () => {
    const uncut = JSON.parse(replay(UNCUT).lines.at(-1)!).final;
    for (let at = 18010; at <= 20010; at += 100) {
      const text = UNCUT.replace('{"t":28000', `{"t":${at},"power":"cut"}\n{"t":${at + 20},"power":"on"}\n{"t":28000`);
      const final = JSON.parse(replay(text).lines.at(-1)!).final;
      assert.deepEqual(final, uncut, `cut at ${at} ms`);
    }
  });
});
