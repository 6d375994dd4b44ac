// Inputs on the chip (MDBT42Q, nRF52832). Every bank is read in one native
// call; the scanner does the rest. Levels are "active = 1": contacts to GND
// with pull-ups read 0 when closed, so such banks invert.
import type { Buttons, Clock, DigitalBank, GpioBankOptions, PinBankOptions, Rest, ShiftChainOptions, Ticker } from '../types';

declare function setInterval(f: () => void, ms: number): unknown;

/**
 * Pins read with one digitalRead([...]). Its first pin is the MSB, so the list
 * is reversed: channel 0 is bit 0.
 */
export function pinBank(o: PinBankOptions): DigitalBank {
  const pins = o.pins.slice().reverse();
  // pinMode is reset on every read unless it was set explicitly.
  for (let i = 0; i < pins.length; i++) pinMode(pins[i], o.mode, false);
  const inv = o.invert;
  // The read's scope is this one: let the options go (the board makes them afresh when asked).
  o = null as unknown as PinBankOptions;
  return {
    read: function () {
      return digitalRead(pins) ^ inv;
    },
  };
}

/** nRF52 P0.IN: all 32 GPIOs in one load. */
const P0_IN = 0x50000510;

/**
 * GPIOs straight from the input register: one load and a few shifts a read,
 * and nothing kept but numbers (a pin array costs 2 JsVars a pin). Unconfigured
 * pins read 0, so they are set up here. At most two runs of consecutive GPIOs
 * (the triangle's D11-D20 and D22-D23, around the reset pin D21): the build
 * refuses a board with more (tools/build.ts), so the chip need not check.
 */
export function gpioBank(o: GpioBankOptions): DigitalBank {
  const gpios = o.gpios >>> 0;
  // The first run starts at `from`; the second follows `gap` unused bits after it.
  let from = -1;
  let gap = 0;
  let width = 0;
  for (let g = 0; g < 32; g++) {
    if (!((gpios >>> g) & 1)) continue;
    pinMode(g, o.mode, false);
    if (from < 0) from = g;
    // The unused bits between `from` and g: 0 in the first run, the gap in the second.
    gap = g - from - width;
    width++;
  }
  const v = gpios >>> from;
  // The first run is v's trailing ones; the second run's bits, moved down to follow it.
  const low = v & ~(v + 1);
  // Not inlined: a function made in here would keep this scope too (the build lets go of both after the boot).
  return /*@__NOINLINE__*/ gpioReader(from, gap, low, (v >>> gap) & ~low, o.invert);
}

/**
 * A gpio bank's read: the first run's bits of P0.IN from `from`, the second's `gap` bits further up. A function of
 * its own, so that the read keeps these numbers alone: the setup's variables go with the setup's scope.
 */
function gpioReader(from: number, gap: number, low: number, high: number, inv: number): DigitalBank {
  return {
    read: function () {
      const v = peek32(P0_IN, 1) >>> from;
      return ((v & low) | ((v >>> gap) & high)) ^ inv;
    },
  };
}

/** Espruino's SPI as the chain uses it: send(data) gives a Uint8Array for a Uint8Array (no chip select). */
interface ChainSpi {
  setup(options: { miso: number; sck: number }): void;
  send(data: Uint8Array): Uint8Array;
}

/**
 * A chain of 74HC165s over software SPI (MSB first): adds its banks to
 * `banks`, one per 4 chips. SH/LD low loads the inputs, high lets them shift
 * out. Chip 0 sits next to MISO, so byte i is chip i and bit j its input Dj:
 * channel 8i + j. Every bank of the chain is one object, whose read knows the
 * bank by its index (an object or a closure each would keep some 3 JsVars or
 * more apiece): the first bank's read shifts the whole chain in, the later
 * ones return their share of it (the scanner reads banks in order every tick).
 */
export function shiftChain(o: ShiftChainOptions, banks: DigitalBank[]): void {
  const spi = new SPI() as unknown as ChainSpi;
  // No baud: a software SPI has none (Espruino clocks it as fast as it can), and the SPI keeps the options given.
  spi.setup({ miso: o.miso, sck: o.sck });
  const words = new Int32Array((o.chips + 3) >> 2);
  // Not inlined: a function made in here would keep this scope too (the build lets go of both after the boot).
  const bank = { read: /*@__NOINLINE__*/ chainReader(spi, o.loadPin, o.invert, words, o.chips, banks.length) };
  for (let k = 0; k < words.length; k++) banks.push(bank);
}

/**
 * A chain's read, for every bank of it (bank `first` + k reads word k of `words`). A function of its own, so that
 * the read keeps what it reads with alone: the setup's variables go with the setup's scope.
 */
