// Round 39: the scan tick at which diagnostics work out the walk test's state is to do nothing else ("a command and a
// tell wait for the next": docs/budgets.md, firmware/runtime.ts). But when a draw is still pending from an earlier
// tell (a phone's move told, then `diag on` in the same write: each step tick leaves the draw), that tick's early
// return draws (status.show), and show() tells what an announce left first: the walk state, the whole report, the
// advert and the display, all in the one tick. `npx tsx test/hostile-findings/39-worked-tick-tells.ts`
// (the same as scenarios/regression-triangle-flick-then-diag-in-one-write.jsonl, tick by tick).
import { startFirmware } from '../../firmware/runtime';
import { channelKinds } from '../../firmware/scan';
import { game as triangle } from '../../firmware/games/triangle/index';
import { game as ringapeg } from '../../firmware/games/ringapeg/index';
import { createSimHal } from '../../sim/hal';

for (const [name, mod0, move] of (process.env.ONLY2 ? [] : [['triangle', triangle, '{"cmd":"flick","r":"perfect","id":1}'], ['ringapeg', ringapeg, '{"cmd":"ring","peg":"k","id":1}']] as const)) {
  // The board's sensor list read through a counter: diagnostics read it when they work out the walk state's names
  // (walkState: sensorAt) and nowhere else at a diagnostics tick.
  let reads = 0;
  const b = (mod0 as never as { board: { channels: number; sensors: unknown[]; sensor?: (...a: unknown[]) => unknown } }).board;
  const board = Object.create(b, { sensors: { get() { reads++; return b.sensors; } } });
  if (b.sensor) board.sensor = function (...a: unknown[]) { reads++; return b.sensor!(...a); };
  const mod = Object.assign({}, mod0, { board });
  const hal = createSimHal({ channels: b.channels as never as number, kinds: channelKinds(b as never), seed: 1, modules: 3 });
  startFirmware(hal, mod as never, { players: 2, options: {}, pollMs: 3, diag: false, modules: 3 } as never);
  let t = 0;
  let lines = 0, adverts = hal.radio.adverts.length, display = hal.chain.text();
  const tick = () => {
    reads = 0;
    t += 3; hal.inputs.advanceTo(t); hal.ticker.fire();
    const now = hal.radio.notifications.map((n) => n.chunk).join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: string; levels?: unknown; walk?: unknown });
    const out: string[] = [];
    for (const m of now.slice(lines)) out.push(m.type === 'diag' ? (m.levels ? 'REPORT' : 'walk') : m.type);
    lines = now.length;
    if (hal.radio.adverts.length !== adverts) out.push('ADVERT');
    adverts = hal.radio.adverts.length;
    if (hal.chain.text() !== display) out.push('DRAW');
    display = hal.chain.text();
    if (reads) out.push(`sensor list read ${reads}x (at 618 on: walkState naming the missing; at 615: making the diagnostics)`);
    return out;
  };
  for (let i = 0; i < 200; i++) tick();
  hal.radio.write(move + '\n{"cmd":"diag","on":true,"id":2}\n', true);
  console.log(`${name}: a move and diag on in one write, tick by tick:`);
  let bad = false;
  for (let i = 0; i < 8; i++) {
    const o = tick();
    console.log(`  t ${t}: ${o.join(', ') || '-'}`);
    // (A tell and a draw at one tick: runtime.ts draws "at a later tick that tells nothing".)
    if (o.includes('REPORT') && o.includes('DRAW')) bad = true;
  }
  console.log(bad ? `  WRONG: the report told, advertised and drawn at one tick (with the walk state worked out there, the tick the change meant to do nothing else)` : '  as the rule: the draw at a tick of its own');
}

// Second case (the same in 65f7610: not this change's, but the rule the change states is broken by it too): a
// sensor active at the tick after diagnostics begin. The walk step's message calls show(), which tells the pending
// report: walk state, walk message, report, advert and draw at one tick.
{
  const mod = ringapeg;
  const b = (mod as never as { board: { channels: number } }).board;
  const hal = createSimHal({ channels: b.channels, kinds: channelKinds(b as never), seed: 1, modules: 3 });
  startFirmware(hal, mod as never, { players: 2, options: {}, pollMs: 1, diag: false, modules: 3 } as never);
  let t = 0;
  for (let i = 0; i < 300; i++) { t += 1; hal.inputs.advanceTo(t); hal.ticker.fire(); }
  hal.radio.notifications.length = 0;
  hal.radio.write('{"cmd":"diag","on":true}\n', true);
  let seen = 0, ads = hal.radio.adverts.length, disp = hal.chain.text();
  console.log('ringapeg: diag on, a gate broken just as diagnostics begin:');
  for (let i = 0; i < 6; i++) {
    t += 1;
    if (i === 2) hal.inputs.setExact(t, 0, 1);
    hal.inputs.advanceTo(t); hal.ticker.fire();
    const ls = hal.radio.notifications.map((n) => n.chunk).join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: string; levels?: unknown });
    const o = ls.slice(seen).map((m) => m.type === "diag" ? (m.levels ? "REPORT" : "walk") : m.type === "error" ? JSON.stringify(m) : m.type);
    seen = ls.length;
    if (hal.radio.adverts.length !== ads) o.push('ADVERT');
    ads = hal.radio.adverts.length;
    if (hal.chain.text() !== disp) o.push('DRAW');
    disp = hal.chain.text();
    console.log(`  t ${t}: ${o.join(', ') || '-'}`);
  }
}
