// Sensor faults while a game is played: a sensor stuck active, one that
// chatters, one that never fires. Checked once a second from the runtime's
// slow work, from what the scanner already counts; each fault is reported
// once per channel, so the referee can check the moves it may have spoilt
// (undo, or the game's correction commands) and the maker can see the channel
// in diagnostics.

/** Fault bits. */
export const STUCK = 1;
export const CHATTER = 2;
export const NEVER = 4;
/** Names by bit index, split when a fault is reported (a kept array would cost RAM for good). */
export const FAULT_NAMES = 'stuck chatter never';

/** Raw level changes in one check (a second) from which a sensor chatters. */
export const CHATTER_PER_CHECK = 20;
/** Moves through which a sensor may stay active before it is taken as stuck (nothing in play rests on a sensor that long). */
export const STUCK_MOVES = 3;
/** Moves after which a sensor that never changed is reported (a hint: a rarely used sensor may be fine). */
export const NEVER_MOVES = 100;

/** What the check reads of the scanner. */
export interface Counts {
  level(ch: number): number;
  rawChanges(ch: number): number;
}

/** Checks every channel once; `moves` counts the moves the sensors made so far. Calls `report` for each new fault. */
export type FaultCheck = (moves: number, report: (ch: number, fault: number) => void) => void;

export function watchFaults(scanner: Counts, channels: number): FaultCheck {
  // Per channel c, at 3c: faults reported, raw changes at the last check, moves + 1
  // when it went active (0: not active). One typed array: the cheapest state on the chip.
  const w = new Uint16Array(3 * channels);
  return function (moves: number, report: (ch: number, fault: number) => void): void {
    for (let ch = 0, i = 0; ch < channels; ch++, i += 3) {
      const r = scanner.rawChanges(ch);
      let fault = r - w[i + 1] >= CHATTER_PER_CHECK ? CHATTER : 0;
      w[i + 1] = r;
      if (!scanner.level(ch)) w[i + 2] = 0;
      else if (!w[i + 2]) w[i + 2] = moves + 1;
      else if (moves + 1 - w[i + 2] >= STUCK_MOVES) fault |= STUCK;
      if (moves >= NEVER_MOVES && !r) fault |= NEVER;
      fault &= ~w[i];
      if (fault) {
        w[i] |= fault;
        report(ch, fault);
      }
    }
  };
}
