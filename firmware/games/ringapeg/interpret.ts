// Turns beam breaks on the pegs' two gates into Ring-a-Peg moves.
// Top then low within a window: a ring came down over the peg (ring). Low then
// top: a ring was lifted (lift). A top break with no low one after it: the
// ring bounced off the peg top and counts for nothing. A ring falling on the
// board shakes the impact switch, bounces and shakes it again: two shocks
// with no ring landing on a peg around them are a ring that missed every peg
// (a ring on peg 'none'); one shock alone is a knock on the table and counts for nothing.
// A miss is decided once the switch has been quiet a while; shocks that go on
// longer than any ring bounces, or with a closure held longer than a ring's
// shock, are a switch chattering or floating, never a ring.
// Only the breaking edge of a beam matters (EDGE level 1, or a TRANSIT).
import { Interpreter, SensorEventKind } from '../../sensing';
import { CHATTER } from '../../faults';
import { pegName, REFERENCE_LAYOUT } from './board';
import { RingapegMove } from './rules';

/** Longest time between the two gates of one passage (a slow hand lift), ms. */
const GAP_MS = 400;
/**
 * A ring that missed has come to rest once the impact switch was quiet this long after a shock (a ring's
 * bounces come down within 200 ms of each other: sim/physics/ringapeg.ts); a landing on a peg meanwhile still
 * claims its shocks (a ring that hit a peg top first), ms.
 */
const MISS_MS = 300;
/**
 * A ring that misses is still within this time of its first shock (2 m/s, restitution 0.4: some 0.4 s; thrown
 * harder onto a livelier board, 0.6 s): shocks that go on longer, none quiet for MISS_MS, are the switch
 * chattering (a loose wire, an input floating), ms.
 */
const TRAIN_MS = 1000;
/** An impact this soon after a landing is that ring's own, ms. */
const LAND_MS = 500;
/**
 * The impact switch rings after a shock: further closures within this time are
 * the same shock, ms. A ring's bounce comes later (sim/physics/ringapeg.ts: a
 * ring hitting the board at 1-2 m/s is 80-160 ms in the air before it hits again).
 */
const IMPACT_HOLD_MS = 30;
/** The impact switch's last shock while it is still closed: later than any time. */
const HELD = 1e15;
/**
 * A ring's shock closes the impact switch some 20 ms (sim/physics/ringapeg.ts), a bounce's less (some 40 ms at most
 * with the contacts' release debounce, 10 ms): one held closed longer than this past its ringing (IMPACT_HOLD_MS) is no
 * ring's (an input floating holds it closed for spells). (A debounce of 40 ms or more joins a ring's last bounces into
 * one closure as long: its miss is then not seen. Longer, some floating inputs' shocks were played as a miss.) ms.
 */
const SHOCK_MS = 130;
/** A peg's gates are ignored this long after it reported a passage (beam flicker on the ring's edge), ms. */
const PEG_HOLD_MS = 50;

const PEGS = REFERENCE_LAYOUT.length;
// Slots after the pegs' in `state` and `since`: times kept as one typed array, cheaper than closure variables.
/** The impact switch (its channel is 2 * IMPACT): 1 after a first shock, 2 after more (a falling ring), while they wait for a landing to claim them. */
const IMPACT = PEGS;
/** Further closures of the impact switch before this are the same impact. */
const IMPACT_QUIET = PEGS + 1;
/** When a ring last came down over a peg, or first hit the board when it missed them all. */
const LANDED_AT = PEGS + 2;
/** Nothing can time out before this time: tick() returns at once. */
const DUE = PEGS + 3;
/** The first of the impact switch's shocks since it was last quiet for MISS_MS. */
const FIRST = PEGS + 4;

/**
 * Reads the board ringapegBoard describes: peg p's top gate on channel 2p,
 * its low gate on 2p+1, the impact switch after the last peg's (a board
 * without one never reports that channel). `begin` saves a miss sensed but
 * not yet decided (0), so that a power cut does not lose it.
 */
