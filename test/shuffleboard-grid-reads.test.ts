// The grid as the shuffleboard interpreter reads it through the sensor checks
// (firmware/games/shuffleboard/checks.ts, `bank`): straight from the driver
// while every sensor is in service, through the checks' runs while one is out
// of service or was taken out or back since its last read. Checked against a
// model written from what the checks promise, over random sequences of sensors
// taken out, mended, readings changing and runs read.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { analogBankOf } from '../sim/hal';
import { CHANNELS } from '../firmware/games/shuffleboard/board';
import { createGridChecks } from '../firmware/games/shuffleboard/checks';

/** The channels the sequences use: a few rows, across an ADC pin's end (256), so that runs cross it too. */
const FIRST = 240;
const LAST = 280;

type Step =
  | { k: 'take'; ch: number; why: number }
  | { k: 'mend'; ch: number; why: number }
  | { k: 'level'; ch: number; level: number }
  | { k: 'read'; from: number; to: number };

const channel = fc.integer({ min: FIRST, max: LAST - 1 });
// The reasons a sensor is out of service: off its calibration (1), noisy (2), held (4).
const why = fc.constantFrom(1, 2, 4);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ k: fc.constant('take' as const), ch: channel, why }),
  fc.record({ k: fc.constant('mend' as const), ch: channel, why }),
  fc.record({ k: fc.constant('level' as const), ch: channel, level: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.tuple(channel, fc.integer({ min: 0, max: 30 })).map(([from, n]): Step => ({ k: 'read', from, to: Math.min(LAST, from + n) })),
);

describe('shuffleboard: the grid read through the sensor checks', () => {
  it('reads as a sensor out of service or taken out or back is read (half the supply, a change once), and every other as the driver reads it, whatever the order of takes, mends and reads', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const levels = new Float64Array(CHANNELS).fill(0.5);
        const kept = new Uint8Array(CHANNELS).fill(128);
        const checks = createGridChecks(analogBankOf((ch) => levels[ch]), new Uint8Array(CHANNELS));
        // The model: why each channel is out of service, which were taken out or back since read, what it keeps.
        const reasons = new Uint8Array(CHANNELS);
        const moved = new Uint8Array(CHANNELS);
        const model = new Uint8Array(CHANNELS).fill(128);
        for (const s of steps) {
          if (s.k === 'take') {
            if (!reasons[s.ch]) moved[s.ch] = 1;
            reasons[s.ch] |= s.why;
            checks.take(s.ch, s.why);
          } else if (s.k === 'mend') {
            if (reasons[s.ch] & s.why && !(reasons[s.ch] & ~s.why)) moved[s.ch] = 1;
            reasons[s.ch] &= ~s.why;
            checks.take(s.ch, s.why, 1);
          } else if (s.k === 'level') levels[s.ch] = s.level;
          else {
            let some = 0;
            for (let ch = s.from; ch < s.to; ch++) {
              // A reading counts when more than one 255th from the one kept (rounded down), and is kept then.
              const a = levels[ch] * 255 - model[ch];
              if (moved[ch]) {
                moved[ch] = 0;
                some = 1;
                model[ch] = reasons[ch] ? 128 : Math.floor(levels[ch] * 255);
              } else if (reasons[ch]) model[ch] = 128;
              else if (a >= 2 || a < -1) {
                model[ch] = Math.floor(levels[ch] * 255);
                some = 1;
              }
            }
            assert.equal(checks.bank.changes(s.from, s.to, kept), some, JSON.stringify(s));
            assert.deepEqual([...kept.subarray(FIRST, LAST)], [...model.subarray(FIRST, LAST)], JSON.stringify(s));
          }
        }
      }),
      { numRuns: 300, seed: 31 },
    );
  });
});
