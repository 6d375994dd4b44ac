// What a Bluetooth-to-MQTT gateway publishes for one advert, read back into
// the board it came from and its manufacturer data. EspruinoHub (a Raspberry
// Pi) publishes `/ble/advertise/<mac>` as JSON whose `manufacturerData` is the
// whole field in hex, company id first (little-endian), with `rssi` and, once
// the scan response was heard, `name`; and `/ble/advertise/<mac>/manufacturer/<id>`
// as a JSON string of the hex after the company id. OpenMQTTGateway and Theengs
// Gateway (an ESP32 or a PC) publish `…/BTtoMQTT/<MAC>` as JSON with `id`,
// `rssi`, `name` and `manufacturerdata` (the same hex). docs/hub.md.

import { ADVERT_MAGIC, MANUFACTURER_ID } from '../firmware/advert';

/** One advert as a gateway told it. */
export interface HeardAdvert {
  /** The board's address, lower case with colons, or the name the gateway gave it. */
  board: string;
  /** The manufacturer data after the company id. */
  bytes: Uint8Array;
  rssi: number | null;
  /** The board's Bluetooth name, when the gateway heard it. */
  name: string | null;
}

/** A gateway message that is no Tallyboard advert (another device's, or not an advert at all): nothing to count. */
export const NOT_OURS = 'not ours';

/** What a gateway message holds: a Tallyboard advert, NOT_OURS, or why it cannot be read (a malformed message). */
export type GatewayReading = HeardAdvert | typeof NOT_OURS | { malformed: string };

const HEX = /^(?:[0-9a-f]{2})*$/i;
/** The company id as the gateways write it: its two bytes little-endian, in hex. */
const COMPANY_HEX = ((MANUFACTURER_ID & 0xff) | 0x100).toString(16).slice(1) + ((MANUFACTURER_ID >> 8) | 0x100).toString(16).slice(1);
/** A Bluetooth address as OpenMQTTGateway writes it in topics (no colons). */
const BARE_MAC = /^[0-9a-f]{12}$/i;

function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  return out;
}

/** A board id fit for one topic level: an address in lower case with colons; a name without MQTT's wildcards and separators. */
export function boardId(id: string): string {
  const bare = id.replace(/[:-]/g, '');
  if (BARE_MAC.test(bare)) return bare.toLowerCase().replace(/(..)(?!$)/g, '$1:');
  return id.replace(/[/+#\s]+/g, '-');
}

/** Reads one gateway message (its topic and payload). */
export function readGatewayMessage(topic: string, payload: string): GatewayReading {
  const levels = topic.split('/');
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return { malformed: 'not JSON' };
  }
  let hex: unknown;
  let rssi: unknown = null;
  let name: unknown = null;
  let id = levels[levels.length - 1];
  const manufacturerAt = levels.lastIndexOf('manufacturer');
  if (manufacturerAt >= 1 && manufacturerAt === levels.length - 2) {
    // EspruinoHub's per-company topic: the id is in the topic, the payload is the rest.
    if (levels[levels.length - 1].toLowerCase() !== MANUFACTURER_ID.toString(16).padStart(4, '0')) return NOT_OURS;
    if (typeof body !== 'string') return { malformed: 'manufacturer data is not a string' };
    id = levels[manufacturerAt - 1];
    hex = COMPANY_HEX + body;
  } else {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return NOT_OURS;
    const o = body as Record<string, unknown>;
    hex = o.manufacturerData ?? o.manufacturerdata;
    if (hex === undefined) return NOT_OURS;
    if (typeof o.id === 'string') id = o.id;
    rssi = o.rssi ?? null;
    name = o.name ?? null;
  }
  if (typeof hex !== 'string' || !HEX.test(hex)) return { malformed: 'manufacturer data is not hex' };
  // Other Espruino devices advertise under the same company id (often JSON text): ours begin with the magic byte.
  if (hex.length < 6 || hex.substring(0, 4).toLowerCase() !== COMPANY_HEX || parseInt(hex.substring(4, 6), 16) !== ADVERT_MAGIC) return NOT_OURS;
  if (rssi !== null && typeof rssi !== 'number') return { malformed: 'rssi is not a number' };
  if (!id) return { malformed: 'no board address' };
  return { board: boardId(id), bytes: hexBytes(hex.substring(4)), rssi, name: typeof name === 'string' ? name : null };
}
