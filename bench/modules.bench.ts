// What each part of the firmware costs on the chip: minified bytes, functions,
// and (when ESPRUINO names a real interpreter) JsVars in use once the part is
// loaded from Storage and its objects are made, as a board would at boot.
// Each part is bundled alone, so the figures add up only roughly. Then each
// game's modules loaded on demand: how long loading each holds the interpreter
// (its parse, one call), against the 20 ms a call may hold it on the chip, and
// what the game's firmware takes of Storage, against what leaves the log room.
import { buildDeviceCode } from '../tools/es5';
import { bootInEspruino, espruinoPath, parseHolds } from '../tools/espruino-run';
import { CHIP_READ_US, JSVAR_BUDGET, MODULE_HOLD_US, ROOT, logChunksOf, storageFirmwareBytes } from '../tools/games';
import { buildGame, storedFirmwareBytes } from '../tools/build';
import { FILE_HEADER_BYTES } from '../sim/flash';
import { gameIds } from '../firmware/games/registry';

const RADIO = '{onData:null,send:function(){},advertise:function(){},console:function(){},pairing:function(){return false}}';

/** name: [imports, the expression a board evaluates at boot]. */
export const PARTS: Record<string, [string, string]> = {
  'scanner (12 ch)': [
    "import { Scanner } from './firmware/scan'; import { triangleBoard } from './firmware/games/triangle/board';",
    'new Scanner({ banks: [{ read: function () { return 0; } }], board: triangleBoard, counts: true })',
  ],
  'diagnostics (made)': [
    "import { Scanner } from './firmware/scan'; import { createDiagnostics } from './firmware/diag'; import { triangleBoard } from './firmware/games/triangle/board';",
    'createDiagnostics(new Scanner({ banks: [{ read: function () { return 0; } }], board: triangleBoard, counts: true }), triangleBoard, 0, function () {})',
  ],
  'display (3 modules)': ["import { createDisplay } from './firmware/display';", 'createDisplay({ write: function () {} }, 3)'],
  'phone commands': [
    "import { createCommandChannel } from './firmware/commands'; import { createAccess } from './firmware/access';",
    `createCommandChannel({ radio: ${RADIO}, clock: { now: function () { return 0; } }, access: createAccess({}), games: 'bench', handle: function () { return null; } })`,
  ],
  // A board with a key: its signer made and its key kept (signed adverts, firmware/signer.ts).
  'advert signing': [
    "import { createSigner } from './firmware/signer';",
    "(function () { var s = createSigner({ reader: function () { return function () { return undefined; }; }, append: function () {}, erase: function () {} }, { sha256: function (d) { return global.require('crypto').SHA256(d); }, secret: function () { return '0123456789abcdef0123456789abcdef'; } }); s.key(); return s; })()",
  ],
  'runtime (defined)': ["import { startFirmware } from './firmware/runtime';", 'startFirmware'],
};

/** An analog bank that reads nothing (the shuffleboard's interpreter reads its grid through one). */
const QUIET_BANK = '{ read: function () { return 0; }, changes: function () { return 0; } }';

/** Each game of the registry: its module, a new game's state and its interpreter, made as a board makes it. */
for (const id of await gameIds()) {
  PARTS[`${id} game`] = [
    `import { game } from './firmware/games/${id}/index';`,
    `[game, game.setup({ players: 2, options: {} }), game.interpreter(function () {}, function () {}, [${QUIET_BANK}])]`,
  ];
}

export async function run(print: (line: string) => void): Promise<void> {
  const binary = espruinoPath();
  print(`part           bytes stored  functions  JsVars   (whole board budget: ${JSVAR_BUDGET} JsVars after boot)`);
  for (const name of Object.keys(PARTS)) {
    const [imports, expr] = PARTS[name];
    const code = await buildDeviceCode({ source: `${imports}\ndeclare const global: any;\nglobal.part = ${expr};\n`, dir: ROOT });
    const functions = (code.min.match(/function\b/g) || []).length;
    let vars = 'skipped: ESPRUINO not set';
    if (binary) {
      const report = bootInEspruino(code.stored, { boot0: 'function noop(){}' });
      vars = report.errors.length ? 'error: ' + report.errors[0].split('\n')[0] : String(report.memory.usage - report.baseline.usage);
    }
    print(`${name.padEnd(20)} ${String(code.stored.length).padStart(6)} ${String(functions).padStart(10)}  ${vars.padStart(6)}`);
  }
  print(`modules loaded on demand: stored bytes, and loading's hold (its parse, one call) in bare channel reads and on the chip (a read ${CHIP_READ_US} us), against ${MODULE_HOLD_US / 1000} ms; each game's firmware in Storage (its bundle and its modules' one file, a ${FILE_HEADER_BYTES}-byte header each, each file in whole words) against what leaves its chunks of log`);
  for (const id of await gameIds()) {
    const bundle = await buildGame(id);
    const holds = binary ? parseHolds(bundle.modules) : {};
    for (const m of bundle.modules) {
      const reads = holds[m.name];
      const hold = reads === undefined ? 'skipped: ESPRUINO not set' : `${Math.round(reads)} reads, ${(reads * CHIP_READ_US / 1000).toFixed(1)} ms ${reads * CHIP_READ_US <= MODULE_HOLD_US ? 'ok' : 'OVER'}`;
      print(`${(id + ' ' + m.suffix).padEnd(20)} ${String(m.stored.length).padStart(6)}  ${hold}`);
    }
    const storage = storedFirmwareBytes(bundle);
    const most = storageFirmwareBytes(await logChunksOf(id));
    print(`${(id + ' in Storage').padEnd(20)} ${String(storage).padStart(6)}  ${storage <= most ? 'ok' : 'OVER'} (${most}: ${await logChunksOf(id)} chunks of log)`);
  }
}
