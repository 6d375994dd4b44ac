// A referee's command while a throw is being decided (issue 31: no call holds the interpreter over 20 ms). Each step
// of a decision is a scan tick's, up to 20 ms on the chip; a cluster's hundreds done in the one call of a command
// would hold it for seconds, the launch row unread. The steps are counted where the decision calls them (the checks'
// and the locator's steps, decide.ts's parts), during the call that takes a phone's command.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseScenario, replay, Simulation } from '../sim/replay';
import { countDecisionSteps } from './decision-steps';
import type { DecisionSteps } from './decision-steps';

describe('shuffleboard: a referee\'s command while a throw is decided', () => {
  let counted: DecisionSteps;
  before(() => {
    counted = countDecisionSteps();
  });
  after(() => counted.restore());

  it('the kept cluster, a `place` every 250 ms from 24 to 46 s: no call does a step of the decision; one under way is refused (deciding), and the game ends as without them', () => {
    // Throw 5 launched at 25 s and found over some 14 s (hundreds of steps), three throws launched meanwhile.
    const text = readFileSync('scenarios/regression-shuffleboard-launches-while-locating.jsonl', 'utf8');
    const sim = new Simulation(parseScenario(text));
    const most: number[] = [];
    const answers: Record<string, number> = {};
    let stepsInTicks = 0;
    for (let t = 24000; t <= 46000; t += 250) {
      const ticked = counted.n;
      sim.runUntil(t);
      stepsInTicks += counted.n - ticked;
      counted.n = 0;
      const heard = sim.out.length;
      // (Where the weight lies: a place that changes nothing when it is taken.)
      sim.write('{"cmd":"place","i":0}\n');
      most.push(counted.n);
      const reply = sim.out.slice(heard).map((l) => JSON.parse(l).phone).find((p) => p && (p.type === 'error' || p.type === 'state'));
      const key = reply ? (reply.type === 'error' ? reply.message : 'taken') : 'none';
      answers[key] = (answers[key] || 0) + 1;
    }
    assert.ok(stepsInTicks > 300, `the decisions took ${stepsInTicks} steps, in the ticks`);
    assert.equal(Math.max(...most), 0, 'steps of a decision done in a command\'s call');
    assert.ok(answers['a throw is being decided: send it again once it is told'] >= 40, JSON.stringify(answers));
    assert.ok(answers.taken >= 10, JSON.stringify(answers));
    sim.runToEnd();
    const final = JSON.parse(sim.out[sim.out.length - 1]).final;
    assert.deepEqual(final.scores, JSON.parse(replay(text).lines.at(-1)!).final.scores);
  });
});
