// Saved games: an append-only log in flash. The first record is the game's
// setup, each later one a move the rules accepted; replaying them through the
// pure rules gives back the state exactly. A record is its JSON, '*', two hex
// digits of a checksum and a newline, so one cut short by a power cut (or
// garbled) is told from a whole one and ignored with everything after it.
// A record cut short stays cut short: the board ends it with '~' before the
// newline, which no whole record's end can hold (its last two bytes before
// the newline are hex digits), so nothing written later ever completes it.
import type { Store } from '../hal/types';
import { ON_DEVICE } from './device';
import { playMove } from './game';
import { sendLine } from './protocol';
import type { CoreRefusal, Status } from './status';
import type { GameConfig, GameModule } from './game';

/** The log of the game in play. */
export const LOG = 'tally.log';
/**
 * A new game's setup record while the log is begun afresh (a small file: Store.append, `small`): kept whole there
 * first, it is the game at power-up until the log holds it, so a cut anywhere in a `new` leaves the game in play or
 * the new one. (A const enum: written as a literal where used, so the chip keeps no variable for it.)
 */
export const enum NewGame {
  FILE = 'tally.new',
}

/**
 * The module name (what a phone hears when the board was flashed without it; firmware/modules.ts) of a board's readBack (below): only a power-up and an undo read the log back,
 * so a board keeps it out of its bundle, in a module of its own that it loads for those and lets go after
 * (firmware/modules.ts).
 */
export const RESTORE_MODULE = 'tallyboard-restore';

/** Espruino's (a board's only: the check below is compiled in on a board alone). */
declare const E: { convolve(a: string, b: string, offset: number): number };

/** A record's text: its JSON, '*', two hex digits of the JSON's checksum, and a newline. */
function sealed(json: string): string {
  let sum = 0;
  // (sum * 31 + byte, mod 256, over the text. 31's powers repeat every 8 mod 256, so it is each byte times 31 to the
  // power of its distance from the end, summed: on a board natively, E.convolve with 31 to the powers 0, 7, 6 ... 1 mod
  // 256 as a string, where a loop's turn a byte took some 65 bare reads a stroke's record. Either way at every record
  // written and read back.)
  if (ON_DEVICE) sum = E.convolve(json, '\x01\xdf\x41\x9f\x81\x5f\xc1\x1f', 1 - json.length) & 0xff;
  else for (let i = 0; i < json.length; i++) sum = (sum * 31 + json.charCodeAt(i)) & 0xff;
  // Its digits from a string, not sum.toString(16): a number's method would make the chip keep Number's
  // prototype for good (8 JsVars).
  const hex = '0123456789abcdef';
  return json + '*' + hex[sum >> 4] + hex[sum & 15] + '\n';
}

/** One log record. */
export function record(value: object): string {
  // (Not inlined: the restore module calls the bundle's, tools/es5.ts SHARED_FUNCTIONS.)
  return /*@__NOINLINE__*/ sealed(JSON.stringify(value));
}

export interface Restored<S> {
  config: GameConfig;
  names?: string[];
  state: S;
  /** Moves replayed. */
  moves: number;
  /** Move records that stand (what an undo can take back; what a resync counts). */
  stand: number;
  /** Records ignored: the last one cut short by a power cut, or a garbled stretch of the log. */
  dropped: number;
  /** The line of the last move that stands (0: none), which a resync names (resyncRecord). */
  lastMove: number;
  /**
   * The log ends untrusted (a record cut short, a resync cut short after its '~' line, a garbled record): the next
   * record must be a resync (resyncRecord), on a new line, so that the moves played from then on count.
   */
  cut: boolean;
  /**
   * The move under way when the power went (its begin records with nothing after them: the game's own number, or,
   * with strings that extend it, its decimal digits followed by them, one string), or -1; with nothing under way
   * in a game where an undo was made, -2: the table may lie otherwise than the game has it because the referee
   * took a move back, and what the board finds there at power-up is no play.
   */
  pending: number | string;
  /** The move the last undo record took back (for the undo's reply), if the log ends in one. */
  taken?: object;
}

