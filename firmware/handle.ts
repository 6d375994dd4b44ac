// Carrying out a command the channel checked (commands.ts): on the game in play
// or on diagnostics, and the mode switch between them. A board keeps it out of
// its bundle: the build makes it a module of its own (HANDLE_MODULE), which the
// command path loads when a phone starts talking, holds while it talks, and
// lets go with the channel (firmware/command-path.ts).
import type { Clock, Radio } from '../hal/types';
import type { GameModule, GameOptions } from './game';
import type { Display } from './display';
import type { CoreRefusal, Play } from './play';
import type { Status } from './status';
import type { Mode, WalkState } from './sensing';
import type { Scanner } from './scan';
import { DIAG_MODULE, createDiagnostics } from './diag';
import { loadModule } from './modules';
import type { ChannelOptions, Command } from './commands';
import { flag, refusal, sendLine } from './protocol';
import type { Refusal } from './protocol';
import { ANALOG_BANKS, DIGITAL_BANKS, ON_DEVICE } from './device';

/** The Storage file (and module name) of the carrying out of commands on a board. */
export const HANDLE_MODULE = 'tallyboard-handle';

/**
 * What a command works on: the command path's, given with the channel's options (made when a phone starts talking,
 * let go with the channel). `playing` is the game in play (the mode until diagnostics start); `show` shows the
 * display's text again, `announce` tells of a change.
 */
export interface CommandContext<S, M> extends ChannelOptions {
  radio: Radio;
  clock: Clock;
  mod: GameModule<S, M>;
  display: Display;
  game: Play<S, M>;
  status: Status<S>;
  scanner: Scanner | null;
  show(): void;
  announce(): void;
  playing: Mode<S>;
  /** A `new` waiting for the move under way to be decided (the command path's slow tick carries it out then). */
  waiting?: Command;
}

/** Carries out `command` in `o`: null when done, else the refusal to report (the game as it was). */
export function handleCommand<S, M>(command: Command, o: CommandContext<S, M>): Refusal | null {
  const status = o.status;
  const playing = o.playing;
  const name = command.name;
  const args = command.args;
  const diag = status.diagnostics;
  // Why the command is refused ('not_now'), if it is.
  let refused: string | null | undefined = null;
  // `state` takes no arguments: it is answered as a bare `diag` is.
  if (name === 'state' || name === 'diag') {
    // `on` other than the mode the board is in: into diagnostics, or back to the game. Diagnostics are made when
    // they start (rarely; the boot starts them as a phone does): the phone gets a walk message after each step
    // of the walk test.
    if (args.on !== undefined && !diag === args.on) {
      if (args.on) {
        // Not while a move is under way (busy: a stroke's balls rolling, a chip or a weight sliding, a throw's weights
        // being found): in diagnostics the game hears no sensor, and the rest of that move would go unseen, its points
        // lost untold. A phone's alone: diagnostics at power-up start.
        if (command.edit && playing.busy!()) return refusal('not_now', 'moving' satisfies CoreRefusal);
        const progressed = function (walk: WalkState): void {
          sendLine(o.radio, { type: 'diag', walk: walk });
          o.show();
        };
        // A board without a scanner: its interpreter's diagnostics, of the sensors it reads. A board's scanner
        // diagnostics are a module of their own in its Storage (firmware/diag.ts), loaded only now; a board
        // flashed without it stays in the game and says so.
        // A constant on a board of one kind of bank: the minifier keeps only the branch it takes.
        if (DIGITAL_BANKS && (!ANALOG_BANKS || o.scanner)) {
          const create = ON_DEVICE ? loadModule<typeof createDiagnostics>(DIAG_MODULE, true) : createDiagnostics;
          if (!create) return refusal('not_now', 'nodiag' satisfies CoreRefusal);
          status.diagnostics = create(o.scanner!, o.mod.board, o.clock.now(), progressed);
        } else {
          const made = playing.diagnose!(o.clock.now(), progressed);
          if (!made) return refusal('not_now', 'nodiag' satisfies CoreRefusal);
          status.diagnostics = made;
        }
        status.active = status.diagnostics;
      } else {
        // The game heard no sensor in diagnostics: a move played meanwhile was not scored. When a sensor changed
        // (an edge, or a weight's field), the phone is told so: the referee enters such a move.
        if (diag!.changed()) flag(o.radio, 'unscored' satisfies CoreRefusal);
        status.diagnostics = undefined;
        status.active = playing;
      }
      o.announce();
    } else if (args.walk) {
      if (diag) diag.walk(o.clock.now());
    } else if (args.on === undefined) sendLine(o.radio, status.active.report(o.clock.now()));
  } else if (name === 'bright') {
    o.display.setup(args.level as number);
    o.show();
  } else if (diag) refused = 'diag' satisfies CoreRefusal;
  // The referee acts on the last move, and `new` ends the game in play: a move the sensors are still working
  // out is decided first, into the game in play (so a new game starts at zero), or the command refused till it is.
  // One that takes time to end (a weight sliding or its throw being found, a stroke's balls rolling, a chip
  // sliding: busy) ends as it would: `new` waits for it (the slow tick carries it out), and the new game begins
  // from the table as it then lies.
  else if (name === 'new' && playing.busy && playing.busy()) o.waiting = command;
  else if (!(refused = playing.settle && playing.settle() as string | undefined)) {
    if (name === 'new') {
      // The channel took `game` only as this board's own (its `games`).
      const players = args.players;
      // Names, or a count of players.
      const named = typeof players === 'number' ? undefined : players as string[];
      // A setup that throws leaves the game in play as it was.
      try {
        o.game.begin({ players: named ? named.length : players as number, options: (args.options || {}) as GameOptions }, named, 1);
      } catch (e) {
        return refusal('bad_arg', (e as Error).message);
      }
      // The new game begins as at a first power-up, from the table as it lies (balls on their spots, colours
      // down), which is no play (-2): else a cut would later find it and make moves of it. Its setup record says
      // so, for the power-ups after.
      if (playing.resume) playing.resume(o.clock.now(), o.scanner ? o.scanner.level : null, -2);
      o.announce();
    } else if (name === 'undo') refused = o.game.takeBack();
    // Any other command is the game's move of its name, with the arguments the channel checked.
    else refused = o.game.play(Object.assign({ k: name }, args) as unknown as M);
  }
  return refused ? refusal('not_now', refused) : null;
}
