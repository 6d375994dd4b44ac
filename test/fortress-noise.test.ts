// Noise and bounce on every sensor of the fortification billiards board
// (docs/replay.md): the mouths' and spots' hall switches chatter and drop out,
// the bells ring in bursts and, with the colours' reeds, bounce; a whole
// example played with another seed's noise scores the same.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { sensorNames } from '../firmware/board';
import { fortressBoard } from '../firmware/games/fortress/board';
import { parseScenario, Simulation } from '../sim/replay';
import type { LevelChange } from '../sim/physics/types';

const NAMES = sensorNames(fortressBoard);
const GROUPS = ['mouth', 'bell', 'colours', 'spot'];
const EXAMPLE = readFileSync('scenarios/fortress-game.jsonl', 'utf8').trim().split('\n');

/** The example replayed with `seed`: the edges the physics made and those the simulated sensors made of them, by channel, and what it printed. */
function play(seed: number) {
  const header = Object.assign(JSON.parse(EXAMPLE[0]), { seed });
  const sim = new Simulation(parseScenario([JSON.stringify(header), ...EXAMPLE.slice(1)].join('\n') + '\n'));
  const physics: LevelChange[] = [];
  const sensed: LevelChange[] = [];
  const inputs = sim.hal.inputs as unknown as { addClean(c: LevelChange[]): void; add(c: LevelChange): void };
  const addClean = inputs.addClean.bind(inputs);
  const add = inputs.add.bind(inputs);
  inputs.addClean = (changes) => {
    physics.push(...changes);
    addClean(changes);
  };
  inputs.add = (c) => {
    sensed.push(c);
    add(c);
  };
  sim.runToEnd();
  return { physics, sensed, out: sim.out.map((l) => JSON.parse(l)) };
}

const group = (c: LevelChange): string => NAMES[c.ch].split('.')[0];
/** Edges less than 1 ms after another edge of the same channel: no clean passage, ring or move is that short. */
function chatter(edges: LevelChange[]): number {
  const last = new Map<number, number>();
  let n = 0;
  for (const e of edges.slice().sort((a, b) => a.t - b.t)) {
    if (e.t - (last.get(e.ch) ?? -Infinity) < 1) n++;
    last.set(e.ch, e.t);
  }
  return n;
}

describe('fortress: noise and bounce on every sensor', () => {
  it('the whole example: the hall switches of mouths and spots chatter, the bells and colours bounce besides', () => {
    const { physics, sensed } = play(5);
    const by = (list: LevelChange[], g: string) => list.filter((c) => group(c) === g);
    for (const g of GROUPS) assert.ok(by(physics, g).length > 0, g + ' sensed');
    assert.ok(chatter(by(physics, 'mouth')) > 0, 'dropouts and stray flickers at the mouths');
    assert.ok(chatter(by(physics, 'spot')) > 0, 'the spots chatter');
    for (const g of ['bell', 'colours']) assert.ok(by(sensed, g).length > by(physics, g).length, g + ' bounce');
  });

  it('played with the noise of other seeds, the example scores the same, change by change', () => {
    const scores = (seed: number) => play(seed).out.filter((l) => l.phone && l.phone.type === 'score').map((l) => l.phone.rule + ' ' + l.phone.points);
    const want = scores(5);
    assert.equal(want.length, 7);
    for (const seed of [1, 2, 3, 4, 6, 7]) assert.deepEqual(scores(seed), want, 'seed ' + seed);
  });
});
