// What the LED display and the phone show of a shuffleboard game.
import { scoresLayout } from '../../display';
import { score } from '../../game';
import { ARTICLES, nearest, turn, zone } from './rules';
import { NONE, WEIGHTS } from './table';
import type { ShuffleboardState } from './state';

/**
 * The sides' scores, red then blue, the point after the side to throw, and a
 * label: before the coin toss "toSS"; during an end the end number and the
 * weights left ("E3 L5"); once the end is over its points ("E3 r4": red made
 * 4, "E3 b2", "E3 --": nobody scored; "E3 ?": the referee is asked); once
 * won, "=r" or "=b".
 */
export function shuffleboardLayout(s: ShuffleboardState): string {
  const over = s.t >= WEIGHTS;
  const label = s.w !== null ? '=' + 'rb'[s.w] : s.f < 0 ? 'toSS' : 'E' + s.e + (over ? s.q ? ' ?' : s.ew < 0 ? ' --' : ' ' + 'rb'[s.ew] + s.ep[s.ew] : ' L' + (WEIGHTS - s.t));
  // The point after the side of the player to throw (in doubles players 2 and 3 are sides 0 and 1; -1 % 2 is -1: none before the toss).
  return scoresLayout(s.s, s.w !== null ? -1 : turn(s) % 2, label);
}

export type ShuffleboardView = {
  end: number;
  first: number;
  left: number;
  endPoints: number[];
  weights: { w: string; c: number; d: number; hang: number; zone: string; points: number }[];
  level: boolean;
  target: number;
  ask: string[];
};

/**
 * The phone's fields (docs/games/shuffleboard.md): the end, the side that
 * threw first in it, weights left, the last end's points, every weight
 * thrown in this end (by its colour and throw, `red1`: its colour, place,
 * overhang, and the rule and points of the zone it lies in; `S4` and 0 out of
 * play), and `level` when the two sides' nearest weights lie within the
 * resolution of each other (S11); `ask`, the weights the referee is asked
 * about (by name), while the end waits for his word.
 */
export function shuffleboardView(s: ShuffleboardState): ShuffleboardView {
  const weights = [];
  const ask = [];
  const near = nearest(s, s.d);
  for (let i = 0; i < s.t; i++) {
    // (Zone 0: it hangs over the end edge, S7.)
    const z = zone(s.d[i]);
    const article = score(ARTICLES, z, 0);
    const name = ((s.f + i) & 1 ? 'blue' : 'red') + ((i >> 1) + 1);
    weights.push({ w: name, c: s.c[i], d: s.d[i], hang: +!z, zone: article.rule, points: article.points });
    if ((s.q >> i) & 1) ask.push(name);
  }
  return {
    end: s.e, first: s.f, left: WEIGHTS - s.t, endPoints: s.ep, weights: weights,
    // A side with no weight on the table has NONE: far more than the resolution from the other's. (Neither nearer()
    // than the other by more than the resolution: within it of each other.)
    level: near[0] < NONE && Math.abs(near[0] - near[1]) <= s.rs, target: s.tg, ask: ask,
  };
}

