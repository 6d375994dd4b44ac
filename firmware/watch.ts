// The fault watch: whether the sensors can be trusted. Once a second during
// play (from the runtime's slow tick) it checks them, tells each fault it finds
// and shows it on the display. A faulty sensor is out of service (faults.ts):
// the runtime hands the game nothing of it, and the move under way when it was
// found is not scored. While the sensors as a whole cannot be trusted (a bank
// fault), nothing they sense is scored, until checks in a row find them sound.
import type { SensorEventKind } from './sensing';
import { SETTLED } from './sensing';
import type { Status } from './status';
import { BANK, FAULT_MODULE, OK, SOUND_CHECKS, STILL_OUT, TAKEN_OUT, checkFaults, faultWords, outOfService, tellFault } from './faults';
import { flag } from './protocol';
import { Part, loadModule } from './modules';
import { ANALOG_BANKS, DIGITAL_BANKS, ON_DEVICE } from './device';

/** How often the slow work runs: command timeouts, diagnostics reports, prompts. */
export const SLOW_MS = 100;

export interface Watch {
  /**
   * The slow tick at `now` (the runtime's, every SLOW_MS): the fault check, when it is due. A board `resting` has none
   * (no moves are made, and any change wakes it first) but while the last check left a digital sensor out of service
   * (faults.ts, STILL_OUT): only checks that find it sane bring it back (told `ok`), and a board left alone once it
   * was mended had none, and never told it.
   */
  slow(now: number, resting: boolean): void;
  /**
   * The sensors cannot be trusted now (a bank fault): sensed moves are not scored from now until they are sound
   * again (SOUND_CHECKS checks in a row). The fault is told when the board stops scoring them, and shown for as long.
   */
  distrust(bad: number): void;
  /**
   * Hands a sensor event (the scanner's drain) to the mode in force (status.active), unless its sensor is out of
   * service: the game hears nothing of it, diagnostics hear every sensor. The runtime drains into the watch itself,
   * so a board keeps no object of its own for it.
   */
  sense(kind: SensorEventKind, ch: number, level: number, t: number): void;
}

/**
 * The watch of a board whose scanner (`status.scanner`, null on a board of analog banks alone) reads its digital
 * channels, and whose game's interpreter (`status.playing`) checks any sensors it reads itself, given the game in
 * play (`status.inPlay`: its state tells what a throw must look like).
 */
export function createWatch<S, M>(status: Status<S, M>): Watch {
  // The fault check's memory (faults.ts).
  const faultMemory = DIGITAL_BANKS && (!ANALOG_BANKS || status.scanner) ? faultWords(status.mod.board) : null;
  // When the last slow work ran: a fault's note shows from then.
  let slowAt = -SLOW_MS;
  let faultAt = 0;
  /** STILL_OUT while the last fault check left a sensor out of service. */
  let stillOut = 0;
  // A bank fault was told (its end is told too).
  let banked = 0;
  // The telling of faults, once loaded (a check that finds many faults at once tells each: parsed for each, a board
  // whose 96 sensors all chattered held some 20% longer).
  let teller: typeof tellFault | false | undefined;

  /**
   * A fault: told to the phone, and shown as Err and the channel for a few seconds from the slow tick after the one
   * that made this check (while the sensors are not trusted, until they are sound); a sensor back in service (OK) is
   * told (faults.ts, tellFault: on a board a module of its own, loaded the first time and kept; a board flashed
   * without it says so instead).
   */
  function reportFault(ch: number | undefined, fault: number, line?: number): void {
    const tell = ON_DEVICE ? teller || (teller = loadModule<typeof tellFault>(Part.fault)) : tellFault;
    if (tell) tell(status as Status<unknown>, slowAt, ch, fault, line);
    else flag(status.radio, FAULT_MODULE, 'failed');
  }

  function distrust(bad: number): void {
    if (!banked) reportFault(undefined, bad);
    banked = 1;
    status.sound = 0;
  }

  // The game asks whether a digital channel is out of service (its events are not the game's); a board without
  // digital channels has none to ask of. (Set on the game's interpreter here: no property of the watch's kept for it.)
  if (faultMemory) {
    status.playing.out = function (ch: number): number {
      return outOfService(faultMemory, ch);
    };
  }
  return {
    slow: function (now: number, resting: boolean): void {
      if (resting && !(DIGITAL_BANKS && stillOut)) return;
      const playing = status.playing;
      slowAt = now;
      // Diagnostics is where a maker looks at a faulty board: the fault check rests meanwhile.
      if (!status.diagnostics && now >= faultAt) {
        faultAt = now + 1000;
        // The scanner's channels, and the sensors an interpreter reads itself (an analog bank), which it checks.
        // (What an interpreter found while the sensors as a whole are not trusted, status.sound >= 0, tells nothing of
        // one of them: sound >> 31 is 0 then, else every bit.)
        const bad = (DIGITAL_BANKS && (!ANALOG_BANKS || status.scanner) ? checkFaults(status.scanner!, faultMemory!, status.sensedMoves, reportFault, playing.accused ? playing.accused() & status.sound >> 31 : 0) : 0)
          | (ANALOG_BANKS && playing.faults ? playing.faults(reportFault, status.inPlay) : 0);
        stillOut = bad & STILL_OUT;
        // A sensor taken out of service: the move under way may hold what its fault made: not scored (settle, spoilt).
        // Nothing of the sensor reaches the game from now on, and a move decided otherwise was made without it. (Only
        // a digital board's: the shuffleboard grid's checks take a sensor out themselves, and find the weights again.)
        if (bad & TAKEN_OUT && playing.settle) {
          status.dropping = 1;
          playing.settle(1);
          status.dropping = 0;
        }
        if (bad & BANK) distrust(BANK);
        else if (status.sound >= 0 && ++status.sound >= SOUND_CHECKS) {
          // A move the sensors were still working out is theirs too: decided now, and not scored (a shuffleboard
          // throw on the ticks that follow, a step a tick: its decision is too long for one call; saved meanwhile as
          // a throw not to be scored, so a cut scores none of it either).
          if (playing.settle) playing.settle(0);
          status.sound = -1;
          if (banked) reportFault(undefined, OK);
          banked = 0;
        }
      }
    },
    distrust: distrust,
    // (A board without digital channels has no scanner to drain: none.)
    sense: DIGITAL_BANKS ? function (kind: SensorEventKind, ch: number, level: number, t: number): void {
      if (status.diagnostics || kind === SETTLED || !outOfService(faultMemory!, ch)) status.active.sense(kind, ch, level, t);
    } : undefined as never,
  };
}
