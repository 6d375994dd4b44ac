// The score display's SPI on the chip: a MAX7219 chain latches one register
// per chip on each rising edge of LOAD (chip select), so a frame of rows goes
// out as one write per row with CS pulsed around each. A row is a view of the
// frame (no copy); frames are written only when the text changes.

import type { SpiOut } from '../types';

/** Espruino's SPI.write: a trailing pin is used as chip select around the transfer. */
interface EspruinoSpi {
  write(data: Uint8Array, cs: number): void;
}

/**
 * An SpiOut for a chain of `modules` MAX7219s on the first hardware SPI: DIN of
 * the first module on GPIO `mosi`, CLK on `sck`, LOAD on `cs`.
 */
export function createMax7219Out(mosi: number, sck: number, cs: number, modules: number): SpiOut {
  SPI1.setup({ mosi: mosi, sck: sck, baud: 1000000 });
  const row = 2 * modules;
  return {
    // A frame is whole rows.
    write: function (bytes: Uint8Array): void {
      for (let at = 0; at < bytes.length; at += row) (SPI1 as unknown as EspruinoSpi).write(bytes.subarray(at, at + row), cs);
    },
  };
}
