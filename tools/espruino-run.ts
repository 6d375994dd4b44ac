// Runs code in a real Espruino interpreter built for Linux, named by the
// ESPRUINO environment variable (this project never builds or ships one; see
// docs/espruino-linux.md for how a developer gets one).
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jsString } from './tokenise';
import { modulesFile, partStart } from './modules-file';
import { MODULES_FILE, MODULE_ARGUMENT } from '../firmware/modules';

export function espruinoPath(): string | undefined {
  return process.env.ESPRUINO || undefined;
}

export interface EspruinoMemory {
  free: number;
  usage: number;
  total: number;
  blocksize: number;
}

/** Which interpreter measured: its version and the size and number of its variables. */
export interface EspruinoBuild {
  version: string;
  blocksize: number;
  variables: number;
}

/** One line naming the build, e.g. `Espruino 2v29, 2950 variables of 13 bytes`. */
export function describeBuild(build: EspruinoBuild): string {
  return `Espruino ${build.version}, ${build.variables} variables of ${build.blocksize} bytes`;
}

export interface BootReport extends Booted {
  /** Memory of the same run with an empty boot file, to subtract the interpreter's own. */
  baseline: EspruinoMemory;
}

/** Collects uncaught errors in .boot0, before the bundle runs. */
export const CATCH_ERRORS = 'var __errors=[];process.on("uncaughtException",function(e){__errors.push(String(e)+(e&&e.stack?" "+e.stack:""));});\n';

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

/**
 * Runs the interpreter in `cwd` (its flash is the file espruino.flash there).
 * With `input`, that text is typed into its console; without, the console is
 * idle: the Linux build reads the end of a closed input as endless 0xFF
 * characters, which fill its input line and take variables, while a directory
 * as input reads as an error, which it skips.
 */
