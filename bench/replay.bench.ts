// Replay and the phone decoder cost time in proportion to what happens, not
// to how long a game lasts or how long a line is: figures side by side.
import { performance } from 'node:perf_hooks';
import { Simulation, parseScenario } from '../sim/replay';
import { createLineDecoder } from '../sim/phone';

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
}
