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
  /** EspruinoHub's second copy of an advert (`…/manufacturer/0590`), which it publishes beside the whole one. */
  copy: boolean;
}

/** A gateway message that is no Tallyboard advert (another device's, or not an advert at all): nothing to count. */
export const NOT_OURS = 'not ours';
/** An advert a gateway published without manufacturer data (EspruinoHub with mqtt_advertise_manufacturer_data off, or a device that has none), with the name it gave. */
export interface WithoutData {
  withoutData: string | null;
}

/** What a gateway message holds: a Tallyboard advert, NOT_OURS, an advert WithoutData, or why it cannot be read (a malformed message). */
export type GatewayReading = HeardAdvert | typeof NOT_OURS | WithoutData | { malformed: string };

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

/** The longest board id (a topic level) and name the hub takes: longer ones are a malformed message, or cut. */
export const MAX_ID = 64;
export const MAX_NAME = 40;
/** Longer gateway messages are not read at all (an advert's message is some 150 characters). */
export const MAX_MESSAGE = 2048;
/** The name in a board's scan response (hal/espruino/radio.ts). */
export const BOARD_NAME = 'Tallyboard';

/**
 * A board id fit for one topic level and a file's cell: an address in lower
 * case with colons; a name (EspruinoHub's known_devices) with every run of
 * characters other than letters, digits, `.`, `:`, `_` and `-` made one `-`.
 * Null when nothing is left, or it is longer than MAX_ID.
 */
export function boardId(id: string): string | null {
  const bare = id.replace(/[:-]/g, '');
  if (BARE_MAC.test(bare)) return bare.toLowerCase().replace(/(..)(?!$)/g, '$1:');
  if (id.length > 4 * MAX_ID) return null;
  const safe = id.replace(/[^A-Za-z0-9._:-]+/g, '-').replace(/^-+|-+$/g, '');
  return safe && safe.length <= MAX_ID ? safe : null;
}

/** A name to show: control and formatting characters gone, spaces collapsed, at most MAX_NAME characters; null when nothing is left. */
export function cleanName(name: string): string | null {
  const clean = name.slice(0, 4 * MAX_NAME).replace(/[\p{C}\s]+/gu, ' ').trim().slice(0, MAX_NAME).trim();
  return clean || null;
}

/** Reads one gateway message (its topic and payload). */
export function readGatewayMessage(topic: string, payload: string): GatewayReading {
  if (payload.length > MAX_MESSAGE) return { malformed: `longer than ${MAX_MESSAGE} characters` };
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
  let id: unknown = levels[levels.length - 1];
  let copy = false;
  const manufacturerAt = levels.lastIndexOf('manufacturer');
  if (manufacturerAt >= 1 && manufacturerAt === levels.length - 2) {
    // EspruinoHub's per-company topic: the id is in the topic, the payload is the rest.
    if (levels[levels.length - 1].toLowerCase() !== MANUFACTURER_ID.toString(16).padStart(4, '0')) return NOT_OURS;
    if (typeof body !== 'string') return { malformed: 'manufacturer data is not a string' };
    id = levels[manufacturerAt - 1];
    hex = COMPANY_HEX + body;
    copy = true;
  } else {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return NOT_OURS;
    const o = body as Record<string, unknown>;
    hex = o.manufacturerData ?? o.manufacturerdata;
    if (hex === undefined) return typeof o.rssi === 'number' ? { withoutData: typeof o.name === 'string' ? cleanName(o.name) : null } : NOT_OURS;
    if (o.id !== undefined) id = o.id;
    rssi = o.rssi ?? null;
    name = o.name ?? null;
  }
  if (typeof hex !== 'string' || !HEX.test(hex)) return { malformed: 'manufacturer data is not hex' };
  // Other Espruino devices advertise under the same company id (often JSON text): ours begin with the magic byte.
  if (hex.length < 6 || hex.substring(0, 4).toLowerCase() !== COMPANY_HEX || parseInt(hex.substring(4, 6), 16) !== ADVERT_MAGIC) return NOT_OURS;
  if (rssi !== null && !(Number.isInteger(rssi) && (rssi as number) >= -127 && (rssi as number) <= 127)) return { malformed: 'rssi is not a number of dBm' };
  if (name !== null && typeof name !== 'string') return { malformed: 'name is not a text' };
  const board = typeof id === 'string' ? boardId(id) : null;
  if (board === null) return { malformed: `no board address or name of at most ${MAX_ID} characters` };
  return { board, bytes: hexBytes(hex.substring(4)), rssi: rssi as number | null, name: name === null ? null : cleanName(name), copy };
}
