// A board at rest (wiring.md, Resting when idle): in the simulator, how much
// of each example game the board rests and how often it ticks then, and a
// shuffleboard throw at every millisecond of a rest tick (each must be counted
// and placed); in the real interpreter (ESPRUINO), the share of time its scan
// tick's JavaScript runs polling fast with nothing moving, and at rest, and
// the wake-ups a second at rest. Target at rest: <= 2 wake-ups a second, <= 2%.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Simulation, parseScenario } from '../sim/replay';
import { buildGame } from '../tools/build';
import { bootInEspruino, describeBuild, espruinoPath } from '../tools/espruino-run';
import { chainAtStart } from '../tools/espruino-play';
import { ROOT } from '../tools/games';
import { REST_TICK_MS } from '../firmware/runtime';
import { throwAt } from '../test/idle-throw';

const GAMES = ['triangle', 'fortress', 'ringapeg', 'shuffleboard'];
/**
 * When each game's board rests with nothing moving (s after boot): 2 s after the last change, and shuffleboard's 2 s
 * after its first 5 s (it reads a row every tick then: a weight thrown while it was starting may be on its way).
 */
const RESTS_AT: Record<string, number> = { triangle: 2, fortress: 2, ringapeg: 2, shuffleboard: 7 };

function simulated(print: (line: string) => void): void {
  print('in the simulator, each game with nothing moving for 50 s from 3 s after it rests: ticks a second (target <= 2)');
  for (const game of GAMES) {
    const from = (RESTS_AT[game] + 3) * 1000;
    const sim = new Simulation(parseScenario(`{"game":"${game}","players":2}\n{"t":${from + 55_000},"phone":{"cmd":"state"}}`));
    sim.runUntil(from);
    const scans = sim.scans;
    sim.runUntil(from + 50_000);
    print(`${game.padEnd(12)} ${((sim.scans - scans) / 50).toFixed(2).padStart(6)}`);
  }
  print('every example scenario: game time, and the share of it at rest (its quiet spells of 2 s and more)');
  const dir = join(ROOT, 'scenarios');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl') && GAMES.some((g) => f.startsWith(g))).sort()) {
    const sim = new Simulation(parseScenario(readFileSync(join(dir, file), 'utf8')));
    let restMs = 0;
    const lastT = sim.scenario.actions.at(-1)!.t;
    while (sim.t <= lastT) {
      const t = sim.t;
      const resting = !!sim.firmware && sim.hal.ticker.restMs() > 0;
      sim.step();
      if (resting) restMs += sim.t - t;
    }
    print(`${file.padEnd(33)} ${(sim.t / 1000).toFixed(1).padStart(7)} s ${(100 * restMs / sim.t).toFixed(0).padStart(4)}% at rest`);
  }
  // A weight thrown at every ms of a rest tick, and a little past it.
  let rested = 0;
  let counted = 0;
  const n = REST_TICK_MS + 10;
  for (let phase = 0; phase < n; phase++) {
    const r = throwAt(9000 + phase);
    if (r.resting) rested++;
    if (r.counted) counted++;
  }
  print(`shuffleboard at rest, a throw at every ms of a rest tick and 10 ms past it: ${n} throws, the board rested before ${rested}, counted and placed within 3 mm ${counted}`);
}

/**
 * Boots `game`'s stored bundle with every timer callback timed (setInterval wrapped in .boot0), nothing moving:
 * the share of time in the ticks and the ticks a second in the second before the board rests (polling fast:
 * RESTS_AT) and for 6 s from 2 s after (at rest).
 */
async function inInterpreter(game: string, stubs: string): Promise<{ fast: number[]; rest: number[]; build: string }> {
  // The Linux build has no GPIO: the chain reads the table as a new game lays it out (chainAtStart), or a board of 96
  // channels all active is a bank fault, and never rests. Shuffleboard's multiplexers read half the supply (no field) on the
  // grid and the pull-up on the launch row (channels 380-383: the select lines' value, on the second ADC input).
  const boot0 = [
    stubs,
    'var __sel=0;',
    'global.digitalWrite=function(p,v){__sel=v;};',
    'global.analogRead=function(pin){return (__sel&255)+(pin===3?256:0)>=380?1:0.5;};',
    await chainAtStart(game),
    'var __busy=0,__n=0,__marks=[];',
    'var __si=setInterval;',
    'global.setInterval=function(f,ms){return __si(function(){var t=getTime();f();__busy+=getTime()-t;__n++;},ms);};',
    'function __mark(){__marks.push([getTime(),__busy,__n]);}',
    '__si(__mark,500);',
  ].join('\n');
  const code = (await buildGame(game)).stored;
  const restsAt = RESTS_AT[game];
  const report = bootInEspruino(code, { boot0, settleMs: (restsAt + 8) * 1000 + 200, probe: '__marks', baseline: false, timeoutMs: 120_000 });
  if (report.errors.length) throw new Error(`${game} did not boot: ${report.errors[0]}`);
  const marks = report.probe as [number, number, number][];
  /** Share of time in the ticks and ticks a second between the marks nearest `from` and `to` seconds after the first. */
  const span = (from: number, to: number): number[] => {
    const t0 = marks[0][0];
    const a = marks.find((m) => m[0] - t0 >= from - 0.6)!;
    const b = marks.filter((m) => m[0] - t0 <= to - 0.4).at(-1)!;
    const s = b[0] - a[0];
    return [(b[1] - a[1]) / s, (b[2] - a[2]) / s];
  };
  return { fast: span(restsAt - 1.5, restsAt - 0.5), rest: span(restsAt + 2, restsAt + 8), build: describeBuild(report.build) };
}

export async function run(print: (line: string) => void): Promise<void> {
  simulated(print);
  if (!espruinoPath()) {
    print('the real interpreter: skipped, ESPRUINO not set');
    return;
  }
  const stubs = readFileSync(join(ROOT, 'tools', 'espruino-linux-stubs.js'), 'utf8');
  print('in the real interpreter, nothing moving: time in the scan tick and ticks a second, polling fast and at rest (target at rest: <= 2%, <= 2/s)');
  print('game         fast %   fast /s   rest %   rest /s');
  let build = '';
  for (const game of GAMES) {
    const r = await inInterpreter(game, stubs);
    build = r.build;
    print(`${game.padEnd(12)} ${(100 * r.fast[0]).toFixed(2).padStart(6)} ${r.fast[1].toFixed(0).padStart(9)} ${(100 * r.rest[0]).toFixed(3).padStart(8)} ${r.rest[1].toFixed(2).padStart(9)}`);
  }
  print(`measured in ${espruinoPath()} (${build}); a Linux host runs the interpreter faster than the nRF52 does (docs/espruino.md)`);
}
