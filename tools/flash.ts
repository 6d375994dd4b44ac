// npx tallyboard flash: writes a game's bundle to the board's Storage as its
// boot code (.bootcde) and restarts it, through the espruino command-line tool.
// The upload file is made here, not by the tool, so that --out writes exactly
// what a board receives: the bundle in 1 KB Storage.write pieces, then load().
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { storageWriteScript } from './espruino-run';
import { pretokenise } from './tokenise';
import { GAME_IDS, ROOT, distFile } from './games';
import { buildAll } from './build';
import type { GameId } from '../firmware/game';

export interface FlashOptions {
  game: GameId;
  port?: string;
  device?: string;
  dryRun: boolean;
  out?: string;
}

export class UsageError extends Error {}

export function parseFlashArgs(args: string[]): FlashOptions {
  const options: Partial<FlashOptions> & { dryRun: boolean } = { dryRun: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = () => {
      const v = args[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    if (arg === '--game') options.game = value() as GameId;
    else if (arg === '--port') options.port = value();
    else if (arg === '--device') options.device = value();
    else if (arg === '--out') options.out = value();
    else if (arg === '--dry-run') options.dryRun = true;
    else throw new UsageError(`unknown option ${arg}`);
  }
  if (!options.game || GAME_IDS.indexOf(options.game) < 0) throw new UsageError(`--game must be one of ${GAME_IDS.join(', ')}`);
  if (!options.out && !options.port && !options.device) throw new UsageError('say where the board is: --port /dev/ttyACM0, or --device "Tallyboard" for Bluetooth (or --out FILE to write the upload file only)');
  if (options.port && options.device) throw new UsageError('give --port or --device, not both');
  return options as FlashOptions;
}

/** The text sent to the board: the bundle, pretokenised, into .bootcde, then a restart that boots it. */
export function uploadScript(bundle: string): string {
  return storageWriteScript('.bootcde', pretokenise(bundle)) + 'load();\n';
}

/** The espruino tool's arguments that send `uploadFile` as plain console input, unchanged. */
export function espruinoArgs(options: FlashOptions, uploadFile: string): string[] {
  const target = options.port ? ['--port', options.port, '--no-ble'] : ['-d', options.device as string];
  return target.concat([
    // The upload is already minified, pretokenised and self-contained: the tool must not touch it.
    '--config', 'SAVE_ON_SEND=0',
    '--config', 'MINIFICATION_LEVEL=',
    '--config', 'MODULE_MINIFICATION_LEVEL=',
    '--config', 'PRETOKENISE=0',
    uploadFile,
  ]);
}

function espruinoBin(): string {
  return join(ROOT, 'node_modules', '.bin', 'espruino');
}

function quote(arg: string): string {
  return /^[\w./:=@-]+$/.test(arg) ? arg : JSON.stringify(arg);
}

export async function flash(options: FlashOptions, print: (line: string) => void): Promise<number> {
  if (!existsSync(distFile(options.game))) await buildAll();
  if (!existsSync(distFile(options.game))) throw new UsageError(`the ${options.game} firmware is not written yet`);
  const upload = uploadScript(readFileSync(distFile(options.game), 'utf8'));
  const uploadFile = options.out || join(ROOT, '.tallyboard', options.game + '.upload.js');
  if (!options.out) mkdirSync(join(ROOT, '.tallyboard'), { recursive: true });
  writeFileSync(uploadFile, upload);
  if (options.out) print(`wrote ${uploadFile} (${Buffer.byteLength(upload)} bytes): send it to a board's console to flash ${options.game}`);
  if (!options.port && !options.device) return 0;
  const args = espruinoArgs(options, uploadFile);
  const command = ['npx', 'espruino'].concat(args).map(quote).join(' ');
  if (options.dryRun) {
    print(command);
    return 0;
  }
  print(`flashing ${options.game} (${relative(process.cwd(), uploadFile)}) with: ${command}`);
  const result = spawnSync(espruinoBin(), args, { stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status === null ? 1 : result.status;
}
