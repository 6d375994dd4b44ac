// The build pipeline for device code: esbuild bundles TypeScript into one
// script, Babel lowers its syntax to ES5, Terser minifies. Each step does the
// one thing it does well (docs/espruino.md, Build tools: esbuild cannot lower to ES5, SWC's
// helpers need Object.create with descriptors, tsc's need hoisting).
import * as esbuild from 'esbuild';
import { transformAsync } from '@babel/core';
import { minify } from 'terser';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import * as acorn from 'acorn';
import * as walk from 'acorn-walk';
import { pretokenise } from './tokenise';
import { freeBootOnly } from './boot-only';
import { buildKey, cached, keep } from './build-cache';
import { ROOT } from './games';
import { MODULE_ARGUMENT } from '../firmware/modules';

const FIRMWARE_DEVICE = resolve(join(ROOT, 'firmware', 'device.ts'));

/**
 * An entry: a file, or TypeScript source whose imports resolve from `dir`. Source for a module a board loads
 * (firmware/modules.ts) assigns its exports to the global named `moduleExports`, which becomes LOADER_EXPORTS once
 * bundled: esbuild would wrap source naming `module` as CommonJS, in helpers the interpreter cannot run.
 */
export type Entry = string | { source: string; dir: string; moduleExports?: string };

/**
 * What a module's code assigns its exports to: a property of the loader's one argument (firmware/modules.ts,
 * loadModule), a name no build gives a name of its own (mangle's reserved names). Stored with every module, as
 * `module.exports` it took 11 bytes more each: some 100 of shuffleboard's Storage.
 */
export const LOADER_EXPORTS = MODULE_ARGUMENT + '.x';

/** `code` with its one assignment to the global `name` made an assignment to LOADER_EXPORTS. */
export function asModuleExports(code: string, name: string): string {
  const assignment = new RegExp(`(^|[^\\w$.])${name} = `, 'g');
  const found = code.match(assignment) || [];
  if (found.length !== 1) throw new Error(`a module's source must assign ${name} once (found ${found.length})`);
  return code.replace(assignment, (_all, before: string) => `${before}${LOADER_EXPORTS} = `);
}

/** What a board's bundle carries beyond the core (firmware/device.ts), and what its game may shorten. */
export interface BoardFeatures {
  /** The scanner's settle groups: only for a game that declares some. */
  settleGroups: boolean;
  /** The kinds of bank its board has (hal/types.ts): only their drivers are carried. */
  bankKinds: string[];
  /** Property names the game uses only inside itself, shortened beside INTERNAL_PROPERTIES. */
  internalProperties: string[];
}

/** Every feature, for code that is not one board's (benchmarks, tests of parts). */
export const ALL_FEATURES: BoardFeatures = { settleGroups: true, bankKinds: ['gpio', 'pins', 'chain', 'analog'], internalProperties: [] };

/** firmware/device.ts as a board's bundle has it: ON_DEVICE true, and its features; the minifier drops the rest. */
function onDevice(features: BoardFeatures): esbuild.Plugin {
  const has = (kind: string) => features.bankKinds.includes(kind);
  return {
    name: 'on-device',
    setup(build) {
      build.onLoad({ filter: /device\.ts$/ }, (args) => resolve(args.path) !== FIRMWARE_DEVICE ? undefined : {
        contents: `export const ON_DEVICE = true;\nexport const SETTLE_GROUPS = ${features.settleGroups};\n`
          + `export const GPIO_BANKS = ${has('gpio')};\nexport const PIN_BANKS = ${has('pins')};\nexport const SHIFT_CHAINS = ${has('chain')};\n`
          + `export const DIGITAL_BANKS = ${has('gpio') || has('pins') || has('chain')};\nexport const ANALOG_BANKS = ${has('analog')};\n`,
        loader: 'ts',
      });
    },
  };
}

