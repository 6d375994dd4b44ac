// Ring-a-Peg physics: what the pegs' IR gates and the impact switch see when
// rings are snapped, lifted, dropped and cleared. Clean level changes only;
// the simulator adds IR noise and contact bounce on top.
//
// Geometry and speeds (reference board): the top gate is 15 mm above the low
// one, both above the tallest stack; rings are 6 mm thick. A snapped ring
// reaches the peg top at about 2 m/s (a beam is broken for 3 ms, the gates
// 7.5 ms apart), a ring dropped from the hand at about 1 m/s, a ring lifted
// by hand at about 0.2 m/s. After the low gate a ring falls about 60 ms onto
// the stack, then the board shakes the impact switch once (the peg holds the
// ring). A ring that misses hits the board flat and bounces: it shakes the
// switch again each time it comes down, until it lies still. A knock on the
// table shakes it once.
import { BoardDescription, sensorNames } from '../../firmware/board';
import { LevelChange } from './types';

const GAP_MM = 15;
const RING_MM = 6;
const SNAP_MM_PER_MS = 2;
const DROP_MM_PER_MS = 1;
const LIFT_MM_PER_MS = 0.2;
const FALL_TO_STACK_MS = 60;
const IMPACT_MS = 20;
/** A bounce's shock is lighter: the switch closes for this long. */
const BOUNCE_MS = 10;
/**
 * Restitution of a ring hitting a wooden board (0.3-0.5 for wood and hard
 * plastic): one bouncing at v comes down again 2·E·v/g later, 160 ms after a
 * snap's 2 m/s, 80 ms after a drop's 1 m/s, each bounce E times shorter.
 */
const RESTITUTION = 0.4;
const G_MM_PER_MS2 = 9.81e-3;
/** A ring that misses flies on this long before it hits the board. */
const FLIGHT_OFF_MS = 150;
/** A ring glancing off a peg top breaks only the top beam, briefly, then flies on. */
const GLANCE_MS = 2;
/** Clearing lifts each peg's whole stack at once, one peg after another. */
const CLEAR_PEG_MS = 400;

export interface RingapegWorld {
  /** The snapper's ring lands over `peg` (null: misses every peg), first glancing off `bounceOff`'s top if given. */
  snap(t: number, peg: string | null, bounceOff?: string): LevelChange[];
  /** The top ring of `peg` is lifted off into the hand. */
  lift(t: number, peg: string): LevelChange[];
  /** The ring in the hand is dropped over `peg` (null: off every peg). */
  drop(t: number, peg: string | null): LevelChange[];
  /** Every ring taken off every peg, a stack at a time. */
  clear(t: number): LevelChange[];
  /** Rings on a peg now. */
  rings(peg: string): number;
  /** When the last change of everything asked so far happens. */
  busyUntil(): number;
}

/**
 * A physical board: remembers how many rings each peg carries, so lift and
 * clear know what there is to take off. `random` (0..1) varies speeds by
 * up to ±20 % for seeded runs; without it every passage is the nominal one.
 */
export function createRingapegWorld(board: BoardDescription, random?: () => number): RingapegWorld {
  const stacks: { [peg: string]: number } = {};
  const impactCh = sensorNames(board).indexOf('board.impact');
  let last = 0;

  function jitter(speed: number): number {
    return random ? speed * (0.8 + 0.4 * random()) : speed;
  }

  function gate(peg: string, which: 'top' | 'low'): number {
    const ch = sensorNames(board).indexOf('peg.' + peg + '.' + which);
    if (ch < 0) throw new Error('no peg ' + peg + ' on this board');
    return ch;
  }

  function pulse(out: LevelChange[], ch: number, t: number, ms: number): void {
    // (Whole ms, and never before `t`: a line may fall between ms, as the companion page's live board plays them.)
    const start = Math.ceil(t);
    out.push({ t: start, ch: ch, level: 1 }, { t: start + Math.max(1, Math.round(ms)), ch: ch, level: 0 });
  }

  function impact(out: LevelChange[], t: number): void {
    if (impactCh >= 0) pulse(out, impactCh, t, IMPACT_MS);
  }

  /** A ring missing every peg hits the board at `speed` mm/ms and bounces until its hops are too short to shake the switch apart. */
  function fall(out: LevelChange[], t: number, speed: number): void {
    impact(out, t);
    let at = t + IMPACT_MS;
    for (let air = 2 * RESTITUTION * jitter(speed) / G_MM_PER_MS2; air >= BOUNCE_MS && impactCh >= 0; air *= RESTITUTION) {
      at += air;
      pulse(out, impactCh, at, BOUNCE_MS);
      at += BOUNCE_MS;
    }
  }

  /** A ring going down over a peg at `speed` mm/ms: top beam, then low beam, then onto the stack. */
  function down(out: LevelChange[], t: number, peg: string, speed: number): void {
    const v = jitter(speed);
    pulse(out, gate(peg, 'top'), t, RING_MM / v);
    pulse(out, gate(peg, 'low'), t + GAP_MM / v, RING_MM / v);
    impact(out, t + GAP_MM / v + FALL_TO_STACK_MS);
    stacks[peg] = (stacks[peg] || 0) + 1;
  }

  /** A ring (or a whole stack, `thick` mm) going up off a peg: low beam, then top beam. */
  function up(out: LevelChange[], t: number, peg: string, thick: number): void {
    const v = jitter(LIFT_MM_PER_MS);
    pulse(out, gate(peg, 'low'), t, thick / v);
    pulse(out, gate(peg, 'top'), t + GAP_MM / v, thick / v);
  }

  function done(out: LevelChange[]): LevelChange[] {
    out.sort(function (a, b) { return a.t - b.t; });
    if (out.length > 0 && out[out.length - 1].t > last) last = out[out.length - 1].t;
    return out;
  }

  return {
    snap: function (t, peg, bounceOff) {
      const out: LevelChange[] = [];
      let at = t;
      if (bounceOff) {
        pulse(out, gate(bounceOff, 'top'), at, GLANCE_MS);
        at += FLIGHT_OFF_MS;
      }
      if (peg) down(out, at, peg, SNAP_MM_PER_MS);
      else fall(out, at + FLIGHT_OFF_MS, SNAP_MM_PER_MS);
      return done(out);
    },
    lift: function (t, peg) {
      const out: LevelChange[] = [];
      gate(peg, 'top');
      if (!stacks[peg]) return out;
      up(out, t, peg, RING_MM);
      stacks[peg]--;
      return done(out);
    },
    drop: function (t, peg) {
      const out: LevelChange[] = [];
      if (peg) down(out, t, peg, DROP_MM_PER_MS);
      else fall(out, t + FLIGHT_OFF_MS / 3, DROP_MM_PER_MS);
      return done(out);
    },
    clear: function (t) {
      const out: LevelChange[] = [];
      let at = t;
      for (const key of Object.keys(stacks)) {
        if (!stacks[key]) continue;
        // The stack is gripped from below, so its own height crosses each beam.
        up(out, at, key, RING_MM * stacks[key]);
        stacks[key] = 0;
        at += CLEAR_PEG_MS;
      }
      return done(out);
    },
    rings: function (peg) {
      return stacks[peg] || 0;
    },
    busyUntil: function () {
      return last;
    },
  };
}
