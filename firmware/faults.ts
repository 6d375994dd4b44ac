// Sensor faults while a game is played: a sensor stuck active, one that
// chatters, one that never fires, a bank that reads what no game makes.
// Checked once a second from the runtime's slow work, from what the scanner
// already counts. A sensor found stuck or chattering is taken out of service:
// nothing it senses reaches the game, and the move under way when it was found
// is not scored (it may hold what the fault made), while the rest of the board
// plays on; once it reads sanely for SOUND_CHECKS checks in a row it is back
// (reported as `ok`). Each fault of a sensor is reported once while it lasts,
// so the referee can enter what it would have seen and the maker can see the
// channel in diagnostics. A bank fault stops all sensed scoring (the runtime)
// (docs/diagnostics.md).

import type { BoardDescription } from './board';
import { sensorAt } from './board';
import type { Status } from './status';
import { sendLine } from './protocol';
import { ON_DEVICE } from './device';

/** Fault bits. */
export const STUCK = 1;
export const CHATTER = 2;
export const NEVER = 4;
/** Most of the board's sensors active at once (a bank inverted, a supply or a connector missing, inputs floating). */
export const BANK = 8;
/** An analog sensor that reads at a rail of its supply: none is there, or its line is broken (a game's interpreter checks those it reads). */
export const RAIL = 16;
/** A sensor back in service: it read sanely for SOUND_CHECKS checks in a row. */
export const OK = 32;
/** Analog (an interpreter's checks): a channel off its calibration on the empty table, noisier than its sensor, the grid's field reversed. */
export const DRIFT = 64;
export const NOISY = 128;
export const INVERTED = 256;
/**
 * A sensor missed what the board's other sensors say it saw (an interpreter's `accused`: a fortress mouth's high
 * switch and an attacking ball the spots say passed): its contact lets go while it is active.
 */
export const MISSED = 512;
/** A select line of a bank's multiplexers reads one level, whatever is selected (reported with the line, no channel): half the channels read the other half's sensors. */
export const SELECT = 1024;
/** Names by bit index, split when a fault is told (a kept array would cost RAM for good). */
const FAULT_NAMES = 'stuck chatter never bank rail ok drift noisy inverted missed select';
/** How long a sensor fault shows on the display. */
const FAULT_SHOW_MS = 3000;
/** Returned by a check beside BANK: a sensor was taken out of service by it (the move under way is not scored). */
export const TAKEN_OUT = 4096;
/** Returned by a check: a sensor is out of service still, which only checks that find it sane bring back. */
export const STILL_OUT = 8192;

/** Raw level changes in one check (a second) from which a clean sensor (IR, hall) chatters. */
export const CHATTER_PER_CHECK = 20;
/**
 * The same for a contact: an impact switch or a bell rings with every shock,
 * and a ring that misses the pegs shakes it again at each bounce (some 60 raw
 * changes in a second, bounce included), so only more than any play makes is chatter.
 */
export const CONTACT_CHATTER_PER_CHECK = 100;
/**
 * Moves through which an IR sensor may stay active before it is taken as stuck (a chip or a ring may rest in its
 * beam, but not that long). A contact that holds no state (a bell, an impact switch) rings only, for a few hundred
 * ms: one active at two checks in a row with no change between (held 1 s or more) is stuck.
 */
export const STUCK_MOVES = 3;
/** Checks in a row that find a sensor out of service sane (inactive, quiet) before it is back in service. */
export const SOUND_CHECKS = 3;
/** Moves after which a sensor that never changed is reported (a hint: a rarely used sensor may be fine). */
export const NEVER_MOVES = 100;

/** What the check reads of the scanner. */
export interface Counts {
  level(ch: number): number;
  /** Raw level changes by channel since the last check: each check takes them and starts them again from 0. */
  rawChanges: { [ch: number]: number };
}

