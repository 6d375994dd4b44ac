// Power cuts in a game of fortification billiards (docs/saving.md): what the
// spots and colours show once the board is back is set against the saved
// game, so a ball put back or colours moved while the board was off or
// starting are not lost. Through the simulator, which takes BOOT_MS to start
// a board after `power: on`.
import assert from 'node:assert/strict';
import { BOOT_MS, parseScenario, Simulation } from '../sim/replay';
import { sensorNames } from '../firmware/board';
import { fortressBoard } from '../firmware/games/fortress/board';

interface Printed {
  phone?: { type: string; rule?: string; points?: number; resume?: number | string };
  final?: { scores: number[]; winner: number | null; state: { rs: number[]; lh: string } };
}

const HEADER = { game: 'fortress', players: 2, seed: 3 };
const ball = (name: string, offSpot: boolean) => ({ ball: name, offSpot });
const colours = (name: string, down: boolean) => ({ colours: name, down });
const fort = (name: string, f: string, bell = true) => ({ ball: name, into: 'fort', fort: f, bell });

/**
 * The English pass, the French miss, then the English take FA1 (+4): their attacking ball is due back on its spot
 * (F10). Every ball lies on its spot as the game begins; strokes 12 s apart, each at rest (8 s still) before the next.
 */
const OPENING = [
  { t: 12000, do: 'stroke', happens: [{ ball: 'EA', pass: true }, colours('FP', true)] },
  { t: 24000, do: 'stroke', happens: [] },
  { t: 36000, do: 'stroke', happens: [fort('EA', 'FA1')] },
];

function run(lines: object[]): Printed[] {
  return played(lines).out;
}
/** What the board told, and which balls lie on their spots at the end (the simulated table, not the board's game). */
function played(lines: object[]): { out: Printed[]; onSpots: string } {
  const sim = new Simulation(parseScenario([HEADER, ...lines].map((l) => JSON.stringify(l)).join('\n') + '\n'));
  sim.runToEnd();
  const names = sensorNames(fortressBoard);
  const onSpots = ['EA', 'ED1', 'ED2', 'FA', 'FD1', 'FD2'].filter((b) => sim.hal.inputs.level(names.indexOf('spot.' + b))).join(' ');
  return { out: sim.out.map((l) => JSON.parse(l) as Printed), onSpots };
}
const told = (out: Printed[]): string[] => out.filter((l) => l.phone && l.phone.type === 'score').map((l) => l.phone!.rule + ' ' + l.phone!.points);
const final = (out: Printed[]) => out[out.length - 1].final!;

