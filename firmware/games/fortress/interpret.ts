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
import { CHATTER, MISSED, STUCK } from '../../faults';
import type { FortressMove } from './rules';
import { BALLS, BELL0, COLOURS, COLOURS0, FORT_COUNT, MOUTH_COUNT, PASS, POCKET0, SPOT0, namesOf } from './board';

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

// Happening codes (0: none). Mouth m, class c (side * 2, + 1 defending): 1 + 4m + c; into a fort with its bell: + BELL.
// A ball b leaving its spot: LEAVE + b, put back: PUT + b; colours k down: DOWN + k, up: UP + k.
const BELL = 4 * MOUTH_COUNT;
const LEAVE = 1 + BELL + 4 * FORT_COUNT;
const PUT = LEAVE + 6;
const DOWN = PUT + 6;
const UP = DOWN + 12;
/**
 * One more than the largest code: a begin record holds the first SAVED codes as the digits of one number, an
 * integer below 2^53 (145^7 is 1.3e15), which a double and Espruino's JSON keep exact; the codes after them go
 * in begin records that extend it, strings of a space and two hex digits a code.
 */
const BASE = UP + 12;
const SAVED = 7;
/** Happenings a stroke holds (more are not scored; a stroke has a handful). */
const MAX_HAPPENINGS = 48;

// Slots of `at` (times, ms since power-up: `base`): a mouth's last switch event, a spot's covering.
const SPOT_AT = MOUTH_COUNT;
/** The stroke's last sensed movement, and the time before which tick() has nothing to do. */
const LAST = SPOT_AT + 6;
const DUE = LAST + 1;
/** The largest time `at` holds (24 days from power-up): nothing due. */
const NEVER = 0x7fffffff;

// Bits of a mouth's `seen`, besides its four switches (bit = the switch's place: north low, north high, south low, south high):
// a passage under way, its first low switch seen and it was the south one, its fort's bell rang.
const OPEN = 16;
const FIRST_SET = 32;
const SOUTH_FIRST = 64;
const RANG = 128;
/** At the pass, which has no bell: an insensitive switch tripped before any sensitive one (wiring.md: they lie towards the French quarter). */
const HIGH_FIRST = RANG;

