// Phone commands: the command table, its validator, and the command channel
// that takes UART data to validated, allowed commands. Nothing reaches the
// handler unless it is whole, valid and allowed; every refusal is an `error`
// reply with a stable code.
//
// Memory on the chip shapes this file: a table is a string, searched while a
// line is checked and not kept, and the channel is one closure. On a board the
// check and the channel are modules of their own (CHECK_MODULE,
// CHANNEL_MODULE), out of its bundle.

import type { Clock, Radio, Rest } from '../hal/types';
import { decide, unpairedChange, ALLOW, REFUSE, type Access } from './access';
import { jsonDepth, refusal, sendLine, type Refusal } from './protocol';
import { DIGITAL_BANKS, ON_DEVICE } from './device';

// The limits of docs/protocol.md: the longest line, and how long a started line may take.
const MAX_LINE = 256;
const PARTIAL_MS = 2000;
// The flood limit: one command per COMMAND_MS, after a burst of 10 (BURST_MS / COMMAND_MS).
const COMMAND_MS = 200;
const BURST_MS = 2000;

/**
 * A command table: commands separated by `;`, each a name and its arguments
 * separated by `,`. A name starting with `?` only reads when it is given no
 * argument (then it needs neither a paired link nor the board's confirmation):
 * `?state` always, `?diag` when it only asks for the report. An argument is
 * `key:rule`, with `!` before the key when it is required. Rules:
 *
 *     int a..b     a whole number in [a, b]      bool       true or false
 *     str x|y|z    one of these strings          obj        an object (the game checks its keys and values)
 *     str n        a text of 1..n characters
 *     players a..b a count in [a, b], or that many names of 1..16 characters
 *
 * These are the rules the tables use; a new one costs every game's bundle its
 * bytes. A bad value is refused with its key and rule, e.g. "level: int 0..15".
 * Names, keys and choices hold none of `;,: |`.
 */
export type CommandTable = string;

/** A validated command, as handed to the firmware's handler. */
export interface Command {
  name: string;
  args: { [key: string]: unknown };
  /** Echoed in replies when the phone gave one. */
  id?: number | string;
  paired: boolean;
  /** Changes state (game, mode, settings): needs a paired link or the board's confirmation. */
  edit: boolean;
}

/**
 * The fixed minimum's commands (docs/protocol.md) and display brightness. `new`
 * takes one of `games`, choices as a table writes them (`x|y|z`).
 */
export function baseCommands(games: string): CommandTable {
  // diag: "on" enters or leaves diagnostics; in diagnostics, no field asks for a report and "walk" restarts the walk test.
  return 'new,!game:str ' + games + ',!players:players 1..8,options:obj;undo;?state;?diag,on:bool,walk:bool;bright,!level:int 0..15';
}

// ---------------------------------------------------------------- validation

/**
 * A parsed line: any JSON value, typed as an object to read its fields (a
 * field of a number, a string or an array reads as undefined; of null, throws).
 */
export type Message = { [key: string]: unknown } | null;

/**
 * Checks a parsed message against a table: a Command, or a Refusal (with the
 * id when it was readable). A bad argument is reported with its rule.
 */
