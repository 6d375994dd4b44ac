import assert from 'node:assert/strict';
import {
  createDisplay, scoresLayout, wordLayout, REG_DIGIT, REG_SHUTDOWN,
} from '../firmware/display';
import { fontCases, fontOf, BLANK, SEG_DP } from '../firmware/segments';
import { createMax7219Chain } from '../sim/display-text';
import type { SpiOut } from '../hal/types';

/** What a chain of `modules` modules shows of `text` (read back from the frames, in the canonical form replay prints). */
function shown(text: string, modules = 3): string {
  const chain = createMax7219Chain(modules);
  const display = createDisplay(chain, modules);
  display.setup(8);
  display.show(text);
  return chain.text();
}

describe('display: score layouts', () => {
  // [what, scores, turn, label, expected text]
  const cases: [string, number[], number, string | undefined, string][] = [
    ['two players, player 0 to play', [42, 17], 0, undefined, '  42.  17'],
    ['two players, player 1 to play', [42, 17], 1, undefined, '  42  17.'],
    ['negative scores (fortress F40)', [-5, 12], 1, undefined, '  -5  12.'],
    ['no turn mark when the game is over', [99, 64], -1, undefined, '  99  64'],
    ['three players, label in the free half', [-5, 12, 7], 2, 'E3', '  -5  12|   7.  E3'],
    ['four players, label in its own module', [1, 2, 3, 4], 1, 'b2', '   1   2.|   3   4|b2'],
    ['six players (triangle T1)', [0, 3, 6, 9, 12, 99], 5, undefined, '   0   3|   6   9|  12  99.'],
    ['scores clamped to what 4 cells show', [12345, -1234], 0, undefined, '9999.-999'],
    ['a long label is cut to the free half', [1], 0, 'End 12', '   1.End'],
    ['teams (shuffleboard doubles) are two scores', [11, 21], 1, 'E7', '  11  21.|E7'],
  ];
  for (const [what, scores, turn, label, expected] of cases) {
    it(what, () => assert.equal(shown(scoresLayout(scores, turn, label)), expected));
  }
});

describe('display: words', () => {
  const cases: [string, string][] = [
    ['PEG', 'PEG'], ['FOUL', 'FOUL'], ['UNDO', 'UndO'], ['Err', 'Err'], ['d 12 on', 'd 12 on'],
    ['Error 42 on bank 3', 'Error 42| on bAn| 3'],
    // The passkey and confirmation prompts.
    ['P 123456', 'P 123456'], ['bOth 9', 'bOth 9'],
  ];
  for (const [word, expected] of cases) {
    it(`"${word}" → "${expected}"`, () => assert.equal(shown(wordLayout(word)), expected));
  }
  it('shows any text: canonical spelling, undrawable characters blank, 8 cells a module (the rest cut)', () => {
    assert.equal(shown('WiN  |  '), ' In');
    assert.equal(shown('123456789|12'), '12345678|12');
    assert.equal(shown('1.2.3.4.5.6.7.8.9.|1'), '1.2.3.4.5.6.7.8.|1');
    assert.equal(shown('.1..|123456789.'), ' .1. .|12345678');
  });
  it('the font draws every character the layouts use', () => {
    const glyph = (c: string): number => fontOf(c, fontCases()) & 0xff;
    for (const c of 'PEGFOULUNDOErrdon0123456789-bOthFLASHbE') assert.ok(glyph(c) !== 0, c);
    assert.equal(glyph('O'), glyph('0'), 'O and 0 share a glyph');
    assert.equal(glyph('N'), glyph('n'), 'N borrows n');
    assert.equal(fontOf('N', fontCases()) >> 8, 'n'.charCodeAt(0), 'and is spelt n');
    assert.equal(fontOf('A', fontCases()) >> 8, 'A'.charCodeAt(0), 'a letter with a glyph of its own keeps its spelling');
    assert.equal(glyph('8'), 0x7f, '8 lights A-G');
    assert.equal(fontOf(' ', fontCases()), BLANK, 'space is blank');
    assert.equal(fontOf('.', fontCases()), ('.'.charCodeAt(0) << 8) | SEG_DP, 'a point alone lights just the point');
    for (const c of ['W', 'é', '\u017f', '|']) assert.equal(fontOf(c, fontCases()), BLANK, JSON.stringify(c) + ' cannot be drawn');
  });
});

