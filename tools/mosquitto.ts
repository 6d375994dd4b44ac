// A Mosquitto broker (Debian's package, /usr/sbin/mosquitto) on free loopback
// ports, with a websockets listener for pages, for the hub's tests and its
// benchmark. It can be stopped and started again on the same ports (a broker
// restart); it keeps nothing across a restart (no persistence), as a broker
// that lost its retained messages would.
import { spawn, execFileSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The Mosquitto binary: MOSQUITTO, else on the PATH, else Debian's place; null when there is none. */
export function mosquittoPath(): string | null {
  if (process.env.MOSQUITTO) return process.env.MOSQUITTO;
  try {
    return execFileSync('sh', ['-c', 'command -v mosquitto'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return existsSync('/usr/sbin/mosquitto') ? '/usr/sbin/mosquitto' : null;
  }
}

/** A port nobody listens on now, on the loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

export class Mosquitto {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'tallyboard-mosquitto-'));
  /** What the broker printed (its log). */
  log = '';

  private constructor(private readonly binary: string, readonly port: number, readonly wsPort: number) {
    writeFileSync(join(this.dir, 'mosquitto.conf'), [
      `listener ${port} 127.0.0.1`,
      `listener ${wsPort} 127.0.0.1`,
      'protocol websockets',
      'allow_anonymous true',
      'persistence false',
      'max_queued_messages 100000',
      '',
    ].join('\n'));
  }

  /** Starts a broker on free ports. */
  static async start(binary: string): Promise<Mosquitto> {
    const broker = new Mosquitto(binary, await freePort(), await freePort());
    await broker.restart();
    return broker;
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  get wsUrl(): string {
    return `ws://127.0.0.1:${this.wsPort}`;
  }

  /** Starts the broker (again); resolves once it listens on both ports. */
  restart(): Promise<void> {
    const child = spawn(this.binary, ['-c', join(this.dir, 'mosquitto.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const from = this.log.length;
    return new Promise((resolve, reject) => {
      const read = (data: Buffer) => {
        this.log += data.toString();
        if (this.log.indexOf(' running', from) >= 0) resolve();
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.once('exit', (code) => reject(new Error(`mosquitto exited (${code}): ${this.log}`)));
    });
  }

  /** Stops the broker; resolves once it has exited. */
  stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.removeAllListeners('exit');
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  /** Stops the broker and removes its files. */
  async close(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
