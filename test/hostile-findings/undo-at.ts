// Round 8: an `undo` at each instant of a game (files made by the caller): what it did (refused and why, or the move
// it took back) and the table after, to be judged against docs/games/shuffleboard.md's Corrections (an undo acts on
// the last throw decided; refused `sliding` while kept throws are under way, less than 5 s after their last launch).
// Usage: npx tsx test/hostile-findings/undo-at.ts FILE...
import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

for (const f of process.argv.slice(2)) {
  const lines = readFileSync(f, 'utf8');
  const at = lines.split('\n').map((l) => l && JSON.parse(l)).find((l: any) => l && l.phone?.cmd === 'undo').t;
  const out = replay(lines).lines.map((l) => JSON.parse(l));
  const said = out.find((l) => l.t >= at && (l.phone?.type === 'undone' || l.phone?.type === 'error'));
  const st = out.filter((l) => l.phone?.type === 'state').pop().phone;
  const what = said ? (said.phone.type === 'error' ? `refused ${said.phone.code}:${said.phone.message}` : `undone ${said.phone.move.k} n=${said.phone.move.n ?? 1} b=${said.phone.move.b ?? 0} at ${said.t}`) : 'nothing said';
  console.log(at, what, `| after: left ${st.left}`, JSON.stringify(st.weights.map((w: any) => w.d)));
}
