// Round 11: a referee's command (triangle fix / off / flick / undo / new; fortress wrong / over / blind / fix /
// hand / undo) whose saving is cut by the power after 0..K bytes (`{"power":"cut","afterBytes":k}` just before it),
// on again 2 s later. Oracle (docs/saving.md: a cut loses at most the move being saved; nothing told after the torn
// write): the game after power-up is the game without the command or with it, nothing else; what the phone is told
// after power-up (the `restored` state) is that game; the next move scores on from it as the rules say.
// Usage: npx tsx test/hostile-findings/11-torn-commands.ts [K]
import { replay } from '../../sim/replay';

const K = Number(process.argv[2] || 60);
const run = (lines: object[]) => replay(lines.map((l) => JSON.stringify(l)).join('\n') + '\n').lines.map((l) => JSON.parse(l));
const fin = (out: any[]) => JSON.stringify(out[out.length - 1].final.scores);
let bad = 0, tried = 0;
const cases: { name: string; base: object[]; at: number; cmd: object; after: object[] }[] = [
  ...[{ cmd: 'fix', r: 'beyond' }, { cmd: 'off' }, { cmd: 'flick', r: 'perfect' }, { cmd: 'undo' }, { cmd: 'new', game: 'triangle', players: 3 }].map((cmd) => ({
    name: 'triangle ' + JSON.stringify(cmd),
    base: [{ game: 'triangle', players: 2, seed: 1 }, { t: 1000, do: 'flick', stopMm: -1 }, { t: 4000, do: 'flick', stopMm: 5 }],
    at: 6500, cmd, after: [{ t: 12000, do: 'flick', stopMm: -1 }],
  })),
  ...[{ cmd: 'wrong' }, { cmd: 'over', ball: 'FD2' }, { cmd: 'blind', hit: true }, { cmd: 'fix', h: 'EA>FA1! FD.2' }, { cmd: 'hand', h: 'FA1_' }, { cmd: 'undo' }].map((cmd) => ({
    name: 'fortress ' + JSON.stringify(cmd),
    base: [{ game: 'fortress', players: 2, seed: 3 },
      { t: 1000, phone: { cmd: 'blind' } },
      { t: 2000, do: 'stroke', happens: [{ ball: 'EA', pass: true }, { colours: 'FP', down: true }] },
      { t: 16000, do: 'stroke', happens: [] },
      { t: 30000, do: 'stroke', happens: [{ ball: 'EA', into: 'fort', fort: 'FA1', bell: true }] }],
    at: 42000, cmd, after: [{ t: 48000, do: 'stroke', happens: [{ ball: 'EA', offSpot: false }, { colours: 'FA1', down: true }, { ball: 'EA', into: 'fort', fort: 'FA2', bell: true }] }],
  })),
];
for (const c of cases) {
  const tail = c.after;
  const without = fin(run([...c.base, { t: c.at, power: 'cut' }, { t: c.at + 2000, power: 'on' }, ...tail]));
  const withIt = fin(run([...c.base, { t: c.at, phone: c.cmd }, { t: c.at + 1, power: 'cut' }, { t: c.at + 2000, power: 'on' }, ...tail]));
  const seen = new Set<string>();
  for (let k = 0; k <= K; k++) {
    tried++;
    const out = run([...c.base, { t: c.at, power: 'cut', afterBytes: k }, { t: c.at, phone: c.cmd }, { t: c.at + 2000, power: 'on' }, ...tail]);
    // Only cuts that came within the command's writes: the board came up again (`restored`) after `on`.
    if (!out.some((o) => o.phone?.type === 'restored' && o.t >= c.at + 2000 && o.t < c.at + 4000)) { tried--; continue; }
    const f = fin(out);
    seen.add(f);
    const told = out.filter((o) => o.t >= c.at && o.t < c.at + 2000 && o.phone);
    if ((f !== without && f !== withIt) || told.length) {
      bad++;
      if (bad < 20) console.log(`${c.name} k=${k}: final ${f}, without ${without}, with ${withIt}${told.length ? `; told after the torn write: ${JSON.stringify(told.map((o) => o.phone.type))}` : ''}`);
    }
  }
  console.log(`${c.name}: finals seen ${[...seen].join(' ')} (without ${without}, with ${withIt})`);
}
console.log(`${tried} cuts, ${bad} outside`);
