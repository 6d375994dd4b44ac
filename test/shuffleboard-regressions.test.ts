// Shuffleboard regression scenarios (scenarios/regression-shuffleboard-*.jsonl), each a table the chaos harness
// or the table sweep (bench shuffleboard) once saw the board read wrong, checked against the weights the
// scenario lays, scored by the page (shuffleboard-page.ts), not by the firmware's rules: every weight where it
// lies, within the 3 mm the board locates one to, out of play when short or off the end, and a whole end scored
// as the page scores it; never a fault on the sound grid or a throw lost, and the referee asked about the
// weights the scenario's answers place (a table the board cannot tell), none where it has none.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { shuffleboardView } from '../firmware/games/shuffleboard/layout';
import { replay } from '../sim/replay';
import { ROOT } from '../tools/games';
import { PAGE, pageEnd } from './shuffleboard-page';
import type { Placed } from './shuffleboard-page';

// (One of more ends, a throw after the table cleared, is scored by the page in test/regressions.test.ts; so is one
// whose referee corrects a weight nobody asked about, or undoes throws: its `place` lines are no answers.)
// (So is one that throws on past the end's eighth throw, each flagged: a `new` kept waiting by throws that keep coming.)
// (And one of many ends the referee entered (`rest`), undone, with throws as the undo reads the log back.)
// (And one whose two reds the board names the other way round after a knock, as it may (their points do not change):
// the hanger it asks about as red1 is red2, red1 knocked off; its end, 4-0, is checked there too.)
const CORRECTED = /^regression-shuffleboard-(place-as-kept-weight-slides|undo-after-kept-throws|place-as-hanger-launched-then-cut|new-while-throws-keep-coming|throws-while-undo-reads-back-then-cut|hanger-knocked-off-by-own-colour-asks)\.jsonl$/;
const FILES = readdirSync(join(ROOT, 'scenarios')).filter((f) => /^regression-shuffleboard-.*\.jsonl$/.test(f) && !CORRECTED.test(f) &&
  !/"do": *"clear"[^]*"do": *"slide"/.test(readFileSync(join(ROOT, 'scenarios', f), 'utf8'))).sort();

/** In play as the page has it (S4): on the table and fully past the foul line. */
function inPlay(w: Placed): boolean {
  return w.d >= 0 && w.d + PAGE.radius < PAGE.foul;
}

/**
 * The weights a one-end scenario lays, in throw order, where they lie once the end is over: colours alternate from
 * the first player (the header's, or the last `new`'s: from it on, the new game's); d -1 off the end. A knock (`moves`, by name) moves a weight, but one out of play (short
 * or off the end) stays out for the rest of the end wherever it is knocked (S4): d -1 too.
 */
function laid(lines: Record<string, any>[]): { table: Placed[]; cleared: boolean; first: number } {
  let side = lines[0].options.firstPlayer === 1 ? 1 : 0;
  let first = side;
  let table: Placed[] = [];
  let names: string[] = [];
  let cleared = false;
  for (const l of lines.slice(1)) {
    if (l.do === 'clear') cleared = true;
    // A new game: the weights left lying are the last game's, none of the new one's.
    if (l.phone?.cmd === 'new') {
      side = first = l.phone.options?.firstPlayer === 1 ? 1 : 0;
      table = [];
      names = [];
    }
    if (l.do !== 'slide') continue;
    // (A second end starts from the winner of the first: kept out.)
    assert.ok(!cleared, 'a regression scenario of one end');
    for (const m of l.moves ?? []) {
      const w = table[names.indexOf(m.w)];
      if (inPlay(w)) w.d = m.off ? -1 : m.to.d;
    }
    table.push({ colour: side, d: l.off ? -1 : l.to.d });
    names.push(['red', 'blue'][side] + ((names.length >> 1) + 1));
    side ^= 1;
  }
  return { table, cleared, first };
}

describe('shuffleboard regression scenarios: the board reads the table the scenario lays', function () {
  this.timeout(60000);
  for (const file of FILES) {
    const text = readFileSync(join(ROOT, 'scenarios', file), 'utf8');
    // As it is, and without its power cuts (a cut may hide what the uncut play shows).
    const uncut = text.split('\n').filter((l) => !l.includes('"power"')).join('\n');
    for (const [name, played] of uncut === text ? [['', text]] : [['', text], [' without its power cuts', uncut]]) it(file + name, () => {
      const text = played;
      const lines = text.trim().split('\n').map((l) => JSON.parse(l));
      const { table, cleared, first } = laid(lines);
      const out = replay(text).lines.map((l) => JSON.parse(l));
      const phone = out.map((o) => o.phone).filter((p) => p);
      assert.deepEqual(phone.filter((p) => p.type === 'fault'), [], 'no fault on a sound grid');
      // A flag is what the board saw but will not score: in these plays there is none, bar the referee's question.
      assert.deepEqual(phone.filter((p) => p.type === 'flag' && !p.message.startsWith('S6:')), [], 'nothing flagged');
      // The referee asked about the weights the scenario's answers place (`place`), and only those: none where it
      // answers none.
      const answered = [...new Set(lines.filter((l) => l.phone?.cmd === 'place').map((l) => ((first + l.phone.i) & 1 ? 'blue' : 'red') + ((l.phone.i >> 1) + 1)))];
      const asked = [...new Set(phone.filter((p) => p.type === 'state').flatMap((p) => p.ask as string[]))];
      assert.deepEqual(asked.sort(), answered.sort(), 'put to the referee: the weights the scenario answers for');
      // Every weight the scenario throws off the end is off on the phone in the end's last state (also once the
      // referee has answered and before the table clears): never placed where no weight lies.
      const ended = phone.filter((p) => p.type === 'state' && p.end === 1);
      const shown = ended[ended.length - 1].weights as { w: string; d: number }[];
      table.forEach((w, i) => {
        const name = ((first + i) & 1 ? 'blue' : 'red') + ((i >> 1) + 1);
        if (w.d < 0) assert.equal(shown.find((x) => x.w === name)?.d ?? -1, -1, `${name}, thrown off the end, is off`);
      });
      const final = out[out.length - 1].final;
      assert.equal(final.lost, 0);
      if (cleared && table.length === 8) {
        // The end over and the table cleared: its points as the page scores the table.
        assert.deepEqual(final.scores, pageEnd(table));
        assert.equal(final.state.e, 2);
        return;
      }
      assert.equal(final.state.t, table.length, 'every throw counted');
      table.forEach((w, i) => {
        const seen = final.state.d[i];
        if (!inPlay(w)) assert.equal(seen, -1, `throw ${i + 1} (d ${w.d}) is out of play`);
        else assert.ok(Math.abs(seen - w.d) <= 3, `throw ${i + 1} lies at ${w.d}, seen at ${seen}`);
        if (inPlay(w)) assert.equal(shuffleboardView(final.state).weights[i].hang, w.d < PAGE.radius ? 1 : 0, `throw ${i + 1} hangs or not`);
      });
    });
  }
});
