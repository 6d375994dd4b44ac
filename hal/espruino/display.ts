// The score display on the chip: a MAX7219 chain latches one register per chip
// on each rising edge of LOAD (chip select), so a frame of rows goes out as one
// shift per row with LOAD pulsed around each. Shifted out by the interpreter's
// shiftOut, not through the hardware SPI: SPI1.setup keeps its options and the
// port's object for good (some 15 JsVars on every board), shiftOut keeps
// nothing. Frames are written only when the text changes.

import type { SpiOut } from '../types';

declare function shiftOut(pin: number, options: { clk: number; repeat: number }, data: Uint8Array): void;

/**
 * An SpiOut for a chain of `modules` MAX7219s: DIN of the first module on GPIO
 * `mosi`, CLK on `sck`, LOAD on `cs`.
 */
export function createMax7219Out(mosi: number, sck: number, cs: number, modules: number): SpiOut {
  const row = 2 * modules;
  return {
    write: function (bytes: Uint8Array): void {
      // shiftOut sends a byte's least significant bit first; a MAX7219 takes the most significant first: the frame
      // goes out bit-reversed, turned round in place by the interpreter's own code (a byte at a time in JavaScript,
      // a frame took some 3 times as long), a row at a time. (Nothing is kept between frames.)
      E.mapInPlace(bytes, bytes, E.reverseByte);
      const clock = { clk: sck, repeat: 8 };
      for (let at = 0; at < bytes.length; at += row) {
        digitalWrite(cs, 0);
        shiftOut(mosi, clock, bytes.subarray(at, at + row));
        digitalWrite(cs, 1);
      }
    },
  };
}