export function validate(message: Message, table: CommandTable, paired: boolean): Command | Refusal {
  /** A string of 1..max characters: a text id or a player's name (16), or a `str n` argument. */
  function isText(v: unknown, max: number): boolean {
    return typeof v === 'string' && !!v && v.length <= max;
  }
  // Only an object can have a string `cmd`.
  if (!message || typeof message.cmd !== 'string') return refusal('bad_cmd', 'no "cmd"');
  let id = message.id as number | string | undefined;
  let problem = '';
  // An id is a whole number in [0, 2^31) (`| 0` keeps only whole numbers below 2^31 as they are), or a short text.
  if (id !== undefined && !(typeof id === 'number' ? id === (id | 0) && id >= 0 : isText(id, 16))) {
    id = undefined; // not echoed
    problem = 'id: int or str';
  }
  const name = message.cmd;
  // The command's entry: its name (after a `?`), then its arguments. Found in the table's text by a pattern the
  // interpreter matches natively (splitting every entry to compare its name took most of a line's check on the
  // chip); a name of anything but letters, digits and `_` names no entry, and puts nothing into the pattern.
  const found = !/\W/.test(name) && (';' + table + ';').match(RegExp(';[?]*' + name + '[,;][^;]*'));
  const spec = found && found[0].split(';')[1].split(',');
  // The message is the name (docs/protocol.md).
  if (!spec) return refusal('unknown_cmd', name.slice(0, 16), id);
  // Each argument's rule by its key, with a space before it (so that no key reads one of an object's
  // own properties), and the first required argument (`!key:rule`) missing, told when nothing else is wrong.
  const rules: { [key: string]: string } = {};
  let missing = '';
  for (let i = 1; i < spec.length; i++) {
    const arg: string[] = spec[i].split(':');
    const key = arg[0].replace('!', '');
    rules[' ' + key] = arg[1];
    if (!missing && key !== arg[0] && message[key] === undefined) missing = key + ': missing';
  }
  const args: { [key: string]: unknown } = {};
  // A command only reads when its name says so (`?`) and it is given no argument.
  let writes = spec[0] === name;
  for (const key in message) {
    if (problem || key === 'cmd' || key === 'id') continue;
    writes = true;
    let v = args[key] = message[key];
    const rule = rules[' ' + key];
    if (!rule) {
      problem = key.slice(0, 16) + ': unknown';
      continue;
    }
    // The rule's type, then its choices (`x|y|z`) or bounds (`a..b`).
    const words = rule.split(' ');
    const type = words[0];
    // Whether the value fits the rule (worked out in place: a function would add its own text and returns).
    let fits = true;
    if (type === 'bool') fits = typeof v === 'boolean';
    // `str n`: a text of 1..n characters (a number is never a choice); else one of the choices.
    else if (type === 'str') fits = +words[1] ? isText(v, +words[1]) : words[1].split('|').indexOf(v as string) >= 0;
    // Its keys and values are the game's to check (its setup refuses an option it does not have, or a bad value).
    else if (type === 'obj') fits = typeof v === 'object' && !!v && !Array.isArray(v);
    else {
      if (type === 'players' && Array.isArray(v)) {
        // Names: then their count is checked like a number of players.
        for (let i = 0; i < v.length; i++) if (!isText(v[i], 16)) fits = false;
        v = v.length;
      }
      // int, or a count of players: a whole number within the bounds (so not NaN nor infinite).
      const range = words[1].split('..');
      fits = fits && typeof v === 'number' && v % 1 === 0 && v >= +range[0] && v <= +range[1];
    }
    if (!fits) problem = key + ': ' + rule;
  }
  problem = problem || missing;
  return problem ? refusal('bad_arg', problem, id) : { name: name, args: args, id: id, paired: paired, edit: writes };
}

/** The module name (what a phone hears when the board was flashed without it; firmware/modules.ts) of a board's check of a phone's line (checkLine, firmware/modules.ts). */
export const CHECK_MODULE = 'tallyboard-check';
/** The module name (what a phone hears when the board was flashed without it; firmware/modules.ts) of a board's command channel (createCommandChannel), made while a phone talks. */
export const CHANNEL_MODULE = 'tallyboard-channel';

/**
 * The whole table a board takes: the base commands (for `games`) and the game's own `commands`, each name once (a
 * line's command is the first entry of its name: validate). A board's check module carries it, worked out by the
 * build (tools/build.ts), so that its bundle carries neither.
 */
export function commandTable(games: string, commands?: CommandTable): CommandTable {
  // (A game without commands of its own adds no empty one, which `{"cmd":""}` would name.)
  return baseCommands(games) + (commands ? ';' + commands : '');
}

/**
 * A whole line from a phone, `trusted` if all of it came over a paired link, its shape checked already (the channel's
 * take, jsonDepth), checked against `table` (commandTable): the command it asks for, or why it is refused. Only a
 * line a phone sends needs it: a board keeps it out of its bundle, in a module of its own (CHECK_MODULE, with its
 * table bound) that it loads for each line and lets go before the command runs.
 */
export function checkLine(table: CommandTable, text: string, trusted: boolean): Command | Refusal {
  let message: Message | undefined;
  try {
    message = JSON.parse(text);
  } catch (e) {
    // left undefined: not JSON
  }
  if (message === undefined) return refusal('bad_json', 'not JSON');
  const command = validate(message, table, trusted);
  // A board runs no change from a link that has not paired (access.ts, decide): its check refuses it. (A refusal is
  // no change: it goes through as it is.)
  return ON_DEVICE && unpairedChange(command as Command) ? refusal('not_allowed', 'pair first', (command as Command).id) : command;
}

