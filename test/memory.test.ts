// Long play must not grow memory: many whole games in a row, played from the
// phone, each started with `new`. In Node: what the firmware keeps (its state,
// its log in flash, the flash's free space) is the same after every game, and
// the heap after a full collection is flat. In the real interpreter (when
// ESPRUINO is set): process.memory().usage after each game is flat.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { startFirmware } from '../firmware/runtime';
import { channelKinds } from '../firmware/scan';
import { LOG } from '../firmware/persist';
import { game as triangle } from '../firmware/games/triangle/index';
import { createSimHal } from '../sim/hal';
import { createLineDecoder } from '../sim/phone';
import { bootInEspruino, describeBuild, runScriptInEspruino } from '../tools/espruino-run';
import { buildGame, moduleFiles } from '../tools/build';
import { ROOT } from '../tools/games';
import { DIAG_MODULE } from '../firmware/diag';
import { needsEspruino } from './real-interpreter';

/** A full garbage collection, without starting Node with --expose-gc. */
function collect(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

const FLICK = { cmd: 'flick', r: 'perfect' };
const NEW = { cmd: 'new', game: 'triangle', players: 2, options: { exact: false } };
/** The rate limit lets 5 commands a second through after its burst: one every 250 ms stays under it. */
const COMMAND_MS = 250;
const POLL_MS = 25;

interface GameFigures {
  commands: number;
  logBytes: number;
  stateBytes: number;
  freeAfterNew: number;
  messages: number;
  heap: number;
}

/** What a phone's new game's setup record has more than a power-up's: `,"q":1` (docs/saving.md). */
const NEW_SETUP_EXTRA = ',"q":1'.length;

describe('memory: whole games in a row', function () {
  it('in Node: state, log and free flash come back to the same after every game, and the heap is flat', function () {
    // 120 games, 30 of them with two full collections: a few seconds alone, several times that in a busy test process
    // (a full collection there takes as long as the heap is big: 60 of them took some 12 s of a CI run).
    this.timeout(300000);
    const gc = collect();
    const board = triangle.board;
    const hal = createSimHal({ channels: board.channels, kinds: channelKinds(board), seed: 1, modules: 3 });
    const firmware = startFirmware(hal, triangle, { players: 2, options: { exact: false }, pollMs: POLL_MS, diag: false, modules: 3 });
    const decoder = createLineDecoder();
    let t = 0;
    let read = 0;
    const heard: { type?: string }[] = [];
    function send(command: object): void {
      hal.radio.write(JSON.stringify(command) + '\n', true);
      for (const end = t + COMMAND_MS; t < end; t += POLL_MS) {
        hal.inputs.advanceTo(t);
        hal.ticker.fire();
      }
      for (; read < hal.radio.notifications.length; read++) for (const m of decoder.push(hal.radio.notifications[read].chunk)) heard.push(m as { type?: string });
    }
    const figures: GameFigures[] = [];
    const GAMES = 120;
    /** The games whose heaps are compared: [from, to). */
    const HEAP_COMPARED = [[20, 35], [105, 120]];
    for (let g = 0; g < GAMES; g++) {
      let commands = 0;
      while (firmware.view().winner === null) {
        send(FLICK);
        assert.ok(++commands < 200, 'the game ends');
      }
      const view = firmware.view();
      assert.deepEqual(view.scores, [99, 90], 'player 0 reaches 99 first with perfect flicks (T3, T7)');
      const logBytes = hal.store.files[LOG].length;
      const stateBytes = JSON.stringify(view.state).length;
      const messages = heard.length;
      assert.ok(!heard.some((m) => m.type === 'error' || m.type === 'flag'), JSON.stringify(heard.find((m) => m.type === 'error' || m.type === 'flag')));
      send(NEW);
      assert.deepEqual(firmware.view().scores, [0, 0], 'a new game');
      // The simulator's own recordings are not the firmware's memory.
      heard.length = 0;
      hal.radio.notifications.length = 0;
      hal.radio.adverts.length = 0;
      hal.chain.writes.length = 0;
      read = 0;
      // Full collections (the slow part in a big test process) only where the heap is compared below.
      let heap = 0;
      if (HEAP_COMPARED.some(([from, to]) => g >= from && g < to)) {
        gc();
        gc();
        heap = process.memoryUsage().heapUsed;
      }
      figures.push({ commands, logBytes, stateBytes, freeAfterNew: hal.store.free(LOG), messages, heap });
    }
    // The first game's messages also count the state sent at power-up, and its setup record is the power-up's, not
    // a phone's new game's (which says the table is taken as it lies: NEW_SETUP_EXTRA bytes more).
    const first = figures[1];
    figures.forEach((f, g) => {
      const extra = g === 0 ? NEW_SETUP_EXTRA : 0;
      assert.deepEqual([f.commands, f.logBytes + extra, f.stateBytes, f.freeAfterNew, f.messages - (g === 0 ? 1 : 0)], [first.commands, first.logBytes, first.stateBytes, first.freeAfterNew, first.messages], `game ${g}`);
    });
    // The log of each game is erased by the next: its room is back to all but one setup record.
    assert.equal(first.freeAfterNew, hal.store.room - hal.store.files[LOG].length);
    // Heap: games 105-119 against games 20-34 (the first ones warm up the JIT and caches). Node's heap after a
    // collection wanders by some 100 KB, so this catches a leak of the order of the messages of a game (~12 KB),
    // not of one record (a mean of 15 games wanders by some 25 KB, against 2 KB a game over 85 games); the exact
    // figures above are the fine check.
    const mean = ([from, to]: number[]): number => figures.slice(from, to).reduce((s, f) => s + f.heap, 0) / (to - from);
    const [early, late] = HEAP_COMPARED;
    const growth = (mean(late) - mean(early)) / (late[0] - early[0]);
    console.log(`      ${GAMES} games of ${first.commands} flicks: log ${first.logBytes} B a game, state ${first.stateBytes} B at its end, ` +
      `free flash after new ${first.freeAfterNew} B; heap ${Math.round(mean(early) / 1024)} KB → ${Math.round(mean(late) / 1024)} KB (${Math.round(growth)} B a game)`);
    assert.ok(growth < 2048, `the heap grows ${Math.round(growth)} B a game`);
  });

  it('in the real interpreter: process.memory().usage after each game is flat (when ESPRUINO is set)', async function () {
    // Slow: whole games fed at the board's own pace (4 commands a second), about 70 s.
    this.timeout(300000);
    needsEspruino(this, 'play the games in');
    const games = 2;
    /** One command a timer call, slower than the board's flood limit (5 a second). */
    const everyMs = 250;
    const stubs = readFileSync(join(ROOT, 'tools', 'espruino-linux-stubs.js'), 'utf8');
    // A connected, paired phone: its writes go to the firmware's Bluetooth 'data' handler, the board's
    // notifications are counted line by line (games over, errors); a timer feeds whole games, then `new`.
    const boot0 = [
      'function noop(){}',
      'var __data=null,__usage=[],__sent=0,__line="",__over=0,__bad=0,__badLines=[];',
      'NRF={setServices:noop,setAdvertising:noop,setScanResponse:noop,setSecurity:noop,updateServices:noop,setTxPower:noop,disconnect:noop,',
      'on:function(e,h){if(e==="connect")setTimeout(h,0);},',
      'getSecurityStatus:function(){return {connected:true,encrypted:true,mitm_protected:true,bonded:true};}};',
      'Bluetooth={on:function(e,h){if(e==="data")__data=h;},setConsole:noop,write:function(d){__line+=d;var i=__line.indexOf("\\n");',
      'while(i>=0){var l=__line.substr(0,i);__line=__line.substr(i+1);if(l.indexOf(\'"type":"over"\')>=0)__over++;',
      'if(l.indexOf(\'"type":"error"\')>=0||l.indexOf(\'"type":"flag"\')>=0){__bad++;if(__badLines.length<3)__badLines.push(l);}i=__line.indexOf("\\n");}}};',
      stubs,
      // Triangle, 2 players, perfect flicks only: 63 flicks a game (T3), then new; usage read at the call after each new.
      `var __play=setInterval(function(){if(!__data)return;if(__sent>0&&__sent%64===0&&__usage.length<__sent/64)__usage.push(process.memory().usage);`,
      `if(__usage.length>=${games}){clearInterval(__play);return;}`,
      `__data(__sent%64===63?` + JSON.stringify(JSON.stringify(NEW) + '\n') + ':' + JSON.stringify(JSON.stringify(FLICK) + '\n') + `);__sent++;},${everyMs});`,
    ].join('\n');
    // Twice the feeding time: the interpreter under qemu is slower than the board, and slower still on a busy machine.
    const settleMs = 2 * games * 64 * everyMs;
    // Built here from the sources, as test/bundles.test.ts does, not read from a dist/ that may be stale.
    const bundle = await buildGame('triangle');
    // Its modules loaded on demand beside it, as flash writes them (each phone line is checked by one).
    const report = bootInEspruino(bundle.stored, { boot0, settleMs, baseline: false, storage: moduleFiles(bundle, 'stored'), probe: '{usage:__usage,sent:__sent,over:__over,bad:__bad,badLines:__badLines}', timeoutMs: 200000 });
    assert.deepEqual(report.errors, []);
    const probe = report.probe as { usage: number[]; sent: number; over: number; bad: number; badLines: string[] };
    console.log(`      process.memory().usage after each of ${probe.usage.length} games: ${probe.usage.join(', ')} (${describeBuild(report.build)}, the pretokenised bundle)`);
    assert.equal(probe.usage.length, games, `${games} whole games played (${probe.sent} commands sent)`);
    assert.deepEqual([probe.over, probe.bad], [games, 0], 'every game ended with a winner, no command refused: ' + probe.badLines.join(' | '));
    for (const u of probe.usage) assert.ok(Math.abs(u - probe.usage[0]) <= 4, `usage ${probe.usage.join(', ')}`);
  });
});

describe('memory: the diagnostics report', function () {
  it('in the real interpreter: on a board of 160 channels of long-named sensors, quiet or every one changed and bouncing, a report and a walk step take a few hundred JsVars at most (when ESPRUINO is set)', async function () {
    needsEspruino(this, 'run the diagnostics module in');
    // The module as built (its debug form: names as written), on a scanner stand-in whose raw counts the script sets.
    const diag = (await buildGame('fortress')).modules.find((m) => m.name === DIAG_MODULE)!.debug;
    const script = [
      // (Its exports set on the loader's argument, `$`: firmware/modules.ts.)
      'var $={};', diag, 'var create=$.x;',
      'function mem(){return process.memory().usage;}',
      'var N=160,step=0;',
      'var board={channels:N,sensor:function(ch){return ch<N?{name:"a.sensor.with.a.rather.long.name."+ch,ch:ch,kind:"hall"}:undefined;}};',
      'var sc={lost:0,level:function(c){return c&1;},rawChanges:new Uint16Array(N)};',
      'var d=create(sc,board,0,function(w){step=JSON.stringify(w).length;});',
      // What a report takes while it is sent: the object and its text.
      'function take(){var before=mem();var r=d.report(10000);var s=JSON.stringify(r);return [mem()-before,s.length];}',
      'var quiet=take();',
      // Every channel's sensor seen active (a walk step), every one with 9 raw changes: 8 rejected.
      'sc.rawChanges.fill(9);for(var c=0;c<N;c++)d.sense(0,c,1,50);d.tick();',
      'var busy=take();',
      'print("RESULT"+JSON.stringify({quiet:quiet,busy:busy,step:step}));',
    ].join('\n');
    const out = runScriptInEspruino(script);
    const line = out.split('\n').find((l) => l.startsWith('RESULT'));
    assert.ok(line, out.slice(-1500));
    const r = JSON.parse(line!.slice(6)) as { quiet: number[]; busy: number[]; step: number };
    console.log(`      160 channels: a quiet report ${r.quiet[0]} JsVars (${r.quiet[1]} characters), a busy one ${r.busy[0]} (${r.busy[1]}), a walk step ${r.step} characters`);
    // Before the channel words, the same busy report named every sensor three times: over 2,000 JsVars on 96 channels.
    assert.ok(r.quiet[0] <= 300 && r.busy[0] <= 300, `quiet ${r.quiet[0]}, busy ${r.busy[0]} JsVars`);
    assert.ok(r.step > 0 && r.step <= 320, `a walk step of ${r.step} characters`);
  });
});
