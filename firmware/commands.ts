// Phone commands: a declarative table of argument schemas, a small flat
// validator, and the command channel that takes UART data to validated,
// allowed commands. Nothing reaches the handler unless it is whole, valid and
// allowed; every refusal is an `error` reply with a stable code.
//
// On the chip the channel is one closure with few functions and fields: the
// line assembly, the flood limit and the replies live in it, and the command
// table is made afresh for each line rather than kept.

import type { Clock, Radio } from '../hal/types';
import { decide, ALLOW, CONFIRM, type Access } from './access';
import {
  jsonDepth, sendLine, E_BAD_ARG, E_BAD_CMD, E_BAD_JSON, E_BUSY, E_FAILED, E_NOT_ALLOWED, E_PARTIAL, E_TIMEOUT,
  E_TOO_LONG, E_UNKNOWN_CMD, type Refusal,
} from './protocol';

/**
 * int/num: a number in [min, max] (int: whole). bool. str: 1..max characters
 * (default 32), or one of `one`. obj: a flat object of at most `max` (default
 * 12) keys of up to 16 characters whose values are numbers, booleans or
 * strings of up to 32. players: a count in [min, max], or that many names of
 * 1..16 characters.
 */
export type ArgType = 'int' | 'num' | 'bool' | 'str' | 'obj' | 'players';

export interface ArgSpec {
  key: string;
  type: ArgType;
  /** Required. */
  need?: boolean;
  min?: number;
  max?: number;
  /** The only strings allowed. */
  one?: string[];
}

export interface CommandSpec {
  name: string;
  /** Changes state (game, mode, settings): needs a paired link or a button confirmation. Only `false` makes a command read-only. */
  edit?: boolean;
  args: ArgSpec[];
}

/** A validated command, as handed to the firmware's handler. */
export interface Command {
  name: string;
  args: { [key: string]: unknown };
  /** Echoed in replies when the phone gave one. */
  id?: number | string;
  paired: boolean;
}

/** The contract's own commands (CONTRACT.md §2) and display brightness; `new` takes one of `games` (any name when left out). */
export function baseCommands(games?: string[]): CommandSpec[] {
  return [
    {
      name: 'new', args: [
        { key: 'game', type: 'str', need: true, one: games },
        { key: 'players', type: 'players', need: true, min: 1, max: 8 },
        { key: 'options', type: 'obj' },
      ],
    },
    { name: 'undo', args: [] },
    { name: 'state', edit: false, args: [] },
    // {"cmd":"diag","on":true|false} enters or leaves; in diagnostics, {"cmd":"diag"} reports and "walk":true restarts the walk test.
    { name: 'diag', args: [{ key: 'on', type: 'bool' }, { key: 'walk', type: 'bool' }] },
    { name: 'bright', args: [{ key: 'level', type: 'int', need: true, min: 0, max: 15 }] },
  ];
}

// ---------------------------------------------------------------- validation

/**
 * Checks a parsed message against the table: a Command, or a Refusal (with
 * the id when it was readable). A bad argument is reported with what it must
 * be, e.g. "level: int 0..15".
 */