/** Whether validate() gave a refusal. */
export function isRefusal(result: Command | Refusal): result is Refusal {
  return (result as Refusal).code !== undefined;
}

// ---------------------------------------------------------------- channel

export interface ChannelOptions {
  radio: Radio;
  clock: Clock;
  /** Who may change the game, and how long the buttons have to confirm a command; a board's channel needs none (access.ts, decide). */
  access?: Access;
  /**
   * Carries out a valid, allowed command, given these options (which may carry what it works on: firmware/handle.ts).
   * Returns a fresh Refusal (e.g. not_now) to report; state must then be unchanged.
   */
  handle(command: Command, options: ChannelOptions): Refusal | null | void;
  /** The game's own commands (its module's `commands`), beside baseCommands; a board's channel needs none (its check module carries its table). */
  commands?: CommandTable;
  /** Game ids `new` accepts, as `x|y|z` (the runtime gives its own game); a board's channel needs none, as for `commands`. */
  games?: string;
  /** Shows the confirmation countdown on the display (seconds left), and 0 when it is over. */
  countdown?(secondsLeft: number): void;
  /** Draws the display (the status's, on a board, which tells what is left to tell first): after a command carried out in the call that took its line. */
  show?(): void;
  /**
   * The flood limit, a token bucket kept as one time (GCRA): the bucket is full again at `bucketFull` (none: full now), each
   * command adds COMMAND_MS to it, and it may run at most BURST_MS ahead of now. After one busy reply (`busySaid`
   * 1), silence until a command is taken again. Kept by the options' owner (the status), not by the channel, so that
   * a channel is let go as soon as no line is under way (tick), not only once its bucket is full again: some 70 JsVars
   * fewer while an undo reads the game back after the phone's `undo`. The owner deletes `bucketFull` once it is past
   * (firmware/command-path.ts), so that a board keeps nothing of it between a phone's bursts.
   */
  bucketFull?: number;
  busySaid?: number;
  /**
   * The line of the last change carried out, when it had an id (else ''): the same line again is that command sent
   * again. Kept by its owner (the status), not by the channel, which is let go between commands.
   */
  doneLine?: string;
  /**
   * Set while lines wait their turn: data that held more than one line have the first taken at once and the rest a
   * line a call of this (the runtime calls it at its next scan tick, and so on), so that a burst holds the interpreter
   * no longer than its longest line. On a board that scans its sensors (`rest`), a line's command is carried out at the
   * call after its check, the next line taken at the call after that. Deleted once none waits; data come meanwhile go
   * behind them, and have the next step done at once.
   */
  lineStep?: () => void;
  /**
   * How a board that scans its sensors rests (firmware/runtime.ts): its channel carries out a line's command at the next
   * scan tick (lineStep), and ends a rest for it. None: each command is carried out in the call that brings its line.
   */
  rest?: Rest;
}

export interface CommandChannel {
  /** The command waiting for the board's confirmation (both buttons pressed together), or null; a board's channel has none. */
  held?: Command | null;
  /**
   * Call from a slow timer (100 ms), not from the scan tick: drops a line not
   * finished in time and ends the confirmation window. Returns whether the channel is at rest: no line under way
   * or waiting, no command waiting, so that a channel made afresh would act exactly as this one (its owner may let it
   * go until the phone sends again; the flood limit is the owner's).
   */
  tick(now: number): boolean;
  /**
   * The board's confirmation (both buttons together): runs the command waiting
   * for it, and returns whether there was one (none, or too late: it does
   * nothing). Only the simulator's open link has commands wait (access.ts,
   * decide): a board's channel has no confirm.
   */
  confirm?(now: number): boolean;
}

/**
 * A channel for `options`; on a board, `check` checks each line (the command check module, which the board loads
 * for each line with its loader, firmware/modules.ts, and lets go before the command runs).
 */
