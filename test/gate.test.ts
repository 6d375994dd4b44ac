// The gate's own checks, on small programs whose fate on Espruino is known
// (docs/espruino.md, Platform facts, and runs in the real interpreter).
import assert from 'node:assert/strict';
import { checkBundle, checkEs5Syntax, findBranchVars, findFreeNames, findMissingApis, findShadowedGlobals, findUseBeforeDeclare } from '../tools/gate';
import { callShared, constantsInPlace, declareBeforeUse, espruinoGlobals, minifyEs5 } from '../tools/es5';

const messages = (problems: { message: string }[]) => problems.map((p) => p.message).join('\n');

describe('compatibility gate: static checks', () => {
  const newerSyntax: [string, string][] = [
    ['destructuring', 'var o = {a: 1}; var {a} = o;'],
    ['default parameter', 'function f(a = 1) { return a; }'],
    ['rest parameter', 'function f(...a) { return a; }'],
    ['spread', 'var a = [1]; var b = [...a];'],
    ['computed key', 'var k = "x"; var o = {[k]: 1};'],
    ['exponent', 'var x = 2 ** 3;'],
    ['optional chaining', 'var o = {}; var x = o?.a;'],
    ['arrow', 'var f = () => 1;'],
    ['let', 'let x = 1;'],
    ['class', 'class A {}'],
    ['template', 'var s = `x`;'],
  ];
  for (const [what, code] of newerSyntax) {
    it(`rejects ${what}`, () => assert.equal(checkEs5Syntax(code).length, 1));
  }
  it('flags a top-level name that replaces an Espruino global, not a local of that name', () => {
    const globals = espruinoGlobals();
    assert.ok(globals.indexOf('D1') >= 0 && globals.indexOf('E') >= 0 && globals.indexOf('NRF') >= 0);
    assert.match(messages(findShadowedGlobals('function D1(){} var a = 1, E = 2;', globals)), /D1[^]*E replaces/);
    assert.deepEqual(findShadowedGlobals('function f(){ var E = 1; return E; } var a = f();', globals), []);
  });
  it('the minifier names no variable after a word the interpreter reserves and JavaScript does not (`of`, `static`)', async () => {
    // (Past the first 54 names it names them in two letters and more: 3,000 used names go through every pair. A
    // function's parameters are named as its variables are, and give the compressor far less to do: 0.9 s here, where
    // 3,000 variables each given a value took 4.8 s, and some 8 s of a CI run.)
    const names = Array.from({ length: 3000 }, (_, i) => `v${i}`);
    const { code } = await minifyEs5(`print((function (${names.join(', ')}) { return [${names.join(', ')}]; }).apply(null, [Math.random()]));`);
    assert.ok(/\bab\b/.test(code), 'two-letter names were given');
    assert.doesNotMatch(code, /\b(of|static)\b/);
  });
  it('accepts plain ES5', () => assert.deepEqual(checkEs5Syntax('var a = [1, 2]; function f(x) { return x + 1; } f(a[0]);'), []));

  const missing: [string, string, string][] = [
    ['Map', 'var m = new Map();', 'missing global: Map'],
    ['Symbol', 'var s = Symbol("x");', 'missing global: Symbol'],
    ['Array.from', 'var a = Array.from([1]);', 'Array.from'],
    ['Number.isInteger', 'var b = Number.isInteger(3);', 'Number.isInteger'],
    ['Math.imul', 'var c = Math.imul(3, 4);', 'Math.imul'],
    ['Object.freeze', 'Object.freeze({});', 'Object.freeze'],
    ['Array.prototype', 'var s = Array.prototype.slice;', 'Array.prototype'],
    ['lastIndexOf', 'var i = [1].lastIndexOf(1);', '.lastIndexOf()'],
    ['Object.create with descriptors', 'Object.create({}, {a: {value: 1}});', 'Object.create'],
  ];
  for (const [what, code, expected] of missing) {
    it(`flags ${what}`, () => assert.match(messages(findMissingApis(code)), new RegExp(expected.replace(/[.()]/g, '\\$&'))));
  }
  it('does not flag a local named like a missing global, or what Espruino has', () => {
    assert.deepEqual(findMissingApis('function f(Map) { return Map; } var o = {Set: 1}; o.Set = 2; Object.assign({}, o); [].slice.call(o);'), []);
  });

  it('the build moves a var the minifier left after a return to the start of its function', () => {
    // What Terser made of an inlined helper: the assignment would make n a global on the chip.
    const inlined = 'var n=function(x){return x};function f(a){return{m:a.u>=0?(n=a.u,e=n+1):null};var n,e}';
    assert.match(messages(findUseBeforeDeclare(inlined)), /'n' is used before its declaration/);
    const moved = declareBeforeUse(inlined);
    assert.equal(moved, 'var n=function(x){return x};function f(a){var n,e;return{m:a.u>=0?(n=a.u,e=n+1):null};}');
    assert.deepEqual(findUseBeforeDeclare(moved), []);
  });

  it('flags a top-level call before the function declaration', () => {
    assert.match(messages(findUseBeforeDeclare('f();\nfunction f() {}')), /'f' is used before its declaration/);
  });
  it('flags a call before a nested function declaration (Espruino hoists nowhere)', () => {
    assert.match(messages(findUseBeforeDeclare('function outer() { return inner(); function inner() { return 1; } }')), /'inner'/);
  });
  it('takes a catch clause\'s name as its own, not the function\'s later var', () => {
    assert.deepEqual(findUseBeforeDeclare('function f(g) { try { g(); } catch (n) { return n.message; } var n = 1; return n; }'), []);
    assert.match(messages(findUseBeforeDeclare('function f(g) { try { g(); } catch (e) { return n; } var n = 1; return n; }')), /'n'/);
  });
  it('does not take a function\'s own locals for the outer names they shadow', () => {
    assert.deepEqual(findUseBeforeDeclare('function c(n) { var e = 2; return n + e; }\nvar a = c(1);\nfunction e(x) { return x; }'), []);
  });
  it('flags calling an earlier function that reads a later name', () => {
    const problems = findUseBeforeDeclare('function a() { return b(); }\nvar x = a();\nfunction b() { return 1; }');
    assert.match(messages(problems), /calling 'a' here reads 'b'/);
  });
  it('accepts functions that only refer to later names from bodies run later', () => {
    assert.deepEqual(findUseBeforeDeclare('function a() { return b(); }\nfunction b() { return 1; }\nvar x = a();'), []);
    assert.deepEqual(findUseBeforeDeclare('var t = setInterval(function () { tick(); }, 1);\nfunction tick() {}'), []);
  });

  it('flags a var declared in a branch and read after it', () => {
    assert.match(messages(findBranchVars('function f(c) { if (c) { var x = 1; } return x; }')), /'x' is read outside/);
    assert.match(messages(findBranchVars('function f(c) { try { var z = 3; } catch (e) {} return z; }')), /'z'/);
  });
  it('accepts loop-head vars and vars read within their block', () => {
    assert.deepEqual(findBranchVars('function f(a) { for (var i = 0; i < a.length; i++) { var v = a[i]; a[i] = v + 1; } return i; }'), []);
    assert.deepEqual(findBranchVars('function f(c) { var x; if (c) { x = 1; } return x; }'), []);
  });
  it('takes a catch clause\'s name as the clause\'s own', () => {
    assert.deepEqual(findBranchVars('function f(c) { try { g(); } catch (r) { h(r); } if (c) { var r = 1; k(r); } }'), []);
    assert.match(messages(findBranchVars('function f(c) { try { g(); } catch (e) { h(r); } if (c) { var r = 1; } }')), /'r'/);
  });
  it('accepts a nested function that declares its own var of the same name', () => {
    assert.deepEqual(findBranchVars('function f(c) { if (c) { var x = 1; f(x); } var g = function (x) { return x; }; var h = function () { var x = 2; return x; }; }'), []);
    assert.match(messages(findBranchVars('function f(c) { if (c) { var x = 1; } var g = function () { return x; }; }')), /'x'/);
  });

  it('finds names read that no scope around them declares, nor the interpreter', () => {
    const free = (code: string) => findFreeNames(code, ['Math']).map((p) => p.message.split("'")[1]);
    assert.deepEqual(free('function f(a) { return a + b + Math.x; }'), ['b']);
    assert.deepEqual(free('var f = function g() { return g; }; function h() { var q; return function () { return q + r + arguments.length; }; }'), ['r']);
    // A var of a function inside is its own, not the outer one's; a caught name is its block's; labels are no names.
    assert.deepEqual(free('function f() { function g() { var x; } return x; }'), ['x']);
    assert.deepEqual(free('try { t(); } catch (e) { e.m; } function t() {} a: for (;;) { break a; }'), []);
    assert.deepEqual(free('h(); function h() { return o.p; }'), ['o']);
  });

  it('reports the line of each problem', () => {
    const problems = checkBundle('var a = 1;\nvar b = new Set();\n');
    assert.equal(problems[0].line, 2);
  });
});

