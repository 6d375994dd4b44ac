// Fortification billiards physics: what the board's switches see of a
// stroke's happenings (docs/replay.md). A ball passing a mouth trips the hall
// switches of its pole, the low one over about 8 mm of its path (14 mm for an
// attacking ball's strong magnets, whose high switch trips over 8 mm), at
// 0.5 to 2.5 m/s: 3.2 ms or more. Noise: the field dips between two of the
// ball's magnets (a dropout of the low switch over 0.75 to 2 mm of its roll:
// under 1 ms at the fastest, up to 4 ms at the slowest), and now and then
// the opposite pole's low switch flickers for 0.3 ms. A ball in a fort hits
// its bell 40-120 ms after the mouth: a first touch of 3-6 ms, then the bell
// rings against its contact for 300-500 ms (the simulator adds contact bounce
// on top). Colours and spots change level and stay; a spot's hall switch
// chatters now and then as a ball comes or goes (the colours' reeds bounce:
// the simulator adds it).
import { BoardDescription, sensorNames } from '../../firmware/board';
import { toggles } from './bounce';
import type { Random } from './bounce';
import { mulberry32 } from '../inputs';
import type { LevelChange } from './types';

/** A happening of a scenario's stroke (docs/replay.md). */
export interface Happening {
  ball?: string;
  into?: 'fort' | 'pocket';
  fort?: string;
  pocket?: number;
  bell?: boolean;
  pass?: boolean;
  /** With `pass`: the ball rolls back through the pass, towards its own quarter. */
  back?: boolean;
  offSpot?: boolean;
  /** The ball rolls onto this fort's mouth and comes to rest over its switches (it lies there until it moves again). */
  rests?: string;
  colours?: string;
  down?: boolean;
}

/** A happening in the rules' words (docs/games/fortress.md, Happenings): `FP_`, `EA+`, `EA=`, `ED.2`, `EA>FA1!`. */
export function written(h: Happening): string {
  if (h.colours !== undefined) return h.colours + (h.down ? '_' : '^');
  const ball = h.ball as string;
  if (h.offSpot !== undefined) return ball + (h.offSpot ? '-' : '+');
  const cls = ball.slice(0, 2);
  return h.pass ? cls + '=' : h.into === 'pocket' ? cls + '.' + h.pocket : cls + '>' + h.fort + (h.bell ? '!' : '');
}

/** Seeds the spots' chatter. */
const SPOT_CHATTER_SEED = 14;

/** How far the pass's insensitive switches lie from its sensitive ones, towards the French quarter (wiring.md). */
const PASS_OFFSET_MM = 15;

/** Time between two happenings of a stroke, and before its first movement for each thing done by hand. */
const STEP_MS = 600;
const HAND_MS = 400;

export interface FortressWorld {
  /** A stroke at `t`: its happenings' signals, in order. */
  stroke(t: number, happens: Happening[]): LevelChange[];
  /** Whether a ball lies on its spot. */
  onSpot(ball: string): boolean;
  /** The table as a game begins: every ball on its spot, every colours up; the spots' levels. */
  start(): LevelChange[];
}

