// Round 9: gateway messages of random shape (topics, JSON, manufacturer data of random hex with Tallyboard's company id
// and magic byte, random rssi and names) read by the hub (readGatewayMessage) and heard by a Room with one enrolled
// board. Oracle (docs/hub.md, What it drops): nothing throws; an advert taken has at most 8 scores, each a whole
// number; an enrolled board's state changes only with a correctly signed advert (none is made here).
// Usage: npx tsx test/hostile-findings/hub-fuzz.ts N SEED
import fc from 'fast-check';
import { readGatewayMessage } from '../../hub/gateways';
import { Room } from '../../hub/room';
import { advertGameNames } from '../../sim/replay';

const N = Number(process.argv[2] || 300), SEED = Number(process.argv[3] || 1);
const A = 'f0:a1:00:00:00:01';
const hexOf = (b: number[]) => b.map((x) => x.toString(16).padStart(2, '0')).join('');
const msg = fc.record({
  id: fc.oneof(fc.constant(A), fc.constant('F0-A1-00-00-00-01'), fc.constant('f0a100000002'), fc.string({ maxLength: 80 })),
  head: fc.oneof(fc.constant('9005'), fc.constant('900554'), fc.array(fc.constantFrom(...'0123456789abcdefABCDEFx'), { maxLength: 6 }).map((a) => a.join(''))),
  body: fc.oneof(fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 40 }),
    fc.tuple(fc.constantFrom(1, 1, 1, 2), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 9 }), fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 }),
      fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 32, maxLength: 32 }), fc.integer({ min: -2, max: 2 }))
      .map(([v, g, n, hdr, rest, tweak]) => [v, g, n, ...hdr, ...rest.slice(0, Math.max(0, 2 * n + (v === 2 ? 7 : 0) + tweak))])),
  rssi: fc.oneof(fc.integer({ min: -200, max: 200 }), fc.double(), fc.constant(null), fc.string()),
  name: fc.oneof(fc.constant(null), fc.string({ maxLength: 100 }), fc.integer()),
  form: fc.constantFrom('advertise', 'manufacturer'),
});
let tried = 0, taken = 0, bad = 0;
const room = new Room({ games: advertGameNames(), keys: { [A]: Buffer.from('00112233445566778899aabbccddeeff', 'latin1') } } as any);
let now = 0;
fc.assert(fc.property(fc.array(msg, { minLength: 1, maxLength: 30 }), (ms) => {
  for (const m of ms) {
    tried++;
    now += 100;
    const hex = m.head + hexOf(m.body);
    const [topic, payload] = m.form === 'advertise'
      ? [`/ble/advertise/${m.id}`, JSON.stringify({ manufacturerData: hex, rssi: m.rssi, name: m.name })]
      : [`/ble/advertise/${m.id}/manufacturer/0590`, JSON.stringify('54' + hexOf(m.body))];
    let reading: any;
    try { reading = readGatewayMessage(topic, payload); } catch (e) { bad++; console.log('threw', topic, payload, e); continue; }
    if (!reading || typeof reading !== 'object' || !('board' in reading)) continue;
    let h: any;
    try { h = room.hear(reading, now); } catch (e) { bad++; console.log('hear threw', JSON.stringify(reading), e); continue; }
    if (h.state) {
      taken++;
      const s = h.state;
      if (s.scores.length > 8 || s.scores.some((v: number) => !Number.isInteger(v))) { bad++; console.log('odd state', JSON.stringify(s)); }
      if (s.board === A) { bad++; console.log('enrolled board changed by an unsigned or random advert', JSON.stringify(s)); }
    }
  }
}), { numRuns: N, seed: SEED });
console.log(JSON.stringify({ messages: tried, taken, bad }));
