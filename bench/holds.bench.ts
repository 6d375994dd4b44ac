// The longest the firmware holds the interpreter in one call, over whole
// games, in the real interpreter (ESPRUINO): no call may hold it more than
// 20 ms on the chip (the board keeps scanning and serving the phone). Each
// game's stored bundle plays, on bench peak's harness (a paired phone, and
// shuffleboard's table under its sensors, on a virtual clock), and every call
// the firmware registered is timed in real time from entry to return: its
// timers (setInterval, setTimeout), its setWatch callbacks, the phone's
// 'data' handler, anything it puts on E or NRF. Per game, three runs:
// - its example game, as bench peak plays it;
// - a power-up from the log the simulator's board left after the whole
//   example game (the longest a game of it writes: bench chaos's runs mostly
//   stop short of the end), then the phone's state, an undo, and a burst of
//   undo in one piece of data;
// - a new game from the phone, then a hostile phone (garbled and deep JSON,
//   an over-long line in one piece and in pieces, an unknown command, bursts
//   of undo, new, state in one piece of data each), then diagnostics
//   (entered, reported, a walk, a burst of reports, left).
// Each run is played HOLDS_RUNS times (3): the calls are the same each time
// (the virtual clock), and each call counts at its fastest (the machine's
// other work only slows one). A call is counted in bare channel reads as
// bench analog counts them (a digitalWrite of the 8 select lines and a
// stand-in analogRead each), timed in the same run, the fastest of several;
// CHIP_READ_US each on the chip. The bare reads run from Storage, pretokenised,
// as the bundle does: the Linux build reads code kept in Storage from its file
// 16 bytes at a time, which slows both, a loop of long text more than a short
// one (from RAM a bare read takes some 2.6 times less: its ratio is printed). On shuffleboard a read the firmware
// makes goes through the stand-in table's JavaScript (bench peak): each counts
// as one bare read (the stand-ins' own time, measured, is taken off). The
// boot (.bootcde, before any call) is printed beside, not against the limit.
// HOLDS_GAMES=triangle,shuffleboard: those games only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildGame, moduleFiles } from '../tools/build';
import { buildDeviceCode } from '../tools/es5';
import { bootInEspruino, connectedPhone, describeBuild, espruinoPath } from '../tools/espruino-run';
import { CHIP_READ_US, MODULE_HOLD_US, ROOT } from '../tools/games';
import { LOG } from '../firmware/persist';
import { SENSORS } from '../firmware/games/shuffleboard/board';
// (The phone's pace, EVERY_MS: a piece of data every 250 ms, as bench peak sends its commands.)
import { EVERY_MS } from './peak.bench';
import { chainAtStart, logAfter, movesAsCommands, newGame, phoneGame, shuffleboardTable, virtualClock } from '../tools/espruino-play';

/** The longest calls kept in each phase of a run, to time again in the runs after. */
const KEPT = 6;
/** Each run played this many times: a call counts at its fastest. */
const RUNS = Number(process.env.HOLDS_RUNS) || 3;
/** The Storage file of the bare reads, pretokenised as the bundle is. */
const BARE_FILE = 'holds-bare';

/**
 * The bare reads, as bench analog makes them, for Storage: `__bareReadTime(clock, write, read, n)` times n reads
 * through `write` and `read` as the global digitalWrite and analogRead (none: bench analog's stand-in), and gives
 * the time of one.
 */
const BARE_SOURCE = `
declare const global: any;
declare function digitalWrite(pins: number[], value: number): void;
declare function analogRead(pin: number): number;
const levels = new Float32Array(64).fill(0.5);
let next = 0;
const select = [18, 17, 16, 15, 14, 13, 12, 11];
global['__bareReadTime'] = function (clock: () => number, write: unknown, read: unknown, n: number): number {
  const keptWrite = global.digitalWrite;
  const keptRead = global.analogRead;
  global.digitalWrite = write;
  global.analogRead = read || function (pin: number) { return levels[next++]; };
  next = 0;
  const t0 = clock();
  for (let ch = 0; ch < n; ch++) { digitalWrite(select, ch); analogRead(2); }
  const took = clock() - t0;
  global.digitalWrite = keptWrite;
  global.analogRead = keptRead;
  return took / n;
};
`;

