// The memory tools' reading of an interpreter's variable dump (tools/jsvar-holders.ts), on dumps written by hand in
// E.dumpVariables' form (`ref,blocks,flags,label,links...`): what each holder alone keeps, and what the calls under
// way hold (what the root does not reach).
import assert from 'node:assert/strict';
import { callLines, holderLines, parseDump } from '../tools/jsvar-holders';

/** A dump: the root (1) links 2 and 3, both link 4 (shared: held by the root, neither alone); 3 alone holds 5. */
const REACHED = ['1,1,1,Object,2,3,', '2,1,28,"a",4,', '3,2,28,"b",4,5,', '4,3,29,String "shared",', '5,4,29,String "b\'s",'];

describe('memory tools: a variable dump', () => {
  it('reads the dump lines and nothing else', () => {
    const vars = parseDump(['>E.dumpVariables()', 'ref,size,flags,name,links...', ...REACHED, '=undefined'].join('\n'));
    assert.deepEqual([...vars.keys()], [1, 2, 3, 4, 5]);
    assert.deepEqual(vars.get(3), { blocks: 2, label: '"b"', links: [4, 5] });
  });

  it('counts for each holder what it alone keeps, the heaviest first', () => {
    const lines = holderLines(parseDump(REACHED.join('\n')), 1, 1);
    assert.deepEqual(lines, [
      '11 JsVars reachable from the root',
      '   6 "b"',
      '     4 String "b\'s"',
      '   3 String "shared"',
      '   1 "a"',
    ]);
  });

  it('counts what only the calls under way hold, a cycle no variable links to among it', () => {
    // 6 holds 7 (a call's scope and a value in it); 8 and 9 link each other, and nothing else links either.
    const held = ['6,1,28,"\\xFFsco",7,', '7,5,29,String "in hand",', '8,2,5,Object,9,', '9,1,28,"x",8,'];
    const lines = callLines(parseDump(REACHED.concat(held).join('\n')), 1);
    assert.equal(lines[0], '9 JsVars held by the calls under way (not reachable from the root)');
    assert.ok(lines.includes('   6 "\\xFFsco"'), lines.join('\n'));
    assert.ok(lines.includes('     5 String "in hand"'), lines.join('\n'));
    // (The cycle is counted whole, 3, under whichever of it comes first.)
    assert.ok(lines.some((l) => /^ {3}3 /.test(l)), lines.join('\n'));
  });

  it('finds nothing held by calls when the root reaches everything', () => {
    assert.deepEqual(callLines(parseDump(REACHED.join('\n')), 1), ['0 JsVars held by the calls under way (not reachable from the root)']);
  });
});
