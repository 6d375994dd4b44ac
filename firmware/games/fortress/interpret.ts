// From the fortress board's sensors to strokes (docs/games/fortress.md,
// Happenings). A stroke begins with the first ball movement the board senses
// (a ball leaving its spot, or passing a mouth: a fort's, a pocket's, the
// pass) and ends once nothing has moved for REST_MS (the balls are at rest),
// or at a short press of `next`: a ball put on its spot meanwhile is one of its
// happenings;
// everything sensed in between is its happenings, in order. A mouth's
// passage is the switches its ball trips until they are quiet for GAP_MS: the
// pole tells the ball's side, the high operate point its class. A bell that
// rings from the moment its ball enters the fort until BELL_MS after marks
// that entry (F11, F15). Colours moved and balls put back between strokes are
// `hand` moves at once, which the rules keep for the next stroke.
// Happenings are kept as codes in a typed array: tick() allocates nothing, and
// sense() only the begin record of a happening after a stroke's seventh (a short
// string); the happenings' texts are made when a stroke is told.
import { EDGE, SETTLED, SensorEventKind, Interpreter } from '../../sensing';
import { ON_DEVICE } from '../../device';
import { Part, loadModule } from '../../modules';
import { powerUp } from './powerup';
import { CHATTER, MISSED, STUCK } from '../../faults';
import type { FortressMove } from './rules';
import { BALLS, BELL0, COLOURS, COLOURS0, FORT_COUNT, MOUTH_COUNT, PASS, POCKET0, SPOT0, namesOf } from './board';
import { BELL, LEAVE, PUT, DOWN, UP, BASE, SAVED, MAX_HAPPENINGS, SPOT_AT, LAST, DUE, NEVER, OPEN, FIRST_SET, SOUTH_FIRST, RANG, HIGH_FIRST, SPOT, ENTRY, HALF, CODES, NONE } from './slots';

/**
 * A passage is over once its mouth's switches have been quiet this long: longer than one switch stays tripped
 * without an edge (an attacking ball's sensitive switch at the pass, 14 mm at 0.5 m/s: 28 ms, wiring.md); a
 * ball's magnets give dropouts under 1 ms.
 */
export const GAP_MS = 40;
/** A bell rung this long after its fort's entry began is that ball's (it hits the bell within a few cm). */
export const BELL_MS = 800;
/** Nothing sensed moving this long: the balls are at rest, the stroke is over (a slow roll between two sensors takes seconds). */
export const REST_MS = 8000;
/** A spot covered this long holds a ball put there; shorter, a ball rolled over it. */
export const PLACED_MS = 300;

/** A happening's text from its code (docs/games/fortress.md, Happenings). */
export function happeningText(code: number): string {
  let c = code - 1;
  if (c < LEAVE - 1) {
    const bell = c >= BELL;
    if (bell) c -= BELL;
    const m = c >> 2;
    const ball = 'EF'[c >> 1 & 1] + 'AD'[c & 1];
    return m < POCKET0 ? ball + '>' + namesOf(COLOURS)[m] + (bell ? '!' : '') : m < PASS ? ball + '.' + (m - POCKET0 + 1) : ball + '=';
  }
  return c < DOWN - 1 ? namesOf(BALLS)[(c - LEAVE + 1) % 6] + (c < PUT - 1 ? '-' : '+') : namesOf(COLOURS)[(c - DOWN + 1) % 12] + (c < UP - 1 ? '_' : '^');
}

export interface FortressInterpreter extends Interpreter {
  settle(spoilt?: number): void;
  /** A stroke is under way (simulator and tests only: not on the board). */
  busy(): boolean;
}

/**
 * The interpreter of the fortress board (board.ts); `emit` gets each stroke
 * and each hand move, `begin` the stroke under way, its happenings (save,
 * below), so that a power cut loses none of them.
 */
