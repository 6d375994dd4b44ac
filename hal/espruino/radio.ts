// The Bluetooth link on the chip (docs/security.md explains the choices).
// - The JavaScript console leaves Bluetooth (to LoopbackA) except in
//   maintenance, so a nearby phone cannot run code; the UART is parsed here.
// - With a passkey, pairing needs it (MITM protection, shown on the LED
//   display). Espruino then also makes the UART service demand an encrypted
//   link (jsble_update_security sets encryptUart with mitm or a passkey), so
//   an unpaired phone watches the advert only.
// - `paired` is read from the link's security status on every write, and
//   whether to show the passkey when the firmware asks (no event handlers kept).

import type { Radio } from '../types';
import { MANUFACTURER_ID } from '../../firmware/advert';

interface SecurityStatus {
  connected: boolean;
  encrypted?: boolean;
  mitm_protected?: boolean;
  bonded?: boolean;
}

/** The parts of Espruino's API used here that @types/espruino 1.95 lacks. */
interface NrfApi {
  setSecurity(options: { passkey?: string; mitm?: number; display?: number }): void;
  getSecurityStatus(): SecurityStatus;
  setAdvertising(data: object, options: { manufacturer: number; manufacturerData: Uint8Array; showName: boolean }): void;
  setScanResponse(data: Uint8Array): void;
}

interface SerialApi {
  setConsole(force: boolean): void;
  on(event: string, handler: (data: string) => void): void;
  write(data: string): void;
}

/** The complete local name in the scan response. */
const NAME = 'Tallyboard';

/** NRF with the parts of its API that @types/espruino lacks. */
const nrf = NRF as unknown as NrfApi;

/**
 * The radio, with `passkey` (six digits) for pairing, or null for an open link
 * (no pairing: edits need the board button). Nothing is kept but the passkey
 * and whether the console is here (each kept name costs RAM on the chip).
 */
export function createEspruinoRadio(passkey: string | null): Radio {
  // Set by radio.console(false) below, before anything reads it.
  let consoleHere: boolean;

  if (passkey) nrf.setSecurity({ passkey: passkey, mitm: 1, display: 1 });
  // The complete local name (AD type 9). Espruino keeps what it is given: bytes, not an array of numbers.
  nrf.setScanResponse(E.toUint8Array([NAME.length + 1, 0x09, NAME]));

  serial(Bluetooth).on('data', function (data: string): void {
    // With the console here, the data is the REPL's, not ours. (onData is set while the bundle
    // boots, before any data can come: no check needed.)
    if (consoleHere) return;
    const s = nrf.getSecurityStatus();
    radio.onData!(data, !!(s.connected && s.encrypted && s.mitm_protected));
  });

  const radio: Radio = {
    onData: null,
    // Bluetooth.write queues the line in Espruino's UART buffer, which goes out in notifications of MTU - 3 bytes.
    send: function (line: string): void {
      if (!consoleHere && nrf.getSecurityStatus().connected) serial(Bluetooth).write(line);
    },
    advertise: function (manufacturerData: Uint8Array): void {
      nrf.setAdvertising({}, { manufacturer: MANUFACTURER_ID, manufacturerData: manufacturerData, showName: false });
    },
    console: function (on: boolean): void {
      consoleHere = on;
      serial(on ? Bluetooth : LoopbackA).setConsole(true);
    },
    // A phone is connected but has not paired yet (the runtime shows the passkey, if the board has one).
    pairing: function (): boolean {
      const s = nrf.getSecurityStatus();
      return !!(s.connected && !s.encrypted && !s.bonded);
    },
  };
  // Off Bluetooth from the start; the firmware puts it back for maintenance.
  radio.console(false);
  return radio;
}


/** Bluetooth or LoopbackA as the serial device it is (a cast: nothing at run time). */
function serial(device: unknown): SerialApi {
  return device as SerialApi;
}