/** Bundles one entry into a single script (no imports left, nothing fetched at upload). */
export async function bundle(entry: Entry, features: BoardFeatures = ALL_FEATURES): Promise<string> {
  const result = await esbuild.build({
    ...(typeof entry === 'string' ? { entryPoints: [entry] } : { stdin: { contents: entry.source, resolveDir: entry.dir, loader: 'ts' as const } }),
    bundle: true,
    // No wrapper function: code at the top level keeps no scope, so each of its
    // functions costs a JsVar or two less on the chip than inside an IIFE, and
    // the closures it makes hold one scope instead of a copied array of scopes.
    format: 'esm',
    // Late target: esbuild leaves syntax alone and adds no helpers of its own.
    target: 'esnext',
    platform: 'neutral',
    write: false,
    // Paths in its comments from the project's folder, wherever the command runs: the same bundle (and build, read
    // back from tools/build-cache.ts) from any working folder.
    absWorkingDir: ROOT,
    legalComments: 'none',
    logLevel: 'silent',
    plugins: [onDevice(features)],
  });
  return result.outputFiles[0].text;
}

/** Lowers modern syntax to ES5 in loose mode: plain prototype methods, indexed for-of. */
export async function toEs5(code: string): Promise<string> {
  const result = await transformAsync(code, {
    // Babel looks its plugins up from its working folder: the project's, wherever the command runs.
    cwd: ROOT,
    babelrc: false,
    configFile: false,
    sourceType: 'script',
    compact: false,
    // for-of is allowed over arrays only (docs/espruino.md), so no iterator helper.
    plugins: [['@babel/plugin-transform-for-of', { assumeArray: true }]],
    presets: [['@babel/preset-env', {
      targets: { ie: '11' },
      loose: true,
      modules: false,
      exclude: ['transform-regenerator', 'transform-async-to-generator', 'transform-typeof-symbol'],
    }]],
    assumptions: {
      iterableIsArray: true,
      noClassCalls: true,
      setPublicClassFields: true,
      setClassMethods: true,
      noDocumentAll: true,
      setSpreadProperties: true,
      constantReexports: true,
      ignoreFunctionLength: true,
      superIsCallableConstructor: true,
    },
  });
  if (!result || result.code == null) throw new Error('ES5 lowering produced nothing');
  return result.code;
}

/**
 * Every global the interpreter defines (from @types/espruino): top-level names
 * are mangled too, and must never shadow one (`D1` is a pin, `E` the system);
 * nor may a name be one of its reserved words.
 */
export function espruinoGlobals(): string[] {
  const require = createRequire(import.meta.url);
  const types = readFileSync(require.resolve('@types/espruino/index.d.ts'), 'utf8');
  const names = new Set(['global', 'require', 'exports', 'module', 'process', 'console', 'Math', 'JSON', 'Object', 'Array', 'String', 'Number', 'Boolean', 'Date', 'Error', 'Function', 'Infinity', 'NaN', 'undefined', 'eval', 'isNaN', 'isFinite', 'parseInt', 'parseFloat', 'arguments',
    // (The interpreter's, which its types declare as interfaces only or not at all.)
    'RegExp', 'Promise', 'ArrayBuffer', 'DataView', 'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array',
    'setInterval', 'setTimeout', 'clearInterval', 'clearTimeout', 'shiftOut', 'SPI']);
  for (const m of types.matchAll(/^declare (?:const|let|var|function|class|namespace) ([A-Za-z_$][\w$]*)/gm)) names.add(m[1]);
  // (The interpreter's reserved words that JavaScript has not: a variable so named is a syntax error on a board.)
  names.add('of');
  names.add('static');
  return Array.from(names);
}

/**
 * Property names the firmware uses only inside itself, which the minifier may
 * shorten: on the chip every use of a name is its full text, so a long name
 * costs bytes each time it is written. All other property names are kept: the
 * phone protocol, saved records, commands and Espruino's own APIs use them.
 * A game's own such names (its state's keys) are listed in its folder
 * (firmware/games/<id>/internal-names.ts) and shortened in its bundle only.
 * test/bundles.test.ts checks that none of these crosses JSON, names an
 * Espruino or JavaScript API, or is spelt in a string, and that the shortened
 * bundle talks to a phone just as the readable one does.
 */
