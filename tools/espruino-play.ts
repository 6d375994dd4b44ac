// Playing a game on a stored bundle in the real interpreter (ESPRUINO), as the benches and tests that run it do:
// the phone's commands that play a scenario (a fortress scenario's strokes, or each move another game's board
// made), the table under a board (fortification billiards' chain as a new game lays it out, shuffleboard's grid
// with the scenario's weights on it), and a virtual clock the board's timers run on.
import { moduleOf } from '../firmware/games/registry';
import type { BankOptions, ShiftChainOptions } from '../hal/types';
import { REFERENCE_BOARD } from '../firmware/board';
import type { LevelChange } from '../sim/physics/types';
import { Happening, written } from '../sim/physics/fortress';
import { parseScenario } from '../sim/replay';
import { Simulation } from '../sim/simulation';
import { LOG } from '../firmware/persist';
import { CHANNELS, COL0_MM, COLS, MAGNET_MM, PEAK, PITCH_MM, ROW0_MM, SENSORS } from '../firmware/games/shuffleboard/board';

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

/** The phone commands that play a fortress scenario: its strokes (a stroke of only colours and balls put back is `hand`; a long press of next, one of nothing), what is done by hand, its phone lines. */
export function phoneGame(text: string): object[] {
  const lines = text.trim().split('\n').map((l) => JSON.parse(l));
  const commands: object[] = [newGame(lines[0])];
  for (const line of lines.slice(1)) {
    if (line.phone) commands.push(line.phone);
    else if (line.do === 'stroke') {
      const h = (line.happens as Happening[]).map(written);
      commands.push({ cmd: h.length && h.every((x) => /[_^+]$/.test(x)) ? 'hand' : 'stroke', h: h.join(' ') || '-' });
    } else if (line.do === 'hand') commands.push({ cmd: 'hand', h: (line.happens as Happening[]).map(written).join(' ') });
    // (A long press of next: a stroke that moved nothing, docs/games/fortress.md.)
    else if (line.button === 'next' && line.holdMs >= 1000) commands.push({ cmd: 'stroke', h: '-' });
    else throw new Error(`not played from the phone: ${JSON.stringify(line)}`);
  }
  return commands;
}

/** The log the simulator's board left after a scenario played whole. */
export function logAfter(text: string): string {
  const sim = new Simulation(parseScenario(text));
  sim.runToEnd();
  return sim.flash.files[LOG];
}

/** The records of the game log the simulator's board saved as it played a scenario (docs/saving.md): setup, begins, moves. */
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
 * .boot0 text for shuffleboard's bank with nothing on the table: the grid's readings at half the supply, the launch
 * row's groups high, in `__lv` by channel; `digitalWrite` of the select lines names the channel `analogRead` reads
 * next (the Linux build reads 0 everywhere: every sensor at a rail). `onRead`: code run at each read.
 */
export function emptyGrid(onRead = ''): string {
  return `var __lv=new Float32Array(${CHANNELS}).fill(0.5),__ch=0;__lv.fill(1,${SENSORS});`
    + `global.digitalWrite=function(p,v){if(p.length===8)__ch=v;};global.analogRead=function(){${onRead}return __lv[__ch];};`;
}