// A channel's byte in the check's memory. What it holds while in service: its sensor's kind (CONTACT, BEAM),
// STUCK for a sensor that holds a state (its STUCK is never told), NEVER once the sensor changed or was told as never
// changing, BUSY, and in its top two bits whether it was active at the last check (0: not) and, if so, how many moves
// it has been (1 + the moves, up to STUCK_MOVES: a sensor is taken as stuck once they reach it). Out of service
// (OUT), the top two bits count the sane checks in a row instead. A fault told that takes a sensor out (stuck,
// chatter, missed) needs no bit of its own: it lasts exactly while OUT does, and is told again only after it.
/** Out of service: its events are not handed to the game (outOfService). */
const OUT = 2;
/** The sensor is a contact (its own chatter count; stuck by time: STUCK_MOVES's note). */
const CONTACT = 8;
/** An IR beam (stuck by moves). A hall switch at a fortress mouth is neither: a ball may rest over it for good (its interpreter tells a stuck one). */
const BEAM = 16;
/** It changed at half the chatter count or more at the last check: at this one too, it chatters (a chatter too slow for one check). */
const BUSY = 32;
/** The top two bits (above), and their 1. */
const SINCE = 192;
const SINCE1 = 64;

/**
 * The check's memory for `board`, one typed array of a byte a channel (the cheapest state on the chip): per
 * channel c the byte above; then the moves at the last check (modulo 256), and the board's `together` (each under
 * 256: the simulator's boards are checked). Made apart from the check, so that the board's sensor list is not kept
 * with it.
 */
export function faultWords(board: BoardDescription): Uint8Array {
  // (Five more bytes: the moves at the last check; the board's groups of sensors that see together, for outOfService.)
  const w = new Uint8Array(board.channels + 5);
  if (board.together) {
    if (!ON_DEVICE && Math.max.apply(null, board.together) > 255) throw new Error('together: each under 256');
    w.set(board.together, board.channels + 1);
  }
  for (let ch = 0; ch < board.channels; ch++) {
    const sensor = sensorAt(board, ch);
    if (sensor) w[ch] = (sensor.kind === 'contact' ? CONTACT : sensor.kind === 'ir' ? BEAM : 0) | (sensor.holds ? STUCK : 0);
  }
  return w;
}

/** Whether channel ch is out of service, or a sensor of its group (BoardDescription.together): its events do not reach the game. */
export function outOfService(w: Uint8Array, ch: number): number {
  const n = w.length - 4;
  let g = ch < w[n] ? w[n + 1] : 1;
  const group = (ch / g) | 0;
  let out = ch < w[n] && group < w[n + 3] ? w[w[n + 2] + group] : 0;
  for (ch -= ch % g; g--; ch++) out |= w[ch];
  return out & OUT;
}

/**
 * Checks every channel that `w` (faultWords) describes once, from the raw changes since the last check (taken from
 * the scanner's counts, which start again from 0: no copy of them is kept); `moves` counts the moves the sensors made so far;
 * `accused` is a channel (plus 1; 0: none) found faulty by the interpreter since the last check, with its fault
 * bit 8 up (Interpreter.accused).
 * Calls `report` for each new fault of a sensor, and OK when one is back in service; returns BANK if three
 * quarters or more of the channels are active, TAKEN_OUT if a sensor was taken out of service, and STILL_OUT if one
 * it found out of service stays so.
 * A plain function, not a closure over its memory: the chip would keep a scope for it.
 */
