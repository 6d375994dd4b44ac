// A simulated Bluetooth-to-MQTT gateway: what EspruinoHub publishes when it
// hears an advert (lib/discovery.js in its sources): `<prefix>/advertise/<mac>`
// with JSON holding `rssi`, the `name` once the scan response was heard, and
// `manufacturerData`, the whole field in hex, company id first, little-endian.
// Tests and the hub's benchmark publish simulated boards' adverts with it.
import { MANUFACTURER_ID } from '../firmware/advert';

const hex2 = (b: number) => (b | 0x100).toString(16).slice(1);

/** A board's address as EspruinoHub writes it (lower case, colons), made from a number. */
export function boardAddress(n: number): string {
  return ['f0', 'a1', hex2((n >> 24) & 0xff), hex2((n >> 16) & 0xff), hex2((n >> 8) & 0xff), hex2(n & 0xff)].join(':');
}

/** What EspruinoHub publishes for an advert of board `address` with manufacturer data `bytes` (after the company id). */
export function espruinoHubMessage(address: string, bytes: Uint8Array, rssi: number, name?: string, prefix = '/ble'): { topic: string; payload: string } {
  let hex = hex2(MANUFACTURER_ID & 0xff) + hex2(MANUFACTURER_ID >> 8);
  for (const b of bytes) hex += hex2(b);
  const body: Record<string, unknown> = { rssi };
  if (name !== undefined) body.name = name;
  body.manufacturerData = hex;
  return { topic: `${prefix}/advertise/${address}`, payload: JSON.stringify(body) };
}
