// The real interpreter sees what Node sees (test/real-sensors.ts says how): the digital boards' sensors, as the
// simulator's physics makes them, read by each stored bundle's own drivers in the real interpreter and by the same
// source in Node, must make the same lines and adverts. A seeded sample (REAL_SENSORS_SEED, 1; REAL_SENSORS_SAMPLE,
// 1 a game); `npm run bench real-sensors` plays many more, fortification billiards' among them.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { playInEspruino, playInNode, sameInBoth } from './real-vs-node';
import type { PhonePlay } from './real-vs-node';
import { exampleThroughSensors, faultyPlay, lastScores, sensorPlay, wakePhases, wakeSweep } from './real-sensors';
import { RINGAPEG, TRIANGLE } from './chaos-games';
import { needsEspruino } from './real-interpreter';
import { REST_TICK_MS } from '../firmware/runtime';
import { parseScenario } from '../sim/replay';
import { ROOT } from '../tools/games';

const FINDINGS = join(ROOT, 'test', 'hostile-findings');
const SEED = Number(process.env.REAL_SENSORS_SEED) || 1;
const SAMPLE = Number(process.env.REAL_SENSORS_SAMPLE) || 1;

describe('the real interpreter sees what Node sees: a digital board\'s sensors, read by its own drivers (when ESPRUINO is set)', function () {
  this.timeout(600000);

  it('the simulator hands the real interpreter the levels its physics made, in time order (Node only)', () => {
    const play = exampleThroughSensors('triangle', 'triangle-game.jsonl');
    play.happenings = play.happenings!.slice(0, 2);
    const { levels, lines } = playInNode(play);
    assert.ok(levels.changes.length >= 8, `${levels.changes.length} changes`);
    assert.ok(levels.changes.every((c, i) => i === 0 || c.t >= levels.changes[i - 1].t));
    assert.ok(lines.some((l) => l.includes('"type":"score"')), 'the flicks were scored');
  });

  it('triangle: its example game\'s first 8 flicks through its sensors (a GPIO bank read from P0.IN)', async function () {
    needsEspruino(this, 'play it in');
    const play = exampleThroughSensors('triangle', 'triangle-game.jsonl');
    play.happenings = play.happenings!.slice(0, 8);
    const sent = await sameInBoth(play);
    assert.equal(sent.lines.filter((l) => l.includes('"type":"score"')).length, 8);
  });

  for (const game of [TRIANGLE, RINGAPEG]) {
    it(`${game.id}: ${SAMPLE} random legal play(s) through its sensors, each with a power cut, and ${SAMPLE} without, scored as its rules text scores them (seed ${SEED})`, async function () {
      needsEspruino(this, 'play them in');
      await fc.assert(fc.asyncProperty(sensorPlay(game, 4, false), async (play) => {
        assert.deepEqual(lastScores((await sameInBoth(play)).lines), play.scores);
      }), { seed: SEED, numRuns: SAMPLE });
      let restored = 0;
      await fc.assert(fc.asyncProperty(sensorPlay(game, 4, true), async (play) => {
        if ((await sameInBoth(play)).lines.some((l) => l.includes('"type":"restored"'))) restored++;
      }), { seed: SEED, numRuns: SAMPLE });
      assert.equal(restored, SAMPLE, 'the real interpreter took its log up after each cut');
    });
  }

  for (const game of ['triangle', 'ringapeg']) {
    it(`${game}: sensors that chatter, float, stick and pulse, then its state and diagnostics report (seed ${SEED})`, async function () {
      needsEspruino(this, 'play them in');
      const channels = parseScenario(JSON.stringify({ game, players: 2 })).game.module.board.channels;
      await fc.assert(fc.asyncProperty(faultyPlay(game, channels, 3), async (play) => {
        await sameInBoth(play);
      }), { seed: SEED, numRuns: SAMPLE });
    });
  }

  // (Each a hostile tester's finding once, test/hostile-findings/README.md: round 18, the simulator's wake, its slow
  // ticks and a phone's line at a scan's time, modelled otherwise than a board runs them; round 21, a slow tick put
  // off a scan in the real interpreter by the virtual clock's seconds, 2002 / 1000 * 1000 a hair under 2002.)
  for (const file of readdirSync(FINDINGS).filter((f) => /^(18|21)-.*\.json$/.test(f))) {
    it(`hostile round ${file.slice(0, 2)}: ${file}, the same in both`, async function () {
      needsEspruino(this, 'play it in');
      await sameInBoth(JSON.parse(readFileSync(join(FINDINGS, file), 'utf8')) as PhonePlay);
    });
  }

  it('a resting Ring-a-Peg board wakes on its wake line for a ring snapped at each of 6 phases of its slow tick, and scores each', async function () {
    needsEspruino(this, 'play them in');
    const sweep = wakeSweep(6);
    const sent = await sameInBoth(sweep);
    const woke = wakePhases(sent.wakes!);
    assert.equal(woke.length, sweep.snaps, `woken ${sent.wakes!.join(', ')}`);
    assert.ok(Math.max(...woke) - Math.min(...woke) >= REST_TICK_MS / 2, `phases ${woke.join(', ')}`);
    assert.equal(sent.lines.filter((l) => l.includes('"type":"score"')).length, sweep.snaps);
  });

  it('without its wake line, the same resting board misses those rings (the sweep can fail)', async function () {
    needsEspruino(this, 'play them in');
    const play = Object.assign(wakeSweep(6), { wakeLine: false as const });
    const real = await playInEspruino(play, playInNode(play).levels);
    assert.equal(real.wakes!.length, 0);
    assert.ok(real.lines.filter((l) => l.includes('"type":"score"')).length <= 1, real.lines.join('\n'));
  });
});
