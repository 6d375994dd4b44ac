// Carrying out a command the channel checked (commands.ts): on the game in play
// or on diagnostics, and the mode switch between them. A board keeps it out of
// its bundle: the build makes it a module of its own (HANDLE_MODULE), which the
// command path loads when a phone starts talking, holds while it talks, and
// lets go with the channel (firmware/command-path.ts).
import type { GameOptions } from './game';
import type { CoreRefusal, Status } from './status';
import type { WalkState } from './sensing';
import { createDiagnostics } from './diag';
import { Part, loadModule } from './modules';
import type { ChannelOptions, Command } from './commands';
import { flag, refusal, sendLine } from './protocol';
import type { Refusal } from './protocol';
import { ANALOG_BANKS, DIGITAL_BANKS, ON_DEVICE } from './device';

/** The module name (what a phone hears when the board was flashed without it; firmware/modules.ts) of the carrying out of commands on a board. */
export const HANDLE_MODULE = 'tallyboard-handle';
/**
 * A `new` sent while a move is under way waits this long at most for the board to be still (ms): throws launched as
 * the one before is decided keep a shuffleboard busy for as long as they come, and the game played on meanwhile would
 * be ended whenever they stopped. Then it is refused (`moving`), and the game in play goes on, nothing of it lost.
 */
export const NEW_WAIT_MS = 60000;

/**
 * What a command works on: the status the runtime's parts share (firmware/status.ts: the game in play, its
 * interpreter `playing`, the display, what tells of a change), with the channel's options set on it while a phone
 * talks (the command path's: firmware/command-path.ts).
 */
export interface CommandContext<S, M> extends ChannelOptions, Status<S, M> {
  /** The status's (which the channel's options have as may be). */
  show(): void;
  /** A `new` waiting for the move under way to be decided (the command path's slow tick carries it out then), and until when. */
  waiting?: Waiting;
}

/** A command that may wait (`new`): from the first time it did, until when. */
type Waiting = Command & { until?: number };

