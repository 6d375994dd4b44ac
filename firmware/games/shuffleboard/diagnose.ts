// Shuffleboard's diagnostics mode (docs/diagnostics.md): the walk test over the
// grid and the launch row, and the report of the sensors reading a field. Only
// diagnostics run it: a board keeps it out of its bundle, in its diagnostics
// module (tools/build.ts, ON_DEMAND), loaded when the mode starts.
import type { AnalogBank } from '../../../hal/types';
import type { Diagnostics, WalkState } from '../../sensing';
import { ADC_STEPS, CHANNELS, COLS, PEAK, QUIESCENT, ROWS, SENSORS, sensorName } from './board';
import { FOUND, NO_SENSOR } from './locate';

/** Sensors a diagnostics report lists, at most: a message stays short. */
const LISTED = 8;

/** What a mode does with the scanner's events, on a board that has none. */
function nothing(): void {}

/**
 * The diagnostics of the grid and the launch row, read through `bank` (their driver: the sensors as they read, out of
 * service or not: the maker looks for the faulty ones), from `now`; `progressed` gets the walk test as it goes.
 */
export function diagnoseGrid(bank: AnalogBank, now: number, progressed: (walk: WalkState) => void): Diagnostics {
  /** The walk test: per channel, 1 once a grid sensor saw a weight's field or a launch group was passed. */
  const seen = new Uint8Array(CHANNELS);
  let count = 0;
  /** The grid's row read next, and whether the walk test progressed in this pass. */
  let next = 0;
  let moved = 1;
  /** A reading x from half the supply that a weight's field makes (FOUND or more), or a rail. */
  function off(x: number): boolean {
    return x * x >= FOUND * FOUND * PEAK * PEAK;
  }
  /** Channels from..to-1 read: one that sees a weight (a grid sensor its field, not at a rail; a launch group pulled low) is seen. */
  function see(from: number, to: number): void {
    for (let ch = from; ch < to; ch++) {
      const x = bank.read(ch) - QUIESCENT;
      if (!seen[ch] && (ch < SENSORS ? off(x) && x * x < NO_SENSOR * NO_SENSOR : x < 0)) {
        seen[ch] = 1;
        count++;
        moved = 1;
      }
    }
  }
  /** The walk test as the phone gets it: the first LISTED sensors still to see. */
  function walkState(): WalkState {
    const missing: string[] = [];
    for (let ch = 0; ch < CHANNELS && missing.length < LISTED; ch++) if (!seen[ch]) missing.push(sensorName(ch));
    return { seen: count, of: CHANNELS, missing: missing, lost: 0 };
  }
  return {
    sense: nothing,
    // The launch row every tick (a weight passes it in 30 ms or more), and two rows of the grid: all of it in 19
    // ticks, and the phone told of each pass that saw more. A weight moved by hand at up to 10 cm/s is seen by
    // the sensors of its column and of the columns either side as it passes them.
    tick: function (): void {
      see(SENSORS, CHANNELS);
      see(next * COLS, (next += 2) * COLS);
      if (next >= ROWS) {
        next = 0;
        if (moved) progressed(walkState());
        moved = 0;
      }
    },
    // (Eight cells: no blank after the d.)
    show: function (): string {
      return count < CHANNELS ? 'd' + count + '-' + CHANNELS : 'd done';
    },
    // The walk test, and the sensors reading a field now (to the ADC step, from half the supply) or at a rail:
    // on an empty table, the ones to look at.
    report: function (): object {
      const listed: (string | number)[][] = [];
      for (let ch = 0; ch < SENSORS && listed.length < LISTED; ch++) {
        const x = bank.read(ch) - QUIESCENT;
        if (off(x)) listed.push([sensorName(ch), Math.round(x * ADC_STEPS)]);
      }
      return { type: 'diag', walk: walkState(), off: listed };
    },
    walk: function (): void {
      seen.fill(0);
      count = next = 0;
      moved = 1;
    },
    // (A weight's field seen: the walk test's count, since it last began.)
    changed: function (): boolean {
      return count > 0;
    },
  } as Diagnostics;
}
