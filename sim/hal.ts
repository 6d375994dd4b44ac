// The simulator HAL: the same interfaces as hal/espruino, over simulated
// inputs, a recording radio, a simulated MAX7219 chain and an in-memory flash
// that survives power cuts. The replay and tests drive its clock and ticker.
import type { AnalogBank, BankOptions, Buttons, Hal, Ticker } from '../hal/types';
import { SimFlash } from './flash';
import type { BoardDescription, SensorKind } from '../firmware/board';
import { SimInputs, mulberry32 } from './inputs';
import { SimFaults } from './faults';
import { createSimRadio } from './radio';
import type { SimRadio } from './radio';
import { createMax7219Chain } from './display-text';

export { SimFlash } from './flash';

/** A ticker the simulation steps: the firmware's scan runs when the simulation says so. */
export interface SimTicker extends Ticker {
  periodMs(): number;
  /** The period of the ticks while resting (the Rest that every gives), or 0 while the ticks come every periodMs. */
  restMs(): number;
  /** The wake line saw a sensor change: the fast ticks again. */
  wake(): void;
  /** Runs the scan tick once, if one is set. */
  fire(): void;
  stop(): void;
}

export function createSimTicker(): SimTicker {
  let fn: (() => void) | null = null;
  let period = 0;
  let resting = 0;
  const rest = (ms: number): void => {
    if (!ms || !resting) resting = ms;
  };
  return {
    every(ms: number, tick: () => void): (ms: number) => void {
      fn = tick;
      period = ms;
      resting = 0;
      return rest;
    },
    restMs: () => resting,
    wake(): void {
      resting = 0;
    },
    stop(): void {
      fn = null;
    },
    periodMs: () => period,
    fire(): void {
      if (fn) fn();
    },
  };
}

export interface SimButtons extends Buttons {
  /** A press of `name` (`next`, `mode`, or `both` together) held for `heldMs`, reported on release as the chip does. */
  press(name: string, heldMs: number): void;
}

export function createSimButtons(): SimButtons {
  const buttons: SimButtons = {
    onPress: null,
    press(name, heldMs): void {
      if (buttons.onPress) buttons.onPress(name, heldMs);
    },
  };
  return buttons;
}

export interface SimHal extends Hal {
  inputs: SimInputs;
  radio: SimRadio;
  ticker: SimTicker;
  buttons: SimButtons;
  chain: ReturnType<typeof createMax7219Chain>;
  store: SimFlash;
}

export interface SimHalOptions {
  channels: number;
  kinds: SensorKind[];
  /** The board's banks (firmware/board.ts), read as the board reads them: nothing latched. */
  banks?: BankOptions[];
  seed: number;
  modules: number;
  /** The flash of the board before this power-up (kept across power cuts). */
  flash?: SimFlash;
  /** Inputs to keep (a power cut does not move the chips on the board). */
  inputs?: SimInputs;
  /** Phones pair with a passkey, as on the chip (else the link is open: changes wait for the board's confirmation). */
  pairing?: boolean;
  /** The level of each analog channel at time t (the game's model of its board: SimGame.analog), for a board with an analog bank. */
  analog?: (ch: number, t: number) => number;
  /** How far each analog channel's level can lie at time t, when the game can tell it cheaply (SimGame.analogRange). */
  analogRange?: (ch: number, t: number, range: Float64Array, kept: number) => boolean;
  /** The levels of a run of analog channels at time t, as `analog` gives each (SimGame.analogRun). */
  analogRun?: (from: number, to: number, t: number, out: Float64Array) => void;
  /** The board, whose sensors a scenario's `fault` lines name (sim/faults.ts): with it, the inputs carry its faults. */
  board?: BoardDescription;
}

/**
 * An analog bank of levels `read` gives (fractions of the supply), its changes counted as the chip's driver counts
 * them (hal/espruino/analog.ts). `range`, when given, tells the least and the most a channel can read (false: it
 * cannot tell): a channel that surely reads within the kept reading's step is no change, and is not read in full.
 * The last channel of a run always is (a floating input's line holds what was read last: sim/faults.ts). `readRun`,
 * when given, reads channels from..to into out[from..to) as `read` reads them one after the other, at less cost a
 * channel: the channels not spared are read so, in runs (sparing one reads nothing, so the runs read what one by one
 * would have).
 */
