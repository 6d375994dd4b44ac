// The Espruino compatibility gate on every shipped game bundle: the minified
// file that `npx tallyboard flash` writes and its readable twin.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ON_DEMAND, buildGame, coreEntry, entrySource, featuresOf, moduleFiles, storedFirmwareBytes } from '../tools/build';
import { PARTS, partStart } from '../tools/modules-file';
import type { BuiltBundle, BuiltModule } from '../tools/build';
import { checkBundle } from '../tools/gate';
import * as acorn from 'acorn';
import * as walk from 'acorn-walk';
import { untokenise } from '../tools/tokenise';
import { decodeAdvert } from '../sim/phone';
import { advertGameNames, parseScenario, Simulation } from '../sim/replay';
import { buildDeviceCode, bundle as bundleEntry, espruinoGlobals, INTERNAL_PROPERTIES } from '../tools/es5';
import { bootInSandbox, createSandbox } from '../tools/espruino-sandbox';
import * as vm from 'node:vm';
import { bootInEspruino, connectedPhone, describeBuild, parseHolds } from '../tools/espruino-run';
import { BUNDLE_BUDGET_BYTES, CHIP_READ_US, CORE_BYTES_BUDGET, MODULE_HOLD_US, JSVAR_BUDGET, PEAK_JSVAR_BUDGET, ROOT, internalNamesOf, logChunksOf, storageFirmwareBytes } from '../tools/games';
import { loadGames } from '../firmware/games/registry';
import { needsEspruino } from './real-interpreter';
import { LOG, RESTORE_MODULE, record, setupRecord } from '../firmware/persist';
import { DIAG_MODULE } from '../firmware/diag';
import { docText, exampleLog, figure, percent, plain, quoted, tableRows, thousands } from './doc-figures';
import { CHANNEL_MODULE, CHECK_MODULE } from '../firmware/commands';
import { HANDLE_MODULE } from '../firmware/handle';
import { DECIDE_MODULE, INDEX_DIGITS, MODULE_ARGUMENT, MATCH_MODULE, MODULES_FILE, POWERUP_MODULE, RARE_MODULE } from '../firmware/modules';
import { COL0_MM, COLS, MAGNET_MM, PEAK, PITCH_MM, ROW0_MM, SENSORS, field } from '../firmware/games/shuffleboard/board';
import { SIGN_MODULE } from '../firmware/signer';
import { FAULT_MODULE } from '../firmware/faults';
import { openAdvert } from '../hub/signed';

/** Every game of the registry, and each board's scan period on the chip. */
const GAMES = await loadGames();
const POLL_MS: Record<string, number> = Object.fromEntries(GAMES.map((g) => [g.id, g.module.pollMs]));
/** Every game's own shortened names (firmware/games/<id>/internal-names.ts), beside the core's. */
const OWN_NAMES: Record<string, string[]> = {};
for (const { id } of GAMES) OWN_NAMES[id] = await internalNamesOf(id);

/** Modules a bundle may ask Espruino for at run time: built into the firmware, nothing fetched at upload. */
const BUILT_IN_MODULES = ['Storage', 'crypto'];
/** The longest a walk test's step may be told in (characters): a few names and the channels' words, whatever the board. */
const WALK_MESSAGE_MAX = 320;
/** Phone lines (and button presses) that reach every command, a refusal of each kind, diagnostics and a score. */
const COMMON = ['{"cmd":"state","id":1}', '{"cmd":"bright","level":3}', 'press D28+D29', '{"cmd":"nope"}', '{bad', '{"cmd":"new","players":"x"}',
  '{"cmd":"diag","on":true}', 'press D28+D29', '{"cmd":"diag","walk":true}', 'press D28+D29', 'SENSE', '{"cmd":"diag"}', '{"cmd":"undo"}', 'press D28+D29',
  '{"cmd":"diag","on":false}', 'press D28+D29', 'SENSE'];
/** A sensor seen and let go: the triangle's first IR pin, Ring-a-Peg's first peg gates on the chain. */
const SENSE: Record<string, string[]> = {
  triangle: ['pin D11 1', 'pin D11 0'], ringapeg: ['chain 0 1', 'chain 0 3', 'chain 0 2', 'chain 0 0'], fortress: ['chain 0 254', 'chain 0 255'],
  // The launch row's first group of switches (analog channel 380, pulled low): a weight passes.
  shuffleboard: ['analog 380 0', 'analog 380 1'],
};
/** The fortress board's twelve chips at rest: every sensor pulls its input low when active (firmware/games/fortress/board.ts). */
const FORTRESS_AT_REST = Array.from({ length: 12 }, (_, i) => `chain ${i} 255`);
const CONVERSATION: Record<string, string[]> = {
  triangle: ['{"cmd":"new","game":"triangle","players":["Ann","Bo"],"options":{"exact":true},"id":"n"}', 'press D28+D29', ...COMMON.flatMap((l) => l === 'SENSE' ? SENSE.triangle : [l]),
    '{"cmd":"flick","r":"perfect"}', 'press D28+D29', '{"cmd":"flick","r":"partly"}', 'press D28+D29', '{"cmd":"off"}', 'press D28+D29',
    '{"cmd":"fix","r":"short"}', 'press D28+D29', '{"cmd":"undo"}', 'press D28+D29', '{"cmd":"state"}'],
  ringapeg: ['{"cmd":"new","game":"ringapeg","players":3,"options":{"variant":"advance","autoPeg":false},"id":"n"}', 'press D28+D29', ...COMMON.flatMap((l) => l === 'SENSE' ? SENSE.ringapeg : [l]),
    '{"cmd":"ring","peg":"k"}', 'press D28+D29', '{"cmd":"ring","peg":"o1"}', 'press D28+D29', '{"cmd":"lift","peg":"o1"}', 'press D28+D29',
    '{"cmd":"ring","peg":"none"}', 'press D28+D29', '{"cmd":"end"}', 'press D28+D29', '{"cmd":"claim","player":1}', 'press D28+D29',
    '{"cmd":"cleared"}', 'press D28+D29', '{"cmd":"undo"}', 'press D28+D29', '{"cmd":"state"}'],
  fortress: [...FORTRESS_AT_REST, '{"cmd":"new","game":"fortress","players":2,"options":{"floorAtZero":true},"id":"n"}', 'press D28+D29', ...COMMON.flatMap((l) => l === 'SENSE' ? SENSE.fortress : [l]),
    '{"cmd":"stroke","h":"EA= FP_"}', 'press D28+D29', '{"cmd":"lag","p":1}', 'press D28+D29', '{"cmd":"stroke","h":"FA= EP_"}', 'press D28+D29',
    '{"cmd":"stroke","h":"EA>FA1 FD.2"}', 'press D28+D29', '{"cmd":"fix","h":"EA>FA1! FD.2"}', 'press D28+D29', '{"cmd":"over","ball":"FD1"}', 'press D28+D29',
    '{"cmd":"wrong"}', 'press D28+D29', '{"cmd":"blind"}', 'press D28+D29', '{"cmd":"blind","hit":true}', 'press D28+D29', '{"cmd":"undo"}', 'press D28+D29', '{"cmd":"state"}'],
  // The launch row's switches at rest (pulled up), the grid's sensors at half the supply (no field); a game of the
  // referee's inputs: the toss, throws the board missed (a rest, its weight then placed), an end scored and a
  // weight put right after it.
  shuffleboard: ['analog 380 1', 'analog 381 1', 'analog 382 1', 'analog 383 1', '{"cmd":"new","game":"shuffleboard","players":2,"options":{"target":15},"id":"n"}', 'press D28+D29',
    ...COMMON.flatMap((l) => l === 'SENSE' ? SENSE.shuffleboard : [l]),
    '{"cmd":"toss","s":0}', 'press D28+D29', '{"cmd":"rest"}', 'press D28+D29', '{"cmd":"place","i":0,"d":100}', 'press D28+D29',
    ...Array.from({ length: 7 }, () => ['{"cmd":"rest"}', 'press D28+D29']).flat(), '{"cmd":"place","i":1,"c":0,"d":20}', 'press D28+D29',
    '{"cmd":"clear"}', 'press D28+D29', '{"cmd":"undo"}', 'press D28+D29', '{"cmd":"state"}'],
};

