// npx tallyboard flash: builds a game's bundle from the sources, writes it to
// the board's Storage as its boot code (.bootcde), with the modules it loads on
// demand beside it (tools/build.ts, ON_DEMAND: diagnostics, the check of a
// phone's line), through the espruino command-line tool, has the board confirm
// what it stored, and restarts it.
// The upload file is made here, not by the tool, so that --out writes exactly
// what a board receives: the bundle in 1 KB Storage.write pieces, a check,
// then load().
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { storageWriteScript } from './espruino-run';
import { pretokenise } from './tokenise';
import { crc32 } from './crc32';
import { ROOT, distFile } from './games';
import { gameIds } from '../firmware/games/registry';
import { ON_DEMAND, buildGame, moduleFiles, writeBundle } from './build';
import { MODULES_FILE } from '../firmware/modules';
import { UsageError, reason } from '../lib/command-line';

export interface FlashOptions {
  game: string;
  port?: string;
  device?: string;
  dryRun: boolean;
  out?: string;
}

/** How a board in Espruino's recovery advertises itself ("MDBT42Q 1a2b"): the espruino tool takes the first name containing it. */
const RECOVERY_NAME = 'MDBT42Q';
/** What the board prints once it has stored a file: its name, length and CRC-32, as the board computes them. */
const STORED = /tallyboard-stored (\S+) (\d+) (\d+)/g;

