// The firmware: one game's board brought to life on a HAL. It scans the
// sensors every tick, hands debounced events to the mode it is in (the game's
// interpreter, or diagnostics: firmware/sensing.ts, Mode), and tells the
// display, the phone and the advert of every change. Its parts do the rest:
// the game in play and its log (play.ts), the phone's commands, the buttons and
// pairing (command-path.ts), and the fault watch (watch.ts); what they share is
// firmware/status.ts. The display and the advert stay here: as a part of their
// own they cost each bundle some 30 bytes more. The same code runs on the chip
// (hal/espruino) and in the simulator (sim/hal).
import type { Hal, Rest } from '../hal/types';
import type { GameModule, GameOptions } from './game';
import type { Diagnostics, Interpreter, SensorEventKind } from './sensing';
import { Scanner } from './scan';
import type { ScanOptions } from './scan';
import { createDisplay } from './display';
import { BANK } from './faults';
import { createPlay } from './play';
import { encodeAdvert, FLAG_CONFIRM, FLAG_DIAG, ADVERT_MAX_BYTES } from './advert';
import { createSigner } from './signer';
import type { BoardSigner, Signer, SignerState } from './signer';
import { Part, loadModule } from './modules';
import { createWatch, SLOW_MS } from './watch';
import type { Watch } from './watch';
import { createCommandPath } from './command-path';
import type { StateNow, Status } from './status';
import { sendLine } from './protocol';
import { ANALOG_BANKS, DIGITAL_BANKS, ON_DEVICE } from './device';

/** Nothing moving for this long (ms), and the board rests: ticks every REST_TICK_MS, woken by the wake line. */
export const REST_AFTER_MS = 2000;
/** A resting board's tick: it sees a level change (a ring on a peg) this late at most; a transit wakes it at once. */
export const REST_TICK_MS = 500;

export interface RuntimeConfig {
  players: number;
  /** Player names, when the scenario or the phone gave them. */
  names?: string[];
  options: GameOptions;
  pollMs: number;
  /** One debounce algorithm for every channel, instead of each sensor kind's default. */
  debounce?: { algorithm: string; ms: number };
  /** Start in diagnostics mode (the `mode` button held at power-up): true or 1 (a board's, a number: it is kept). */
  diag: boolean | number;
  /** Display modules in the chain. */
  modules: number;
  /** Sees every sensor event before the game does (the simulator prints them). */
  observe?: Interpreter;
}

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
  /** Whether an undo is being read back from the log (its record written, the game not yet told: play.ts, takeBack). */
  undoing: boolean;
}

/** The running firmware, for the simulator and the tests: on a board its ticker drives it, and startFirmware returns null. */
export interface Firmware {
  /** One scan tick; the HAL's ticker calls it every pollMs. */
  tick(): void;
  /** None on a board without digital channels. */
  scanner: Scanner | null;
  view(): FirmwareView;
  /** The game in play as its JSON text, and whether a move is being worked out: what the simulator keeps at each step, in case the power goes. */
  standing(): { text: string; busy: boolean };
  /**
   * Whether ticks to come have work left: a phone's data to take or a command to carry out, an undo to read back, a
   * change to tell or a display to draw. The simulator's replay runs on until none is.
   */
  pending(): boolean;
}

/** A diagnostics report's fields, without its message type (what the simulator prints). */
function reportFields(diag: Diagnostics): (now: number) => object {
  return function (now: number): object {
    const fields: { type?: string } = diag.report(now);
    delete fields.type;
    return fields;
  };
}

/**
 * The scanner's options `o`, with what only the simulator sets: a forced debounce algorithm (a board uses each
 * sensor kind's own, and its bundle has no debounce key at all), and counts (a board's scanner always counts raw
 * changes). On a board it is `o` itself, made in the call: no variable of the runtime's (each kept for as long as
 * the board runs) holds the options.
 */
function simulated(o: ScanOptions, config: RuntimeConfig): ScanOptions {
  if (!ON_DEVICE) {
    o.debounce = config.debounce;
    o.counts = true;
  }
  return o;
}

