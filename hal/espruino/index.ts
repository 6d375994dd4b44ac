// The firmware on the chip: the Espruino HAL put together for the reference
// board (MDBT42Q; pins as wiring.md shows them) and started with one game.
import type { DigitalBank, Hal, Store } from '../types';
import { startFirmware } from '../../firmware/runtime';
import type { GameModule } from '../../firmware/game';
import { espruinoButtons, espruinoClock, espruinoTicker } from './inputs';
import { createEspruinoRadio } from './radio';
import { createMax7219Out } from './display';

/** Display modules on the reference board: 6 players' scores, or 4 and a label. */
export const MODULES = 3;

const storage = global.require('Storage');

// Logs are StorageFiles: appended in place, so a power cut can only cut the last record short.
const flashStore: Store = {
  append: function (name: string, data: string) {
    storage.open(name, 'a').write(data);
  },
  // Line by line, so a long log never has to fit in RAM at once.
  lines: function (name: string, each: (line: string) => void) {
    const file = storage.open(name, 'r');
    let line;
    while ((line = file.readLine()) !== undefined) each(line);
  },
  erase: function (name: string) {
    storage.open(name, 'r').erase();
  },
};

/**
 * Starts `mod` on the reference board with the sensor banks `banks` builds,
 * scanning every `mod.pollMs`: an idle scan tick of 32 channels costs about
 * 1.4 bare reads of its bank (npm run bench), some 0.3 ms on the chip by
 * the figures in docs/device-code.md, so the period is the longest the board's shortest
 * sensor pulse allows.
 * Buttons: `next` on D28, `mode` on D29 (hold it at power-up for
 * diagnostics), both to 3V3 with the internal
 * pull-downs; both pressed together let a phone pair (docs/security.md).
 * The display chain is on D25 (DIN), D26 (CLK), D27 (LOAD).
 */
export function startOnEspruino<S, M>(mod: GameModule<S, M>, banks: () => DigitalBank[]): void {
  const hal: Hal = {
    clock: espruinoClock,
    banks: banks(),
    ticker: espruinoTicker,
    buttons: espruinoButtons(D28, D29),
    display: createMax7219Out(D25, D26, D27, MODULES),
    // Passkeys from the hardware's random source (Math.random is a seeded pseudo-random sequence).
    radio: createEspruinoRadio(function (): number {
      return (E.hwRand() >>> 0) / 4294967296;
    }),
    store: flashStore,
  };
  startFirmware(hal, mod, {
    players: 2,
    options: {},
    pollMs: mod.pollMs,
    // Mode held at power-up (active high): diagnostics.
    diag: !!digitalRead(D29),
    modules: MODULES,
  });
}