function chainReader(spi: ChainSpi, loadPin: number, invert: number, words: Int32Array, chips: number, first: number): (bank: number) => number {
  // The chain's bytes laid over the words: the chip is little-endian, so byte 4i + j is bits 8j..8j+7
  // of word i. They are also what is sent (nothing listens on MOSI): one byte a chip.
  const bytes = new Uint8Array(words.buffer, 0, chips);
  return function (bank: number): number {
    const w = bank - first;
    if (!w) {
      digitalWrite(loadPin, 0);
      digitalWrite(loadPin, 1);
      bytes.set(spi.send(bytes));
    }
    return words[w] ^ invert;
  };
}

/**
 * Milliseconds since power-up (RTC, 30.5 µs resolution). Made by the boot, which hands it to the runtime: an object
 * at the top level would keep a global name for good (a JsVar).
 */
export function espruinoClock(): Clock {
  return {
    now: function () {
      return getTime() * 1000;
    },
  };
}

/** Seconds without a scan tick before the watchdog restarts the board (into its saved game). */
const WATCHDOG_S = 10;

/**
 * The scan loop: a timer, with the watchdog kicked after every tick, so a hung
 * interpreter restarts the board. Resting, the timer slows and a watch on the
 * wake line (wiring.md, Resting when idle: a pulse on any sensor change,
 * caught by the nRF52's GPIOTE however short) brings the fast ticks back,
 * the first at once.
 */
export function espruinoTicker(wakePin: number): Ticker {
  let fastMs = 0;
  let timer: unknown;
  // The wake line's watch while resting, else 0.
  let watch: unknown = 0;
  let run: () => void;
  return {
    every: function (ms: number, tick: () => void): Rest {
      E.enableWatchdog(WATCHDOG_S, false);
      fastMs = ms;
      run = function () {
        tick();
        E.kickWatchdog();
      };
      timer = setInterval(run, ms);
      return function (ms: number) {
        if (!ms) {
          if (watch) {
            clearWatch(watch);
            watch = 0;
            changeInterval(timer, fastMs);
          }
        } else if (!watch) {
          changeInterval(timer, ms);
          watch = setWatch(function () {
            // The watch is spent (no repeat): forgotten, not cleared.
            watch = 0;
            changeInterval(timer, fastMs);
            run();
          }, wakePin, { repeat: false, edge: 'rising', debounce: 0 });
        }
      };
    },
  };
}

/** 1 while a pin reads high (a button held at power-up), else 0: a number, as a boolean kept costs the chip a JsVar more. */
export function isHigh(pin: number): number {
  return digitalRead(pin);
}

/** A button's contact bounces for less than this (ms): a shorter press is none. */
const BOUNCE_MS = 25;

/**
 * The board's two buttons, wired to 3V3 with the internal pull-downs: active
 * high. A press is reported on release with how long it was held, stamped in
 * the interrupt (e.time - e.lastTime); one watch function serves both pins.
 * Both down at once make one press, `both`, reported when the last is let go:
 * the edges are counted, not the pins read, so letting both go together
 * at once is still one press. A button held at power-up (a
 * mode) was not seen going down: its release is no press. The watches do not
 * debounce (Espruino's debounce costs each watch 6 JsVars for good): a
 * release within BOUNCE_MS of the pin's last edge is a contact bouncing, no
 * press, and the next edge's state counts.
 */
export function espruinoButtons(next: number, mode: number): Buttons {
  // onPress is set while the bundle boots (by the runtime), before any watch runs.
  const buttons = {} as Buttons;
  // The buttons seen down: bit 1 next, bit 2 mode, and bit 4 from the moment both were down until both are up.
  let down = 0;
  function edge(e: { state: boolean; time: number; lastTime: number; pin: number }): void {
    const bit = e.pin === next ? 1 : 2;
    // Since the pin's last edge (ms).
    const held = (e.time - e.lastTime) * 1000;
    if (e.state) down = (down | bit) === 3 ? 7 : down | bit;
    // A release told when no button is left down: as `both` if both were; a contact's bounce is none.
    else if (down & bit && !((down &= ~bit) & 3)) {
      if (held >= BOUNCE_MS) buttons.onPress!(down ? 'both' : bit === 1 ? 'next' : 'mode', held);
      down = 0;
    }
  }
  // Both pins alike (the array and this function are let go after boot).
  [next, mode].forEach(function (pin) {
    pinMode(pin, 'input_pulldown', true);
    setWatch(edge, pin, { repeat: true, edge: 'both', debounce: 0 });
  });
  return buttons;
}
