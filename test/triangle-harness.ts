// Test-only glue for the triangle: a per-channel debouncer standing in for the
// sensor core (firmware/scan.ts and firmware/debounce.ts did not exist yet),
// noise injection, and a small scenario runner over physics → debouncer →
// interpreter → rules → layout. The lead's simulator replaces the runner.
import { LevelChange } from '../sim/physics/types';
import { TrianglePhysics, FlickAction } from '../sim/physics/triangle';
import { EDGE, TRANSIT, SensorEventKind } from '../firmware/sensing';
import {
  triangleGame, triangleBoard, triangleInterpreter, triangleLayout, triangleCommand, triangleButton,
  TriangleMove, TriangleState,
} from '../firmware/games/triangle/index';
import { ScoreChange } from '../firmware/game';
import { triangleModule } from '../firmware/games/triangle/module';
import { Scanner, channelKinds } from '../firmware/scan';
import { latchesTransits } from '../firmware/debounce';
import { SimInputs } from '../sim/inputs';
import { mulberry32 } from '../sim/inputs';

/** A raw level must hold this long to become an edge (sym_defer, per channel). */
export const DEBOUNCE_MS = 5;
/** A level-1 pulse at least this long but shorter than DEBOUNCE_MS is latched as a TRANSIT. */
export const TRANSIT_MIN_MS = 2;

export interface SensorSink {
  sense(kind: SensorEventKind, ch: number, level: number, t: number): void;
  tick(t: number): void;
}

/** Feeds raw level changes through a 1 ms scan loop with debouncing into `sink`, up to tEnd. */
export class ScanLoop {
  private raw: number[];
  private stable: number[];
  private since: number[];
  private queue: LevelChange[] = [];
  t = 0;
  constructor(channels: number, private sink: SensorSink) {
    this.raw = new Array(channels).fill(0);
    this.stable = new Array(channels).fill(0);
    this.since = new Array(channels).fill(0);
  }
  add(changes: LevelChange[]): void {
    this.queue = this.queue.concat(changes).sort((a, b) => a.t - b.t);
  }
  runUntil(tEnd: number): void {
    while (this.t <= tEnd) {
      const t = this.t;
      while (this.queue.length > 0 && this.queue[0].t <= t) {
        const c = this.queue.shift()!;
        if (this.raw[c.ch] === c.level) continue;
        if (c.level === 0 && this.stable[c.ch] === 0 && t - this.since[c.ch] >= TRANSIT_MIN_MS) {
          this.sink.sense(TRANSIT, c.ch, 1, t); // a pulse too short to debounce, latched
        }
        this.raw[c.ch] = c.level;
        this.since[c.ch] = t;
      }
      for (let ch = 0; ch < this.raw.length; ch++) {
        if (this.raw[ch] !== this.stable[ch] && t - this.since[ch] >= DEBOUNCE_MS) {
          this.stable[ch] = this.raw[ch];
          this.sink.sense(EDGE, ch, this.stable[ch], t);
        }
      }
      this.sink.tick(t);
      this.t++;
    }
  }
}

/** A seeded generator in [0, 1). */
export const seededRng = mulberry32;

/**
 * Adds what real IR points do: noise spikes of `spikeMs` on every channel (`spikesPerChannel`
 * over [tFrom, tTo)), and bounce (two 1 ms flips right after) at every real change.
 */