export function createRingapegInterpreter(emit: (move: RingapegMove) => void, begin: (value: number) => void): Interpreter {
  // Per peg: 1 its top gate broke first, 2 its low gate, and the other is
  // awaited; 3 it reported a passage and ignores its gates for a while; 0 idle.
  // Then the impact switch's (IMPACT).
  const state = new Uint8Array(PEGS + 1);
  // Per peg and the impact switch: when that state began (the switch: its last shock); then the slots named above.
  const since = new Float64Array(PEGS + 5);
  since[LANDED_AT] = -1e9;
  /** The impact switch chattering, for the fault check (Interpreter.accused). */
  let accused = 0;

  /** The impact switch's shocks waiting for a landing are no ring's: forgotten, and a miss they began (saved as under way) came to nothing. */
  function forget(): void {
    if (state[IMPACT] > 1) begin(-1);
    state[IMPACT] = 0;
  }

  const interpreter: Interpreter = {
    // Releasing edges have level 0; the board has no settle groups, so no SETTLED events.
    sense: function (_kind: SensorEventKind, ch: number, level: number, t: number): void {
      const p = ch >> 1;
      // The gate broken: 1 top, 2 low.
      const gate = (ch & 1) + 1;
      if (!level) {
        // A shock lasts while the switch is closed, and a ring that missed rests only once it has been open MISS_MS:
        // the wait runs from its release (an input left floating holds it closed for spells of 0.3 s and more). A
        // closure that long makes its shocks no ring's: none is a miss, whether the fault check tells it before the
        // switch is quiet or after (a miss they began, saved as under way, came to nothing).
        if (p === IMPACT && since[IMPACT] > t) {
          if (t - since[IMPACT_QUIET] > SHOCK_MS) forget();
          since[IMPACT] = since[DUE] = t;
        }
        return;
      }
      if (p === IMPACT) {
        // A new shock: not the ringing of the last one, nor the impact of a ring that just landed.
        if (t >= since[IMPACT_QUIET]) {
          // Shocks never MISS_MS apart, landings or not, for longer than any ring bounces: the switch chatters. Its
          // shocks are no move (a miss they began is forgotten); the fault check takes it out.
          if (t - since[IMPACT_QUIET] > MISS_MS - IMPACT_HOLD_MS) since[FIRST] = t;
          else if (t - since[FIRST] > TRAIN_MS) {
            accused = (CHATTER << 8) | (ch + 1);
            forget();
          }
          since[IMPACT_QUIET] = t + IMPACT_HOLD_MS;
          if (accused) return;
          if (!state[IMPACT]) {
            if (t - since[LANDED_AT] <= LAND_MS) return;
            state[IMPACT] = 1;
          } else if (state[IMPACT] < 2) {
            // A second shock: a ring fell on the board and bounced (a landing may still claim it).
            state[IMPACT] = 2;
            begin(0);
          }
          // tick() works out when it times out, from its release.
          since[IMPACT] = HELD;
          since[DUE] = t;
        }
      } else if (!(state[p] === 3 && t < since[p] + PEG_HOLD_MS)) {
        if (state[p] === 3 - gate && t - since[p] <= GAP_MS) {
          state[p] = 3;
          if (gate === 2) {
            // A landing claims the shocks of a ring that hit the board just before it (off a peg top); a train of
            // them begun longer ago is a ring that missed, still bouncing: decided now, before this ring.
            if (state[IMPACT] > 1 && t - since[FIRST] > MISS_MS && !interpreter.out!(2 * IMPACT)) emit({ k: 'ring', peg: 'none' });
            since[LANDED_AT] = t;
            state[IMPACT] = 0;
          }
          emit({ k: gate === 2 ? 'ring' : 'lift', peg: pegName(p) });
        } else {
          state[p] = gate;
          since[DUE] = t;
        }
        since[p] = t;
      }
    },
    tick: function (t: number): void {
      if (t < since[DUE]) return;
      let due = Infinity;
      for (let p = 0; p <= IMPACT; p++) {
        // Waiting (state 1 or 2): a first break never followed by the other gate
        // (a bounce off the top, or a flicker) is forgotten; an impact no landing
        // claimed is a miss.
        if (state[p] % 3) {
          const limit = p < IMPACT ? GAP_MS : MISS_MS;
          if (t - since[p] > limit) {
            // A ring's shocks are a miss (a landing's impact is its own, as are shocks soon after it); one shock
            // alone (a knock) is nothing, nor are a switch's the fault check took out meanwhile.
            if (p === IMPACT && state[p] > 1 && !interpreter.out!(2 * IMPACT)) {
              since[LANDED_AT] = since[p];
              emit({ k: 'ring', peg: 'none' });
            }
            state[p] = 0;
          } else due = Math.min(due, since[p] + limit + 1);
        }
      }
      since[DUE] = due;
    },
    resume: function (_t: number, _level: (ch: number) => number, pending: number): void {
      // (What the switch does at power-up needs nothing: one shock alone is no miss.)
      // A miss sensed before the power went, and not yet decided: no landing can claim it any more.
      if (pending >= 0) emit({ k: 'ring', peg: 'none' });
    },
    // A ring on its way (a gate broken, the other awaited; a shock, a missed ring bouncing) is decided within a
    // second: a `new` waits for it (firmware/handle.ts), so that it is the game in play's, not the new one's.
    busy: function (): boolean {
      for (let p = 0; p <= IMPACT; p++) if (state[p] % 3) return true;
      return false;
    },
    // A referee's input or a button while a ring that missed bounces (two shocks or more) is refused till the miss
    // is decided: deciding it at once would be wrong (a landing may yet claim its shocks), and acted on before it, an
    // undo took back the ring before the miss, which then counted as that player's. (Not for a gate waiting for its
    // other: a gate chattering slower than the fault check counts, each break waiting anew, refused every input for as
    // long as it lasted. The impact switch's shocks end within TRAIN_MS, or are chatter.) A sensor taken out leaves
    // a move to end as it would, but for the impact switch's: out of service, its shocks are no miss, and one they
    // began (saved as under way) came to nothing (kept, it waited for a release the board no longer hears, and the
    // next landing, once the switch was back, played it).
    settle: function (spoilt?: number): string | void {
      if (spoilt === undefined) return state[IMPACT] > 1 ? 'deciding' : undefined;
      if (spoilt && interpreter.out!(2 * IMPACT)) forget();
    },
    accused: function (): number {
      const a = accused;
      accused = 0;
      return a;
    },
  };
  return interpreter;
}