export const INTERNAL_PROPERTIES = [
  // Hardware layer (hal/types.ts)
  'banks', 'buttons', 'clock', 'radio', 'store', 'ticker', 'onPress', 'onData', 'pairing', 'advertise', 'append', 'reader',
  // Board data (firmware/board.ts, hal/types.ts: a bank's driver options)
  'gpios', 'chips', 'invert', 'loadPin',
  // Scanner, diagnostics, sensing
  'sensors', 'holds', 'channels', 'settle', 'chs', 'capacity', 'rawChanges', 'poll', 'drain', 'count', 'sense', 'scanner', 'walkState', 'progressed', 'report',
  // Game modules and the runtime
  'changes', 'refused', 'args', 'pollMs', 'interpreter', 'layout', 'fields', 'commands', 'games', 'edit', 'paired', 'handle', 'prompt', 'held', 'tick', 'show', 'stand', 'doneLine', 'bucketFull', 'busySaid',
  'config', 'modules', 'access', 'confirmMs', 'button',
  // The runtime's parts (firmware/status.ts, play.ts, watch.ts)
  'active', 'diagnostics', 'note', 'noteUntil', 'sound', 'sensedMoves', 'playing', 'current', 'stateNow', 'begin', 'play', 'takeBack',
  'endTold', 'slow', 'distrust', 'dropping', 'accused', 'mod', 'announce', 'waiting', 'inPlay', 'screen', 'undoStep', 'lineStep', 'redraw', 'tellAt',
  // A game's interpreter's parts beyond a mode's (firmware/sensing.ts)
  'keeps', 'lies', 'diagnose', 'faults',
  // A restored game (firmware/persist.ts)
  'pending', 'cut', 'lastMove',
  // The signer's state (firmware/signer.ts)
  'signerState', 'signKey', 'counter', 'written',
];

/** Shortened property names: each internal name's short one in a bundle. */
export type PropertyNames = Map<string, string>;

/**
 * Minifies ES5 code. Local names, INTERNAL_PROPERTIES and `internal` are mangled, other property names are kept.
 * With `names` (a bundle's), its properties get the same short names as there, in one pass: for a module the
 * bundle loads, which must reach the bundle's objects by the names the bundle gave them.
 */
export async function minifyEs5(code: string, internal: string[] = [], names?: PropertyNames, sourceMap = false, reserved: string[] = []): Promise<{ code: string; names: PropertyNames; map?: { map: SourceMap; mapped: string }; topLevel: Map<string, string> }> {
  const options = (cache: { props?: Map<string, string> | Record<string, string> }) => ({
    ecma: 5 as const,
    toplevel: true,
    // Full inlining: a function used once becomes code in place, not a function
    // object kept for good (about 30 JsVars a bundle). Espruino does not hoist: a
    // `var` inlining leaves after a `return` is moved up (declareBeforeUse), and the
    // gate checks the rest (test/bundles.test.ts, tools/gate.ts).
    // booleans off: `true` stays a one-byte token when stored, where `!0` would be two.
    compress: { passes: 3, inline: 3 as const, keep_fargs: false, booleans: false },
    mangle: { reserved: espruinoGlobals().concat(reserved, MODULE_ARGUMENT), properties: { builtins: true, regex: new RegExp('^(?:' + INTERNAL_PROPERTIES.concat(internal).join('|') + ')$'), cache } },
    // Function expressions passed as arguments are not wrapped in parentheses: two bytes each.
    format: { ascii_only: true, wrap_func_args: false },
  });
  // The minifier names shortened properties in the order it meets them; a board stores every use of a
  // name in full, so a second pass gives the shortest names to the properties used most.
  let given = names && new Map(names);
  if (!given) {
    const first: { props?: Map<string, string> } = {};
    const once = await minify(code, options(first));
    if (once.code == null) throw new Error('minifier produced nothing');
    given = shortestForMostUsed(once.code, first.props || new Map(), INTERNAL_PROPERTIES.concat(internal));
  }
  const cache = { props: given };
  // (The top-level names the minifier gave, by the names they had: `$name` keys.)
  const nameCache: { vars?: { props?: Record<string, string> } } = {};
  const result = await minify(code, { ...options(cache), nameCache, ...(sourceMap ? { sourceMap: { asObject: true } } : {}) });
  if (result.code == null) throw new Error('minifier produced nothing');
  const topLevel = new Map(Object.entries(nameCache.vars?.props || {}).map(([name, given]) => [name.slice(1), given]));
  // The map is of the minifier's output (`mapped`), before the small rewrites after it.
  return { code: declareBeforeUse(bareGlobals(undefinedAsWord(integerLiterals(result.code)))), names: cache.props, map: sourceMap ? { map: result.map as SourceMap, mapped: result.code } : undefined, topLevel };
}

