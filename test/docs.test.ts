// What the docs say against what the commands do: a number the docs quote is
// checked against what the command prints (or the function it prints from),
// and a description given in more than one place is the same in each. The
// bundles' sizes and JsVars, and what follows from them, are checked where
// the bundles are built (test/bundles.test.ts).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../tools/games';
import { WEB_DIST, buildWeb, webPages } from '../tools/web';
import { WEB_BUILT_ENV } from './browser';
import { docText as doc, exampleLog, plain, quoted, tableRows, thousands } from './doc-figures';
/** How far a quoted size may be from the measured one: pages change a little with every edit. */
const SIZE_TOLERANCE = 0.05;

describe('docs: what they quote is what the commands print', function () {
  this.timeout(60000);

  it('flash --out: one description, the same in the help, README.md and docs/flashing.md', () => {
    const help = spawnSync(process.execPath, [join(ROOT, 'bin', 'tallyboard.js'), 'flash', '--help'], { encoding: 'utf8' }).stdout;
    // The option's lines: its own, then those indented under it. The help says "write", a page "writes".
    const option = /^ {2}--out FILE +write ((?:.*)(?:\n {4,}.*)*)/m.exec(help);
    assert.ok(option, help);
    const described = plain(option[1]).trim();
    for (const file of ['README.md', 'docs/flashing.md']) assert.ok(plain(doc(file)).includes('--out FILE writes ' + described), `${file} describes --out otherwise than the help: "${described}"`);
  });

  it("docs/companion.md: each page's JavaScript bytes, plain and gzipped, as npm run bench companion prints them", async () => {
    if (!process.env[WEB_BUILT_ENV]) await buildWeb();
    const quoted = new Map<string, number[]>();
    for (const m of doc('docs/companion.md').matchAll(/^ {4}(\w+) +(\d+) +(\d+) +\d+$/gm)) quoted.set(m[1], [+m[2], +m[3]]);
    const measured = webPages().map((page) => {
      const js = readFileSync(join(WEB_DIST, page, 'main.js'));
      return [page, js.length, gzipSync(js, { level: 9 }).length] as const;
    });
    assert.deepEqual([...quoted.keys()].sort(), measured.map(([page]) => page).sort(), 'a row for every page');
    const now = measured.map(([page, bytes, gzipped]) => `${page.padEnd(16)} ${String(bytes).padStart(9)} ${String(gzipped).padStart(9)}`).join('\n');
    for (const [page, bytes, gzipped] of measured) {
      const [qBytes, qGzipped] = quoted.get(page)!;
      for (const [q, m] of [[qBytes, bytes], [qGzipped, gzipped]]) {
        assert.ok(Math.abs(q - m) <= m * SIZE_TOLERANCE, `docs/companion.md quotes ${q} bytes for ${page}, the build makes ${m}; the rows now:\n${now}`);
      }
    }
  });

  it("docs/saving.md: each example's log, its moves and its bytes a move, as the simulated board writes them", () => {
    const rows = tableRows('docs/saving.md', '| game | example | moves | log bytes | bytes a move |');
    assert.ok(rows.length >= 8, 'a row for each example');
    const now = rows.map(([what, example]) => {
      const log = exampleLog(example.replace(/`/g, ''));
      // Moves: the move and undo records; the bytes a move count the begin records too (all but the setup record).
      const moves = log.records.filter((r) => 'k' in r || 'u' in r).length;
      return [what, example, String(moves), thousands(log.bytes), ((log.bytes - log.setupBytes) / moves).toFixed(1)];
    });
    assert.deepEqual(rows, now, 'docs/saving.md, Flash wear: the rows now are\n' + now.map((r) => '| ' + r.join(' | ') + ' |').join('\n'));
  });

  it("docs/saving.md: the fortress example game's strokes, things done by hand and bytes", () => {
    const log = exampleLog('fortress-game');
    const count = (k: string) => log.records.filter((r) => r.k === k).length;
    const [strokes, hand, bytes, perStroke] = quoted('docs/saving.md', /The whole example game to 20 \((\d+) strokes, (\d+) things done by hand\) is ([\d,]+) bytes: (\d+) bytes a stroke/);
    assert.deepEqual([strokes, hand, bytes, perStroke], [count('stroke'), count('hand'), log.bytes, Math.round(log.bytes / count('stroke'))]);
  });
});