/** A run: what the phone sends (one piece of data every EVERY_MS; '' sends nothing), its phases, and what lies under the sensors. */
interface Run {
  game: string;
  what: string;
  chunks: string[];
  /** Where each phase after the first begins (a chunk's index), and the phases' names. */
  phaseAt: number[];
  phases: string[];
  table?: { boot0: string; endMs: number };
  /** The example game: it must be played whole (its end told, no error). */
  example?: boolean;
  /** A log to power up from. */
  log?: string;
}

/** A line of each command. */
const lined = (commands: object[]) => commands.map((c) => JSON.stringify(c) + '\n');
/** `n` pieces of nothing (EVERY_MS each): the flood limit's bucket fills again meanwhile. */
const pause = (n: number) => new Array(n).fill('') as string[];

/** The hostile phone, then diagnostics: chunks, and where diagnostics begin among them. */
function hostileThenDiag(header: { game: string; players: unknown; options?: object }): { chunks: string[]; diagAt: number } {
  const newLine = JSON.stringify(newGame(header)) + '\n';
  const longLine = '{"cmd":"state","pad":"' + 'a'.repeat(300) + '"}\n';
  const inPieces: string[] = [];
  for (let i = 0; i < longLine.length; i += 20) inPieces.push(longLine.slice(i, i + 20));
  const hostile = [
    '{"cmd":\n', '{"cmd":"nope","x":1}\n', '['.repeat(200) + '\n', 'x'.repeat(300) + '\n',
    '{"cmd":"state","pad":"' + 'a'.repeat(230) + '"}\n', ...inPieces, '{"cmd":"state"}\n', ...pause(10),
    // Bursts, each in one piece of data (a phone's writes queued while the board was busy come as one).
    '{"cmd":"undo"}\n'.repeat(10), ...pause(10), newLine.repeat(5), ...pause(10), '{"cmd":"state"}\n'.repeat(10), ...pause(10),
  ];
  const diag = ['{"cmd":"diag","on":true}\n', '{"cmd":"diag"}\n', '{"cmd":"diag","walk":true}\n', ...pause(8), '{"cmd":"diag"}\n'.repeat(10), ...pause(10), '{"cmd":"diag","on":false}\n', '{"cmd":"state"}\n'];
  return { chunks: hostile.concat(diag), diagAt: hostile.length };
}

/** After a power-up: the state, an undo, and a burst of undo in one piece of data. */
const TEN_UNDO = '{"cmd":"undo"}\n'.repeat(10);
const AFTER_POWER_UP = ['{"cmd":"state"}\n', '{"cmd":"undo"}\n', ...pause(10), TEN_UNDO, ...pause(4)];

/** A still, empty table for the shuffleboard's analog bank (no weight on it, no launch): a power-up's. (No array: an undo after a power-up needs every JsVar the chip has.) */
const STILL_TABLE = `var __ch=0;
global.digitalWrite=function(p,v){if(p.length===8)__ch=v;};global.analogRead=function(){return __ch<${SENSORS}?0.5:1;};`;

/**
 * .boot0 text, last (what the harness registered before it is not timed): every call the firmware registers is
 * wrapped, timed in real time (__rt), and the KEPT longest of each phase kept (typed arrays: the chip's room is
 * the firmware's); in the runs after the first, the calls of `watched` (their indexes, in order) are timed again.
 * A call's score: its time less its reads through the stand-in table, counted as bare reads (their extra time,
 * `__extra` a read, measured first).
 */
