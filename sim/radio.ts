// The simulated Bluetooth link: records every notification and advert with
// the simulated time, lets tests and replay write to the board as a paired or
// unpaired phone, and has a settable payload size (MTU - 3). With pairing, a
// phone pairs only while the board lets it, with the passkey it shows.

import type { Radio } from '../hal/types';
import { makePasskey } from '../firmware/access';
import { mulberry32 } from './inputs';

export interface Notification {
  t: number;
  chunk: string;
}

export interface Advert {
  t: number;
  bytes: Uint8Array;
}

export interface SimRadio extends Radio {
  readonly notifications: Notification[];
  readonly adverts: Advert[];
  /** Payload bytes per notification; 20 (MTU 23) unless set. */
  setPayloadSize(size: number): void;
  /** Records one notification of at most the payload size (send() splits a line into these, as the chip's link does). */
  notify(chunk: string): void;
  /** A phone writes raw UART data to the board. */
  write(data: string, paired: boolean): void;
  /** A phone writes one command as a JSON line. */
  command(message: object, paired: boolean): void;
  /** A phone pairs with `passkey` and stays connected: whether the board let it (pairing open, that passkey). */
  pairPhone(passkey: string): boolean;
  /** The connected phone leaves. */
  leave(): void;
}

/**
 * `now` stamps what is recorded (the simulator's virtual clock). With
 * `pairing`, phones pair with passkeys (a seeded sequence); without, the link
 * is open.
 */
export function createSimRadio(now: () => number = () => 0, pairing = false): SimRadio {
  let payload = 20;
  const notifications: Notification[] = [];
  const adverts: Advert[] = [];
  // The passkey a phone may pair with now ('' while pairing is closed), and whether a paired phone is connected.
  let passkey = '';
  let paired = false;
  const random = mulberry32(1);
  const radio: SimRadio = {
    notifications,
    adverts,
    onData: null,
    send(line: string): void {
      for (let at = 0; at < line.length; at += payload) radio.notify(line.substring(at, at + payload));
    },
    notify(chunk: string): void {
      if (chunk.length > payload) throw new Error('notification of ' + chunk.length + ' bytes over the payload size ' + payload);
      notifications.push({ t: now(), chunk });
    },
    advertise(manufacturerData: Uint8Array): void {
      if (manufacturerData.length > 24) throw new Error('advert data of ' + manufacturerData.length + ' bytes: a legacy advert holds 24');
      adverts.push({ t: now(), bytes: manufacturerData.slice() });
    },
    setPayloadSize(size: number): void {
      payload = size;
    },
    write(data: string, paired: boolean): void {
      if (radio.onData) radio.onData(data, paired);
    },
    command(message: object, paired: boolean): void {
      radio.write(JSON.stringify(message) + '\n', paired);
    },
    pair(open: boolean): string {
      passkey = open && pairing ? makePasskey(random) : '';
      return passkey;
    },
    paired: () => paired,
    pairPhone(key: string): boolean {
      paired = paired || (passkey !== '' && key === passkey);
      return paired;
    },
    leave(): void {
      paired = false;
    },
  };
  return radio;
}
