// The chip's input banks (hal/espruino/inputs.ts), built for the device and run
// with Espruino's globals stood in for: the bits they read land on the right channels.
import assert from 'node:assert/strict';
import vm from 'node:vm';
import { buildDeviceCode } from '../tools/es5';
import { createSandbox } from '../tools/espruino-sandbox';
import { ROOT } from '../tools/games';
import type { AnyGameModule } from '../firmware/games/registry';
import { featuresOf, gpioRuns } from '../tools/build';
import type { DigitalBank } from '../hal/types';
import { seeded } from './seeded';

describe('HAL: input banks on the chip', function () {
  this.timeout(30000);
  const pins: Record<string, number> = {};
  // The chain's bytes as its chips present them, changed in place between reads.
  const chain: number[] = [];
  const sandbox = createSandbox({ pins, chain });
  let gpioBank: (gpios: number, mode: string, invert: number) => DigitalBank;
  before(async () => {
    // The options objects are made inside the bundle, as the boot makes them: their keys are shortened there.
    const code = await buildDeviceCode({
      source: "import { gpioBank, pinBank, shiftChain } from './hal/espruino/inputs';\ndeclare const global: any;\n"
        + "global.gpioBank = function (gpios: number, mode: string, invert: number) { return gpioBank({ kind: 'gpio', gpios: gpios, mode: mode, invert: invert }); };\n"
        + "global.pinBank = function (pins: number[], mode: string, invert: number) { return pinBank({ kind: 'pins', pins: pins, mode: mode, invert: invert }); };\n"
        + 'global.shiftChain = function (loadPin: number, sck: number, miso: number, chips: number, invert: number, banks: any) {\n'
        + "  shiftChain({ kind: 'chain', loadPin: loadPin, sck: sck, miso: miso, chips: chips, invert: invert }, banks);\n};\n",
      dir: ROOT,
    });
    vm.runInContext(code.min, sandbox.context);
    gpioBank = sandbox.context.gpioBank;
  });

  /** The channels a register value gives: the i-th lowest GPIO of `gpios` is channel i. */
  function expected(gpios: number, value: number, invert: number): number {
    let out = 0;
    let ch = 0;
    for (let gpio = 0; gpio < 32; gpio++) if ((gpios >>> gpio) & 1) out |= ((value >>> gpio) & 1) << ch++;
    return out ^ invert;
  }

  const masks: [string, number, number][] = [
    ['the triangle: D11-D20 and D22-D23, around the reset pin', 0x00dff800, 0xfff],
    ['one run from D3', 0x000003f8, 0],
    ['all 32', -1, 0],
    ['two runs with a wide gap', 0x80000003, 0x5],
  ];
  for (const [what, gpios, invert] of masks) {
    it(`${what}: each GPIO on its channel, inverted as asked`, () => {
      const before = sandbox.calls.filter((c) => c.api === 'pinMode').length;
      const bank = gpioBank(gpios, 'input_pullup', invert);
      let bits = 0;
      for (let v = gpios >>> 0; v; v &= v - 1) bits++;
      assert.equal(sandbox.calls.filter((c) => c.api === 'pinMode').length - before, bits, 'every GPIO of the bank set up');
      const { rnd } = seeded(7);
      for (let i = 0; i < 300; i++) {
        const register = (rnd() * 2 ** 32) >>> 0;
        for (let p = 0; p < 32; p++) pins['D' + p] = (register >>> p) & 1;
        assert.equal(bank.read(0) >>> 0, expected(gpios, register, invert) >>> 0, `register ${register.toString(16)}`);
      }
    });
  }

  it('a pin array: the first pin given is channel 0, inverted as asked', () => {
    const list = [3, 7, 1];
    const bank = sandbox.context.pinBank(list, 'input_pullup', 0b100);
    assert.deepEqual(list, [3, 7, 1], 'the pin list is left as it was');
    for (let v = 0; v < 8; v++) {
      pins.D3 = v & 1;
      pins.D7 = (v >> 1) & 1;
      pins.D1 = (v >> 2) & 1;
      assert.equal(bank.read(), v ^ 0b100);
    }
  });

  for (const chips of [4, 5, 9]) {
    it(`a chain of ${chips} 74HC165s (its first bank, and those that share its read${chips === 5 ? ', after a bank of another kind' : ''}): byte i bit j is channel 8i + j, in banks of 32, inverted as asked`, () => {
      const invert = 0x0f0f00ff;
      // Banks before the chain's: its banks know theirs by their index among all.
      const lead = chips === 5 ? 1 : 0;
      const banks: DigitalBank[] = lead ? [{ read: () => 0 }] : [];
      const before = sandbox.calls.length;
      sandbox.context.shiftChain(14, 15, 16, chips, invert, banks);
      assert.equal(banks.length - lead, chips === 4 ? 1 : chips === 5 ? 2 : 3);
      assert.deepEqual(sandbox.calls.slice(before).map((c) => c.api + ' ' + JSON.stringify(c.args)), ['SPI.setup [{"miso":16,"sck":15}]']);
      const { ri } = seeded(3);
      for (let n = 0; n < 50; n++) {
        for (let i = 0; i < chips; i++) chain[i] = ri(256);
        const at = sandbox.calls.length;
        const words = Array.from(banks, (b, i) => b.read(i) >>> 0).slice(lead);
        for (let ch = 0; ch < 8 * chips; ch++) {
          const want = ((chain[ch >> 3] >> (ch & 7)) & 1) ^ ((invert >>> (ch & 31)) & 1);
          assert.equal((words[ch >> 5] >>> (ch & 31)) & 1, want, `channel ${ch}`);
        }
        // The first bank loads the chain (SH/LD low, then high) and clocks out one byte a chip; the others read what it read.
        assert.deepEqual(sandbox.calls.slice(at).map((c) => c.api + ' ' + (c.api === 'SPI.send' ? (c.args[0] as Uint8Array).length : JSON.stringify(c.args))),
          ['digitalWrite [14,0]', 'digitalWrite [14,1]', 'SPI.send ' + chips]);
      }
    });
  }

  it('a board whose gpio bank makes more than two runs of GPIOs is refused by the build', async () => {
    for (const [gpios, runs] of [[0x15, 3], [0x00dff800, 2], [-1, 1], [0x80000003, 2], [0x80000005, 3]]) assert.equal(gpioRuns(gpios), runs, gpios.toString(16));
    const board = { channels: 3, sensors: [], banks: [{ kind: 'gpio' as const, gpios: 0x15, mode: 'input', invert: 0 }] };
    await assert.rejects(featuresOf('toy', { board } as unknown as AnyGameModule), /0x15 makes more than two runs/);
  });
});