export function checkFaults(scanner: Counts, w: Uint8Array, moves: number, report: (ch: number, fault: number) => void, accused: number): number {
  const channels = w.length - 5;
  let bad = 0;
  let active = 0;
  // The moves since the last check (modulo 256: far more than a second's).
  const moved = (moves - w[channels]) & 255;
  w[channels] = moves;
  const counts = scanner.rawChanges;
  for (let ch = 0; ; ch++) {
    // A quiet channel (no change, inactive, in service, not chattering, told or not yet due as never changing, not
    // accused) has nothing to check: most of them, skipped in a loop of their own (the interpreter reads the text of
    // a loop's whole body at each turn, run or not).
    while (ch < channels && !counts[ch] && !(w[ch] & (OUT | BUSY | SINCE)) && (w[ch] & NEVER || moves < NEVER_MOVES) && ch + 1 !== (accused & 255) && !scanner.level(ch)) ch++;
    if (ch >= channels) break;
    const r = counts[ch];
    counts[ch] = 0;
    // A sensor that changed is never reported as never changing.
    let word = r ? w[ch] | NEVER : w[ch];
    const limit = word & CONTACT ? CONTACT_CHATTER_PER_CHECK : CHATTER_PER_CHECK;
    const level = scanner.level(ch);
    // Chatter: the whole count in one check, or half of it at two checks in a row.
    let fault = r >= limit || (r >= limit >> 1 && word & BUSY) ? CHATTER : 0;
    word = r >= limit >> 1 ? word | BUSY : word & ~BUSY;
    const since = word >> 6;
    if (level) active++;
    if (word & OUT) {
      // Out of service: back once it has read inactive and quiet at SOUND_CHECKS checks, without a check between that
      // finds it active or chattering. Quiet: an eighth of the chatter count or less (a chip or a ball passing makes 2
      // changes); a busier check (a ring that missed shakes the impact switch some 60 times) counts for nothing,
      // else a chatter too slow to count, which its interpreter found, would come back.
      const sane = fault || (level && !(word & STUCK)) ? 0 : r > limit >> 3 ? since : since + 1;
      if (sane < SOUND_CHECKS) {
        word = (word & ~SINCE) | (sane << 6);
        bad |= STILL_OUT;
      } else {
        // (A sensor that holds a state keeps its STUCK.)
        word &= ~(OUT | SINCE);
        report(ch, OK);
      }
      w[ch] = word;
      continue;
    }
    if (!level) word &= ~SINCE;
    else if (!since) word |= SINCE1;
    else if (word & CONTACT ? !r : word & BEAM && since - 1 + moved >= STUCK_MOVES) fault |= STUCK;
    // Only a beam counts its moves (1 + them stays within the two bits until they reach STUCK_MOVES).
    else if (word & BEAM) word += moved << 6;
    if (moves >= NEVER_MOVES) fault |= NEVER;
    fault &= ~word;
    // Not while a sensor of its group is out (found faulty before it in this check: what the interpreter saw may be
    // its doing), nor when its count shows chatter (a chattering point seen covered as a chip leaves is no stuck one).
    if (ch + 1 === (accused & 255) && !(fault & CHATTER) && !outOfService(w, ch)) fault |= accused >> 8;
    if (fault) {
      word |= fault & NEVER;
      report(ch, fault);
      if (fault & (STUCK | CHATTER | MISSED)) {
        word = (word & ~SINCE) | OUT;
        bad |= TAKEN_OUT;
      }
    }
    w[ch] = word;
  }
  return 4 * active < 3 * channels ? bad : bad | BANK;
}

/**
 * The module name (what a phone hears when the board was flashed without it; firmware/modules.ts) of a board's
 * telling of faults (tellFault): a board keeps it out of its bundle, loads it the first time it tells a fault, and
 * keeps it from then on (firmware/watch.ts).
 */
export const FAULT_MODULE = 'tallyboard-fault';

/**
 * Tells a fault (`fault`, its bits) of channel `ch` to the phone, and shows it on the display (status.note) as Err and
 * the channel for a few seconds from `shownAt`; a sensor back in service (OK) is only told. A bank fault (ch
 * undefined) names no channel, nor does a channel without a sensor (JSON leaves the fields out); a select line's
 * fault names the line.
 */
export function tellFault(status: Status<unknown>, shownAt: number, ch: number | undefined, fault: number, line?: number): void {
  const at = ch === undefined ? undefined : sensorAt(status.mod.board, ch);
  const sensor = at && at.name;
  const names = FAULT_NAMES.split(' ');
  for (let bit = 0; fault >> bit; bit++) {
    if (fault & (1 << bit)) sendLine(status.radio, { type: 'fault', fault: names[bit], ch: ch, sensor: sensor, line: line });
  }
  if (fault === OK) return;
  status.note = 'Err ' + (ch === undefined ? 'SEnS' : ch);
  status.noteUntil = shownAt + FAULT_SHOW_MS;
}