describe('display: frames', () => {
  /** The frame bytes createDisplay writes for a text. */
  function frameOf(text: string, modules: number): number[] {
    const seen: Uint8Array[] = [];
    createDisplay({ write: (bytes) => { seen.push(bytes); } }, modules).show(text);
    return [...seen[seen.length - 1]];
  }
  it('cells: a point after a character lights that cell; a lone point is a cell of its own', () => {
    const frame = frameOf('1.2..', 1);
    // Row d drives cell 7-d: cells 0, 1, 2, 3 are in rows 7, 6, 5, 4.
    assert.deepEqual([frame[15], frame[13], frame[11], frame[9]], [0x30 | SEG_DP, 0x6d | SEG_DP, SEG_DP, 0]);
  });
  it('rows: digit register 1 drives the rightmost cell; the farthest module is shifted first', () => {
    const frame = frameOf('       8|8', 2); // module 0 rightmost cell, module 1 leftmost cell
    assert.equal(frame.length, 8 * 4);
    assert.deepEqual(frame.slice(0, 4), [REG_DIGIT, 0, REG_DIGIT, 0x7f]);
    assert.deepEqual(frame.slice(28, 32), [REG_DIGIT + 7, 0x7f, REG_DIGIT + 7, 0]);
  });
  it('setup: out of test, no decode, 8 digits scanned, brightness, out of shutdown', () => {
    const chain = createMax7219Chain(2);
    for (const chip of chain.chips) Object.assign(chip, { test: true, decode: 0xff, scanLimit: 0, intensity: 3 });
    createDisplay(chain, 2).setup(9);
    for (const chip of chain.chips) {
      assert.deepEqual({ test: chip.test, decode: chip.decode, scanLimit: chip.scanLimit, intensity: chip.intensity, shutdown: chip.shutdown },
        { test: false, decode: 0, scanLimit: 7, intensity: 9, shutdown: false });
    }
  });

  it('the simulated chain shows nothing before setup (chips power up shut down)', () => {
    const chain = createMax7219Chain(2);
    createDisplay(chain, 2).show('  42  17');
    assert.equal(chain.text(), '');
  });

  // Texts in their canonical form: the chain reads each back as it is.
  const layouts = [
    '  42.  17', '  -5  12|   7.  E3', '   1   2|   3   4|   5   6.', 'PEG', 'FOUL', 'UndO', 'Err', 'd 12 on',
    'P 093517', 'bOth 10', 'FLASH 45', '  15  50',
  ];
  for (const text of layouts) {
    it(`the chain reads back "${text}" from the frame bytes`, () => assert.equal(shown(text), text));
  }

  it('one write per frame, none when the text is unchanged', () => {
    const seen: Uint8Array[] = [];
    const spy: SpiOut = { write: (bytes) => { seen.push(bytes); } };
    const display = createDisplay(spy, 2);
    display.setup(5);
    const before = seen.length;
    display.show('  1  2');
    assert.equal(seen.length, before + 1);
    display.show('  1  2');
    assert.equal(seen.length, before + 1);
    display.show('  1  3');
    assert.equal(seen.length, before + 2);
    assert.equal(seen[before].length, 8 * 2 * 2);
  });

  it('brightness reaches every chip', () => {
    const chain = createMax7219Chain(3);
    const display = createDisplay(chain, 3);
    display.setup(4);
    assert.deepEqual(chain.chips.map((c) => c.intensity), [4, 4, 4]);
    display.setup(15);
    assert.deepEqual(chain.chips.map((c) => c.intensity), [15, 15, 15]);
    display.setup(0);
    assert.deepEqual(chain.chips.map((c) => c.intensity), [0, 0, 0]);
    display.show('  1  2');
    display.setup(7);
    display.show('  1  2');
    assert.equal(chain.text(), '  1  2', 'the text stays');
    assert.deepEqual(chain.chips.map((c) => c.intensity), [7, 7, 7]);
  });

  it('setup again restores a chip that lost its settings; the text then goes out in full', () => {
    const chain = createMax7219Chain(1);
    const display = createDisplay(chain, 1);
    display.setup(8);
    display.show('PEG');
    chain.write(new Uint8Array([REG_SHUTDOWN, 0])); // brown-out
    for (const chip of chain.chips) chip.digits.fill(0); // and the digits lost
    assert.equal(chain.text(), '');
    display.setup(8);
    display.show('PEG');
    assert.equal(chain.text(), 'PEG');
  });

  it('text beyond the chain is not shown', () => {
    const chain = createMax7219Chain(1);
    const display = createDisplay(chain, 1);
    display.setup(8);
    display.show(scoresLayout([1, 2, 3], 0));
    assert.equal(chain.text(), '   1.   2');
  });
});
