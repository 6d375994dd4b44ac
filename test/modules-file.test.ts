// A board's modules in one Storage file (firmware/modules.ts): the build lists
// one module a part, the file's index says where each part lies, and the
// board's loader finds each, in the sandbox and in the real interpreter.
import { strict as assert } from 'node:assert';
import { ON_DEMAND, buildGame } from '../tools/build';
import { PARTS, modulesFile, partStart } from '../tools/modules-file';
import { DECIDE_MODULE, INDEX_DIGITS, MODULES_FILE, Part } from '../firmware/modules';
import { LOADER_EXPORTS, buildDeviceCode } from '../tools/es5';
import { ROOT } from '../tools/games';
import { bootInSandbox } from '../tools/espruino-sandbox';
import { bootInEspruino } from '../tools/espruino-run';
import { pretokenise } from '../tools/tokenise';
import { needsEspruino } from './real-interpreter';

/**
 * What a board's loader gives for each part of the file in Storage (or of none): what its module's function returns,
 * or false; and whether a module's own variable (w) leaked out as a global.
 */
const LOADS = `import { loadModule } from './firmware/modules';
declare const global: any;
global.seen = '!';
global.found = [];
for (let part = 0; part < ${PARTS}; part++) {
  const made = loadModule<() => string>(part);
  global.found.push(made ? made() : made);
}
global.found.push(typeof global.w);
`;

/** Module code as the build makes it: it sets its exports (LOADER_EXPORTS), its function giving `word` (a variable of its own) and a global of the bundle's. */
const moduleCode = (word: string) => `var w=${JSON.stringify(word)};${LOADER_EXPORTS}=function(){return w+seen};`;

describe('the modules file', () => {
  it('the build lists one module a part of the file, in the order of the parts', () => {
    assert.deepEqual(ON_DEMAND.map((m) => m.part), Array.from({ length: PARTS }, (_, k) => k));
  });

  it('its index says where each part starts and the last ends; a part not given is empty', () => {
    const file = modulesFile([{ part: Part.check, code: 'abc' }, { part: Part.channel, code: 'de' }]);
    const at = (k: number) => partStart(file, k);
    const start = (PARTS + 1) * INDEX_DIGITS;
    assert.deepEqual(Array.from({ length: PARTS + 1 }, (_, k) => at(k)), [start, start].concat(Array(PARTS - 2).fill(start + 3), [start + 5]));
    assert.equal(file.slice(at(Part.check), at(Part.check + 1)), 'abc');
    assert.equal(file.slice(at(Part.channel), at(Part.channel + 1)), 'de');
    assert.doesNotMatch(file.slice(0, start), /(^|\s)0\d/, 'no number with a leading 0 (the interpreter reads it as octal)');
  });

  // (The match part cut short, as by a flash that stopped midway: erased flash reads 0xFF.)
  const parts = [{ part: Part.diag, code: moduleCode('diag') }, { part: Part.decide, code: moduleCode('decide') }, { part: Part.match, code: moduleCode('match').slice(0, 20) + '\xff'.repeat(20) },
    { part: Part.channel, code: moduleCode('channel') }];
  const expected = Array.from({ length: PARTS }, (_, k): string | boolean => k === Part.diag ? 'diag!' : k === Part.decide ? 'decide!' : k === Part.channel ? 'channel!' : false).concat('undefined');

  it("the board's loader finds each module given (which sees the bundle's globals, and keeps its own variables), and false for the others, for one cut short and with no file (in the sandbox)", async () => {
    const built = await buildDeviceCode({ source: LOADS, dir: ROOT });
    const flashed = bootInSandbox(built.min, { storage: { [MODULES_FILE]: modulesFile(parts) } });
    assert.deepEqual(JSON.parse(JSON.stringify(flashed.context.found)), expected);
    const bare = bootInSandbox(built.min);
    assert.deepEqual(JSON.parse(JSON.stringify(bare.context.found)), Array(PARTS).fill(false).concat('undefined'));
  });

  it("the same in the real interpreter, from the stored (pretokenised) file, past a first part at an offset that a leading 0 would make octal (when ESPRUINO is set)", async function () {
    needsEspruino(this, 'load the modules in');
    const built = await buildDeviceCode({ source: LOADS, dir: ROOT });
    const stored = parts.map((p) => ({ part: p.part, code: p.part === Part.match ? p.code : pretokenise(p.code) }));
    const flashed = bootInEspruino(built.stored, { storage: { [MODULES_FILE]: modulesFile(stored) }, probe: 'found', baseline: false });
    assert.deepEqual([flashed.errors, flashed.probe], [[], expected]);
    const bare = bootInEspruino(built.stored, { probe: 'found', baseline: false });
    assert.deepEqual([bare.errors, bare.probe], [[], Array(PARTS).fill(false).concat('undefined')]);
  });

  // Was a defect (the hostile tester, round 25): shuffleboard's decision module, some 8 KB, cut short by a flash that
  // stopped midway, ran the interpreter out of memory as it was parsed, past the loader's try: no false, no flag.
  it("a large module cut short by a flash that stopped midway (the rest erased flash) is none in the real interpreter, and the others load (when ESPRUINO is set)", async function () {
    needsEspruino(this, 'load the modules in');
    this.timeout(120000);
    const built = await buildDeviceCode({ source: LOADS, dir: ROOT });
    const decide = (await buildGame('shuffleboard')).modules.find((m) => m.name === DECIDE_MODULE)!.stored;
    for (const share of [0.05, 0.3, 0.95]) {
      const cut = decide.slice(0, Math.floor(decide.length * share)).padEnd(decide.length, '\xff');
      const file = modulesFile([{ part: Part.diag, code: pretokenise(moduleCode('diag')) }, { part: Part.decide, code: cut }]);
      const flashed = bootInEspruino(built.stored, { storage: { [MODULES_FILE]: file }, probe: '[found, E.getErrorFlags()]', baseline: false });
      const found = Array.from({ length: PARTS }, (_, k): string | boolean => k === Part.diag ? 'diag!' : false).concat('undefined');
      assert.deepEqual([flashed.errors, flashed.probe], [[], [found, []]], `cut at ${share}`);
    }
  });
});
