// The command path: what the phone's commands and the board's buttons ask for,
// carried out on the game in play or on diagnostics (and the mode switch
// between them), and the pairing window both buttons open. The command channel
// (commands.ts) checks a phone's line first; the buttons need no check.
import type { Buttons, Clock, Radio } from '../hal/types';
import type { GameModule, GameOptions } from './game';
import type { Display } from './display';
import type { CoreRefusal, Play } from './play';
import type { Status } from './status';
import type { WalkState } from './sensing';
import type { Scanner } from './scan';
import { DIAG_MODULE, createDiagnostics } from './diag';
import { createAccess } from './access';
import { loadModule } from './modules';
import { createCommandChannel } from './commands';
import type { ChannelOptions, Command, CommandChannel } from './commands';
import type { StateNow } from './play';
import { flag, message, refusal, sendLine } from './protocol';
import type { Refusal } from './protocol';
import { ANALOG_BANKS, DIGITAL_BANKS, ON_DEVICE } from './device';
import type { Signer, SignerState } from './signer';

/** A press of `mode` this long during play takes back the last move. */
const UNDO_HOLD_MS = 1000;
/** How long a phone may pair after both buttons were pressed. */
const PAIR_MS = 60000;

/**
 * Takes the phone's commands and the buttons' presses on a board whose scanner (null on a board of analog banks
 * alone) reads its digital channels; `show` shows the display's text again, `announce` tells of a change (and, in the
 * simulator, `advertise` puts a state in the advert). Made once the game is taken up at power-up, in diagnostics if
 * `diagnose` (the `mode` button held), and tells what it shows. A phone that pairs gets the board's key from `signer`
 * over its state `signed` (none: the simulator's, which never signs, and a board flashed without its signer). Returns its slow work (command timeouts, the end of pairing), for the
 * runtime's slow tick.
 */
