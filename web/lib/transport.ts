// What carries the phone protocol between the page and a board: a Web
// Bluetooth link to a real board (ble.ts), or the in-page link to the
// simulated board (sim-board.ts). Both behave as the Nordic UART does: the
// page writes in pieces of at most the link's payload, and the board's lines
// come in notifications of at most as much, to be joined and split on
// newlines (sim/phone.ts createLineDecoder).

/** Payload bytes of a notification or a write on a link with the default MTU (23, less 3 bytes of header). */
export const DEFAULT_PAYLOAD = 20;

export interface Transport {
  /** What the page calls the link ("Tallyboard 4f2a", "simulated board"). */
  readonly name: string;
  /** Opens the link (again, after a drop); rejects with a message for people when it cannot. */
  connect(): Promise<void>;
  /** Writes text to the board, in pieces of at most the payload, one after the other. */
  write(text: string): Promise<void>;
  /** Closes the link for good: no reconnect follows. */
  close(): void;
  /** Each notification, as it comes. */
  onData: ((chunk: string) => void) | null;
  /** The link went down without close(). */
  onDrop: (() => void) | null;
}

/** A text cut into pieces of at most `size` characters (the board sends printable ASCII only: a character is a byte). */
export function pieces(text: string, size = DEFAULT_PAYLOAD): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; at += size) out.push(text.substring(at, at + size));
  return out;
}