function timing(phases: number, watched: number[]): string {
  return `var __rt=typeof __realTime=="undefined"?getTime:__realTime,__calls=0,__reads=0,__phase=0,__extra=0,__kinds=[],__kindMost=[],
__tops=new Float32Array(${phases * KEPT * 6}),__texts=[],__wi=new Float32Array(${JSON.stringify(watched)}),__wp=0,__ws=new Float32Array(${watched.length}),__wk=new Uint8Array(${watched.length}),__bootT0=0,__bootHold=-1,__bare=1e9,__bareRam=1e9;
require(${JSON.stringify(BARE_FILE)});
var __flashBare=__bareReadTime;
var __ramBareRead=(function(){eval(E.toFlatString(require("Storage").read(${JSON.stringify(BARE_FILE)})));return __bareReadTime;})();
global.__bareReadTime=__flashBare;
function __list(a){var l=[];for(var i=0;i<a.length;i++)l.push(a[i]);return l;}
function __measureBare(){var n=40,via=1e9;for(var r=0;r<15;r++){
if(typeof __ch!="undefined"){var c=__ch,rd=__reads;via=Math.min(via,__bareReadTime(__rt,digitalWrite,analogRead,n));__ch=c;__reads=rd;}
__bare=Math.min(__bare,__bareReadTime(__rt,__nativeWrite,null,n));
__bareRam=Math.min(__bareRam,__ramBareRead(__rt,__nativeWrite,null,n));}
if(via<1e9)__extra=via-__bare;}
if(typeof __ch!="undefined"){global.analogRead=(function(read){return function(p){__reads++;return read(p);};})(analogRead);}
__measureBare();
function __wrap(f,label){var k=__kinds.length;__kinds.push(label);__kindMost.push(0);return function(){
var i=__calls++,r0=__reads,t0=__rt();f.apply(this,arguments);var s=__rt()-t0-(__reads-r0)*__extra;
if(s>__kindMost[k])__kindMost[k]=s;
if(__wp<__wi.length&&__wi[__wp]===i){__ws[__wp]=s;__wk[__wp]=k;__wp++;}
var b=__phase*${KEPT * 6},m=b;for(var j=b;j<b+${KEPT * 6};j+=6)if(__tops[j]<__tops[m])m=j;
if(s>__tops[m]){__tops[m]=s;__tops[m+1]=i;__tops[m+2]=k;__tops[m+3]=__sent;__tops[m+4]=getTime()*1000;__tops[m+5]=__reads-r0;
__texts[m/6]=typeof arguments[0]=="string"?arguments[0].substr(0,48):undefined;}};}
E.on("init",function(){__bootHold=__rt()-__bootT0;});
var __si=setInterval,__st=setTimeout,__sw=setWatch,__eon=E.on,__non=NRF.on,__bon=Bluetooth.on;
global.setInterval=function(f,ms){return __si(__wrap(f,"setInterval "+ms+" ms"),ms);};
global.setTimeout=function(f,ms){return __st(__wrap(f,"setTimeout "+ms+" ms"),ms);};
global.setWatch=function(f,pin,o){return __sw(__wrap(f,"setWatch "+pin),pin,o);};
E.on=function(e,f){return __eon.call(E,e,__wrap(f,"E.on "+e));};
NRF.on=function(e,f){return __non.call(NRF,e,__wrap(f,"NRF.on "+e));};
Bluetooth.on=function(e,f){return __bon.call(Bluetooth,e,__wrap(f,"Bluetooth "+e));};
__bootT0=__rt();`;
}

/** What a run's report says. */
interface Report {
  calls: number;
  sent: number;
  over: number;
  bad: string[];
  bare: number;
  bareRam: number;
  extra: number;
  bootHold: number;
  kinds: string[];
  kindMost: number[];
  tops: number[];
  texts: (string | null)[];
  ws: number[];
  wk: number[];
}

/** One play of a run; `watched`: calls to time again (their indexes). */
async function playOnce(run: Run, watched: number[]): Promise<Report & { build: string }> {
  const stubs = readFileSync(join(ROOT, 'tools', 'espruino-linux-stubs.js'), 'utf8');
  const endMs = (run.table ? run.table.endMs : 0) + (run.chunks.length + 10) * EVERY_MS;
  const probe = '{bare:(__measureBare(),__bare),calls:__calls,sent:__sent,over:__over,bad:__bad,bareRam:__bareRam,extra:__extra,bootHold:__bootHold,kinds:__kinds,kindMost:__kindMost,'
    + 'tops:__list(__tops),texts:__texts,ws:__list(__ws),wk:__list(__wk)}';
  const records = run.log ? run.log.split(/(?<=\n)/) : [];
  const boot0 = [
    'var __nativeWrite=digitalWrite;',
    virtualClock(endMs, probe),
    'var __sent=0,__over=0,__bad=[];',
    connectedPhone('if(l.indexOf(\'"type":"over"\')>=0)__over++;if(!__phase&&l.indexOf(\'"type":"error"\')>=0&&__bad.length<3)__bad.push(l);'),
    // (No look at the memory at each write, as bench peak's: process.memory() collects garbage first, which the
    // board's own calls would be timed with.)
    'function __use(){}',
    stubs,
    await chainAtStart(run.game),
    // The log a board left, written as the board writes it (record by record: bench chaos's power-up). (Each piece
    // of data is let go once sent: all of them held took the room the firmware needs by the end of a long game.)
    records.length ? `(function(f){${JSON.stringify(records)}.forEach(function(r){f.write(r);});})(require("Storage").open(${JSON.stringify(LOG)},"a"));` : '',
    `var __lines=${JSON.stringify(run.chunks)},__phaseAt=${JSON.stringify(run.phaseAt)};`,
    `var __play=setInterval(function(){__use();if(!__data)return;if(__sent>=__lines.length){clearInterval(__play);return;}
while(__phase<__phaseAt.length&&__sent>=__phaseAt[__phase])__phase++;
var l=__lines[__sent];__lines[__sent++]=0;if(l)__data(l);},${EVERY_MS});`,
    run.table ? run.table.boot0 : run.game === 'shuffleboard' ? STILL_TABLE : '',
    timing(run.phases.length, watched),
  ].join('\n');
  const bundle = await buildGame(run.game);
  const bare = await buildDeviceCode({ source: BARE_SOURCE, dir: ROOT });
  const storage = Object.assign(moduleFiles(bundle, 'stored'), { [BARE_FILE]: bare.stored });
  const report = bootInEspruino(bundle.stored, { boot0, settleMs: 1800000, storage, probe, timeoutMs: 1800000, baseline: false });
  if (report.errors.length) throw new Error(`${run.game} did not play: ${report.errors[0]}`);
  const r = report.probe as Report;
  if (!r || typeof r.calls !== 'number') throw new Error(`${run.game}: no report; its output: ${report.output.slice(-300).replace(/\s+/g, " ")}`);
  if (r.sent !== run.chunks.length) throw new Error(`${run.game}: ${r.sent} of ${run.chunks.length} pieces of data sent`);
  if (run.example && (r.over < 1 || r.bad.length)) throw new Error(`${run.game}: the example game was not played whole: ${r.over} ends, errors ${r.bad.join(' | ')}`);
  return Object.assign(r, { build: describeBuild(report.build) });
}

