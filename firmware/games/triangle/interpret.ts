// From debounced sensor events to flicks. A flick begins when the chip leaves
// a start spot; it is decided once the chip rests at the target angle (no
// change there for REST_MS), or, if it never arrives, ARRIVE_TIMEOUT_MS after
// it left (short, T7). The state is a few numbers and one typed array made
// here: sense() and tick() allocate nothing.
import { EDGE, TRANSIT, SensorEventKind, Interpreter } from '../../sensing';
import { TriangleMove, RESULTS } from './rules';
import type { FlickResult } from './rules';
import { ROLE_START, ROLE_EVEN, ROLE_OVER, ROLE_BEYOND } from './board';
import { CHATTER, STUCK } from '../../faults';

/**
 * Quiet time at the target that means "at rest". The widest gap between two
 * sensing points is 18.5 mm (over's cover at 0.5, even's uncover at 19); a chip
 * braking at 1 m/s² (a very slick table) covers its last 18.5 mm in 192 ms.
 */
export const REST_MS = 300;
/**
 * A flick taken up at power-up with a chip at its target is decided this long
 * after power-up, not REST_MS: the chip has lain there since before (a board
 * takes longer to start than a chip slides, so it is at rest or in its last
 * millimetres), and the next player may lift it any moment.
 */
export const RESUME_REST_MS = 50;
/** A chip not seen at the target this long after leaving its start spot stopped short (T7). */
export const ARRIVE_TIMEOUT_MS = 4000;
/** A chip put back on the spot it left within this time was being adjusted, not flicked. */
export const REPLACE_MS = 1000;
/** A start spot covered this long holds a placed chip; shorter is a flicker (noise, a passing hand). */
export const PLACED_MS = 100;
/**
 * A chip crosses its side in some 0.5 s (braking at about 3 m/s², a table's μ 0.3; 1 s on one 0.1): one that left its
 * spot less than this long ago may still be on its way (ms). Longer, and a referee marking a chip off (T8) would be
 * refused as often as not.
 */
export const SLIDE_MS = 1000;
/**
 * A chip that passes covers even and over together, then beyond within this
 * time: still moving at the beyond point, it crossed the 22 mm from there in
 * at most 210 ms, even braking at 1 m/s². Stray pulses do not line up so.
 */
export const PASS_MS = 250;
/** Even and over stay covered together while the chip moves 18.5 mm: at least 13 ms at the fastest flick. */
export const PAIR_MS = 5;
/**
 * A chip that reached its target's points is at rest within some 0.3 s (from the even point's 3 mm short of the
 * line to wholly past it, braking at 1 m/s²): one still changing there this long after its chip came is no chip's
 * (a point chattering slower than any check counts), and the flick is not scored.
 */
export const RESTLESS_MS = 1000;
/** A point's level that lasts this long is a chip's, or a chattering point's: a noise pulse lasts a few ms. */
export const HOLD_MS = 30;

export interface TriangleInterpreter extends Interpreter {
  /**
   * Decides a pending flick now, from what the sensors show: before a referee's move (no `spoilt`), with `spoilt` 1
   * as a sensor is taken out of service (a flick whose angles' points are all in service goes on), 0 as the sensors
   * are found sound again. A referee's move while the chip may still be on its way (SLIDE_MS) is refused,
   * `deciding`: decided then, a chip still sliding was short, and its arrival went unheard. Later, a chip not at rest
   * at the target stopped short or left the table (which the referee marks off). (A flick taken up at power-up began
   * before it, as far as the board knows: decided first.)
   */
  settle(spoilt?: number): string | void;
  /** Whether a flick is waiting for its chip to rest (a `new` waits for it: firmware/handle.ts). */
  busy(): boolean;
}

/**
 * The interpreter of the triangle board (board.ts: channel = angle * 4 + role);
 * `emit` gets each decided flick, `begin` the side of each flick that begins
 * (-1 when it comes to nothing), so that one under way survives a power cut.
 */
