// Test-only glue for the triangle: noise injection over clean physics output,
// and the project's scanner over simulated inputs (as sim/replay.ts wires them)
// as a sensor chain the tests feed straight into an interpreter.
import { LevelChange } from '../sim/physics/types';
import { SensorEventKind } from '../firmware/sensing';
import { triangleBoard } from '../firmware/games/triangle/board';
import { Scanner, channelKinds } from '../firmware/scan';
import { SimInputs, mulberry32 } from '../sim/inputs';

export interface SensorSink {
  sense(kind: SensorEventKind, ch: number, level: number, t: number): void;
  tick(t: number): void;
}

/** A seeded generator in [0, 1). */
export const seededRng = mulberry32;

/** Spikes keep this far (plus their own length) from a real change, so they never merge with its bounce. */
const SPIKE_CLEAR_MS = 8;

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
      if (changes.some((c) => c.ch === ch && Math.abs(c.t - t) <= SPIKE_CLEAR_MS + spikeMs)) continue;
      out.push({ t: t, ch: ch, level: level ? 0 : 1 }, { t: t + spikeMs, ch: ch, level: level });
    }
  }
  return out.sort((a, b) => a.t - b.t);
}

/**
 * The project's own scanner and simulated inputs (firmware/scan.ts,
 * sim/inputs.ts, as sim/replay.ts wires them): IR chatter from `seed` on every
 * edge, the board's banks (nothing latched), and its debouncing (eager for IR) unless
 * `debounce` sets one for every channel, as a scenario header's `debounce`
 * does. Feeds `sink` up to tEnd, 1 ms a scan.
 */
export function realChain(
  changes: LevelChange[], sink: SensorSink, tEnd: number, seed: number, debounce?: { algorithm: string; ms: number },
): void {
  const kinds = channelKinds(triangleBoard);
  const inputs = new SimInputs({ channels: triangleBoard.channels, kinds, banks: triangleBoard.banks, seed });
  const scanner = new Scanner({ banks: inputs.banks, board: triangleBoard, capacity: 64, debounce });
  inputs.addClean(changes.slice().sort((a, b) => a.t - b.t));
  for (let t = 0; t <= tEnd; t++) {
    inputs.advanceTo(t);
    scanner.poll(t);
    scanner.drain(sink);
    sink.tick(t);
  }
}