/**
 * The record written after a record cut short (or any the board cannot trust), once the board is back: the
 * count of move records that stand, and the line of the last of them (0: none). Restore trusts the records after it
 * again when both are those of the moves standing until then: the count alone matched an older resync by chance after
 * a garbled undo record (hostile round 43); with the last line too, the moves are the same ones (a resync of a log
 * written before, with its count alone, is still taken by its count). It ends the cut
 * record with '~' and a newline, never a bare newline: a record cut just
 * before its own newline would be whole again. (After a whole line, the '~' is a line
 * of its own, which restore passes over. A resync cut short after its '~' line leaves the log untrusted still: the next
 * power-up writes another.)
 */
export function resyncRecord(moves: number, last: number): string {
  return '~\n' + record({ sync: moves, at: last });
}

interface Record_ {
  g?: string;
  p?: number;
  o?: GameConfig['options'];
  n?: string[];
  /** 1: a phone's new, begun from the table as it lies (no play until the next move). */
  q?: number;
  sync?: number;
  /** In a resync: the line of the last move standing (0: none). */
  at?: number;
  u?: number;
  /** In an undo record: the game's move that notes the table as it lies then (the interpreter's `lies`). */
  k?: string;
  /**
   * A begin record: a sensed move began (a chip left its start spot), the
   * game's own number for it, or -1 once it came to nothing; or a string that
   * extends the begin record before it (a move that goes on: what it adds).
   * Not a move: the last ones, with no record after them, are restored as
   * `pending`, a number followed by the strings after it. In a move record
   * (it has `k`): the moves begun while it was being decided, under way after it.
   */
  b?: number | string;
}

/**
 * The record that takes back the last move that stands (undo, as often as there are moves), with the game's move
 * that notes the table as it lies then, if it has one: restore plays the last such note in its place, never as a
 * move that stands.
 */
export function undoRecord(lies?: object): string {
  return record(Object.assign(lies || {}, { u: 1 }));
}

/**
 * Reads back the game the log holds, a move or a few records at each call (an undo calls it once a scan tick, so the board
 * goes on scanning and serving the phone meanwhile): undefined while it reads, then the game, or null when the log
 * holds none that `game` can play (no log, another game, a garbled setup). Two passes over the log: the first finds
 * the moves that stand (undo records take back the last one), the second replays them, so no list of moves is ever
 * held in RAM, only their line numbers. A record appended meanwhile (a move begun) is read in its turn.
 */
