// Round 38: a line's trust with the data kept for the next scan tick (firmware/commands.ts). Pieces without a newline
// and empty writes cannot be written in a scenario (a phone string is written with its newline), so this drives a
// ringapeg board directly: `npx tsx test/hostile-findings/38-trust-pieces.ts`. `confirm` = taken as unpaired (the
// simulator's open link asks the buttons; a board refuses `not_allowed`), `score ok` = taken as paired.
import { startFirmware } from '../../firmware/runtime';
import { channelKinds } from '../../firmware/scan';
import { game as ringapeg } from '../../firmware/games/ringapeg/index';
import { createSimHal } from '../../sim/hal';

function board() {
  const mod = ringapeg as never as { board: { channels: number } };
  const hal = createSimHal({ channels: mod.board.channels, kinds: channelKinds(mod.board as never), seed: 1, modules: 3 });
  startFirmware(hal, mod as never, { players: 2, options: {}, pollMs: 1, diag: false, modules: 3 } as never);
  let t = 0;
  const tick = () => { hal.inputs.advanceTo(++t); hal.ticker.fire(); };
  for (let i = 0; i < 300; i++) tick();
  hal.radio.notifications.length = 0;
  const told = () => hal.radio.notifications.map((n) => n.chunk).join('').split('\n').filter(Boolean)
    .map((l) => JSON.parse(l) as { type: string }).filter((m) => m.type !== 'state').map((m) => m.type).join(' ');
  return { hal, tick, told };
}
const ring = '{"cmd":"ring","peg":"k","id":7}';
// [what, writes (data, paired, a scan tick after it), what the rule (a line as trusted as its least trusted chunk) gives]
const cases: [string, [string, boolean, boolean][], string][] = [
  ['unpaired partial line, a tick, an empty write, the paired rest (trust must not rise)',
    [['{"cmd":"ring","pe', false, true], ['', false, false], ['g":"k","id":7}\n', true, true]], 'confirm'],
  ['unpaired partial line ended by a paired piece that holds a whole paired line after it',
    [['{"cmd":"st', false, true], ['ate"}\n' + ring + '\n', true, true]], 'score ok'],
];
for (const [what, writes, want] of cases) {
  const { hal, tick, told } = board();
  for (const [data, paired, after] of writes) { hal.radio.write(data, paired); if (after) tick(); }
  for (let i = 0; i < 50; i++) tick();
  console.log(`${told() === want ? 'as the rule' : 'WRONG'}: ${what}: told "${told()}", the rule gives "${want}"`);
}