/** Carries out `command` in `o`: null when done, else the refusal to report (the game as it was). */
export function handleCommand<S, M>(command: Command, o: CommandContext<S, M>): Refusal | null {
  // A change still to tell is told (and drawn) first: a command may change the game before the tick that would tell
  // it, and the change (a game's end, say, before a `new`, or a move before diagnostics start) would go untold.
  if (DIGITAL_BANKS && (o.tellAt as number) >= 0) o.show();
  const playing = o.playing;
  const name = command.name;
  const args = command.args;
  const diag = o.diagnostics;
  // Why the command is refused ('not_now'), if it is.
  let refused: string | null | undefined = null;
  // `state` takes no arguments: it is answered as a bare `diag` is.
  if (name === 'state' || name === 'diag') {
    // Whether `on` was given (the check lets only a boolean through): on a board every object has an `on`, the
    // interpreter's event method, so one not given is no undefined there.
    const on = args.on;
    const given = on === true || on === false;
    // `on` other than the mode the board is in: into diagnostics, or back to the game. Diagnostics are made when
    // they start (rarely; the boot starts them as a phone does): the phone gets a walk message after each step
    // of the walk test.
    if (given && !diag === on) {
      if (on) {
        // Not while a move is under way (busy: a stroke's balls rolling, a chip or a weight sliding, a throw's weights
        // being found): in diagnostics the game hears no sensor, and the rest of that move would go unseen, its points
        // lost untold. A phone's alone: diagnostics at power-up start.
        if (command.edit && playing.busy!()) return refusal('not_now', 'moving' satisfies CoreRefusal);
        // A board that scans its sensors: a constant on a board of one kind of bank (the minifier keeps only the branch
        // it takes).
        const scans = DIGITAL_BANKS && (!ANALOG_BANKS || o.scanner);
        // (Drawn at a later tick on a board that scans its sensors: the tick that tells it worked the walk test's state
        // out, and does nothing more; a draw then told what was left to tell, diagnostics' first report with it.)
        const progressed = function (walk: WalkState): void {
          sendLine(o.radio, { type: 'diag', walk: walk });
          if (scans) o.redraw = o.clock.now();
          else o.show();
        };
        // A board without a scanner: its interpreter's diagnostics, of the sensors it reads. A board's scanner
        // diagnostics are a module of their own in its Storage (firmware/diag.ts), loaded only now; a board
        // flashed without it stays in the game and says so.
        if (scans) {
          const create = ON_DEVICE ? loadModule<typeof createDiagnostics>(Part.diag) : createDiagnostics;
          if (!create) return refusal('not_now', 'nodiag' satisfies CoreRefusal);
          o.diagnostics = create(o.scanner!, o.mod.board, o.clock.now(), progressed);
        } else {
          const made = playing.diagnose!(o.clock.now(), progressed);
          if (!made) return refusal('not_now', 'nodiag' satisfies CoreRefusal);
          o.diagnostics = made;
        }
        o.active = o.diagnostics;
      } else {
        // The game heard no sensor in diagnostics: a move played meanwhile was not scored. When a sensor changed
        // (an edge, or a weight's field), the phone is told so: the referee enters such a move.
        if (diag!.changed()) flag(o.radio, 'unscored' satisfies CoreRefusal);
        o.diagnostics = undefined;
        o.active = playing;
      }
      o.announce();
    } else if (args.walk) {
      if (diag) diag.walk(o.clock.now());
    } else if (!given) sendLine(o.radio, o.active.report(o.clock.now()));
  } else if (name === 'bright') {
    o.screen.setup(args.level as number);
    o.show();
  } else if (diag) refused = 'diag' satisfies CoreRefusal;
  // While an undo reads the game back (play.ts, takeBack), nothing else may change it: another undo, a referee's
  // move and `new` are refused, before anything acts on the move under way (its settle would decide it now).
  else if (o.undoStep) refused = 'undoing' satisfies CoreRefusal;
  // The referee acts on the last move, and `new` ends the game in play: a move the sensors are still working
  // out is decided first, into the game in play (so a new game starts at zero), or the command refused till it is.
  // One that takes time to end (a weight sliding or its throw being found, a stroke's balls rolling, a chip
  // sliding: busy) ends as it would: `new` waits for it (the slow tick carries it out), every move until the board
  // is still decided into the game in play, and the new game begins from the table as it then lies. For
  // NEW_WAIT_MS at most (from when it came), then it is refused.
  // One waits at a time: another `new` meanwhile is refused at once (`moving`), and the one waiting starts.
  else if (name === 'new' && playing.busy && playing.busy()) {
    const now = o.clock.now();
    const until = (command as Waiting).until = (command as Waiting).until || now + NEW_WAIT_MS;
    if (now < until && !o.waiting) o.waiting = command;
    else refused = 'moving' satisfies CoreRefusal;
  }
  else if (!(refused = playing.settle && playing.settle() as string | undefined)) {
    if (name === 'new') {
      // The channel took `game` only as this board's own (its `games`).
      const players = args.players;
      // Names, or a count of players.
      const named = typeof players === 'number' ? undefined : players as string[];
      // A setup that throws leaves the game in play as it was.
      try {
        o.inPlay.begin({ players: named ? named.length : players as number, options: (args.options || {}) as GameOptions }, named, 1);
      } catch (e) {
        return refusal('bad_arg', (e as Error).message);
      }
      // The new game begins as at a first power-up, from the table as it lies (balls on their spots, colours
      // down), which is no play (-3: as -2, none under way, and the board watched the sensors until now): else a
      // cut would later find it and make moves of it. Its setup record says so, for the power-ups after.
      if (playing.resume) playing.resume(o.clock.now(), o.scanner ? o.scanner.level : null, -3);
      o.announce();
    } else if (name === 'undo') refused = o.inPlay.takeBack();
    // Any other command is the game's move of its name, with the arguments the channel checked.
    else refused = o.inPlay.play(Object.assign({ k: name }, args) as unknown as M);
  }
  return refused ? refusal('not_now', refused) : null;
}
