// npx tsx tools/jsvar-holders.ts GAME [core] [MIN]: where a board's JsVars go after boot, in the real interpreter
// (ESPRUINO). Boots the game's stored bundle (or its core: the same bundle with an empty game, as bench bundles
// splits it), lets its timers run, dumps every variable (E.dumpVariables) and prints the dominator tree of what is
// reachable from the root: each holder with the JsVars that would go with it (those reachable only through it),
// the heaviest first, down to MIN (default 6). A closure's scope shows as "\xFFsco", its variables under it.
// The console stays on the interpreter's output for the dump, so its figure is some 8 JsVars under the bench's
// (LoopbackA's Serial prototype is never made), and the tree shows the report's own timer (some 25 JsVars).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDeviceCode } from './es5';
import { buildGame, coreEntry, featuresOf } from './build';
import { bootInEspruino } from './espruino-run';
import { ROOT } from './games';
import { loadGames } from '../firmware/games/registry';

/** One variable of E.dumpVariables: its blocks, what it is (name, type, a string's start), and what it links to. */
export interface DumpedVar {
  blocks: number;
  label: string;
  links: number[];
}

/** Parses E.dumpVariables' lines (`ref,blocks,flags,label,links...`) from an interpreter's output. */
export function parseDump(output: string): Map<number, DumpedVar> {
  const vars = new Map<number, DumpedVar>();
  for (const line of output.split('\n')) {
    const m = /^(\d+),(\d+),(\d+),(.*?)((?:,\d+)*),?$/.exec(line.replace(/\r$/, ''));
    if (!m) continue;
    vars.set(Number(m[1]), { blocks: Number(m[2]), label: m[4], links: m[5].split(',').filter(Boolean).map(Number) });
  }
  return vars;
}

/** Immediate dominators of every variable reachable from `root` (Cooper, Harvey and Kennedy's iteration). */
export function dominators(vars: Map<number, DumpedVar>, root: number): Map<number, number> {
  const order: number[] = [];
  const index = new Map<number, number>();
  const preds = new Map<number, number[]>();
  // Depth first, iteratively: the postorder numbers the iteration needs.
  const stack: [number, number][] = [[root, 0]];
  const visited = new Set<number>([root]);
  while (stack.length) {
    const top = stack[stack.length - 1];
    const links = vars.get(top[0])?.links || [];
    if (top[1] < links.length) {
      const next = links[top[1]++];
      if (!vars.has(next)) continue;
      if (!preds.has(next)) preds.set(next, []);
      preds.get(next)!.push(top[0]);
      if (!visited.has(next)) {
        visited.add(next);
        stack.push([next, 0]);
      }
    } else {
      index.set(top[0], order.length);
      order.push(top[0]);
      stack.pop();
    }
  }
  const idom = new Map<number, number>([[root, root]]);
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (index.get(a)! < index.get(b)!) a = idom.get(a)!;
      while (index.get(b)! < index.get(a)!) b = idom.get(b)!;
    }
    return a;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (let i = order.length - 2; i >= 0; i--) {
      const v = order[i];
      let d: number | undefined;
      for (const p of preds.get(v) || []) if (idom.has(p)) d = d === undefined ? p : intersect(p, d);
      if (d !== undefined && idom.get(v) !== d) {
        idom.set(v, d);
        changed = true;
      }
    }
  }
  return idom;
}

/** The dominator tree's lines: each holder's JsVars (its own and all it alone holds), the heaviest first, from `min` up. */
export function holderLines(vars: Map<number, DumpedVar>, root: number, min: number): string[] {
  const idom = dominators(vars, root);
  const kids = new Map<number, number[]>();
  for (const [v, d] of idom) if (v !== d) (kids.get(d) || kids.set(d, []).get(d)!).push(v);
  const total = new Map<number, number>();
  const sum = (v: number): number => {
    let n = vars.get(v)!.blocks;
    for (const k of kids.get(v) || []) n += sum(k);
    total.set(v, n);
    return n;
  };
  sum(root);
  // A variable with no label of its own (a function, a scope, an object) is named by the names that link to it.
  const namedBy = new Map<number, string[]>();
  for (const [v, d] of vars) for (const l of d.links) if (/^"/.test(d.label)) (namedBy.get(l) || namedBy.set(l, []).get(l)!).push(d.label);
  // An object or a scope shows the names it holds, in brackets.
  const holds = (v: number) => {
    const names = vars.get(v)!.links.map((l) => vars.get(l)?.label || '').filter((l) => /^"/.test(l));
    return names.length ? ` [${names.slice(0, 24).join(' ')}${names.length > 24 ? ' ...' : ''}]` : '';
  };
  const labelOf = (v: number) => (vars.get(v)!.label || `(${(namedBy.get(v) || ['?']).slice(0, 4).join(' ')})`) + holds(v);
  const lines = [`${total.get(root)} JsVars reachable from the root`];
  const show = (v: number, indent: string) => {
    for (const k of (kids.get(v) || []).sort((a, b) => total.get(b)! - total.get(a)!)) {
      if (total.get(k)! < min) continue;
      lines.push(`${indent}${String(total.get(k)).padStart(4)} ${labelOf(k).slice(0, 160)}`);
      show(k, indent + '  ');
    }
  };
  show(root, '');
  return lines;
}

async function main(): Promise<void> {
  const game = process.argv[2] || 'fortress';
  const core = process.argv[3] === 'core';
  const min = Number(process.argv[core ? 4 : 3] || 6);
  const mod = (await loadGames()).find((g) => g.id === game)!.module;
  const built = core ? await buildDeviceCode({ source: coreEntry(mod), dir: ROOT }, await featuresOf(game, mod)) : await buildGame(game);
  // The console stays on the interpreter's output (the firmware would move it to LoopbackA), where the dump is printed.
  const boot0 = readFileSync(join(ROOT, 'tools', 'espruino-linux-stubs.js'), 'utf8') + '\nLoopbackA={setConsole:noop};\n';
  const r = bootInEspruino(built.stored, { boot0, settleMs: 500, baseline: true, probe: '(print("<dump>"),E.dumpVariables(),process.memory().usage)' });
  if (r.errors.length) throw new Error(`${game} did not boot: ${r.errors[0]}`);
  console.log(`${game}${core ? "'s core" : ''}: ${r.memory.usage - r.baseline.usage} JsVars after boot (less the same run with no bundle)`);
  const vars = parseDump(r.output.slice(r.output.indexOf('<dump>')));
  for (const line of holderLines(vars, 1, min)) console.log(line);
}

if (process.argv[1] && process.argv[1].endsWith('jsvar-holders.ts')) main().catch((e) => { console.error(e); process.exit(1); });
