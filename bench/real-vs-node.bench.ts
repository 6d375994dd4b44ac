// The real interpreter against Node at scale (test/real-vs-node.ts; npm test plays a seeded sample): each digital
// game's example game from the phone, random phone plays of every game, one in two with a power cut, and tables of the shuffleboard sweep decided as an end's last
// throw, each played by the firmware built for the chip in the real interpreter and by the same source in Node.
// Prints, a game, the plays, the cuts, how many parted and how long it took; a play that parts is shrunk to the
// fewest lines that still part, and printed as a scenario. REAL_VS_NODE_PLAYS (25 a game), REAL_VS_NODE_TABLES
// (50), REAL_VS_NODE_SEED (the time's, printed), REAL_VS_NODE_GAMES=triangle,fortress: those games only.
import fc from 'fast-check';
import { EXAMPLES, PHONE_GAMES, decideInEspruino, decideInNode, endTable, examplePlay, examplesInBoth, phonePlay, sameInBoth } from '../test/real-vs-node';
import { espruinoPath } from '../tools/espruino-run';

const PLAYS = Number(process.env.REAL_VS_NODE_PLAYS) || 25;
const TABLES = Number(process.env.REAL_VS_NODE_TABLES) || 50;
const SEED = Number(process.env.REAL_VS_NODE_SEED) || Date.now() % 1000000;
/** A play's lines at most: longer than the test's. */
const LINES = 60;

export async function run(print: (line: string) => void): Promise<void> {
  if (!espruinoPath()) {
    print('skipped: ESPRUINO not set');
    return;
  }
  const only = (process.env.REAL_VS_NODE_GAMES || '').split(',').filter((g) => g);
  await examplesInBoth(EXAMPLES.map(([game]) => game).filter((g) => !only.length || only.includes(g)), 'from the phone', examplePlay, print);
  print(`seed ${SEED}: ${PLAYS} random phone plays a game of up to ${LINES} lines, and ${TABLES} shuffleboard tables`);
  print('game           plays    cuts  lines sent  parted   seconds');
  for (const game of PHONE_GAMES.filter((g) => !only.length || only.includes(g))) {
    const t0 = Date.now();
    let plays = 0;
    let cuts = 0;
    let lines = 0;
    const details = await fc.check(fc.asyncProperty(phonePlay(game, LINES, 'half'), async (play) => {
      plays++;
      if (play.cut) cuts++;
      lines += (await sameInBoth(play)).lines.length;
    }), { seed: SEED, numRuns: PLAYS });
    print(`${game.padEnd(14)} ${String(plays).padStart(5)} ${String(cuts).padStart(7)} ${String(lines).padStart(11)} ${String(details.failed ? 1 : 0).padStart(7)} ${((Date.now() - t0) / 1000).toFixed(0).padStart(9)}`);
    if (details.failed) print(`seed ${SEED}, path ${details.counterexamplePath}, shrunk: ${(details.errorInstance as Error).message}`);
  }
  if (only.length && !only.includes('shuffleboard')) return;
  const t0 = Date.now();
  const tables = Array.from({ length: TABLES }, (_, k) => endTable(SEED, k));
  const real = await decideInEspruino(tables);
  const parted = tables.map((t, k) => (real[k] === decideInNode(t) ? -1 : k)).filter((k) => k >= 0);
  print(`shuffleboard's decision: ${tables.length} tables of its sweep (seed ${SEED}), ${parted.length} decided otherwise${parted.length ? ` (tables ${parted.join(', ')})` : ''} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  for (const k of parted.slice(0, 3)) print(`table ${k}: Node ${decideInNode(tables[k])}; the real interpreter ${real[k]}`);
}
