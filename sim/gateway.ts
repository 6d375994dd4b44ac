// A simulated Bluetooth-to-MQTT gateway: what EspruinoHub publishes when it
// hears an advert, as its lib/discovery.js does it. On a device's first
// advert, `<prefix>/presence/<device>` "1" (retained); then for each advert,
// with `mqtt_advertise_manufacturer_data` on (its code's default; its shipped
// config.json turns it off), `<prefix>/advertise/<device>` with JSON holding
// `rssi`, the `name` once the scan response was heard, and `manufacturerData`,
// the whole field in hex, company id first, little-endian; then
// `<prefix>/advertise/<device>/manufacturer/<id>` with the hex after the
// company id as a JSON string. With it off, the first message without
// `manufacturerData`, and no copy. `<device>` is the address in lower case, or
// the name `known_devices` gives the address. Tests, the hub's benchmark and
// `tallyboard boards` publish simulated boards' adverts with it.
import { MANUFACTURER_ID } from '../firmware/advert';

const hex2 = (b: number) => (b | 0x100).toString(16).slice(1);

/** A board's address as EspruinoHub writes it (lower case, colons), made from a number. */
export function boardAddress(n: number): string {
  return ['f0', 'a1', hex2((n >> 24) & 0xff), hex2((n >> 16) & 0xff), hex2((n >> 8) & 0xff), hex2(n & 0xff)].join(':');
}

export interface GatewayMessage {
  topic: string;
  payload: string;
  retain?: boolean;
}

/** The parts of EspruinoHub's config.json that change what it publishes for an advert. */
export interface EspruinoHubConfig {
  /** `mqtt_prefix` (default `/ble`). */
  prefix?: string;
  /** `mqtt_advertise_manufacturer_data` (default true, as in its code). */
  manufacturerData?: boolean;
  /** `known_devices`: a name by address. */
  knownDevices?: Record<string, string>;
}

/** EspruinoHub hearing adverts: the messages it publishes for each. */
export class SimulatedEspruinoHub {
  private inRange = new Set<string>();

  constructor(private config: EspruinoHubConfig = {}) {}

  heard(address: string, bytes: Uint8Array, rssi: number, name?: string): GatewayMessage[] {
    const prefix = this.config.prefix ?? '/ble';
    const device = this.config.knownDevices?.[address] ?? address;
    const out: GatewayMessage[] = [];
    if (!this.inRange.has(address)) {
      this.inRange.add(address);
      out.push({ topic: `${prefix}/presence/${device}`, payload: '1', retain: true });
    }
    const body: Record<string, unknown> = { rssi };
    if (name !== undefined) body.name = name;
    const advertise = `${prefix}/advertise/${device}`;
    if (this.config.manufacturerData === false) {
      out.push({ topic: advertise, payload: JSON.stringify(body) });
      return out;
    }
    let rest = '';
    for (const b of bytes) rest += hex2(b);
    body.manufacturerData = hex2(MANUFACTURER_ID & 0xff) + hex2(MANUFACTURER_ID >> 8) + rest;
    out.push({ topic: advertise, payload: JSON.stringify(body) });
    out.push({ topic: `${advertise}/manufacturer/${hex2(MANUFACTURER_ID >> 8)}${hex2(MANUFACTURER_ID & 0xff)}`, payload: JSON.stringify(rest) });
    return out;
  }
}

/** The whole-advert message EspruinoHub publishes for an advert of board `address` with manufacturer data `bytes` (after the company id). */
export function espruinoHubMessage(address: string, bytes: Uint8Array, rssi: number, name?: string, prefix = '/ble'): { topic: string; payload: string } {
  const [, whole] = new SimulatedEspruinoHub({ prefix }).heard(address, bytes, rssi, name);
  return whole;
}
