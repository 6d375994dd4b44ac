// Sensor faults while a game is played: a sensor stuck active, one that
// chatters, one that never fires, a bank that reads what no game makes.
// Checked once a second from the runtime's slow work, from what the scanner
// already counts; each fault of a sensor is reported once (a chatter again
// after a second without), so the referee can check the moves it may have
// spoilt (undo, or the game's correction commands) and the maker can see the
// channel in diagnostics. The runtime scores no sensed move while a check
// finds chatter or a bank fault (docs/diagnostics.md).

import type { BoardDescription } from './board';
import { sensorAt } from './board';

/** Fault bits. */
export const STUCK = 1;
export const CHATTER = 2;
export const NEVER = 4;
/** Most of the board's sensors active at once (a bank inverted, a supply or a connector missing, inputs floating). */
export const BANK = 8;
/** An analog sensor that reads at a rail of its supply: none is there, or its line is broken (a game's interpreter checks those it reads). */
export const RAIL = 16;
/** Names by bit index, split when a fault is reported (a kept array would cost RAM for good). */
export const FAULT_NAMES = 'stuck chatter never bank rail';

/** Raw level changes in one check (a second) from which a clean sensor (IR, hall) chatters. */
export const CHATTER_PER_CHECK = 20;
/**
 * The same for a contact: an impact switch or a bell rings with every shock,
 * and a ring that misses the pegs shakes it again at each bounce (some 60 raw
 * changes in a second, bounce included), so only more than any play makes is chatter.
 */
export const CONTACT_CHATTER_PER_CHECK = 100;
/** Moves through which a sensor may stay active before it is taken as stuck (nothing in play rests on a sensor that long). */
export const STUCK_MOVES = 3;
/** Moves after which a sensor that never changed is reported (a hint: a rarely used sensor may be fine). */
export const NEVER_MOVES = 100;

/** What the check reads of the scanner. */
export interface Counts {
  level(ch: number): number;
  rawChanges(ch: number): number;
}

/** In a channel's second word of the check's memory, beside the faults reported: the sensor is a contact. */
const CONTACT = 16;

/**
 * The check's memory for `board`, one typed array (the cheapest state on the chip): per channel c, at 2c,
 * raw changes at the last check, then the faults reported (and CONTACT for a contact) in the low byte and,
 * in the high byte, when it went active: moves modulo 255, plus 1 (0: not active; a sensor is taken as
 * stuck within a few moves, long before that wraps). Made apart from the check, so that the board's
 * sensor list is not kept with it. A sensor that holds a state (`holds`) starts as reported stuck: it may
 * stay active for good, and is never told as stuck.
 */
export function faultWords(board: BoardDescription): Uint16Array {
  const w = new Uint16Array(2 * board.channels);
  for (let ch = 0; ch < board.channels; ch++) {
    const sensor = sensorAt(board, ch);
    if (sensor) w[2 * ch + 1] = (sensor.kind === 'contact' ? CONTACT : 0) | (sensor.holds ? STUCK : 0);
  }
  return w;
}

/**
 * Checks every channel that `w` (faultWords) describes once; `moves` counts the moves the sensors made so far.
 * Calls `report` for each new fault of a sensor; returns what makes the sensors untrustworthy now: CHATTER if a
 * sensor chattered in this check (reported or not), BANK if three quarters or more of the channels are active.
 * A plain function, not a closure over its memory: the chip would keep a scope for it.
 */
export function checkFaults(scanner: Counts, w: Uint16Array, moves: number, report: (ch: number, fault: number) => void): number {
  const channels = w.length >> 1;
  let bad = 0;
  let active = 0;
  // This check's mark for a sensor going active, as the high byte keeps it.
  const now = moves % 255 + 1;
  for (let ch = 0, i = 0; ch < channels; ch++, i += 2) {
    // (When the scanner's 16-bit count wraps, one check misses its chatter.)
    const r = scanner.rawChanges(ch) - w[i];
    let fault = r >= (w[i + 1] & CONTACT ? CONTACT_CHATTER_PER_CHECK : CHATTER_PER_CHECK) ? CHATTER : 0;
    bad |= fault;
    // A check without chatter: a chatter after it is a new one, reported again (the board stops scoring again).
    if (!fault) w[i + 1] &= ~CHATTER;
    w[i] += r;
    const since = w[i + 1] >> 8;
    if (!scanner.level(ch)) w[i + 1] &= 0xff;
    else {
      active++;
      if (!since) w[i + 1] |= now << 8;
      else if ((now - since + 255) % 255 >= STUCK_MOVES) fault |= STUCK;
    }
    if (moves >= NEVER_MOVES && !w[i]) fault |= NEVER;
    fault &= ~w[i + 1];
    if (fault) {
      w[i + 1] |= fault;
      report(ch, fault);
    }
  }
  return 4 * active < 3 * channels ? bad : bad | BANK;
}
