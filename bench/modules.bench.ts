// What each part of the firmware costs on the chip: minified bytes, functions,
// and (when ESPRUINO names a real interpreter) JsVars in use once the part is
// loaded from Storage and its objects are made, as a board would at boot.
// Each part is bundled alone, so the figures add up only roughly.
import { buildDeviceCode } from '../tools/es5';
import { bootInEspruino, espruinoPath } from '../tools/espruino-run';
import { JSVAR_BUDGET, ROOT } from '../tools/games';
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
  'runtime (defined)': ["import { startFirmware } from './firmware/runtime';", 'startFirmware'],
};

/** Each game of the registry: its module, a new game's state and its interpreter. */
for (const id of await gameIds()) {
  PARTS[`${id} game`] = [
    `import { game } from './firmware/games/${id}/index';`,
    '[game, game.setup({ players: 2, options: {} }), game.interpreter(function () {})]',
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
}
