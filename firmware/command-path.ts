// The command path: what the phone's commands and the board's buttons ask for,
// carried out on the game in play or on diagnostics (the phone's by
// firmware/handle.ts), and the pairing window both buttons open. The command
// channel (commands.ts) checks a phone's line first; the buttons need no check.
import type { Buttons } from '../hal/types';
import type { StateNow, Status } from './status';
import { HANDLE_MODULE, handleCommand } from './handle';
import type { CommandContext } from './handle';
import { createAccess } from './access';
import { Part, loadModule } from './modules';
import { CHANNEL_MODULE, CHECK_MODULE, createCommandChannel } from './commands';
import type { Command, CommandChannel } from './commands';
import { flag, refusal, sendLine } from './protocol';
import type { Refusal } from './protocol';
import { ON_DEVICE } from './device';
import type { Signer, SignerState } from './signer';

/** A press of `mode` this long during play takes back the last move. */
const UNDO_HOLD_MS = 1000;
/** How long a phone may pair after both buttons were pressed. */
const PAIR_MS = 60000;

/**
 * Takes the phone's commands and the buttons' presses on the board whose parts `status` holds (firmware/status.ts:
 * what the phone's commands work on, too); in the simulator, `advertise` puts a state in the advert. Made once the
 * game is taken up at power-up, in diagnostics if `diagnose` (the `mode` button held), and tells what it shows. A
 * phone that pairs gets the board's key from `signer` over its state `signed` (none: the simulator's, which never
 * signs, and a board flashed without its signer). Returns its slow work (command timeouts, the end of pairing), for
 * the runtime's slow tick.
 */
