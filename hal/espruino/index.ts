// The firmware on the chip: the Espruino HAL put together for the reference
// board (MDBT42Q; pins as wiring.md shows them) and started with one game.
import type { DigitalBank, Hal, Store, Watchdog } from '../types';
import { startFirmware } from '../../firmware/runtime';
import type { GameModule } from '../../firmware/runtime';
import { MANUFACTURER_ID } from '../../firmware/advert';
import { makePasskey } from '../../firmware/access';
import { espruinoButtons, espruinoClock, espruinoTicker } from './inputs';
import { createEspruinoRadio } from './radio';
import { createMax7219Out } from './display';

/** Espruino makes a pin from its number (`Pin(11)` is D11); the published types lack the function. */
declare function Pin(n: number): Pin;

/** A board pin by number: D<n> on the MDBT42Q. */
export function pin(n: number): Pin {
  return Pin(n);
}

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
    let line = file.readLine();
    while (line !== undefined) {
      each(line);
      line = file.readLine();
    }
  },
  erase: function (name: string) {
    storage.open(name, 'r').erase();
  },
  free: function () {
    return storage.getFree();
  },
};

const watchdog: Watchdog = {
  // Kicked from the scan tick, so a hung interpreter restarts the board.
  enable: function (seconds: number) {
    E.enableWatchdog(seconds, false);
  },
  kick: function () {
    E.kickWatchdog();
  },
};

/**
 * Starts `mod` on the reference board with the sensor banks `banks` builds,
 * scanning every `mod.pollMs`: an idle scan tick costs about 15 loop
 * iterations (npm run bench), some 0.75 ms on the chip, so the period is the
 * longest the board's shortest sensor pulse allows.
 * Buttons: `next` on D28 (hold it at power-up for maintenance), `mode` on D29
 * (hold it at power-up for diagnostics), both to 3V3 with the internal
 * pull-downs. The display chain is on D25 (DIN), D26 (CLK), D27 (LOAD).
 */
export function startOnEspruino<S, M>(mod: GameModule<S, M>, banks: () => DigitalBank[]): void {
  const buttonPins: { [name: string]: Pin } = { next: pin(28), mode: pin(29) };
  for (const name in buttonPins) pinMode(buttonPins[name], 'input_pulldown', true);
  const buttons = espruinoButtons(buttonPins, 1);
  const passkey = makePasskey(Math.random);
  const radio = createEspruinoRadio({
    passkey: passkey,
    name: 'Tallyboard',
    manufacturer: MANUFACTURER_ID,
  });
  const hal: Hal = {
    clock: espruinoClock,
    banks: banks(),
    ticker: espruinoTicker(),
    buttons: buttons,
    display: createMax7219Out({ mosi: pin(25), sck: pin(26), cs: pin(27) }, MODULES),
    radio: radio,
    store: flashStore,
    watchdog: watchdog,
  };
  startFirmware(hal, mod, {
    players: 2,
    options: {},
    pollMs: mod.pollMs,
    diag: buttons.isDown('mode'),
    modules: MODULES,
    passkey: passkey,
  });
}
