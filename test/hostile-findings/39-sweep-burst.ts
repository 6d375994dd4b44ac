// Round 39: fortification billiards in diagnostics, a hand sweeping its 96 sensors one a scan tick (each tick a walk
// step: a tick at which diagnostics work out the walk state, which defers commands), with a burst of 8 commands
// written as the sweep begins. Checks every reply comes once, in order, and prints how late.
// `npx tsx test/hostile-findings/39-sweep-burst.ts`
import { startFirmware } from '../../firmware/runtime';
import { channelKinds } from '../../firmware/scan';
import { game as fortress } from '../../firmware/games/fortress/index';
import { createSimHal } from '../../sim/hal';

const b = (fortress as never as { board: { channels: number } }).board;
const hal = createSimHal({ channels: b.channels, kinds: channelKinds(b as never), seed: 2, modules: 3 });
startFirmware(hal, fortress as never, { players: 2, options: {}, pollMs: 1, diag: false, modules: 3 } as never);
let t = 0;
const tick = () => { hal.inputs.advanceTo(++t); hal.ticker.fire(); };
for (let i = 0; i < 300; i++) tick();
hal.radio.write('{"cmd":"diag","on":true}\n', true);
for (let i = 0; i < 50; i++) tick();
hal.radio.notifications.length = 0;
const cmds = ['{"cmd":"diag","id":1}', '{"cmd":"state","id":2}', '{"cmd":"diag","walk":true,"id":3}', '{"cmd":"bright","level":3,"id":4}', '{"cmd":"diag","id":5}', '{"cmd":"stroke","id":6}', '{"cmd":"diag","id":7}', '{"cmd":"diag","on":false,"id":8}'];
const t0 = t;
hal.radio.write(cmds.join('\n') + '\n', true);
for (let c = 0; c < 96; c++) hal.inputs.setExact(t + 1 + c, c, 1);
for (let i = 0; i < 400; i++) tick();
const msgs = hal.radio.notifications.map((n) => n.chunk).join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: string; id?: number; levels?: unknown });
const ids = msgs.filter((m) => m.id !== undefined).map((m) => m.id);
console.log('replies in order:', ids.join(' '), JSON.stringify(ids) === '[1,2,3,4,5,6,7,8]' ? '(as sent: once each, in order)' : 'WRONG');
console.log('reports:', msgs.filter((m) => m.type === 'diag' && m.levels).length, '(4 asked: diag, state, diag, diag)');
// When each reply came.
const times: string[] = [];
let acc = '';
for (const n of hal.radio.notifications) { const before = (acc.match(/"id":\d+/g) || []).length; acc += n.chunk; const after = acc.match(/"id":\d+/g) || []; for (let i = before; i < after.length; i++) times.push(`${after[i]}@+${n.t - t0}ms`); }
console.log('reply times:', times.join(' '), '(65f7610: the first at +2 ms; here each walk step\'s tick defers the burst, so it waits for the whole sweep)');