/**
 * The bundle's functions a module calls as the bundle's own rather than carrying a copy of (some 35-45 bytes of
 * Storage each, in each module that has one): a bundle runs at the top level, so its functions are globals, by the
 * short names the minifier gave them, and a module sees them.
 */
export const SHARED_FUNCTIONS = ['sendLine', 'refusal', 'loadModule', 'flag', 'sealed'];

/** Of SHARED_FUNCTIONS, those a bundle (`code`, minified, its top-level names `topLevel`) declares as top-level functions: their names there. */
function sharedIn(code: string, topLevel: Map<string, string>): Map<string, string> {
  const declared = new Set((acorn.parse(code, { ecmaVersion: 5 }).body as acorn.Node[]).filter((n) => n.type === 'FunctionDeclaration').map((n) => ((n as acorn.FunctionDeclaration).id as acorn.Identifier).name));
  return new Map(SHARED_FUNCTIONS.filter((name) => declared.has(topLevel.get(name) as string)).map((name) => [name, topLevel.get(name) as string]));
}

/**
 * A module's readable code (ES5) calling the bundle's functions `shared` (their names, by the bundle's) instead of its
 * own copies, which go. A name the module declares anywhere else (a variable of its own so named) keeps its copy. A
 * name of the module's own that is one of the bundle's names given is renamed (with a $ after it), not to hide the
 * bundle's: the minifier keeps a reserved name as it finds it.
 */
export function callShared(code: string, shared: Map<string, string>): { code: string; calls: string[] } {
  const ast = acorn.parse(code, { ecmaVersion: 5 });
  const declarations = new Map<string, number>();
  walk.full(ast, (node: any) => {
    const names = node.type === 'VariableDeclarator' ? [node.id] : /^Function/.test(node.type) ? (node.id ? [node.id] : []).concat(node.params) : [];
    for (const id of names) if (id.type === 'Identifier' && shared.has(id.name)) declarations.set(id.name, (declarations.get(id.name) || 0) + 1);
  });
  // (A module with a name of the form a renamed one would take keeps that copy: none does.)
  const copies = (ast.body as any[]).filter((node) => node.type === 'FunctionDeclaration' && shared.has(node.id.name)
    && declarations.get(node.id.name) === 1 && !new RegExp('\\b' + shared.get(node.id.name) + '\\$').test(code));
  const used = new Set(copies.map((n) => n.id.name as string));
  const edits: { at: number; end: number; text: string }[] = copies.map((n) => ({ at: n.start, end: n.end, text: '' }));
  const calls = Array.from(used, (name) => shared.get(name) as string);
  const given = new Set(calls);
  walk.fullAncestor(ast, (node: any, _state: unknown, ancestors: any[]) => {
    if (node.type !== 'Identifier' || !(used.has(node.name) || given.has(node.name))) return;
    const parent = ancestors[ancestors.length - 2];
    if ((parent.type === 'MemberExpression' && parent.property === node && !parent.computed) || (parent.type === 'Property' && parent.key === node)) return;
    if (copies.some((c) => node.start >= c.start && node.end <= c.end)) return;
    edits.push({ at: node.start, end: node.end, text: used.has(node.name) ? shared.get(node.name) as string : node.name + '$' });
  });
  edits.sort((a, b) => b.at - a.at);
  for (const e of edits) code = code.slice(0, e.at) + e.text + code.slice(e.end);
  return { code, calls };
}

/** A source map as the minifier gives it (version 3): `mappings` in base-64 VLQ. */
export interface SourceMap {
  mappings: string;
}

/**
 * The stored bytes of `min` (minified, with `map` back to `source`) by the file each came from: `source` is a
 * bundle's readable form, whose files the bundler marks with a `// path` line before each. Each token is counted
 * as the board stores it alone, so the sum comes near the whole's stored size, not exactly to it.
 */
