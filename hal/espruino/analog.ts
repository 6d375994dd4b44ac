// Analog banks on the chip: ratiometric sensors behind CD74HC4067 multiplexers,
// read one channel at a time through the nRF52's ADC (hal/types.ts,
// AnalogBankOptions). A read is two native calls: one digitalWrite of every
// select line at once, and one analogRead; the scan reads a run of channels
// in one call (changes).
import type { AnalogBank, AnalogBankOptions } from '../types';

declare function analogRead(pin: number): number;
declare function digitalWrite(pins: number[], value: number): void;

/** The bank a board's options describe; its select lines are driven from here on. */
export function analogBank(o: AnalogBankOptions): AnalogBank {
  // digitalWrite takes an array's first pin as the value's highest bit: bit 0 (S0) last.
  const select = o.select.slice().reverse();
  const adc = o.adc;
  // (The board's options let go: this scope outlives the boot, and they hold their own select pins, some 16 JsVars.)
  o = undefined as unknown as AnalogBankOptions;
  // (Held here: a name the scan's loop finds in this scope, not after every name of the firmware's own.)
  const write = digitalWrite;
  const convert = analogRead;
  for (let i = 0; i < select.length; i++) pinMode(select[i], 'output', false);
  /**
   * A run past an ADC pin's 256 channels: in two, each reading one pin (apart, and kept apart at the call: inlined,
   * every call of changes read its text, some 0.02 of a throw's tick).
   */
  const split = function (from: number, to: number, kept: Uint8Array): number {
    const next = (from | 255) + 1;
    return to > from ? changes(from, next, kept) | changes(next, to, kept) : 0;
  };
  // The reads in its own loop, not through read: on the chip a call costs as much as a channel's read.
  const changes = function (from: number, to: number, kept: Uint8Array): number {
    if ((from ^ (to - 1)) >> 8) return /*@__NOINLINE__*/ split(from, to, kept);
    const pin = adc[from >> 8];
    let some = 0;
    for (let a; from < to; from++) {
      write(select, from);
      // (Against the kept 255ths: more than one apart once rounded down, without rounding here.)
      if ((a = convert(pin) * 255 - kept[from]) >= 2 || a < -1) {
        kept[from] += a;
        some = 1;
      }
    }
    return some;
  };
  return {
    read: function (ch: number): number {
      write(select, ch);
      return convert(adc[ch >> 8]);
    },
    changes: changes,
  };
}
