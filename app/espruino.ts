// The firmware on the chip, put together: what every board's bundle runs. The
// build (tools/build.ts) makes each game's entry from this and the game's
// module alone, `boot(game)`: the game's sensor banks are built from its board
// data, the buttons and the display from the reference board's
// (firmware/board.ts), and the firmware starts scanning every `game.pollMs`:
// an idle scan tick of 32 channels costs about 1.4 bare reads of its bank
// (npm run bench), some 0.3 ms on the chip by the figures in
// docs/espruino.md, so the period is the longest the board's shortest
// sensor pulse allows.
import type { AnalogBank, AnalogBankOptions, BankOptions, DigitalBank, GpioBankOptions, PinBankOptions, ShiftChainOptions } from '../hal/types';
import { ANALOG_BANKS, DIGITAL_BANKS, GPIO_BANKS, PIN_BANKS, SHIFT_CHAINS } from '../firmware/device';
import { REFERENCE_BOARD } from '../firmware/board';
import type { GameModule } from '../firmware/game';
import { startFirmware } from '../firmware/runtime';
import { MANUFACTURER_ID } from '../firmware/advert';
import { makePasskey } from '../firmware/access';
import { espruinoButtons, espruinoClock, espruinoTicker, gpioBank, isHigh, pinBank, shiftChain } from '../hal/espruino/inputs';
import { createEspruinoRadio, hardwareRandom } from '../hal/espruino/radio';
import { createMax7219Out } from '../hal/espruino/display';
import { flashStore } from '../hal/espruino/store';
import { analogBank } from '../hal/espruino/analog';

/** The banks a board's data describes (firmware/board.ts). A bundle carries only the drivers its board uses (firmware/device.ts). */
function buildBanks(data: BankOptions[]): DigitalBank[] {
  const banks: DigitalBank[] = [];
  for (let i = 0; i < data.length; i++) {
    const o = data[i];
    // An analog bank makes no digital bank: the game's interpreter reads it (analogBanks).
    if (ANALOG_BANKS && o.kind === 'analog') continue;
    // A bundle with one driver does not ask a bank's kind (firmware/device.ts).
    if (GPIO_BANKS && (!(PIN_BANKS || SHIFT_CHAINS) || o.kind === 'gpio')) banks.push(gpioBank(o as GpioBankOptions));
    else if (PIN_BANKS && (!SHIFT_CHAINS || o.kind === 'pins')) banks.push(pinBank(o as PinBankOptions));
    else if (SHIFT_CHAINS) shiftChain(o as ShiftChainOptions, banks);
  }
  return banks;
}

/** The analog banks a board's data describes, for its game's interpreter. */
function analogBanks(data: BankOptions[]): AnalogBank[] {
  const banks: AnalogBank[] = [];
  for (let i = 0; i < data.length; i++) if (data[i].kind === 'analog') banks.push(analogBank(data[i] as AnalogBankOptions));
  return banks;
}

/** A pairing passkey from the hardware's random source (through a function made at each call: kept, it would cost JsVars for good). */
function passkey(): string {
  return makePasskey(function (): number {
    return hardwareRandom();
  });
}

/** Starts `game` on the reference board: the `mode` button held at power-up starts diagnostics. */
export function boot<S, M>(game: GameModule<S, M>): void {
  // Made in the call, not kept in a variable: the minifier would make one at the bundle's top level, which
  // would hold the HAL (and the ticker's method) for as long as the board runs.
  startFirmware({
    clock: espruinoClock(),
    // A board of analog banks alone has nothing for the scanner (firmware/device.ts).
    banks: DIGITAL_BANKS ? buildBanks(game.board.banks as BankOptions[]) : [],
    ticker: espruinoTicker(REFERENCE_BOARD.wake),
    buttons: espruinoButtons(REFERENCE_BOARD.next, REFERENCE_BOARD.mode),
    display: createMax7219Out(REFERENCE_BOARD.displayDin, REFERENCE_BOARD.displayClk, REFERENCE_BOARD.displayLoad, REFERENCE_BOARD.displayModules),
    radio: createEspruinoRadio(MANUFACTURER_ID, passkey),
    store: flashStore(),
    // Only a board with analog banks has them.
    analog: ANALOG_BANKS ? analogBanks(game.board.banks as BankOptions[]) : undefined,
  }, game, {
    players: 2,
    options: {},
    pollMs: game.pollMs,
    // Mode held at power-up (active high): diagnostics.
    diag: isHigh(REFERENCE_BOARD.mode),
    modules: REFERENCE_BOARD.displayModules,
  });
  // The banks' data (or the getter that makes it) is the boot's alone: the board object is kept for good.
  delete game.board.banks;
}
