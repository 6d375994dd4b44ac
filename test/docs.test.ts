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
import { docText as doc, exampleLog, figure, plain, quoted, tableRows, thousands } from './doc-figures';
import { LOG } from '../firmware/persist';
import { LOG_CHUNK_BYTES } from '../sim/flash';
import { parseScenario, Simulation } from '../sim/replay';
import { simGame as triangleBoard } from '../sim/games/triangle';
/** How far a quoted size may be from the measured one: pages change a little with every edit. */
const SIZE_TOLERANCE = 0.05;

/**
 * A triangle game to 99 of `players` as the simulated board writes it, set up as the example game (scenarios/
 * triangle-game.jsonl), the flicks stopping `stops` from the line in turn, one every 2.5 s as in that game, in a
 * log of `logBytes` (a board's own when not given): its flicks (the log's moves), its log's bytes, and the mean
 * score when a flick was first flagged `not_saved` (null: never).
 */
function triangleGame(players: number, stops: number[], logBytes?: number): { flicks: number; bytes: number; meanWhenFull: number | null } {
  const example = JSON.parse(readFileSync(join(ROOT, 'scenarios', 'triangle-game.jsonl'), 'utf8').split('\n')[0]);
  const sim = new Simulation(parseScenario(JSON.stringify({ ...example, players, ...(logBytes ? { logBytes } : {}) })));
  let meanWhenFull: number | null = null;
  for (let k = 0, t = 1000; sim.firmware!.view().winner === null; k++, t += 2500) {
    assert.ok(k < 1000, 'the game ends');
    sim.add({ t, do: 'flick', stopMm: stops[k % stops.length] });
    const told = sim.out.length;
    // Up to the next flick's time: this one decided (or, short, waiting for the next chip).
    while (sim.t < t + 2500) sim.step(t + 2500);
    if (meanWhenFull === null && sim.out.slice(told).some((l) => /"code":"not_saved"/.test(l))) {
      const scores = sim.firmware!.view().scores as number[];
      meanWhenFull = Math.round(scores.reduce((a, b) => a + b, 0) / players);
    }
  }
  sim.runToEnd();
  const log = sim.hal.store.files[LOG];
  // (Whole records only: a full log's last may be cut short, and is ignored at power-up.)
  return { flicks: log.split('\n').slice(0, -1).filter((r) => r.startsWith('{"k"')).length, bytes: log.length, meanWhenFull };
}

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

  it("docs/saving.md: the triangle games of two to six players to 99, and where a full log leaves them, as the simulated board writes them", () => {
    const rows = tableRows('docs/saving.md', '| players | flicks, as the example\'s | log bytes | flicks, a point each | log bytes |');
    const example = readFileSync(join(ROOT, 'scenarios', 'triangle-game.jsonl'), 'utf8').trim().split('\n').slice(1).map((l) => JSON.parse(l).stopMm as number);
    // Partly over: a point a flick (T3), the turn going on.
    const partly = [8];
    const whole = 1000000;
    const now = [2, 3, 4, 5, 6].map((players) => {
      const [a, b] = [triangleGame(players, example, whole), triangleGame(players, partly, whole)];
      return [String(players), String(a.flicks), thousands(a.bytes), String(b.flicks), thousands(b.bytes)];
    });
    assert.deepEqual(rows, now, 'docs/saving.md, How many players fit a triangle game\'s log: the rows now are\n' + now.map((r) => '| ' + r.join(' | ') + ' |').join('\n'));
    const room = triangleBoard().logChunks! * LOG_CHUNK_BYTES;
    const [logBytes] = quoted('docs/saving.md', /The triangle's log holds ([\d,]+) bytes \(three chunks/);
    assert.equal(logBytes, room);
    // Which fit whole: two players either way, up to six as the example's score; three or more at a point a flick not.
    assert.deepEqual(now.map((r) => [figure(r[2]) <= room, figure(r[4]) <= room]), [[true, true], [true, false], [true, false], [true, false], [true, false]]);
    const [share] = quoted('docs/saving.md', /and six only just \((\d+)% of the log\)/);
    assert.equal(share, Math.round((figure(now[4][2]) / room) * 100));
    const [last, three, four, five, six] = quoted('docs/saving.md', /their log full after its (\d+)th flick, when each of three players has some (\d+) points, of four (\d+), of five (\d+) and of six (\d+)/);
    const full = [3, 4, 5, 6].map((players) => triangleGame(players, partly));
    assert.deepEqual(full.map((g) => g.flicks), [last, last, last, last], 'the flicks a full log holds');
    assert.deepEqual([three, four, five, six], full.map((g) => g.meanWhenFull), 'the points each when it is full');
  });

  it("docs/saving.md: the fortress example game's strokes, things done by hand and bytes", () => {
    const log = exampleLog('fortress-game');
    const count = (k: string) => log.records.filter((r) => r.k === k).length;
    const [strokes, hand, bytes, perStroke] = quoted('docs/saving.md', /The whole example game to 20 \((\d+) strokes, (\d+) things done by hand\) is ([\d,]+) bytes: (\d+) bytes a stroke/);
    assert.deepEqual([strokes, hand, bytes, perStroke], [count('stroke'), count('hand'), log.bytes, Math.round(log.bytes / count('stroke'))]);
  });
});