/**
 * .boot0 text that makes a shuffleboard scenario's table on emptyGrid: the grid's readings (the field of every weight
 * lying on it, a dipole MAGNET_MM above each sensor, as board.ts's model) and the launch row's. Each slide passes the launch row
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
${emptyGrid(`if(__up&&__ch===${SENSORS})__seen++;`)}
var __table=new Float32Array(${3 * Math.max(1, most)}),__on=0,__ev=new Float32Array(${JSON.stringify(events.flat())}),__i=0,__t0=getTime(),__up=0,__seen=0,__lag=0,__wall=0;
function __grid(){for(var c=0;c<${SENSORS};c++){var v=0.5;for(var i=0;i<3*__on;i+=3){var dd=__table[i+1]-${ROW0_MM}-((c/${COLS})|0)*${PITCH_MM},dy=__table[i+2]-${COL0_MM}-(c%${COLS})*${PITCH_MM},u=(dd*dd+dy*dy)/${MAGNET_MM * MAGNET_MM},q=1+u;v+=__table[i]*${PEAK}*(2-u)/(2*q*q*Math.sqrt(q));}__lv[c]=v;}}
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
 * clock set to its time, as fast as the interpreter goes, those due before `endMs` (a number, or the .boot0's
 * expression of it); then it writes the report (`probe` evaluated) as the run's own report would, and quits (a power
 * cut at `endMs`, between two timers' calls). A game played so takes the interpreter's time alone, and on a loaded
 * machine is played the same (in real time a tick run late may leave a launch read late, or a group read stuck). Its
 * timers are objects of the run's, not the interpreter's own: a few JsVars each either way. A world that has watches
 * wait for its pins (sensorWorld) defines `__wakeAt()`, the virtual ms a watch fires next (Infinity: none), and
 * `__wake()`, which fires it: the clock runs it before any timer due after it, as an interrupt is heard at once.
 * `__vfirst(id)` has timer `id` run before the others due at the same time (a phone's lines: the simulator takes a
 * line before its scan at that time). `getTime` gives the virtual ms as seconds that the firmware's `getTime() * 1000`
 * turns back into them, not a hair less (2002 / 1000 * 1000 is 2001.9999999999998: a slow tick due at 2002 was put
 * off a scan, and Ring-a-Peg's fault check fell a scan period later than the simulator's: hostile round 21).
 */
export function virtualClock(endMs: number | string, probe: string): string {
  return `var __vt=0,__vq=[],__vn=0,__realTimer=setInterval,__realTime=getTime;
function __vadd(f,ms,r){ms=ms>0?ms:0;__vq.push({i:++__vn,a:__vt+ms,m:ms,f:f,r:r});return __vn;}
global.setInterval=function(f,ms){return __vadd(f,ms,1);};
global.setTimeout=function(f,ms){return __vadd(f,ms,0);};
global.clearInterval=global.clearTimeout=function(i){for(var k=0;k<__vq.length;k++)if(__vq[k].i===i){__vq.splice(k,1);return;}};
global.changeInterval=function(i,ms){for(var k=0;k<__vq.length;k++)if(__vq[k].i===i){__vq[k].m=ms;__vq[k].a=__vt+ms;}};
global.getTime=function(){var g=__vt/1000;for(var k=0;k<3&&g*1000<__vt;k++)g*=1+2.3e-16;return g;};
function __vfirst(i){for(var k=0;k<__vq.length;k++)if(__vq[k].i===i)__vq[k].p=1;return i;}
__realTimer(function(){for(var r0=__realTime();__realTime()-r0<0.05;){
var b=null;for(var k=0;k<__vq.length;k++)if(!b||__vq[k].a<b.a||(__vq[k].a===b.a&&__vq[k].p&&!b.p))b=__vq[k];
if(typeof __wakeAt==="function"){var w=__wakeAt();if(w<${endMs}&&(!b||w<b.a)){__vt=Math.max(__vt,w);__wake();continue;}}
if(!b||b.a>=${endMs}){__vt=${endMs};var m=process.memory();require("fs").writeFileSync("report.json",JSON.stringify({memory:m,version:process.env.VERSION,errors:__errors,probe:${probe}}));quit();return;}
__vt=b.a;if(b.r)b.a+=b.m>0?b.m:1;else __vq.splice(__vq.indexOf(b),1);b.f();}},1);`;
}

/** A record of sensorSchedule's file: the change's time in µs (10 hex digits), its channel (3) and its level (1). */
const RECORD = 14;