export function restorer<S, M>(store: Store, game: GameModule<S, M>): () => Restored<S> | null | undefined {
  // The setup record (false or undefined: none). Assigned in a step, so declared without a value.
  let setup: Record_ | false | undefined;
  let trusted = true;
  let dropped = 0;
  let pending: number | string = -1;
  let undone = false;
  // The line of the last undo record that notes the table.
  let lies = 0;
  // Line numbers (from 1) of the moves that stand, and of the one the last undo record took back.
  const standing: number[] = [];
  let taken = 0;
  let n = 0;
  let next = store.reader(LOG);
  let line: string | undefined;
  // The second pass's: the state as replayed, the moves replayed, the next of `standing`, the move taken back.
  let state: S;
  let config: GameConfig;
  let moves = 0;
  let stood = 0;
  let move: object | undefined;
  const step = function (): Restored<S> | null | undefined {
    if (!config) {
      while ((line = next()) !== undefined) {
        // The line's record, or null when it is cut short or garbled: a whole record is its JSON sealed
        // again (a line without its newline was cut short by a power cut). The JSON text is checked, not
        // the values read back: the chip prints some floats differently.
        const json = line.slice(0, -4);
        let value: Record_ | undefined;
        try {
          if (sealed(json) === line) value = JSON.parse(json);
        } catch (e) {
          // Not JSON: garbled.
        }
        // The setup record: without it there is no game to restore, and nothing after it counts.
        if (!n++) setup = value && value.g === game.id && value;
        else if (setup) {
          // After a garbled record nothing can be trusted to follow from what came before,
          // unless a resync says the board went on from exactly the moves standing so far.
          if (value && value.sync !== undefined) {
            // (A resync without `at`, as boards wrote it before: NaN, its count alone.)
            if (value.sync === standing.length && !((value.at as number) - (standing[standing.length - 1] | 0))) trusted = true;
            // (A resync's '~' alone on its line ended a record that was whole already: no record, nothing dropped.)
          } else if (line !== '~\n') {
            if (!value) trusted = false;
            if (!trusted) {
              dropped++;
              // A whole record after the garbled one: the board went on, past the move that was under way. A record
              // cut short (and the resync after it) leaves that move under way: the cut may have struck its decision.
              if (value) pending = -1;
            } else if ((value as Record_).b !== undefined && !(value as Record_).k) {
              const b = (value as Record_).b as number | string;
              // A string extends the begin record before it, if there is one (a number is kept as its decimal digits).
              pending = typeof b === 'string' && pending !== -1 ? pending + b : b;
            } else {
              // A move that carries `b`: the moves begun while it was decided, under way after it (in the one record, so
              // that no cut falls between the move and them).
              pending = (value as Record_).b !== undefined ? (value as Record_).b as number : -1;
              if (!(value as Record_).u) standing.push(n);
              else {
                taken = standing.pop() as number;
                undone = true;
                if ((value as Record_).k) lies = n;
              }
            }
          }
        }
        // Four records a call: the first pass's work on one (its text checked and parsed) is short beside a move played.
        // (A loop, not a call made again for each: each call held its record's text and value as the next was read.)
        if (!(n & 3)) return;
      }
      if (!setup) return null;
      config = { players: setup.p as number, options: setup.o || {} };
      try {
        state = game.setup(config);
      } catch (e) {
        return null;
      }
      n = 0;
      next = store.reader(LOG);
    }
    // The second pass: a line the first found whole (the log is the same) parses. Lines with nothing to replay are
    // passed over in the same call.
    while ((line = next()) !== undefined) {
      if (++n !== standing[stood] && n !== lies && n !== taken) continue;
      const value = JSON.parse(line.slice(0, -4));
      // (Its text let go before the move is played: a move of many happenings held some 8 JsVars more so.)
      line = undefined;
      // (The move the last undo took back: neither a move that stands nor the note of an undo.)
      if (n === taken) move = value;
      else {
        const outcome = playMove(game, state, value as M);
        // (A move refused leaves the state as it was.)
        state = outcome.state;
        if (n !== lies) {
          stood++;
          if (outcome.refused) dropped++;
          else moves++;
        }
        return;
      }
    }
    return { config: config, names: (setup as Record_).n, state: state, moves: moves, stand: standing.length, dropped: dropped, lastMove: standing[standing.length - 1] | 0, cut: !trusted, pending: pending === -1 && (undone || (setup as Record_).q) ? -2 : pending, taken: move };
  };
  return step;
}

/** The game the log holds, read back whole in one call (restorer, above, to its end). */
export function restore<S, M>(store: Store, game: GameModule<S, M>): Restored<S> | null {
  const step = restorer(store, game);
  let saved: Restored<S> | null | undefined;
  while ((saved = step()) === undefined);
  return saved;
}

/** The setup record of a game (JSON leaves out names when there are none); `q` 1: a phone's new, begun from the table as it lies. */
export function setupRecord(id: string, config: GameConfig, names?: string[], q?: number): string {
  return record({ g: id, p: config.players, o: config.options, n: names, q: q });
}

