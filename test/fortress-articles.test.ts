// Every article of docs/games/fortress.md has a test that cites it: a test
// whose title begins with the article's id (several ids before the first
// colon, as in `F21/F22: ...`). The titles are read from the fortress test
// files as mocha lists them, without running them.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The ids of the page's Rule ids table (F1 ... F42). */
const PAGE_IDS = [...readFileSync('docs/games/fortress.md', 'utf8').matchAll(/^\| `(F\d+)` \|/gm)].map((m) => m[1]);

/** The titles of every test in test/fortress-*.test.ts. */
function titles(): string[] {
  const out = execFileSync(process.execPath, ['node_modules/mocha/bin/mocha.js', '--no-config', '--dry-run', '--reporter', 'json',
    '--node-option', 'import=tsx', 'test/fortress-*.test.ts'], { encoding: 'utf8', maxBuffer: 1 << 24 });
  return (JSON.parse(out).tests as { title: string }[]).map((t) => t.title);
}

/** The ids a title cites: those before its first colon. */
const cited = (title: string): string[] => (title.split(':')[0].match(/\bF\d+\b/g) || []);

describe('fortress articles and their tests', function () {
  this.timeout(60000);

  it('the page states every article the issue asks the board to score', () => {
    const issue = 'F1 F6 F7 F8 F9 F11 F12 F13 F15 F17 F18 F19 F21 F22 F23 F24 F25 F26 F27 F28 F29 F30 F31 F32 F33 F34 F36 F37 F38 F40 F41 F42';
    assert.deepEqual(issue.split(' ').filter((id) => PAGE_IDS.indexOf(id) < 0), []);
  });

  it('every article on the page is cited by a test\'s title, and every id cited is the page\'s', () => {
    const ids = new Set(titles().flatMap(cited));
    assert.deepEqual(PAGE_IDS.filter((id) => !ids.has(id)), [], 'articles no test cites');
    assert.deepEqual([...ids].filter((id) => PAGE_IDS.indexOf(id) < 0), [], 'ids cited that the page does not state');
  });

  it('reads a title\'s ids before its first colon only', () => {
    assert.deepEqual(cited('F21/F22: both advanced forts (F7): -2'), ['F21', 'F22']);
    assert.deepEqual(cited('one fault, one penalty: F22'), []);
  });
});
