// The stored form of a bundle (tools/tokenise.ts): what the interpreter reads
// back must be the program.
import assert from 'node:assert/strict';
import { bootStorage, CATCH_ERRORS, writeToStorage } from '../tools/espruino-run';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pretokenise } from '../tools/tokenise';
import { bareGlobals, integerLiterals, undefinedAsWord } from '../tools/es5';
import { needsEspruino } from './real-interpreter';

describe('pretokenise', () => {
  it('writes the minifier\'s `void 0` as `undefined`, a one-byte word when stored', () => {
    assert.equal(undefinedAsWord('a=void 0;b=void f(0);return void 0===c?void 0:"void 0"'), 'a=undefined;b=void f(0);return undefined===c?undefined:"void 0"');
    assert.equal(pretokenise('x=undefined').length, 3);
  });

  it('writes out the whole numbers the minifier wrote with an exponent (a float to the interpreter), and nothing else', () => {
    assert.equal(integerLiterals('var a=2e3,b=1e15,c=.5e3,d=1.5e3,e=6e4;f("2e3");g.e3=3;h=1e-3'), 'var a=2000,b=1e15,c=.5e3,d=1.5e3,e=60000;f("2e3");g.e3=3;h=1e-3');
  });

  it('writes `global.require` as the bare global, and nothing else that looks like it', () => {
    assert.equal(bareGlobals('a=global.require("Storage");global.Modules.removeCached(n);b=x.global.require;c="global.require";global.x()'),
      'a=require("Storage");global.Modules.removeCached(n);b=x.global.require;c="global.require";global.x()');
  });

  it('the real interpreter reads the stored integers as the same numbers, and `undefined` as the value (when ESPRUINO is set)', function () {
    needsEspruino(this, 'run the stored form in');
    const dir = mkdtempSync(join(tmpdir(), 'tallyboard-tokenise-'));
    try {
      const code = 'var o={};o.sum=1+2+3+4+5+6+7+8+9;o.mix=[9,10,0,-1,-9,127,128,1000,-32768,70000];o.idx=[5,6,7][2];'
        + 'o.cond=o.sum>4?5:6;o.shift=1<<9>>>1;o.neg=-7-3;o.none=[undefined===void 0,typeof undefined];';
      writeToStorage(dir, { '.boot0': CATCH_ERRORS, '.bootcde': pretokenise(code) });
      const booted = bootStorage(dir, { probe: 'o' });
      assert.deepEqual(booted.errors, []);
      assert.deepEqual(booted.probe, { sum: 45, mix: [9, 10, 0, -1, -9, 127, 128, 1000, -32768, 70000], idx: 7, cond: 5, shift: 256, neg: -10, none: [true, 'undefined'] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
