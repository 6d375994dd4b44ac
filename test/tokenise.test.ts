// The stored form of a bundle (tools/tokenise.ts): what the interpreter reads
// back must be the program, in as few bytes as its tokens allow.
import assert from 'node:assert/strict';
import { bootStorage, CATCH_ERRORS, espruinoPath, writeToStorage } from '../tools/espruino-run';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pretokenise } from '../tools/tokenise';
import { undefinedAsWord } from '../tools/es5';
import { needsEspruino } from './real-interpreter';

const RAW_INT8 = '\xd4';
const RAW_INT16 = '\xd5';

describe('pretokenise', () => {
  it('keeps an integer from 1 to 9 as its digit (one byte, where a raw integer takes two)', () => {
    assert.equal(pretokenise('x=7'), 'x=7');
    assert.equal(pretokenise('x=a[1]+9'), 'x=a[1]+9');
  });

  it('stores other integers raw: 0 in one byte, up to 127 in two, up to 32767 in three', () => {
    assert.equal(pretokenise('x=0').length, 3);
    assert.equal(pretokenise('x=10'), 'x=' + RAW_INT8 + '\x0a');
    assert.equal(pretokenise('x=1000'), 'x=' + RAW_INT16 + '\xe8\x03');
    // A negative one is raw too (its minus is part of it), but for -1 to -9, whose text is as short.
    assert.equal(pretokenise('f(-100)'), 'f(' + RAW_INT8 + '\x9c)');
    assert.equal(pretokenise('f(-1)'), 'f(-1)');
  });

  it('keeps a digit apart from what follows it', () => {
    assert.equal(pretokenise('x=y?1:2'), 'x=y?1:2');
    // A digit before a `.` would read as a decimal: that one is raw.
    assert.equal(pretokenise('x=7 .toString()'), 'x=' + RAW_INT8 + '\x07.toString()');
  });

  it('writes the minifier\'s `void 0` as `undefined`, a one-byte word when stored', () => {
    assert.equal(undefinedAsWord('a=void 0;b=void f(0);return void 0===c?void 0:"void 0"'), 'a=undefined;b=void f(0);return undefined===c?undefined:"void 0"');
    assert.equal(pretokenise('x=undefined').length, 3);
  });

  it('the real interpreter reads the stored digits and raw integers as the same numbers, and `undefined` as the value (when ESPRUINO is set)', function () {
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