export function createFortressWorld(board: BoardDescription, random: Random): FortressWorld {
  const names = sensorNames(board);
  const spots: { [ball: string]: boolean } = {};
  const ch = (name: string): number => names.indexOf(name);
  // The spots' chatter has a generator of its own (repeatable, whatever the seed): drawn from `random`, it would move
  // every later signal of a game, and the examples were made before the spots chattered.
  const chatter = mulberry32(SPOT_CHATTER_SEED);
  /** The switches each ball lying over a mouth holds, by the ball's name in the happening that left it there. */
  const resting: { [ball: string]: number[] } = {};

  function pulse(out: LevelChange[], c: number, t: number, ms: number): void {
    out.push({ t: t, ch: c, level: 1 }, { t: t + Math.max(0.1, ms), ch: c, level: 0 });
  }

  /**
   * A ball of `ball`'s class through mouth `mouth` at `t` (`back`: through the pass towards its own quarter). The
   * pass's insensitive switches lie PASS_OFFSET_MM towards the French quarter (wiring.md), the others' on the strip.
   */
  function passage(out: LevelChange[], t: number, mouth: string, ball: string, back = false): void {
    const pole = ball[0] === 'E' ? 'n' : 's';
    const other = ball[0] === 'E' ? 's' : 'n';
    const attacking = ball[1] === 'A';
    const v = 0.5 + 2 * random();
    const low = (attacking ? 14 : 8) / v;
    const lo = ch('mouth.' + mouth + '.' + pole + '.lo');
    if (random() < 0.5) {
      const cut = low * (0.3 + 0.4 * random());
      // (The dip is a length of the ball's roll, 0.75 to 2 mm between two of its magnets: under 1 ms at 2.5 m/s,
      // up to 4 ms at 0.5 m/s.)
      const gap = (0.75 + 1.25 * random()) / v;
      pulse(out, lo, t, cut);
      pulse(out, lo, t + cut + gap, low - cut - gap);
    } else pulse(out, lo, t, low);
    // An attacking ball's insensitive switch trips over the middle 8 mm of its sensitive one's 14, or at the pass
    // further on its path towards the French quarter (an English ball going forwards), or before (a French one).
    const offset = mouth !== 'pass' ? 0 : (ball[0] === 'E') !== back ? PASS_OFFSET_MM : -PASS_OFFSET_MM;
    if (attacking) pulse(out, ch('mouth.' + mouth + '.' + pole + '.hi'), t + (3 + offset) / v, 8 / v);
    if (random() < 0.2) pulse(out, ch('mouth.' + mouth + '.' + other + '.lo'), t + low / 2, 0.3);
  }

  function ring(out: LevelChange[], t: number, fort: string): void {
    const c = ch('bell.' + fort);
    let at = t + 40 + 80 * random();
    pulse(out, c, at, 3 + 3 * random());
    const end = at + 300 + 200 * random();
    for (at += 30 + 30 * random(); at < end; at += 30 + 30 * random()) pulse(out, c, at, 1 + random());
  }

  function spot(out: LevelChange[], t: number, ball: string, on: boolean): void {
    if (!!spots[ball] === on) return;
    spots[ball] = on;
    // The ball's magnets cross the switch's operate point slowly: now and then it chatters for under a millisecond.
    out.push(...toggles({ t: t, ch: ch('spot.' + ball), level: on ? 1 : 0 }, chatter() < 0.5 ? 2 : 0, 0.8, chatter));
  }

  return {
    stroke(t, happens) {
      const out: LevelChange[] = [];
      let at = t;
      let moved = false;
      for (const h of happens) {
        const ball = h.ball as string;
        const hand = h.colours !== undefined || h.offSpot === false;
        // Things done by hand before the stroke come first, a little apart; the stroke's movements follow.
        at += hand && !moved ? HAND_MS : STEP_MS;
        // A ball lying over a mouth moves on (or is lifted): its switches let go.
        for (const c of resting[ball] || []) out.push({ t: at, ch: c, level: 0 });
        delete resting[ball];
        if (h.colours !== undefined) out.push({ t: at, ch: ch('colours.' + h.colours), level: h.down ? 1 : 0 });
        else if (h.offSpot !== undefined) spot(out, at, ball, !h.offSpot);
        else {
          // A ball that lay on its spot leaves it as it moves. A defending ball named by its class only (ED, FD) is
          // one lying off its spot, if one does; else the first of them leaves its spot.
          const mover = ball[1] === 'D' && ball.length === 2 && spots[ball + '1'] && spots[ball + '2'] ? ball + '1' : ball;
          if (spots[mover]) {
            spot(out, at, mover, false);
            at += STEP_MS;
          }
          if (h.rests) {
            // It rolls onto the strip and stops over it: its pole's low switch, and an attacking ball's high one, trip
            // (the high one a few mm on, at walking pace at most) and stay tripped.
            const pole = '.' + (ball[0] === 'E' ? 'n' : 's');
            resting[ball] = [ch('mouth.' + h.rests + pole + '.lo')].concat(ball[1] === 'A' ? [ch('mouth.' + h.rests + pole + '.hi')] : []);
            resting[ball].forEach((c, i) => out.push({ t: at + 20 * i, ch: c, level: 1 }));
          } else {
            const mouth = h.into === 'fort' ? h.fort as string : h.into === 'pocket' ? 'pocket' + h.pocket : 'pass';
            passage(out, at, mouth, ball, h.back);
            if (h.into === 'fort' && h.bell) ring(out, at, mouth);
          }
        }
        if (!hand) moved = true;
      }
      return out.sort((a, b) => a.t - b.t);
    },
    onSpot: (ball) => !!spots[ball],
    start() {
      return ['EA', 'ED1', 'ED2', 'FA', 'FD1', 'FD2'].map((ball) => {
        spots[ball] = true;
        return { t: 0, ch: ch('spot.' + ball), level: 1 as const };
      });
    },
  };
}
