import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  encodeAdvert, ADVERT_MAX_BYTES, FLAG_CONFIRM, FLAG_DIAG, type AdvertState,
} from '../firmware/advert';
import { decodeAdvert } from '../sim/phone';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { advertGameNames, parseScenario, Simulation } from '../sim/replay';
import { ROOT } from '../tools/games';

/** The games by advert code, from the registry. */
const GAMES = advertGameNames();

const base: AdvertState = { scores: [125, -40], turn: 1, winner: null };
/** Ring-a-Peg's advert (code 3) of `s`, flags 0, sequence number 9, Board 2, unless given. */
const encode = (s: AdvertState, o: { flags?: number; seq?: number; round?: number } = {}, out = new Uint8Array(ADVERT_MAX_BYTES)) =>
  encodeAdvert(s, 3, o.flags ?? 0, o.seq ?? 9, o.round ?? 2, out);

describe('advert: byte layout (docs/protocol.md)', () => {
  it('a two-player game, byte by byte', () => {
    const bytes = encode(base);
    assert.deepEqual([...bytes], [0x54, 1, 3, 2, 0, 1, 9, 2, 125, 0, 0xd8, 0xff]);
  });
  it('over: flag set, the winner in place of the turn', () => {
    const bytes = encode({ ...base, winner: 0 });
    assert.equal(bytes[4], 1);
    assert.equal(bytes[5], 0);
    assert.deepEqual(decodeAdvert(bytes, GAMES), {
      version: 1, game: 'ringapeg', scores: [125, -40], turn: null, winner: 0, over: true,
      diag: false, confirm: false, truncated: false, seq: 9, round: 2,
    });
  });
  it('eight scores fill exactly 24 bytes; a ninth is left out and flagged', () => {
    const eight = encode({ ...base, scores: [1, 2, 3, 4, 5, 6, 7, 8] });
    assert.equal(eight.length, 24);
    const nine = decodeAdvert(encode({ ...base, scores: [1, 2, 3, 4, 5, 6, 7, 8, 9] }), GAMES);
    assert.deepEqual(nine?.scores, [1, 2, 3, 4, 5, 6, 7, 8]);
    assert.equal(nine?.truncated, true);
  });
  it('scores beyond int16 are clamped; the sequence wraps at 256; no turn is 0xFF', () => {
    const info = decodeAdvert(encode({ ...base, scores: [40000, -40000], turn: -1 }, { seq: 257 }), GAMES);
    assert.deepEqual(info?.scores, [32767, -32768]);
    assert.equal(info?.seq, 1);
    assert.equal(info?.turn, null);
  });
  it('diag and confirm flags', () => {
    const info = decodeAdvert(encode(base, { flags: FLAG_DIAG | FLAG_CONFIRM }), GAMES);
    assert.deepEqual([info?.diag, info?.confirm, info?.over], [true, true, false]);
  });
  it('the decoder ignores manufacturer data that is not ours, or cut short', () => {
    assert.equal(decodeAdvert(new Uint8Array([0x4c, 0, 2, 0x15]), GAMES), null);
    assert.equal(decodeAdvert(new Uint8Array([0x54, 2, 3, 0, 0, 0, 0, 0]), GAMES), null, 'unknown layout version');
    const full = encode(base);
    assert.equal(decodeAdvert(full.slice(0, full.length - 1), GAMES), null);
    assert.equal(decodeAdvert(Uint8Array.from([...full, 0, 0]), GAMES), null, 'longer than its scores');
    assert.equal(decodeAdvert(Uint8Array.from([0x54, 1, 3, 9, 0, 0, 9, 0, ...new Array(18).fill(0)]), GAMES), null, 'nine scores');
  });
  it('encodes into the buffer it is given (no allocation but the view)', () => {
    const out = new Uint8Array(24);
    const bytes = encode(base, {}, out);
    assert.equal(bytes.buffer, out.buffer);
  });
  it('round trip for any summary (seeded property)', () => {
    fc.assert(fc.property(
      fc.constantFrom(...Object.keys(GAMES).map(Number)),
      fc.array(fc.integer({ min: -32768, max: 32767 }), { minLength: 1, maxLength: 8 }),
      fc.integer({ min: 0, max: 7 }),
      fc.option(fc.integer({ min: 0, max: 7 })),
      fc.integer({ min: 0, max: 100000 }),
      fc.integer({ min: 0, max: 255 }),
      (code, scores, turn, winner, seq, round) => {
        const game = GAMES[code];
        const bytes = encodeAdvert({ scores, turn, winner }, code, 0, seq, round, new Uint8Array(24));
        assert.ok(bytes.length <= ADVERT_MAX_BYTES);
        const info = decodeAdvert(bytes, GAMES);
        assert.ok(info);
        assert.equal(info.game, game);
        assert.deepEqual(info.scores, scores);
        assert.equal(info.over, winner !== null);
        assert.equal(info.winner, winner);
        assert.equal(info.turn, winner === null ? turn : null);
        assert.equal(info.seq, seq % 256);
        assert.equal(info.round, round);
      }), { seed: 4242, numRuns: 300 });
  });
});

describe('advert: what a board puts in it', () => {
  const scenario = (name: string) => new Simulation(parseScenario(readFileSync(join(ROOT, 'scenarios', name + '.jsonl'), 'utf8')));
  /** The last advert the board sent, decoded, and its state then. */
  function last(sim: Simulation) {
    const adverts = sim.hal.radio.adverts;
    return decodeAdvert(adverts[adverts.length - 1].bytes, GAMES);
  }

  it('its round is the triangle\'s flick of the turn (1-3) and Ring-a-Peg\'s Board', () => {
    const triangle = scenario('triangle-game');
    const flicks = new Set<number>();
    for (let t = 0; t < 60000; t += 500) {
      triangle.runUntil(t);
      const info = last(triangle);
      assert.ok(info && info.game === 'triangle');
      flicks.add(info.round);
    }
    assert.deepEqual([...flicks].sort(), [1, 2, 3]);
    const advance = scenario('ringapeg-advance');
    advance.runToEnd();
    const info = last(advance);
    assert.ok(info && info.game === 'ringapeg' && info.round > 1, `Board ${info && info.round}`);
  });
});
