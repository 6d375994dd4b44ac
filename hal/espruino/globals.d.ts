// Espruino APIs that @types/espruino 1.95 lacks or types too narrowly.
declare namespace E {
  /** Enables the watchdog; with isAuto false it must be kicked by E.kickWatchdog(). */
  function enableWatchdog(timeout: number, isAuto?: boolean): void;
  /** Maps each element of `from` into `to`, one to one while no `bits` are given. */
  function mapInPlace(from: Uint8Array, to: Uint8Array, map: (x: number) => number): void;
}

interface EspruinoStorageFile {
  /** undefined at the end of the file. */
  read(length: number): string | undefined;
  /** The next line with its newline; undefined at the end of the file. */
  readLine(): string | undefined;
  write(data: string): void;
  erase(): void;
  /** Where the next write goes in the file's last chunk. */
  offset: number;
}

interface EspruinoStorage {
  open(name: string, mode: 'r' | 'w' | 'a'): EspruinoStorageFile;
  read(name: string, offset?: number, length?: number): string | undefined;
  write(name: string, data: string): boolean;
  erase(name: string): void;
  getFree(): number;
}

/** Modules through `global.require`: a bare `require` would be taken by the bundler (the build writes it bare again, tools/es5.ts, bareGlobals). */
declare const global: {
  require(module: 'Storage'): EspruinoStorage;
  require(module: 'crypto'): { SHA256(data: Uint8Array): ArrayBuffer };
  require(module: string): any;
};

/** Software SPI on any pins: `new SPI()`. */
declare const SPI: { new (): SPI };

// On the chip a pin is its GPIO number (D14 === 14): the drivers take numbers, as board data gives them.
declare function pinMode(pin: number, mode: string, automatic: boolean): void;
declare function digitalRead(pin: number | number[]): number;
declare function digitalWrite(pin: number, value: number): void;
declare function setWatch(f: (e: { state: boolean; time: number; lastTime: number; pin: number }) => void, pin: number, options: { repeat: boolean; edge: 'both' | 'rising'; debounce: number }): string;
