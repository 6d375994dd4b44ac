// What the runtime's parts share (firmware/runtime.ts puts them together): the
// mode the board is in, what the display shows over it, and whether the
// sensors are trusted; and the parts themselves as the others reach them (the
// radio, the game in play, the scanner, the display and what tells of a
// change). One object, so each part reads what another changed, and keeps no
// variable of its own for what it shares: on the chip each such variable costs
// a JsVar for as long as the board runs, in every part that keeps one. The
// phone's commands work on it too (firmware/handle.ts). The game in play's
// interface is here, as the other parts see it (firmware/play.ts makes it).
import type { Clock, Radio, Rest } from '../hal/types';
import type { GameConfig, GameModule } from './game';
import type { Display } from './display';
import type { Scanner } from './scan';
import type { Fields } from './protocol';
import type { AdvertState } from './advert';
import type { Diagnostics, Mode } from './sensing';

/** The core's own refusal codes: their words are in firmware/words.json, for the phone's decoder, not in the bundle. */
export type CoreRefusal = keyof typeof import('./words.json');

/** The state message: the contract's fields and the game's (the advert tells the first of them). */
export type StateNow = AdvertState & Fields;

/** The game in play and its log (firmware/play.ts, createPlay). */
export interface Play<S, M> {
  /**
   * The game's state now; set, the state in play. On the analog board a copy made at each read (kept as its JSON text:
   * firmware/play.ts): read it once for what needs it, and only when needed.
   */
  current: S;
  /** The simulator's only: `current` as its JSON text, read without parsing it (a board has no such function). */
  currentText?(): string;
  /** The contract's state message, with the game's own fields (names are left out of the JSON when undefined). */
  stateNow(): StateNow;
  /** A new game of `next`, by `named` players if named (a setup that throws changes nothing): a fresh log, nothing to undo, not over. */
  begin(next: GameConfig, named: string[] | undefined, asLies?: number): void;
  /** Plays a move and saves it (`sensed` 1: the sensors'); returns the code of why it was refused, if it was. */
  play(move: M, sensed?: number): string | undefined;
  /**
   * Takes back the last move that stands, as often as asked, for every game:
   * an undo record goes into the log and the game is read back from it, over the scan ticks (Status, `undoStep`), so an
   * undo is saved like any move and survives a power cut. Returns the code of why it was refused, if it was
   * (an undo the flash could not take is flagged `not_saved` too, with the storage's words); a log that cannot be
   * read back is flagged (`log`) as it is found.
   */
  takeBack(): CoreRefusal | null;
  /** Move records that stand in the log: what undo can take back. */
  stand: number;
  /**
   * 1 once the game's end was told (the runtime's announce tells it once, when the game becomes over; 0 again when
   * it is not): a number, not a function of the play's that would tell it (some 6 JsVars for good).
   */
  endTold: number;
  /**
   * The move that was under way when the power went (-1: none), of the game taken up at power-up (made with the
   * play: no function kept for the boot alone); the runtime deletes it once the interpreter has it.
   */
  pending?: number | string;
}

export interface Status<S, M = unknown> {
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
  /**
   * While an undo reads the game back from the log, a record or a few at each call (the runtime calls it every scan
   * tick; the restore module sets it: firmware/persist.ts, readBack), the step that reads on; deleted once the game
   * read back is the game in play. Meanwhile the command path refuses every command and press that would change the
   * game (`undoing`), and a move the sensors make has the rest read back at once (play.ts, play).
   */
  undoStep?: () => void;
  /** While a phone's lines sent together wait their turn, the step that carries out the next (commands.ts, ChannelOptions). */
  lineStep?: () => void;
  /** How a board that scans its sensors rests (the ticker's: firmware/runtime.ts), for the command channel's lines. */
  rest?: Rest;
  /** In the simulator: whether a phone's command waits for the buttons (the advert's flag). */
  held?: boolean;
  // The parts, as the runtime made them.
  radio: Radio;
  clock: Clock;
  mod: GameModule<S, M>;
  /** The display (firmware/display.ts). */
  screen: Display;
  /** The scanner of the board's digital channels (null on a board of analog banks alone). */
  scanner: Scanner | null;
  /** The game in play (firmware/play.ts) ... */
  inPlay: Play<S, M>;
  /**
   * ... and its interpreter: the mode until diagnostics start. Its `settle` decides a move the sensors are still
   * working out, before anything acts on the last move (an interpreter may have none).
   */
  playing: Mode<S>;
  /**
   * When (ms) an announce left the display to draw (undefined: none to draw, `show` having drawn it): the runtime
   * draws it at a later tick, one that carries out no line nor undo's step; drawn with the move, the display held
   * that tick some 150 bare reads longer.
   */
  redraw?: number;
  /**
   * When (ms) an announce left a change to tell (undefined: none): the runtime tells it at a tick of its own, before
   * the next line's or undo's step, or at once when the display is drawn first (a button's press, a command carried
   * out in the call of its line) or a command acts before that tick (handle.ts).
   * Told with the move, the tell held its tick some 100 to 200 bare reads longer.
   */
  tellAt?: number;
  /** Shows the mode's text on the display, under a prompt or a fault note. */
  show(): void;
  /** Leaves a change to tell the phone, the display and the advert of (tellAt). */
  announce(): void;
}
