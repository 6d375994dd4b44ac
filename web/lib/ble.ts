// The link to a real board over Web Bluetooth: the Nordic UART service the
// board's firmware serves (docs/protocol.md), chosen by the board's name.
import { DEFAULT_PAYLOAD, pieces } from './transport';
import type { Transport } from './transport';

export const UART_SERVICE = '6e400001-b5a3-f393-e0a9-e50e24dcca9e';
/** The board reads what the phone writes here. */
export const UART_RX = '6e400002-b5a3-f393-e0a9-e50e24dcca9e';
/** The board notifies its lines here. */
export const UART_TX = '6e400003-b5a3-f393-e0a9-e50e24dcca9e';
/** Every board's name starts so (its scan response, hal/espruino/radio.ts). */
export const NAME_PREFIX = 'Tallyboard';

// The parts of Web Bluetooth the page uses (the DOM's types do not have them yet).
export interface BluetoothLike {
  requestDevice(options: { filters: { namePrefix: string }[]; optionalServices: string[] }): Promise<DeviceLike>;
}
export interface DeviceLike extends EventTarget {
  name?: string;
  gatt?: { connected: boolean; connect(): Promise<ServerLike>; disconnect(): void };
}
interface ServerLike {
  getPrimaryService(uuid: string): Promise<{ getCharacteristic(uuid: string): Promise<CharacteristicLike> }>;
}
interface CharacteristicLike extends EventTarget {
  value?: DataView;
  startNotifications(): Promise<unknown>;
  writeValue(data: Uint8Array): Promise<void>;
}

/** Why this page cannot use Web Bluetooth here, for people; null when it can. */
export function bluetoothProblem(nav: { bluetooth?: unknown }, secure: boolean): string | null {
  if (!secure) return 'Web Bluetooth works only on a page served over https (or from localhost). Open the companion at its https address, or try it without a board.';
  if (!nav.bluetooth) return 'This browser has no Web Bluetooth (Safari on iPhone and iPad, Firefox). Use Chrome or Edge on Android or a computer, or Bluefy on iOS; or try it without a board.';
  return null;
}

/** A message for people from what requestDevice or the connection threw. */
export function bluetoothError(e: unknown): string {
  const name = (e as { name?: string }).name ?? '';
  const said = (e as { message?: string }).message ?? String(e);
  if (name === 'NotFoundError') return 'No board chosen (' + said + '). Switch the board on, come near, and choose a board named ' + NAME_PREFIX + '.';
  if (name === 'SecurityError' || name === 'NotAllowedError' || /auth|pair|encrypt/i.test(said)) {
    return 'Pairing failed (' + said + '). Press both board buttons together: the display shows P and a passkey for a minute; connect again and enter that passkey when asked.';
  }
  return 'Could not reach the board (' + said + ').';
}

/** A Web Bluetooth link: the board is chosen once (requestDevice needs a tap), then connect() reconnects to it. */
export class BleTransport implements Transport {
  onData: ((chunk: string) => void) | null = null;
  onDrop: (() => void) | null = null;
  private device: DeviceLike | null = null;
  private rx: CharacteristicLike | null = null;
  private closing = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly decoder = new TextDecoder();
  private readonly encoder = new TextEncoder();
  /** Hears the TX characteristic: one listener, the same object each time, so that a reconnect does not hear every notification twice. */
  private readonly notified = (event: Event): void => {
    const value = (event.target as CharacteristicLike).value;
    if (value && this.onData) this.onData(this.decoder.decode(value));
  };

  constructor(private readonly bluetooth: BluetoothLike, private readonly payload = DEFAULT_PAYLOAD) {}

  get name(): string {
    return this.device?.name ?? NAME_PREFIX;
  }

  /** Asks the browser to list the boards nearby and waits for the user's choice (call from a tap). */
  async choose(): Promise<void> {
    try {
      this.device = await this.bluetooth.requestDevice({ filters: [{ namePrefix: NAME_PREFIX }], optionalServices: [UART_SERVICE] });
    } catch (e) {
      throw new Error(bluetoothError(e));
    }
    this.device.addEventListener('gattserverdisconnected', () => {
      this.rx = null;
      if (!this.closing && this.onDrop) this.onDrop();
    });
  }

  async connect(): Promise<void> {
    if (!this.device) await this.choose();
    this.closing = false;
    try {
      const server = await this.device!.gatt!.connect();
      const service = await server.getPrimaryService(UART_SERVICE);
      const tx = await service.getCharacteristic(UART_TX);
      const rx = await service.getCharacteristic(UART_RX);
      tx.removeEventListener('characteristicvaluechanged', this.notified);
      tx.addEventListener('characteristicvaluechanged', this.notified);
      // Notifications need the paired link: a board that will not pair refuses them here.
      await tx.startNotifications();
      this.rx = rx;
    } catch (e) {
      throw new Error(bluetoothError(e));
    }
  }

  /** Writes one piece after the other, each at most the payload (a write of more would be cut by the link). */
  write(text: string): Promise<void> {
    const next = this.queue.then(async () => {
      for (const piece of pieces(text, this.payload)) {
        if (!this.rx) throw new Error('not connected');
        await this.rx.writeValue(this.encoder.encode(piece));
      }
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  close(): void {
    this.closing = true;
    this.rx = null;
    if (this.device?.gatt?.connected) this.device.gatt.disconnect();
  }
}
