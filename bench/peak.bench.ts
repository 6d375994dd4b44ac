// JsVars at the peak of a whole game, in the real interpreter (ESPRUINO): each
// game's example game played through its stored bundle, its modules loaded on
// demand beside it, from a paired phone, one command every 250 ms (under the
// flood limit). Fortification billiards (scenarios/fortress-game.jsonl): each
// stroke as the referee's `stroke` or `hand` command with the scenario's
// happenings (docs/games/fortress.md, Happenings). Triangle and Ring-a-Peg
// (scenarios/triangle-game.jsonl, ringapeg-advance.jsonl): each move the
// simulator's board made of the scenario, as the referee's command of it.
// Shuffleboard (scenarios/shuffleboard-singles.jsonl): through its sensors, the
// way the board plays it: the phone starts the game, then each throw passes the
// launch row and its weight comes to rest where the scenario puts it (the grid
// reads the field of every weight on the table), and the board finds the
// weights itself. Each game once over, its last move is undone from the phone
// (the board reads its whole log back). Usage is read at every line the board
// sends (the state built, the message in flight), at every record it reads
// back (JSON.parse), between commands and, for shuffleboard, every 20 ms; the
// peak and what is left after the game and the undo, less the same run with no
// bundle, are against 50% of 2,950. PEAK_CLOCK=virtual plays the games on a
// virtual clock (virtualClock): as fast as the interpreter goes, and the same
// on a loaded machine.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildGame, moduleFiles } from '../tools/build';
import { bootInEspruino, connectedPhone, describeBuild, espruinoPath } from '../tools/espruino-run';
import { moduleOf } from '../firmware/games/registry';
import type { ShiftChainOptions } from '../hal/types';
import { PEAK_JSVAR_BUDGET, ROOT } from '../tools/games';
import { callLines, holderLines, parseDump } from '../tools/jsvar-holders';
import { parseScenario } from '../sim/replay';
import { Simulation } from '../sim/simulation';
import { LOG } from '../firmware/persist';
import { CHANNELS, COL0_MM, COLS, MAGNET_MM, PEAK, PITCH_MM, ROW0_MM, SENSORS } from '../firmware/games/shuffleboard/board';

export const EVERY_MS = 250;
/** The chip's variables. */
const JSVARS = 2950;

interface Happening {
  ball?: string; offSpot?: boolean; pass?: boolean; into?: string; fort?: string; bell?: boolean; pocket?: number;
  colours?: string; down?: boolean;
}

/** A happening in the rules' words: `EA+`, `FP_`, `EA=`, `ED.2`, `EA>FA1!`. */
function word(h: Happening): string {
  if (h.colours !== undefined) return h.colours + (h.down ? '_' : '^');
  const ball = h.ball as string;
  if (h.offSpot !== undefined) return ball + (h.offSpot ? '-' : '+');
  const side = ball.slice(0, 2);
  if (h.pass) return side + '=';
  return h.into === 'pocket' ? side + '.' + h.pocket : side + '>' + h.fort + (h.bell ? '!' : '');
}

/**
 * .boot0 text that has `game`'s chain of shift registers read the table as a new game lays it out, as the simulator's
 * board has it (fortification billiards': the balls on their spots). The Linux build has no GPIO: its software SPI
 * reads every input 0, which a chain of active-low inputs took for every channel active (a bank fault, whose note
 * stayed on the display), and which, as inputs at rest, has every ball off its spot (a `new` then took up a table
 * moved by hand). The chain's reads still clock its pins as the driver asks; their bytes are then the table's.
 */