// Slots of `bytes`: per mouth its `seen`; per spot 0 empty, 1 covered (is it a ball put there?), 2 a ball lies there;
// per fort where its last entry in this stroke is among the codes (NONE: none); per mouth HALF (below);
// then the stroke's happenings, as codes.
const SPOT = MOUTH_COUNT;
const ENTRY = SPOT + 6;
/** Per mouth: 1 while a passage the board came up in the middle of goes on (half seen, it is no happening). */
const HALF = ENTRY + FORT_COUNT;
const CODES = HALF + MOUTH_COUNT;
const NONE = 255;

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
export function fortressInterpreter(emit: (move: FortressMove) => void, begin: (value: number | string) => void): FortressInterpreter {
  // Two typed arrays (the cheapest state on the chip): the slots named above; times as 32-bit integers, from `base`.
  const bytes = new Uint8Array(CODES + MAX_HAPPENINGS);
  const at = new Int32Array(DUE + 1);
  /** The clock's time at power-up (resume). */
  let base = 0;
  /** Happenings in `codes`; a stroke is under way (1). */
  let n = 0;
  let under = 0;
  /** What the board found at power-up, told with the stroke it took up (null: nothing to tell), after its first `resumed` happenings. */
  let found: string[] | null = null;
  let resumed = 0;
  /** Since it was told, nothing moved (1): a ball it found gone from its spot began a stroke that is at rest once this lasts REST_MS. */
  let resting = 0;
  /** The stroke under way holds what a fault made: not scored when it ends (1). */
  let spoiled = 0;
  /** A mouth's high switch that missed an attacking ball, for the fault check (Interpreter.accused). */
  let accused = 0;
  /** The sensors' debounced levels (the scanner's), from resume on. */
  let level: (ch: number) => number;

  /**
   * The balls on their spots and the colours down (`EA+`, `FA1_`), as the sensors show them; null when more than half
   * of the inputs are active: no game but a bank floating (the runtime tells that fault).
   */
  function lying(): string[] | null {
    let active = 0;
    for (let ch = 0; ch < SPOT0 + 6; ch++) active += level(ch) ? 1 : 0;
    if (active > (SPOT0 + 6) >> 1) return null;
    const seen: string[] = [];
    for (let b = 0; b < 6; b++) if (level(SPOT0 + b)) seen.push(happeningText(PUT + b));
    for (let k = 0; k < 12; k++) if (level(COLOURS0 + k)) seen.push(happeningText(DOWN + k));
    return seen;
  }

  /** Brings the time before which tick() has nothing to do forward to `t`, if it is later. */
  function dueBy(t: number): void {
    if (at[DUE] > t) at[DUE] = t;
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
    if (!under) {
      if (!moving) {
        emit({ k: 'hand', h: [happeningText(code)] });
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
    // Its switches active now (the scanner's levels), bit = the switch's place.
    let live = 0;
    for (let i = 4; i--; ) live = live << 1 | level(4 * m + i);
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
    for (let m = 0; m < MOUTH_COUNT; m++) {
      if (!(bytes[m] & OPEN)) continue;
      if (!spoilt) close(m, at[m]);
      else if (interpreter.out!(4 * m)) bytes[m] = 0;
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
    const h: string[] = [];
    for (let i = 0; i < n; i++) h.push(happeningText(bytes[CODES + i]));
    n = 0;
    const move: FortressMove = { k: 'stroke', h: h };
    if (found) {
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
          if (!(bytes[m] & OPEN)) bytes[m] = OPEN;
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
        else if (under && bytes[ENTRY + f] !== NONE && bytes[i] < BELL && t - at[f] <= BELL_MS) {
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

    tick: function (t: number): void {
      t -= base;
      if (t < at[DUE]) return;
      // Nothing due, until what is still under way below brings it forward.
      at[DUE] = NEVER;
      // A passage under way: the balls are not at rest (one that never ends, an input floating, the fault check finds).
      let open = 0;
      for (let m = 0; m < MOUTH_COUNT; m++) {
        if (!(bytes[m] & OPEN)) continue;
        if (t - at[m] >= GAP_MS) close(m, t);
        else {
          open = 1;
          dueBy(at[m] + GAP_MS);
        }
      }
      for (let b = 0; b < 6; b++) {
        if (bytes[SPOT + b] !== 1) continue;
        if (t - at[SPOT_AT + b] >= PLACED_MS) {
          bytes[SPOT + b] = 2;
          // A ball put on its spot: by hand between strokes (a hand move), or during one (a ball handed back while
          // others roll, or one that rolled there): of that stroke, which it does not end.
          add(PUT + b, false, t);
        } else dueBy(at[SPOT_AT + b] + PLACED_MS);
      }
      if (under) {
        if (!open && t - at[LAST] >= REST_MS) settle();
        else dueBy(at[LAST] + REST_MS);
      } else if (resting) {
        if (t - at[LAST] < REST_MS) dueBy(at[LAST] + REST_MS);
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
      const seen = lying();
      if (seen) return { k: 'found', h: seen };
    },

    resume: function (t: number, levels: (ch: number) => number, pending: number | string): void {
      base = t;
      t = 0;
      level = levels;
      for (let ch = 0; ch < BELL0; ch++) {
        // A ball in a mouth now passed it partly unseen: its passage is no happening (what it tripped might mislead).
        if (level(ch)) {
          bytes[HALF + (ch >> 2)] = 1;
          bytes[ch >> 2] = OPEN;
          at[ch >> 2] = t;
        }
      }
      for (let b = 0; b < 6; b++) bytes[SPOT + b] = level(SPOT0 + b) ? 2 : 0;
      // Balls on their spots lie there (their leaving is a movement), and colours are down or up: the game sets it
      // against what it has, and finds what was done while the board was off or starting (docs/saving.md).
      const seen = lying();
      // A stroke under way: its happenings, saved (saveFrom, above); it ends as any other, from now on, and is told with
      // what was seen.
      const saved = String(pending).split(' ');
      const first = +saved[0];
      if (first > 0) {
        startStroke();
        // Digit by digit, exactly: v % BASE is exact, and so is the division of what is left.
        for (let v = first; v > 0; v = (v - v % BASE) / BASE) n++;
        for (let i = n - 1, v = first; i >= 0; i--, v = (v - v % BASE) / BASE) bytes[CODES + i] = v % BASE;
        for (let i = 1; i < saved.length && n < MAX_HAPPENINGS; i++) bytes[CODES + n++] = parseInt(saved[i], 16);
        found = seen;
        resumed = n;
      } else if (seen) {
        // Nothing under way: told now; a ball gone from its spot began a stroke, at rest after REST_MS; not in a game
        // where an undo was made (-2): the ball may lie where the move taken back left it, and the referee decided.
        resting = +(first > -2);
        emit({ k: 'found', h: seen });
      }
      at[LAST] = t;
      at[DUE] = 0;
    },
  } as FortressInterpreter;
  if (!ON_DEVICE) {
    interpreter.busy = function (): boolean {
      return !!under;
    };
  }
  return interpreter;
}
