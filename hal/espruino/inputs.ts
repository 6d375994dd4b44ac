// Inputs on the chip (MDBT42Q, nRF52832). Every bank is read in one native
// call; the scanner does the rest. Levels are "active = 1": contacts to GND
// with pull-ups read 0 when closed, so such banks invert.
import type { AnalogInput, Buttons, Clock, DigitalBank, Ticker } from '../types';

declare function setInterval(f: () => void, ms: number): unknown;

export interface PinBankOptions {
  /** Channel 0 first. At most 32. */
  pins: Pin[];
  /** pinMode for every pin, e.g. "input_pullup" for contacts to GND. */
  mode: string;
  /** Bits to flip after reading (1 where the sensor is active low). */
  invert: number;
}

/**
 * Pins read with one digitalRead([...]). Its first pin is the MSB, so the list
 * is reversed (in place: the bank keeps the caller's array, not a copy): channel 0 is bit 0.
 */
export function pinBank(o: PinBankOptions): DigitalBank {
  const pins = o.pins.reverse();
  // pinMode is reset on every read unless it was set explicitly.
  for (let i = 0; i < pins.length; i++) pinMode(pins[i], o.mode, false);
  const inv = o.invert | 0;
  return {
    width: pins.length,
    read: function () {
      // digitalRead takes an array of pins at run time; the published types only allow one.
      return (digitalRead as unknown as (pins: Pin[]) => number)(pins) ^ inv;
    },
  };
}

/** nRF52 P0.IN: all 32 GPIOs in one load. */
const P0_IN = 0x50000510;

export interface GpioBankOptions {
  /**
   * The GPIOs of the bank as bits (D<n> is GPIO n on the MDBT42Q): channel 0
   * is the lowest set bit, and so on up. At most two runs of consecutive GPIOs
   * (the triangle's D11-D20 and D22-D23, around the reset pin D21).
   */
  gpios: number;
  mode: string;
  invert: number;
}

/**
 * GPIOs straight from the input register: one load and a few shifts a read,
 * and nothing kept but numbers (a pin array costs 2 JsVars a pin). Unconfigured
 * pins read 0, so they are set up here.
 */
export function gpioBank(o: GpioBankOptions): DigitalBank {
  const gpios = o.gpios >>> 0;
  // The first run starts at `from` and is `first` long; the second follows `gap` bits after it.
  let from = -1;
  let first = 0;
  let gap = 0;
  let runs = 0;
  let width = 0;
  for (let g = 0; g < 32; g++) {
    if (!((gpios >>> g) & 1)) continue;
    pinMode(('D' + g) as unknown as Pin, o.mode, false);
    if (!g || !((gpios >>> (g - 1)) & 1)) {
      if (++runs === 1) from = g;
      else gap = g - from - width;
    }
    if (runs === 1) first++;
    width++;
  }
  if (runs > 2) throw new Error('gpioBank: more than two runs of GPIOs');
  const low = first >= 32 ? -1 : (1 << first) - 1;
  // The second run's bits, moved down to follow the first.
  const high = (gpios >>> from >>> gap) & ~low;
  const inv = o.invert | 0;
  return {
    width: width,
    read: function () {
      const v = peek32(P0_IN, 1) >>> from;
      return ((v & low) | ((v >>> gap) & high)) ^ inv;
    },
  };
}

export interface ShiftChainOptions {
  spi: SPI;
  /** SH/LD of every 74HC165: low loads the inputs, high lets them shift out. */
  load: Pin;
  /** Chips in the chain (8 inputs each). */
  chips: number;
  invert: number;
}

/**
 * A chain of 74HC165 over SPI (MSB first): chip 0 sits next to MISO, so byte i
 * is chip i and bit j its input Dj: channel 8i + j. Bank 0's read loads and
 * clocks out the whole chain; the other banks return their share of it (the
 * scanner reads banks in order every tick).
 */