/**
 * The level changes sensorWorld's board sees, as its file holds them: `from` ms on, at times from it. (Each time is
 * rounded up to the µs: a scan at a whole µs reads a change as the simulator's scan at that time reads it.)
 */
export function sensorSchedule(changes: LevelChange[], from = 0): string {
  return changes.filter((c) => c.t >= from).map((c) => Math.ceil((c.t - from) * 1000).toString(16).padStart(10, '0') + c.ch.toString(16).padStart(3, '0') + c.level).join('');
}

/**
 * .boot0 text that has a board's digital banks read the levels of a schedule (a file, sensorSchedule's, read a
 * record at a time: the interpreter has no room for a game's changes), on the virtual clock: `words` (an expression),
 * its channels' levels at the start (channel c at bit c % 32 of word c >> 5, as the simulator's inputs keep them), then each change
 * at its time. The drivers' own code reads them (hal/espruino/inputs.ts): a GPIO bank's pins from P0.IN (peek32), a
 * chain's bytes from its software SPI, each inverted as the bank's `invert` says. The wake line's watch fires at the
 * next change once it is set (wiring.md: any change pulses it), as the chip's GPIOTE hears a pulse however short;
 * the buttons' watches are kept and never fire. Each time the wake line's watch fires, `wakeLog` (a file) gets a line:
 * the virtual ms it was set (the board began to rest: its rest ticks come every REST_TICK_MS from then) and the ms it fired.
 * Without `wakeLine`, a board built without one: its watch never fires.
 */
export function sensorWorld(banks: BankOptions[], words: string, file: string, wakeLog: string, wakeLine = true): string {
  const reads: string[] = [];
  let word = 0;
  for (const o of banks) {
    if (o.kind === 'gpio') {
      const gpios: number[] = [];
      for (let g = 0; g < 32; g++) if ((o.gpios >>> g) & 1) gpios.push(g);
      reads.push(`global.peek32=function(){__sadv();var v=0,w=__sw[${word}]^${o.invert | 0},g=${JSON.stringify(gpios)};for(var k=0;k<g.length;k++)if((w>>>k)&1)v|=1<<g[k];return v>>>0;};`);
      word++;
    } else if (o.kind === 'chain') {
      reads.push(`SPI.prototype.send=function(b){__sadv();var r=new Uint8Array(b.length);for(var i=0;i<b.length;i++)r[i]=((__sw[${word}+(i>>2)]^${o.invert | 0})>>>(8*(i&3)))&255;return r;};`);
      word += (o.chips + 3) >> 2;
    } else throw new Error(`sensorWorld: a ${o.kind} bank is not played`);
  }
  return `var __sw=new Int32Array(${words}),__sf=E.openFile(${JSON.stringify(file)},"r"),__sn=-1,__sc=0,__sl=0,__wk=null,__wa=0;
function __snext(){if(__sn===-1){var r=__sf.read(${RECORD});if(!r||r.length<${RECORD})__sn=Infinity;else{__sn=parseInt(r.substr(0,10),16)/1000;__sc=parseInt(r.substr(10,3),16);__sl=r.charCodeAt(13)-48;}}return __sn;}
function __sadv(){while(__snext()<=__vt){if(__sl)__sw[__sc>>5]|=1<<(__sc&31);else __sw[__sc>>5]&=~(1<<(__sc&31));__sn=-1;}}
${reads.join('\n')}
global.setWatch=function(f,pin){if(pin===${REFERENCE_BOARD.wake}){__wk=f;__wa=__vt;return 1;}return 2;};
global.clearWatch=function(id){if(id===1)__wk=null;};
function __wakeAt(){return ${wakeLine ? '__wk?__snext():' : ''}Infinity;}
function __wake(){var f=__wk;__wk=null;require("fs").appendFileSync(${JSON.stringify(wakeLog)},__wa+" "+__vt+"\\n");f({state:true,time:__vt/1000,lastTime:__vt/1000,pin:${REFERENCE_BOARD.wake}});}`;
}