export function analogBankOf(
  read: (ch: number) => number,
  range?: (ch: number, range: Float64Array, kept: number) => boolean,
  readRun?: (from: number, to: number, out: Float64Array) => void,
): AnalogBank {
  const lies = new Float64Array(2);
  let levels = new Float64Array(64);
  /** Counts channel ch read at `level` against its kept reading (255ths of the supply): 1 when a change, kept then. */
  const counted = (ch: number, level: number, kept: Uint8Array): number => {
    const a = level * 255 - kept[ch];
    if (a >= 2 || a < -1) {
      kept[ch] += a;
      return 1;
    }
    return 0;
  };
  return {
    read,
    changes(from, to, kept) {
      let some = 0;
      if (to > levels.length) levels = new Float64Array(2 * to);
      // (The channels since `run` are still to be read.)
      for (let ch = from, run = from; ch < to; ch++) {
        // (A reading r is a change when r * 255 - kept is 2 or more, or less than -1: from either end of its range.)
        const spared = range && ch < to - 1 && range(ch, lies, kept[ch]) && lies[1] * 255 - kept[ch] < 2 && lies[0] * 255 - kept[ch] >= -1;
        if (!spared && readRun && ch < to - 1) continue;
        const end = spared ? ch : ch + 1;
        // (A run of one is read alone.)
        if (end - run === 1) some |= counted(run, read(run), kept);
        else if (end > run) {
          readRun!(run, end, levels);
          for (let c = run; c < end; c++) some |= counted(c, levels[c], kept);
        }
        run = ch + 1;
      }
      return some;
    },
  };
}

/**
 * The board's analog bank, read at the simulated clock's time as the chip reads its ADC: one channel at a time,
 * through the board's faults (the game's ranges, through them, spare reading a channel in full: SimFaults.range;
 * the game's runs of levels read a row at less cost: SimFaults.lay).
 */
function simAnalogBank(
  level: (ch: number, t: number) => number,
  inputs: SimInputs,
  range?: (ch: number, t: number, range: Float64Array, kept: number) => boolean,
  run?: (from: number, to: number, t: number, out: Float64Array) => void,
): AnalogBank {
  const clock = inputs.clock;
  const read = (ch: number): number => (inputs.faults ? inputs.faults.analog(ch, clock.now(), level) : level(ch, clock.now()));
  return analogBankOf(
    read,
    range && ((ch, lies, kept) => (inputs.faults ? inputs.faults.range(ch, clock.now(), lies, kept, range) : range(ch, clock.now(), lies, kept))),
    run && ((from, to, out) => {
      const faults = inputs.faults;
      if (faults && !faults.lays()) {
        for (let ch = from; ch < to; ch++) out[ch] = read(ch);
        return;
      }
      run(from, to, clock.now(), out);
      if (faults) faults.lay(from, to, clock.now(), out);
    }),
  );
}

export function createSimHal(o: SimHalOptions): SimHal {
  const inputs = o.inputs || new SimInputs({
    channels: o.channels,
    kinds: o.kinds,
    banks: o.banks,
    seed: o.seed,
  });
  if (o.board && !inputs.faults) inputs.faults = new SimFaults(o.board, mulberry32((o.seed ^ 0xfa17) >>> 0));
  const chain = createMax7219Chain(o.modules);
  return {
    inputs,
    clock: inputs.clock,
    banks: inputs.banks,
    analog: o.analog ? [simAnalogBank(o.analog, inputs, o.analogRange, o.analogRun)] : undefined,
    ticker: createSimTicker(),
    buttons: createSimButtons(),
    display: chain,
    radio: createSimRadio(() => inputs.clock.now(), o.pairing),
    store: o.flash || new SimFlash(),
    chain,
  };
}
