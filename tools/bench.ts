// npm run bench: the benchmarks of bench/, each printing figures measured side
// by side in one run (ratios), never pass/fail on time. With no name, the
// default ones (a few minutes); `npm run bench NAME...` runs those named,
// long ones included; `npm run bench -- --help` lists them all.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './games';

export interface Bench {
  /** Its file: bench/NAME.bench.ts. */
  name: string;
  /** What it prints, in a line. */
  about: string;
  /** Left out of the default run (it takes more than a few minutes): run it by its name. */
  long?: boolean;
}

/** Every benchmark, one a line, in the order they run. */
export const BENCHES: Bench[] = [
  { name: 'chaos', about: 'power cuts, undo and new at random through whole games', long: true },
  { name: 'analog', about: "the shuffleboard grid's analog scan against the bare reads of its channels (wiring.md)" },
  { name: 'bundles', about: 'bundle sizes and JsVars against their budgets, whole and split into core and game' },
  { name: 'faults', about: 'every game under every sensor fault it can have, quiet and mid-play: reported in time, no phantom point' },
  { name: 'companion', about: "the companion page's budgets: its JavaScript, first render, an event to the scoreboard" },
  { name: 'fortress', about: 'fortification billiards against an independent referee: generated games played as scenarios (FORTRESS_GAMES, 400)' },
  { name: 'holders', about: "what holds the shuffleboard's JsVars: its interpreter, grid checks and state, and a throw's decision of 1, 4 and 8 weights (ESPRUINO)" },
  { name: 'grid-check', about: "how long shuffleboard's fault check holds the interpreter, with a reading kept changed and with none changed since the last (ESPRUINO)" },
  { name: 'holds', about: "the longest single call the firmware makes in each game's example game, a power-up from its log, a hostile phone and diagnostics, in bare reads and on the chip against 20 ms (ESPRUINO, some 12 minutes; HOLDS_RUNS, 3; HOLDS_GAMES)", long: true },
  { name: 'hub', about: 'the club hub under load: 500 boards through one Mosquitto for a minute (HUB_BENCH_SECONDS)' },
  { name: 'idle', about: 'a board at rest: ticks a second, and the time its ticks take polling fast and at rest in the real interpreter (ESPRUINO)' },
  { name: 'modules', about: 'what each part of the firmware costs on the chip' },
  { name: 'peak', about: "JsVars at the peak of each game's example game, at the undo of its last move and after it, in the real interpreter (ESPRUINO; some 10 minutes: shuffleboard's is played in real time; PEAK_GAMES=shuffleboard: that game only)" },
  { name: 'poll', about: 'a scan tick as a ratio to a bare read of the sensor banks, idle and busy' },
  { name: 'power-sweep', about: 'a power cut every 20 ms of every example game, the better part of an hour (POWER_SWEEP_STEP_MS=250: quicker)', long: true },
  { name: 'torn-records', about: 'every record of every example game cut at every byte: the resync and the records after it restore the log without it (npm test: a seeded sample of bytes)', long: true },
  { name: 'shuffleboard', about: 'thousands of random tables on the grid\'s physics: the error of every weight found, tables scored otherwise (SHUFFLEBOARD_TABLES, 5,000; SHUFFLEBOARD_SEED, 1)' },
  { name: 'real-vs-node', about: 'random phone plays of every game, power cuts among them, and shuffleboard tables decided, in the real interpreter against Node: every line the board sends the same (ESPRUINO; REAL_VS_NODE_PLAYS, 25 a game; REAL_VS_NODE_TABLES, 50; some 15 minutes)', long: true },
  { name: 'real-sensors', about: "the digital boards' sensors in the real interpreter against Node: the example games, random legal play with power cuts, faulty sensors and rings snapped at every phase of a rest tick (ESPRUINO; REAL_SENSORS_PLAYS, 10 a game; REAL_SENSORS_FAULTS, 5; REAL_SENSORS_SWEEP, 100; some 25 minutes)", long: true },
  { name: 'replay', about: "how replay time grows with a scenario's length" },
  { name: 'grid-wiring', about: 'shuffleboard grid sensors at a rail and dead select lines, struck at any time of a game at any phase, held to docs/diagnostics.md (GRID_WIRING_RUNS, 1,000 of each; GRID_WIRING_SEED)', long: true },
  { name: 'scan-period', about: "every scenario at its board's scan period and at 1 ms: each whose scores or winner differ, and how many (npm test: a seeded sample)" },
];

const DIR = join(ROOT, 'bench');
const fileOf = (name: string) => join(DIR, name + '.bench.ts');

/** The benchmarks there are: the list's, where their files are, then any file of bench/ the list misses (run by default). */
export function benches(): Bench[] {
  const listed = BENCHES.filter((b) => existsSync(fileOf(b.name)));
  const unlisted = readdirSync(DIR).filter((f) => f.endsWith('.bench.ts')).map((f) => f.replace('.bench.ts', ''))
    .filter((name) => !BENCHES.some((b) => b.name === name)).sort();
  return listed.concat(unlisted.map((name) => ({ name, about: '(not described in tools/bench.ts)' })));
}

function help(): string {
  return `usage: npm run bench [-- NAME [ITS ARGUMENTS]...]
  With no name, every benchmark but the long ones (a few minutes); with names,
  those, long ones included (words after a name that name no benchmark are its
  own: npm run bench chaos -- 2000). The benchmarks:
${benches().map((b) => `  ${b.name.padEnd(12)} ${b.long ? '(long) ' : ''}${b.about}`).join('\n')}`;
}

/**
 * The benchmarks the command line asks for; throws when the first word names none. Words after a benchmark's name
 * that name no benchmark are its own (`chaos 2000`: it reads them from process.argv).
 */
export function chosen(args: string[]): Bench[] {
  const all = benches();
  if (!args.length) return all.filter((b) => !b.long);
  const named = args.map((name) => all.find((b) => b.name === name));
  if (!named[0]) throw new Error(`no benchmark ${args[0]}; they are: ${all.map((b) => b.name).join(', ')}`);
  return named.filter((b): b is Bench => !!b);
}

async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(help());
    return 0;
  }
  let benches: Bench[];
  try {
    benches = chosen(args);
  } catch (e) {
    console.error(`bench: ${(e as Error).message}`);
    return 2;
  }
  for (const bench of benches) {
    console.log(`\n== ${bench.name}`);
    const mod = await import(pathToFileURL(fileOf(bench.name)).href);
    await mod.run((line: string) => console.log(line));
  }
  return 0;
}

if (process.argv[1] && /bench\.ts$/.test(process.argv[1])) process.exitCode = await main(process.argv.slice(2));