export function createCommandPath<S, M>(status: Status<S, M> & Partial<CommandContext<S, M>>, buttons: Buttons, diagnose: boolean | number,
  advertise: (current: StateNow) => void, signer: (kept: SignerState) => Signer | false, signed: SignerState | undefined): (now: number) => void {
  /**
   * The command channel, made when a phone sends something and let go once it is at rest again (commands.ts,
   * tick): a board that no phone talks to keeps none of it (some 20 JsVars), and a phone finds it as it left it.
   * What its commands work on is the status, with the carrying out of commands (`handle`) while there is a channel.
   */
  let channel: CommandChannel | undefined;
  // The access rules of the simulator's open link (a board needs none): kept, with whom it let change the game.
  const access = ON_DEVICE ? undefined : createAccess({});
  /**
   * The phone's first data since the channel was let go: a channel is made for it, which takes the radio's data from
   * now on, and hears this too. What the channel keeps lives in this call's scope, and goes with it. The boot gives
   * a `command` of its own to carry out on the channel (returning what handleCommand does).
   */
  function listen(data: string, paired: boolean, command?: Command): Refusal | null | void {
    // The carrying out of commands: on a board a module of its own (firmware/handle.ts), loaded now and let go with
    // the channel; a board flashed without it refuses every command, and says so.
    status.handle = ON_DEVICE ? loadModule<typeof handleCommand>(Part.handle) || function (): Refusal {
      return refusal('failed', HANDLE_MODULE);
    } : handleCommand;
    // Only an unpaired link's command waits for the buttons, and on a board no such link gets through (docs/security.md).
    // A board's command table is its check module's (commands.ts, checkLine).
    if (!ON_DEVICE) {
      status.commands = status.mod.commands;
      status.games = status.mod.id;
      status.access = access;
      status.countdown = function (seconds: number): void {
        // A command waits exactly while its prompt shows seconds.
        status.held = seconds > 0;
        status.prompt = seconds > 0 ? 'bOth ' + seconds : '';
        status.show();
        advertise(status.inPlay.stateNow());
      };
    }
    // The channel: on a board a module of its own too, loaded now and let go once at rest; a board flashed without
    // it answers each piece of data a phone sends with `failed`. The boot's command needs none, and makes none:
    // diagnostics at power-up peak with every sensor changing at once.
    const make = command ? undefined : ON_DEVICE ? loadModule<typeof createCommandChannel>(Part.channel) : createCommandChannel;
    if (make) {
      // On a board, the check module checks each line against its table and is let go (held in no variable) before
      // the command runs; a board flashed without it says so.
      channel = make(status as CommandContext<S, M>, function (text: string, trusted: boolean): Command | Refusal {
        return (loadModule<(text: string, trusted: boolean) => Command | Refusal>(Part.check) || function (): Refusal {
          return refusal('failed', CHECK_MODULE);
        })(text, trusted);
      });
      status.radio.onData!(data, paired);
    } else if (data) sendLine(status.radio, refusal('failed', CHANNEL_MODULE));
    // The boot's command (below); without a channel, which would let the command handling go, it goes now.
    const refused = command && status.handle(command, status as CommandContext<S, M>);
    if (!channel) delete status.handle;
    return refused;
  }
  status.radio.onData = listen;
  // Until when a phone may pair (0: none may).
  let pairEnds = 0;

  buttons.onPress = function (name: string, heldMs: number): void {
    const now = status.clock.now();
    const radio = status.radio;
    // Both buttons together: the board's own gesture, which confirms the command a phone left waiting, else lets a
    // phone pair for a while, with a fresh passkey shown on the display. Any other press is the game's (or diagnostics').
    if (name === 'both') {
      if (ON_DEVICE || !channel || !channel.confirm!(now)) {
        const passkey = radio.pair(true);
        pairEnds = passkey ? now + PAIR_MS : 0;
        status.prompt = passkey ? 'P ' + passkey : '';
      }
    } else if (status.diagnostics) {
      if (name === 'next') status.diagnostics.walk(now);
    } else {
      // The game in play's settle (status.playing) decides a move the sensors are still working out, first, or refuses
      // the press while it takes longer (`deciding`: a triangle's chip sliding, a shuffleboard throw). While an undo
      // reads the game back, every press is refused first (`undoing`: play.ts, takeBack).
      const deciding = status.undoStep ? 'undoing' : status.playing.settle && status.playing.settle();
      // A long press of `mode` during play is undo; any other press plays the game's move of the button's name, if it has one.
      if (deciding) flag(radio, deciding);
      else if (name === 'mode') flag(radio, heldMs >= UNDO_HOLD_MS && status.inPlay.takeBack());
      else if (status.mod.moves[name]) flag(radio, status.inPlay.play({ k: name, ms: heldMs } as unknown as M));
    }
    // (At once, with what the press left to tell: a board at rest ticks twice a second, and an announce waits for a tick.)
    status.show();
  };
  // Diagnostics at power-up start as a phone starts them, through what its data would load (no function kept for the
  // boot alone). Diagnostics that could not start (no module) leave the game in play, told as without them.
  if (!diagnose || listen('', false, { name: 'diag', args: { on: true } } as unknown as Command)) status.announce();
  return function (now: number): void {
    const radio = status.radio;
    // A `new` that waits (handle.ts) is tried again (it waits on while the move is under way); a refusal then is
    // told, with its id (its `ok` came when it was sent). The channel, and the module that carries it out, are kept
    // while one waits.
    const waiting = status.waiting;
    if (waiting) {
      delete status.waiting;
      const refused = status.handle!(waiting, status as CommandContext<S, M>);
      if (refused) {
        refused.id = waiting.id;
        sendLine(radio, refused);
        // (The `new` refused now, sent again, is carried out again, not answered as a line sent twice.)
        delete status.doneLine;
      }
    }
    // The flood limit's bucket full again: nothing of it is kept (commands.ts, ChannelOptions).
    if (!(now < (status.bucketFull as number))) delete status.bucketFull;
    if (channel && channel.tick(now) && !status.waiting) {
      // (Deleted, not set undefined: a property kept costs a JsVar.)
      channel = undefined;
      delete status.handle;
      radio.onData = listen;
    }
    // Pairing ends once a phone paired (the link takes one phone at a time) or its time is up; the radio is asked
    // here, no event handler kept.
    if (pairEnds && (now >= pairEnds || radio.paired())) {
      // The paired phone gets the board's key (made at the first pairing), for the club's hub.
      if (signed && radio.paired()) {
        sendLine(radio, { type: 'key', key: (signer(signed) as Signer).key() });
        // Signed from now on, not from the next change.
        advertise(status.inPlay.stateNow());
      }
      radio.pair(false);
      pairEnds = 0;
      status.prompt = '';
      status.show();
    }
  };
}