function run(binary: string, cwd: string, args: string[], timeoutMs: number, input?: string): string {
  const idle = input === undefined ? openSync(cwd, 'r') : undefined;
  try {
    const result = spawnSync(binary, args, { cwd, timeout: timeoutMs, encoding: 'latin1', input, stdio: [idle ?? 'pipe', 'pipe', 'pipe'] });
    if (result.error) throw result.error;
    const ended = result.status === 0 ? '' : `\n[the interpreter ended with ${result.signal || 'exit code ' + result.status}]`;
    // What a terminal shows: the prompt the console erases (carriage return, erase line) before it prints is gone.
    return (result.stdout || '').replace(/[^\n]*\r\x1b\[J/g, '').replace(/\r/g, '') + ended;
  } finally {
    if (idle !== undefined) closeSync(idle);
  }
}

/** What booting Storage gave. */
export interface Booted {
  /** Memory after boot and the settling time. */
  memory: EspruinoMemory;
  /** The interpreter that ran the code. */
  build: EspruinoBuild;
  /** Uncaught errors while booting and running (printed to whatever console the firmware chose, so caught here). */
  errors: string[];
  /** The value of the probe expression, if one was given. */
  probe?: unknown;
  /** Whatever the interpreter printed on its console. */
  output: string;
}

function interpreter(): string {
  const binary = espruinoPath();
  if (!binary) throw new Error('ESPRUINO is not set');
  return binary;
}

/**
 * Writes `files` into the Storage of the interpreter whose flash is in `dir`,
 * typed into its console line by line, as a board receives an upload: a whole
 * file would be parsed at once and would not fit the memory.
 */
export function writeToStorage(dir: string, files: Record<string, string>, timeoutMs = 120000): void {
  const script = Object.keys(files).map((name) => storageWriteScript(name, files[name])).join('');
  run(interpreter(), dir, [], timeoutMs, script + 'setTimeout(quit,1);\n');
}

/**
 * Boots what the Storage in `dir` holds, lets timers run for `settleMs`, then
 * reports process.memory(), the uncaught errors a .boot0 with CATCH_ERRORS
 * collected, and `probe` evaluated. The report goes to a file: the firmware
 * moves the console off the line (to LoopbackA), and a Linux build has no name
 * for its own terminal to move it back.
 */
export function bootStorage(dir: string, options: { settleMs?: number; probe?: string; timeoutMs?: number } = {}): Booted {
  const file = join(dir, 'report.json');
  rmSync(file, { force: true });
  const report = `setTimeout(function(){var m=process.memory();require("fs").writeFileSync("report.json",JSON.stringify({memory:m,version:process.env.VERSION,`
    + `errors:typeof __errors=="undefined"?[]:__errors,probe:${options.probe || 'undefined'}}));quit();},${options.settleMs ?? 300});`;
  const output = run(interpreter(), dir, ['-e', report], options.timeoutMs ?? 120000);
  if (!existsSync(file)) throw new Error('the interpreter wrote no report; its output:\n' + output.slice(-2000));
  const r = JSON.parse(readFileSync(file, 'latin1'));
  const build = { version: r.version, blocksize: r.memory.blocksize, variables: r.memory.total };
  return { memory: r.memory, build, errors: r.errors, probe: r.probe, output };
}

/**
 * Writes `boot0` (stubs the Linux build lacks, may be empty) and `code` to
 * Storage as `.boot0` and `.bootcde` in a fresh folder, boots them, lets
 * timers run for `settleMs`, then reports (bootStorage); `storage` puts other files beside them. Unless `baseline` is
 * false, the same run with no bundle gives what the interpreter and the stubs
 * take by themselves.
 */
export function bootInEspruino(code: string, options: { boot0?: string; settleMs?: number; probe?: string; timeoutMs?: number; baseline?: boolean; storage?: Record<string, string> } = {}): BootReport {
  const timeoutMs = options.timeoutMs ?? 120000;
  const measure = (bootCode: string, probe?: string): Booted => {
    const dir = mkdtempSync(join(tmpdir(), 'tallyboard-espruino-'));
    try {
      // Other files in Storage (a diagnostics module) are the bundle's: the baseline has none.
      const others = bootCode ? options.storage || {} : {};
      writeToStorage(dir, Object.assign({}, others, { '.boot0': CATCH_ERRORS + (options.boot0 || ''), '.bootcde': bootCode }), timeoutMs);
      return bootStorage(dir, { settleMs: options.settleMs, probe, timeoutMs });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const booted = measure(code, options.probe);
  // The probe is for the bundle: the baseline has nothing to probe.
  const baseline = options.baseline === false ? booted : measure('');
  return { memory: booted.memory, baseline: baseline.memory, build: booted.build, output: booted.output, errors: booted.errors, probe: booted.probe };
}

/** Runs a plain script file in the interpreter and returns what it printed. */
export function runScriptInEspruino(script: string, timeoutMs = 120000): string {
  const dir = mkdtempSync(join(tmpdir(), 'tallyboard-espruino-'));
  try {
    writeFileSync(join(dir, 'script.js'), script);
    return run(interpreter(), dir, ['script.js'], timeoutMs);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}


/**
 * .boot0 text for a connected, paired phone: the firmware's 'data' handler is kept in `__data` (call it with a
 * command line), and every write the board makes, like every call of `__use()` (a timer's, say), reads
 * process.memory().usage into `__peak`, its highest. `onLine` is JavaScript run on each whole line the board
 * sends, as `l`.
 */
export function connectedPhone(onLine: string): string {
  return [
    'function noop(){}',
    'var __data=null,__peak=0,__line="";',
    'function __use(){var u=process.memory().usage;if(u>__peak)__peak=u;}',
    'NRF={setServices:noop,setAdvertising:noop,setScanResponse:noop,setSecurity:noop,updateServices:noop,setTxPower:noop,disconnect:noop,',
    'on:function(e,h){if(e==="connect")setTimeout(h,0);},',
    'getSecurityStatus:function(){return {connected:true,encrypted:true,mitm_protected:true,bonded:true};}};',
    'Bluetooth={on:function(e,h){if(e==="data")__data=h;},setConsole:noop,write:function(d){__use();__line+=d;var i=__line.indexOf("\\n");',
    `while(i>=0){var l=__line.substr(0,i);__line=__line.substr(i+1);${onLine}i=__line.indexOf("\\n");}}};`,
  ].join('\n');
}

/**
 * Runs device code in the interpreter (ESPRUINO): `source`, an entry importing from `root`'s firmware, built for the
 * chip and booted with the Linux build's stubs, its timers let run for `settleMs`; `modules` (`game`'s modules
 * loaded on demand, by Storage name) in Storage beside it, built for its property names, as a board's are. Returns
 * the rows it printed, each `<<<[JSON array]>>>`, the uncaught errors and what it printed (the benches that measure
 * firmware parts use it).
 */
export async function deviceRows(source: string, root: string, settleMs = 100, modules?: { game: string; names: string[] }): Promise<{ rows: unknown[][]; errors: string[]; output: string }> {
  const { ALL_FEATURES, buildDeviceCode } = await import('./es5');
  const built = await buildDeviceCode({ source, dir: root });
  const storage: Record<string, string> = {};
  if (modules) {
    const { ON_DEMAND, buildOnDemand } = await import('./build');
    const { moduleOf } = await import('../firmware/games/registry');
    const mod = await moduleOf(modules.game);
    const parts = [];
    for (const m of ON_DEMAND.filter((m) => modules.names.includes(m.name))) parts.push({ part: m.part, code: (await buildOnDemand(m, modules.game, mod, ALL_FEATURES, built.names)).stored });
    storage[MODULES_FILE] = modulesFile(parts);
  }
  const code = built.stored;
  const stubs = join(root, 'tools', 'espruino-linux-stubs.js');
  const report = bootInEspruino(code, { boot0: existsSync(stubs) ? readFileSync(stubs, 'utf8') : '', settleMs, timeoutMs: 600000, baseline: false, storage });
  const rows = [...report.output.matchAll(/<<<(\[.*?\])>>>/g)].map((m) => JSON.parse(m[1]) as unknown[]);
  return { rows, errors: report.errors, output: report.output };
}

/**
 * How long loading each of `modules` (a bundle's: its part of MODULES_FILE, stored) holds the interpreter: its parse,
 * one call, timed as the board's loader makes it (firmware/modules.ts: a function made of its part's text, and run;
 * the fastest of seven, each let go after), in bare reads of an analog channel as bench analog counts them (a
 * digitalWrite of the 8 select lines and an analogRead each, the reading a stand-in's: the Linux build has no ADC),
 * the fastest of seven of 40 such reads: a ratio that the machine's load changes little.
 */
export function parseHolds(modules: { name: string; part: number; stored: string }[]): Record<string, number> {
  const file = modulesFile(modules.map((m) => ({ part: m.part, code: m.stored })));
  const parts = JSON.stringify(modules.map((m) => [m.name, partStart(file, m.part), partStart(file, m.part + 1) - partStart(file, m.part)]));
  const probe = `(function(){var levels=new Float32Array(40).fill(0.5),next=0;global.analogRead=function(){return levels[next++];};`
    + 'var select=[18,17,16,15,14,13,12,11];function bare(){next=0;for(var ch=0;ch<40;ch++){digitalWrite(select,ch);analogRead(2);}}'
    + `var S=require("Storage"),holds={};${parts}.forEach(function(p){var parse=1e9,read=1e9;for(var r=0;r<7;r++){var t0=getTime();var m={x:0};`
    + `Function(${JSON.stringify(MODULE_ARGUMENT)},S.read(${JSON.stringify(MODULES_FILE)},p[1],p[2]))(m);var t1=getTime();`
    + 'm=undefined;bare();parse=Math.min(parse,t1-t0);read=Math.min(read,(getTime()-t1)/40);}holds[p[0]]=parse/read;});return holds;})()';
  const report = bootInEspruino('var parsed=1;', { storage: { [MODULES_FILE]: file }, probe, baseline: false });
  if (report.errors.length) throw new Error('loading the modules failed: ' + report.errors.join(' | '));
  return report.probe as Record<string, number>;
}
