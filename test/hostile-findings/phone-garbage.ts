// Round 8: garbled and hostile phone lines (raw text, bad JSON, commands with fields of the wrong type, huge or
// negative numbers, unknown commands, an unpaired phone's moves) at random instants of a game, any of the four.
// Oracle: the game without them (its final scores): each is refused or changes nothing; the replay never throws.
// Usage: npx tsx test/hostile-findings/phone-garbage.ts N SEED
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { replay } from '../../sim/replay';

const N = Number(process.argv[2] || 40), SEED = Number(process.argv[3] || 1);
const BASES = ['shuffleboard-singles', 'triangle-game', 'ringapeg-advance', 'fortress-game'].map((f) => readFileSync(`scenarios/${f}.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l)));
const run = (lines: object[]) => replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l));
const want = BASES.map((b) => JSON.stringify(run(b).pop().final.scores));
const odd = fc.oneof(fc.constant(null), fc.constant(1e308), fc.constant(-1), fc.constant(NaN), fc.constant('x'), fc.constant([]), fc.constant({}), fc.constant(2 ** 53), fc.constant(0.5), fc.string({ maxLength: 30 }));
const line = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom('{', '{"cmd":', '{"cmd":"undo"', '{}', '[]', 'null', '{"cmd":"undo"}{"cmd":"undo"}', '"undo"', '{"cmd":"__proto__"}', '{"cmd":"constructor"}', '{"cmd":"toString"}', '{"__proto__":{"cmd":"undo"}}', 'x'.repeat(3000)),
  fc.record({ cmd: fc.constantFrom('place', 'rest', 'toss', 'clear', 'fix', 'off', 'claim', 'stroke', 'blind', 'over', 'wrong', 'lag', 'bright', 'diag', 'state', 'nope', 'hasOwnProperty'), i: odd, d: odd, c: odd, h: odd, s: odd, level: odd, on: odd }, { requiredKeys: ['cmd'] }),
  fc.record({ cmd: fc.constant('new'), game: fc.constantFrom('shuffleboard', 'triangle', 'nope', 7), players: odd, options: odd }),
);
let tried = 0, bad = 0;
fc.assert(fc.property(fc.nat(BASES.length - 1), fc.array(fc.tuple(fc.integer({ min: 0, max: 120000 }), line, fc.boolean()), { minLength: 1, maxLength: 5 }), (b, sends) => {
  tried++;
  const base = BASES[b];
  // A `new` that a board would take is no garbage: left out (a game started over scores otherwise, rightly).
  const extra = sends.filter(([, l]) => !(typeof l === 'object' && (l as any).cmd === 'new' && typeof (l as any).game === 'string'))
    .map(([t, l, paired]) => ({ t, phone: typeof l === 'string' ? l : l, ...(paired ? {} : { paired: false }) }));
  const lines = [base[0], ...[...base.slice(1), ...extra].sort((x: any, y: any) => x.t - y.t)];
  let got: string;
  try { got = JSON.stringify(run(lines).pop().final.scores); } catch (e) { got = `threw: ${String(e).slice(0, 200)}`; }
  if (got !== want[b]) {
    // Valid commands can change a game rightly (an undo, a place): only those judged where nothing valid was sent.
    const valid = extra.filter((x: any) => typeof x.phone === 'object' && x.paired !== false && ['place', 'rest', 'toss', 'clear', 'fix', 'off', 'claim', 'stroke', 'blind', 'over', 'wrong', 'lag', 'diag'].includes(x.phone.cmd));
    if (!valid.length || got.startsWith('threw')) { bad++; console.log(JSON.stringify({ got, want: want[b], extra })); }
  }
  return true;
}), { numRuns: N, seed: SEED });
console.log(`tried ${tried}, otherwise with nothing valid sent (or a throw): ${bad}`);
