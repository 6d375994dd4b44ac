// The hardware abstraction: everything the firmware knows of a board.
// Two implementations exist, hal/espruino (the chip) and sim/hal (the desktop);
// the firmware cannot tell them apart. Shapes follow ECMA-419: built from an
// options object, read() returns a whole bank at once.

/** A monotonic millisecond clock. */
export interface Clock {
  now(): number;
}

/** Up to 32 digital inputs read in one call: bit i of read() is channel i of the bank. */
export interface DigitalBank {
  /** Its channels' levels as a word; `bank` is its index among the board's banks (a chain's banks are one object). */
  read(bank: number): number;
}

// The banks a board can have, each described by the options object its driver
// (hal/espruino/inputs.ts) is built from: a game's board lists them
// (firmware/board.ts), the boot builds them and the simulator reads them.
// Pins are GPIO numbers (D<n> is GPIO n on the MDBT42Q). Levels are
// "active = 1" after `invert` (bits to flip: 1 where the sensor is active low).
// Nothing here latches: a pulse that begins and ends between two reads is missed.

/** GPIOs read from the input register in one load (up to two runs of consecutive GPIOs). */
export interface GpioBankOptions {
  kind: 'gpio';
  /** The GPIOs as bits: channel 0 is the lowest set bit, and so on up. */
  gpios: number;
  /** pinMode for every pin, e.g. "input_pullup". */
  mode: string;
  invert: number;
}

/** Any pins, read with one digitalRead([...]): for pins that do not make two runs of GPIOs (2 JsVars a pin). */
export interface PinBankOptions {
  kind: 'pins';
  /** Channel 0 first; at most 32. */
  pins: number[];
  mode: string;
  invert: number;
}

/** A chain of 74HC165s (8 inputs each) read over software SPI: one bank per 32 channels. */
export interface ShiftChainOptions {
  kind: 'chain';
  /** SH/LD of every chip. */
  loadPin: number;
  /** CLK of every chip. */
  sck: number;
  /** The chain's output (/QH of the chip next to the MDBT42Q, chip 0: channels 0-7). */
  miso: number;
  chips: number;
  invert: number;
}

/**
 * Ratiometric analog sensors (hall sensors) behind a tree of CD74HC4067
 * multiplexers, read one channel at a time through the nRF52's ADC
 * (hal/espruino/analog.ts). Channel c: the first-level muxes' S0-S3 take
 * bits 0-3 of c, the second level's bits 4-7 (mux c >> 4), and the ADC pin
 * is `adc[c >> 8]`. It makes no digital bank: a game's interpreter reads it
 * (Hal.analog), the binary scanner never does.
 */
export interface AnalogBankOptions {
  kind: 'analog';
  /** The select lines, bit 0 (first level S0) first: 8 for a two-level tree of 4067s. */
  select: number[];
  /** The analog inputs (AIN pins: D2-D5, D28-D31), one per 256 channels. */
  adc: number[];
  channels: number;
}

/** Analog channels, read one at a time. */
export interface AnalogBank {
  /** The level of channel ch, as a fraction of the supply, 0..1. */
  read(ch: number): number;
  /**
   * The scan's read of channels from..to-1, with no call a channel: `kept` holds each channel's last reading
   * that counted, in 255ths of the supply (rounded down: a byte, the whole supply 255); a reading more than one
   * 255th from it counts, and is kept. 1 if any did, else 0.
   */
  changes(from: number, to: number, kept: Uint8Array): number;
}

export type BankOptions = GpioBankOptions | PinBankOptions | ShiftChainOptions | AnalogBankOptions;

/**
 * Runs the scan loop, once per board, under the watchdog: from the first
 * call, ticks that stop coming (a hung interpreter) restart the board.
 */
export interface Ticker {
  /** Calls `tick` every `ms`; returns how to rest (the ticker itself is the boot's alone). */
  every(ms: number, tick: () => void): Rest;
}

/**
 * Rests: the ticks come every `ms` (slow) instead, until the board's wake
 * line (wiring.md, Resting when idle) sees a sensor change, when they come
 * every `every`'s period again, the first at once. Called again while
 * resting, it does nothing; rest(0) ends the rest (work to do: a prompt on
 * the display, a move still worked out).
 */
export type Rest = (ms: number) => void;

/**
 * The board's buttons, `next` and `mode` (`mode` held at power-up chooses
 * diagnostics, RuntimeConfig's diag). Both pressed together are one press
 * named `both`, the board's own gesture (pairing, confirming a phone's
 * command), which no game uses: neither button's press is reported then.
 */
export interface Buttons {
  /** Set by the firmware: called on each release with the button's name (or `both`) and how long it was held (ms). */
  onPress: ((name: string, heldMs: number) => void) | null;
}

/** Bytes out on SPI with a chip select, one transfer per call. */
export interface SpiOut {
  /** Sends `bytes`, a frame made for it: the driver may change them as it sends them. */
  write(bytes: Uint8Array): void;
}

/** The Bluetooth link: Nordic UART lines in and out, and the advert. */
export interface Radio {
  /** Sends one line to every connected phone; the link splits it into notifications of its payload size (MTU - 3). */
  send(line: string): void;
  /** Set by the firmware: called with raw UART data from a phone; `paired` tells if the link is paired with a passkey. */
  onData: ((data: string, paired: boolean) => void) | null;
  /** Replaces the manufacturer data in the advertising packet. */
  advertise(manufacturerData: Uint8Array): void;
  /**
   * Lets a phone pair (true) with a fresh passkey, returned for the display,
   * or lets none pair (false), voiding the last passkey; a paired phone stays
   * paired. '' for a link without pairing: then any phone may send, and a
   * change from it waits for the board's confirmation.
   */
  pair(open: boolean): string;
  /** Whether the phone connected now is paired. */
  paired(): boolean;
}

/**
 * The board's flash (Espruino's Storage): append-only logs, and small files written whole. A power cut during
 * append() may leave the last record cut short (or the small file); nothing before it is touched.
 */
export interface Store {
  /**
   * Adds `data` at the end of log `name` (made if missing); throws when not all of it went in (the flash full: what
   * fitted may be written, cut short). With `small`, writes it as small file `name` instead, in place of any before: a
   * file of its own bytes alone (a log takes a 4 KB chunk of Storage as soon as it is made, and the room for two at
   * once may not be there).
   */
  append(name: string, data: string, small?: number): void;
  /**
   * The lines of log `name` in order, one a call, each with its newline (the last may lack it: cut short), then
   * undefined; of small file `name`, its text as one line. A line appended meanwhile is read in its turn: a reader may
   * be held across ticks (an undo reads the log back a few records a tick).
   */
  reader(name: string): () => string | undefined;
  /** Erases log or small file `name`. */
  erase(name: string): void;
}

/** What signing the advert needs (firmware/signer.ts): SHA-256, and a secret from a hardware random source. */
export interface Signing {
  /** Its 32 bytes in an ArrayBuffer. */
  sha256(data: Uint8Array): ArrayBuffer;
  /** 32 hex digits, for a board's key. */
  secret(): string;
}

export interface Hal {
  clock: Clock;
  banks: DigitalBank[];
  /** The board's analog banks (AnalogBankOptions), for the game's interpreter; none on most boards. */
  analog?: AnalogBank[];
  ticker: Ticker;
  buttons: Buttons;
  display: SpiOut;
  radio: Radio;
  store: Store;
  /** Without it (the simulator's, unless a test gives one) the board never signs its advert. */
  signing?: Signing;
}