export function createCommandChannel(options: ChannelOptions, check?: (text: string, trusted: boolean) => Command | Refusal): CommandChannel {
  // Few variables and functions: each costs memory on the chip.
  // The line so far; null while the rest of an over-long line is dropped, up to its newline or a pause.
  let line: string | null = '';
  // When the line began (while dropping, when data last came).
  let started = 0;
  // Whether every chunk of the line so far came over a paired link: a line is as trusted as its least trusted chunk.
  let linePaired = false;
  // Until when the held command may be confirmed, and the seconds its prompt shows.
  let deadline = 0;
  let shown = 0;
  // The data whose lines wait their turn (lineStep; linePaired: whether all of it came over a paired link).
  let waiting: string | undefined;
  // The command a line asked for, checked and allowed, carried out at the next call (lineStep), and its line (run's).
  let ready: Command | undefined;
  let readyLine = '';

  /**
   * Runs a command (`line`: its line, a change with an id; else ''): its refusal (with its id), or `ok` when it had an
   * id. The line of the last change carried out is that command sent again (by a phone that missed its reply): it is
   * told `ok` again, not carried out twice. (A phone gives each command an id of its own; a command that changes
   * nothing, such as `state`, or that was refused, is carried out again.)
   */
  function run(command: Command, line: string): void {
    let result: Refusal | null | void;
    try {
      result = line && line === options.doneLine ? null : options.handle(command, options);
    } catch (e) {
      result = refusal('failed', String((e && (e as Error).message) || e));
    }
    // (A read carried out between leaves it: a phone that missed an `ok` asks for the state first, then retries.)
    if (!result && command.edit) options.doneLine = line;
    // Either reply carries the command's id (`ok` its fields in the same order: type, cmd, id).
    const reply: { type: string; cmd?: string; id?: number | string } = result || { type: 'ok', cmd: command.name };
    reply.id = command.id;
    if (result || reply.id !== undefined) sendLine(options.radio, reply);
  }

  const onData = options.radio.onData = function (data: string, paired: boolean, stepped?: 1): void {
    // Data come while lines wait go behind them, as trusted as the least trusted of them, and the next step is done
    // now: each call takes one line, or carries out one command, still, and no more than a burst and a piece of data
    // wait (empty lines and lines over the flood limit go with the line after them).
    if (waiting !== undefined) {
      // (Behind a command alone, nothing else waiting, they begin a line of their own: as trusted as they are. Only a
      // board that scans its sensors has a command wait alone.)
      linePaired = (linePaired || (DIGITAL_BANKS && !waiting)) && paired;
      waiting += data;
      return (options.lineStep as () => void)();
    }
    // A board that scans its sensors takes a phone's data at the next scan tick (lineStep, `stepped`), as lines that
    // wait: the call that brings the first data after a pause loads the command channel and handling, and the check
    // of a line with them held it over 20 ms. (As trusted as the line under way and the data together. Empty data are
    // not kept: what waits empty is a command alone, which the data behind it do not join in trust.)
    if (DIGITAL_BANKS && options.rest && !stepped && data) {
      linePaired = (linePaired || line === '') && paired;
      waiting = data;
      options.lineStep = step;
      return options.rest(0);
    }
    const now = options.clock.now();

    /**
     * Counts a line, whole or over-long, against the flood limit: whether it is over it (then answered
     * by one busy reply, and silence until a line is taken again).
     */
    function flooded(): boolean {
      const next = Math.max(options.bucketFull || 0, now) + COMMAND_MS;
      if (next - now > BURST_MS) {
        if (!options.busySaid) sendLine(options.radio, refusal('busy', 'flood'));
        options.busySaid = 1;
        return true;
      }
      delete options.busySaid;
      options.bucketFull = next;
      return false;
    }

    /** One whole line, `trusted` if all of it came over a paired link: what to refuse, if anything. */
    function take(text: string, trusted: boolean): Refusal | null {
      if (flooded()) return null;
      // Its shape first, before any parser reads it (jsonDepth): a board's JSON.parse takes more than JSON, and deep
      // nesting would eat the chip's stack. A line of another shape is checked as nothing, which is not JSON.
      if (!(jsonDepth(text, 3) <= 3)) text = '';
      const command = ON_DEVICE ? check!(text, trusted) : checkLine(commandTable(options.games as string, options.commands), text, trusted);
      if (isRefusal(command)) return command;
      // On a board, what the check let through may run (checkLine).
      const decision = ON_DEVICE ? ALLOW : decide(options.access as Access, command);
      // (Its line, a change with an id: the same line again is it sent again. run's `line`.)
      const idLine = command.id === undefined || !command.edit ? '' : text;
      // A board that scans its sensors carries the command out at the next call (lineStep): the check of a line and
      // the carrying out of its command each hold the interpreter about as long as the other, and a scan tick comes
      // between them. (Shuffleboard's ticks carry its decision's steps, and a command's on top held one longer.)
      if (decision === ALLOW) {
        if (DIGITAL_BANKS && options.rest) {
          ready = command;
          readyLine = idLine;
        } else {
          run(command, idLine);
          // Told and drawn in this call too: a board at rest ticks twice a second, and an announce waits for a tick
          // (firmware/runtime.ts).
          if (options.show) options.show();
        }
      }
      else if (decision === REFUSE) return refusal('not_allowed', 'pair first', command.id);
      else if (channel.held) return refusal('busy', 'one waits', command.id);
      else {
        channel.held = command;
        const ms = (options.access as Access).confirmMs;
        deadline = now + ms;
        sendLine(options.radio, { type: 'confirm', cmd: command.name, ms: ms, id: command.id });
        channel.tick(now);
      }
      return null;
    }

    linePaired = (linePaired || line === '') && paired;
    // Every newline in the data ends a line; what follows the last one begins the next. (Found one at a time: the
    // data split whole made a string of each line at once, some 3 JsVars apiece, empty lines too.)
    for (let at = 0; ;) {
      const end = data.indexOf('\n', at);
      if (!line) started = now;
      if (line !== null) {
        line += end < 0 ? data.substring(at) : data.substring(at, end);
        if (line.length > MAX_LINE) {
          line = null;
          if (!flooded()) sendLine(options.radio, refusal('too_long', 'line over ' + MAX_LINE));
        }
      }
      if (end < 0) return;
      at = end + 1;
      // A dropped line ends here; an empty one is skipped.
      const text = line && line.replace(/\r$/, '');
      line = '';
      const refused = text ? take(text, linePaired) : null;
      if (refused) sendLine(options.radio, refused);
      linePaired = paired;
      // A line taken (within the flood limit: busySaid 0): its command, and the lines that follow, wait for the next
      // call (lineStep), which the board makes at once. Lines over the limit are dropped here and now.
      if (text && !options.busySaid && ((DIGITAL_BANKS && ready) || data.indexOf('\n', at) >= 0)) {
        waiting = data.substring(at);
        options.lineStep = step;
        if (DIGITAL_BANKS && options.rest) options.rest(0);
        return;
      }
    }
  };

  /**
   * The next call of the lines waiting: the command ready is carried out, else the next line is taken. One a call: the
   * check of a line and the carrying out of its command each held the interpreter about as long as the other.
   */
  function step(): void {
    const command = ready;
    if (DIGITAL_BANKS && command) {
      ready = undefined;
      // (The step stays set meanwhile: a reply that could not be sent leaves the lines after it to the next call.)
      run(command, readyLine);
      if ((waiting as string).indexOf('\n') >= 0) return;
    }
    delete options.lineStep;
    const rest = waiting as string;
    waiting = undefined;
    if (DIGITAL_BANKS) onData(rest, linePaired, 1);
    else onData(rest, linePaired);
  }

  /** The held command (null: none) may wait `seconds` more (0: no more); its prompt shows them when they change. */
  function wait(command: Command | null | undefined, seconds: number): void {
    channel.held = seconds ? command : null;
    if (seconds !== shown && options.countdown) options.countdown(seconds);
    shown = seconds;
  }

  const channel: CommandChannel = {
    tick: function (now: number): boolean {
      if (now - started >= PARTIAL_MS) {
        if (line) sendLine(options.radio, refusal('partial', 'unfinished'));
        line = '';
      }
      // A board holds no command (access.ts, decide).
      if (!ON_DEVICE) {
        const command = channel.held;
        // The seconds the prompt shows, at least 1 while the command still waits. It is let go before the
        // prompt ends, whose display and advert read `held`.
        wait(command, command && now < deadline ? Math.ceil((deadline - now) / 1000) : 0);
        if (command && !channel.held) sendLine(options.radio, refusal('timeout', 'not confirmed', command.id));
      }
      if (!ON_DEVICE && channel.held) return false;
      // (The flood limit is its owner's: a channel made afresh goes on with it.)
      return line === '' && waiting === undefined;
    },
  };
  if (!ON_DEVICE) {
    channel.held = null;
    channel.confirm = function (now: number): boolean {
      const command = channel.held;
      if (!command || now >= deadline) return false;
      wait(command, 0);
      run(command, '');
      return true;
    };
  }
  return channel;
}
