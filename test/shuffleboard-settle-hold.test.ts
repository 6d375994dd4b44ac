// The grid found sound again while a throw is under way (issue 31: no call holds the interpreter over 20 ms). The
// fault watch (firmware/watch.ts) then has the throw decided, and not scored: it was made while the grid was not
// trusted. Each step of a decision is a scan tick's, up to 20 ms on the chip; the decision's steps done in the one
// call of the watch's slow tick held the interpreter for seconds, the launch row and the phone unheard. The steps are
// counted where the decision calls them (the checks' and the locator's steps, decide.ts's parts), during the call.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { parseScenario, replay, Simulation } from '../sim/replay';
import { countDecisionSteps } from './decision-steps';
import type { DecisionSteps } from './decision-steps';
import { game } from '../firmware/games/shuffleboard/index';
import type { ShuffleboardInterpreter } from '../firmware/games/shuffleboard/interpret';

/** Blue2 launched at 17.5 s, the grid floating from 13 s to 16 s: found sound again some 18 s in (SOUND_AT), blue2 sliding. */
const FILE = 'scenarios/fault-shuffleboard-sound-again-mid-throw-then-cut.jsonl';
/** The same game uncut: the referee enters the two throws the board did not score (red2, blue2) at 29 s. */
const UNCUT = readFileSync(FILE, 'utf8').split('\n').filter((l) => !/"power"/.test(l)).join('\n');
const DECIDING = 'a throw is being decided: send it again once it is told';
/** When the grid is found sound again (at a check, a second's, from the board's first scan): some 18 s. */
const SOUND_AT = replay(UNCUT).lines.map((l) => JSON.parse(l)).find((l) => l.phone?.fault === 'ok').t as number;

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

  it('the watch\'s settle does no step of the decision: the ticks decide the throws, not scored, a referee\'s command meanwhile answered as in any decision (deciding while the weights are found), in no step either', () => {
    const sim = new Simulation(parseScenario(UNCUT));
    const sound = SOUND_AT;
    sim.runUntil(sound);
    assert.deepEqual(settles, [{ spoilt: 0, busy: true, steps: 0 }], 'the throws under way are decided in no step of the call');
    const heard = sim.out.length;
    // Decided on the ticks, in time (not left waiting), and not scored: the phone hears no move of it. A `place` of
    // the first weight where it lies (changing nothing) every 100 ms meanwhile.
    const stepped = steps.n;
    const answers: string[] = [];
    let t = sound;
    while (sim.firmware!.view().busy) {
      t += 100;
      assert.ok(t < 29000, 'the throws are decided within 11 s');
      sim.runUntil(t);
      const asked = sim.out.length;
      const before = steps.n;
      sim.write('{"cmd":"place","i":0}\n');
      assert.equal(steps.n, before, 'no step of the decision in a command\'s call');
      const reply = sim.out.slice(asked).map((l) => JSON.parse(l).phone).find((p) => p && (p.type === 'error' || p.type === 'state'));
      answers.push(reply ? (reply.type === 'error' ? reply.message : 'taken') : 'none');
    }
    assert.ok(answers.includes(DECIDING), JSON.stringify(answers));
    assert.ok(steps.n - stepped > 50, `the decision took ${steps.n - stepped} steps, in the ticks`);
    assert.ok(!sim.out.slice(heard).some((l) => JSON.parse(l).phone?.type === 'score'), 'the throws made while the grid was not trusted are not scored');
    assert.ok(sim.out.slice(heard).every((l) => JSON.parse(l).phone?.left !== 5), 'nor counted');
    sim.runToEnd();
    assert.deepEqual(finalOf(sim).scores, [5, 0]);
  });

  it('a cut at any instant of the decision the ticks make (every 300 ms from the settle until it is over) ends as uncut', () => {
    const uncut = JSON.parse(replay(UNCUT).lines.at(-1)!).final;
    for (let at = SOUND_AT + 10; at <= SOUND_AT + 5500; at += 300) {
      const text = UNCUT.replace('{"t":29000', `{"t":${at},"power":"cut"}\n{"t":${at + 20},"power":"on"}\n{"t":29000`);
      const final = JSON.parse(replay(text).lines.at(-1)!).final;
      assert.deepEqual(final, uncut, `cut at ${at} ms`);
    }
  });

  it('property: the grid sound again at any time as blue2 slides, a cut at any instant of the 5.5 s after: the game ends as uncut (the referee entering red2 and blue2)', () => {
    const lines = UNCUT.split('\n');
    fc.assert(fc.property(fc.integer({ min: 15000, max: 16500 }), fc.integer({ min: 500, max: 2500 }), fc.integer({ min: 10, max: 5500 }), (lift, after, cutAfter) => {
      // (The lift, and blue2's launch after it: while the grid is not trusted yet, so that the referee enters it.)
      const played = lines.map((l) => l.replace('"t":16000,', `"t":${lift},`).replace('"t":17500,', `"t":${lift + after},`)).join('\n');
      const out = replay(played).lines.map((l) => JSON.parse(l));
      const sound = out.find((l) => l.phone?.fault === 'ok').t;
      fc.pre(lift + after < sound);
      const cut = played.replace('{"t":29000', `{"t":${sound + cutAfter},"power":"cut"}\n{"t":${sound + cutAfter + 20},"power":"on"}\n{"t":29000`);
      const [a, b] = [out.at(-1).final, JSON.parse(replay(cut).lines.at(-1)!).final];
      assert.deepEqual([b.scores, b.state.e], [a.scores, a.state.e], cut);
    }), { seed: 31, numRuns: 12 });
  });
});
