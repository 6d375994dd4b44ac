// The project's layers: each folder imports only from itself and the folders
// below it, and no files import each other in a loop (type-only imports count:
// they tie the files together as much as any). Checked over the imports of
// every TypeScript file git tracks.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { ROOT } from '../tools/games';

/** The layers, lowest first: the hardware's interfaces and drivers, the firmware, Node utilities, the simulator, the tools, the hub, the web pages, the command-line application, the tests, the benchmarks. */
const LAYERS = ['hal', 'firmware', 'lib', 'sim', 'tools', 'hub', 'web', 'app', 'test', 'bench'];

/** Each file's relative imports: `import ... from`, `export ... from`, `import('...')` (files as the repository names them). */
type Graph = Map<string, string[]>;

/** The files a source imports, by path from the checkout (a specifier that names no file here is left out: a package). */
function importsOf(file: string, source: string, exists: (path: string) => boolean): string[] {
  // Comments out first: they may quote an import.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  for (const m of code.matchAll(/\b(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)) {
    const base = normalize(join(dirname(file), m[1] || m[2]));
    const hit = [base, base + '.ts', join(base, 'index.ts'), base.replace(/\.js$/, '.ts')].find(exists);
    if (hit) found.push(hit);
  }
  return found;
}

/** What breaks the layering in `graph`: imports from a higher layer (or a folder with no layer), and loops of files. */
function layeringProblems(graph: Graph, layers: string[]): string[] {
  const problems: string[] = [];
  const layerOf = (file: string) => layers.indexOf(file.split('/')[0]);
  for (const [file, imports] of graph) {
    if (layerOf(file) < 0) problems.push(`${file}: its folder has no layer`);
    for (const target of imports) {
      if (layerOf(target) > layerOf(file)) problems.push(`${file} imports ${target}, from a layer above it`);
    }
  }
  // Loops: a depth-first walk that meets a file still on its path.
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    path.push(file);
    for (const target of graph.get(file) ?? []) {
      if (state.get(target) === 'open') problems.push(`a loop of imports: ${path.slice(path.indexOf(target)).concat(target).join(' -> ')}`);
      else if (!state.has(target)) visit(target);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return problems;
}

describe('layers: nothing imports upward, no files import each other in a loop', () => {
  it('finds an upward import and a loop where there are some (the check can fail)', () => {
    const graph: Graph = new Map([
      ['firmware/a.ts', ['firmware/b.ts']],
      ['firmware/b.ts', ['firmware/a.ts', 'sim/c.ts']],
      ['sim/c.ts', ['firmware/a.ts']],
      ['odd/d.ts', []],
    ]);
    assert.deepEqual(layeringProblems(graph, LAYERS).sort(), [
      'a loop of imports: firmware/a.ts -> firmware/b.ts -> firmware/a.ts',
      'a loop of imports: firmware/a.ts -> firmware/b.ts -> sim/c.ts -> firmware/a.ts',
      'firmware/b.ts imports sim/c.ts, from a layer above it',
      'odd/d.ts: its folder has no layer',
    ]);
    assert.deepEqual(importsOf('sim/x.ts', "import type { A } from '../firmware/a';\nexport { B } from './b.ts';\n// import { C } from './c';\nconst m = await import('../tools/t');\nimport 'node:fs';\n",
      (p) => ['firmware/a.ts', 'sim/b.ts', 'sim/c.ts', 'tools/t.ts'].includes(p)), ['firmware/a.ts', 'sim/b.ts', 'tools/t.ts']);
  });

  it('holds for every TypeScript file of the repository', () => {
    const files = execFileSync('git', ['ls-files', '-z', '--', '*.ts'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
    assert.ok(files.length > 100, 'git lists the TypeScript files');
    const tracked = new Set(files);
    const graph: Graph = new Map(files.filter((f) => existsSync(join(ROOT, f)))
      .map((f) => [f, importsOf(f, readFileSync(join(ROOT, f), 'utf8'), (p) => tracked.has(p))]));
    assert.deepEqual(layeringProblems(graph, LAYERS), []);
  });
});
