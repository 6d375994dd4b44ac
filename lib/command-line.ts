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
