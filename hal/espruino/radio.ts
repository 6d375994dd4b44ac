// The Bluetooth link on the chip (docs/security.md explains the choices).
// - The JavaScript console leaves Bluetooth (to LoopbackA) for good, so a
//   nearby phone cannot run code; the UART is parsed here. (Re-flashing is
//   through Espruino's own recovery, docs/flashing.md.)
// - Pairing needs a passkey (MITM protection), and is off (`pair: false`) except
//   while the board's buttons let a phone pair: each time a fresh passkey,
//   shown on the LED display, and another, shown to nobody, when it closes.
//   Espruino sets it at run time (sd_ble_opt_set, no restart: the UART stays
//   encrypted throughout), and makes the UART service demand an encrypted
//   link (jsble_update_security sets encryptUart with a passkey), so an
//   unpaired phone watches the advert only; bonded phones keep their bond.
// - `paired` is read from the link's security status on every write, and
//   when the firmware asks (no event handlers kept).

import type { Radio } from '../types';

interface SecurityStatus {
  connected: boolean;
  encrypted?: boolean;
  mitm_protected?: boolean;
}

/** The parts of Espruino's API used here that @types/espruino 1.95 lacks. */
interface NrfApi {
  setSecurity(options: { passkey: string; mitm: number; display: number; pair: boolean }): void;
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

/** A number in [0, 1) from the hardware's random source (Math.random is a seeded pseudo-random sequence): for passkeys. */
export function hardwareRandom(): number {
  return (E.hwRand() >>> 0) / 4294967296;
}

/** The radio: adverts under the company id `manufacturer`, pairing with the passkeys `passkey` makes (six digits). */
export function createEspruinoRadio(manufacturer: number, passkey: () => string): Radio {
  // Off Bluetooth from the start, and for good: the UART is the firmware's.
  serial(LoopbackA).setConsole(true);
  // The complete local name (AD type 9). Espruino keeps what it is given: bytes, not an array of numbers.
  nrf.setScanResponse(E.toUint8Array([NAME.length + 1, 0x09, NAME]));

  serial(Bluetooth).on('data', function (data: string): void {
    // onData is set while the bundle boots, before any data can come: no check needed.
    radio.onData!(data, radio.paired());
  });

  const radio: Radio = {
    onData: null,
    // Bluetooth.write queues the line in Espruino's UART buffer, which goes out in notifications of MTU - 3 bytes.
    send: function (line: string): void {
      if (nrf.getSecurityStatus().connected) serial(Bluetooth).write(line);
    },
    advertise: function (manufacturerData: Uint8Array): void {
      nrf.setAdvertising({}, { manufacturer: manufacturer, manufacturerData: manufacturerData, showName: false });
    },
    pair: function (open: boolean): string {
      const key = passkey();
      nrf.setSecurity({ passkey: key, mitm: 1, display: 1, pair: open });
      return open ? key : '';
    },
    paired: function (): boolean {
      const s = nrf.getSecurityStatus();
      return !!(s.connected && s.encrypted && s.mitm_protected);
    },
  };
  // No phone may pair until the buttons say so.
  radio.pair(false);
  return radio;
}


/** Bluetooth or LoopbackA as the serial device it is (a cast: nothing at run time). */
function serial(device: unknown): SerialApi {
  return device as SerialApi;
}
