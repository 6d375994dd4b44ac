// Round 8: an enrolled board's signed adverts (signed as the firmware signs them) heard by the room in any order a
// nearby phone can make: the genuine ones (counter rising, sometimes by a power-up's jump of up to 512, scores
// changing, with quiet gaps up to 5 s), interleaved with replays of any earlier one, copies of the latest, and
// forgeries (a byte changed, or its own scores signed with another key, or sent under another enrolled board's
// address). Oracle (docs/security.md, docs/hub.md): after every advert the room shows the latest genuine advert's
// scores, and no replay or forgery is taken. Usage: npx tsx test/hostile-findings/hub-replays.ts N SEED
import fc from 'fast-check';
import { encodeAdvert, ADVERT_MAX_BYTES } from '../../firmware/advert';
import { signAdvert } from '../../firmware/sign';
import { nodeSha256 } from '../../sim/sha256';
import { Room } from '../../hub/room';
import { advertGameNames } from '../../sim/replay';

const N = Number(process.argv[2] || 200), SEED = Number(process.argv[3] || 1);
const KEY = '00112233445566778899aabbccddeeff', OTHER = 'ffeeddccbbaa99887766554433221100';
const A = 'f0:a1:00:00:00:01', B = 'f0:a1:00:00:00:02';
const sign = (scores: number[], seq: number, counter: number, key = KEY) => {
  const out = new Uint8Array(ADVERT_MAX_BYTES);
  out.set(encodeAdvert({ scores, turn: 0, winner: null }, 3, 0, seq & 0xff, 1, new Uint8Array(ADVERT_MAX_BYTES)));
  return signAdvert(nodeSha256, key, out, counter).slice();
};
const step = fc.oneof(
  fc.record({ k: fc.constant('genuine'), jump: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 512 })), a: fc.integer({ min: -50, max: 200 }), b: fc.integer({ min: -50, max: 200 }), gap: fc.integer({ min: 0, max: 5000 }) }),
  fc.record({ k: fc.constant('replay'), back: fc.nat(), gap: fc.integer({ min: 0, max: 5000 }) }),
  fc.record({ k: fc.constant('flip'), at: fc.nat(23), bit: fc.nat(7), gap: fc.integer({ min: 0, max: 5000 }) }),
  fc.record({ k: fc.constant('otherKey'), a: fc.integer({ min: -50, max: 200 }), gap: fc.integer({ min: 0, max: 5000 }) }),
  fc.record({ k: fc.constant('asB'), back: fc.nat(), gap: fc.integer({ min: 0, max: 5000 }) }),
);
let tried = 0, bad = 0;
fc.assert(fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
  tried++;
  const room = new Room({ games: advertGameNames(), keys: { [A]: Buffer.from(KEY, 'latin1'), [B]: Buffer.from(OTHER, 'latin1') } } as any);
  const sent: Uint8Array[] = [];
  let counter = 1, now = 0, want: number[] | null = null;
  for (const s of steps) {
    now += s.gap;
    let bytes: Uint8Array, board = A;
    if (s.k === 'genuine') { counter += s.jump; bytes = sign([s.a, s.b], counter, counter); sent.push(bytes); want = [s.a, s.b]; }
    else if (!sent.length) continue;
    else if (s.k === 'replay') bytes = sent[s.back % sent.length];
    else if (s.k === 'flip') { bytes = sent[sent.length - 1].slice(); bytes[s.at % bytes.length] ^= 1 << s.bit; }
    else if (s.k === 'otherKey') bytes = sign([s.a, 0], counter + 1, counter + 1, OTHER);
    else { bytes = sent[s.back % sent.length]; board = B; }
    room.hear({ board, bytes, rssi: -60, name: null, copy: false } as any, now);
    const shown = (room as any).boards.get(A)?.state.scores ?? null;
    if (JSON.stringify(shown) !== JSON.stringify(want)) {
      bad++;
      console.log(JSON.stringify({ after: s, shown, want, steps }));
      return true;
    }
  }
  return true;
}), { numRuns: N, seed: SEED });
console.log(`tried ${tried}, shown otherwise than the latest genuine advert: ${bad}`);