describe('shortened property names (tools/es5.ts INTERNAL_PROPERTIES)', function () {
  this.timeout(120000);

  it('none is spelt in a string of the firmware, a JavaScript built-in or an Espruino API; nor is a game\'s own', async () => {
    const strings = new Set<string>();
    const spelt: string[] = [];
    for (const { id } of GAMES) {
      const code = await bundleEntry({ source: entrySource(id), dir: ROOT });
      const own = new Set<string>();
      for (const t of acorn.tokenizer(code, { ecmaVersion: 'latest' })) {
        // A whole string, or a name in a command table ("bright,!level:int 0..15"), may be used as a property name.
        if (t.type.label === 'string') for (const m of String((t as { value?: unknown }).value).matchAll(/(?:^|[,;!?])([A-Za-z_$][\w$]*)(?=$|[,;:])/g)) own.add(m[1]);
      }
      for (const name of own) strings.add(name);
      for (const name of OWN_NAMES[id]) if (own.has(name)) spelt.push(id + ': ' + name);
    }
    assert.deepEqual(spelt, [], 'a game\'s own names, spelt in a string of its bundle');
    const names = INTERNAL_PROPERTIES.concat(...Object.values(OWN_NAMES));
    const builtIns = new Set<string>();
    for (const o of [Object, Object.prototype, Array, Array.prototype, String, String.prototype, Number, Number.prototype, Math, JSON, Date, Date.prototype, RegExp.prototype, Function.prototype, Object.getPrototypeOf(Uint8Array.prototype), Error.prototype]) {
      for (const name of Object.getOwnPropertyNames(o)) builtIns.add(name);
    }
    const apis = readFileSync(join(ROOT, 'node_modules', '@types', 'espruino', 'index.d.ts'), 'utf8') + readFileSync(join(ROOT, 'hal', 'espruino', 'globals.d.ts'), 'utf8');
    const apiNames = new Set(apis.replace(/\/\*[\s\S]*?\*\/|\/\/.*/g, '').match(/[A-Za-z_$][\w$]*/g));
    assert.deepEqual(INTERNAL_PROPERTIES.filter((name) => strings.has(name)), [], 'a string (a command table\'s argument, a field name) may name these');
    assert.deepEqual(names.filter((name) => builtIns.has(name)), [], 'JavaScript built-ins');
    // Named in Espruino's types, but on nothing this firmware calls (Wifi, Serial, an option of NRF.setServices...): here
    // they are the scanner's, the radio's and the command channel's own, which the conversation test below exercises.
    const notCalledOnEspruino = ['poll', 'drain', 'count', 'advertise', 'edit', 'command', 'args'];
    assert.deepEqual(names.filter((name) => apiNames.has(name) && notCalledOnEspruino.indexOf(name) < 0), [], 'Espruino API names');
  });

  it('none is a key of a message to or from the phone, or of a saved record, while every example scenario replays', () => {
    const keys = new Set<string>();
    const collect = (v: unknown): void => {
      if (v === null || typeof v !== 'object') return;
      for (const k of Object.keys(v as object)) { keys.add(k); collect((v as Record<string, unknown>)[k]); }
    };
    // A saved record: a whole one (a scenario's power cut may leave one cut short, and the resync's `~` line).
    const record = (line: string): void => {
      if (/^\{.*\*[0-9a-f]{2}$/.test(line)) collect(JSON.parse(line.slice(0, line.lastIndexOf('*'))));
    };
    for (const file of readdirSync(join(ROOT, 'scenarios'))) {
      const sim = new Simulation(parseScenario(readFileSync(join(ROOT, 'scenarios', file), 'utf8')));
      const append = sim.flash.append.bind(sim.flash);
      sim.flash.append = (name: string, data: string) => {
        data.split('\n').forEach(record);
        append(name, data);
      };
      for (const action of sim.scenario.actions) if (action.kind === 'phone') collect(action.body.phone);
      sim.runToEnd();
      for (const name of Object.keys(sim.flash.files)) sim.flash.files[name].split('\n').forEach(record);
      for (const line of sim.out) collect((JSON.parse(line) as { phone?: unknown }).phone);
    }
    for (const game of Object.keys(CONVERSATION)) for (const line of CONVERSATION[game]) if (line.startsWith('{"')) collect(JSON.parse(line));
    assert.ok(keys.has('scores') && keys.has('cmd') && keys.has('g'), 'messages both ways and saved records were seen');
    assert.deepEqual(INTERNAL_PROPERTIES.concat(...Object.values(OWN_NAMES)).filter((name) => keys.has(name)), []);
  });
});

/** A board's Storage with the bundle's modules loaded on demand in it, as flash writes them (their readable form if `debug`), but those `without` (a board flashed without them). */
function modulesStored(bundle: BuiltBundle, debug = false, without: string[] = []): Record<string, string> {
  return moduleFiles(bundle, debug ? 'debug' : 'min', bundle.modules.map((m) => m.name).filter((name) => !without.includes(name)));
}

/** What a read of the modules' file in `sandbox` (its arguments) reads: an entry of its index, a module's part, or its last byte. */
function partRead(sandbox: ReturnType<typeof createSandbox>, [, offset, length]: [string, number, number]): string {
  const file = sandbox.storage[MODULES_FILE];
  if (length === INDEX_DIGITS && offset < (PARTS + 1) * INDEX_DIGITS) return 'index ' + offset / INDEX_DIGITS;
  for (let k = 0; k < PARTS; k++) {
    if (partStart(file, k) === offset && partStart(file, k + 1) === offset + length) return 'part ' + k;
    // (The loader reads a part's last byte first: erased flash there is a part cut short.)
    if (length === 1 && partStart(file, k + 1) === offset + 1 && partStart(file, k) <= offset) return 'last byte of part ' + k;
  }
  return `bytes ${offset} to ${offset + length}`;
}

/** How many times the board in `sandbox` loaded its module `name` (firmware/modules.ts: a load reads the module's part of its file). */
function loadsOf(sandbox: ReturnType<typeof createSandbox>, name: string): number {
  const file = sandbox.storage[MODULES_FILE];
  const part = ON_DEMAND.find((m) => m.name === name)!.part;
  const [start, end] = [partStart(file, part), partStart(file, part + 1)];
  return sandbox.calls.filter((c) => c.api === 'Storage.read' && c.args[0] === MODULES_FILE && c.args[1] === start && c.args[2] === end - start).length;
}

/** A phone connects to a booted board and pairs, as a board lets it: after both buttons are pressed together. */
function pairPhone(sandbox: ReturnType<typeof bootInSandbox>): void {
  sandbox.emit('NRF', 'connect', 'phone');
  sandbox.press('D28+D29', 100);
  sandbox.advance(300);
  sandbox.emit('NRF', 'pair');
}

/** The bundle's diagnostics module, if it has one. */
function diagOf(bundle: BuiltBundle): BuiltModule | undefined {
  return bundle.modules.find((m) => m.name === DIAG_MODULE);
}

/** Whether a game's board has digital sensors (a board of analog banks alone has its interpreter's checks and diagnostics). */
function digitalBoard(game: string): boolean {
  return GAMES.find((g) => g.id === game)!.module.board.banks!.some((b) => b.kind !== 'analog');
}

describe('compatibility gate: game bundles', function () {
  this.timeout(120000);
  const bundles: BuiltBundle[] = [];
  /** How far JsVars after boot may be from the figure quoted: they vary by a JsVar or two from run to run. */
  const JSVARS_JITTER = 4;
  /** JsVars in use after boot, by game, as the real interpreter reports them (when ESPRUINO is set). */
  const jsVarsAfterBoot = new Map<string, number>();
  before(async () => {
    for (const { id } of GAMES) bundles.push(await buildGame(id));
  });

  it('there is a bundle for every game folder with an index.ts', () => {
    const folders = readdirSync(join(ROOT, 'firmware', 'games')).filter((d) => existsSync(join(ROOT, 'firmware', 'games', d, 'index.ts')));
    assert.deepEqual(bundles.map((b) => b.game).sort(), folders.sort());
  });

  it('each carries the bank drivers its board uses and no other (firmware/device.ts)', async () => {
    const min = (game: string) => (bundles.find((b) => b.game === game) as BuiltBundle).min;
    // The GPIO register bank reads P0.IN with peek32; a chain makes a software SPI.
    assert.deepEqual([/peek32/.test(min('triangle')), /new SPI\b/.test(min('triangle'))], [true, false]);
    assert.deepEqual([/peek32/.test(min('ringapeg')), /new SPI\b/.test(min('ringapeg'))], [false, true]);
    // The analog bank reads its multiplexers through analogRead: only a board with one carries it.
    assert.deepEqual(['triangle', 'ringapeg', 'fortress', 'shuffleboard'].map((g) => /analogRead/.test(min(g))), [false, false, false, true]);
  });

  for (const { id: game } of GAMES) {
    const bundle = () => bundles.find((b) => b.game === game) as BuiltBundle;
    /** The minified bundle's syntax tree, parsed once for the tests that read it. */
    let parsed: acorn.Program | undefined;
    const tree = () => parsed || (parsed = acorn.parse(bundle().min, { ecmaVersion: 5 }));

    it(`${game}: every internal property has one short name, the bundle's, in it and in each of its modules (a module names none of its own)`, () => {
      assert.deepEqual(INTERNAL_PROPERTIES.concat(OWN_NAMES[game]).filter((name) => !bundle().names.has(name)), []);
      for (const m of bundle().modules) assert.deepEqual(Array.from(m.names), Array.from(bundle().names), m.name);
    });

    // (The games whose moves are made when asked, by a getter: made in a call made in another, each of their
    // functions would keep its scopes as an array of both, some 3 JsVars more each, held at every move and at an undo
    // for each record played again.)
    const module = GAMES.find((g) => g.id === game)!.module;
    if (Object.getOwnPropertyDescriptor(module, 'moves')?.get) {
      it(`${game}: the moves it makes at each move are made in one call, each of their functions keeping one scope, not a copy of two (the minifier's inlining of the call that makes them)`, () => {
        const ast = tree();
        let getter: acorn.Node | undefined;
        walk.simple(ast, {
          Property(p) {
            if (p.kind === 'get' && (p.key as acorn.Identifier).name === 'moves') getter = p.value;
          },
          CallExpression(call) {
            const [, key, descriptor] = call.arguments as acorn.Node[];
            if (call.callee.type === 'MemberExpression' && (call.callee.property as acorn.Identifier).name === 'defineProperty' && (key as acorn.Literal).value === 'moves') {
              getter = ((descriptor as acorn.ObjectExpression).properties[0] as acorn.Property).value;
            }
          },
        });
        // (A getter in the game's object, or one defined on it: the function itself, or the name of one of the bundle's.)
        const made = (getter && getter.type === 'Identifier' ? (ast.body as acorn.Node[]).find((n) => n.type === 'FunctionDeclaration' && (n as acorn.FunctionDeclaration).id.name === (getter as acorn.Identifier).name) : getter) as acorn.Function | undefined;
        assert.ok(made && /^Function/.test(made.type), 'the getter of moves is a function of the bundle');
        // The calls the getter makes that run a function made there (inlined): what its functions are made in. (Calls
        // in the functions it makes run later, each in its own call.)
        const inlined: string[] = [];
        walk.recursive(made.body, null, {
          Function() {},
          CallExpression(call, state, c) {
            if (call.callee.type === 'FunctionExpression') inlined.push(call.callee.params.length + ' arguments, ' + call.callee.body.body.length + ' statements');
            (walk.base.CallExpression as NonNullable<walk.RecursiveVisitors<null>['CallExpression']>)(call, state, c);
          },
        });
        assert.deepEqual(inlined, []);
        // (And enumerable, as a getter written in the game's object is: a copy of the game has its moves.)
        assert.ok(Object.keys(Object.assign({}, module)).includes('moves'));
      });
    }

    it(`${game}: its modules call the bundle's own sendLine, refusal, flag, module loader and record sealing, and carry no copy of any`, () => {
      assert.deepEqual(Array.from(bundle().shared.keys()).sort(), ['flag', 'loadModule', 'refusal', 'sealed', 'sendLine']);
      for (const [, name] of bundle().shared) assert.match(bundle().min, new RegExp(`(^|[;}])function ${name.replace('$', '\\$')}\\(`), name);
      // (Their bodies: a line sent, a refusal made, a flag sent, a module's part read, a record's checksum.)
      for (const m of bundle().modules) assert.ok(!/\.send\(JSON\.stringify\(/.test(m.min) && !/\{type:"error",code:/.test(m.min) && !/\{type:"flag",code:/.test(m.min) && !m.min.includes(`Function("${MODULE_ARGUMENT}"`) && !m.min.includes('E.convolve('), m.name);
      // Declared before the boot's first statement (which loads modules: the restore at power-up); the interpreter does
      // not hoist them. (Before it, the bundle declares its functions and works out its tables.)
      const body = (tree() as unknown as { body: { type: string; id?: { name: string } }[] }).body;
      const runs = body.findIndex((st) => st.type === 'ExpressionStatement');
      assert.ok(runs > 0, 'the boot is a statement of its own');
      for (const [, name] of bundle().shared) assert.ok(body.findIndex((st) => st.type === 'FunctionDeclaration' && st.id!.name === name) < runs, name);
    });

    it(`${game}: its files (and its modules') pass the static checks (ES5, no missing APIs, no use before declaration, no Espruino global replaced, no name read that nothing declares)`, () => {
      // (A module calls the bundle's shared functions, globals on the board, by their names in the bundle, and is
      // given the loader's argument: firmware/modules.ts.)
      const files = [{ code: bundle().min, calls: [] as string[] }, { code: bundle().debug, calls: [] as string[] }]
        .concat(...bundle().modules.map((m) => [{ code: m.min, calls: m.calls.concat(MODULE_ARGUMENT) }, { code: m.debug, calls: [MODULE_ARGUMENT] }]));
      for (const { code, calls } of files) {
        const problems = checkBundle(code, espruinoGlobals().concat(calls));
        assert.deepEqual(problems.map((p) => `${p.line}:${p.column}: ${p.message}`), []);
      }
    });

    it(`${game}: the stored (pretokenised) form is the minified program, token for token`, () => {
      const tokens = (code: string) => Array.from(acorn.tokenizer(code, { ecmaVersion: 5 }), (t) => t.type.label + ':' + String((t as { value?: unknown }).value));
      assert.ok(bundle().stored.length < bundle().min.length * 0.95, 'smaller than the minified text');
      assert.deepEqual(tokens(untokenise(bundle().stored)), tokens(bundle().min));
    });

    it(`${game}: asks for no module but Espruino's own and its modules loaded on demand: diagnostics (through its command handling) if it has a digital bank or diagnostics of its own, the command check, the command handling, the command channel, the restore, the signer and the telling of faults always, its rare moves, its power-up, its decision and its matching if it has some`, () => {
      const asked = (bundle().min.match(/require\("([^"]*)"\)/g) || []).map((r) => r.slice(9, -2));
      for (const name of asked) assert.ok(BUILT_IN_MODULES.indexOf(name) >= 0, `requires ${name}`);
      const digital = GAMES.find((g) => g.id === game)!.module.board.banks!.some((b) => b.kind !== 'analog') || existsSync(join(ROOT, 'firmware', 'games', game, 'diagnose.ts'));
      const rare = existsSync(join(ROOT, 'firmware', 'games', game, 'rare.ts'));
      const powerUp = existsSync(join(ROOT, 'firmware', 'games', game, 'powerup.ts'));
      const decides = existsSync(join(ROOT, 'firmware', 'games', game, 'decide.ts'));
      const matches = existsSync(join(ROOT, 'firmware', 'games', game, 'match.ts'));
      // (Each is loaded where it is needed, by its part of the modules' file: the tests below load each.)
      assert.deepEqual(bundle().modules.map((m) => m.name), (digital ? [DIAG_MODULE] : []).concat(CHECK_MODULE, RESTORE_MODULE, rare ? [RARE_MODULE] : [], powerUp ? [POWERUP_MODULE] : [], decides ? [DECIDE_MODULE] : [], matches ? [MATCH_MODULE] : [], SIGN_MODULE, FAULT_MODULE, HANDLE_MODULE, CHANNEL_MODULE));
      // The modules' code is not in the bundle.
      assert.ok(!/\bnever:/.test(bundle().min), 'the report\'s code is the module\'s');
      assert.ok(!/id: int or str\b/.test(bundle().min), 'the command check\'s code is the module\'s');
      assert.ok(!/\.sync===/.test(bundle().min), 'the restore\'s code is the module\'s');
      if (rare) assert.ok(!/"none"/.test(bundle().min), 'the corrections\' code is the rare moves\'');
      assert.ok(!/sig2|SHA256/.test(bundle().min), 'the signer\'s code is the module\'s');
      assert.ok(!/inverted/.test(bundle().min), 'the telling of faults is the module\'s');
      assert.ok(!/"bright"/.test(bundle().min), 'the carrying out of commands is the module\'s');
      assert.ok(!/unfinished/.test(bundle().min), 'the command channel is the module\'s');
    });

    if (existsSync(join(ROOT, 'firmware', 'games', game, 'rare.ts'))) {
      it(`${game}: a rare move from a phone is played by its module, let go after it; a board flashed without it refuses the move (rare) and plays on`, () => {
        // The move, and what the phone's state shows once it was played.
        const rareMove: Record<string, [string, RegExp]> = { fortress: ['{"cmd":"lag","p":1,"id":5}', /"english":1/] };
        const [line, played] = rareMove[game];
        const storage = modulesStored(bundle());
        const flashed = bootInSandbox(bundle().min, { storage: storage });
        Object.assign(storage, modulesStored(bundle(), false, [RARE_MODULE]));
        const bare = bootInSandbox(bundle().min, { storage: storage });
        for (const sandbox of [flashed, bare]) {
          pairPhone(sandbox);
          sandbox.receive(line + '\n');
          sandbox.advance(300);
          sandbox.receive('{"cmd":"state","id":6}\n');
          sandbox.advance(300);
        }
        assert.doesNotMatch(flashed.said(), /"type":"error"/);
        assert.match(flashed.said(), played);
        assert.match(bare.said(), /"type":"error","code":"not_now","message":"rare","id":5/);
        assert.doesNotMatch(bare.said(), played);
        assert.match(bare.said(), /"type":"state"/);
        assert.deepEqual([flashed.errors, bare.errors], [[], []]);
      });

      if (game === 'fortress') {
        it('fortress: an "I do not see" stroke is scored by the rare module, loaded again while it corrects the stroke (F37), and let go', () => {
          const sandbox = bootInSandbox(bundle().min, { storage: modulesStored(bundle()) });
          pairPhone(sandbox);
          // Declared, then a miss (−2); then the referee says it hit: +2 instead, a change of +4 by the same article.
          for (const line of ['{"cmd":"blind"}', '{"cmd":"stroke","h":"-"}', '{"cmd":"blind","hit":true}']) {
            sandbox.receive(line + '\n');
            sandbox.advance(300);
          }
          const scored = sandbox.said().split('\n').filter((l) => /"type":"score"/.test(l)).map((l) => JSON.parse(l));
          assert.deepEqual(scored.map((c) => [c.player, c.points, c.rule]), [[0, -2, 'F37'], [0, 4, 'F37']]);
          assert.deepEqual(sandbox.errors, []);
        });
      }
    }

    if (existsSync(join(ROOT, 'firmware', 'games', game, 'powerup.ts'))) {
      it(`${game}: at power-up, its power-up module is loaded and let go; a board flashed without it says so (rare), and plays on`, () => {
        // The fortress board at rest: every sensor pulls its input low when active, so its chain reads all 1s.
        const atRest = Array.from({ length: 12 }, () => 255);
        const boot = (storage: Record<string, string>) => {
          const sandbox = createSandbox({ storage: storage, chain: atRest });
          sandbox.emit('NRF', 'connect', 'phone');
          vm.runInContext(bundle().min, sandbox.context, { filename: 'bundle.js' });
          sandbox.advance(300);
          return sandbox;
        };
        const storage = modulesStored(bundle());
        const flashed = boot(storage);
        Object.assign(storage, modulesStored(bundle(), false, [POWERUP_MODULE]));
        const bare = boot(storage);
        assert.doesNotMatch(flashed.said(), /"rare"/);
        assert.match(bare.said(), /"type":"flag","message":"rare"/);
        for (const sandbox of [flashed, bare]) {
          pairPhone(sandbox);
          sandbox.receive('{"cmd":"stroke","h":"EA= FP_","id":7}\n');
          sandbox.advance(300);
          assert.match(sandbox.said(), /"type":"ok","cmd":"stroke","id":7/);
        }
        assert.deepEqual([flashed.errors, bare.errors], [[], []]);
      });
    }

    /**
     * A throw on the board in `sandbox` (`analog` its channels): it passes the launch row's first group, and a weight
     * (polarity 1 red, -1 blue) comes to rest at d, y (its field added at every sensor of the grid, as board.ts's
     * model has it), decided SHORT_MS after its launch (no sensor saw it come).
     */
    const thrown = (sandbox: ReturnType<typeof createSandbox>, analog: Record<number, number>, polarity: number, d: number, y: number) => {
      analog[SENSORS] = 0;
      sandbox.advance(50);
      analog[SENSORS] = 1;
      sandbox.advance(1000);
      for (let ch = 0; ch < SENSORS; ch++) analog[ch] += polarity * PEAK * field(d - ROW0_MM - Math.floor(ch / COLS) * PITCH_MM, y - COL0_MM - (ch % COLS) * PITCH_MM);
      sandbox.advance(7000);
    };

    /** A board of its bundle and the modules in `storage`, a phone paired, the coin tossed, and red's throw to d 600, y 250 decided. */
    const redThrown = (storage: Record<string, string>) => {
      // The launch row at rest reads its pull-ups; the grid, half the supply: an empty table.
      const analog: Record<number, number> = { [SENSORS]: 1, [SENSORS + 1]: 1, [SENSORS + 2]: 1, [SENSORS + 3]: 1 };
      for (let ch = 0; ch < SENSORS; ch++) analog[ch] = 0.5;
      const sandbox = createSandbox({ storage: storage, analog: analog });
      vm.runInContext(bundle().min, sandbox.context, { filename: 'bundle.js' });
      sandbox.advance(300);
      pairPhone(sandbox);
      sandbox.receive('{"cmd":"toss","s":0}\n');
      sandbox.advance(6000);
      thrown(sandbox, analog, 1, 600, 250);
      return { sandbox, analog, loads: (name: string) => loadsOf(sandbox, name) };
    };

    if (existsSync(join(ROOT, 'firmware', 'games', game, 'decide.ts'))) {
      it(`${game}: a throw is decided by its decision module, loaded as it is decided and let go once its weights are found; a board flashed without it says so (${DECIDE_MODULE}) and plays on`, () => {
        const flashed = redThrown(modulesStored(bundle()));
        assert.equal(flashed.loads(DECIDE_MODULE), 1, 'loaded once, as the throw was decided');
        // The throw was scored as seen: red's weight on the table, told to the phone.
        assert.match(flashed.sandbox.said(), /"type":"state"[^\n]*"weights":\[\{"w":"red1","c":0,"d":6\d\d,/);
        assert.doesNotMatch(flashed.sandbox.said(), new RegExp(DECIDE_MODULE));
        // Blue's throw after it, to d 900, y 150: decided by the module loaded anew (a board lets the functions of
        // the last load go once they have made a decision's parts), both weights told.
        thrown(flashed.sandbox, flashed.analog, -1, 900, 150);
        assert.equal(flashed.loads(DECIDE_MODULE), 2, 'loaded again, as the next throw was decided');
        assert.match(flashed.sandbox.said(), /"type":"state"[^\n]*"weights":\[\{"w":"red1","c":0,"d":6\d\d,[^\n]*\{"w":"blue1","c":\d,"d":9\d\d,/);
        const storage = modulesStored(bundle(), false, [DECIDE_MODULE]);
        const bare = redThrown(storage);
        assert.match(bare.sandbox.said(), new RegExp(`"type":"flag","message":"${DECIDE_MODULE}"`));
        // It plays on: the referee enters the throw.
        bare.sandbox.receive('{"cmd":"rest","id":8}\n');
        bare.sandbox.advance(300);
        assert.match(bare.sandbox.said(), /"type":"ok","cmd":"rest","id":8/);
        assert.deepEqual([flashed.sandbox.errors, bare.sandbox.errors], [[], []]);
      });
    }

    if (existsSync(join(ROOT, 'firmware', 'games', game, 'match.ts'))) {
      it(`${game}: a table seen is matched to the weights by its matching module, loaded as it is played and let go after it, also as a log is played again; a board flashed without it refuses the table, says so (${MATCH_MODULE}) and plays on`, () => {
        const flashed = redThrown(modulesStored(bundle()));
        assert.match(flashed.sandbox.said(), /"type":"state"[^\n]*"weights":\[\{"w":"red1","c":0,"d":6\d\d,/);
        assert.equal(flashed.loads(MATCH_MODULE), 1, 'loaded once, at the table seen');
        // A log of two tables seen, played again at power-up: the module is loaded for each, and let go after it.
        const log = setupRecord(game, { players: 2, options: {} }, ['Ann', 'Bo']) + record({ k: 'toss', s: 0 })
          + record({ k: 'seen', w: [[0, 600, 2]] }) + record({ k: 'seen', w: [[0, 600, 2], [1, 300, 2]] });
        const analog: Record<number, number> = { [SENSORS]: 1, [SENSORS + 1]: 1, [SENSORS + 2]: 1, [SENSORS + 3]: 1 };
        const again = createSandbox({ storage: Object.assign(modulesStored(bundle()), { [LOG + '\u0001']: log }), analog: analog });
        vm.runInContext(bundle().min, again.context, { filename: 'bundle.js' });
        again.advance(300);
        pairPhone(again);
        again.receive('{"cmd":"state","id":1}\n');
        again.advance(300);
        assert.match(again.said(), /"weights":\[\{"w":"red1","c":0,"d":600,[^\n]*\{"w":"blue1","c":1,"d":300,/);
        assert.equal(loadsOf(again, MATCH_MODULE), 2, 'loaded for each table of the log');
        assert.deepEqual(again.errors, []);
        assert.doesNotMatch(flashed.sandbox.said(), new RegExp(MATCH_MODULE));
        const storage = modulesStored(bundle(), false, [MATCH_MODULE]);
        const bare = redThrown(storage);
        assert.match(bare.sandbox.said(), new RegExp(`"${MATCH_MODULE}"`));
        assert.doesNotMatch(bare.sandbox.said(), /"weights":\[\{"w":"red1","c":0,"d":6/);
        // It plays on: the referee enters the throw.
        bare.sandbox.receive('{"cmd":"rest","id":8}\n');
        bare.sandbox.advance(300);
        assert.match(bare.sandbox.said(), /"type":"ok","cmd":"rest","id":8/);
        assert.deepEqual([flashed.sandbox.errors, bare.sandbox.errors], [[], []]);
      });
    }

    if (existsSync(join(ROOT, 'firmware', 'games', game, 'decide.ts'))) {
      it(`${game}: in the real interpreter, its stored bundle decides a throw through its stored decision module, and lets it go (when ESPRUINO is set)`, function () {
        needsEspruino(this, 'boot the bundle in');
        this.timeout(240000);
        // The table under the board (as bench peak's): the driver's select lines name the channel analogRead reads. The
        // coin toss from a paired phone; after the power-up's 5 s, red's throw passes the launch row's first group and
        // comes to rest at d 600, y 250 (a dipole MAGNET_MM above each sensor, as board.ts's model), decided SHORT_MS
        // after its launch (no sensor saw it come).
        const table = `var __lv=new Float32Array(${SENSORS + 4}).fill(0.5),__ch=0,__t0=getTime(),__step=0;__lv.fill(1,${SENSORS});
global.digitalWrite=function(p,v){if(p.length===8)__ch=v;};global.analogRead=function(){return __lv[__ch];};
setInterval(function(){__use();var now=(getTime()-__t0)*1000;
if(!__step&&__data&&now>500){__data('{"cmd":"toss","s":0}\\n');__step=1;}
else if(__step===1&&now>6500){__lv[${SENSORS}]=0;__step=2;}else if(__step===2&&now>6560){__lv[${SENSORS}]=1;__step=3;}
else if(__step===3&&now>7500){for(var c=0;c<${SENSORS};c++){var dd=600-${ROW0_MM}-((c/${COLS})|0)*${PITCH_MM},dy=250-${COL0_MM}-(c%${COLS})*${PITCH_MM},u=(dd*dd+dy*dy)/${MAGNET_MM * MAGNET_MM},q=1+u;__lv[c]=0.5+${PEAK}*(2-u)/(2*q*q*Math.sqrt(q));}__step=4;}},20);`;
        const onLine = 'if(l.indexOf(\'"type":"state"\')>=0&&l.indexOf(\'"c":0,"d":6\')>=0)__seen++;if(l.indexOf("flag")>=0)__flags++;';
        const report = bootInEspruino(bundle().stored, {
          boot0: 'var __seen=0,__flags=0;' + connectedPhone(onLine) + readFileSync(join(ROOT, 'tools', 'espruino-linux-stubs.js'), 'utf8') + table,
          // (The table's steps and the board's clock are the interpreter's real time: 7.5 s to the throw's rest, and on
          // a loaded machine the decision outlasted the 6.5 s a 14 s report left it. Reported after 24 s.)
          settleMs: 24000, timeoutMs: 200000, storage: moduleFiles(bundle(), 'stored'), baseline: false,
          probe: '{seen:__seen,flags:__flags,errors:E.getErrorFlags()}',
        });
        assert.deepEqual(report.errors, []);
        const probe = report.probe as { seen: number; flags: number; errors: string[] };
        assert.ok(probe.seen >= 1, 'red\'s weight told on the table');
        assert.deepEqual([probe.flags, probe.errors], [0, []]);
      });
    }

    it(`${game}: loading each of its modules (its parse, one call) holds the interpreter at most ${MODULE_HOLD_US / 1000} ms on the chip, measured in bare channel reads in the real interpreter; its firmware leaves Storage room for the log (when ESPRUINO is set, for the first)`, async function () {
      const b = bundle();
      const storage = storedFirmwareBytes(b);
      // The room the simulator gives the game's log is the board's.
      const chunks = await logChunksOf(game);
      assert.ok(storage <= storageFirmwareBytes(chunks), `${storage} bytes of firmware in Storage, over ${storageFirmwareBytes(chunks)} (${chunks} chunks of log left)`);
      needsEspruino(this, 'load the modules in');
      const holds = parseHolds(b.modules);
      for (const m of b.modules) assert.ok(holds[m.name] * CHIP_READ_US <= MODULE_HOLD_US, `${m.name}: ${Math.round(holds[m.name])} bare reads, ${(holds[m.name] * CHIP_READ_US / 1000).toFixed(1)} ms on the chip`);
    });

    it(`${game}: boots with Espruino's globals stubbed, moves the console off Bluetooth, scans, and shows a score`, () => {
      const sandbox = bootInSandbox(bundle().min, { storage: modulesStored(bundle()) });
      const ticks = sandbox.advance(1000);
      assert.deepEqual(sandbox.errors, []);
      const pollMs = POLL_MS[game];
      assert.ok(ticks >= Math.floor(1000 / pollMs) - 1, `the scan tick ran ${ticks} times in 1 s (every ${pollMs} ms)`);
      assert.ok(sandbox.calls.some((c) => c.api === 'LoopbackA.setConsole'), 'console moved to LoopbackA');
      // A display frame: rows of MAX7219 register writes (register 1-15, then its data, a module each), shifted out
      // on the display's data pin with its clock, least significant bit first.
      const rows = sandbox.calls.filter((c) => c.api === 'shiftOut');
      const reversed = (b: number) => parseInt(b.toString(2).padStart(8, '0').split('').reverse().join(''), 2);
      assert.ok(rows.length >= 8, `${rows.length} rows shifted out`);
      for (const c of rows) {
        assert.deepEqual([c.args[0], c.args[1]], [25, { clk: 26, repeat: 8 }], 'on D25, clocked by D26, a byte an item');
        const data = Array.from(c.args[2] as Uint8Array).map(reversed);
        assert.ok(data.length === 6 && data.every((b, i) => i % 2 || (b >= 1 && b <= 15)), `a row of register writes: ${data}`);
      }
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

    it(`${game}: at power-up after a cut, a connected phone is told what was restored in the protocol's own field names`, () => {
      // The game's setup record, then a record the cut left without its end (a StorageFile is stored as its name and \u0001).
      const sandbox = createSandbox({ storage: { ...modulesStored(bundle()), [LOG + '\u0001']: setupRecord(game, { players: 2, options: {} }) + '{"k":"x"' } });
      sandbox.emit('NRF', 'connect', 'phone');
      vm.runInContext(bundle().min, sandbox.context, { filename: 'bundle.js' });
      sandbox.advance(100);
      const said = sandbox.said();
      const restored = said.split('\n').filter((l) => l.includes('"restored"')).map((l) => JSON.parse(l));
      assert.deepEqual(restored, [{ type: 'restored', moves: 0, dropped: 1 }], said);
      assert.deepEqual(sandbox.errors, []);
      // Read back by its module, which is let go once the game is taken up.
    });

    it(`${game}: a board flashed without its restore module says so at power-up, and takes no move back (writing no undo record)`, () => {
      const storage = modulesStored(bundle(), false, [RESTORE_MODULE]);
      const sandbox = createSandbox({ storage: storage });
      sandbox.emit('NRF', 'connect', 'phone');
      vm.runInContext(bundle().min, sandbox.context, { filename: 'bundle.js' });
      sandbox.advance(100);
      assert.match(sandbox.said(), new RegExp(`"type":"flag","code":"failed","message":"${RESTORE_MODULE}"`));
      const log = () => sandbox.storage[LOG + '\u0001'];
      sandbox.emit('NRF', 'pair');
      // A move from the phone stands (it is saved), and cannot be taken back.
      const moves: Record<string, string> = { triangle: '{"cmd":"flick","r":"perfect"}', ringapeg: '{"cmd":"ring","peg":"k"}', fortress: '{"cmd":"stroke","h":"EA= FP_"}', shuffleboard: '{"cmd":"toss","s":0}' };
      const setup = log();
      sandbox.receive(moves[game] + '\n');
      sandbox.advance(300);
      const before = log();
      assert.ok(before.length > setup.length, `${moves[game]} was saved: ${sandbox.said()}`);
      sandbox.receive('{"cmd":"undo","id":3}\n');
      sandbox.advance(300);
      assert.match(sandbox.said(), /"type":"error","code":"not_now","message":"log","id":3/);
      assert.equal(log(), before, 'nothing written to the log');
      assert.deepEqual(sandbox.errors, []);
    });

    it(`${game}: a long press of mode (D29) is undo, told to a connected phone; next (D28) is not`, () => {
      const sandbox = bootInSandbox(bundle().min, { storage: modulesStored(bundle()) });
      sandbox.emit('NRF', 'connect', 'phone');
      const undos = () => sandbox.said().split('"type":"flag","message":"undo"').length - 1;
      sandbox.press('D29', 1500);
      sandbox.advance(200);
      assert.equal(undos(), 1);
      sandbox.press('D28', 1500);
      sandbox.advance(200);
      assert.equal(undos(), 1);
      assert.deepEqual(sandbox.errors, []);
    });

    it(`${game}: a press whose contacts bounce as they close and open is one press: both buttons open pairing once, a long mode is one undo`, () => {
      const sandbox = bootInSandbox(bundle().min, { storage: modulesStored(bundle()) });
      sandbox.emit('NRF', 'connect', 'phone');
      sandbox.press('D28+D29', 300, true);
      sandbox.advance(200);
      const opened = sandbox.calls.filter((c) => c.api === 'NRF.setSecurity' && (c.args[0] as { pair: boolean }).pair);
      assert.equal(opened.length, 1, 'one pairing window, one passkey');
      sandbox.press('D29', 1500, true);
      sandbox.advance(200);
      assert.equal(sandbox.said().split('"type":"flag","message":"undo"').length - 1, 1);
      assert.deepEqual(sandbox.errors, []);
    });

    it(`${game}: no phone may pair until both buttons (D28, D29) are pressed together; then one may, with a fresh passkey`, () => {
      const sandbox = bootInSandbox(bundle().min, { storage: modulesStored(bundle()) });
      const security = () => sandbox.calls.filter((c) => c.api === 'NRF.setSecurity').map((c) => c.args[0] as { passkey: string; pair: boolean });
      sandbox.emit('NRF', 'connect', 'phone');
      sandbox.press('D28', 100);
      sandbox.press('D29', 100);
      sandbox.advance(500);
      assert.deepEqual(security().map((s) => s.pair), [false], 'from power-up, through a phone connecting and single presses');
      sandbox.press('D28+D29', 300);
      sandbox.advance(200);
      sandbox.emit('NRF', 'pair');
      sandbox.advance(200);
      const [boot, open, closed] = security();
      assert.deepEqual([security().length, open.pair, closed.pair], [3, true, false], 'open on the press, closed once the phone paired');
      for (const s of [boot, open, closed]) assert.match(s.passkey, /^[0-9]{6}$/, 'a passkey throughout: the UART stays encrypted');
      assert.ok(open.passkey !== boot.passkey && closed.passkey !== open.passkey, 'a fresh passkey each time');
      assert.deepEqual(sandbox.errors, []);
    });

    it(`${game}: its signer, a module loaded on demand: the phone that pairs gets the key, every advert after is signed with it, and the module is let go; a board flashed without it pairs and never signs`, () => {
      const lastAdvert = (sandbox: ReturnType<typeof bootInSandbox>) => {
        const adverts = sandbox.calls.filter((c) => c.api === 'NRF.setAdvertising');
        return (adverts[adverts.length - 1].args[1] as { manufacturerData: Uint8Array }).manufacturerData;
      };
      /** An advert's counter (null: unsigned), opened with `key`; 'forged' if the key does not open it. */
      const counterOf = (advert: Uint8Array, key?: string) => {
        const opened = openAdvert(advert, key === undefined ? undefined : Buffer.from(key, 'latin1'));
        return opened && opened !== 'forged' ? opened.counter : 'forged';
      };
      const keys = (sandbox: ReturnType<typeof bootInSandbox>) => sandbox.said().split('\n').filter((l) => l.includes('"type":"key"')).map((l) => JSON.parse(l).key as string);
      const flashed = bootInSandbox(bundle().min, { storage: modulesStored(bundle()) });
      assert.equal(counterOf(lastAdvert(flashed)), null, 'unsigned before a phone pairs');
      pairPhone(flashed);
      flashed.advance(300);
      const [key] = keys(flashed);
      assert.match(key, /^[0-9a-f]{32}$/);
      assert.ok((counterOf(lastAdvert(flashed), key) as number) > 0, 'signed with the key the phone got');
      const storage = modulesStored(bundle(), false, [SIGN_MODULE]);
      const bare = bootInSandbox(bundle().min, { storage: storage });
      pairPhone(bare);
      bare.advance(300);
      assert.deepEqual(keys(bare), []);
      assert.equal(counterOf(lastAdvert(bare)), null);
      assert.deepEqual([flashed.errors, bare.errors], [[], []]);
    });

    it(`${game}: its telling of faults, a module loaded the first time the board tells one and kept: every sensor active at once is a bank fault, told; a board flashed without it says so`, function () {
      // (A board of digital sensors: every input flips at once.)
      if (!digitalBoard(game)) this.skip();
      const boot = (storage: Record<string, string>) => {
        const pins: Record<string, number> = {};
        const chain = new Array(16).fill(0);
        const sandbox = createSandbox({ pins, chain, storage });
        vm.runInContext(bundle().min, sandbox.context);
        sandbox.emit('NRF', 'connect', 'phone');
        sandbox.advance(1000);
        // Every input but the buttons' (D28, D29) flips at once.
        for (let p = 0; p < 32; p++) if (p !== 28 && p !== 29) pins['D' + p] = 1;
        chain.fill(255);
        sandbox.advance(2000);
        assert.deepEqual(sandbox.errors, []);
        return { said: sandbox.said(), loads: loadsOf(sandbox, FAULT_MODULE) };
      };
      const flashed = boot(modulesStored(bundle()));
      assert.match(flashed.said, /"type":"fault","fault":"bank"/);
      assert.equal(flashed.loads, 1, 'loaded once, and kept');
      const storage = modulesStored(bundle(), false, [FAULT_MODULE]);
      const bare = boot(storage);
      assert.doesNotMatch(bare.said, /"type":"fault"/);
      assert.match(bare.said, new RegExp(`"type":"flag","code":"failed","message":"${FAULT_MODULE}"`));
    });

    it(`${game}: a change from a phone that has not paired is refused, not held for the buttons; once paired it runs`, () => {
      const sandbox = bootInSandbox(bundle().min, { storage: modulesStored(bundle()) });
      sandbox.emit('NRF', 'connect', 'phone');
            sandbox.receive('{"cmd":"undo","id":1}\n');
      sandbox.advance(300);
      assert.match(sandbox.said(), /"type":"error","code":"not_allowed","message":"pair first","id":1/);
      assert.doesNotMatch(sandbox.said(), /"type":"confirm"/);
      sandbox.press('D28+D29', 300);
      sandbox.advance(200);
      sandbox.emit('NRF', 'pair');
      sandbox.receive('{"cmd":"undo","id":2}\n');
      sandbox.advance(300);
      assert.match(sandbox.said(), /"type":"error","code":"not_now","message":"undo","id":2/);
      assert.deepEqual(sandbox.errors, []);
    });

    it(`${game}: the console is on LoopbackA from boot on, and next (D28) held at power-up changes nothing (its release is no press)`, () => {
      const consoles = (sandbox: ReturnType<typeof bootInSandbox>) => sandbox.calls.filter((c) => c.api.endsWith('.setConsole')).map((c) => c.api);
      const plain = bootInSandbox(bundle().min, { storage: modulesStored(bundle()) });
      const held = bootInSandbox(bundle().min, { pins: { D28: 1 }, storage: modulesStored(bundle()) });
      for (const sandbox of [plain, held]) sandbox.advance(2000);
      held.release('D28', 3000);
      for (const sandbox of [plain, held]) sandbox.advance(70000);
      assert.deepEqual(consoles(plain), ['LoopbackA.setConsole']);
      // (As JSON: each sandbox has pin objects of its own.)
      assert.equal(JSON.stringify(held.calls), JSON.stringify(plain.calls), 'the same calls into Espruino (display, radio, advert), held or not');
      assert.deepEqual([held.errors, plain.errors], [[], []]);
    });

    if (game === 'triangle') {
      it('triangle: in the real interpreter, a line with anything after its object, or outside its strings a byte past printable ASCII, a comment or another kind of string, or a key __proto__, is refused as not JSON, not carried out (its JSON.parse reads the first value and drops the rest, reads such bytes as tokens of its own, and takes JavaScript; __proto__ stopped it) (when ESPRUINO is set)', function () {
        needsEspruino(this, 'boot the bundle in');
        this.timeout(120000);
        const lines = ['{"cmd":"state","id":1}xyz', '{"cmd":"state","id":2}{"cmd":"state","id":3}', '{"cmd":"state","id":4} ]', '{"cmd":"state","id":\xd4\x06}', '{/**/"cmd":"state","id":7}', "{'cmd':'state','id':8}", '{"cmd":"state","id":9,"__proto__":null}', '{"cmd":"st\\u0061te","id":10}', '{"cmd":"state","id":5}  '];
        const send = `var __k=0,__send=setInterval(function(){if(!__data)return;__data(${JSON.stringify(lines.map((l) => l + '\n')).replace(/[\x80-\xff]/g, (c) => '\\x' + c.charCodeAt(0).toString(16))}[__k++]);if(__k===${lines.length})clearInterval(__send);},300);`;
        const onLine = 'if(l.indexOf(\'"code":"bad_json"\')>=0)__bad++;if(l.indexOf(\'"type":"state"\')>=0)__states++;if(l.indexOf(\'"type":"ok"\')>=0)__ok.push(l);';
        const report = bootInEspruino(bundle().stored, {
          boot0: 'var __bad=0,__states=0,__ok=[];' + connectedPhone(onLine) + readFileSync(join(ROOT, 'tools', 'espruino-linux-stubs.js'), 'utf8') + send,
          settleMs: 3000, storage: moduleFiles(bundle(), 'stored'), baseline: false, probe: '{bad:__bad,states:__states,ok:__ok}',
        });
        assert.deepEqual(report.errors, []);
        // (Two states: the one the phone gets as it connects, and id 5's. Without the check, the board answered the first
        // six lines as their first command, ids 1, 2, 4, 6, 7 and 8, the interpreter stopped at the seventh, and the
        // eighth, valid JSON, spells state with an escape the protocol refuses.)
        assert.deepEqual(report.probe, { bad: 8, states: 2, ok: ['{"type":"ok","cmd":"state","id":5}'] });
      });

      it('triangle: a command sent again on the board, the same line with the same id, is answered `ok` and not carried out again', () => {
        const board = bootInSandbox(bundle().min, { storage: modulesStored(bundle()) });
        pairPhone(board);
        for (const at of [500, 1500]) {
          board.advance(at - 300);
          board.receive('{"cmd":"flick","r":"partly","id":9}\n');
        }
        board.advance(1000);
        const said = board.said();
        assert.equal((said.match(/"type":"score"/g) || []).length, 1, said);
        assert.equal((said.match(/"type":"ok","cmd":"flick","id":9/g) || []).length, 2, said);
      });
    }

    it(`${game}: a board flashed without its command check answers every command with a clear error, and throws nothing`, () => {
      const bare = bootInSandbox(bundle().min, { storage: moduleFiles(bundle(), 'min', [CHANNEL_MODULE]) });
      pairPhone(bare);
      bare.receive('{"cmd":"state","id":4}\n');
      bare.advance(300);
      assert.match(bare.said(), new RegExp(`"type":"error","code":"failed","message":"${CHECK_MODULE}"`));
      assert.deepEqual(bare.errors, []);
      // With the module, the same line is answered.
      const flashed = bootInSandbox(bundle().min, { storage: modulesStored(bundle()) });
      flashed.emit('NRF', 'connect', 'phone');
      flashed.receive('{"cmd":"state","id":4}\n');
      flashed.advance(300);
      assert.match(flashed.said(), /"type":"state"/);
      // Let go once the line was checked: the next line loads it afresh.
    });

    it(`${game}: mode (D29) held at power-up starts diagnostics`, () => {
      const advertised = (sandbox: ReturnType<typeof bootInSandbox>) => {
        const adverts = sandbox.calls.filter((c) => c.api === 'NRF.setAdvertising');
        return decodeAdvert((adverts[adverts.length - 1].args[1] as { manufacturerData: Uint8Array }).manufacturerData, advertGameNames());
      };
      const plainBoot = bootInSandbox(bundle().min, { storage: modulesStored(bundle()) });
      const plain = advertised(plainBoot);
      assert.equal(plain && plain.diag, false);
      const diagBoot = bootInSandbox(bundle().min, { pins: { D29: 1 }, storage: modulesStored(bundle()) });
      const diag = advertised(diagBoot);
      assert.equal(diag && diag.diag, true);
      assert.deepEqual(diagBoot.errors, []);
      // Its diagnostics module is read from Storage only when diagnostics start.
      const loaded = (boot: ReturnType<typeof bootInSandbox>) => loadsOf(boot, DIAG_MODULE);
      assert.deepEqual([loaded(plainBoot), loaded(diagBoot)], [0, diagOf(bundle()) ? 1 : 0]);
      if (!diagOf(bundle())) return;
      // A board flashed without its command handling boots into the game, and says so to every command.
      const unhandled = bootInSandbox(bundle().min, { pins: { D29: 1 }, storage: moduleFiles(bundle(), 'min', [CHECK_MODULE, CHANNEL_MODULE]) });
      assert.deepEqual(unhandled.errors, []);
      assert.equal(advertised(unhandled)!.diag, false);
      pairPhone(unhandled);
      unhandled.receive('{"cmd":"diag","on":true}\n');
      unhandled.advance(300);
      assert.match(unhandled.calls.filter((c) => c.api === 'Bluetooth.write').map((c) => String(c.args[0])).join(''), /"code":"failed","message":"tallyboard-handle"/);
      // A board flashed without its diagnostics module boots into the game and says why diagnostics do not start.
      // A board flashed without its command channel boots into the game, and answers every piece of data with `failed`.
      const unheard = bootInSandbox(bundle().min, { pins: { D29: 1 }, storage: moduleFiles(bundle(), 'min', [CHECK_MODULE, HANDLE_MODULE]) });
      assert.deepEqual(unheard.errors, []);
      pairPhone(unheard);
      unheard.receive('{"cmd":"state"}\n');
      unheard.advance(300);
      unheard.receive('{"cmd":"state"}\n');
      unheard.advance(300);
      assert.deepEqual(unheard.calls.filter((c) => c.api === 'Bluetooth.write').map((c) => String(c.args[0])).join('').match(/"code":"failed","message":"tallyboard-channel"/g)!.length, 2);
      const bare = bootInSandbox(bundle().min, { pins: { D29: 1 }, storage: moduleFiles(bundle(), 'min', [CHECK_MODULE, HANDLE_MODULE, CHANNEL_MODULE]) });
      assert.deepEqual(bare.errors, []);
      assert.equal(advertised(bare)!.diag, false);
      pairPhone(bare);
      bare.receive('{"cmd":"diag","on":true}\n');
      bare.advance(300);
      const said = bare.calls.filter((c) => c.api === 'Bluetooth.write').map((c) => String(c.args[0])).join('');
      assert.match(said, /"code":"not_now","message":"nodiag"/);
      assert.equal(advertised(bare)!.diag, false);
    });

    it(`${game}: with internal property names shortened, makes the very calls into Espruino the unshortened code does (to the phone, display, radio, pins)`, () => {
      // The readable bundle keeps every name: the two must run a whole conversation alike.
      const run = (code: string, storage: Record<string, string>) => {
        const pins: Record<string, number> = {};
        const chain = [0, 0, 0, 0];
        const analog: Record<number, number> = {};
        const sandbox = createSandbox({ pins, chain, analog, storage });
        vm.runInContext(code, sandbox.context);
        sandbox.advance(100);
        sandbox.emit('NRF', 'connect', 'phone');
        // On a board only a paired phone gets through: both buttons let it pair.
        sandbox.press('D28+D29', 100);
        sandbox.advance(300);
        sandbox.emit('NRF', 'pair');
        for (const line of CONVERSATION[game]) {
          const [word, a, b] = line.split(' ');
          if (word === 'press') sandbox.press(a, 100);
          else if (word === 'pin') pins[a] = +b;
          else if (word === 'chain') chain[+a] = +b;
          else if (word === 'analog') analog[+a] = +b;
          else {
            // (A shuffleboard board refuses a referee's command while it decides a throw, `deciding`: the first waits
            // for the throw the sensors began to be told, and each after it for the decision its line before began.)
            if (game === 'shuffleboard' && line.startsWith('{"cmd":"toss"')) sandbox.advance(20000);
            sandbox.receive(line + '\n');
          }
          sandbox.advance(game === 'shuffleboard' ? 1500 : 300);
        }
        assert.deepEqual(sandbox.errors, []);
        // Every call into Espruino, with its arguments: a shortened name in an option object would show here. (A read
        // of the modules' file by the module it reads: the two forms' modules are of different lengths.)
        return sandbox.calls.map((c) => c.api + ' ' + JSON.stringify(c.api === 'Storage.read' && c.args[0] === MODULES_FILE ? partRead(sandbox, c.args as [string, number, number]) : c.args,
          (_k, v) => typeof v === 'function' ? 'function' : v));
      };
      const said = run(bundle().debug, modulesStored(bundle(), true));
      assert.ok(said.some((c) => /^NRF\.setSecurity \[\{"passkey":"[0-9]{6}","mitm":1,"display":1,"pair":false\}\]$/.test(c)), 'a passkey is set, pairing off');
      assert.ok(said.filter((c) => c.indexOf('"type\\":\\"score') >= 0).length >= 2, 'the conversation scores');
      assert.ok(said.filter((c) => c.indexOf('"walk\\":{\\"seen\\":1') >= 0).length >= 1, 'diagnostics saw a sensor');
      assert.deepEqual(run(bundle().min, modulesStored(bundle())), said);
    });

    it(`${game}: with mode held at power-up, loads its diagnostics from Storage in the real interpreter, and only then (when ESPRUINO is set)`, function () {
      needsEspruino(this, 'boot the bundle in');
      if (!diagOf(bundle())) this.skip();
      const stubs = readFileSync(join(ROOT, 'tools', 'espruino-linux-stubs.js'), 'utf8')
        // The last advert's data; mode (D29) held when `__mode` is set.
        + '\nNRF.setAdvertising=function(d,o){global.__adv=o&&o.manufacturerData;};global.digitalRead=function(p){return p===29&&global.__mode?1:0;};';
      const boot = (mode: boolean) => {
        const report = bootInEspruino(bundle().stored, {
          boot0: stubs + (mode ? 'global.__mode=1;' : ''), settleMs: 500, baseline: false, storage: moduleFiles(bundle(), 'stored'),
          probe: '{adv:__adv&&[].map.call(__adv,function(x){return x;})}',
        });
        assert.deepEqual(report.errors, []);
        const probe = report.probe as { adv: number[] };
        const advert = decodeAdvert(new Uint8Array(probe.adv), advertGameNames());
        return advert && advert.diag;
      };
      assert.deepEqual([boot(true), boot(false)], [true, false]);
    });

    it(`${game}: diagnostics, started with mode held at power-up, then its walk test with every sensor changing at once, run out of no memory and take at most half the variables at their peak, with short walk messages (when ESPRUINO is set)`, function () {
      needsEspruino(this, 'boot the bundle in');
      // (A board of digital sensors: every input flips at once, through the GPIOs and the chain.)
      if (!digitalBoard(game)) this.skip();
      // Every sensor flips together every 200 ms (the GPIOs through peek32, a chain through its SPI), five times: each
      // flip is a step of the walk test for the sensors it made active.
      const inputs = 'var __on=0,__flips=0;global.peek32=function(){return __on?-1:0;};'
        + 'SPI.prototype.send=function(d){var r=new Uint8Array(d.length);if(__on)r.fill(255);return r;};global.digitalRead=function(p){return p===29?1:0;};'
        + 'var __flip=setInterval(function(){__use();if(__flips++<5)__on=!__on;else clearInterval(__flip);},200);';
      // The walk messages (a diag message with no levels) and the reports: how many, and the longest line of each.
      const onLine = 'if(l.indexOf(\'"type":"diag"\')>=0){var k=l.indexOf(\'"levels"\')<0?0:1;__n[k]++;if(l.length>__long[k])__long[k]=l.length;}';
      const report = bootInEspruino(bundle().stored, {
        boot0: 'var __n=[0,0],__long=[0,0];' + connectedPhone(onLine) + readFileSync(join(ROOT, 'tools', 'espruino-linux-stubs.js'), 'utf8') + inputs,
        settleMs: 2000, storage: moduleFiles(bundle(), 'stored'),
        probe: '{peak:__peak,n:__n,long:__long,flags:E.getErrorFlags()}',
      });
      assert.deepEqual(report.errors, []);
      const probe = report.probe as { peak: number; n: number[]; long: number[]; flags: string[] };
      const peak = probe.peak - report.baseline.usage;
      console.log(`      ${game}: diagnostics at their peak: ${peak} JsVars (budget ${PEAK_JSVAR_BUDGET}); ${probe.n[0]} walk messages of at most ${probe.long[0]} characters, ${probe.n[1]} reports of at most ${probe.long[1]}`);
      assert.deepEqual(probe.flags, [], 'no memory ran out');
      assert.ok(probe.n[0] >= 1 && probe.n[1] >= 1, `walk messages and reports sent: ${probe.n.join(', ')}`);
      assert.ok(peak <= PEAK_JSVAR_BUDGET, `peak ${peak} JsVars, over ${PEAK_JSVAR_BUDGET}`);
      assert.ok(probe.long[0] <= WALK_MESSAGE_MAX, `a walk message of ${probe.long[0]} characters`);
    });

    it(`${game}: boots in the real interpreter and reports its memory (when ESPRUINO is set)`, function () {
      needsEspruino(this, 'boot the bundle in');
      const stubs = readFileSync(join(ROOT, 'tools', 'espruino-linux-stubs.js'), 'utf8');
      const report = bootInEspruino(bundle().stored, { boot0: stubs, settleMs: 500 });
      assert.deepEqual(report.errors, []);
      jsVarsAfterBoot.set(game, report.memory.usage - report.baseline.usage);
      console.log(`      ${game}: process.memory() after boot: usage ${report.memory.usage} of ${report.memory.total} (${report.memory.usage - report.baseline.usage} for the firmware) in ${describeBuild(report.build)}, pretokenised`);
      assert.equal(report.memory.total, 2950, 'an interpreter with the MDBT42Q\'s 2,950 variables');
    });
  }

  // The docs' figures of the bundles, checked against these bundles (npm run bench bundles prints the same rows).
  it("README's tables are these bundles: minified and stored bytes, and JsVars after boot as booted above (when ESPRUINO is set)", () => {
    const byGame = new Map(bundles.map((b) => [b.game, b]));
    const rows = tableRows('README.md', '| bundle | minified | stored | JsVars after boot |');
    assert.deepEqual(rows.map((r) => r[0]).sort(), [...byGame.keys()].sort(), 'a row for every bundle');
    const jsVarsCell = (n: number) => `${thousands(n)} (${percent(n, JSVAR_BUDGET)})`;
    const now = rows.map(([game]) => {
      const b = byGame.get(game)!;
      const used = jsVarsAfterBoot.get(game);
      return [game, `${thousands(b.min.length)} B`, `${thousands(b.stored.length)} B (${percent(b.stored.length, BUNDLE_BUDGET_BYTES)})`, used === undefined ? '(ESPRUINO not set)' : jsVarsCell(used)];
    });
    const table = (rs: string[][]) => rs.map((r) => '| ' + r.join(' | ') + ' |').join('\n');
    const says = 'README.md, Where the budgets stand: the rows now are\n' + table(now);
    assert.deepEqual(rows.map((r) => r.slice(0, 3)), now.map((r) => r.slice(0, 3)), says);
    // JsVars after boot vary by a JsVar or two from run to run (what is pending as the interpreter is asked); without
    // the interpreter only the quoted share is checked against the quoted count.
    rows.forEach(([game, , , vars]) => {
      const quotedVars = figure(vars.split(' ')[0]);
      assert.equal(vars, jsVarsCell(quotedVars), `${game}: ${vars}`);
      const used = jsVarsAfterBoot.get(game);
      if (used !== undefined) assert.ok(Math.abs(used - quotedVars) <= JSVARS_JITTER, `${game}: ${used} JsVars after boot, README.md says ${vars}. ${says}`);
    });
    const moduleRows = tableRows('docs/budgets.md', '| board | module | minified | stored |');
    const about = (name: string) => ON_DEMAND.find((m) => m.name === name)!.about;
    const modulesNow = bundles.flatMap((b) => b.modules.map((m) => [b.game, about(m.name), `${thousands(m.min.length)} B`, `${thousands(m.stored.length)} B (${percent(m.stored.length, m.budget)})`]));
    assert.deepEqual(moduleRows, modulesNow, "docs/budgets.md, the modules loaded on demand: the rows now are\n" + table(modulesNow));
    // "Not met" while any bundle is over a budget, and only then (its JsVars as booted, or else as quoted, which the
    // interpreter checks when it is there).
    const quoted = new Map(rows.map(([game, , , vars]) => [game, figure(vars.split(' ')[0])]));
    const over = bundles.some((b) => b.stored.length > BUNDLE_BUDGET_BYTES || (jsVarsAfterBoot.get(b.game) ?? quoted.get(b.game)!) > JSVAR_BUDGET);
    assert.equal(/The budgets are not met today/.test(docText('README.md')), over, 'README.md says whether the budgets are met');
    // Its opening says how much the fullest bundle has to spare.
    const spare = /\(fortification billiards with ([\d,]+) bytes? to spare\)/.exec(docText('README.md'));
    const fullest = bundles.reduce((a, b) => (b.stored.length > a.stored.length ? b : a));
    assert.ok(spare && fullest.game === 'fortress', 'README.md names the fullest bundle, fortification billiards');
    assert.equal(figure(spare[1]), BUNDLE_BUDGET_BYTES - fullest.stored.length, 'README.md: the bytes fortification billiards has to spare');
  });

  it("docs/budgets.md's table of parts: each bundle's core and its game's own part, stored bytes as built (npm run bench bundles splits them so)", async () => {
    const rows = tableRows('docs/budgets.md', "| game | core | core's JsVars | game's part | game's part JsVars |");
    const games = await loadGames();
    assert.deepEqual(rows.map((r) => r[0]).sort(), games.map((g) => g.id).sort(), 'a row for every game');
    for (const [game, coreCell, , partCell] of rows) {
      const b = bundles.find((x) => x.game === game)!;
      const module = games.find((g) => g.id === game)!.module;
      const core = (await buildDeviceCode({ source: coreEntry(module), dir: ROOT }, await featuresOf(game, module))).stored.length;
      assert.equal(coreCell, `${thousands(core)} B (${percent(core, CORE_BYTES_BUDGET)})`, `${game}'s core`);
      assert.equal(partCell, `${thousands(b.stored.length - core)} B (${percent(b.stored.length - core, BUNDLE_BUDGET_BYTES - CORE_BYTES_BUDGET)})`, `${game}'s own part`);
    }
  });

  it('docs/espruino.md: how much smaller the pretokenised form is, about, for every bundle', () => {
    const [smaller] = quoted('docs/espruino.md', /\(about (\d+)% smaller\)/);
    for (const b of bundles) {
      const saved = (1 - b.stored.length / b.min.length) * 100;
      assert.ok(Math.abs(saved - smaller) <= 2, `${b.game}: ${saved.toFixed(1)}% smaller, docs/espruino.md says about ${smaller}%`);
    }
  });

  it("docs/saving.md: the firmware's bytes in Storage, and the room they leave for the log, worked out from these bundles", async () => {
    const STORAGE = 40960;
    const PAGE = 4096;
    const HEADER = 32;
    /** A chunk of the log: a page less its header. */
    const CHUNK = PAGE - HEADER;
    const COUNTS = 'zero one two three four five six seven eight nine ten'.split(' ');
    const count = (word: string) => word === 'none' ? 0 : COUNTS.indexOf(word);
    const text = plain(docText('docs/saving.md'));
    const size = (game: string) => bundles.find((b) => b.game === game)!.stored.length;
    const modulesOf = (game: string) => bundles.find((b) => b.game === game)!.modules;
    /** What a game's firmware leaves of Storage: less its bundle and its modules' file, with their headers. */
    const left = (game: string) => STORAGE - storedFirmwareBytes(bundles.find((b) => b.game === game)!);
    /** The modules' file of a game, as stored. */
    const modulesFileBytes = (game: string) => moduleFiles(bundles.find((b) => b.game === game)!, 'stored')[MODULES_FILE].length;

    const sizes = /as stored: ([\d,]+) bytes for the triangle, ([\d,]+) for Ring-a-Peg, ([\d,]+) for fortification billiards, ([\d,]+) for shuffleboard; the budget is ([\d,]+), which (\w+) of them (?:is|are) over today\) and its modules, all in one file \(docs\/flashing.md\), its command check module \(([\d,]+) bytes\), its restore module \(([\d,]+) bytes\), its signer module \(([\d,]+) bytes\), its command handling module \(([\d,]+) bytes\), its command channel module \(([\d,]+) bytes\), its fault module \(([\d,]+) bytes\) and its diagnostics module \(([\d,]+) bytes\) \(each at most, of the four games\), with the file's index \(([\d,]+) bytes\) and a 32-byte header for each of the two files, leave about ([\d.]+)-([\d.]+) KB, (\w+) to (\w+) whole pages/.exec(text);
    assert.ok(sizes, 'docs/saving.md, Where it goes: the firmware sizes');
    const games = ['triangle', 'ringapeg', 'fortress', 'shuffleboard'];
    assert.deepEqual(sizes.slice(1, 5).map(figure), games.map(size));
    assert.equal(figure(sizes[5]), BUNDLE_BUDGET_BYTES);
    assert.equal(count(sizes[6]), games.filter((g) => size(g) > BUNDLE_BUDGET_BYTES).length, 'how many are over');
    const moduleSizes = (name: string) => bundles.flatMap((b) => b.modules.filter((m) => m.name === name).map((m) => m.stored.length));
    for (const [i, name] of [[7, CHECK_MODULE], [8, RESTORE_MODULE], [9, SIGN_MODULE], [10, HANDLE_MODULE], [11, CHANNEL_MODULE], [12, FAULT_MODULE], [13, DIAG_MODULE]] as const) {
      const all = moduleSizes(name);
      assert.ok(Math.abs(figure(sizes[i]) - Math.max(...all)) <= 2, `the ${name} modules are ${all.join(', ')} bytes`);
    }
    assert.equal(figure(sizes[14]), (PARTS + 1) * INDEX_DIGITS, "the modules' file's index");
    const room = games.map(left);
    assert.ok(Math.abs(figure(sizes[15]) - Math.min(...room) / 1000) <= 0.5 && Math.abs(figure(sizes[16]) - Math.max(...room) / 1000) <= 0.5, `${room.join(', ')} bytes left`);
    assert.deepEqual([count(sizes[17]), count(sizes[18])], [Math.floor(Math.min(...room) / PAGE), Math.floor(Math.max(...room) / PAGE)], 'whole pages left');

    // The least room, shuffleboard's: its two modules more, the room they leave, and the whole chunks of log in it.
    const least = /shuffleboard two, its decision module of ([\d,]+) bytes and its matching of a table seen, ([\d,]+) bytes: the least room of all, ([\d,]+) bytes, which leaves (\w+) whole chunk of log beside the page kept free for Storage to compact into \(([\d,]+) bytes; two chunks take ([\d,]+)\)/.exec(text);
    assert.ok(least, 'docs/saving.md, Where it goes: the shuffleboard log');
    assert.deepEqual([1, 2, 3, 5, 6].map((i) => figure(least[i])), [DECIDE_MODULE, MATCH_MODULE].map((name) => moduleSizes(name)[0]).concat(left('shuffleboard'), left('shuffleboard') - PAGE, 2 * CHUNK));
    assert.equal(Math.min(...room), left('shuffleboard'), 'the least room');
    assert.equal(count(least[4]), Math.floor((left('shuffleboard') - PAGE) / CHUNK));

    // A paired board's two small files of its key and counter (firmware/signer.ts: `k`, the key's 32 digits, a newline,
    // a 32-bit value and a newline), each in whole words after its header: in what the whole chunks leave over, but on
    // the board whose chunks leave less.
    const keyFile = HEADER + Math.ceil((1 + 32 + 1 + String(2 ** 32 - 1).length + 1) / 4) * 4;
    const leftOver = async (game: string) => left(game) - PAGE - (await logChunksOf(game)) * PAGE;
    const paired = /two small files, at most ([\d,]+) bytes each with their headers \(docs\/security.md\), which fit in what the whole chunks leave over on every board but shuffleboard's: its chunk leaves ([\d,]+) bytes, and the two files take up to ([\d,]+) bytes of the page kept free/.exec(text);
    assert.ok(paired, "docs/saving.md, Where it goes: a paired board's key files");
    assert.deepEqual(paired.slice(1).map(figure), [keyFile, await leftOver('shuffleboard'), 2 * keyFile - (await leftOver('shuffleboard'))]);
    for (const game of games.filter((g) => g !== 'shuffleboard')) assert.ok((await leftOver(game)) >= 2 * keyFile, `${game}: ${await leftOver(game)} bytes left over`);

    // The heaviest log, fortification billiards': its room less a page kept free for compaction, in whole chunks, and the strokes it holds.
    const fortress = /For fortification billiards, the heaviest log: ([\d,]+) bytes less the firmware's ([\d,]+) and its modules' file of ([\d,]+) \((\w+) modules and the index\), with their two 32-byte headers, leave ([\d,]+); less one whole page \(([\d,]+)\) kept free for Storage to compact into, ([\d,]+); that is (\w+) whole chunks, ([\d,]+) bytes of log. It holds (\d+) strokes at the example game's (\d+) bytes a stroke, or (\d+) heavy ones \((\d+) bytes\): the example games \((\d+) and (\d+) strokes, ([\d.]+) and ([\d.]+) KB\) fit (\w+) times over or more, but a long game of (\d+) strokes \((\d+) KB\) no longer fits whole/.exec(text);
    assert.ok(fortress, 'docs/saving.md, Where it goes: the fortress log');
    const chunks = Math.floor((left('fortress') - PAGE) / CHUNK);
    const log = chunks * CHUNK;
    const examples = ['fortress-game', 'fortress-penalties'].map(exampleLog);
    const strokes = examples.map((e) => e.records.filter((r) => r.k === 'stroke').length);
    const perStroke = Math.round(examples[0].bytes / strokes[0]);
    const heavy = figure(fortress[13]);
    const long = figure(fortress[19]);
    assert.deepEqual([1, 2, 3, 5, 6, 7].map((i) => figure(fortress[i])), [STORAGE, size('fortress'), modulesFileBytes('fortress'), left('fortress'), PAGE, left('fortress') - PAGE]);
    assert.equal(count(fortress[4]), modulesOf('fortress').length, 'its modules');
    assert.deepEqual([count(fortress[8]), figure(fortress[9])], [chunks, log]);
    assert.deepEqual([figure(fortress[10]), figure(fortress[11]), figure(fortress[12])], [Math.floor(log / perStroke), perStroke, Math.floor(log / heavy)]);
    assert.deepEqual([figure(fortress[14]), figure(fortress[15]), figure(fortress[16]), figure(fortress[17])], [...strokes, ...examples.map((e) => Math.round(e.bytes / 100) / 10)]);
    assert.equal(count(fortress[18]), Math.floor(log / Math.max(...examples.map((e) => e.bytes))), 'how many times over the examples fit');
    assert.ok(long * perStroke > log && Math.round((long * perStroke) / 1000) === figure(fortress[20]), `a game of ${long} strokes: ${long * perStroke} bytes, in a log of ${log}`);
    // Back within the budget: the chunks a bundle of 16 KB with its diagnostics module leaves.
    const [within] = /within its 16 KB budget, (\w+) chunks fit still/.exec(text)!.slice(1);
    const file = (bytes: number) => HEADER + Math.ceil(bytes / 4) * 4;
    assert.equal(count(within), Math.floor((STORAGE - file(BUNDLE_BUDGET_BYTES) - file(modulesFileBytes('fortress')) - PAGE) / CHUNK));
  });
});
