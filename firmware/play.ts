// The game in play and its log: the game's interpreter, which turns what the
// sensors see into moves, the state the rules keep, the moves that stand (what
// undo can take back), and the log in flash that a power cut leaves behind.
// Every change is saved before it is told; `announce` (the runtime's, on the
// status the parts share: firmware/status.ts) tells the phone, the display and
// the advert of it.
import type { AnalogBank, Store } from '../hal/types';
import { playMove } from './game';
import type { GameConfig, GameOptions } from './game';
import { flag, sendLine } from './protocol';
import type { Mode } from './sensing';
import type { CoreRefusal, Play, StateNow, Status } from './status';
import { LOG, NewGame, RESTORE_MODULE, undoRecord, record, readBack, resyncRecord, setupRecord } from './persist';
import { Part, loadModule } from './modules';
import { ANALOG_BANKS, DIGITAL_BANKS, ON_DEVICE } from './device';

/**
 * The game in play of `status.mod`, taken up at power-up from `store`, and made the active mode (`status.active`,
 * and `status.playing`): its interpreter, which hears the sensors (and reads the `analog` banks, where the board has
 * some), with the game's layout on the display and the state for the phone (properties set on it: a mode object of
 * its own would cost the chip more; and the play keeps no property for it). Taken up: the game saved before the
 * power went where it was, else a new one of `taken.players` players (`taken.names`) with `taken.options`. The
 * runtime puts it on the status (`status.inPlay`) once it returns.
 */