describe('power cuts in fortification billiards: what the board finds at power-up', () => {
  // The next English stroke: the ball put back and FA1's colours taken down by hand (400 ms apart, from 48,400 ms), then FA2 taken.
  const NEXT = { t: 48000, do: 'stroke', happens: [ball('EA', false), colours('FA1', true), fort('EA', 'FA2')] };

  it('uncut: the fort taken after the ball was put back scores (F11), and the ball is due again', () => {
    const out = run([...OPENING, NEXT]);
    assert.deepEqual(told(out), ['F11 4', 'F11 4']);
    assert.deepEqual(final(out).scores, [8, 0]);
  });

  for (const [cutAt, what] of [[47500, 'the ball put back'], [47900, 'the ball put back and the colours taken down']] as [number, string][]) {
    it(`a cut at ${cutAt} ms: ${what} while the board starts are found as they are, and the game goes on as uncut`, () => {
      const out = run([...OPENING, { t: cutAt, power: 'cut' }, { t: cutAt + 20, power: 'on' }, NEXT]);
      assert.ok(cutAt + 20 + BOOT_MS > (what.includes('colours') ? 48800 : 48400), 'done while the board was starting');
      assert.ok(out.some((l) => l.phone && l.phone.type === 'restored'));
      assert.deepEqual(told(out), ['F11 4', 'F11 4']);
      assert.deepEqual(final(out).scores, [8, 0]);
      assert.deepEqual(final(out).state, run([...OPENING, NEXT]).slice(-1)[0].final!.state);
    });
  }

  it('a cut in a stroke after its pass, the pass colours taken down while the board starts: scored as uncut, the colours in their place', () => {
    // The French: their ball leaves its spot at 24,600 ms, the pass at 25,200, EP down at 25,800, a fort at 26,400.
    const french = { t: 24000, do: 'stroke', happens: [{ ball: 'FA', pass: true }, colours('EP', true), fort('FA', 'EA1')] };
    const lines = [OPENING[0], french];
    const uncut = run(lines);
    assert.deepEqual(told(uncut), ['F11 4']);
    const out = run([...lines, { t: 25300, power: 'cut' }, { t: 25320, power: 'on' }]);
    assert.ok(out.find((l) => l.phone && l.phone.type === 'restored')!.phone!.resume !== undefined, 'the stroke was under way');
    assert.deepEqual(told(out), ['F11 4']);
    assert.deepEqual(final(out).state, final(uncut).state);
  });

  it('a cut after the eighth happening of a stroke, while its balls come to rest: every happening it sensed is kept, and it scores as uncut', () => {
    // Sensed: FD1-, FD.1, FD2-, FD.2, EA-, EA>FA2!, ED1-, ED.4 (the last at 53,600 ms; both defending balls lay on
    // their spots, and the first left it); at rest 8 s after.
    const long = { t: 48000, do: 'stroke', happens: [ball('EA', false), colours('FA1', true), { ball: 'FD1', into: 'pocket', pocket: 1 },
      { ball: 'FD2', into: 'pocket', pocket: 2 }, fort('EA', 'FA2'), { ball: 'ED', into: 'pocket', pocket: 4 }] };
    // FA2's colours taken down after it: a line that keeps the replay going until the stroke is told.
    const after = { t: 64000, do: 'hand', happens: [colours('FA2', true)] };
    const uncut = run([...OPENING, long, after]);
    assert.deepEqual(told(uncut), ['F11 4', 'F28 2', 'F29 -2', 'F32 6'], 'a holed ball joins the fort (F32)');
    for (const cutAt of [53700, 54600]) {
      const out = run([...OPENING, long, { t: cutAt, power: 'cut' }, { t: cutAt + 20, power: 'on' }, after]);
      assert.ok(out.find((l) => l.phone && l.phone.type === 'restored')!.phone!.resume !== undefined, 'the stroke was under way');
      assert.deepEqual(told(out), told(uncut), `cut at ${cutAt}`);
      assert.deepEqual(final(out).state, final(uncut).state);
    }
  });

  it('a cut after the tenth happening of a stroke, while its balls come to rest: the happenings after the seventh are kept too, and it scores as uncut', () => {
    // Sensed: FD1-, FD.1, FD2-, FD.2, EA-, EA>FA2!, ED1-, ED.4, FA.3, ED.5 (the tenth, at about 54,800 ms): every ball
    // is gone then (EA in a fort stays there; a class's balls enter no more often than it has them), so no stroke
    // senses an eleventh entry (the test had EA.5 and FD.6, entries of balls already gone, which the board now tells
    // as chatter).
    const happens = [ball('EA', false), colours('FA1', true), { ball: 'FD1', into: 'pocket', pocket: 1 }, { ball: 'FD2', into: 'pocket', pocket: 2 },
      fort('EA', 'FA2'), { ball: 'ED', into: 'pocket', pocket: 4 }, { ball: 'FA', into: 'pocket', pocket: 3 }, { ball: 'ED', into: 'pocket', pocket: 5 }];
    const after = { t: 70000, do: 'hand', happens: [colours('FA2', true)] };
    for (const count of [9]) {
      const longer = { t: 48000, do: 'stroke', happens: happens.slice(0, count - 1) };
      const uncut = run([...OPENING, longer, after]);
      assert.equal(final(uncut).state.lh.split(' ').length, 3 + count, `${count + 1} happenings sensed, after the two done by hand`);
      // The first holed adversary's ball joins the fort (F32).
      assert.deepEqual(told(uncut), ['F11 4', 'F28 2', 'F29 -2', 'F28 2', 'F29 -2', 'F32 6']);
      for (const cutAt of [56100, 58500]) {
        const out = run([...OPENING, longer, { t: cutAt, power: 'cut' }, { t: cutAt + 20, power: 'on' }, after]);
        assert.ok(out.find((l) => l.phone && l.phone.type === 'restored')!.phone!.resume !== undefined, 'the stroke was under way');
        assert.deepEqual(told(out), told(uncut), `${count} happenings, cut at ${cutAt}`);
        assert.deepEqual(final(out).state, final(uncut).state);
      }
    }
  });

  it('balls lying on their spots since before the cut, and colours down since before, are no move', () => {
    const out = run([...OPENING, { t: 46000, power: 'cut' }, { t: 46020, power: 'on' }]);
    const uncut = run(OPENING);
    assert.deepEqual(final(out).state, final(uncut).state);
    assert.deepEqual(told(out), ['F11 4']);
  });

  // Hostile round 28: the simulator's player struck a miss with EA whatever the turn while the board was off or
  // starting (it asked the dark display whose turn it was): the power sweep then found the French ball on its spot
  // after a cut (fortress-referee-due-back-by-class from 167,708 ms), where the French had struck it. A power cut
  // changes nothing of whose turn it is at the table.
  describe('a miss struck while the board is off or starting is struck by the player whose turn it is', () => {
    // The English pass (EA leaves its spot at 12,600 ms, FP down at 13,800; at rest at about 21,300): the French to strike.
    // They put EA back (400 ms after the line) and miss (FA leaves its spot 600 ms later).
    const miss = (t: number) => ({ t, do: 'stroke', happens: [ball('EA', false)] });

    it('the board at rest at the cut: as the display showed, the French miss, and the game goes on as uncut', () => {
      const lines = [OPENING[0], miss(24000)];
      const uncut = played(lines);
      assert.equal(uncut.onSpots, 'EA ED1 ED2 FD1 FD2', 'the French struck FA');
      const cut = played([OPENING[0], { t: 23500, power: 'cut' }, { t: 23520, power: 'on' }, miss(24000)]);
      assert.ok(23520 + BOOT_MS > 24000, 'struck while the board was starting');
      assert.equal(cut.onSpots, uncut.onSpots);
      assert.deepEqual(final(cut.out).state, final(uncut.out).state);
    });

    it('the English stroke still under way at the cut and at rest before the miss: the players reckon the turn by the rules (F41)', () => {
      // (The board is up at 22,020 ms, the miss's line at 21,800.)
      const lines = [OPENING[0], miss(21800)];
      const uncut = played(lines);
      assert.equal(uncut.onSpots, 'EA ED1 ED2 FD1 FD2');
      const cut = played([OPENING[0], { t: 21000, power: 'cut' }, { t: 21020, power: 'on' }, miss(21800)]);
      assert.ok(cut.out.find((l) => l.phone && l.phone.type === 'restored')!.phone!.resume !== undefined, 'the stroke was under way at the cut');
      assert.equal(cut.onSpots, uncut.onSpots, 'the French struck FA');
    });
  });
});
