// The score display's SPI on the chip: a MAX7219 chain latches one register
// per chip on each rising edge of LOAD (chip select), so a frame of rows goes
// out as one write per row with CS pulsed around each. A row is a view of the
// frame (no copy); frames are written only when the text changes.

import type { SpiOut } from '../types';

/** Espruino's SPI.write: a trailing pin is used as chip select around the transfer. */
interface EspruinoSpi {
  setup(options: { mosi: Pin; sck: Pin; baud: number }): void;
  write(data: Uint8Array, cs: Pin): void;
}

export interface Max7219Pins {
  /** DIN of the first module. */
  mosi: Pin;
  /** CLK. */
  sck: Pin;
  /** LOAD (CS). */
  cs: Pin;
}

/** An SpiOut for a chain of `modules` MAX7219s on the first hardware SPI. */
export function createMax7219Out(pins: Max7219Pins, modules: number): SpiOut {
  const spi = SPI1 as unknown as EspruinoSpi;
  spi.setup({ mosi: pins.mosi, sck: pins.sck, baud: 1000000 });
  const row = 2 * modules;
  return {
    write: function (bytes: Uint8Array): void {
      for (let at = 0; at + row <= bytes.length; at += row) spi.write(bytes.subarray(at, at + row), pins.cs);
    },
  };
}
