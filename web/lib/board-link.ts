// The companion's end of the phone protocol: one link to one board over a
// transport, the board's lines joined and decoded by the reference decoder
// (sim/phone.ts), commands sent as JSON lines, and after a drop a reconnect
// that resynchronises with `state`.
import { createLineDecoder } from '../../sim/phone';
import type { BoardMessage, GameWords } from '../../sim/phone';
import type { Transport } from './transport';
import { sendLine } from '../../firmware/protocol';
import type { Radio } from '../../hal/types';

export type LinkStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'closed';

/** A command as the page writes it: a line as the board writes its own (sendLine), printable ASCII, one character a byte on the link. */
export function commandLine(command: object): string {
  let line = '';
  sendLine({ send: (text: string) => { line = text; } } as Radio, command);
  return line;
}

export interface BoardLinkOptions {
  words: GameWords;
  /** Waits between reconnect attempts (ms), the last one repeated. */
  retryMs?: number[];
  onMessage(message: BoardMessage): void;
  onStatus(status: LinkStatus, detail: string): void;
}

export class BoardLink {
  status: LinkStatus = 'idle';
  private decoder;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;

  constructor(readonly transport: Transport, private readonly o: BoardLinkOptions) {
    this.decoder = createLineDecoder(o.words);
    transport.onData = (chunk) => this.heard(chunk);
    transport.onDrop = () => this.dropped();
  }

  /** Connects, then asks for the state. */
  async open(): Promise<void> {
    this.set('connecting', this.transport.name);
    try {
      await this.transport.connect();
    } catch (e) {
      this.set('idle', (e as Error).message);
      throw e;
    }
    await this.up();
  }

  /** Sends one command; false when the link is not up (the command is not kept for later: the board's state may have moved on). */
  async send(command: object): Promise<boolean> {
    if (this.status !== 'connected') return false;
    try {
      await this.transport.write(commandLine(command));
      return true;
    } catch (e) {
      return false;
    }
  }

  close(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.transport.close();
    this.set('closed', '');
  }

  /**
   * A line at a time: a garbled one (a notification lost joins two lines' ends) is dropped alone, and the lines
   * after it in the chunk, and the one it begins, are decoded as they come. (Dropped with the whole chunk and the
   * line begun, each next line began mid-way, and one lost notification lost some 28 messages, `over` among them.)
   */
  private heard(chunk: string): void {
    let from = 0;
    for (let nl; (nl = chunk.indexOf('\n', from)) >= 0; from = nl + 1) this.take(chunk.substring(from, nl + 1));
    if (from < chunk.length) this.take(chunk.substring(from));
  }

  /** Decodes a piece of the board's text that ends a line, if it ends one, at its end (so a line that fails to decode leaves the decoder between lines). */
  private take(piece: string): void {
    let messages: BoardMessage[];
    try {
      messages = this.decoder.push(piece);
    } catch (e) {
      this.set(this.status, 'a garbled line from the board was dropped');
      return;
    }
    for (const m of messages) this.o.onMessage(m);
  }

  private async up(): Promise<void> {
    // Whatever half line came before a drop is gone with it.
    this.decoder = createLineDecoder(this.o.words);
    this.attempts = 0;
    this.set('connected', this.transport.name);
    await this.send({ cmd: 'state' });
  }

  private dropped(): void {
    if (this.status === 'closed') return;
    this.set('reconnecting', 'the link dropped');
    this.again();
  }

  private again(): void {
    const waits = this.o.retryMs ?? [500, 1000, 2000, 5000];
    const wait = waits[Math.min(this.attempts++, waits.length - 1)];
    this.retry = setTimeout(async () => {
      this.retry = null;
      if (this.status === 'closed') return;
      try {
        await this.transport.connect();
      } catch (e) {
        this.set('reconnecting', (e as Error).message);
        this.again();
        return;
      }
      await this.up();
    }, wait);
  }

  private set(status: LinkStatus, detail: string): void {
    this.status = status;
    this.o.onStatus(status, detail);
  }
}
