// What the scanner hands upwards: debounced sensor events, and the interfaces
// of what hears them: a game's interpreter that turns them into moves, and
// diagnostics. Kinds are small integers so the scanner's event queue can hold
// events in typed arrays and allocate nothing.

/** A debounced level change on a channel. */
export const EDGE = 0;
/** A short pulse seen and latched even if it ended before the debouncer settled. */
export const TRANSIT = 1;
/** A group of channels has been quiet for its settle time. `ch` is the group index. */
export const SETTLED = 2;

export type SensorEventKind = typeof EDGE | typeof TRANSIT | typeof SETTLED;

/** The game in play as an interpreter's fault check is given it: its state, read only when needed (a read may make a copy). */
export interface GameInPlay<S = unknown> {
  readonly current: S;
}

/**
 * Turns sensor events of one game's board into that game's moves. The runtime
 * makes it the game's Mode (below) by setting show and report on it: an
 * interpreter has no properties of those names.
 */
export interface Interpreter {
  sense(kind: SensorEventKind, ch: number, level: number, t: number): void;
  /**
   * Called every scan tick with the time, for timeouts. Must be cheap. On a board without digital channels, which
   * reads its sensors itself: truthy when what they see changed (the board does not rest then). On one that scans
   * them: truthy when the mode's tick did work of its own (diagnostics' walk test worked out, or what a fortress board
   * found at a power-up or a new game played), which the scan tick then does alone.
   */
  tick(t: number): unknown;
  /**
   * Decides a move still being worked out (a chip not yet at rest), before a referee's or player's input acts on it.
   * With `spoilt` 1, a sensor was just taken out of service (the runtime drops what is told meanwhile): an interpreter
   * whose move goes on after it (a fortress stroke, its balls still rolling) lets it end as it would, and does not
   * tell it if it holds what the fault made (else the rest of it would be scored as a move of its own). With 0, the
   * sensors were found sound again: everything under way is decided (an input may let moves just begun go on).
   * Without `spoilt`, a game code refuses the input instead (shuffleboard's `deciding`: a decision too long for a call).
   */
  settle?(spoilt?: number): string | void;
  /** Whether a move is still being worked out. */
  busy?(): boolean;
  /**
   * Called once at power-up, at time `t`, with the levels the sensors show then
   * (debounced: what the scanner starts from) and the move that was under way
   * when the power went (the `begin` value its interpreter gave, or -1, -2 in a
   * game where an undo was made; when it gave strings after a number, that
   * number's decimal digits followed by the strings, as one string): what is
   * already there is not a new move, and a move under way is decided from what
   * the sensors show from now on. Called again at a new game, with -3: none
   * under way, and the sensors were watched until now.
   * (`level` is the scanner's, firmware/scan.ts: a channel's level, or with `mask` those of it and the channels after
   * it in its word; null on a board without digital channels.)
   */
  resume?(t: number, level: ((ch: number, mask?: number) => number) | null, pending: number | string): void;
  /**
   * The game's move that notes what lies on the board now (after resume), saved with an undo: an undo takes back a
   * move, not the table, and what the board finds at power-up is set against the table as it lay.
   */
  lies?(): object | undefined;
  /**
   * Why an undo now (the game in `state`) must be refused, a code of the game's words, because the table has moved
   * on from the move it would take back (undone, the game would go on from a table that is not its own); '' to let
   * it.
   */
  keeps?(state: unknown): string;
  /**
   * An interpreter that reads sensors of its own (an analog bank, which the
   * scanner never reads) checks them: called once a second during play, with
   * the game in play (its state tells what a throw must look like: read only when
   * needed, a read makes a copy of it), it reports each fault it
   * finds once (the channel, or none for the whole bank, and a fault bit of
   * firmware/faults.ts; OK when a sensor is back in service; a select line's
   * fault names the line) and returns the
   * faults that make its sensors untrustworthy (BANK), else 0.
   */
  faults?(report: (ch: number | undefined, fault: number, line?: number) => void, game?: GameInPlay): number;
  /**
   * A sensor the interpreter found faulty since the last call, from what the board's other sensors saw: its channel
   * plus 1 (0: none), and its fault bit (firmware/faults.ts) shifted 8 up. A fortress mouth's high switch that missed
   * an attacking ball the spots say passed (MISSED); a triangle point still changing long after its chip came
   * (CHATTER), or covered where no chip is (STUCK); the Ring-a-Peg impact switch shaken on and on (CHATTER). The fault
   * check (once a second) reports it and takes it out of service.
   */
  accused?(): number;
  /**
   * Set by the runtime before any event (not an interpreter's own): whether digital channel ch is out of service,
   * or a sensor of its group (firmware/faults.ts outOfService): its events do not come, and its level is the last one
   * heard. A move that needs it is not scored.
   */
  out?(ch: number): number;
  /**
   * Its diagnostics mode, on a board without digital channels (the scanner's
   * diagnostics, firmware/diag.ts, have nothing to show there), from `now`:
   * the same report, walk test and `progressed` as those; false on a board
   * flashed without the module that holds them (firmware/modules.ts).
   */
  diagnose?(now: number, progressed: (walk: WalkState) => void): Diagnostics | false;
}

/**
 * What the board does with its sensors, and what it shows and tells of them:
 * the game in play (its interpreter) or diagnostics. The runtime hands the
 * scanner's events and ticks to the mode it is in, and asks it for the
 * display's text and the phone's message.
 */
export interface Mode<S> extends Interpreter {
  /** The display's text for the game's state (diagnostics shows its own), under a prompt or a fault note. */
  show(state: S): string;
  /** The phone's message: the state, or the diagnostics report. */
  report(now: number): object;
}

/** Diagnostics mode (firmware/diag.ts, or an interpreter's own): the mode (a game's shape: sense, tick, show, report) and the walk test. */
export interface Diagnostics extends Mode<unknown> {
  /** (Re)starts the walk test: every sensor must be triggered once. */
  walk(now: number): void;
  /** Display text: walk progress, e.g. "d 3-16", then "d done". */
  show(): string;
  /** Whether any sensor changed since diagnostics started (an edge; a weight's field): nothing the game heard. */
  changed(): boolean;
}

/**
 * How far the walk test has come: sensors seen of those to see, the first few still to see by name (`missing`),
 * on a digital board every one still to see as channel words (`unseen`, as the report's `levels`), events the
 * scanner dropped.
 */
export interface WalkState {
  seen: number;
  of: number;
  missing: string[];
  unseen?: string[];
  lost: number;
}