export function storedBySource(source: string, min: string, map: SourceMap): Map<string, number> {
  // The file of each line of the source.
  const fileOf: string[] = [];
  let file = '(bundle)';
  source.split('\n').forEach((line, i) => {
    const m = /^\/\/ (\S+\.ts)$/.exec(line);
    if (m) file = m[1];
    fileOf[i] = file;
  });
  // Each mapped position of the output (one line: minified code has no newlines but in strings) and its source line.
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const starts: number[] = [];
  const lines: number[] = [];
  let sourceLine = 0;
  let offset = 0;
  const outLines = min.split('\n');
  map.mappings.split(';').forEach((segments, row) => {
    let column = 0;
    for (const segment of segments.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      for (let i = 0, value = 0, shift = 0; i < segment.length; i++) {
        const digit = B64.indexOf(segment[i]);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >> 1) : value >> 1);
          value = shift = 0;
        }
      }
      column += fields[0];
      if (fields.length < 4) continue;
      sourceLine += fields[2];
      starts.push(offset + column);
      lines.push(sourceLine);
    }
    offset += (outLines[row] || '').length + 1;
  });
  const bytes = new Map<string, number>();
  let at = 0;
  for (const t of acorn.tokenizer(min, { ecmaVersion: 5 })) {
    while (at + 1 < starts.length && starts[at + 1] <= t.start) at++;
    const owner = starts.length ? fileOf[lines[at]] : '(bundle)';
    const text = min.slice(t.start, t.end);
    let stored = text.length;
    try {
      stored = pretokenise(text).length;
    } catch (e) {
      // A token alone that is no program (a `/` read as a regular expression): its text.
    }
    bytes.set(owner, (bytes.get(owner) || 0) + stored);
  }
  return bytes;
}

/**
 * Names for shortened properties (`given`: each original name's shortened one in `code`), the shortest for the
 * ones `code` uses most; none is a name `code` keeps as it is, or a reserved word. Each of `all` that `code` does
 * not use (nor keeps) gets a name too, after them: a module the bundle loads reaches it by that name, and so does
 * every other module (named in each module alone, one module's `edit` was another's `n`).
 */
export function shortestForMostUsed(code: string, given: Map<string, string>, all: string[] = []): Map<string, string> {
  const shortened = new Set(given.values());
  const uses = new Map<string, number>();
  const kept = new Set<string>();
  let before: acorn.Token | null = null;
  let last: acorn.Token | null = null;
  for (const t of acorn.tokenizer(code, { ecmaVersion: 5 })) {
    // A property name: after a dot, or a key before a colon in an object literal (after `{` or `,`).
    const name = last && (last.type.label === 'name' || last.type.keyword) ? code.slice(last.start, last.end) : null;
    const isProperty = name !== null && before !== null && (before.type.label === '.' || (t.type.label === ':' && (before.type.label === '{' || before.type.label === ',')));
    if (isProperty && name) {
      if (shortened.has(name)) uses.set(name, (uses.get(name) || 0) + 1);
      else kept.add(name);
    }
    before = last;
    last = t;
  }
  const reserved = new Set(['do', 'if', 'in', 'for', 'let', 'new', 'try', 'var', 'case', 'else', 'enum', 'eval', 'null', 'this', 'true', 'void', 'with', 'NaN']);
  const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ$_';
  // (Not one `code` keeps as it is: a property of one of the interpreter's globals, `global.x`, which the minifier
  // leaves alone.)
  const unused = Array.from(new Set(all)).filter((name) => !given.has(name) && !kept.has(name));
  const names: string[] = [];
  for (let n = 0; names.length < shortened.size + unused.length; n++) {
    // The n-th name: a letter, then letters and digits.
    let name = chars[n % chars.length];
    for (let rest = Math.floor(n / chars.length); rest > 0; rest = Math.floor((rest - 1) / (chars.length + 10))) name += (chars + '0123456789')[(rest - 1) % (chars.length + 10)];
    if (!kept.has(name) && !reserved.has(name)) names.push(name);
  }
  const byUse = Array.from(given.keys()).sort((a, b) => (uses.get(given.get(b)!) || 0) - (uses.get(given.get(a)!) || 0)).concat(unused);
  return new Map(byUse.map((original, i) => [original, names[i]]));
}

/**
 * The minifier writes `undefined` as `void 0`, two bytes when stored, where the
 * word is one: Espruino's pretokeniser makes `undefined` a reserved word's token
 * (tools/tokenise.ts), and the interpreter reads it as the value itself.
 */
export function undefinedAsWord(code: string): string {
  let out = '';
  let at = 0;
  let last: acorn.Token | null = null;
  for (const t of acorn.tokenizer(code, { ecmaVersion: 5 })) {
    if (last && last.type.keyword === 'void' && t.type.label === 'num' && code.slice(t.start, t.end) === '0') {
      out += code.slice(at, last.start) + 'undefined';
      at = t.end;
    }
    last = t;
  }
  return out + code.slice(at);
}