export function validate(message: unknown, specs: CommandSpec[], paired: boolean): Command | (Refusal & { id?: number | string }) {
  /** A string of 1..max characters. */
  function isText(v: unknown, max: number): boolean {
    return typeof v === 'string' && v.length > 0 && v.length <= max;
  }
  /** Whether a value fits its argument's spec. */
  function fits(v: unknown, a: ArgSpec): boolean {
    const t = a.type;
    if (t === 'bool') return typeof v === 'boolean';
    if (t === 'str') return a.one ? a.one.indexOf(v as string) >= 0 : isText(v, a.max || 32);
    if (t === 'obj') {
      const o = v as { [key: string]: unknown };
      if (typeof o !== 'object' || !o || Array.isArray(o)) return false;
      let n = 0;
      for (const k in o) {
        const x = o[k];
        if (k.length > 16 || ++n > (a.max || 12) || !((typeof x === 'number' && isFinite(x)) || typeof x === 'boolean' || isText(x, 32))) return false;
      }
      return true;
    }
    if (t === 'players' && Array.isArray(v)) {
      // Names: then their count is checked like a number of players.
      for (let i = 0; i < v.length; i++) if (!isText(v[i], 16)) return false;
      v = v.length;
    }
    // int, num, or a count of players; an undefined bound compares false.
    return typeof v === 'number' && isFinite(v) && (t === 'num' || v === Math.floor(v)) && !(v < (a.min as number)) && !(v > (a.max as number));
  }

  const m = message as { [key: string]: unknown };
  if (typeof m !== 'object' || !m || Array.isArray(m) || typeof m.cmd !== 'string') return { code: E_BAD_CMD, message: 'no "cmd"' };
  let id = m.id as number | string | undefined;
  let problem = '';
  if (id !== undefined && !(typeof id === 'number' ? id === Math.floor(id) && id >= 0 && id <= 2147483647 : isText(id, 16))) {
    id = undefined; // not echoed
    problem = 'id: int or text';
  }
  const name = m.cmd;
  let spec: CommandSpec | null = null;
  for (let i = 0; i < specs.length; i++) if (specs[i].name === name) spec = specs[i];
  if (!spec) return { code: E_UNKNOWN_CMD, message: 'no command ' + name.substring(0, 16), id: id };
  const args: { [key: string]: unknown } = {};
  for (const key in m) {
    if (problem) break;
    if (key === 'cmd' || key === 'id') continue;
    let a: ArgSpec | null = null;
    for (let i = 0; i < spec.args.length; i++) if (spec.args[i].key === key) a = spec.args[i];
    if (!a) problem = key.substring(0, 16) + ': unknown';
    else if (!fits(m[key], a)) problem = key + ': ' + a.type + (a.one ? ' ' + a.one.join('|') : a.min !== undefined ? ' ' + a.min + '..' + a.max : '');
    args[key] = m[key];
  }
  for (let i = 0; i < spec.args.length; i++) if (!problem && spec.args[i].need && args[spec.args[i].key] === undefined) problem = spec.args[i].key + ': missing';
  return problem ? { code: E_BAD_ARG, message: problem, id: id } : { name: name, args: args, id: id, paired: paired };
}

/** A refusal to send, with the id of the command refused; null when there is nothing to refuse. */
type Answer = (Refusal & { id?: number | string }) | null;

/** Whether validate() gave a refusal. */
export function isRefusal(result: Command | Refusal): result is Refusal {
  return (result as Refusal).code !== undefined;
}

// ---------------------------------------------------------------- channel

export interface ChannelOptions {
  radio: Radio;
  clock: Clock;
  access: Access;
  /** Carries out a valid, allowed command. Returns a Refusal (e.g. not_now) to report; state must then be unchanged. */
  handle(command: Command): Refusal | null | void;
  /** The game's own commands (its module's `commands`), beside baseCommands. */
  commands?: CommandSpec[];
  /** Game ids `new` accepts (any name of up to 32 characters when left out; the runtime gives its own game). */
  games?: string[];
  /** Longest line, characters (default 256). */
  maxLine?: number;
  /** A started line must end within this, ms (default 2000). */
  partialMs?: number;
  /** Commands per second after the burst (default 5), and the burst (default 10). */
  perSecond?: number;
  burst?: number;
  /** Shows the confirmation countdown on the display (seconds left), and 0 when it is over. */
  prompt?(secondsLeft: number): void;
}

export interface CommandChannel {
  /** Sends a board → phone message (one line, chunked); a Refusal (no `type`) goes as an `error` reply. */
  send(message: object): void;
  /** Timeouts: partial lines and the confirmation window. Call it from a slow timer (100 ms), not from the scan tick. */
  tick(now: number): void;
  /** The board button was pressed: runs a command waiting for confirmation. True when the press was used. */
  press(now: number): boolean;
  /** The command waiting for the button, if any. */
  pending(): Command | null;
}

