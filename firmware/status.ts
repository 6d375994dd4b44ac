// What the runtime's parts share (firmware/runtime.ts puts them together): the
// mode the board is in, what the display shows over it, and whether the
// sensors are trusted. One object, so each part reads what another changed.
import type { Diagnostics, Mode } from './sensing';

export interface Status<S> {
  /** The mode the sensors' events go to: the game in play (its interpreter), or diagnostics. */
  active: Mode<S>;
  /** The diagnostics while the board is in that mode, else undefined. */
  diagnostics: Diagnostics | undefined;
  /**
   * Shown before the mode's text while not '' (one module's text each): the prompt (the pairing passkey, or the
   * seconds left to confirm a phone's command), else the note (a sensor fault: Err and the channel) ...
   */
  prompt: string;
  note: string;
  /** ... until when at least. */
  noteUntil: number;
  /**
   * While the sensors cannot be trusted (a bank fault), the moves they make are not
   * scored, until enough checks in a row find them sound: those checks are counted here (-1: trusted).
   */
  sound: number;
  /** Moves the sensors made since power-up: the fault check's measure of play. */
  sensedMoves: number;
  /** Set while the move under way is decided without scoring it (a sensor was taken out of service: firmware/watch.ts). */
  dropping: number;
  /** In the simulator: whether a phone's command waits for the buttons (the advert's flag). */
  held?: boolean;
}