export function fortressInterpreter(emit: (move: FortressMove, seen?: number) => void, begin: (value: number | string) => void): FortressInterpreter {
  // Two typed arrays (the cheapest state on the chip): the slots named above; times as 32-bit integers, from `base`,
  // which wrap after 2^31 ms (24.8 days on): two are compared by their difference as one (`| 0`), right at any uptime
  // for times less than 24.8 days apart.
  const bytes = new Uint8Array(CODES + MAX_HAPPENINGS);
  const at = new Int32Array(DUE + 1);
  /** The clock's time at power-up (resume). */
  let base = 0;
  /** Happenings in `codes`; a stroke is under way (1). */
  let n = 0;
  let under = 0;
  /** What the board found at power-up, told with the stroke it took up (null: nothing to tell), after its first `resumed` happenings. */
  let found: string | null = null;
  let resumed = 0;
  /**
   * What the board found at a power-up or a new game with nothing under way (the move `found`), played at the next tick
   * (with the take-up in one call it held a new game's over 20 ms), or before anything the interpreter tells first.
   */
  let lay: FortressMove | undefined;
  /** Since it was told, nothing moved (1): a ball it found gone from its spot began a stroke that is at rest once this lasts REST_MS. */
  let resting = 0;
  /** The stroke under way holds what a fault made: not scored when it ends (1). */
  let spoiled = 0;
  /** A mouth's high switch that missed an attacking ball, for the fault check (Interpreter.accused). */
  let accused = 0;
  /**
   * A passage first seen this soon after resume (ms) may have begun before it, unseen: GAP_MS after a power-up, none
   * after a new game (the board watched the switches until then).
   */
  let unseenFor = 0;
  /** The sensors' debounced levels (the scanner's), from resume on. */
  let level: (ch: number, mask?: number) => number;

  /** Plays what the board found (lay), if it is still to play. */
  function played(): void {
    const move = lay;
    lay = undefined;
    if (move) emit(move, 1);
  }

  /** Brings the time before which tick() has nothing to do forward to `t`, if it is later. */
  function dueBy(t: number): void {
    if ((at[DUE] - t | 0) > 0) at[DUE] = t;
  }

  /** A stroke begins: no fort entered in it yet. */
  function startStroke(): void {
    under = 1;
    bytes.fill(NONE, ENTRY, HALF);
  }

  /**
   * Saves the stroke's happenings from its i-th on as begin records: those among the first SAVED as one number,
   * which replaces what was saved (from 0: all of them again), and the others as one string that extends it.
   */
  function saveFrom(i: number): void {
    if (i < SAVED) {
      let v = 0;
      for (let j = 0; j < n && j < SAVED; j++) v = v * BASE + bytes[CODES + j];
      begin(v);
      i = SAVED;
    }
    let s = '';
    for (; i < n; i++) s += (bytes[CODES + i] < 16 ? ' 0' : ' ') + bytes[CODES + i].toString(16);
    if (s) begin(s);
  }

  /** A happening at `t`; `moving` a ball's, which begins a stroke (any other, between strokes, is a hand move). */
  function add(code: number, moving: boolean, t: number): void {
    played();
    if (!under) {
      if (!moving) {
        emit({ k: 'hand', h: happeningText(code) });
        return;
      }
      startStroke();
    }
    // A fort's colours put down in a stroke while its mouth and bell are out of service: a taking the board could not
    // see, so the stroke is not scored.
    if ((code - DOWN) >>> 0 < FORT_COUNT && interpreter.out!(4 * (code - DOWN))) spoiled = 1;
    if (moving) {
      resting = 0;
      at[LAST] = t;
      dueBy(t + REST_MS);
    }
    if (n < MAX_HAPPENINGS) {
      bytes[CODES + n++] = code;
      saveFrom(n - 1);
    }
  }

  /** Mouth m's switches `bad` (bits, as in `seen`) did what no ball makes: the first of them is told with `fault` at the next check. */
  function accuse(fault: number, m: number, bad: number): void {
    for (m *= 4; !(bad & 1); bad >>= 1) m++;
    accused = (fault << 8) | (m + 1);
  }

  /** Mouth m's passage is over: its ball's side is the pole it tripped (the first, if both), its class the operate point. */
  function close(m: number, t: number): void {
    const s = bytes[m];
    // Its switches active now (the scanner's levels, read at once: a mouth's four lie in one word), bit = the switch's place.
    const live = level(4 * m, 15);
    bytes[m] = 0;
    if (bytes[HALF + m]) {
      bytes[HALF + m] = 0;
      return;
    }
    // A switch it tripped still active: a ball at rest over the mouth, or a switch stuck active, whose going active is
    // all it makes. No passage (nor is its letting go one: this one is over); between strokes no ball rolls, so it is
    // stuck (told). A switch held from before hides what it would have seen of this ball (its class, its side): told
    // stuck, so the stroke is not scored (a ball at rest there, or the switch: the referee looks).
    let bad = live & ~s;
    if (s & live || bad) {
      if ((bad = bad || (under ? 0 : live))) accuse(STUCK, m, bad);
      return;
    }
    // A high switch tripped without its pole's low one: no ball does that (a field that trips the high switch trips
    // the low one, over more of the ball's path). Pulses of its own, or a low switch missing balls: the mouth chatters.
    if ((bad = s & 10 & ~(s << 1))) return accuse(CHATTER, m, bad);
    const highs = s & 10;
    const south = highs === 8 ? 1 : highs === 2 ? 0 : s & SOUTH_FIRST ? 1 : 0;
    const attacking = s & (south ? 8 : 2);
    // The pass is made towards the adversary's quarter (F6, F8): an attacking ball rolling back through it makes none.
    // A French ball going forwards trips the insensitive switch first, an English one the sensitive one.
    if (m === PASS && attacking && !(s & HIGH_FIRST) !== !south) return;
    const kind = south * 2 + (attacking ? 0 : 1);
    // A ball into a fort stays there, one into a pocket is gone: in a stroke, a class's balls (one attacking, two
    // defending) go into forts and pockets no more often than they are put back on their spots. One entry more is no
    // ball's: the mouth chatters (its pole's low switch is told).
    let left = 1 + (kind & 1);
    for (let i = 0; m < PASS && i < n; i++) {
      const c = bytes[CODES + i] - 1;
      // (A ball put back: its class by its place in BALLS, after the six of a ball leaving its spot. No negative index:
      // Espruino throws on one.)
      if (c < LEAVE - 1) left -= +((c % BELL) >> 2 < PASS && (c & 3) === kind);
      else if (+'xxxxxx011233'[c - (LEAVE - 1)] === kind) left++;
    }
    if (left < 1) return accuse(CHATTER, m, south ? 4 : 1);
    // A defending ball, its switches all let go, while both of its side's lie on their spots and its attacking ball
    // does not: that ball passed, and the high switch missed it (its contact let go while the ball was over it).
    // The fault check takes the switch out, and the stroke is not scored.
    const a = SPOT + 3 * south;
    if (!attacking && bytes[a + 1] & bytes[a + 2] & 2 && !(bytes[a] & 2)) accuse(MISSED, m, south ? 8 : 2);
    let code = 1 + m * 4 + kind;
    if (s & RANG && m < PASS) code += BELL;
    add(code, true, t);
    if (m < FORT_COUNT) bytes[ENTRY + m] = n - 1;
  }

  /**
   * Tells the stroke under way, if any, with the passages still open (theirs: quiet for less than GAP_MS); one taken
   * up at power-up, with what the board found then, after the happenings saved. `spoilt` (a sensor just taken out of
   * service): a passage still open at an out-of-service mouth is forgotten (the others end as they would); a stroke
   * of nothing but passages of such mouths (a fort's bell is its mouth's) was the fault's (told now, and dropped); any
   * other goes on to its rest, and is then not scored, the rest of it with it (what it needed may be out of service).
   * Nor is a stroke in which a fort's colours went down while that fort was out of service (add).
   */
  function settle(spoilt?: number): void {
    played();
    for (let m = 0; m < MOUTH_COUNT; m++) {
      if (!(bytes[m] & OPEN)) continue;
      if (!spoilt) close(m, at[m]);
      else if (interpreter.out!(4 * m)) bytes[m] = bytes[HALF + m] = 0;
    }
    for (let i = 0; under && spoilt && i < n; i++) {
      const c = bytes[CODES + i] - 1;
      if (c >= LEAVE - 1 || !interpreter.out!(4 * ((c % BELL) >> 2))) {
        spoiled = 1;
        return;
      }
    }
    if (!under) {
      // A stroke begun by a ball found gone from its spot at power-up is over too: what comes next acts on it.
      if (resting) {
        resting = 0;
        emit({ k: 'rest' });
      }
      return;
    }
    under = 0;
    if (spoiled) {
      // Nothing under way for a power cut to take up.
      spoiled = n = 0;
      return begin(0);
    }
    let h = '';
    for (let i = 0; i < n; i++) h += (i ? ' ' : '') + happeningText(bytes[CODES + i]);
    n = 0;
    const move: FortressMove = { k: 'stroke', h: h };
    if (found !== null) {
      move.f = found;
      move.n = resumed;
      found = null;
    }
    emit(move);
  }

  const interpreter = {
    sense: function (kind: SensorEventKind, ch: number, level: number, t: number): void {
      if (kind === SETTLED) return;
      t -= base;
      if (ch < BELL0) {
        const m = ch >> 2;
        const bit = 1 << (ch & 3);
        if (level) {
          // (A passage first seen within GAP_MS of power-up may have begun before it, its first switches let go
          // unseen: half seen, as one under way then, it is no happening, nor a switch's fault.)
          if (!(bytes[m] & OPEN)) {
            bytes[m] = OPEN;
            if (t < unseenFor) bytes[HALF + m] = 1;
          }
          // The first pole seen low decides between two poles that both tripped (a stray field trips only a low switch).
          if (!(bytes[m] & FIRST_SET) && bit & 5) bytes[m] |= FIRST_SET | (bit === 4 ? SOUTH_FIRST : 0);
          if (m === PASS && bit & 10 && !(bytes[m] & 5)) bytes[m] |= HIGH_FIRST;
          bytes[m] |= bit;
        } else if (!(bytes[m] & OPEN)) return;
        // The passage is over once its switches are quiet, from its last edge.
        at[m] = t;
        dueBy(t + GAP_MS);
      } else if (kind !== EDGE) return;
      else if (ch < COLOURS0) {
        // A bell: marks its fort's passage under way, or its last entry in this stroke if it came within BELL_MS.
        const f = ch - BELL0;
        const i = CODES + bytes[ENTRY + f];
        if (!level) return;
        if (bytes[f] & OPEN) bytes[f] |= RANG;
        else if (under && bytes[ENTRY + f] !== NONE && bytes[i] < BELL && (t - at[f] | 0) <= BELL_MS) {
          bytes[i] += BELL;
          // An entry already saved: all of them again.
          saveFrom(0);
        }
      } else if (ch < SPOT0) add(level ? DOWN + ch - COLOURS0 : UP + ch - COLOURS0, false, t);
      else {
        const b = ch - SPOT0;
        if (level) {
          bytes[SPOT + b] = 1;
          at[SPOT_AT + b] = t;
          dueBy(t + PLACED_MS);
        } else {
          if (bytes[SPOT + b] === 2) add(LEAVE + b, true, t);
          bytes[SPOT + b] = 0;
        }
      }
    },

    tick: function (t: number): number | void {
      t -= base;
      if ((t - at[DUE] | 0) < 0) return;
      // What the board found, at a tick that does nothing else (the runtime's: firmware/sensing.ts, Interpreter.tick).
      if (lay) return played(), 1;
      // Nothing due (for 24.8 days), until what is still under way below brings it forward.
      at[DUE] = t + NEVER;
      // A passage under way: the balls are not at rest (one that never ends, an input floating, the fault check finds).
      let open = 0;
      for (let m = 0; m < MOUTH_COUNT; m++) {
        if (!(bytes[m] & OPEN)) continue;
        if ((t - at[m] | 0) >= GAP_MS) close(m, t);
        else {
          open = 1;
          dueBy(at[m] + GAP_MS);
        }
      }
      for (let b = 0; b < 6; b++) {
        if (bytes[SPOT + b] !== 1) continue;
        if ((t - at[SPOT_AT + b] | 0) >= PLACED_MS) {
          bytes[SPOT + b] = 2;
          // A ball put on its spot: by hand between strokes (a hand move), or during one (a ball handed back while
          // others roll, or one that rolled there): of that stroke, which it does not end.
          add(PUT + b, false, t);
        } else dueBy(at[SPOT_AT + b] + PLACED_MS);
      }
      if (under) {
        if (!open && (t - at[LAST] | 0) >= REST_MS) settle();
        else dueBy(at[LAST] + REST_MS);
      } else if (resting) {
        if ((t - at[LAST] | 0) < REST_MS) dueBy(at[LAST] + REST_MS);
        else {
          resting = 0;
          emit({ k: 'rest' });
        }
      }
    },

    settle: settle,

    accused: function (): number {
      const a = accused;
      accused = 0;
      return a;
    },

    lies: function (): FortressMove | undefined {
      const up = ON_DEVICE ? loadModule<typeof powerUp>(Part.powerup) : powerUp;
      return up ? up.lies(level) : undefined;
    },

    resume: function (t: number, levels: (ch: number, mask?: number) => number, pending: number | string): void {
      base = t;
      level = levels;
      unseenFor = pending === -3 ? 0 : GAP_MS;
      // Taken up by the power-up's module (powerup.ts); a board flashed without it takes nothing up, and says so: the
      // rules refuse the move of what it finds for want of the module (`rare`).
      let up = ON_DEVICE ? loadModule<typeof powerUp>(Part.powerup) : powerUp;
      if (!up) return emit({ k: 'found' });
      const held = up.takeUp(bytes, at, level, pending);
      // Balls on their spots and colours down or up: the game sets it against what it has, and finds what was done
      // while the board was off or starting (docs/saving.md).
      const lies = up.lies(level);
      up = false;
      if (held > 0) {
        // A stroke under way: it ends as any other, from now on, and is told with what was seen.
        under = 1;
        n = resumed = held;
        found = lies ? lies.h as string : null;
      } else if (lies) {
        // Nothing under way: told at the next tick (lay); a ball gone from its spot began a stroke, at rest after
        // REST_MS (not after an undo: held -1). (Told with every ball on its spot too: the game may hold a ball gone
        // from the power-up before, whose stroke a cut kept from its rest.)
        resting = held + 1;
        lay = lies;
      }
    },
  } as FortressInterpreter;
  // (A `new` waits while it is: firmware/command-path.ts.)
  interpreter.busy = function (): boolean {
    return !!under;
  };
  return interpreter;
}
