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
import { PEAK_JSVAR_BUDGET, ROOT } from '../tools/games';
import { callLines, holderLines, parseDump } from '../tools/jsvar-holders';
import { chainAtStart, movesAsCommands, newGame, phoneGame, shuffleboardTable, virtualClock } from '../tools/espruino-play';

export const EVERY_MS = 250;
/** The chip's variables. */
const JSVARS = 2950;

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
