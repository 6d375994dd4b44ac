// The build lets go of a bundle's top-level functions that only its boot
// calls (tools/boot-only.ts): each case runs the program before and after, so
// a function still needed later would show as a TypeError here.
import assert from 'node:assert/strict';
import { bootOnlyFunctions, freeBootOnly } from '../tools/boot-only';
import { runScriptInEspruino } from '../tools/espruino-run';
import { needsEspruino } from './real-interpreter';

/** Runs `code` (a script), then each later call kept in `later`, and returns what they gave. */
function run(code: string): unknown[] {
  const later: (() => unknown)[] = [];
  new Function('later', code)(later);
  return later.map((f) => f());
}

describe('boot-only functions', () => {
  const cases: [string, string, string[]][] = [
    ['a maker called at boot alone', 'function make(n){return function(){return n}} later.push(make(1));', ['make']],
    ['one a kept closure calls', 'function twice(n){return 2*n} function make(n){return function(){return twice(n)}} later.push(make(2));', ['make']],
    ['one the boot\'s own function hands on (its name goes, the function is held)', 'function m(){return 4} (function(){later.push(m)})();', ['m']],
    ['one a kept function of the boot calls', 'function m(){return 5} !function(){later.push(function(){return m()})}();', []],
    ['a helper only a boot-only maker calls (its body runs at boot)', 'function reader(n){return function(){return n}} function make(n){var k=n+1;return reader(k)} later.push(make(8));', ['make', 'reader']],
    ['a helper a boot-only maker hands on (its name goes, the function is held)', 'function reader(){return 9} function make(){return reader} later.push(make());', ['make', 'reader']],
    ['a var holding a function', 'var make=function(n){return function(){return n}}; var x=function(){return 6}(); later.push(make(x));', ['make']],
    ['a local that shadows it, in a kept function', 'function a(){return 7} function b(a){return function(){return a}} later.push(b(a()));', ['a', 'b']],
    ['a catch clause\'s name that shadows it', 'function e(){return 8} later.push(function(){try{throw 1}catch(e){return e}}); later.push(e);', ['e']],
  ];
  for (const [what, code, freed] of cases) {
    it(`${what}: ${freed.length ? 'let go' : 'kept'}, and the program runs the same`, () => {
      assert.deepEqual(bootOnlyFunctions(code).sort(), freed.slice().sort());
      assert.deepEqual(run(freeBootOnly(code)), run(code));
    });
  }
  it('a function the modules call is kept, even if only the boot calls it in the bundle', () => {
    assert.equal(freeBootOnly('function make(){return 1} function send(){return 2} var x=make()+send();', ['send']), 'function make(){return 1} function send(){return 2} var x=make()+send();delete make');
  });
  it('a freed name is deleted after the boot, its function with it, in the real interpreter (when ESPRUINO is set)', function () {
    const freed = freeBootOnly('function make(){return 1} var x=make();');
    assert.match(freed, /;delete make$/);
    needsEspruino(this, 'run the freed program in');
    // Node keeps a declared global whatever delete says; the chip's interpreter lets it go, name and all.
    const out = runScriptInEspruino(freed + '\nprint("RESULT"+JSON.stringify([typeof make,"make" in global,x]));');
    assert.equal(/RESULT(.*)/.exec(out)![1], JSON.stringify(['undefined', false, 1]));
  });
});
