// What every command run in Node shares (the tallyboard command, npm start, the
// hub, flashing): errors a user made on the command line or in a file are one
// plain line and exit 2, never a stack.
import { readFileSync } from 'node:fs';

/** A mistake on the command line or in a file named there: printed as one line (with the usage when it helps), exit 2. */
export class UsageError extends Error {
  constructor(message: string, readonly showUsage = true) {
    super(message);
  }
}

/** The text of `file` (- for standard input); an unreadable file is a UsageError naming it. */
export function readInput(file: string): string {
  try {
    return readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${reason(e)}`, false);
  }
}

/** A file system error as a reader would say it. */
export function reason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file or folder';
  if (code === 'EISDIR') return 'it is a folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return (e as Error).message;
}

/** A reader that stops early (`| head`) closes the pipe: the output simply ends, with no error. */
export function endQuietlyWhenOutputCloses(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(0);
  });
}

/**
 * A broker's address as a user gave it (`--mqtt`, a config's `mqtt`), checked as the MQTT client will read it:
 * mqtt, mqtts, ws or wss, a host, and a port from 1 to 65535 if one is given. A mistake is a UsageError naming
 * `where` (a port of 99999 or an unclosed `[::1` ended in the client's stack trace).
 */
export function brokerAddress(url: string, where: string): void {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch (e) {
    // Not an address at all.
  }
  if (!parsed || !/^(mqtts?|wss?):$/.test(parsed.protocol) || !parsed.hostname || (parsed.port !== '' && !(Number(parsed.port) >= 1))) {
    throw new UsageError(`${where}: ${url} is not a broker address like mqtt://HOST[:PORT] (a port from 1 to 65535)`);
  }
}

/** Whether `topic` is an MQTT topic a client may publish to: no wildcards (+, #), no NUL, at most 65,535 bytes. */
export function isTopicName(topic: string): boolean {
  return topic !== '' && !/[+#\u0000]/.test(topic) && Buffer.byteLength(topic) <= 65535;
}

/** Whether `filter` is an MQTT topic filter a client may subscribe to: `+` a whole level, `#` the whole last level, no NUL. */
export function isTopicFilter(filter: string): boolean {
  if (filter === '' || filter.includes('\u0000') || Buffer.byteLength(filter) > 65535) return false;
  const levels = filter.split('/');
  return levels.every((l, i) => (l.includes('+') ? l === '+' : true) && (l.includes('#') ? l === '#' && i === levels.length - 1 : true));
}
