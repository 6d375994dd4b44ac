// The real interpreter against Node through the digital boards' sensors, at scale (test/real-sensors.ts; npm test
// plays a seeded sample): each example game as its board sees it, random legal play (one in two with a power cut,
// the others scored against the rules text's scorer), faulty sensors, and rings snapped at every phase of a resting
// board's slow tick. Prints, a game, the plays, the cuts, the lines sent, how many parted and how long it took; a play
// that parts is shrunk and printed as a scenario. REAL_SENSORS_PLAYS (10 a game), REAL_SENSORS_FAULTS (5 a game),
// REAL_SENSORS_SWEEP (100 snaps), REAL_SENSORS_SEED (the time's, printed), REAL_SENSORS_GAMES=triangle,ringapeg:
// those games only.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { examplesInBoth, sameInBoth } from '../test/real-vs-node';
import { SENSOR_GAMES, exampleThroughSensors, faultyPlay, lastScores, sensorPlay, wakePhases, wakeSweep } from '../test/real-sensors';
import { CHAOS_GAMES } from '../test/chaos-games';
import { espruinoPath } from '../tools/espruino-run';
import { parseScenario } from '../sim/replay';
import { REST_TICK_MS } from '../firmware/runtime';

const PLAYS = Number(process.env.REAL_SENSORS_PLAYS) || 10;
const FAULTS = Number(process.env.REAL_SENSORS_FAULTS) || 5;
const SWEEP = Number(process.env.REAL_SENSORS_SWEEP) || 100;
const SEED = Number(process.env.REAL_SENSORS_SEED) || Date.now() % 1000000;
/** A play's steps at most (fortification billiards' take 24 s each, and its board runs slowest in the interpreter: fewer). */
const STEPS: Record<string, number> = { triangle: 10, ringapeg: 12, fortress: 3 };

export async function run(print: (line: string) => void): Promise<void> {
  if (!espruinoPath()) {
    print('skipped: ESPRUINO not set');
    return;
  }
  const only = (process.env.REAL_SENSORS_GAMES || '').split(',').filter((g) => g);
  const games = SENSOR_GAMES.filter((g) => !only.length || only.includes(g));
  const seconds = (t0: number) => ((Date.now() - t0) / 1000).toFixed(0);
  await examplesInBoth(games, 'through its sensors', exampleThroughSensors, print);
  print(`seed ${SEED}: ${PLAYS} random legal plays a game through its sensors (one in two with a power cut; the others scored as the rules text scores them), ${FAULTS} plays of faulty sensors`);
  print('game           plays    cuts  lines sent  parted  faulty  parted   seconds');
  for (const game of games) {
    const t0 = Date.now();
    let plays = 0;
    let cuts = 0;
    let lines = 0;
    const chaosGame = CHAOS_GAMES.find((g) => g.id === game)!;
    const played = await fc.check(fc.asyncProperty(fc.boolean().chain((cut) => sensorPlay(chaosGame, STEPS[game], cut)), async (play) => {
      plays++;
      if (play.cut) cuts++;
      const sent = await sameInBoth(play);
      lines += sent.lines.length;
      if (!play.cut) assert.deepEqual(lastScores(sent.lines), play.scores, 'the scores the rules text gives');
    }), { seed: SEED, numRuns: PLAYS });
    const channels = parseScenario(JSON.stringify({ game, players: 2 })).game.module.board.channels;
    const faulty = await fc.check(fc.asyncProperty(faultyPlay(game, channels, 4), async (play) => {
      lines += (await sameInBoth(play)).lines.length;
    }), { seed: SEED, numRuns: FAULTS });
    print(`${game.padEnd(14)} ${String(plays).padStart(5)} ${String(cuts).padStart(7)} ${String(lines).padStart(11)} ${String(played.failed ? 1 : 0).padStart(7)} ${String(FAULTS).padStart(7)} ${String(faulty.failed ? 1 : 0).padStart(7)} ${seconds(t0).padStart(9)}`);
    for (const details of [played, faulty]) if (details.failed) print(`seed ${SEED}, path ${details.counterexamplePath}, shrunk: ${(details.errorInstance as Error).message}`);
  }
  if (!games.includes('ringapeg')) return;
  const t0 = Date.now();
  const sweep = wakeSweep(SWEEP);
  try {
    const sent = await sameInBoth(sweep);
    const phases = wakePhases(sent.wakes!);
    const scored = sent.lines.filter((l) => l.includes('"type":"score"')).length;
    // (The slow tick in tenths: how many of them the wakes fell in.)
    const tenths = new Set(phases.map((p) => Math.floor((p * 10) / REST_TICK_MS))).size;
    print(`Ring-a-Peg at rest: ${SWEEP} rings snapped, ${phases.length} wakes on the wake line, at ${Math.min(...phases)} to ${Math.max(...phases)} ms of the ${REST_TICK_MS} ms slow tick (in ${tenths} of its tenths), ${scored} scored, the same in both (${seconds(t0)} s)`);
  } catch (e) {
    print(`Ring-a-Peg at rest: ${SWEEP} rings snapped parted: ${(e as Error).message}`);
  }
}
