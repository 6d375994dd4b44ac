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

/** How long f takes: the wall clock's time, and this process's CPU time (ms). */
function clocked(f: () => void): { wall: number; cpu: number } {
  const c0 = process.cpuUsage();
  const wall = ms(f);
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000 };
}

/**
 * Every example scenario replayed after start-up (the first replay of each file warms the code up and is not
 * counted; nor is reading the scenario and booting the board at its time 0, which takes the same whatever the
 * game): the game's time (to the simulation's end, its last line and the game's own timeouts), the wall time (the
 * fastest of three replays, or of as many as take 300 ms), and how many times real time that is (the target: 1,000 or more for every game); then
 * the same by the process's CPU time, which the machine's other work does not stretch as it does the wall time (on
 * a machine to itself the two agree; the CPU time counts the garbage collector's threads too).
 * The scenarios of the test board (`"game":"bench"`: bench-*, diag-walk) are no game: a tenth of a second of
 * raw channels, replayed in well under a millisecond, where what any run costs whatever its length (the final
 * line, the first scans) weighs as much as its events and the timer's resolution is a good part of the figure; so
 * their ratio says little of a game's. They are printed apart, with their own slowest.
 */
function runExamples(print: (line: string) => void): void {
  const dir = join(ROOT, 'scenarios');
  print('every example scenario, after start-up: game time, replay time, times real time (wall clock; CPU time)');
  print('scenario                                           game s   scans      ms  × real time   cpu ms  × by cpu');
  const slowest = () => ({ times: Infinity, file: '' });
  const slowestGame = { wall: slowest(), cpu: slowest() };
  const slowestBoard = { wall: slowest(), cpu: slowest() };
  const rows: { board: boolean; line: string }[] = [];
  const ratio = (x: number) => Math.round(x).toLocaleString('en-GB');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort()) {
    const text = readFileSync(join(dir, file), 'utf8');
    new Simulation(parseScenario(text)).runToEnd();
    let sim = new Simulation(parseScenario(text));
    // The fastest of three, or of as many as take 300 ms (at most 30): a run the machine's other work or a garbage
    // collection of the replays before it slowed says nothing of the replay (a scenario of a few seconds replays in
    // some 5 ms, and one collection falling in it made it take five times as long).
    const took = { wall: Infinity, cpu: Infinity };
    for (let run = 0, spent = 0; run < 3 || (spent < 300 && run < 30); run++) {
      sim = new Simulation(parseScenario(text));
      const started = sim;
      const t = clocked(() => started.runToEnd());
      spent += t.wall;
      took.wall = Math.min(took.wall, t.wall);
      took.cpu = Math.min(took.cpu, t.cpu);
    }
    const times = { wall: sim.t / Math.max(took.wall, 0.001), cpu: sim.t / Math.max(took.cpu, 0.001) };
    const board = sim.scenario.header.game === 'bench';
    const worst = board ? slowestBoard : slowestGame;
    for (const k of ['wall', 'cpu'] as const) if (times[k] < worst[k].times) Object.assign(worst[k], { times: times[k], file });
    rows.push({ board, line: `${file.padEnd(50)} ${(sim.t / 1000).toFixed(1).padStart(7)} ${String(sim.scans).padStart(7)} ${took.wall.toFixed(1).padStart(7)} ${ratio(times.wall).padStart(12)} ${took.cpu.toFixed(1).padStart(8)} ${ratio(times.cpu).padStart(9)}` });
  }
  for (const r of rows) if (!r.board) print(r.line);
  print('the test board (no game: a tenth of a second of raw channels, under a millisecond to replay)');
  for (const r of rows) if (r.board) print(r.line);
  const both = (x: { wall: { times: number; file: string }; cpu: { times: number; file: string } }) =>
    `${ratio(x.wall.times)} times real time (${x.wall.file}), ${ratio(x.cpu.times)} by CPU time (${x.cpu.file})`;
  print(`slowest game: ${both(slowestGame)}; target 1,000`);
  print(`slowest test board: ${both(slowestBoard)}; no target`);
}
