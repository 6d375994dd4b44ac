// The Espruino compatibility gate on every shipped game bundle: the minified
// file that `npx tallyboard flash` writes and its readable twin.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildGame } from '../tools/build';
import type { BuiltBundle } from '../tools/build';
import { checkBundle } from '../tools/gate';
import * as acorn from 'acorn';
import { untokenise } from '../tools/tokenise';
import { decodeAdvert } from '../sim/phone';
import { espruinoGlobals } from '../tools/es5';
import { bootInSandbox } from '../tools/espruino-sandbox';
import { bootInEspruino, espruinoPath } from '../tools/espruino-run';
import { ROOT, builtGames } from '../tools/games';
import { triangleModule } from '../firmware/games/triangle/module';
import { ringapegModule } from '../firmware/games/ringapeg/module';

/** Each board's scan period on the chip. */
const POLL_MS: Record<string, number> = { triangle: triangleModule.pollMs, ringapeg: ringapegModule.pollMs };

/** Modules a bundle may ask Espruino for at run time: built into the firmware, nothing fetched at upload. */
const BUILT_IN_MODULES = ['Storage'];

describe('compatibility gate: game bundles', function () {
  this.timeout(120000);
  const bundles: BuiltBundle[] = [];
  before(async () => {
    for (const game of builtGames()) bundles.push(await buildGame(game));
  });

  it('there is a bundle for every written game', () => {
    assert.deepEqual(bundles.map((b) => b.game), ['triangle', 'ringapeg']);
  });

  for (const game of builtGames()) {
    const bundle = () => bundles.find((b) => b.game === game) as BuiltBundle;

    it(`${game}: both files pass the static checks (ES5, no missing APIs, no use before declaration, no Espruino global replaced)`, () => {
      for (const code of [bundle().min, bundle().debug]) {
        const problems = checkBundle(code, espruinoGlobals());
        assert.deepEqual(problems.map((p) => `${p.line}:${p.column}: ${p.message}`), []);
      }
    });

    it(`${game}: the stored (pretokenised) form is the minified program, token for token`, () => {
      const tokens = (code: string) => Array.from(acorn.tokenizer(code, { ecmaVersion: 5 }), (t) => t.type.label + ':' + String((t as { value?: unknown }).value));
      assert.ok(bundle().stored.length < bundle().min.length * 0.95, 'smaller than the minified text');
      assert.deepEqual(tokens(untokenise(bundle().stored)), tokens(bundle().min));
    });

    it(`${game}: asks for no module but Espruino's own`, () => {
      const asked = (bundle().min.match(/require\("([^"]*)"\)/g) || []).map((r) => r.slice(9, -2));
      for (const name of asked) assert.ok(BUILT_IN_MODULES.indexOf(name) >= 0, `requires ${name}`);
    });

    it(`${game}: boots with Espruino's globals stubbed, moves the console off Bluetooth, scans, and shows a score`, () => {
      const sandbox = bootInSandbox(bundle().min);
      const ticks = sandbox.advance(1000);
      assert.deepEqual(sandbox.errors, []);
      const pollMs = POLL_MS[game];
      assert.ok(ticks >= Math.floor(1000 / pollMs) - 1, `the scan tick ran ${ticks} times in 1 s (every ${pollMs} ms)`);
      assert.ok(sandbox.calls.some((c) => c.api === 'LoopbackA.setConsole'), 'console moved to LoopbackA');
      assert.ok(sandbox.calls.some((c) => c.api === 'SPI.write'), 'a display frame was sent');
      assert.ok(sandbox.calls.some((c) => c.api === 'NRF.setAdvertising'), 'the score is advertised');
      const response = sandbox.calls.find((c) => c.api === 'NRF.setScanResponse');
      assert.equal(response && Buffer.from(response.args[0] as Uint8Array).toString('latin1'), '\x0b\x09Tallyboard', 'the name in the scan response');
      const watchdog = sandbox.calls.filter((c) => c.api === 'E.enableWatchdog');
      assert.equal(watchdog.length, 1, 'the watchdog is on');
      const [seconds, whenIdle] = watchdog[0].args as [number, boolean];
      assert.ok(seconds > 0 && seconds <= 30 && whenIdle === false, `enabled for ${seconds} s, kicked by the firmware, not when idle`);
      const kicks = sandbox.calls.filter((c) => c.api === 'E.kickWatchdog').length;
      assert.equal(kicks, ticks, 'kicked after every scan tick');
    });

    it(`${game}: a long press of mode (D29) is undo, told to a connected phone; next (D28) is not`, () => {
      const sandbox = bootInSandbox(bundle().min);
      sandbox.emit('NRF', 'connect', 'phone');
      const said = () => sandbox.calls.filter((c) => c.api === 'Bluetooth.write').map((c) => c.args[0]).join('');
      const undos = () => said().split('"type":"flag","message":"nothing to undo"').length - 1;
      sandbox.press('D29', 1500);
      sandbox.advance(200);
      assert.equal(undos(), 1);
      sandbox.press('D28', 1500);
      sandbox.advance(200);
      assert.equal(undos(), 1);
      assert.deepEqual(sandbox.errors, []);
    });

    it(`${game}: mode (D29) held at power-up starts diagnostics, next (D28) maintenance with the console on Bluetooth`, () => {
      const advertised = (sandbox: ReturnType<typeof bootInSandbox>) => {
        const adverts = sandbox.calls.filter((c) => c.api === 'NRF.setAdvertising');
        return decodeAdvert((adverts[adverts.length - 1].args[1] as { manufacturerData: Uint8Array }).manufacturerData);
      };
      const plain = advertised(bootInSandbox(bundle().min));
      assert.deepEqual([plain && plain.diag, plain && plain.maintenance], [false, false]);
      const diag = advertised(bootInSandbox(bundle().min, { pins: { D29: 1 } }));
      assert.deepEqual([diag && diag.diag, diag && diag.maintenance], [true, false]);
      const flashing = bootInSandbox(bundle().min, { pins: { D28: 1 } });
      const maintenance = advertised(flashing);
      assert.deepEqual([maintenance && maintenance.diag, maintenance && maintenance.maintenance], [false, true]);
      assert.ok(flashing.calls.some((c) => c.api === 'Bluetooth.setConsole'), 'the console on Bluetooth');
    });

    it(`${game}: boots in the real interpreter and reports its memory (when ESPRUINO is set)`, function () {
      if (!espruinoPath()) {
        console.log('      skipped: ESPRUINO is not set (no real Espruino interpreter to boot the bundle in)');
        this.skip();
      }
      const stubs = readFileSync(join(ROOT, 'tools', 'espruino-linux-stubs.js'), 'utf8');
      const report = bootInEspruino(bundle().stored, { boot0: stubs, settleMs: 500 });
      assert.deepEqual(report.errors, []);
      console.log(`      ${game}: process.memory() after boot: usage ${report.memory.usage} of ${report.memory.total} (${report.memory.usage - report.baseline.usage} for the firmware)`);
      assert.equal(report.memory.total, 2950, 'an interpreter with the MDBT42Q\'s 2,950 variables');
    });
  }
});