/** A call kept: its index, phase, what it was, when, and its scores over the runs. */
interface Call { index: number; phase: number; kind: string; sent: number; atMs: number; reads: number; text?: string; scores: number[] }

/** Plays a run RUNS times: the longest calls of the first, each at its fastest over all, with the bare reads' fastest. */
async function measure(run: Run): Promise<{ calls: Call[]; bare: number; bareRam: number; bootHold: number; kinds: string[]; kindMost: number[]; build: string; count: number }> {
  const first = await playOnce(run, []);
  const calls: Call[] = [];
  for (let m = 0; m < first.tops.length; m += 6) {
    if (!first.tops[m]) continue;
    calls.push({ index: first.tops[m + 1], phase: Math.floor(m / (6 * KEPT)), kind: first.kinds[first.tops[m + 2]], sent: first.tops[m + 3], atMs: first.tops[m + 4], reads: first.tops[m + 5], text: first.texts[m / 6] ?? undefined, scores: [first.tops[m]] });
  }
  calls.sort((a, b) => a.index - b.index);
  let bare = first.bare;
  let bareRam = first.bareRam;
  let bootHold = first.bootHold;
  const kindMost = first.kindMost.slice();
  for (let r = 1; r < RUNS; r++) {
    const again = await playOnce(run, calls.map((c) => c.index));
    bare = Math.min(bare, again.bare);
    bareRam = Math.min(bareRam, again.bareRam);
    bootHold = Math.min(bootHold, again.bootHold);
    for (let k = 0; k < kindMost.length; k++) kindMost[k] = Math.min(kindMost[k], again.kindMost[k] ?? Infinity);
    // The same call again, or the runs differ: then it says nothing.
    calls.forEach((c, i) => c.scores.push(again.kinds[again.wk[i]] === c.kind ? again.ws[i] : NaN));
  }
  return { calls, bare, bareRam, bootHold, kinds: first.kinds, kindMost, build: first.build, count: first.calls };
}

