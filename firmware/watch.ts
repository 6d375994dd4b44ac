// The fault watch: whether the sensors can be trusted. Once a second during
// play (from the runtime's slow tick) it checks them, tells each fault it finds
// and shows it on the display; while they cannot be trusted, what they sense is
// not scored, until checks in a row find them sound.
import type { Radio } from '../hal/types';
import type { GameModule } from './game';
import type { Mode } from './sensing';
import type { Scanner } from './scan';
import type { Status } from './status';
import { sensorAt } from './board';
import { BANK, FAULT_NAMES, checkFaults, faultWords } from './faults';
import { sendLine } from './protocol';
import { ANALOG_BANKS, DIGITAL_BANKS } from './device';

/** How often the slow work runs: command timeouts, diagnostics reports, prompts. */
export const SLOW_MS = 100;
/** How long a sensor fault shows on the display. */
const FAULT_SHOW_MS = 3000;
/** Fault checks in a row (a second apart) that find the sensors sound before the board scores what they sense again. */
const SOUND_CHECKS = 3;

export interface Watch {
  /** The slow tick at `now` (the runtime's, every SLOW_MS): the fault check, when it is due. */
  slow(now: number): void;
  /**
   * The sensors cannot be trusted now (`bad`: CHATTER, BANK): sensed moves are not scored from now until they
   * are sound again. A bank fault is told when the board stops scoring them, and shown for as long.
   */
  distrust(bad: number): void;
}

/**
 * The watch of a board whose scanner (null on a board of analog banks alone) reads its digital channels, and whose game's interpreter
 * (`playing`) checks any sensors it reads itself.
 */
export function createWatch<S, M>(radio: Radio, mod: GameModule<S, M>, status: Status<S>, scanner: Scanner | null, playing: Mode<S>): Watch {
  // The fault check's memory (faults.ts).
  const faultMemory = DIGITAL_BANKS && (!ANALOG_BANKS || scanner) ? faultWords(mod.board) : null;
  // When the last slow work ran: a fault's note shows from then.
  let slowAt = -SLOW_MS;
  let faultAt = 0;

  /** A sensor fault: told to the phone, and shown as Err and the channel for a few seconds (while the sensors are not trusted, until they are sound). */
  function reportFault(ch: number | undefined, fault: number): void {
    // A bank fault (ch undefined) names no channel, nor does a channel without a sensor: JSON leaves the fields out.
    const at = ch === undefined ? undefined : sensorAt(mod.board, ch);
    const sensor = at && at.name;
    const names = FAULT_NAMES.split(' ');
    for (let bit = 0; fault >> bit; bit++) {
      if (fault & (1 << bit)) sendLine(radio, { type: 'fault', fault: names[bit], ch: ch, sensor: sensor });
    }
    status.note = 'Err ' + (ch === undefined ? 'SEnS' : ch);
    // Shown by the slow tick after the one that made this check.
    status.noteUntil = slowAt + FAULT_SHOW_MS;
  }

  function distrust(bad: number): void {
    if (status.sound < 0 && bad & BANK) reportFault(undefined, BANK);
    status.sound = 0;
  }

  return {
    slow: function (now: number): void {
      slowAt = now;
      // Diagnostics is where a maker looks at a faulty board: the fault check rests meanwhile.
      if (!status.diagnostics && now >= faultAt) {
        faultAt = now + 1000;
        // The scanner's channels, and the sensors an interpreter reads itself (an analog bank), which it checks.
        const bad = (DIGITAL_BANKS && (!ANALOG_BANKS || scanner) ? checkFaults(scanner!, faultMemory!, status.sensedMoves, reportFault) : 0)
          | (ANALOG_BANKS && playing.faults ? playing.faults(reportFault) : 0);
        if (bad) distrust(bad);
        else if (status.sound >= 0 && ++status.sound >= SOUND_CHECKS) {
          // A move the sensors were still working out is theirs too: decided now, and not scored.
          if (playing.settle) playing.settle();
          status.sound = -1;
          sendLine(radio, { type: 'fault', fault: 'ok' });
        }
      }
    },
    distrust: distrust,
  };
}