export function withNoise(
  changes: LevelChange[], channels: number, rng: () => number, tFrom: number, tTo: number,
  spikesPerChannel: number, spikeMs = 1,
): LevelChange[] {
  const out: LevelChange[] = [];
  const levelAt = (ch: number, t: number): 0 | 1 => {
    let level: 0 | 1 = 0;
    for (const c of changes) if (c.ch === ch && c.t <= t) level = c.level;
    return level;
  };
  for (const c of changes) {
    out.push(c);
    const other: 0 | 1 = c.level ? 0 : 1;
    out.push({ t: c.t + 1, ch: c.ch, level: other }, { t: c.t + 2, ch: c.ch, level: c.level });
  }
  for (let ch = 0; ch < channels; ch++) {
    for (let i = 0; i < spikesPerChannel; i++) {
      const t = tFrom + Math.floor(rng() * (tTo - tFrom));
      const level = levelAt(ch, t);
      if (changes.some((c) => c.ch === ch && Math.abs(c.t - t) <= DEBOUNCE_MS + spikeMs + 3)) continue;
      out.push({ t: t, ch: ch, level: level ? 0 : 1 }, { t: t + spikeMs, ch: ch, level: level });
    }
  }
  return out.sort((a, b) => a.t - b.t);
}

export interface RunResult {
  state: TriangleState;
  changes: ScoreChange[];
  display: string[];
  refused: string[];
  moves: TriangleMove[];
}

/** Runs a scenario (JSONL text, CONTRACT.md's format, triangle actions only) through the whole chain. */
export function runScenario(text: string, noise = false): RunResult {
  const lines = text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
  const header = lines[0];
  let state = triangleGame.setup({ players: header.players, options: header.options || {} });
  const rng = seededRng(header.seed || 1);
  const result: RunResult = { state, changes: [], display: [], refused: [], moves: [] };
  const show = () => {
    const text = triangleLayout(state);
    if (result.display[result.display.length - 1] !== text) result.display.push(text);
  };
  const play = (move: TriangleMove) => {
    result.moves.push(move);
    const outcome = triangleGame.play(state, move);
    if (outcome.refused) result.refused.push(outcome.refused);
    state = outcome.state;
    result.changes.push(...outcome.changes);
    show();
  };
  const interpreter = triangleInterpreter(play);
  const loop = new ScanLoop(triangleBoard.channels, interpreter);
  const physics = new TrianglePhysics(triangleBoard);
  show();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    loop.runUntil(line.t - 1);
    if (line.do === 'flick') {
      // The player is about to place the chip: the board would settle the last flick then.
      interpreter.settle();
      const changes = physics.flick(line as FlickAction, line.t, state.f, rng);
      loop.add(noise ? withNoise(changes, triangleBoard.channels, rng, line.t, line.t + 2500, 4) : changes);
    } else if (line.phone !== undefined) {
      interpreter.settle();
      const move = line.phone.cmd === 'undo' ? triangleModule.undoMove : triangleCommand({ name: line.phone.cmd, args: line.phone, paired: true });
      if (move) play(move);
      else result.refused.push('unknown command ' + JSON.stringify(line.phone));
    } else if (line.button !== undefined) {
      interpreter.settle();
      const move = triangleButton(state, line.button, line.holdMs || 0);
      if (move) play(move);
    } else if (line.set !== undefined || line.raw !== undefined) {
      throw new Error('line ' + (i + 1) + ': set/raw are not used by the triangle runner');
    }
  }
  loop.runUntil(loop.t + 5000);
  result.state = state;
  return result;
}

/**
 * The project's own scanner and simulated inputs (firmware/scan.ts,
 * sim/inputs.ts, as sim/replay.ts wires them): IR chatter on every edge,
 * eager debouncing, latched transits. Feeds `sink` up to tEnd, 1 ms a scan.
 */
export function realChain(changes: LevelChange[], sink: SensorSink, tEnd: number, seed: number): void {
  const kinds = channelKinds(triangleBoard);
  const inputs = new SimInputs({ channels: triangleBoard.channels, kinds, seed, latched: kinds.map((k) => latchesTransits(k)) });
  const scanner = new Scanner({ banks: inputs.banks, board: triangleBoard, capacity: 64 });
  inputs.addClean(changes.slice().sort((a, b) => a.t - b.t));
  for (let t = 0; t <= tEnd; t++) {
    inputs.advanceTo(t);
    scanner.poll(t);
    scanner.drain(sink);
    sink.tick(t);
  }
}
