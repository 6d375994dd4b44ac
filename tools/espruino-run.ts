// Runs code in a real Espruino interpreter built for Linux, named by the
// ESPRUINO environment variable (this project never builds or ships one; see
// docs/espruino-linux.md for how a developer gets one).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jsString } from './tokenise';

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
  /** Uncaught errors while booting and running (printed to whatever console the firmware chose, so caught here). */
  errors: string[];
  /** Values printed by the probe expression, if one was given. */
  probe?: unknown;
}

/** Collects uncaught errors in .boot0, before the bundle runs. */
const CATCH_ERRORS = 'var __errors=[];process.on("uncaughtException",function(e){__errors.push(String(e)+(e&&e.stack?" "+e.stack:""));});\n';

/** Storage.write calls that put `code` (8-bit text) into `name` in 1 KB pieces, as the espruino tool's Save-on-send does (nothing for empty code: Storage has no empty files). */
export function storageWriteScript(name: string, code: string): string {
  const lines = [];
  const chunk = 1024;
  for (let offset = 0; offset < code.length; offset += chunk) {
    const piece = jsString(code.slice(offset, offset + chunk));
    lines.push(`require("Storage").write(${JSON.stringify(name)},${piece},${offset},${code.length});`);
  }
  return lines.join('\n') + '\n';
}

function run(binary: string, cwd: string, args: string[], timeoutMs: number, input = ''): string {
  const result = spawnSync(binary, args, { cwd, timeout: timeoutMs, encoding: 'latin1', input });
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
export function bootInEspruino(code: string, options: { boot0?: string; settleMs?: number; probe?: string; timeoutMs?: number; baseline?: boolean } = {}): BootReport {
  const binary = espruinoPath();
  if (!binary) throw new Error('ESPRUINO is not set');
  const settleMs = options.settleMs ?? 300;
  const timeoutMs = options.timeoutMs ?? 120000;
  const probe = options.probe ? `print("<<<PROBE "+JSON.stringify(${options.probe})+">>>");` : '';
  // The firmware moves the console off the radio (to LoopbackA); the report brings it back to stdout.
  const report = `setTimeout(function(){E.setConsole("USB",{force:true});print("<<<MEM "+JSON.stringify(process.memory())+">>>");print("<<<ERR "+JSON.stringify(__errors)+">>>");${probe}quit();},${settleMs});`;
  const measure = (bootCode: string): { memory: EspruinoMemory; output: string; errors: string[]; probe?: unknown } => {
    const dir = mkdtempSync(join(tmpdir(), 'tallyboard-espruino-'));
    try {
      // Typed into the console line by line, as a board receives an upload: a
      // whole file would be parsed at once and would not fit the memory.
      run(binary, dir, [], timeoutMs, storageWriteScript('.boot0', CATCH_ERRORS + (options.boot0 || '')) + storageWriteScript('.bootcde', bootCode) + 'setTimeout(quit,1);\n');
      const output = run(binary, dir, ['-e', report], timeoutMs);
      const mem = markers(output, 'MEM');
      if (!mem.length) throw new Error('the interpreter printed no memory report; its output:\n' + output.slice(-2000));
      const probed = markers(output, 'PROBE');
      const errors = markers(output, 'ERR');
      const rest = output.replace(/<<<[A-Z]+ .*?>>>/g, '');
      return { memory: JSON.parse(mem[0]), output: rest, errors: errors.length ? JSON.parse(errors[0]) : [], probe: probed.length ? JSON.parse(probed[0]) : undefined };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const booted = measure(code);
  // The same run with no bundle: what the interpreter and the stubs take by themselves.
  const baseline = options.baseline === false ? booted : measure('');
  return { memory: booted.memory, baseline: baseline.memory, output: booted.output, errors: booted.errors, probe: booted.probe };
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
