// JsVars at the peak of a whole game, in the real interpreter (ESPRUINO): the
// fortress example game (scenarios/fortress-game.jsonl) played through the
// stored bundle by a paired phone, each stroke as the referee's `stroke` or
// `hand` command with the scenario's happenings (docs/games/fortress.md,
// Happenings), one every 250 ms (under the flood limit). Usage is read at
// every line the board sends (the state built, the message in flight) and
// between commands; the peak, less the same run with no bundle, is against
// 50% of 2,950.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildGame, moduleFiles } from '../tools/build';
import { bootInEspruino, connectedPhone, describeBuild, espruinoPath } from '../tools/espruino-run';
import { PEAK_JSVAR_BUDGET, ROOT } from '../tools/games';

const EVERY_MS = 250;

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

/** The phone commands that play a fortress scenario: its strokes (a stroke of only colours and balls put back is `hand`), its phone lines. */
export function phoneGame(text: string): object[] {
  const lines = text.trim().split('\n').map((l) => JSON.parse(l));
  const header = lines[0];
  const commands: object[] = [{ cmd: 'new', game: 'fortress', players: header.players, options: header.options || {} }];
  for (const line of lines.slice(1)) {
    if (line.phone) commands.push(line.phone);
    else if (line.do === 'stroke') {
      const h = (line.happens as Happening[]).map(word);
      commands.push({ cmd: h.length && h.every((x) => /[_^+]$/.test(x)) ? 'hand' : 'stroke', h: h.join(' ') || '-' });
    } else throw new Error(`not played from the phone: ${JSON.stringify(line)}`);
  }
  return commands;
}

export async function run(print: (line: string) => void): Promise<void> {
  if (!espruinoPath()) {
    print('skipped: ESPRUINO not set');
    return;
  }
  const file = 'fortress-game.jsonl';
  const commands = phoneGame(readFileSync(join(ROOT, 'scenarios', file), 'utf8'));
  const stubs = readFileSync(join(ROOT, 'tools', 'espruino-linux-stubs.js'), 'utf8');
  const lines = JSON.stringify(commands.map((c) => JSON.stringify(c) + '\n'));
  // A connected, paired phone (as test/memory.test.ts): the firmware's 'data' handler gets the commands; every
  // write the board makes reads the usage, so does every timer call.
  const boot0 = [
    'var __sent=0,__over=0,__bad=[];',
    connectedPhone('if(l.indexOf(\'"type":"over"\')>=0)__over++;if(l.indexOf(\'"type":"error"\')>=0&&__bad.length<3)__bad.push(l);'),
    stubs,
    `var __lines=${lines};`,
    `var __play=setInterval(function(){__use();if(!__data)return;if(__sent>=__lines.length){clearInterval(__play);return;}__data(__lines[__sent++]);},${EVERY_MS});`,
  ].join('\n');
  const bundle = await buildGame('fortress');
  const settleMs = 2 * (commands.length + 2) * EVERY_MS;
  // Its modules loaded on demand beside it, as flash writes them (each phone line is checked by one).
  const report = bootInEspruino(bundle.stored, { boot0, settleMs, storage: moduleFiles(bundle, 'stored'), probe: '{peak:__peak,sent:__sent,over:__over,bad:__bad}', timeoutMs: 200000 });
  if (report.errors.length) throw new Error(`fortress did not play: ${report.errors[0]}`);
  const probe = report.probe as { peak: number; sent: number; over: number; bad: string[] };
  if (probe.sent !== commands.length || probe.over !== 1 || probe.bad.length) {
    throw new Error(`the game was not played whole: ${probe.sent} of ${commands.length} commands, ${probe.over} ends, errors ${probe.bad.join(' | ')}`);
  }
  const peak = probe.peak - report.baseline.usage;
  const after = report.memory.usage - report.baseline.usage;
  print(`fortress, ${file} played from the phone (${commands.length} commands, won): peak ${peak} JsVars (${Math.round(peak / 2950 * 100)}% of 2950; budget ${PEAK_JSVAR_BUDGET}, 50%), ${after} after the game`);
  print(`measured in ${espruinoPath()} (${describeBuild(report.build)}), on the pretokenised bundle, less the same run with no bundle`);
}