/**
 * Whole numbers the minifier wrote with an exponent (`2e3`) written out (`2000`): the interpreter reads a number
 * with an exponent as a float, which a variable keeps in two JsVars where a whole number takes one
 * (docs/espruino.md, Memory). Stored, the whole number takes about as many bytes: the pretokeniser keeps it as an
 * integer.
 */
export function integerLiterals(code: string): string {
  let out = '';
  let at = 0;
  for (const t of acorn.tokenizer(code, { ecmaVersion: 5 })) {
    const text = code.slice(t.start, t.end);
    if (t.type.label === 'num' && /^\d+e\d+$/.test(text) && Number(text) <= 2147483647) {
      out += code.slice(at, t.start) + String(Number(text));
      at = t.end;
    }
  }
  return out + code.slice(at);
}

/** Espruino's globals the firmware reaches through `global.` (hal/espruino/globals.d.ts): the bundler would take a bare `require`. */
const THROUGH_GLOBAL = ['require'];

/**
 * `global.require` as the bare global it is on the chip: the bundler took `require` for an import, the minifier is
 * done, and no local name can shadow it (espruinoGlobals: none is given either). Seven bytes stored a use.
 */
export function bareGlobals(code: string): string {
  let out = '';
  let at = 0;
  const tokens = Array.from(acorn.tokenizer(code, { ecmaVersion: 5 }));
  for (let i = 0; i + 2 < tokens.length; i++) {
    const [g, dot, name] = [tokens[i], tokens[i + 1], tokens[i + 2]];
    // Not a property `.global.require` of something else.
    const member = i > 0 && tokens[i - 1].type.label === '.';
    const text = (t: acorn.Token) => code.slice(t.start, t.end);
    if (!member && g.type.label === 'name' && text(g) === 'global' && dot.type.label === '.' && THROUGH_GLOBAL.includes(text(name))) {
      out += code.slice(at, g.start);
      at = name.start;
    }
  }
  return out + code.slice(at);
}

/**
 * Inlining can leave a function's `var` declarations after its `return`
 * (`function f(a){return{m:(n=a.u,...)};var n}`): JavaScript hoists them, the
 * interpreter does not, so `n` would be a global there (and could overwrite
 * one). Such trailing declarations, without values, move to the start of
 * their function; the gate (tools/gate.ts) still checks every bundle.
 */
export function declareBeforeUse(code: string): string {
  const edits: { at: number; end: number; text: string }[] = [];
  walk.full(acorn.parse(code, { ecmaVersion: 5 }), (node: acorn.Node) => {
    if (node.type !== 'FunctionDeclaration' && node.type !== 'FunctionExpression') return;
    const body = (node as acorn.Function).body as acorn.BlockStatement;
    const ended = body.body.findIndex((st) => st.type === 'ReturnStatement' || st.type === 'ThrowStatement');
    const names: string[] = [];
    for (const st of body.body.slice(ended + 1)) {
      if (ended < 0 || st.type !== 'VariableDeclaration' || st.declarations.some((d) => d.init)) continue;
      for (const d of st.declarations) names.push((d.id as acorn.Identifier).name);
      edits.push({ at: st.start, end: st.end, text: '' });
    }
    if (names.length) edits.push({ at: body.start + 1, end: body.start + 1, text: 'var ' + names.join(',') + ';' });
  });
  // From the end, so earlier positions stay valid.
  edits.sort((a, b) => b.at - a.at);
  for (const e of edits) code = code.slice(0, e.at) + e.text + code.slice(e.end);
  return code;
}

/**
 * The minified code's top-level numeric constants written in place where that makes it at most `most` bytes longer
 * (the literal in each use, less the name's declaration): a name a module keeps at its top level is a JsVar (two for
 * a fraction) for as long as the module is held. (The minifier keeps a constant whose literal is longer than its
 * short name where it is used often.)
 */
