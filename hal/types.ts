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

/** Runs the scan loop. One timer per board; a second call replaces the first. */
export interface Ticker {
  every(ms: number, tick: () => void): void;
  stop(): void;
}

/** A board button; `held` is how long it was held, in ms. */
export interface Buttons {
  onPress(handler: (name: string, heldMs: number) => void): void;
  /** Whether the button is down now (read at power-up for modes). */
  isDown(name: string): boolean;
}

/** Bytes out on SPI with a chip select, one transfer per call. */
export interface SpiOut {
  write(bytes: Uint8Array): void;
}

/** The Bluetooth link: Nordic UART lines in and out, and the advert. */
export interface Radio {
  /** Payload bytes per notification (MTU - 3). */
  payloadSize(): number;
  /** Sends one chunk (at most payloadSize() bytes) to every connected phone. */
  notify(chunk: string): void;
  /** Raw UART data from a phone; `paired` tells if the link is bonded with the passkey. */
  onData(handler: (data: string, paired: boolean) => void): void;
  /** Replaces the manufacturer data in the advertising packet. */
  advertise(manufacturerData: Uint8Array): void;
  /** Puts the JavaScript console on the radio (maintenance: re-flashing over Bluetooth) or takes it off. */
  console(on: boolean): void;
  /** `show` is true when a phone starts pairing (show the passkey), false when it paired or left. */
  onPairing(handler: (show: boolean) => void): void;
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
  /** Free bytes left. */
  free(): number;
}

/** The watchdog: once enabled, kick() must be called or the board restarts. */
export interface Watchdog {
  enable(seconds: number): void;
  kick(): void;
}

export interface Hal {
  clock: Clock;
  banks: DigitalBank[];
  ticker: Ticker;
  buttons: Buttons;
  display: SpiOut;
  radio: Radio;
  store: Store;
  watchdog: Watchdog;
}
