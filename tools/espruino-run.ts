// Runs code in a real Espruino interpreter built for Linux, named by the
// ESPRUINO environment variable (this project never builds or ships one; see
// docs/espruino-linux.md for how a developer gets one).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function espruinoPath(): string | undefined {
  return process.env.ESPRUINO || undefined;
}

export interface EspruinoMemory {
  free: number;
  usage: number;
  total: number;
  blocksize: number;
}

export interface BootReport {
  /** Memory after boot and `settleMs` of running. */
  memory: EspruinoMemory;
  /** Memory of the same run with an empty boot file, to subtract the interpreter's own. */
  baseline: EspruinoMemory;
  /** Whatever the interpreter printed besides our markers (errors show here). */
  output: string;
  /** Values printed by the probe expression, if one was given. */
  probe?: unknown;
}

/** Storage.write calls that put `code` into `name` in 1 KB pieces, as the espruino tool's Save-on-send does (nothing for empty code: Storage has no empty files). */
export function storageWriteScript(name: string, code: string): string {
  const lines = [];
  const chunk = 1024;
  for (let offset = 0; offset < code.length; offset += chunk) {
    const piece = JSON.stringify(code.slice(offset, offset + chunk));
    lines.push(`require("Storage").write(${JSON.stringify(name)},${piece},${offset},${code.length});`);
  }
  return lines.join('\n') + '\n';
}

function run(binary: string, cwd: string, args: string[], timeoutMs: number): string {
  const result = spawnSync(binary, args, { cwd, timeout: timeoutMs, encoding: 'latin1', input: '' });
  if (result.error) throw result.error;
  return (result.stdout || '').replace(/\r/g, '');
}

function markers(output: string, tag: string): string[] {
  const found: string[] = [];
  const re = new RegExp(`<<<${tag} (.*?)>>>`, 'g');
  let m: RegExpExecArray | null;
  while ((m = re.exec(output))) found.push(m[1]);
  return found;
}

/**
 * Writes `boot0` (stubs the Linux build lacks, may be empty) and `code` to
 * Storage as `.boot0` and `.bootcde`, boots them, lets timers run for
 * `settleMs`, then prints process.memory() and evaluates `probe`.
 */
export function bootInEspruino(code: string, options: { boot0?: string; settleMs?: number; probe?: string; timeoutMs?: number } = {}): BootReport {
  const binary = espruinoPath();
  if (!binary) throw new Error('ESPRUINO is not set');
  const settleMs = options.settleMs ?? 300;
  const timeoutMs = options.timeoutMs ?? 120000;
  const probe = options.probe ? `print("<<<PROBE "+JSON.stringify(${options.probe})+">>>");` : '';
  const report = `setTimeout(function(){print("<<<MEM "+JSON.stringify(process.memory())+">>>");${probe}quit();},${settleMs});`;
  const measure = (bootCode: string): { memory: EspruinoMemory; output: string; probe?: unknown } => {
    const dir = mkdtempSync(join(tmpdir(), 'tallyboard-espruino-'));
    try {
      writeFileSync(join(dir, 'write.js'), storageWriteScript('.boot0', options.boot0 || '') + storageWriteScript('.bootcde', bootCode));
      run(binary, dir, ['write.js'], timeoutMs);
      const output = run(binary, dir, ['-e', report], timeoutMs);
      const mem = markers(output, 'MEM');
      if (!mem.length) throw new Error('the interpreter printed no memory report; its output:\n' + output.slice(-2000));
      const probed = markers(output, 'PROBE');
      const rest = output.replace(/<<<[A-Z]+ .*?>>>/g, '');
      return { memory: JSON.parse(mem[0]), output: rest, probe: probed.length ? JSON.parse(probed[0]) : undefined };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const baseline = measure('');
  const booted = measure(code);
  return { memory: booted.memory, baseline: baseline.memory, output: booted.output, probe: booted.probe };
}

/** Runs a plain script file in the interpreter and returns what it printed. */
export function runScriptInEspruino(script: string, timeoutMs = 120000): string {
  const binary = espruinoPath();
  if (!binary) throw new Error('ESPRUINO is not set');
  const dir = mkdtempSync(join(tmpdir(), 'tallyboard-espruino-'));
  try {
    writeFileSync(join(dir, 'script.js'), script);
    return run(binary, dir, ['script.js'], timeoutMs);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
