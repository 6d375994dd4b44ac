// The firmware: one game's board brought to life on a HAL. It scans the
// sensors every tick, hands debounced events to the mode it is in (the game's
// interpreter, or diagnostics: firmware/sensing.ts, Mode), plays the moves
// through the pure rules, and tells the display, the phone and the advert
// about every change. The same code runs on the chip
// (hal/espruino) and in the simulator (sim/hal).
import type { Hal } from '../hal/types';
import { playMove } from './game';
import type { GameConfig, GameModule, GameOptions } from './game';
import type { Interpreter, Mode, SensorEventKind } from './sensing';
import { sensorAt } from './board';
import { Scanner } from './scan';
import type { ScanOptions } from './scan';
import { createDiagnostics } from './diag';
import type { Diagnostics, WalkState } from './diag';
import { createDisplay } from './display';
import { BANK, FAULT_NAMES, checkFaults, faultWords } from './faults';
import type { Display } from './display';
import { createAccess } from './access';
import { createCommandChannel } from './commands';
import type { ChannelOptions, Command, CommandChannel } from './commands';
import { message, refusal, sendLine } from './protocol';
import type { Fields, Refusal } from './protocol';

import { LOG, undoRecord, record, restore, resyncRecord, setupRecord } from './persist';
import { encodeAdvert, FLAG_CONFIRM, FLAG_DIAG, ADVERT_MAX_BYTES } from './advert';
import type { AdvertState } from './advert';
import { ANALOG_BANKS, DIGITAL_BANKS, ON_DEVICE } from './device';

export interface RuntimeConfig {
  players: number;
  /** Player names, when the scenario or the phone gave them. */
  names?: string[];
  options: GameOptions;
  pollMs: number;
  /** One debounce algorithm for every channel, instead of each sensor kind's default. */
  debounce?: { algorithm: string; ms: number };
  /** Start in diagnostics mode (the `mode` button held at power-up). */
  diag: boolean;
  /** Display modules in the chain. */
  modules: number;
  /** Sees every sensor event before the game does (the simulator prints them). */
  observe?: Interpreter;
}

/** How often the slow work runs: command timeouts, diagnostics reports, prompts. */
const SLOW_MS = 100;
/** How long a sensor fault shows on the display. */
const FAULT_SHOW_MS = 3000;
/** Fault checks in a row (a second apart) that find the sensors sound before the board scores what they sense again. */
const SOUND_CHECKS = 3;
/** A press of `mode` this long during play takes back the last move. */
const UNDO_HOLD_MS = 1000;
/** How long a phone may pair after both buttons were pressed. */
const PAIR_MS = 60000;

/** What the simulator and tests see of the running firmware. */
export interface FirmwareView {
  /** The HAL clock's time (ms). */
  now: number;
  state: unknown;
  scores: number[];
  winner: number | null;
  turn: number;
  /** In diagnostics: its report's fields (what the phone gets in a `diag` message), else null. */
  diag: { report(now: number): object } | null;
  /** Whether the game's interpreter is still working out a move. */
  busy: boolean;
}

/** The running firmware, for the simulator and the tests: on a board its ticker drives it, and startFirmware returns null. */
export interface Firmware {
  /** One scan tick; the HAL's ticker calls it every pollMs. */
  tick(): void;
  /** None on a board without digital channels. */
  scanner: Scanner | null;
  view(): FirmwareView;
}

/** The core's own refusal codes: their words are in firmware/words.json, for the phone's decoder, not in the bundle. */
type CoreRefusal = keyof typeof import('./words.json');

/** A diagnostics report's fields, without its message type (what the simulator prints). */
function reportFields(diag: Diagnostics): (now: number) => object {
  return function (now: number): object {
    const fields: { type?: string } = diag.report(now);
    delete fields.type;
    return fields;
  };
}

/** The state message: the contract's fields and the game's (the advert tells the first of them). */
type StateNow = AdvertState & Fields;

