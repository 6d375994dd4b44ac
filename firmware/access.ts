// Who may change a game (docs/security.md). Anyone may watch; a command that
// changes state runs only from a link paired with a passkey (a phone pairs
// while the board lets it, after both its buttons were pressed together, with
// the passkey the LED display shows then), or, on a link without pairing,
// after both buttons together confirm it.

import { ON_DEVICE } from './device';

/** Run the command now. */
export const ALLOW = 0;
/** Hold it until both board buttons are pressed together within the confirmation window. */
export const CONFIRM = 1;
/** Refuse it (not_allowed). */
export const REFUSE = 2;

/** How long the buttons have to confirm a command from an unpaired link, ms (a board always takes it). */
const CONFIRM_MS = 10000;

export type Decision = typeof ALLOW | typeof CONFIRM | typeof REFUSE;

export interface AccessOptions {
  /** How long the buttons have to confirm a command from an unpaired link, ms (default, or 0: 10 s). */
  confirmMs?: number;
  /** Whether an unpaired link may have a command confirmed by the buttons (default true). */
  buttonConfirm?: boolean;
}

/** Kept as plain numbers: an object with methods would cost more memory on the chip. */
export interface Access {
  /** How long the buttons have to confirm a command from an unpaired link, ms; 0 when button confirmation is off. */
  confirmMs: number;
}

export function createAccess(options: AccessOptions): Access {
  // The options are for the simulator and the tests: a board has no confirmation (see decide).
  return {
    confirmMs: ON_DEVICE || options.buttonConfirm === false ? 0 : options.confirmMs || CONFIRM_MS,
  };
}

/** Whether a command changes the game and came over a link not paired with the passkey: one that cannot run at once (decide). */
export function unpairedChange(command: { edit: boolean; paired: boolean }): boolean {
  return command.edit && !command.paired;
}

/**
 * How a command may run: at once when it changes nothing (`edit`) or came
 * over a link paired with the passkey (`paired`). On a board an unpaired
 * link gets nothing through: Espruino makes its UART demand an encrypted link
 * once a passkey is set, and one always is (docs/security.md). Only the
 * simulator's open link has commands wait for the buttons, so a board's
 * bundle leaves that path out (ON_DEVICE).
 */
export function decide(access: Access, command: { edit: boolean; paired: boolean }): Decision {
  return !unpairedChange(command) ? ALLOW : !ON_DEVICE && access.confirmMs ? CONFIRM : REFUSE;
}

/** A 6-digit pairing passkey from a random source in [0, 1) (E.hwRand-backed on the chip). */
export function makePasskey(random: () => number): string {
  let key = '';
  // `% 10`: a source that gives 1 (out of range) cannot make a 7-character key.
  for (let i = 0; i < 6; i++) key += ((random() * 10) | 0) % 10;
  return key;
}