export async function chainAtStart(game: string): Promise<string> {
  const chain = (await moduleOf(game)).board.banks!.find((b) => b.kind === 'chain') as ShiftChainOptions | undefined;
  if (!chain) return '';
  const sim = new Simulation(parseScenario(JSON.stringify({ game, players: 2 })));
  // Byte i is chip i, bit j its input: channel 8i + j, as the driver reads it (hal/espruino/inputs.ts).
  const bytes: number[] = [];
  for (let i = 0; i < chain.chips; i++) {
    let active = 0;
    for (let j = 0; j < 8; j++) active |= sim.hal.inputs.level(8 * i + j) << j;
    bytes.push((active ^ chain.invert) & 255);
  }
  return bytes.some((b) => b) ? `var __table=new Uint8Array(${JSON.stringify(bytes)}),__spiSend=new SPI().send;SPI.prototype.send=function(b){var r=__spiSend.call(this,b);r.set(__table);return r;};` : '';
}

/** The phone's `new` for a scenario's header. */
export function newGame(header: { game: string; players: unknown; options?: object }): object {
  return { cmd: 'new', game: header.game, players: header.players, options: header.options || {} };
}

/** The phone commands that play a fortress scenario: its strokes (a stroke of only colours and balls put back is `hand`), its phone lines. */
export function phoneGame(text: string): object[] {
  const lines = text.trim().split('\n').map((l) => JSON.parse(l));
  const commands: object[] = [newGame(lines[0])];
  for (const line of lines.slice(1)) {
    if (line.phone) commands.push(line.phone);
    else if (line.do === 'stroke') {
      const h = (line.happens as Happening[]).map(word);
      commands.push({ cmd: h.length && h.every((x) => /[_^+]$/.test(x)) ? 'hand' : 'stroke', h: h.join(' ') || '-' });
    } else throw new Error(`not played from the phone: ${JSON.stringify(line)}`);
  }
  return commands;
}

/** The records of the game log the simulator's board saved as it played a scenario (docs/saving.md): setup, begins, moves. */
/** The log the simulator's board left after a scenario played whole. */
export function logAfter(text: string): string {
  const sim = new Simulation(parseScenario(text));
  sim.runToEnd();
  return sim.flash.files[LOG];
}