export async function run(print: (line: string) => void): Promise<void> {
  if (!espruinoPath()) {
    print('skipped: ESPRUINO not set');
    return;
  }
  const text = (file: string) => readFileSync(join(ROOT, 'scenarios', file), 'utf8');
  const only = (process.env.HOLDS_GAMES || '').split(',').filter((g) => g);
  const examples: [string, string, (t: string) => object[]][] = [
    ['triangle', 'triangle-game.jsonl', movesAsCommands],
    ['fortress', 'fortress-game.jsonl', phoneGame],
    ['ringapeg', 'ringapeg-advance.jsonl', movesAsCommands],
    ['shuffleboard', 'shuffleboard-singles.jsonl', (t) => [newGame(JSON.parse(t.split('\n')[0]))]],
  ];
  const reads = (s: number, bare: number) => s / bare;
  const onChip = (r: number) => (r * CHIP_READ_US) / 1000;
  print(`the longest single call of the firmware, timed from entry to return, in bare channel reads and on the chip (${CHIP_READ_US} us a read) against ${MODULE_HOLD_US / 1000} ms; each call at its fastest of ${RUNS} plays`);
  let build = '';
  for (const [game, file, commandsOf] of examples) {
    if (only.length && !only.includes(game)) continue;
    const scenario = text(file);
    const header = JSON.parse(scenario.split('\n')[0]);
    const tail = hostileThenDiag(header);
    // (Three runs: the example game alone, as bench peak plays it, is as much as the chip has room for beside the
    // bench's own, with shuffleboard's table under its sensors; so is an undo after a power-up from its whole log.)
    const runs: Run[] = [
      { game, what: file, chunks: lined(commandsOf(scenario)), phaseAt: [], phases: ['example game'], example: true, table: game === 'shuffleboard' ? shuffleboardTable(scenario, 1000) : undefined },
      {
        game, what: `power-up from ${file}'s whole log`, chunks: AFTER_POWER_UP, phaseAt: [AFTER_POWER_UP.indexOf(TEN_UNDO)],
        phases: ['one undo after a power-up', 'ten undo in one piece'], log: logAfter(scenario),
      },
      {
        game, what: 'a new game, a hostile phone, diagnostics', chunks: lined([newGame(header)]).concat(pause(4), tail.chunks),
        phaseAt: [5, 5 + tail.diagAt], phases: ['a new game', 'hostile phone', 'diagnostics'],
      },
    ];
    print(`${game}:`);
    for (const r of runs) {
      let m;
      try {
        m = await measure(r);
      } catch (e) {
        print(`  ${r.what}: not measured: ${(e as Error).message.split('\n')[0].slice(0, 200)}`);
        continue;
      }
      build = m.build;
      print(`  ${r.what}: ${m.count} calls; a bare read ${(m.bare * 1e6).toFixed(1)} us here (${(m.bare / m.bareRam).toFixed(1)} times one run from RAM)`
        + (r.log ? `; the boot (not a call) ${Math.round(reads(m.bootHold, m.bare))} reads, ${onChip(reads(m.bootHold, m.bare)).toFixed(1)} ms on the chip` : ''));
      for (let p = 0; p < r.phases.length; p++) {
        const best = m.calls.filter((c) => c.phase === p).map((c) => Object.assign(c, { fastest: Math.min(...c.scores.filter((s) => !isNaN(s))) }))
          .sort((a, b) => b.fastest - a.fastest);
        if (!best.length) {
          print(`    ${r.phases[p]}: no call`);
          continue;
        }
        const c = best[0];
        const n = reads(c.fastest, m.bare);
        const sentNote = c.sent ? `after piece ${c.sent} of ${r.chunks.length}` : 'before the phone sent anything';
        print(`    ${r.phases[p].padEnd(30)} ${String(Math.round(n)).padStart(5)} reads ${onChip(n).toFixed(1).padStart(5)} ms ${onChip(n) * 1000 <= MODULE_HOLD_US ? 'ok  ' : 'OVER'}`
          + `  ${c.kind}, at ${(c.atMs / 1000).toFixed(2)} s, ${sentNote}${c.text ? ` (${JSON.stringify(c.text.length > 40 ? c.text.slice(0, 40) + '...' : c.text)})` : ''}`
          + `${c.reads ? `, ${c.reads} reads of the table` : ''}; its ${c.scores.length} plays ${c.scores.map((s) => (isNaN(s) ? '-' : String(Math.round(reads(s, m.bare))))).join('/')}`);
        for (const next of best.slice(1, 3)) {
          const k = reads(next.fastest, m.bare);
          print(`    ${''.padEnd(30)} ${String(Math.round(k)).padStart(5)} reads ${onChip(k).toFixed(1).padStart(5)} ms       ${next.kind}, at ${(next.atMs / 1000).toFixed(2)} s, after piece ${next.sent}${next.text ? ` (${JSON.stringify(next.text.slice(0, 40))})` : ''}`);
        }
      }
      // Every kind of call the firmware registered, at its longest (each play's longest, the fastest of those).
      print(`    by kind: ${m.kinds.map((k, i) => `${k} ${Math.round(reads(m.kindMost[i], m.bare))}`).join(', ')}`);
    }
  }
  print(`measured in ${espruinoPath()} (${build}), on the pretokenised bundles, on a virtual clock (bench peak's)`);
}
