// npx tallyboard flash: the command it runs, and the upload file a board receives.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import { espruinoArgs, parseFlashArgs, uploadScript } from '../tools/flash';
import { createSandbox } from '../tools/espruino-sandbox';
import { runScriptInEspruino } from '../tools/espruino-run';
import { ROOT } from '../tools/games';
import { jsString, pretokenise } from '../tools/tokenise';
import { needsEspruino } from './real-interpreter';

const cli = join(ROOT, 'bin', 'tallyboard.js');
// A bundle with everything that needs escaping, longer than one 1 KB piece.
const awkwardBundle = 'var s="quote\\" back\\\\slash \'single\'";\nvar t="\\u00e9\\n";\n' + 'var x=1;'.repeat(400);

describe('flash', () => {
  it('parses a serial flash and a Bluetooth one', () => {
    assert.deepEqual(parseFlashArgs(['--game', 'ringapeg', '--port', '/dev/ttyACM0']), { game: 'ringapeg', port: '/dev/ttyACM0', dryRun: false });
    assert.deepEqual(parseFlashArgs(['--game', 'triangle', '--device', 'Tallyboard', '--dry-run']), { game: 'triangle', device: 'Tallyboard', dryRun: true });
  });

  const bad: [string[], RegExp][] = [
    [['--port', 'x'], /--game must be one of/],
    [['--game', 'chess', '--port', 'x'], /--game must be one of/],
    [['--game', 'triangle'], /say where the board is/],
    [['--game', 'triangle', '--port', 'a', '--device', 'b'], /not both/],
    [['--game', 'triangle', '--port'], /--port needs a value/],
    [['--game', 'triangle', '--speed', '9'], /unknown option --speed/],
  ];
  for (const [args, message] of bad) {
    it(`refuses ${args.join(' ')}`, () => assert.throws(() => parseFlashArgs(args), message));
  }

  it('sends the upload unchanged through the espruino tool: no minifying, no Save-on-send of its own', () => {
    const serial = espruinoArgs({ game: 'ringapeg', port: '/dev/ttyACM0', dryRun: true }, 'up.js');
    assert.deepEqual(serial.slice(0, 3), ['--port', '/dev/ttyACM0', '--no-ble']);
    assert.ok(serial.join(' ').includes('--config SAVE_ON_SEND=0 --config MINIFICATION_LEVEL= '));
    assert.equal(serial[serial.length - 1], 'up.js');
    const ble = espruinoArgs({ game: 'ringapeg', device: 'Tallyboard', dryRun: true }, 'up.js');
    assert.deepEqual(ble.slice(0, 2), ['-d', 'Tallyboard']);
  });

  it('writes an upload that stores the exact bundle, pretokenised, as .bootcde, then restarts the board', () => {
    const sandbox = createSandbox();
    const upload = uploadScript(awkwardBundle);
    assert.match(upload, /^[\x20-\x7e\n]*$/, 'plain ASCII, whatever the tokens and strings hold');
    vm.runInContext(upload, sandbox.context);
    assert.equal(sandbox.storage['.bootcde'], pretokenise(awkwardBundle));
    assert.equal(sandbox.calls[sandbox.calls.length - 1].api, 'load');
    assert.ok(sandbox.calls.filter((c) => c.api === 'Storage.write').length >= 3, 'written in 1 KB pieces');
  });

  it('the real interpreter stores the same bytes (when ESPRUINO is set)', function () {
    needsEspruino(this, 'run the upload in');
    const script = uploadScript(awkwardBundle).replace('load();\n', '')
      + 'var r=require("Storage").read(".bootcde");print("<<<LEN "+r.length+" "+(r===' + jsString(pretokenise(awkwardBundle)) + ')+">>>");';
    const output = runScriptInEspruino(script);
    assert.match(output, new RegExp(`<<<LEN ${pretokenise(awkwardBundle).length} true>>>`));
  });

  it('npx tallyboard flash --dry-run prints the command and --out writes the file', function () {
    this.timeout(60000);
    const out = join(mkdtempSync(join(tmpdir(), 'tallyboard-flash-')), 'triangle.upload.js');
    const printed = execFileSync(process.execPath, [cli, 'flash', '--game', 'triangle', '--port', '/dev/ttyACM0', '--dry-run', '--out', out], { encoding: 'utf8' });
    assert.match(printed, /^npx espruino --port \/dev\/ttyACM0 --no-ble .* .*triangle\.upload\.js$/m);
    const sandbox = createSandbox();
    vm.runInContext(readFileSync(out, 'utf8'), sandbox.context);
    assert.equal(sandbox.storage['.bootcde'], pretokenise(readFileSync(join(ROOT, 'dist', 'triangle.js'), 'utf8')));
  });

  it('exits 2 with the usage on a bad command line', () => {
    const result = spawnSync(process.execPath, [cli, 'flash', '--game', 'chess'], { encoding: 'utf8' });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /--game must be one of/);
  });
});