export function constantsInPlace(code: string, most: number): string {
  // (The declarations emptied are tidied by their commas, below: code with such commas of its own, in a string or a
  // sparse array, would be changed where it should not, so it is refused.)
  if (/,,|,;|\bvar ,|\bvar ;/.test(code)) throw new Error('constantsInPlace: the code has ",,", ",;", "var ," or "var ;" of its own');
  // (Babel's scopes: which uses are of the top-level name, not of a local one of that name. Its parser and traverse
  // are not in the types the project has.)
  type Node = { type: string; start: number; end: number; init?: Node | null };
  type Binding = { constant: boolean; path: { node: Node }; referencePaths: { node: Node; parent: Node }[] };
  const babel = createRequire(import.meta.url)('@babel/core') as {
    parseSync(code: string, options: object): object;
    traverse(ast: object, visitor: { Program(path: { scope: { bindings: Record<string, Binding> } }): void }): void;
  };
  const ast = babel.parseSync(code, { sourceType: 'script', configFile: false, babelrc: false });
  const edits: { at: number; end: number; text: string }[] = [];
  babel.traverse(ast, {
    Program(path) {
      for (const [name, b] of Object.entries(path.scope.bindings)) {
        const d = b.path.node;
        if (d.type !== 'VariableDeclarator' || !d.init || d.init.type !== 'NumericLiteral' || !b.constant) continue;
        const literal = code.slice(d.init.start, d.init.end);
        if (b.referencePaths.length * (literal.length - name.length) - (name.length + literal.length + 2) > most) continue;
        // (A member of the number itself, `n.toFixed`, needs its parentheses: `38.` would be a fraction.)
        for (const r of b.referencePaths) edits.push({ at: r.node.start, end: r.node.end, text: r.parent.type === 'MemberExpression' ? '(' + literal + ')' : literal });
        edits.push({ at: d.start, end: d.end, text: '' });
      }
    },
  });
  // From the end, so earlier positions stay valid; then the commas of the declarations emptied.
  edits.sort((a, b) => b.at - a.at);
  for (const e of edits) code = code.slice(0, e.at) + e.text + code.slice(e.end);
  return code.replace(/\bvar ,+/g, 'var ').replace(/,{2,}/g, ',').replace(/,;/g, ';').replace(/\bvar ;/g, '');
}

/** Built device code: readable, minified and stored (pretokenised); its short property names, the shared functions' names, and those it calls. */
export interface DeviceCode {
  debug: string;
  min: string;
  stored: string;
  names: PropertyNames;
  shared: Map<string, string>;
  calls: string[];
}

/**
 * Device code for an entry: readable ES5 (debug), minified ES5, that pretokenised as a board stores it, and the
 * short property names it was given (`names`, when given: a bundle's, for a module it loads); for a bundle, the
 * names of the functions its modules may call as its own (`shared`), and for a module given them, those it calls.
 * `inPlace`: a module's top-level numeric constants written in place where that costs at most so many bytes (constantsInPlace).
 */
export async function buildDeviceCode(entry: Entry, features: BoardFeatures = ALL_FEATURES, names?: PropertyNames, shared?: Map<string, string>, inPlace?: number): Promise<DeviceCode> {
  const bundled = await bundle(entry, features);
  const module = typeof entry !== 'string' && entry.moduleExports;
  // (Built before from the same source, the same way: read back, tools/build-cache.ts. `inPlace` as text: JSON writes
  // NaN and Infinity as null, as it writes undefined.)
  const key = buildKey([bundled, module, features, names && Array.from(names), shared && Array.from(shared), String(inPlace)]);
  const before = cached<Omit<DeviceCode, 'names' | 'shared'> & { names: [string, string][]; shared: [string, string][] }>(key);
  if (before) return { ...before, names: new Map(before.names), shared: new Map(before.shared) };
  const debug = await toEs5(module ? asModuleExports(bundled, module) : bundled);
  // A module given the bundle's `shared` functions calls those it has copies of, and no name of its own may hide them.
  const sharing = module && shared ? callShared(debug, shared) : { code: debug, calls: [] };
  const min = await minifyEs5(sharing.code, features.internalProperties, names, false, sharing.calls);
  // A bundle lets go of the functions only its boot needed, but those its modules call; a module's are held by what
  // it gives.
  if (module && inPlace !== undefined) min.code = constantsInPlace(min.code, inPlace);
  const code = module ? min.code : freeBootOnly(min.code, SHARED_FUNCTIONS.map((name) => min.topLevel.get(name) as string));
  const built: DeviceCode = { debug, min: code, stored: pretokenise(code), names: min.names, shared: module ? new Map() : sharedIn(code, min.topLevel), calls: sharing.calls };
  keep(key, { ...built, names: Array.from(built.names), shared: Array.from(built.shared) });
  return built;
}