export function shiftChain(o: ShiftChainOptions): DigitalBank[] {
  const out = new Uint8Array(o.chips);
  const words = new Int32Array((o.chips + 3) >> 2);
  const inv = o.invert | 0;
  const banks: DigitalBank[] = [{
    width: Math.min(32, 8 * o.chips),
    read: function () {
      digitalWrite(o.load, 0);
      digitalWrite(o.load, 1);
      const bytes = o.spi.send(out, undefined as unknown as Pin) as Uint8Array;
      for (let i = 0; i < words.length; i++) {
        words[i] = bytes[4 * i] | (bytes[4 * i + 1] << 8) | (bytes[4 * i + 2] << 16) | (bytes[4 * i + 3] << 24);
      }
      return words[0] ^ inv;
    },
  }];
  for (let k = 1; k < words.length; k++) banks.push(chainWord(words, k, inv, Math.min(32, 8 * o.chips - 32 * k)));
  return banks;
}

/** A later bank of a chain: its share of what bank 0 read in the same tick. */
function chainWord(words: Int32Array, k: number, inv: number, width: number): DigitalBank {
  return {
    width: width,
    read: function () {
      return words[k] ^ inv;
    },
  };
}

/**
 * Up to 8 transit pins watched in hardware (GPIOTE allows 8): a read reports a
 * channel active if it rose at any time since the previous read, so a pulse
 * shorter than a (late) scan tick is still seen once.
 */
export function latchedBank(bank: DigitalBank, watched: { pin: Pin; ch: number }[]): DigitalBank {
  let sticky = 0;
  for (let i = 0; i < watched.length; i++) {
    const bit = 1 << watched[i].ch;
    setWatch(function () { sticky |= bit; }, watched[i].pin, { repeat: true, edge: 'rising' });
  }
  return {
    width: bank.width,
    read: function () {
      const w = bank.read() | sticky;
      sticky = 0;
      return w;
    },
  };
}

/** An analog input behind a multiplexer (e.g. CD74HC4067): select lines set, then one conversion. */
export function muxInput(pin: Pin, select: Pin[], channel: number): AnalogInput {
  return {
    read: function () {
      for (let i = 0; i < select.length; i++) digitalWrite(select[i], (channel >> i) & 1);
      return analogRead(pin);
    },
  };
}

/** Analog sensors (IR phototransistors) as a digital bank, with hysteresis: on above `on`, off below `off`. */
export function thresholdBank(inputs: AnalogInput[], on: number, off: number): DigitalBank {
  let w = 0;
  return {
    width: inputs.length,
    read: function () {
      for (let i = 0; i < inputs.length; i++) {
        const v = inputs[i].read();
        if (v >= on) w |= 1 << i;
        else if (v <= off) w &= ~(1 << i);
      }
      return w;
    },
  };
}

/** Milliseconds since power-up (RTC, 30.5 µs resolution). */
export const espruinoClock: Clock = {
  now: function () {
    return getTime() * 1000;
  },
};

/** Seconds without a scan tick before the watchdog restarts the board (into its saved game). */
const WATCHDOG_S = 10;

/** The scan loop: a timer, with the watchdog kicked after every tick, so a hung interpreter restarts the board. */
export const espruinoTicker: Ticker = {
  every: function (ms: number, tick: () => void) {
    E.enableWatchdog(WATCHDOG_S, false);
    setInterval(function () {
      tick();
      E.kickWatchdog();
    }, ms);
  },
};

/**
 * The board's two buttons, wired to 3V3 with the internal pull-downs: active
 * high. A press is reported on release with how long it was held, stamped in
 * the interrupt (e.time - e.lastTime); one watch function serves both pins.
 */
export function espruinoButtons(next: Pin, mode: Pin): Buttons {
  pinMode(next, 'input_pulldown', true);
  pinMode(mode, 'input_pulldown', true);
  const buttons: Buttons = { onPress: null };
  function released(e: { time: number; lastTime: number; pin: Pin }): void {
    if (buttons.onPress) buttons.onPress(e.pin == next ? 'next' : 'mode', (e.time - e.lastTime) * 1000);
  }
  setWatch(released, next, { repeat: true, edge: 'falling', debounce: 25 });
  setWatch(released, mode, { repeat: true, edge: 'falling', debounce: 25 });
  return buttons;
}