export function createPlay<S, M>(status: Status<S, M>, store: Store, analog: AnalogBank[] | undefined,
  taken: { players: number; options: GameOptions; names?: string[] }): Play<S, M> {
  // The game's count of players (for the state message: the game keeps its options in its state).
  let players: number;
  let names: string[] | undefined;
  /**
   * The move under way as the log has it (its begin records with no move record after them; -1: none). A referee's
   * move written meanwhile carries it (`b`): a move record without it ends the move under way, and a cut after it
   * would forget a throw still sliding. (Only a board of analog banks, shuffleboard's, acts on a referee's move with a
   * move still under way, kept throws: every other game's settle decides it first; the others' bundles leave this out.)
   */
  let underWay: number | string = -1;

  /**
   * Writes to the game's log and says whether it did; a full flash does not stop the game, it is flagged.
   * (Not `save`: that is an Espruino global, a name the minifier must leave whole.)
   */
  function saveRecord(text: string): boolean {
    try {
      store.append(LOG, text);
      return true;
    } catch (e) {
      flag(status.radio, String((e as Error).message || e), 'not_saved');
      return false;
    }
  }

  function stateNow(): StateNow {
    // The contract's fields first, then the game's state beside them (side, end, Board...), then the players'.
    const state = game.current;
    const mod = status.mod;
    return Object.assign({ type: 'state', game: mod.id, scores: mod.scores(state), turn: mod.turn(state) }, mod.fields(state),
      { names: names, players: players, winner: mod.winner(state) }) as unknown as StateNow;
  }

  function play(move: M, sensed?: number): string | undefined {
    // A move while an undo reads the game back is the sensors' (the command path refuses the others meanwhile): the
    // rest of the game is read back at once, in this call, and the move played on it, saved and told in its turn.
    // Rare, and longer than a tick should be; kept aside instead, it was lost to a power cut before its record.
    while (status.undoStep) status.undoStep();
    let before: S | undefined = game.current;
    const outcome = playMove(status.mod, before, move);
    // Refused, or nothing to do: neither saved nor told.
    if (outcome.state === before) return outcome.refused;
    // (Each copy of the state let go once done with: the tellers below read the state in play afresh.)
    before = undefined;
    const saved = move as unknown as { b?: number | string };
    // A sensed move decides the move under way (its `b`: those begun meanwhile); a referee's leaves it under way.
    if (ANALOG_BANKS) {
      if (sensed) underWay = saved.b === undefined ? -1 : saved.b;
      else if (underWay !== -1) saved.b = underWay;
    }
    saveRecord(record(saved));
    game.stand++;
    game.current = outcome.state;
    outcome.state = undefined as never;
    for (let i = 0; i < outcome.changes.length; i++) sendLine(status.radio, Object.assign({ type: 'score' }, outcome.changes[i]));
    status.announce();
    flag(status.radio, outcome.note);
  }

  // A move the sensors made (the interpreter's emit): not scored while they are not trusted, unless they showed it
  // before (`seen`: a fortress board's found, played at the tick after; none on a board of analog banks alone, whose
  // Storage has no byte for it); counted for the fault check.
  const playing = status.mod.interpreter(function (move: M, seen?: number): void {
    if (!(DIGITAL_BANKS && seen) && (status.sound >= 0 || status.dropping)) return;
    status.sensedMoves++;
    flag(status.radio, play(move, 1));
  }, function (value: number | string): void {
    // (A string extends the begin before it, as restore reads them; -1: the move came to nothing.)
    if (ANALOG_BANKS) underWay = typeof value === 'string' && underWay !== -1 ? underWay + value : value;
    saveRecord(record({ b: value }));
  }, analog) as Mode<S>;
  playing.show = status.mod.layout;
  playing.report = stateNow;
  status.active = status.playing = playing;

  function begin(next: GameConfig, named: string[] | undefined, asLies?: number): void {
    game.current = status.mod.setup(next);
    players = next.players;
    names = named;
    game.endTold = 0;
    game.stand = 0;
    if (ANALOG_BANKS) underWay = -1;
    // As one step (docs/saving.md): the setup first whole beside the log, then the log begun afresh with it, then let
    // go; a cut in the middle leaves the game in play (the setup cut short) or this one (persist.ts, readBack).
    const setup = setupRecord(status.mod.id, next, named, asLies);
    try {
      store.append(NewGame.FILE, setup, 1);
    } catch (e) {
      // A full flash: the log's own write below is flagged.
    }
    store.erase(LOG);
    saveRecord(setup);
    store.erase(NewGame.FILE);
  }

  const game: Play<S, M> = {
    current: undefined as unknown as S,
    stateNow: stateNow,
    begin: begin,
    play: play,
    takeBack: function (): CoreRefusal | null {
      if (!game.stand) return 'undo';
      // (The game's code, which the phone's decoder has with the core's.)
      const kept = playing.keeps && playing.keeps(game.current);
      if (kept) return kept as CoreRefusal;
      // The game is read back from the log (on a board, by its restore module: one flashed without it can take
      // nothing back, and writes no undo record it could not replay).
      const restored = ON_DEVICE ? loadModule<typeof readBack>(Part.restore) : readBack;
      if (!restored) return 'log';
      // Inlined (its variable declared first, tools/es5.ts declareBeforeUse): no function kept for good for it.
      if (!saveRecord(undoRecord(playing.lies && playing.lies()))) return 'saved';
      // Read back over the scan ticks (status.undoStep, which the restore module sets), the game in play as it was
      // until then; the module makes the game read back the game in play, and tells the phone.
      restored(store, status, 1);
      return null;
    },
    endTold: 0,
    stand: 0,
    pending: -1,
  };
  // Shuffleboard's state is kept as its JSON text: each read of `current` parses it afresh, and the reader lets the
  // copy go when done. As the object it held some 65 JsVars for as long as the board ran, its text 23 and the
  // accessor's functions 12. (A state holds numbers, strings, null, and lists and objects of them: JSON gives it back
  // as it was. The other games' states take about as many JsVars as the accessor would.)
  if (ANALOG_BANKS) {
    let kept = '';
    Object.defineProperties(game, {
      current: {
        get: function (): S {
          return JSON.parse(kept);
        },
        set: function (state: S): void {
          kept = JSON.stringify(state);
        },
      },
    });
    if (!ON_DEVICE) game.currentText = function (): string {
      return kept;
    };
  }

  // Taken up in a function of its own, called once: what only the boot needs lives in its scope, let go when it
  // returns; each variable of this one the closures below keep costs a JsVar for as long as the board runs.
  game.pending = /*@__NOINLINE__*/ (function (): number | string {
    // On a board, read back by its restore module; one flashed without it says so, and finds no game to take up.
    const restored = ON_DEVICE ? loadModule<typeof readBack>(Part.restore) : readBack;
    if (!restored) flag(status.radio, RESTORE_MODULE, 'failed');
    // The phone is told what was restored, or that the saved game was lost (persist.ts, readBack).
    const saved = restored && restored(store, status);
    if (!saved) {
      // (The game's setup and its record read the players and the options alone.)
      begin(taken, taken.names);
      return -1;
    }
    players = saved.config.players;
    names = saved.names;
    game.current = saved.state;
    game.stand = saved.stand;
    // The power went during a write: end that record and say where the game stands. A move under way when the
    // power went (`pending`) is decided from what the sensors show now.
    if (saved.cut) saveRecord(resyncRecord(saved.stand, saved.lastMove));
    // (-2, nothing under way after an undo or a `new`: none.)
    if (ANALOG_BANKS) underWay = (saved.pending as number) < 0 ? -1 : saved.pending;
    return saved.pending;
  })();
  (taken as unknown) = undefined;

  return game;
}