function savedRecords(text: string): Record<string, unknown>[] {
  return logAfter(text).split('\n').filter((l) => /^\{.*\*[0-9a-f]{2}$/.test(l)).map((l) => JSON.parse(l.slice(0, l.lastIndexOf('*'))));
}

/** The phone commands that play a scenario as the board played it: each move it made, as the referee's command (its kind and arguments). */
export function movesAsCommands(text: string): object[] {
  const commands: object[] = [newGame(JSON.parse(text.split('\n')[0]))];
  for (const r of savedRecords(text)) {
    if (typeof r.k !== 'string') continue;
    const command: Record<string, unknown> = { cmd: r.k };
    // (`s`: the stand the move was made at, the log's, not the command's.)
    for (const key of Object.keys(r)) if (key !== 'k' && key !== 's') command[key] = r[key];
    commands.push(command);
  }
  return commands;
}

/**
 * .boot0 text that makes a shuffleboard scenario's table: the grid's readings (the field of every weight lying on
 * it, a dipole MAGNET_MM above each sensor, as board.ts's model) and the launch row's, for the bank's driver
 * (`digitalWrite` of the select lines names the channel `analogRead` reads next). Each slide passes the launch row
 * at its time (group 1 low for 40 ms) and its weight lies where the scenario puts it 1.5 s later, in the colour the
 * simulator's board saw it in; a clear empties the table. Starts at `from` ms.
 */
export function shuffleboardTable(text: string, from: number): { boot0: string; endMs: number } {
  const lines = text.trim().split('\n').map((l) => JSON.parse(l));
  const seen = savedRecords(text).filter((r) => r.k === 'seen').map((r) => r.w as number[][]);
  const events: [number, number, number, number][] = [];
  let throwN = 0;
  for (const line of lines.slice(1)) {
    if (line.do === 'clear') events.push([line.t, -1, 0, 0]);
    else if (line.do === 'slide') {
      const w = seen[throwN++] || [];
      events.push([line.t, 0, 0, 0]);
      if (line.to) {
        const it = w.find((x) => Math.abs(x[1] - Math.min(line.to.d, 1900)) <= 10);
        events.push([line.t + 1500, it ? (it[0] ? -1 : 1) : 1, line.to.d, line.to.y]);
      }
    } else throw new Error(`not a shuffleboard happening: ${JSON.stringify(line)}`);
  }
  // The most weights lying at once: the table's weights (colour, d, y) are kept in a typed array made at the start,
  // the same in the run with no bundle, which is subtracted (an array grown a weight at a time counted the stand-in's
  // own table, some 8 JsVars a weight, as the board's).
  let most = 0;
  for (let i = 0, on = 0; i < events.length; i++) if (events[i][1] < 0 && !events[i][2]) on = 0; else if (events[i][1]) most = Math.max(most, ++on);
  // One timer for the whole table, its happenings in a typed array (closures a happening would take the room the
  // bundle needs), which also reads the usage. A launch lasts until the board has read its group twice (40 ms at
  // least), and the scenario's clock stands still meanwhile: on a machine too busy to run the board's ticks in time,
  // a launch it never read made the game another, and it was not played whole.
  const boot0 = `
var __lv=new Float32Array(${CHANNELS}).fill(0.5),__ch=0,__table=new Float32Array(${3 * Math.max(1, most)}),__on=0,__ev=new Float32Array(${JSON.stringify(events.flat())}),__i=0,__t0=getTime(),__up=0,__seen=0,__lag=0,__wall=0;
__lv.fill(1,${SENSORS});
function __grid(){for(var c=0;c<${SENSORS};c++){var v=0.5;for(var i=0;i<3*__on;i+=3){var dd=__table[i+1]-${ROW0_MM}-((c/${COLS})|0)*${PITCH_MM},dy=__table[i+2]-${COL0_MM}-(c%${COLS})*${PITCH_MM},u=(dd*dd+dy*dy)/${MAGNET_MM * MAGNET_MM},q=1+u;v+=__table[i]*${PEAK}*(2-u)/(2*q*q*Math.sqrt(q));}__lv[c]=v;}}
global.digitalWrite=function(p,v){if(p.length===8)__ch=v;};
global.analogRead=function(){if(__up&&__ch===${SENSORS})__seen++;return __lv[__ch];};
setInterval(function(){__use();var wall=(getTime()-__t0)*1000;if(__up&&__seen<2)__lag+=wall-__wall;__wall=wall;var now=wall-__lag-${from};
if(__up&&now>=__up&&__seen>=2){__lv[${SENSORS}]=1;__up=0;}
for(;__i<__ev.length&&__ev[__i]<=now;__i+=4){var k=__ev[__i+1],d=__ev[__i+2];
if(!k&&!d){__lv[${SENSORS}]=0;__up=now+40;__seen=0;}
else{if(k<0&&!d)__on=0;else{__table[3*__on]=k;__table[3*__on+1]=d;__table[3*__on+2]=__ev[__i+3];__on++;}__grid();}}},20);`;
  // (The last throw decided, a whole table found, with room for a busy machine.)
  return { boot0, endMs: from + events[events.length - 1][0] + 40000 };
}

/**
 * .boot0 text, first, that runs the board on a virtual clock (PEAK_CLOCK=virtual): `getTime`, `setInterval`,
 * `setTimeout`, their clearing and `changeInterval` are replaced, and one real timer runs every timer due in turn, the
 * clock set to its time, as fast as the interpreter goes, until `endMs`; then it writes the report (`probe` evaluated)
 * as the run's own report would, and quits. A game played so takes the interpreter's time alone, and on a loaded
 * machine is played the same (in real time a tick run late may leave a launch read late, or a group read stuck).
 * Its timers are objects of the run's, not the interpreter's own: a few JsVars each either way.
 */
export function virtualClock(endMs: number, probe: string): string {
  return `var __vt=0,__vq=[],__vn=0,__realTimer=setInterval,__realTime=getTime;
function __vadd(f,ms,r){ms=ms>0?ms:0;__vq.push({i:++__vn,a:__vt+ms,m:ms,f:f,r:r});return __vn;}
global.setInterval=function(f,ms){return __vadd(f,ms,1);};
global.setTimeout=function(f,ms){return __vadd(f,ms,0);};
global.clearInterval=global.clearTimeout=function(i){for(var k=0;k<__vq.length;k++)if(__vq[k].i===i){__vq.splice(k,1);return;}};
global.changeInterval=function(i,ms){for(var k=0;k<__vq.length;k++)if(__vq[k].i===i){__vq[k].m=ms;__vq[k].a=__vt+ms;}};
global.getTime=function(){return __vt/1000;};
__realTimer(function(){for(var r0=__realTime();__realTime()-r0<0.05;){
if(__vt>=${endMs}){var m=process.memory();require("fs").writeFileSync("report.json",JSON.stringify({memory:m,version:process.env.VERSION,errors:__errors,probe:${probe}}));quit();return;}
var b=null;for(var k=0;k<__vq.length;k++)if(!b||__vq[k].a<b.a)b=__vq[k];if(!b){__vt=${endMs};continue;}
__vt=b.a;if(b.r)b.a+=b.m>0?b.m:1;else __vq.splice(__vq.indexOf(b),1);b.f();}},1);`;
}

/**
 * .boot0 text that reads the usage at each call of the builtins the firmware calls most between its writes and parses
 * (the rules' copies, lists and strings): a highest point between two of those reads is missed, one inside a move
 * seldom is. Read only at timers, writes and parses, the peaks of fortification billiards' moves, the stroke's scoring
 * and the power-up's `found` among them, were missed by some 300 JsVars (1,288 read, where 1,628 was reached).
 * (On Espruino a builtin method is no property of its prototype, so its function comes from an instance; each wrapper
 * passes at most three arguments, as many as the firmware gives them.)
 */
const READ_AT_BUILTINS = 'var __isA=Array.isArray;Array.isArray=function(a){__use();return __isA(a);};'
  + 'var __oa=Object.assign;Object.assign=function(a,b,c){__use();return __oa(a,b,c);};'
  + ['[].slice', '[].concat', '[].indexOf', '[].join', '"".split', '"".indexOf'].map((m, i) =>
    `var __b${i}=${m};${m[0] === '[' ? 'Array' : 'String'}.prototype.${m.slice(3)}=function(a,b,c){__use();return __b${i}.call(this,a,b,c);};`).join('');

interface Row { game: string; file: string; how: string; peak: number; undo: number; after: number }

/**
 * PEAK_WITHIN: a game played again with only the budget's JsVars free beyond its run with no bundle (`baseline`), the
 * rest taken at the start (`in play`) or just before the undo is sent: whether it then plays whole and takes its last
 * move back, with no memory error. The usage is read only at timer calls, writes, parses and some builtins' calls,
 * and may miss the highest point between them: this finds whether any point of it is over, or what else a game needs
 * to run in so little room (a piece of memory in one, which the ballast may leave none of).
 */
type Within = { at: 'start' | 'undo'; jsvars: number };

/** Plays one game in the interpreter: its bundle, the phone's commands, and (shuffleboard) the table under it. */
async function play(game: string, file: string, commands: object[], table?: { boot0: string; endMs: number }, dumpAt?: number, within?: Within): Promise<Row & { build: string; at: number[]; output: string; baseline: number; undone: number; flags: string[] }> {
  const stubs = readFileSync(join(ROOT, 'tools', 'espruino-linux-stubs.js'), 'utf8');
  const lines = JSON.stringify(commands.map((c) => JSON.stringify(c) + '\n'));
  // A connected, paired phone (as test/memory.test.ts): the firmware's 'data' handler gets the commands; every
  // write the board makes reads the usage, so does every timer call.
  const settleMs = table ? table.endMs : 2 * (commands.length + 2) * EVERY_MS;
  // (PEAK_WITHIN's run lets its ballast go as it reports: the report needs room.)
  const asked = within ? '(__ballast=undefined,{sent:__sent,over:__over,bad:__bad,undone:__undone,flags:E.getErrorFlags()})'
    : '{peak:__played||__peak,undo:__played?__peak:0,sent:__sent,over:__over,bad:__bad,at:__at}';
  // (The ballast of PEAK_WITHIN, made before the bundle boots or as the undo is sent. At the start one typed array, a
  // JsVar for each 13 bytes, in one piece: the room is in one then. Before the undo, where the room left is in pieces
  // that may hold no such array, small integers, a JsVar each.)
  const ballast = !within ? '' : within.at === 'start' ? `__ballast=new Uint8Array(${within.jsvars * 13 - 26});`
    : `__ballast=[];for(var __b=0;__b<${within.jsvars};__b++)__ballast.push(0);`;
  const virtual = process.env.PEAK_CLOCK === 'virtual';
  const boot0 = [
    virtual ? virtualClock(settleMs, asked) : '',
    // (__played: the peak before the undo; __peak from then on is the undo's.)
    // (The undo's reply counted only for PEAK_WITHIN: the bench's own code and variables count in the peaks it reads.)
    'var __sent=0,__over=0,__bad=[],__played=0;' + (within ? 'var __undone=0,__ballast;' : ''),
    within && within.at === 'start' ? ballast : '',
    connectedPhone('if(l.indexOf(\'"type":"over"\')>=0)__over++;' + (within ? 'if(l.indexOf(\'"type":"undone"\')>=0)__undone++;' : '') + 'if(l.indexOf(\'"type":"error"\')>=0&&__bad.length<3)__bad.push(l);'),
    // (With dumpAt, PEAK_HOLDERS: the usage's reads are counted, the one of each peak kept in __at, and at read dumpAt
    // the variables are dumped, the console brought back from where the firmware put it.)
    dumpAt === undefined ? 'var __at=[0,0];' : `var __at=[0,0],__n=0;__use=function(){__n++;var u=process.memory().usage;if(u>__peak){__peak=u;__at[__played?1:0]=__n;}if(__n===${dumpAt}){E.setConsole("USB",{force:true});print("<dump>");E.dumpVariables();print("</dump>");try{throw new Error("peak");}catch(e){print("<stack>"+e.stack+"</stack>");}}};`,
    // (Each record an undo reads back is parsed: the replay's peak is inside the one call.)
    'var __parse=JSON.parse;JSON.parse=function(t){__use();return __parse(t);};',
    // (PEAK_WITHIN's runs read nothing, but call the builtins as the runs that read do: its ballast is reckoned from
    // their run with no bundle, which holds those functions.)
    (within ? '__use=function(){};' : '') + READ_AT_BUILTINS,
    stubs,
    await chainAtStart(game),
    `var __lines=${lines};`,
    // (The last command, the undo, once the game is over.)
    // (PEAK_WITHIN: the console brought back at each call, from where the firmware moves it at boot, so that running
    // out of memory, which interrupts the run and ends it, says where.)
    `var __play=setInterval(function(){__use();${within ? 'E.setConsole("USB",{force:true});' : ''}if(!__data)return;if(__sent>=__lines.length){clearInterval(__play);return;}if(__sent===__lines.length-1){if(!__over)return;__played=__peak;__peak=0;${within && within.at === 'undo' ? ballast : ''}}__data(__lines[__sent++]);},${EVERY_MS});`,
    table ? table.boot0 : '',
  ].join('\n');
  const bundle = await buildGame(game);
  // (On the virtual clock, the run's own report never comes first: the clock's does, and quits.)
  const report = bootInEspruino(bundle.stored, { boot0, settleMs: virtual ? 1800000 : settleMs, storage: moduleFiles(bundle, 'stored'), probe: asked, timeoutMs: virtual ? 1800000 : settleMs + 200000, baseline: !within });
  if (report.errors.length) throw new Error(`${game} did not play: ${report.errors[0]}`);
  const probe = report.probe as { peak: number; undo: number; sent: number; over: number; bad: string[]; at: number[]; undone: number; flags: string[] };
  if (within) return { game, file, how: '', peak: 0, undo: 0, after: 0, build: '', at: [], output: report.output, baseline: 0, undone: probe.undone, flags: probe.flags.concat(probe.sent !== commands.length || probe.over !== 1 ? ['not played whole'] : [], probe.bad) };
  if (probe.sent !== commands.length || probe.over !== 1 || probe.bad.length) {
    throw new Error(`${game}: the game was not played whole: ${probe.sent} of ${commands.length} commands, ${probe.over} ends, errors ${probe.bad.join(' | ')}`);
  }
  const how = table ? 'through its sensors' : `from the phone (${commands.length} commands)`;
  return { game, file, how, peak: probe.peak - report.baseline.usage, undo: probe.undo - report.baseline.usage, after: report.memory.usage - report.baseline.usage, build: describeBuild(report.build), at: probe.at, output: report.output, baseline: report.baseline.usage, undone: probe.undone, flags: probe.flags };
}

export async function run(print: (line: string) => void): Promise<void> {
  if (!espruinoPath()) {
    print('skipped: ESPRUINO not set');
    return;
  }
  const text = (file: string) => readFileSync(join(ROOT, 'scenarios', file), 'utf8');
  const singles = text('shuffleboard-singles.jsonl');
  // Each game played to its end, then its last move undone: the undo reads the whole log back (its replay holds the
  // game's state twice, the undone one and the one being built).
  const undo = { cmd: 'undo' };
  const games: [string, string, () => [object[], { boot0: string; endMs: number }?]][] = [
    ['triangle', 'triangle-game.jsonl', () => [movesAsCommands(text('triangle-game.jsonl')).concat(undo)]],
    // (PEAK_FORTRESS_STROKE: happenings, a stroke the phone sends first, after the new game: the longest a phone may
    // send, 200 characters, holds more than any of the example game's.)
    ['fortress', 'fortress-game.jsonl', () => {
      const commands = phoneGame(text('fortress-game.jsonl'));
      if (process.env.PEAK_FORTRESS_STROKE) commands.splice(1, 0, { cmd: 'stroke', h: process.env.PEAK_FORTRESS_STROKE });
      return [commands.concat(undo)];
    }],
    ['ringapeg', 'ringapeg-advance.jsonl', () => [movesAsCommands(text('ringapeg-advance.jsonl')).concat(undo)]],
    ['shuffleboard', 'shuffleboard-singles.jsonl', () => [[newGame(JSON.parse(singles.split('\n')[0])), undo], shuffleboardTable(singles, 1000)]],
  ];
  // (PEAK_GAMES=shuffleboard, or a comma-separated list: those games only.)
  const only = (process.env.PEAK_GAMES || '').split(',').filter((g) => g);
  // (PEAK_HOLDERS=play or undo: each game is played again and dumped at that peak, its holders printed as
  // tools/jsvar-holders.ts prints them, with what the calls under way hold then. On the virtual clock only, where a
  // game plays the same twice.)
  const holders = process.env.PEAK_HOLDERS;
  if ((holders && !/^(play|undo)$/.test(holders)) || ((holders || process.env.PEAK_WITHIN) && process.env.PEAK_CLOCK !== 'virtual')) {
    print('PEAK_HOLDERS is play or undo, and it and PEAK_WITHIN need PEAK_CLOCK=virtual');
    return;
  }
  print(`JsVars at the peak of each game's example game, at the undo of its last move, and after, less the same run with no bundle (budget ${PEAK_JSVAR_BUDGET}, 50% of ${JSVARS}):`);
  print('game          example game                  played                       peak in play        peak at the undo    after');
  let build = '';
  for (const [game, file, made] of games) {
    if (only.length && !only.includes(game)) continue;
    const [commands, table] = made();
    let r;
    try {
      r = await play(game, file, commands, table, holders ? -1 : undefined);
    } catch (e) {
      // (One game that did not play whole says so in its row; the others are still measured.)
      print(`${game.padEnd(13)} ${file.padEnd(29)} not measured: ${(e as Error).message.split('\n')[0].slice(0, 160)}`);
      continue;
    }
    build = r.build;
    const pct = (n: number) => `${String(n).padStart(5)} (${Math.round((n / JSVARS) * 100)}%) ${n <= PEAK_JSVAR_BUDGET ? 'ok  ' : 'OVER'}`;
    print(`${r.game.padEnd(13)} ${r.file.padEnd(29)} ${r.how.padEnd(28)} ${pct(r.peak)}   ${pct(r.undo)}   ${String(r.after).padStart(5)}`);
    if (process.env.PEAK_WITHIN) {
      // (The ballast's array and its name take two JsVars of their own. PEAK_WITHIN=play or undo: that check alone;
      // PEAK_WITHIN_MORE=n leaves n JsVars more free, to bracket what a game needs.)
      const jsvars = JSVARS - PEAK_JSVAR_BUDGET - r.baseline - 2 - Number(process.env.PEAK_WITHIN_MORE || 0);
      const verdict = async (at: Within['at']): Promise<string> => {
        try {
          const w = await play(game, file, commands, table, undefined, { at, jsvars });
          // (LOW_MEMORY says only that a garbage collection was needed: none was refused.)
          const flags = w.flags.filter((f) => f !== 'LOW_MEMORY');
          return flags.length ? `no (${flags.join(', ')})` : at === 'undo' && !w.undone ? 'no (the undo was not told)' : 'yes';
        } catch (e) {
          // Out of memory, the interpreter interrupts the run, which ends it unreported: the calls it was in, innermost
          // first, as it prints them (the firmware's minified names, and the modules' and bundle's own).
          const text = (e as Error).message;
          const out = text.indexOf('OUT OF MEMORY');
          const calls = out < 0 ? [] : (text.slice(out).match(/ at ([\w$]*) \(/g) || []).map((c) => c.slice(4, -2) || '?');
          return out < 0 ? `no (${text.split('\n')[0].slice(0, 100)})` : `no (out of memory in ${calls.slice(0, calls.indexOf('__data') + 1 || undefined).join(' < ')})`;
        }
      };
      const asked = process.env.PEAK_WITHIN;
      print(`${game}: within ${PEAK_JSVAR_BUDGET} JsVars beyond its run with no bundle (${jsvars} taken): in play ${asked === 'undo' ? 'not tried' : await verdict('start')}; at the undo ${asked === 'play' ? 'not tried' : await verdict('undo')}`);
    }
    if (holders) {
      // Played again, the same on the virtual clock, dumped at the read of the peak asked for.
      const again = await play(game, file, commands, table, r.at[holders === 'undo' ? 1 : 0]);
      const dump = parseDump(again.output.slice(again.output.indexOf('<dump>'), again.output.indexOf('</dump>')));
      print(`${game}: what holds its JsVars at its peak ${holders === 'undo' ? 'at the undo' : 'in play'} (the bench's own and the interpreter's among them: less its run with no bundle, ${holders === 'undo' ? r.undo : r.peak}):`);
      for (const line of holderLines(dump, 1, 6).concat(callLines(dump, 3))) print(line);
      // The calls under way at that read, innermost first (the interpreter's own trace of where the code is).
      const stack = again.output.slice(again.output.indexOf('<stack>') + 7, again.output.indexOf('</stack>'));
      print(`${game}: the calls under way at that read, innermost first (the bench's own first):`);
      for (const line of stack.split('\n').filter((l) => /^\s+at /.test(l))) print(line);
    }
  }
  print(`measured in ${espruinoPath()} (${build}), on the pretokenised bundles${process.env.PEAK_CLOCK === 'virtual' ? ', on a virtual clock (PEAK_CLOCK=virtual)' : ''}`);
}