export function createCommandPath<S, M>(radio: Radio, clock: Clock, buttons: Buttons, mod: GameModule<S, M>, display: Display,
  game: Play<S, M>, status: Status<S>, scanner: Scanner | null, show: () => void, announce: () => void, diagnose: boolean | number,
  advertise: (current: StateNow) => void, signer: (kept: SignerState) => Signer | false, signed: SignerState | undefined): (now: number) => void {
  // (The game in play: the mode until diagnostics start, which they do only once this is made.)
  // Its `settle` decides a move the sensors are still working out, before anything acts on the last move: a
  // referee's command or a button (read at each call, not kept in a variable of its own: a JsVar for good). An
  // interpreter may have none (a no-op made for it would cost JsVars for good).
  const playing = status.active;
  // A `new` waiting for the move under way to be decided.
  let waiting: Command | undefined;

  function handle(command: Command): Refusal | null {
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
          const progressed = function (walk: WalkState): void {
            sendLine(radio, message('diag', { walk: walk }));
            show();
          };
          // A board without a scanner: its interpreter's diagnostics, of the sensors it reads. A board's scanner
          // diagnostics are a module of their own in its Storage (firmware/diag.ts), loaded only now; a board
          // flashed without it stays in the game and says so.
          // A constant on a board of one kind of bank: the minifier keeps only the branch it takes.
          if (DIGITAL_BANKS && (!ANALOG_BANKS || scanner)) {
            const create = ON_DEVICE ? loadModule<typeof createDiagnostics>(DIAG_MODULE, true) : createDiagnostics;
            if (!create) return refusal('not_now', 'nodiag' satisfies CoreRefusal);
            status.diagnostics = create(scanner!, mod.board, clock.now(), progressed);
          } else {
            // Not while its interpreter still works out a throw (busy): it reads no sensor in diagnostics, and a launch
            // then (a throw kept while one is decided) would go unseen. A phone's alone: diagnostics at power-up start.
            if (command.edit && playing.busy!()) return refusal('not_now', 'moving' satisfies CoreRefusal);
            const made = playing.diagnose!(clock.now(), progressed);
            if (!made) return refusal('not_now', 'nodiag' satisfies CoreRefusal);
            status.diagnostics = made;
          }
          status.active = status.diagnostics;
        } else {
          status.diagnostics = undefined;
          status.active = playing;
        }
        announce();
      } else if (args.walk) {
        if (diag) diag.walk(clock.now());
      } else if (args.on === undefined) sendLine(radio, status.active.report(clock.now()));
    } else if (name === 'bright') {
      display.setup(args.level as number);
      show();
    } else if (diag) refused = 'diag' satisfies CoreRefusal;
    else {
      // The referee acts on the last move, and `new` ends the game in play: a move the sensors are still working
      // out is decided first, into the game in play (so a new game starts at zero). One that takes time to end (a
      // weight sliding or its throw being found, a stroke's balls rolling, a chip sliding: busy) ends as it would:
      // `new` waits for it (the slow tick runs it), and the new game begins from the table as it then lies.
      if (name === 'new' && playing.busy && playing.busy()) {
        waiting = command;
        return null;
      }
      if (playing.settle) playing.settle();
      if (name === 'new') {
        // The channel took `game` only as this board's own (its `games`).
        const players = args.players;
        // Names, or a count of players.
        const named = typeof players === 'number' ? undefined : players as string[];
        // A setup that throws leaves the game in play as it was.
        try {
          game.begin({ players: named ? named.length : players as number, options: (args.options || {}) as GameOptions }, named, 1);
        } catch (e) {
          return refusal('bad_arg', (e as Error).message);
        }
        // The new game begins as at a first power-up, from the table as it lies (balls on their spots, colours
        // down), which is no play (-2): else a cut would later find it and make moves of it. Its setup record says
        // so, for the power-ups after.
        if (playing.resume) playing.resume(clock.now(), scanner ? scanner.level : null, -2);
        announce();
      } else if (name === 'undo') refused = game.takeBack();
      // Any other command is the game's move of its name, with the arguments the channel checked.
      else refused = game.play(Object.assign({ k: name }, args) as unknown as M);
    }
    return refused ? refusal('not_now', refused) : null;
  }

  /**
   * The command channel, made when a phone sends something and let go once it is at rest again (commands.ts,
   * tick): a board that no phone talks to keeps none of it (some 20 JsVars), and a phone finds it as it left it.
   */
  let channel: CommandChannel | undefined;
  // The access rules of the simulator's open link (a board needs none): kept, with whom it let change the game.
  const access = ON_DEVICE ? undefined : createAccess({});
  /**
   * The phone's first data since the channel was let go: a channel is made for it, which takes the radio's data from
   * now on, and hears this too. What the channel keeps lives in this call's scope, and goes with it.
   */
  function listen(data: string, paired: boolean): void {
    const channelOptions: ChannelOptions = { radio: radio, clock: clock, handle: handle };
    // Only an unpaired link's command waits for the buttons, and on a board no such link gets through (docs/security.md).
    // A board's command table is its check module's (commands.ts, checkLine).
    if (!ON_DEVICE) {
      channelOptions.commands = mod.commands;
      channelOptions.games = mod.id;
      channelOptions.access = access;
      channelOptions.prompt = function (seconds: number): void {
        // A command waits exactly while its prompt shows seconds.
        status.held = seconds > 0;
        status.prompt = seconds > 0 ? 'bOth ' + seconds : '';
        show();
        advertise(game.stateNow());
      };
    }
    channel = createCommandChannel(channelOptions);
    radio.onData!(data, paired);
  }
  radio.onData = listen;
  // Until when a phone may pair (0: none may).
  let pairEnds = 0;

  buttons.onPress = function (name: string, heldMs: number): void {
    const now = clock.now();
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
      if (playing.settle) playing.settle();
      // A long press of `mode` during play is undo; any other press plays the game's move of the button's name, if it has one.
      if (name === 'mode') flag(radio, heldMs >= UNDO_HOLD_MS && game.takeBack());
      else if (mod.moves[name]) flag(radio, game.play({ k: name, ms: heldMs } as unknown as M));
    }
    show();
  };
  // Diagnostics at power-up start as a phone starts them (no function kept for the boot alone).
  // Diagnostics that could not start (no module) leave the game in play, told as without them.
  if (!diagnose || handle({ name: 'diag', args: { on: true } } as unknown as Command)) announce();
  return function (now: number): void {
    // A `new` that waits is tried again (it waits on while the move is under way); a refusal then is told.
    if (waiting) {
      const command = waiting;
      waiting = undefined;
      const refused = handle(command);
      if (refused) sendLine(radio, refused);
    }
    if (channel && channel.tick(now)) {
      channel = undefined;
      radio.onData = listen;
    }
    // Pairing ends once a phone paired (the link takes one phone at a time) or its time is up; the radio is asked
    // here, no event handler kept.
    if (pairEnds && (now >= pairEnds || radio.paired())) {
      // The paired phone gets the board's key (made at the first pairing), for the club's hub.
      if (signed && radio.paired()) {
        sendLine(radio, message('key', { key: (signer(signed) as Signer).key() }));
        // Signed from now on, not from the next change.
        advertise(game.stateNow());
      }
      radio.pair(false);
      pairEnds = 0;
      status.prompt = '';
      show();
    }
  };
}