/** The sink of sensor events when the simulator observes them (`observe`): the observer first, then the watch. */
function observing(observe: Interpreter | undefined, watch: Watch): Pick<Interpreter, 'sense'> | null {
  return observe ? {
    sense: function (kind: SensorEventKind, ch: number, level: number, t: number): void {
      observe.sense(kind, ch, level, t);
      watch.sense(kind, ch, level, t);
    },
  } : null;
}

export function startFirmware<S, M>(hal: Hal, mod: GameModule<S, M>, config: RuntimeConfig): Firmware {
  const clock = hal.clock;
  // Called, not constructed (no prototype made); not inlined either, so its tick keeps a scope of its own (fast lookups).
  // A board without digital channels has none (shuffleboard's: its interpreter reads its analog bank, and checks
  // it), nor its code (firmware/device.ts). A constant on a board, so the minifier keeps only the branches it takes.
  const scanning = DIGITAL_BANKS && (!ANALOG_BANKS || mod.board.channels > 0);
  const scanner = scanning ? /*@__NOINLINE__*/ Scanner(simulated({ banks: hal.banks, board: mod.board, settle: mod.settle }, config)) : null;
  // More than this many sensors changing in one scan is a bank fault. Read once: a board may make its whole
  // description each time it is asked (Ring-a-Peg's does), and the scan tick allocates nothing.
  const halfChannels = mod.board.channels >> 1;
  let slowAt = 0;
  // When the board last saw something move, or had work under way: it rests REST_AFTER_MS later.
  let movedAt = clock.now();
  // The scanner's tick while nothing is pending (it swaps in another while a deadline waits).
  const idlePoll = scanning ? scanner!.poll : null;
  // How the board rests (the ticker's, once it ticks).
  let rest: Rest;
  // The advert's sequence number, +1 per advert (byte 6 keeps its low byte); each advert is made afresh, not kept.
  let advertSeq = 0;
  const store = hal.store;
  const signing = ON_DEVICE ? undefined : hal.signing;
  /**
   * The signer of the advert (firmware/signer.ts) over `kept`, its state; at power-up (none kept) over what the flash
   * holds. On a board it is a module of its own, made afresh at each call and let go after; false on a board flashed
   * without it, and on a HAL without signing (the simulator's, unless a test gives one), which never signs.
   */
  function signer(kept?: SignerState): Signer | false {
    const make: BoardSigner | false | undefined = ON_DEVICE ? loadModule<BoardSigner>(Part.sign) : signing && function (s, k) {
      return createSigner(s, signing, k);
    };
    return !!make && make(store, kept);
  }
  // What the board keeps of its signer between adverts: it signs them once a phone paired (then it has a key).
  // (Read off at once: a variable holding the signer would be kept for as long as the board runs.)
  const signed = (signer() || ({} as Partial<Signer>)).signerState;
  // What the parts share, with the parts (firmware/status.ts): the parts and the runtime read them there, not from
  // variables of their own. The game in play is the mode until diagnostics start; the sensors are trusted until a
  // fault check finds otherwise. (No diagnostics yet: undefined, not a null that would take a JsVar of its own.)
  const status = {
    prompt: '', note: '', noteUntil: 0, sound: -1, sensedMoves: 0, dropping: 0,
    radio: hal.radio, clock: clock, mod: mod, screen: createDisplay(hal.display, config.modules), scanner: scanner,
  } as unknown as Status<S, M>;

  /**
   * Tells the phone and the advert of the change an announce left (the mode's message, the game's end once, and the
   * state's summary), and leaves the display to draw at a later tick (tick).
   */
  function tell(): void {
    if (scanning) status.tellAt = undefined;
    const game = status.inPlay;
    const playing = status.active === status.playing;
    // (In play the report is the state message: made once, not again for the advert. A mode's own report is sent
    // and let go before the state is made for the advert: the two together were the peak of diagnostics.)
    if (!playing) sendLine(status.radio, status.active.report(clock.now()));
    const current = game.stateNow();
    if (playing) sendLine(status.radio, current);
    // The game's end, told once when it becomes over (game.endTold follows whether it is); diagnostics tells none.
    const over = current.winner !== null ? 1 : 0;
    if (!status.diagnostics && over !== game.endTold) {
      game.endTold = over;
      if (over) sendLine(status.radio, { type: 'over', winner: current.winner, scores: current.scores });
    }
    status.redraw = clock.now();
    advertise(current);
  }
  // A change to tell: told at a later tick (tick), or by a draw before it (show). A board that scans no digital
  // channels (shuffleboard's) tells at once: its firmware has no byte of its Storage left for it, and its ticks'
  // longest hold is its grid's fault check (docs/budgets.md).
  status.announce = scanning ? function (): void {
    status.tellAt = clock.now();
  } : tell;

  /**
   * Shows the mode's text, under a prompt or a fault note; the note goes once its time is up and the sensors are
   * trusted. What an announce left to tell is told first (the draw shows it), and what was left to draw is drawn so.
   */
  status.show = function (): void {
    if (scanning && (status.tellAt as number) >= 0) tell();
    status.redraw = undefined;
    if (clock.now() >= status.noteUntil && status.sound < 0) status.note = '';
    status.screen.show(status.prompt || status.note || status.active.show(status.inPlay.current));
  };

  /**
   * Puts the state's summary in the advert, with its flags and the next sequence number; the game field the advert
   * shows as its round is in the message already.
   */
  function advertise(current: StateNow): void {
    const out = new Uint8Array(ADVERT_MAX_BYTES);
    const advert = encodeAdvert(current, mod.code, (status.diagnostics ? FLAG_DIAG : 0) | (!ON_DEVICE && status.held ? FLAG_CONFIRM : 0),
      ++advertSeq, current[mod.round as string] as number, out);
    status.radio.advertise(signed && signed.signKey ? (signer(signed) as Signer).sign(out, advert) : advert);
  }

  // Not inlined, as the scanner: the closures of a part made inside startFirmware would each hold a copied array of
  // two scopes, not one (about 3 JsVars each: some 20 JsVars for these two).
  status.inPlay = /*@__NOINLINE__*/ createPlay(status, store, hal.analog, config);
  // The game in play is status.active until diagnostics start (which the command path does, once made), and
  // status.playing always. The simulator's view keeps it.
  const watch = /*@__NOINLINE__*/ createWatch(status);
  const playing = ON_DEVICE ? undefined : status.active;

  // Sensor events go to the watch, which hands them on unless their sensor is out of service (watch.ts); the
  // simulator's observer sees every event first (a board has none: it drains into the watch itself).
  const observed = ON_DEVICE ? null : observing(config.observe, watch);

  status.screen.setup(8);
  // What the sensors show at power-up was there before: the interpreter starts from it.
  if (status.active.resume) status.active.resume(clock.now(), scanning ? scanner!.level : null, status.inPlay.pending!);
  delete status.inPlay.pending;
  // Then the phone and the buttons are heard; the board tells what it shows (the game, or diagnostics).
  // Not inlined either: made inside, its closures would keep this scope and its own, and its arguments twice.
  const commandsSlow = /*@__NOINLINE__*/ createCommandPath(status, hal.buttons, config.diag, advertise, signer, signed);
  // The boot's display drawn now (the board shows its game as it comes up), not at the first tick as an announce's is.
  status.show();

  function tick(): void {
    const now = clock.now();
    const changed = scanning ? scanner!.poll(now) : 0;
    if (changed) {
      movedAt = now;
      // More than half of the sensors changing in one scan is no game: inputs floating, a supply or a connector gone.
      if (!status.diagnostics && changed > halfChannels) watch.distrust(BANK);
      scanner!.drain(observed || watch);
    }
    // (A board of analog banks alone: its interpreter tells when what its sensors see changed, and it wakes. On a board
    // that scans its sensors, diagnostics tell when their tick worked out the walk test's state: that is all the tick
    // does, and what else is due, a tell, a step, a draw or the slow work, waits for the next; the walk test's state and
    // a report at one tick held it over 20 ms.)
    if (status.active.tick(now)) {
      if (scanning) return;
      movedAt = now;
      rest(0);
    }
    // A phone's lines sent together are taken a line a tick, and on a board that scans its sensors each command is
    // carried out at the tick after its line (commands.ts, lineStep); then an undo reads the game back a step a tick
    // (persist.ts, readBack): the board awake meanwhile. A tick that does a line's step, or on a board that scans its
    // sensors an undo's, leaves its slow work (a fault check and a draw among it) to a tick that does none: the two in
    // one call held the interpreter as long as both (an undo's step with them some 330 bare reads on Ring-a-Peg).
    // What an earlier tick's move left to tell is told first, at a tick of its own: a step waits for the next one (in a
    // burst, a step a tick, the tell found no tick, and the next command told it, and drew, in its own: hostile round
    // 38). A tick that tells does no slow work either.
    const told = scanning && (status.tellAt as number) < now;
    if (told) tell();
    const lines = status.lineStep;
    const step = !told && (lines || status.undoStep);
    if (step) {
      step();
      movedAt = now;
      rest(0);
      // An undo a phone's line began reads the game back from the next tick: the command channel and its modules go
      // now, not up to a slow period later, as the read-back peaks. They go with the rest of the command path's slow
      // work (a `new` that waits tried again, the end of pairing), in this tick: a release of its own costs bytes that
      // shuffleboard's Storage has not.
      if (lines && status.undoStep) commandsSlow(now);
    }
    // The display a telling left to draw, at a later tick that tells nothing and carries out no line nor undo's step;
    // at a slow tick, with its slow work, the one draw.
    const draw = (status.redraw as number) < now && !step;
    if ((scanning ? step || told : lines) || now < slowAt) {
      if (draw) status.show();
      return;
    }
    slowAt = now + SLOW_MS;
    commandsSlow(now);
    watch.slow(now, now - movedAt >= REST_AFTER_MS);
    if (status.prompt || status.note || draw) status.show();
    // Rest (slow ticks, woken by the wake line) once nothing has moved for a while: nothing pending in the scanner or
    // the game, nothing on the display over the game, the sensors trusted, no diagnostics, nothing to tell. A board of
    // analog banks alone rests too: what begins a move there (shuffleboard's launch row) is on the wake line.
    if ((scanning && scanner!.poll !== idlePoll) || (status.active.busy && status.active.busy()) || status.prompt || status.note
      || status.sound >= 0 || status.diagnostics || (status.tellAt as number) >= 0) {
      movedAt = now;
      rest(0);
    } else if (now - movedAt >= REST_AFTER_MS) rest(REST_TICK_MS);
  }

  rest = hal.ticker.every(config.pollMs, tick);
  // The phone's lines are carried out at the scan ticks that follow them, the board's rest ended for them (commands.ts).
  if (scanning) status.rest = rest;
  // The closures above keep this scope for as long as the board runs: let go
  // of what only the boot needed (on the chip, some 25 JsVars).
  (hal as unknown) = (config as unknown) = undefined;

  // Only the simulator and the tests look at the running firmware: a board keeps none of this.
  if (ON_DEVICE) return null as unknown as Firmware;
  const busy = function (): boolean {
    return playing!.busy ? playing!.busy() : false;
  };
  return {
    tick: tick,
    scanner: scanner,
    view: function (): FirmwareView {
      const state = status.inPlay.current;
      const diag = status.diagnostics;
      return {
        now: clock.now(), state: state, scores: mod.scores(state), winner: mod.winner(state), turn: mod.turn(state),
        diag: diag ? { report: reportFields(diag) } : null, busy: busy(),
        undoing: !!status.undoStep,
      };
    },
    standing: function (): { text: string; busy: boolean } {
      return { text: (status.inPlay.currentText as () => string)(), busy: busy() };
    },
    pending: function (): boolean {
      return !!status.lineStep || !!status.undoStep || status.tellAt !== undefined || status.redraw !== undefined;
    },
  };
}
