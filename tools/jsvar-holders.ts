// npx tsx tools/jsvar-holders.ts GAME [core] [MIN]: where a board's JsVars go after boot, in the real interpreter
// (ESPRUINO). Boots the game's stored bundle (or its core: the same bundle with an empty game, as bench bundles
// splits it), lets its timers run, dumps every variable (E.dumpVariables) and prints the dominator tree of what is
// reachable from the root: each holder with the JsVars that would go with it (those reachable only through it),
// the heaviest first, down to MIN (default 6). A closure's scope shows as "\xFFsco", its variables under it.
// The console stays on the interpreter's output for the dump, so its figure is some 8 JsVars under the bench's
// (LoopbackA's Serial prototype is never made), and the tree shows the report's own timer (some 25 JsVars).
// npx tsx tools/jsvar-holders.ts shuffleboard decision [MIN]: the same at the peak of a throw's decision, the
// heaviest of bench holders' throws (its firmware's own code built for the chip, its decision module in Storage):
// the decision's own holders are under the interpreter's function that runs its steps.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDeviceCode } from './es5';
import { buildGame, coreEntry, featuresOf } from './build';
import { bootInEspruino, deviceRows } from './espruino-run';
import { ROOT } from './games';
import { loadGames } from '../firmware/games/registry';
import { DECIDE_MODULE } from '../firmware/modules';

/**
 * Device code (for deviceRows) that makes the shuffleboard board's parts one after the other as the board makes them
 * (the interpreter and the grid checks in it, the table read at power-up, a game's state), each as the memory in use
 * grew, then decides throws of 1, 4 and 8 weights as the board's ticks run them, its module loaded from Storage (bench
 * holders prints its rows). Usage is read at every tick (each read collects garbage first). A throw's row: `throw`,
 * its weights, the frame read, the module loaded and its table checks made, the locator made, the peak, what is left
 * after, and the tick of the peak. With `dump`, the variables are dumped (after a line `<dump>`) at that tick of that
 * throw's decision.
 */
function decisionEntry(dump?: { throwIndex: number; tick: number }): string {
  return `
import { createShuffleboardInterpreter } from './firmware/games/shuffleboard/interpret';
import { createGridChecks } from './firmware/games/shuffleboard/checks';
import { setup } from './firmware/games/shuffleboard/rules';
import { CHANNELS, COL0_MM, COLS, PEAK, PITCH_MM, ROW0_MM, SENSORS, field } from './firmware/games/shuffleboard/board';
import { analogBank } from './hal/espruino/analog';
declare function print(...a: unknown[]): void;
declare const global: any;
declare const E: { dumpVariables(): void };
declare const process: { memory(): { usage: number } };
// The stand-in ADC: the readings by channel (digitalWrite of the select lines names the channel read next).
var levels = new Float32Array(CHANNELS).fill(0.5);
var cur = 0;
global.digitalWrite = function (p: number[], v: number) { if (p.length === 8) cur = v; };
global.analogRead = function () { return levels[cur]; };
var bank = analogBank({ kind: 'analog', select: [11, 12, 13, 14, 15, 16, 17, 18], adc: [2, 3], channels: CHANNELS });
var used = process.memory().usage;
/** The JsVars in use grown since the last row. (What a part makes is kept in a global: a minifier drops a value never read.) */
function row(what: string) {
  var now = process.memory().usage;
  print('<<<' + JSON.stringify([what, now - used]) + '>>>');
  used = now;
}
var it = createShuffleboardInterpreter(function () {}, function () {}, [bank]);
row('the interpreter, its grid checks in it (interpret.ts)');
// (A second, let go after: made once already, the interpreter's types and methods are counted in the row above.)
global.checks = createGridChecks(bank, new Uint8Array(CHANNELS));
row('of them, the grid checks (checks.ts) and the channel array they are given');
global.checks = null;
used = process.memory().usage;
it.resume!(0, null as never, -1);
row('the table as it lay at power-up (resume)');
global.state = setup({ players: 2, options: {} } as never);
row("a game's state (rules.ts, setup)");
function grid(ws: number[][]) {
  for (var ch = 0; ch < SENSORS; ch++) {
    var v = 0.5;
    for (var w = 0; w < ws.length; w++) v += ws[w][0] * PEAK * field(ws[w][1] - ROW0_MM - ((ch / COLS) | 0) * PITCH_MM, ws[w][2] - COL0_MM - (ch % COLS) * PITCH_MM);
    levels[ch] = v;
  }
}
var four = [[1, 140, 250], [-1, 300, 100], [1, 20, 400], [-1, 1000, 300]];
var tables = [[four[0]], four, four.concat([[1, 60, 120], [-1, 200, 330], [1, 450, 200], [-1, 700, 420]])];
var t = 10000;
// Each throw launched (a group of the launch row pulled low for a tick), its weights lying still on the grid:
// decided SHORT_MS later (its weights never came in by the entry rows), a step a tick.
var use = new Int16Array(1500);
// (Made before the first throw's figures are read: a variable made among them counts in them.)
var loaded = 0;
var rise = 0;
var after = 0;
for (var n = 0; n < tables.length; n++) {
  levels[SENSORS] = 0;
  it.tick(t += 10);
  levels[SENSORS] = 1;
  grid(tables[n]);
  var base = process.memory().usage;
  var k = 0;
  for (; k < use.length; k++) {
    it.tick(t += 10);
    use[k] = process.memory().usage - base;${dump ? `
    if (n === ${dump.throwIndex} && k === ${dump.tick}) { print('<dump>'); E.dumpVariables(); }` : ''}
    if (!(it as any).busy()) break;
  }
  // The frame read: the level the first ticks of the decision rise to; the module and its table checks: the next
  // such rise (its load and the checks made, in one tick); the locator made: the biggest rise in one tick; the
  // peak: the most.
  var frame = 0;
  loaded = 0;
  var made = 0;
  var most = 0;
  var at = 0;
  for (var i = 1; i < k; i++) {
    rise = use[i] - use[i - 1];
    if (rise > 20 && frame && !loaded) loaded = rise;
    if (rise > 20 && !frame) frame = rise;
    made = Math.max(made, rise);
    if (use[i] > most) {
      most = use[i];
      at = i;
    }
  }
  // (Read before the row is made: the array being made held its items read so far.)
  after = process.memory().usage - base;
  print('<<<' + JSON.stringify(['throw', tables[n].length, frame, loaded, made, most, after, at]) + '>>>');
}
`;
}

