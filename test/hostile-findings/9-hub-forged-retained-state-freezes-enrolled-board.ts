// Round 9 finding (replay: npx tsx test/hostile-findings/9-hub-forged-retained-state-freezes-enrolled-board.ts).
// Anyone who may publish on the room's state topics (docs/hub.md's first broker setup: "On the club's own network
// only: anyone there may connect", allow_anonymous) publishes ONE well-formed state for an enrolled board, with the
// largest counter (4294967295) and made-up scores. The hub takes it (Room.adopt: a retained state, or another hub's,
// is kept when its counter is ahead), and from then on drops every genuine signed advert of that board as `replayed`
// (its counter is behind): the room shows the made-up scores, marked enrolled, for good (the broker keeps the
// retained state on disk, so a restart of the hub reads it back).
// Oracle: docs/hub.md, Enrolled boards (the hub "takes only adverts whose tag is right", "only counters after the last
// it took"); docs/security.md's table gives such a broker user "write any state or results the view then shows",
// not the hub's refusal of the board's own signed adverts.
import { encodeAdvert, ADVERT_MAX_BYTES } from '../../firmware/advert';
import { signAdvert } from '../../firmware/sign';
import { nodeSha256 } from '../../sim/sha256';
import { Room } from '../../hub/room';
import { readBoardState } from '../../hub/messages';
import { advertGameNames } from '../../sim/replay';

const KEY = '00112233445566778899aabbccddeeff';
const A = 'f0:a1:00:00:00:01';
const sign = (scores: number[], counter: number) => {
  const out = new Uint8Array(ADVERT_MAX_BYTES);
  out.set(encodeAdvert({ scores, turn: 0, winner: null }, 3, 0, counter & 0xff, 1, new Uint8Array(ADVERT_MAX_BYTES)));
  return signAdvert(nodeSha256, KEY, out, counter).slice();
};
const room = new Room({ games: advertGameNames(), keys: { [A]: Buffer.from(KEY, 'latin1') } } as any);
let now = 1_000_000;
const hear = (scores: number[], counter: number) => {
  const h = room.hear({ board: A, bytes: sign(scores, counter), rssi: -60, name: null, copy: false } as any, (now += 400));
  console.log(`genuine advert, counter ${counter}, scores ${JSON.stringify(scores)}: ${h.verdict}${h.state ? ', room shows ' + JSON.stringify(h.state.scores) : ''}`);
};
hear([10, 4], 7);
hear([12, 4], 8);
// The forged retained state, as a broker client publishes it on tallyboard/<room>/f0:a1:00:00:00:01/state.
const forged = readBoardState(JSON.parse(JSON.stringify({
  board: A, name: null, game: 'fortress', players: 2, scores: [0, 99], turn: null, winner: 1, over: true, round: 0, diag: false,
  truncated: false, seq: 8, counter: 4294967295, restarts: 0, lastSeen: new Date(now + 400).toISOString(), rssi: -60, silent: false, enrolled: true,
})));
console.log('forged state well formed:', forged !== null, '; adopted:', room.adopt(forged!, (now += 400)));
for (let c = 9; c < 13; c++) hear([12 + c, 4], c);
hear([20, 4], 100000);
