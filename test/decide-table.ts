// A shuffleboard end's last table decided as the board decides it: its weights found in the grid's readings
// (locate.ts), then the end scored by the rules with them as its last throw, seven throws laid before it where
// `rests` says (test/shuffleboard-sweep.ts, endRests). Plain device code, run in Node and, built for the chip, in
// the real interpreter (test/real-vs-node.ts): each must decide the same.
import { locate } from '../firmware/games/shuffleboard/locate';
import { setup, shuffleboardMoves } from '../firmware/games/shuffleboard/rules';

/** The end's points, and whether the referee is asked (0: not), with `seen` (each [colour, d, u]) as its last throw, after `rests`. */
export function endScored(rests: number[][], seen: number[][]): [number[], number] {
  const moves = shuffleboardMoves();
  let st = setup({ players: 2, options: { firstPlayer: 0 } });
  for (let i = 0; i < rests.length; i++) st = moves.rest(st, { k: 'rest', w: [rests[i]] }).state;
  st = moves.seen(st, { k: 'seen', w: seen }).state;
  return [st.ep, st.q];
}

/** The weights seen in `frame` (the grid's readings, ADC steps), the end's points, and whether the referee is asked. */
export function decideTable(frame: Int16Array, rests: number[][]): [number[][], number[], number] {
  const seen = locate(frame);
  const [points, asked] = endScored(rests, seen);
  return [seen, points, asked];
}
