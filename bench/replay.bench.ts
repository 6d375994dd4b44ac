// Replay and the phone decoder cost time in proportion to what happens, not
// to how long a game lasts or how long a line is: figures side by side; then
// every example scenario's replay against the game's own time.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Simulation, parseScenario } from '../sim/replay';
import { createLineDecoder } from '../sim/phone';
import { ROOT } from '../tools/games';

const ms = (f: () => void) => {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};

export async function run(print: (line: string) => void): Promise<void> {
  print('a triangle game: a flick at 1 s, a state request at T');
  print('            T   scans    ms');
  for (const lastT of [1e4, 1e5, 1e7, 1e9, 1e12]) {
    const sim = new Simulation(parseScenario(`{"game":"triangle","players":2}\n{"t":1000,"do":"flick","stopMm":-10}\n{"t":${lastT},"phone":{"cmd":"state"}}`));
    const took = ms(() => sim.runToEnd());
    print(`${String(lastT).padStart(13)}  ${String(sim.scans).padStart(6)}  ${took.toFixed(0).padStart(4)}`);
  }
  print('one line of N characters, in the 20-byte notifications a phone receives');
  print('           N     ms');
  for (const n of [1e4, 1e5, 1e6, 1e7]) {
    const line = JSON.stringify({ type: 'state', pad: 'x'.repeat(n) }) + '\n';
    const chunks: string[] = [];
    for (let i = 0; i < line.length; i += 20) chunks.push(line.slice(i, i + 20));
    const took = ms(() => {
      const decoder = createLineDecoder();
      for (const c of chunks) decoder.push(c);
    });
    print(`${String(n).padStart(12)}  ${took.toFixed(0).padStart(5)}`);
  }
  runExamples(print);
}

/**
 * Every example scenario replayed after start-up (the first replay of each file warms the code up and is not
 * counted; nor is reading the scenario and booting the board at its time 0, which takes the same whatever the
 * game): the game's time (to the simulation's end, its last line and the game's own timeouts), the wall time (the
 * fastest of three replays), and how many times real time that is (the target: 1,000 or more for every game).
 * The scenarios of the test board (`"game":"bench"`: bench-*, diag-walk) are no game: a tenth of a second of
 * raw channels, replayed in well under a millisecond, where what any run costs whatever its length (the final
 * line, the first scans) weighs as much as its events and the timer's resolution is a good part of the figure; so
 * their ratio says little of a game's. They are printed apart, with their own slowest.
 */
function runExamples(print: (line: string) => void): void {
  const dir = join(ROOT, 'scenarios');
  print('every example scenario, after start-up: game time, replay time, times real time');
  print('scenario                                           game s   scans      ms  × real time');
  const slowest = { game: { times: Infinity, file: '' }, board: { times: Infinity, file: '' } };
  const rows: { board: boolean; line: string }[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort()) {
    const text = readFileSync(join(dir, file), 'utf8');
    new Simulation(parseScenario(text)).runToEnd();
    let sim = new Simulation(parseScenario(text));
    // The fastest of three: a run the machine's other work slowed says nothing of the replay.
    let took = Infinity;
    for (let run = 0; run < 3; run++) {
      sim = new Simulation(parseScenario(text));
      const started = sim;
      took = Math.min(took, ms(() => started.runToEnd()));
    }
    const times = sim.t / Math.max(took, 0.001);
    const board = sim.scenario.header.game === 'bench';
    const worst = board ? slowest.board : slowest.game;
    if (times < worst.times) Object.assign(worst, { times, file });
    rows.push({ board, line: `${file.padEnd(50)} ${(sim.t / 1000).toFixed(1).padStart(7)} ${String(sim.scans).padStart(7)} ${took.toFixed(1).padStart(7)} ${Math.round(times).toLocaleString('en-GB').padStart(12)}` });
  }
  for (const r of rows) if (!r.board) print(r.line);
  print('the test board (no game: a tenth of a second of raw channels, under a millisecond to replay)');
  for (const r of rows) if (r.board) print(r.line);
  const times = (x: { times: number }) => Math.round(x.times).toLocaleString('en-GB');
  print(`slowest game: ${times(slowest.game)} times real time (${slowest.game.file}; target 1,000)`);
  print(`slowest test board: ${times(slowest.board)} times real time (${slowest.board.file}; no target)`);
}