describe('build: a module calls the bundle\'s shared functions', () => {
  it('drops its own copy, calls the bundle\'s name, and renames a name of its own that would hide it', () => {
    const module = 'function refusal(c) { return { code: c }; }\nfunction f(i) { var n = refusal(i); return n.refusal ? 0 : n; }\n$.x = function (x) { try { return f(x); } catch (i) { return refusal(i); } };\n';
    const out = callShared(module, new Map([['refusal', 'i'], ['sendLine', 'f']]));
    assert.deepEqual(out.calls, ['i'], 'calls only what it had a copy of');
    assert.doesNotMatch(out.code, /function refusal/);
    // (The property `refusal` is no name: kept.)
    assert.match(out.code, /var n = i\(i\$\); return n\.refusal \? 0 : n;/);
    assert.match(out.code, /catch \(i\$\) \{ return i\(i\$\); \}/);
    const run = new Function('i', '$', out.code + 'return $.x;') as (i: (c: unknown) => unknown, m: { x?: unknown }) => (x: unknown) => unknown;
    assert.deepEqual(run((c) => ({ bundle: c }), {})(7), { bundle: 7 });
  });

  it('keeps its copy of a function when a name of its own has the form a renamed one would take', () => {
    const module = 'function refusal(c) { return c; }\nvar i$ = 1;\n$.x = refusal;\n';
    assert.deepEqual(callShared(module, new Map([['refusal', 'i']])), { code: module, calls: [] });
  });

  it('keeps its copy of a function whose name it declares elsewhere too', () => {
    const module = 'function refusal(c) { return c; }\nfunction g() { var refusal = 1; return refusal; }\n$.x = refusal;\n';
    assert.deepEqual(callShared(module, new Map([['refusal', 'i']])), { code: module, calls: [] });
  });
});

describe("build: a module's top-level numeric constants written in place (constantsInPlace)", () => {
  it('writes a constant in place where it costs at most the bytes given, and leaves a local of the same name, a longer one, and the rest of its declaration', () => {
    const code = 'var a=38,b=12345.678,c=function(){return a+b*b-b},d=function(a){return a*2};x(a.toFixed(1),c,d);';
    const out = constantsInPlace(code, 2);
    // `a` (38) in place, its member access in parentheses; the local `a` of d untouched; `b`, a long literal used thrice, kept.
    assert.equal(out, 'var b=12345.678,c=function(){return 38+b*b-b},d=function(a){return a*2};x((38).toFixed(1),c,d);');
    assert.equal(new Function('x', out + 'return c()')(() => 0), 38 + 12345.678 * 12345.678 - 12345.678);
  });
  it('refuses code whose own commas it could not tell from those of the declarations it empties (a sparse array, a string)', () => {
    assert.throws(() => constantsInPlace('var a=1;x([1,,2],a);', 2), /of its own/);
    assert.throws(() => constantsInPlace('var a=1;x("a,;b",a);', 2), /of its own/);
  });
});
