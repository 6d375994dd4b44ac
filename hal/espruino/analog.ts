// Analog banks on the chip: ratiometric sensors behind CD74HC4067 multiplexers,
// read one channel at a time through the nRF52's ADC (hal/types.ts,
// AnalogBankOptions). A read is two native calls: one digitalWrite of every
// select line at once, and one analogRead.
import type { AnalogBank, AnalogBankOptions } from '../types';

declare function analogRead(pin: number): number;
declare function digitalWrite(pins: number[], value: number): void;

/** The bank a board's options describe; its select lines are driven from here on. */
export function analogBank(o: AnalogBankOptions): AnalogBank {
  // digitalWrite takes an array's first pin as the value's highest bit: bit 0 (S0) last.
  const select = o.select.slice().reverse();
  const adc = o.adc;
  for (let i = 0; i < select.length; i++) pinMode(select[i], 'output', false);
  return {
    read: function (ch: number): number {
      digitalWrite(select, ch);
      return analogRead(adc[ch >> 8]);
    },
  };
}