export function startFirmware<S, M>(hal: Hal, mod: GameModule<S, M>, config: RuntimeConfig): Firmware {
  const clock = hal.clock;
  const radio = hal.radio;
  const store = hal.store;
  const display: Display = createDisplay(hal.display, config.modules);
  // Only the simulator forces a debounce algorithm: a board uses each sensor kind's own, and its
  // bundle has no debounce key at all. Nor a counts key: a board's scanner always counts raw changes.
  let scanOptions: ScanOptions | null = { banks: hal.banks, board: mod.board, settle: mod.settle };
  if (!ON_DEVICE) {
    scanOptions.debounce = config.debounce;
    scanOptions.counts = true;
  }
  // Called, not constructed (no prototype made); not inlined either, so its tick keeps a scope of its own (fast lookups).
  // A board without digital channels has none (shuffleboard's: its interpreter reads its analog bank, and checks
  // it), nor its code (firmware/device.ts). A constant on a board, so the minifier keeps only the branches it takes.
  const scanning = DIGITAL_BANKS && (!ANALOG_BANKS || mod.board.channels > 0);
  const scanner = scanning ? /*@__NOINLINE__*/ Scanner(scanOptions) : null;
  // A game saved before the power went is taken up where it was; else a new one starts
  // (the game is set from one or the other at the end of the boot).
  let saved = restore(store, mod);
  // The game's count of players (for the state message: the game keeps its options in its state).
  let players: number;
  let names: string[] | undefined;
  let state: S;
  // Move records that stand in the log: what undo can take back.
  let stand = 0;
  let overSent = false;
  // The diagnostics while the board is in that mode, else null.
  let diag: Diagnostics | null = null;
  let slowAt = 0;
  // Shown before the mode's text while not '' (one module's text each): the prompt (the pairing passkey, or the
  // seconds left to confirm a phone's command), else the note (a sensor fault: Err and the channel) ...
  let prompt = '';
  let note = '';
  // ... until when at least.
  let noteUntil = 0;
  let faultAt = 0;
  // Moves the sensors made since power-up: the fault check's measure of play.
  let sensedMoves = 0;
  // More than this many sensors changing in one scan is a bank fault. Read once: a board may make its whole
  // description each time it is asked (Ring-a-Peg's does), and the scan tick allocates nothing.
  const halfChannels = mod.board.channels >> 1;
  // The fault check's memory (faults.ts).
  const faultMemory = scanning ? faultWords(mod.board) : null;
  // While the sensors cannot be trusted (a chattering sensor, a bank fault), the moves they make are not
  // scored, until SOUND_CHECKS checks in a row find them sound: those checks are counted here (-1: trusted).
  let sound = -1;
  // The advert's sequence number, +1 per advert (byte 6 keeps its low byte); each advert is made afresh, not kept.
  let advertSeq = 0;

  /** The contract's state message, with the game's own fields (names are left out of the JSON when undefined). */
  function stateNow(): StateNow {
    const extra: Fields = mod.fields(state);
    extra.names = names;
    extra.players = players;
    extra.winner = mod.winner(state);
    // The contract's fields first, then the game's state beside them (side, end, Board...).
    return Object.assign({ type: 'state', game: mod.id, scores: mod.scores(state), turn: mod.turn(state) }, extra) as unknown as StateNow;
  }

  /** Shows the mode's text, under a prompt or a fault note; the note goes once its time is up and the sensors are trusted. */
  function show(): void {
    if (clock.now() >= noteUntil && sound < 0) note = '';
    display.show(prompt || note || mode.show(state));
  }

  /**
   * Puts the state's summary in the advert, with its flags and the next sequence number; the game field the advert
   * shows as its round is in the message already.
   */
  function advertise(current: StateNow): void {
    radio.advertise(encodeAdvert(current, mod.code, (diag ? FLAG_DIAG : 0) | (!ON_DEVICE && channel.held ? FLAG_CONFIRM : 0),
      ++advertSeq, current[mod.round as string] as number, new Uint8Array(ADVERT_MAX_BYTES)));
  }

  /** Tells the phone, the display and the advert of a change: the mode's message, the game's end once, and the state's summary. */
  function announce(): void {
    sendLine(radio, mode.report(clock.now()));
    const current = stateNow();
    // The end is told once, when the game becomes over (overSent follows whether it is); diagnostics tells none.
    if (!diag && (current.winner !== null) !== overSent) {
      overSent = !overSent;
      if (overSent) sendLine(radio, message('over', { winner: current.winner, scores: current.scores }));
    }
    show();
    advertise(current);
  }

  /**
   * Tells the phone, if there is anything to tell, why a move of the sensors or the buttons was refused (nobody
   * waits for a reply), or with a `code`, what went wrong.
   */
  function flag(why: string | null | false | undefined, code?: string): void {
    if (why) sendLine(radio, { type: 'flag', code: code, message: why });
  }

  /**
   * Writes to the game's log and says whether it did; a full flash does not stop the game, it is flagged.
   * (Not `save`: that is an Espruino global, a name the minifier must leave whole.)
   */
  function saveRecord(text: string): boolean {
    try {
      store.append(LOG, text);
      return true;
    } catch (e) {
      flag(String((e as Error).message || e), 'not_saved');
      return false;
    }
  }

  /** A new game of `next`, by `named` players if named (a setup that throws changes nothing): a fresh log, nothing to undo, not over. */
  function begin(next: GameConfig, named: string[] | undefined): void {
    state = mod.setup(next);
    players = next.players;
    names = named;
    overSent = false;
    stand = 0;
    store.erase(LOG);
    saveRecord(setupRecord(mod.id, next, named));
  }

  /** Plays a move and saves it; returns the code of why it was refused, if it was. */
  function play(move: M): string | undefined {
    const outcome = playMove(mod, state, move);
    // Refused, or nothing to do: neither saved nor told.
    if (outcome.state === state) return outcome.refused;
    saveRecord(record(move as unknown as object));
    stand++;
    state = outcome.state;
    for (let i = 0; i < outcome.changes.length; i++) sendLine(radio, message('score', outcome.changes[i]));
    announce();
  }

  /**
   * Takes back the last move that stands, as often as asked, for every game:
   * an undo record goes into the log and the game is replayed from it, so an
   * undo is saved like any move and survives a power cut. Returns the code of why it was refused, if it was
   * (an undo the flash could not take is flagged `not_saved` too, with the storage's words).
   */
  function undo(): CoreRefusal | null {
    if (!stand) return 'undo';
    if (!saveRecord(undoRecord())) return 'saved';
    const back = restore(store, mod);
    if (!back) return 'log';
    const before = mod.scores(state);
    state = back.state;
    stand = back.stand;
    const after = mod.scores(state);
    for (let p = 0; p < after.length; p++) {
      const points = after[p] - before[p];
      if (points) sendLine(radio, message('score', { player: p, points: points, rule: 'undo' }));
    }
    // An undo never tells of the game's end again (announce then notes whether it is over).
    overSent = true;
    announce();
    return null;
  }

  /** A move the sensors made (the interpreter's emit): not scored while they are not trusted; counted for the fault check. */
  function sensed(move: M): void {
    if (sound >= 0) return;
    sensedMoves++;
    flag(play(move));
  }

  // The game in play is its interpreter, which hears the sensors, with the game's layout on the display and the
  // state for the phone (properties set on it: a mode object of its own would cost the chip more).
  const playing = mod.interpreter(sensed, function (value: number | string): void {
    saveRecord(record({ b: value }));
  }, hal.analog) as Mode<S>;
  playing.show = mod.layout;
  playing.report = stateNow;
  let mode: Mode<S> = playing;
  /**
   * Decides a move the sensors are still working out, before anything acts on the last move: a referee's
   * command, a button, or the sensors found sound again (then it is theirs, and not scored). An interpreter
   * may have none (a no-op made for it would cost JsVars for good).
   */
  const settle = playing.settle;

  // The simulator's observer sees every event first; on the chip events go straight to the mode.
  const observe = ON_DEVICE ? undefined : config.observe;
  const sink: Interpreter | null = observe ? {
    sense: function (kind: SensorEventKind, ch: number, level: number, t: number): void {
      observe.sense(kind, ch, level, t);
      mode.sense(kind, ch, level, t);
    },
    tick: observe.tick,
  } : null;

  function handle(command: Command): Refusal | null {
    const name = command.name;
    const args = command.args;
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
          // A board without a scanner: its interpreter's diagnostics, of the sensors it reads.
          mode = diag = scanning ? createDiagnostics(scanner!, mod.board, clock.now(), progressed) : playing.diagnose!(clock.now(), progressed);
        } else {
          diag = null;
          mode = playing;
        }
        announce();
      } else if (args.walk) {
        if (diag) diag.walk(clock.now());
      } else if (args.on === undefined) sendLine(radio, mode.report(clock.now()));
    } else if (name === 'bright') {
      display.setup(args.level as number);
      show();
    } else if (diag) refused = 'diag' satisfies CoreRefusal;
    else if (name === 'new') {
      // A move the sensors are still working out belongs to the game in play: decided into it (and told) first, so
      // the new game starts at zero.
      if (settle) settle();
      // The channel took `game` only as this board's own (its `games`).
      const players = args.players;
      // Names, or a count of players.
      const named = typeof players === 'number' ? undefined : players as string[];
      // A setup that throws leaves the game in play as it was.
      try {
        begin({ players: named ? named.length : players as number, options: (args.options || {}) as GameOptions }, named);
      } catch (e) {
        return refusal('bad_arg', (e as Error).message);
      }
      announce();
    } else {
      // The referee acts on the last move: decide it first if the sensors are still working it out.
      if (settle) settle();
      if (name === 'undo') refused = undo();
      // Any other command is the game's move of its name, with the arguments the channel checked.
      else refused = play(Object.assign({ k: name }, args) as unknown as M);
    }
    return refused ? refusal('not_now', refused) : null;
  }

  const channelOptions: ChannelOptions = { radio: radio, clock: clock, handle: handle, commands: mod.commands, games: mod.id };
  // Only an unpaired link's command waits for the buttons, and on a board no such link gets through (docs/security.md).
  if (!ON_DEVICE) {
    channelOptions.access = createAccess({});
    channelOptions.prompt = function (seconds: number): void {
      prompt = seconds > 0 ? 'bOth ' + seconds : '';
      show();
      advertise(stateNow());
    };
  }
  const channel: CommandChannel = createCommandChannel(channelOptions);

  // Until when a phone may pair (0: none may).
  let pairEnds = 0;

  hal.buttons.onPress = function (name: string, heldMs: number): void {
    const now = clock.now();
    // Both buttons together: the board's own gesture, which confirms the command a phone left waiting, else lets a
    // phone pair for a while, with a fresh passkey shown on the display. Any other press is the game's (or diagnostics').
    if (name === 'both') {
      if (ON_DEVICE || !channel.confirm!(now)) {
        const passkey = radio.pair(true);
        pairEnds = passkey ? now + PAIR_MS : 0;
        prompt = passkey ? 'P ' + passkey : '';
      }
    } else if (diag) {
      if (name === 'next') diag.walk(now);
    } else {
      if (settle) settle();
      // A long press of `mode` during play is undo; any other press plays the game's move of the button's name, if it has one.
      if (name === 'mode') flag(heldMs >= UNDO_HOLD_MS && undo());
      else if (mod.moves[name]) flag(play({ k: name, ms: heldMs } as unknown as M));
    }
    show();
  };

  display.setup(8);
  if (saved) {
    players = saved.config.players;
    names = saved.names;
    state = saved.state;
    stand = saved.stand;
    // `resume`: a move was under way when the power went, and is decided from what the sensors show now.
    sendLine(radio, { type: 'restored', moves: saved.moves, dropped: saved.dropped, resume: (saved.pending as number) < 0 ? undefined : saved.pending });
    // The power went during a write: end that record and say where the game stands.
    if (saved.cut) saveRecord(resyncRecord(saved.stand));
  } else {
    // A log that held no game it could take up: say the saved game was lost.
    let lost = 0;
    store.lines(LOG, function (): void {
      lost++;
    });
    if (lost) sendLine(radio, { type: 'restored', moves: 0, dropped: lost, lost: true });
    begin({ players: config.players, options: config.options }, config.names);
  }
  // What the sensors show at power-up was there before: the interpreter starts from it.
  if (playing.resume) playing.resume(clock.now(), scanning ? scanner!.level : null, saved ? saved.pending : -1);
  // Mode held at power-up: diagnostics, started as a phone starts them (no function kept for the boot alone).
  if (config.diag) handle({ name: 'diag', args: { on: true } } as unknown as Command);
  else announce();

  function tick(): void {
    const now = clock.now();
    const changed = scanning ? scanner!.poll(now) : 0;
    if (changed) {
      // More than half of the sensors changing in one scan is no game: inputs floating, a supply or a connector gone.
      if (!diag && changed > halfChannels) distrust(BANK);
      scanner!.drain(sink || mode);
    }
    mode.tick(now);
    if (now < slowAt) return;
    slowAt = now + SLOW_MS;
    channel.tick(now);
    // Pairing ends once a phone paired (the link takes one phone at a time) or its time is up; the radio is asked
    // here, no event handler kept.
    if (pairEnds && (now >= pairEnds || radio.paired())) {
      radio.pair(false);
      pairEnds = 0;
      prompt = '';
      show();
    }
    // Diagnostics is where a maker looks at a faulty board: the fault check rests meanwhile.
    if (!diag && now >= faultAt) {
      faultAt = now + 1000;
      // (Not inlined: the tick's text is read at every scan.)
      // The scanner's channels, and the sensors an interpreter reads itself (an analog bank), which it checks.
      const bad = (scanning ? /*@__NOINLINE__*/ checkFaults(scanner!, faultMemory!, sensedMoves, reportFault) : 0)
        | (ANALOG_BANKS && playing.faults ? playing.faults(reportFault) : 0);
      if (bad) distrust(bad);
      else if (sound >= 0 && ++sound >= SOUND_CHECKS) {
        // A move the sensors were still working out is theirs too: decided now, and not scored.
        if (settle) settle();
        sound = -1;
        sendLine(radio, { type: 'fault', fault: 'ok' });
      }
    }
    if (prompt || note) show();
  }

  /**
   * The sensors cannot be trusted now (`bad`: CHATTER, BANK): sensed moves are not scored from now until they
   * are sound again. A bank fault is told when the board stops scoring them, and shown for as long.
   */
  function distrust(bad: number): void {
    if (sound < 0 && bad & BANK) reportFault(undefined, BANK);
    sound = 0;
  }

  /** A sensor fault: told to the phone, and shown as Err and the channel for a few seconds (while the sensors are not trusted, until they are sound). */
  function reportFault(ch: number | undefined, fault: number): void {
    // A bank fault (ch undefined) names no channel, nor does a channel without a sensor: JSON leaves the fields out.
    const at = ch === undefined ? undefined : sensorAt(mod.board, ch);
    const sensor = at && at.name;
    const names = FAULT_NAMES.split(' ');
    for (let bit = 0; fault >> bit; bit++) {
      if (fault & (1 << bit)) sendLine(radio, { type: 'fault', fault: names[bit], ch: ch, sensor: sensor });
    }
    note = 'Err ' + (ch === undefined ? 'SEnS' : ch);
    // Shown by the slow tick that made this check (it set slowAt to its time + SLOW_MS).
    noteUntil = slowAt + (FAULT_SHOW_MS - SLOW_MS);
  }

  hal.ticker.every(config.pollMs, tick);
  // The closures above keep this scope for as long as the board runs: let go
  // of what only the boot needed (on the chip, some 25 JsVars).
  (hal as unknown) = (config as unknown) = saved = scanOptions = null;

  // Only the simulator and the tests look at the running firmware: a board keeps none of this.
  if (ON_DEVICE) return null as unknown as Firmware;
  return {
    tick: tick,
    scanner: scanner,
    view: function (): FirmwareView {
      return {
        now: clock.now(), state: state, scores: mod.scores(state), winner: mod.winner(state), turn: mod.turn(state),
        diag: diag && { report: reportFields(diag) }, busy: playing.busy ? playing.busy() : false,
      };
    },
  };
}
