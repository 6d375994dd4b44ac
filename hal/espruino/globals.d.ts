// Espruino APIs that @types/espruino 1.95 lacks or types too narrowly.
declare namespace E {
  /** Enables the watchdog; with isAuto false it must be kicked by E.kickWatchdog(). */
  function enableWatchdog(timeout: number, isAuto?: boolean): void;
}

interface EspruinoStorage {
  read(name: string): string | undefined;
  write(name: string, data: string, offset?: number, size?: number): boolean;
  erase(name: string): void;
  getFree(): number;
}

/** Modules through `global.require`: a bare `require` would be taken by the bundler. */
declare const global: { require(module: 'Storage'): EspruinoStorage };

/** Software SPI on any pins: `new SPI()`. */
declare const SPI: { new (): SPI };

declare const console: { log(...args: unknown[]): void };
