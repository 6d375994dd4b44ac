// Round 8: the referee's `new` (the same game again) at an instant just after the first move of BASE (a weight or
// chip sliding, a ring falling, a stroke under way: DELAYS ms after it), then BASE played whole from SHIFT ms on (a
// shuffleboard table cleared first). Oracle (docs/saving.md: a move under way is decided into the game in play, the
// new game starts at zero from the table as it lies): BASE's own final scores, as with the `new` long after the move.
// Usage: npx tsx test/hostile-findings/new-mid-move.ts BASE SHIFT_MS DELAY...
import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

const [BASE, SHIFT, ...DELAYS] = process.argv.slice(2);
const base = readFileSync(BASE, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const h = base[0], first = base.find((l) => l.do), shift = Number(SHIFT);
const run = (lines: object[]) => replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const want = JSON.stringify(run(base).pop().final.scores);
let bad = 0;
for (const d of DELAYS.map(Number)) {
  const lines = [h, first, { t: first.t + d, phone: { cmd: 'new', game: h.game, players: h.players, options: h.options || {} } },
    ...(h.game === 'shuffleboard' ? [{ t: shift - 5000, do: 'clear' }] : []), ...base.slice(1).map((l) => ({ ...l, t: l.t + shift }))];
  let got: string;
  try { got = JSON.stringify(run(lines).pop().final.scores); } catch (e) { got = `refused: ${String(e).slice(0, 100)}`; }
  if (got !== want) { bad++; console.log(JSON.stringify({ delay: d, got, want })); }
}
console.log(`${BASE}: ${DELAYS.length} delays, ${bad} otherwise than ${want}`);
