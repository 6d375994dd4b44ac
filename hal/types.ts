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
  readonly width: number;
  read(): number;
}

/** An analog input, 0..1 of the supply. */
export interface AnalogInput {
  read(): number;
}

/**
 * Runs the scan loop, once per board, under the watchdog: from the first
 * call, ticks that stop coming (a hung interpreter) restart the board.
 */
export interface Ticker {
  every(ms: number, tick: () => void): void;
}

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
 * The board's flash (Espruino's Storage): append-only logs. A power cut during
 * append() may leave the last record cut short; nothing before it is touched.
 */
export interface Store {
  /** Adds `data` at the end of log `name` (made if missing). */
  append(name: string, data: string): void;
  /** Calls `each` with every line of log `name` in order, each with its newline (the last may lack it: cut short). */
  lines(name: string, each: (line: string) => void): void;
  erase(name: string): void;
}

export interface Hal {
  clock: Clock;
  banks: DigitalBank[];
  ticker: Ticker;
  buttons: Buttons;
  display: SpiOut;
  radio: Radio;
  store: Store;
}