export async function parseFlashArgs(args: string[]): Promise<FlashOptions> {
  const options: Partial<FlashOptions> & { dryRun: boolean } = { dryRun: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = () => {
      const v = args[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    if (arg === '--game') options.game = value();
    else if (arg === '--port') options.port = value();
    else if (arg === '--device') options.device = value();
    else if (arg === '--out') options.out = value();
    else if (arg === '--dry-run') options.dryRun = true;
    else throw new UsageError(`unknown option ${arg}`);
  }
  const games = await gameIds();
  if (!options.game || games.indexOf(options.game) < 0) throw new UsageError(`--game must be one of ${games.join(', ')}`);
  if (!options.out && !options.dryRun && !options.port && !options.device) throw new UsageError(`say where the board is: --port /dev/ttyUSB0 for a serial adapter, or --device ${RECOVERY_NAME} for Bluetooth (or --out FILE to write the upload file only)`);
  if (options.port && options.device) throw new UsageError('give --port or --device, not both');
  return options as FlashOptions;
}

/**
 * The text sent to the board: the bundle, pretokenised, into .bootcde, and its modules' file (`modules`: MODULES_FILE,
 * stored as moduleFiles gives it, its modules already pretokenised; none: erased); any file a module had of its own,
 * as flash wrote them before the modules shared one, is erased; the board's own account of what it stored; a restart
 * that boots it.
 */
export function uploadScript(bundle: string, modules: Record<string, string> = {}): string {
  const told = (name: string) => {
    const read = `require("Storage").read(${JSON.stringify(name)})`;
    return `print("tallyboard-stored ${name} "+${read}.length+" "+E.CRC32(${read}));\n`;
  };
  const erase = (name: string) => `require("Storage").erase(${JSON.stringify(name)});\n`;
  return ON_DEMAND.map((m) => erase(m.name)).join('')
    + (modules[MODULES_FILE] !== undefined ? storageWriteScript(MODULES_FILE, modules[MODULES_FILE]) + told(MODULES_FILE) : erase(MODULES_FILE))
    + storageWriteScript('.bootcde', pretokenise(bundle)) + told('.bootcde')
    + 'load();\n';
}

/** The espruino tool's arguments that send `uploadFile` as plain console input, unchanged. */
export function espruinoArgs(target: { port?: string; device?: string }, uploadFile: string): string[] {
  const to = target.port ? ['--port', target.port, '--no-ble'] : ['-d', target.device as string];
  return to.concat([
    // The upload is already minified, pretokenised and self-contained: the tool must not touch it.
    '--config', 'SAVE_ON_SEND=0',
    '--config', 'MINIFICATION_LEVEL=',
    '--config', 'MODULE_MINIFICATION_LEVEL=',
    '--config', 'PRETOKENISE=0',
    uploadFile,
  ]);
}

/** Whether the tool's output holds the board's confirmation of exactly `stored` in .bootcde, and of each of `modules` (stored, by Storage file). */
export function confirmed(output: string, stored: string, modules: Record<string, string> = {}): boolean {
  const told = new Map(Array.from(output.matchAll(STORED), (m) => [m[1], [Number(m[2]), Number(m[3])]]));
  const holds = (name: string, bytes: string) => {
    const t = told.get(name);
    return !!t && t[0] === bytes.length && t[1] === crc32(bytes);
  };
  return holds('.bootcde', stored) && Object.keys(modules).every((name) => holds(name, modules[name]));
}

function espruinoBin(): string {
  return join(ROOT, 'node_modules', '.bin', 'espruino');
}

function quote(arg: string): string {
  return /^[\w./:=@-]+$/.test(arg) ? arg : JSON.stringify(arg);
}

const isFolder = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;

const commandLine = (args: string[]) => ['npx', 'espruino'].concat(args).map(quote).join(' ');

/** The source version a build came from, when the project is a git checkout. */
function sourceVersion(): string {
  const git = spawnSync('git', ['describe', '--always', '--dirty=+uncommitted changes'], { cwd: ROOT, encoding: 'utf8' });
  return git.status === 0 ? `, sources at git ${git.stdout.trim()}` : '';
}

/** Runs the espruino tool, showing what it prints, and returns all of it. */
function runEspruino(args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(espruinoBin(), args, { stdio: ['inherit', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => { output += d.toString('latin1'); process.stdout.write(d); });
    child.stderr.on('data', (d: Buffer) => { output += d.toString('latin1'); process.stderr.write(d); });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
  });
}

export async function flash(options: FlashOptions, print: (line: string) => void): Promise<number> {
  if (options.out && !isFolder(dirname(options.out))) throw new UsageError(`cannot write ${options.out}: no folder ${dirname(options.out)}`, false);
  // Always from the sources: a dist/ file left from before an edit is never what goes on a board.
  const bundle = await buildGame(options.game);
  writeBundle(bundle);
  const stored = moduleFiles(bundle, 'stored');
  const upload = uploadScript(bundle.min, stored);
  const modules = bundle.modules.map((m) => relative(process.cwd(), distFile(options.game, false, m.suffix))).join(', ');
  print(`built ${relative(process.cwd(), distFile(options.game))} from the sources now (${bundle.stored.length} bytes stored, CRC-32 ${crc32(bundle.stored)}${sourceVersion()}), and its modules ${modules} (together in ${MODULES_FILE}, ${stored[MODULES_FILE].length} bytes stored)`);
  const uploadFile = options.out || join(ROOT, '.tallyboard', options.game + '.upload.js');
  try {
    if (!options.out) mkdirSync(join(ROOT, '.tallyboard'), { recursive: true });
    writeFileSync(uploadFile, upload);
  } catch (e) {
    throw new UsageError(`cannot write ${uploadFile}: ${reason(e)}`, false);
  }
  if (options.out) print(`wrote ${uploadFile} (${Buffer.byteLength(upload)} bytes): send it to a board's console to flash ${options.game}`);
  if (options.dryRun) {
    if (options.port || options.device) print(commandLine(espruinoArgs(options, uploadFile)));
    else {
      print(`over a serial port: ${commandLine(espruinoArgs({ port: 'PORT' }, uploadFile))}`);
      print(`over Bluetooth:     ${commandLine(espruinoArgs({ device: RECOVERY_NAME }, uploadFile))}`);
    }
    return 0;
  }
  if (!options.port && !options.device) return 0;
  const args = espruinoArgs(options, uploadFile);
  print(`flashing ${options.game} (${relative(process.cwd(), uploadFile)}) with: ${commandLine(args)}`);
  const result = await runEspruino(args);
  if (!confirmed(result.output, bundle.stored, stored)) {
    const unreached = result.output.includes('Unable to connect!') ? ' (the espruino tool could not connect to it)' : '';
    process.stderr.write(`tallyboard: flash failed: the board did not confirm that it stored ${options.game}${unreached}. `
      + 'Is it connected, and in Espruino\'s recovery (hold BTN1 while powering it up)? See docs/flashing.md.\n');
    return 1;
  }
  print(`the board stored ${options.game} (${bundle.stored.length} bytes, CRC-32 matches) and restarts with it`);
  return result.status === 0 ? 0 : 1;
}