/** Runs decisionEntry(dump) in the real interpreter, the decision module in Storage as on a board (without it, a decision stops at its load). */
export function decisionRows(dump?: { throwIndex: number; tick: number }): ReturnType<typeof deviceRows> {
  return deviceRows(decisionEntry(dump), ROOT, 100, { game: 'shuffleboard', names: [DECIDE_MODULE] });
}

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
  for (const [, d] of vars) for (const l of d.links) if (/^"/.test(d.label)) (namedBy.get(l) || namedBy.set(l, []).get(l)!).push(d.label);
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

/**
 * What a dump holds that the root does not reach: the calls under way when it was taken (their scopes, arguments,
 * return values and the values in their hands are locked by the interpreter, not linked). Its total, then a tree as
 * holderLines draws it, under each variable no other of them links to.
 */
export function callLines(vars: Map<number, DumpedVar>, min: number): string[] {
  const reached = new Set<number>([1]);
  for (const stack = [1]; stack.length;) for (const l of vars.get(stack.pop()!)?.links || []) if (vars.has(l) && !reached.has(l)) reached.add(l), stack.push(l);
  const held = new Map<number, DumpedVar>();
  for (const [k, v] of vars) if (!reached.has(k)) held.set(k, { blocks: v.blocks, label: v.label, links: v.links.filter((l) => vars.has(l) && !reached.has(l)) });
  const linked = new Set<number>();
  for (const v of held.values()) for (const l of v.links) linked.add(l);
  // (A cycle none outside links to has no such variable: its first is taken.)
  const tops = [...held.keys()].filter((k) => !linked.has(k));
  const top = -1;
  held.set(top, { blocks: 0, label: '', links: tops });
  for (const stack = tops.slice(), seen = new Set(tops); ;) {
    while (stack.length) for (const l of held.get(stack.pop()!)!.links) if (!seen.has(l)) seen.add(l), stack.push(l);
    const missed = [...held.keys()].find((k) => k !== top && !seen.has(k));
    if (missed === undefined) break;
    held.get(top)!.links.push(missed);
    seen.add(missed);
    stack.push(missed);
  }
  const lines = holderLines(held, top, min);
  lines[0] = lines[0].replace('reachable from the root', 'held by the calls under way (not reachable from the root)');
  return lines;
}

/** The holders at the peak of the heaviest of decisionEntry's throws: run once to find its tick, then dumped there. */
async function atDecisionPeak(min: number): Promise<void> {
  const throws = (await decisionRows()).rows.filter((r) => r[0] === 'throw') as number[][];
  const throwIndex = throws.reduce((most, r, i) => (r[5] > throws[most][5] ? i : most), 0);
  const tick = throws[throwIndex][7];
  const r = await decisionRows({ throwIndex, tick });
  if (r.errors.length) throw new Error(`the decision did not run: ${r.errors[0]}`);
  console.log(`shuffleboard: a throw's decision at its peak (throw ${throwIndex + 1} of bench holders, tick ${tick}): ${throws[throwIndex][5]} JsVars over those in use before it`);
  for (const line of holderLines(parseDump(r.output.slice(r.output.indexOf('<dump>'))), 1, min)) console.log(line);
}

async function main(): Promise<void> {
  const game = process.argv[2] || 'fortress';
  if (process.argv[3] === 'decision') return atDecisionPeak(Number(process.argv[4] || 6));
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