/**
 * The game the log holds, as restorer() reads it back, for the game in play (`status.inPlay`) of `status.mod`. A
 * board's restore module (RESTORE_MODULE): this rare work is there, not in the bundle.
 * - At power-up (no `undo`): read whole (nothing else runs before the board is up) and returned, or null. The phone
 *   is told what was restored (`resume`: a move was under way when the power went), or, when the log held no game
 *   it could take up, that the saved game was lost (nothing is said for no log at all).
 * - For an undo (its record written): read a record or a few at each call of `status.undoStep`, which this sets
 *   (the runtime calls it every scan tick, so the board scans and serves the phone meanwhile), the display showing
 *   `undo`. Once read, the game read back is the game in play, and the phone is told each player's change of score
 *   and the move taken back (`undone`), then the game's state.
 */
export function readBack<S, M>(store: Store, status: Status<S, M>, undo?: number): Restored<S> | null | undefined {
  const game = status.mod;
  const radio = status.radio;
  const inPlay = status.inPlay;
  let step: () => Restored<S> | null | undefined;
  let saved: Restored<S> | null | undefined;
  if (!undo) {
    // A new game the power went in the middle of beginning (play.ts, begin): once its setup is whole beside the log,
    // it is the game, and its log is begun again (a cut meanwhile does the same at the next power-up); else the log
    // is the game in play's, untouched.
    const next = store.reader(NewGame.FILE)();
    if (next !== undefined) {
      if (sealed(next.slice(0, -4)) === next) {
        store.erase(LOG);
        store.append(LOG, next);
      }
      store.erase(NewGame.FILE);
    }
    // (restore(), above, written out: its call cost the module some 30 bytes more.)
    step = restorer(store, game);
    while ((saved = step()) === undefined);
    let lost = 0;
    if (!saved) {
      const line = store.reader(LOG);
      while (line() !== undefined) lost++;
    }
    if (saved || lost) {
      sendLine(radio, saved ? { type: 'restored', moves: saved.moves, dropped: saved.dropped, resume: (saved.pending as number) < 0 ? undefined : saved.pending }
        : { type: 'restored', moves: 0, dropped: lost, lost: true });
    }
    return saved;
  }
  step = restorer(store, game);
  // The scores the phone has: told how each changes.
  const before = game.scores(inPlay.current);
  // The display says so meanwhile (the state is the game as it was until then), from the runtime's next slow tick
  // (written now, the display held the command's call some 150 bare reads longer); unless it shows a fault's note
  // (Err), which stays, as it does while the sensors are not trusted.
  status.note = status.note || 'undo';
  status.noteUntil = Infinity;
  status.undoStep = function (): void {
    let back: Restored<S> | null | undefined;
    // (A record that throws as it is played ends the undo as a log unreadable: never a board stuck reading it.)
    try {
      back = step();
    } catch (e) {
      back = null;
    }
    if (back === undefined) return;
    delete status.undoStep;
    // (The reader let go before the game read back is told: what it keeps, the moves' record numbers and the log's
    // reader among them, is some 100 JsVars more while the phone is told and the advert signed.)
    step = undefined as never;
    status.noteUntil = 0;
    if (back) {
      const after = game.scores(back.state);
      for (let p = 0; p < after.length; p++) {
        const points = after[p] - before[p];
        if (points) sendLine(radio, { type: 'score', player: p, points: points, rule: 'undo' });
      }
      // And the move taken back, as saved: one record may be more than one play (shuffleboard's throws decided together).
      sendLine(radio, { type: 'undone', move: back.taken });
      inPlay.current = back.state;
      inPlay.stand = back.stand;
    } else sendLine(radio, { type: 'flag', message: 'log' satisfies CoreRefusal });
    // (An undo that brings the game's end back tells it again: announce tells it whenever the game becomes over.
    // What was read back is let go first, the move taken back among it: the game's state is the game in play's.)
    back = undefined;
    status.announce();
  };
}