export function createCommandChannel(options: ChannelOptions): CommandChannel {
  // Numbers rather than booleans for flags, and few fields and functions: each costs memory on the chip.
  // The line so far, and when it began (while dropping, when data last came).
  let buffer = '';
  let started = 0;
  // 1 while the rest of an over-long line is dropped, up to its newline or a pause.
  let dropping = 0;
  // 1 while every chunk of the line so far came over a paired link: a line is as trusted as its least trusted chunk.
  let linePaired = 0;
  // Flood limit, a token bucket kept as one time (GCRA): the bucket is full again at `full`,
  // each command adds 1/perSecond to it, and it may run at most `burst` commands ahead of now.
  // After one busy reply (busySaid 1), silence until a command is taken again.
  let full = 0;
  let busySaid = 0;
  // The command waiting for the board button, until when, and the seconds its prompt shows.
  let waiting: Command | null = null;
  let deadline = 0;
  let shown = 0;

  /** Sends a message; a refusal (no `type`) goes as an `error` reply, with the command's id when it had one; null sends nothing. */
  function send(message: object | Answer): void {
    const r = message as Refusal & { type?: string; id?: number | string };
    if (r) sendLine(options.radio, r.type ? r : { type: 'error', code: r.code, message: r.message, id: r.id });
  }

  /** Runs a command: `ok` when it had an id, or its refusal (with the id). */
  function run(command: Command): void {
    let result: Refusal | null | void;
    try {
      result = options.handle(command);
    } catch (e) {
      result = { code: E_FAILED, message: String((e && (e as Error).message) || e) };
    }
    send(result ? { code: result.code, message: result.message, id: command.id } : command.id !== undefined ? { type: 'ok', cmd: command.name, id: command.id } : null);
  }

  options.radio.onData(function (data: string, paired: boolean): void {
    const now = options.clock.now();
    const maxLine = options.maxLine || 256;

    /** One whole line, `trusted` if all of it came over a paired link: what to refuse, if anything. */
    function take(line: string, trusted: boolean): Answer {
      const interval = 1000 / (options.perSecond || 5);
      const next = Math.max(full, now) + interval;
      const said = busySaid;
      busySaid = next - now > (options.burst || 10) * interval ? 1 : 0;
      if (busySaid) return said ? null : { code: E_BUSY, message: 'too many commands' };
      full = next;
      let message: unknown;
      try {
        if (jsonDepth(line) <= 3) message = JSON.parse(line);
      } catch (e) {
        // left undefined: not JSON
      }
      if (message === undefined) return { code: E_BAD_JSON, message: 'not JSON' };
      const specs = baseCommands(options.games).concat(options.commands || []);
      const command = validate(message, specs, trusted);
      if (isRefusal(command)) return command;
      let edit = true;
      for (let i = 0; i < specs.length; i++) if (specs[i].name === command.name) edit = specs[i].edit !== false;
      const decision = decide(options.access, edit, trusted, now);
      if (decision === ALLOW) run(command);
      else if (decision !== CONFIRM || waiting) {
        return { code: waiting ? E_BUSY : E_NOT_ALLOWED, message: waiting ? 'one awaits the button' : 'pair first', id: command.id };
      } else {
        waiting = command;
        deadline = now + options.access.confirmMs;
        send({ type: 'confirm', cmd: command.name, ms: options.access.confirmMs, id: command.id });
        channel.tick(now);
      }
      return null;
    }

    linePaired = (linePaired || (!buffer && !dropping)) && paired ? 1 : 0;
    for (let from = 0; ;) {
      const nl = data.indexOf('\n', from);
      const part = nl < 0 ? data.substring(from) : data.substring(from, nl);
      if (!buffer || dropping) started = now;
      if (!dropping && buffer.length + part.length > maxLine) {
        buffer = '';
        dropping = 1;
        send({ code: E_TOO_LONG, message: 'line over ' + maxLine });
      } else if (!dropping) buffer += part;
      if (nl < 0) return;
      from = nl + 1;
      let line = buffer;
      const trusted = linePaired === 1;
      buffer = '';
      linePaired = paired ? 1 : 0;
      if (line.charAt(line.length - 1) === '\r') line = line.substring(0, line.length - 1);
      if (!dropping && line) send(take(line, trusted));
      dropping = 0;
    }
  });

  const channel: CommandChannel = {
    send: send,
    tick: function (now: number): void {
      const partialMs = options.partialMs || 2000;
      if (now - started >= partialMs) {
        if (buffer) send({ code: E_PARTIAL, message: 'line unfinished' });
        buffer = '';
        dropping = 0;
      }
      const expired = waiting && now >= deadline ? waiting : null;
      if (expired) waiting = null;
      const seconds = waiting ? Math.ceil((deadline - now) / 1000) : 0;
      if (seconds !== shown && options.prompt) options.prompt(seconds);
      shown = seconds;
      if (expired) send({ code: E_TIMEOUT, message: 'not confirmed', id: expired.id });
    },
    press: function (now: number): boolean {
      const command = waiting;
      if (!command || now >= deadline) return false;
      waiting = null;
      channel.tick(now); // takes the prompt down
      run(command);
      return true;
    },
    pending: function (): Command | null {
      return waiting;
    },
  };
  return channel;
}
