// The Bluetooth link on the chip (docs/security.md explains the choices).
// - The JavaScript console leaves Bluetooth (to LoopbackA) except in
//   maintenance, so a nearby phone cannot run code; the UART is parsed here.
// - With a passkey, pairing needs it (MITM protection, shown on the LED
//   display). Espruino then also makes the UART service demand an encrypted
//   link (jsble_update_security sets encryptUart with mitm or a passkey), so
//   an unpaired phone watches the advert only.
// - `paired` is read from the link's security status on every write.

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
  setScanResponse(data: number[]): void;
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
  let connected = false;
  // NRF.on('mtu') (2v28+) reports the negotiated MTU; 23 until it does.
  let payload = 20;
  let dataHandler: ((data: string, paired: boolean) => void) | null = null;
  let pairingHandler: ((show: boolean) => void) | null = null;

  function isPaired(): boolean {
    const s = nrf.getSecurityStatus();
    return !!(s.connected && s.encrypted && s.mitm_protected);
  }

  function consoleOnBluetooth(on: boolean): void {
    consoleHere = on;
    if (on) bluetooth.setConsole(true);
    else loopback.setConsole(true);
  }

  if (options.passkey) nrf.setSecurity({ passkey: options.passkey, mitm: 1, display: 1 });
  // Off Bluetooth from the start; the firmware puts it back for maintenance.
  consoleOnBluetooth(false);
  const name = options.name;
  const response = [name.length + 1, 0x09];
  for (let i = 0; i < name.length; i++) response.push(name.charCodeAt(i) & 0xff);
  nrf.setScanResponse(response);

  nrf.on('connect', function (): void {
    connected = true;
    if (pairingHandler && options.passkey && !nrf.getSecurityStatus().bonded) pairingHandler(true);
  });
  nrf.on('mtu', function (mtu: unknown): void {
    const m = mtu as number;
    payload = m > 23 ? m - 3 : 20;
  });
  nrf.on('disconnect', function (): void {
    connected = false;
    payload = 20;
    if (pairingHandler) pairingHandler(false);
  });
  nrf.on('security', function (): void {
    if (pairingHandler) pairingHandler(false);
  });
  bluetooth.on('data', function (data: string): void {
    // With the console here, the data is the REPL's, not ours.
    if (consoleHere || !dataHandler) return;
    dataHandler(data, isPaired());
  });

  return {
    payloadSize: function (): number {
      return payload;
    },
    // Bluetooth.write queues into Espruino's UART buffer, which sends MTU - 3 bytes a packet.
    notify: function (chunk: string): void {
      if (connected && !consoleHere) bluetooth.write(chunk);
    },
    onData: function (handler: (data: string, paired: boolean) => void): void {
      dataHandler = handler;
    },
    advertise: function (manufacturerData: Uint8Array): void {
      nrf.setAdvertising({}, { manufacturer: options.manufacturer, manufacturerData: manufacturerData, showName: false });
    },
    console: consoleOnBluetooth,
    onPairing: function (handler: (show: boolean) => void): void {
      pairingHandler = handler;
    },
  };
}