export function triangleInterpreter(emit: (move: TriangleMove) => void, begin: (side: number) => void): TriangleInterpreter {
  // Short names: each local lives on in the closure's scope on the chip.
  /** Debounced levels: bit `channel`. */
  let lv = 0;
  /** The side of the flick waiting for its chip to rest (0 A→B, 1 B→C, 2 C→A: the target is angle side + 1); -1: none. */
  let side = -1;
  // The flick's own figures, set when it begins (nothing reads them while side < 0):
  /** When the flick began. */
  let t0: number;
  /** When a target sensor last changed; when one first went back after a level held both ways (HOLD_MS). */
  let last: number;
  /** The last tick's time while a flick is under way: a referee's move comes between ticks (SLIDE_MS). */
  let now = 0;
  let came: number;
  /** Per role, whether its last level change ended a level held HOLD_MS or more (bit role). */
  let longs: number;
  /** A target point still changing long after its chip came, for the fault check (Interpreter.accused). */
  let accused = 0;
  /** When even and over were last covered together, as only a chip does (-Infinity: not in this flick, so every "within" test fails). */
  let pair: number;
  /** The chip reached the beyond point soon after covering even and over together: it passed the angle (1). */
  let pass: number;
  /** Any target sensor changed since the flick began (1). */
  let act: number;
  /** The target's points covered since the flick began, and those covered before the point before them was (bit role). */
  let reached: number;
  let strays: number;
  /**
   * Per angle a: since when a chip lies on its start spot ([a]; dropouts do not count; -1: none), when it was last
   * uncovered ([3 + a]); per role r of the target, when its level last changed ([5 + r]).
   */
  const spot = new Float64Array(9).fill(-1);

  /** The sensors' debounced levels, the scanner's (from resume on). */
  let read: (ch: number, mask?: number) => number;

  /** Takes the levels from the scanner, the twelve at once (they lie in its first word). */
  function levels(): void {
    lv = read(0, 4095);
  }

  /** Decides a pending flick from what the target's sensors show. */
  function settle(): void {
    if (side < 0) return;
    const at = lv >> ((side + 1) % 3) * 4; // the target angle's levels, bit = role
    // RESULTS: over covered: partly (straddles the line); even alone: perfect (within 3 mm short, T7);
    // beyond covered, or passed: beyond; never there, never past: short.
    const move: TriangleMove = { k: 'flick', r: RESULTS.split(' ')[at & (1 << ROLE_OVER) ? 0 : at & (1 << ROLE_EVEN) ? 1 : at & (1 << ROLE_BEYOND) || pass ? 2 : 3] as FlickResult, s: side };
    // Points that show what no chip made (covered before the point before them was): the flick is not scored, and
    // the first of them is told (stuck: it stays covered). Not over alone, nothing else seen at the target: a chip
    // drifting across its lane meets it first (partly), and a stuck one hides no more than a chip short (1 as well).
    const stuck = at & strays & (reached === (1 << ROLE_START | 1 << ROLE_OVER) ? ~(1 << ROLE_OVER) : 15);
    if (stuck && !accused) accused = (STUCK << 8) | ((side + 1) % 3 * 4 + (stuck & 1 << ROLE_OVER ? ROLE_OVER : ROLE_BEYOND) + 1);
    side = -1;
    if (stuck) return begin(-1);
    emit(move);
  }

  /** A flick along `flicked` begins at `t` (or resumes at power-up). */
  function start(flicked: number, t: number): void {
    side = flicked;
    t0 = last = t;
    pair = came = -Infinity;
    longs = strays = 0;
    pass = act = 0;
    reached = 1 << ROLE_START;
  }

  /** The flick under way came to nothing (the chip never went, or was put back). */
  function drop(): void {
    side = -1;
    begin(-1);
  }

  const interpreter = {
    sense: function (kind: SensorEventKind, ch: number, level: number, t: number): void {
      if (kind > TRANSIT || ch >>> 0 > 11) return; // settled groups, channels not ours (negative ones too)
      if (kind === EDGE) lv = lv & ~(1 << ch) | level << ch;
      const angle = ch >> 2;
      const role = ch & 3;
      if (role === ROLE_START) {
        if (kind !== EDGE) return;
        if (level) {
          // A dropout shorter than PLACED_MS leaves the chip lying where it lay since before.
          if (spot[angle] < 0 || t - spot[3 + angle] >= PLACED_MS) spot[angle] = t;
          // Covered again at once: the chip never went, the edge dropped out.
          if (angle === side && t - t0 < PLACED_MS) drop();
          return;
        }
        spot[3 + angle] = t;
        if (spot[angle] < 0 || t - spot[angle] < PLACED_MS) {
          spot[angle] = -1; // a flicker, not a placed chip leaving
          return;
        }
        // The chip leaves a start spot: a flick along the side from that angle.
        settle();
        // There is one chip, and it was on this spot: a point that sees one now sees none, and is stuck. A flick
        // to an angle whose points are stuck or out of service is not scored (the referee enters it). The levels
        // are the scanner's: a sensor out of service tells nothing, and one back in service reads as it is.
        levels();
        // (An accusation the fault check has not yet heard, chatter found as a chip came, stands.)
        if (lv && !accused) {
          ch = 0;
          while (!(lv >> ch & 1)) ch++;
          accused = (STUCK << 8) | (ch + 1);
        }
        const target = (angle + 1) % 3;
        if (lv >> target * 4 & 15 || interpreter.out!(target * 4)) return;
        start(angle, t);
        begin(angle);
        return;
      }
      if (side < 0 || angle !== (side + 1) % 3) return;
      if (kind === EDGE) {
        // A level held both ways: a chip going past, or the point chattering. A chip is at rest within RESTLESS_MS;
        // a point changing so still chatters: the flick is not scored, and the point is told.
        const long = t - spot[5 + role] >= HOLD_MS ? 1 : 0;
        spot[5 + role] = t;
        if (long & (longs >> role)) {
          if (came < t0) came = t;
          else if (t - came >= RESTLESS_MS) {
            accused = (CHATTER << 8) | (ch + 1);
            return drop();
          }
        }
        longs = (longs & ~(1 << role)) | (long << role);
      }
      act = 1;
      last = t;
      // A chip covers even, then over, then beyond (each 3.5 mm or more on): a point covered before the one before
      // it ever was is no chip's, while it stays covered (a noise pulse lets go at once; a transit is a pulse over).
      if (level) {
        if (kind === EDGE) strays = reached & 1 << role - 1 ? strays & ~(1 << role) : strays | 1 << role;
        reached |= 1 << role;
      } else strays &= ~(1 << role);
      if (!level) {
        // Even and over together for less than a chip takes to cross: stray pulses.
        if (role !== ROLE_BEYOND && t - pair < PAIR_MS) pair = -Infinity;
      } else if (role === ROLE_BEYOND) {
        if (t - pair <= PASS_MS) pass = 1;
      } else if (lv & (1 << (ch ^ 3))) {
        // Even and over (roles 1 and 2: ch ^ 3 is the other) covered at once: a chip.
        // Its trailing edge's chatter does not restart the pair.
        if (t - pair > PASS_MS) pair = t;
      }
    },

    tick: function (t: number): void {
      if (side < 0) return;
      now = t;
      for (let a = 0; a < 3; a++) {
        // A chip placed for the next flick: the last one is over, whatever the chip did.
        // (A spot's time after t0 means the chip lies there still: its leaving would
        // have cleared the time, or begun a flick at a later t0.)
        const since = spot[a];
        if (since > t0 && t - since >= PLACED_MS) {
          // Back on the spot it just left, unseen at the target: an adjustment, not a flick.
          if (a === side && !act && since - t0 < REPLACE_MS) drop();
          else settle();
          return;
        }
      }
      // At rest at the target (something covered there, or it went past; one noise pulse is neither),
      // or never arrived.
      if (pass || (lv >> ((side + 1) % 3) * 4) & (1 << ROLE_EVEN | 1 << ROLE_OVER | 1 << ROLE_BEYOND) ? t - last >= REST_MS : t - t0 >= ARRIVE_TIMEOUT_MS) settle();
    },

    settle: function (spoilt?: number): string | void {
      if (spoilt === undefined && side >= 0 && now - t0 < SLIDE_MS) return 'deciding';
      // A sensor found faulty at another angle than the flick's two tells nothing of it (the start spot: a chatter may
      // have begun it; the target: where it is decided).
      if (!spoilt || side >= 0 && interpreter.out!(side * 4) | interpreter.out!((side + 1) % 3 * 4)) settle();
    },

    accused: function (): number {
      const a = accused;
      accused = 0;
      return a;
    },

    resume: function (t: number, scanned: (ch: number, mask?: number) => number, pending: number): void {
      read = scanned;
      levels();
      // A chip lying on a start spot was placed before the power went: its leaving is a flick.
      for (let a = 0; a < 3; a++) if (lv >> a * 4 & 1) spot[a] = t - PLACED_MS;
      // A flick under way: decided as any other, from the target's sensors from now on (a chip
      // resting there covers them still; one seen nowhere is short once the arrive timeout is over).
      // It began before the power went: a chip on that spot now (seen since t - PLACED_MS) is the
      // next one, not an adjustment.
      if (pending >= 0) {
        start(pending, t - REPLACE_MS - PLACED_MS);
        last = t - REST_MS + RESUME_REST_MS;
      }
    },
  } as TriangleInterpreter;
  // (A `new` waits while it is: firmware/handle.ts.)
  interpreter.busy = function (): boolean {
    return side >= 0;
  };
  return interpreter;
}
