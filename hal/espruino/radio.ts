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
  on(event: string, handler: (arg: unknown) => void): void;
}

interface SerialApi {
  setConsole(force: boolean): void;
  on(event: string, handler: (data: string) => void): void;
  write(data: string): void;
}

export interface EspruinoRadioOptions {
  /** Six digits; null for an open link (no pairing: edits need the board button). */
  passkey: string | null;
  /** The complete local name in the scan response. */
  name: string;
  /** Bluetooth SIG company id of the advert's manufacturer data. */
  manufacturer: number;
}

export function createEspruinoRadio(options: EspruinoRadioOptions): Radio {
  const nrf = NRF as unknown as NrfApi;
  const bluetooth = Bluetooth as unknown as SerialApi;
  const loopback = LoopbackA as unknown as SerialApi;
  let consoleHere = true;

  if (options.passkey) nrf.setSecurity({ passkey: options.passkey, mitm: 1, display: 1 });
  // The complete local name (AD type 9). Espruino keeps what it is given: bytes, not an array of numbers.
  nrf.setScanResponse(E.toUint8Array([options.name.length + 1, 0x09, options.name]));

  bluetooth.on('data', function (data: string): void {
    // With the console here, the data is the REPL's, not ours.
    if (consoleHere || !radio.onData) return;
    const s = nrf.getSecurityStatus();
    radio.onData(data, !!(s.connected && s.encrypted && s.mitm_protected));
  });

  const radio: Radio = {
    onData: null,
    // Bluetooth.write queues the line in Espruino's UART buffer, which goes out in notifications of MTU - 3 bytes.
    send: function (line: string): void {
      if (!consoleHere && nrf.getSecurityStatus().connected) bluetooth.write(line);
    },
    advertise: function (manufacturerData: Uint8Array): void {
      nrf.setAdvertising({}, { manufacturer: options.manufacturer, manufacturerData: manufacturerData, showName: false });
    },
    console: function (on: boolean): void {
      consoleHere = on;
      if (on) bluetooth.setConsole(true);
      else loopback.setConsole(true);
    },
    // A phone is connected but has not paired yet: with a passkey, it must be shown now.
    pairing: function (): boolean {
      const s = nrf.getSecurityStatus();
      return !!(options.passkey && s.connected && !s.encrypted && !s.bonded);
    },
  };
  // Off Bluetooth from the start; the firmware puts it back for maintenance.
  radio.console(false);
  return radio;
}
