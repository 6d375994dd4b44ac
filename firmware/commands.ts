// Phone commands: a declarative table of argument schemas, a small flat
// validator, and the command channel that takes UART data to validated,
// allowed commands. Nothing reaches the handler unless it is whole, valid and
// allowed; every refusal is an `error` reply with a stable code.

import type { Clock, Radio } from '../hal/types';
import { ALLOW, CONFIRM, type Access } from './access';
import {
  confirmMessage, createLineAssembler, createRateLimit, createSender, errorMessage, jsonDepth, okMessage,
  refusal, E_BAD_ARG, E_BAD_CMD, E_BAD_JSON, E_BUSY, E_FAILED, E_NOT_ALLOWED, E_TIMEOUT, E_UNKNOWN_CMD,
  type Refusal,
} from './protocol';

/**
 * int/num: a number in [min, max] (int: whole). bool. str: 1..max characters
 * (default 32), or one of `one`. obj: a flat object of at most `max` (default
 * 12) short keys whose values are numbers, booleans or strings of up to 32.
 * players: a count in [min, max], or that many names of 1..16 characters.
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
  /** Changes state (game, mode, settings): needs a paired link or a button confirmation. */
  edit: boolean;
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

export const GAME_IDS = ['triangle', 'fortress', 'ringapeg', 'shuffleboard'];

/** The contract's own commands (CONTRACT.md §2) and display brightness. */
export function baseCommands(games: string[]): CommandSpec[] {
  return [
    {
      name: 'new', edit: true, args: [
        { key: 'game', type: 'str', need: true, one: games },
        { key: 'players', type: 'players', need: true, min: 1, max: 8 },
        { key: 'options', type: 'obj' },
      ],
    },
    { name: 'undo', edit: true, args: [] },
    { name: 'state', edit: false, args: [] },
    // {"cmd":"diag","on":true|false} enters or leaves; in diagnostics, {"cmd":"diag"} reports and "walk":true restarts the walk test.
    { name: 'diag', edit: true, args: [{ key: 'on', type: 'bool' }, { key: 'walk', type: 'bool' }] },
    { name: 'bright', edit: true, args: [{ key: 'level', type: 'int', need: true, min: 0, max: 15 }] },
  ];
}

const WEIGHTS = ['red1', 'red2', 'red3', 'red4', 'blue1', 'blue2', 'blue3', 'blue4'];
const FORTRESS_BALLS = ['EA', 'ED1', 'ED2', 'FA', 'FD1', 'FD2'];

/**
 * Referee inputs of each game (RULES.md ids in brackets), plus confirm and
 * correct, which every game may use for a flagged event. The runtime passes
 * the ones of the game in play as ChannelOptions.commands.
 */
export function refereeCommands(game: string): CommandSpec[] {
  const common: CommandSpec[] = [
    { name: 'confirm', edit: true, args: [] },
    {
      name: 'correct', edit: true, args: [
        { key: 'player', type: 'int', need: true, min: 0, max: 7 },
        { key: 'points', type: 'int', need: true, min: -99, max: 99 },
      ],
    },
  ];
  let own: CommandSpec[] = [];
  if (game === 'triangle') {
    own = [{ name: 'off', edit: true, args: [] }]; // T8: the chip left the triangle
  } else if (game === 'ringapeg') {
    own = [
      { name: 'peg', edit: true, args: [{ key: 'player', type: 'int', need: true, min: 0, max: 3 }] }, // R10
      { name: 'cleared', edit: true, args: [] }, // R11
    ];
  } else if (game === 'fortress') {
    own = [
      { name: 'lag', edit: true, args: [{ key: 'side', type: 'int', need: true, min: 0, max: 1 }] }, // F1
      { name: 'wrongball', edit: true, args: [] }, // F19
      { name: 'overtable', edit: true, args: [{ key: 'ball', type: 'str', need: true, one: FORTRESS_BALLS }] }, // F30/F31
      { name: 'blind', edit: true, args: [] }, // F37: "I do not see" declared
      { name: 'hit', edit: true, args: [{ key: 'hit', type: 'bool', need: true }] }, // F37: its hit or miss
    ];
  } else if (game === 'shuffleboard') {
    own = [
      {
        name: 'move', edit: true, args: [
          { key: 'w', type: 'str', need: true, one: WEIGHTS },
          { key: 'd', type: 'num', min: -58, max: 3000 },
          { key: 'y', type: 'num', min: 0, max: 1000 },
          { key: 'off', type: 'bool' },
        ],
      },
      {
        name: 'reassign', edit: true, args: [
          { key: 'w', type: 'str', need: true, one: WEIGHTS },
          { key: 'as', type: 'str', need: true, one: WEIGHTS },
        ],
      },
    ];
  }
  return own.concat(common);
}

// ---------------------------------------------------------------- validation

const MAX_ID = 2147483647;

function isNumber(v: unknown): v is number {
  return typeof v === 'number' && v === v && v !== Infinity && v !== -Infinity;
}

function isPlainObject(v: unknown): v is { [key: string]: unknown } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function inRange(v: number, spec: ArgSpec): boolean {
  return !(spec.min !== undefined && v < spec.min) && !(spec.max !== undefined && v > spec.max);
}

function isShortString(v: unknown, max: number): v is string {
  return typeof v === 'string' && v.length >= 1 && v.length <= max;
}

/** Why one argument is wrong, or '' when it is right. */
function argProblem(v: unknown, spec: ArgSpec): string {
  const k = spec.key;
  if (spec.type === 'bool') return typeof v === 'boolean' ? '' : k + ' must be true or false';
  if (spec.type === 'int' || spec.type === 'num') {
    if (!isNumber(v) || (spec.type === 'int' && v !== Math.floor(v))) return k + ' must be ' + (spec.type === 'int' ? 'a whole number' : 'a number');
    return inRange(v, spec) ? '' : k + ' must be within ' + spec.min + '..' + spec.max;
  }
  if (spec.type === 'str') {
    if (spec.one) return typeof v === 'string' && spec.one.indexOf(v) >= 0 ? '' : k + ' must be one of ' + spec.one.join(', ');
    return isShortString(v, spec.max !== undefined ? spec.max : 32) ? '' : k + ' must be a short string';
  }
  if (spec.type === 'players') {
    if (isNumber(v)) return v === Math.floor(v) && inRange(v, spec) ? '' : k + ' must be a count within ' + spec.min + '..' + spec.max;
    if (!Array.isArray(v) || !inRange(v.length, spec)) return k + ' must be a count or ' + spec.min + '..' + spec.max + ' names';
    for (let i = 0; i < v.length; i++) if (!isShortString(v[i], 16)) return k + ' names must be 1..16 characters';
    return '';
  }
  // obj
  if (!isPlainObject(v)) return k + ' must be an object';
  let n = 0;
  for (const name in v) {
    n++;
    const x = v[name];
    if (name.length > 16 || n > (spec.max !== undefined ? spec.max : 12)) return k + ' has too many or too long keys';
    if (!isNumber(x) && typeof x !== 'boolean' && !isShortString(x, 32)) return k + '.' + name + ' must be a number, boolean or short string';
  }
  return '';
}

function findSpec(specs: CommandSpec[], name: string): CommandSpec | null {
  for (let i = 0; i < specs.length; i++) if (specs[i].name === name) return specs[i];
  return null;
}

function findArg(spec: CommandSpec, key: string): ArgSpec | null {
  for (let i = 0; i < spec.args.length; i++) if (spec.args[i].key === key) return spec.args[i];
  return null;
}

/** The command id if the message has a valid one; `undefined` for none, `null` for an invalid one. */
function readId(message: { [key: string]: unknown }): number | string | undefined | null {
  const id = message.id;
  if (id === undefined) return undefined;
  if (isNumber(id) && id === Math.floor(id) && id >= 0 && id <= MAX_ID) return id;
  if (isShortString(id, 16)) return id;
  return null;
}

/** Checks a parsed message against the table: a Command, or a Refusal (with the id when it was readable). */
export function validate(message: unknown, specs: CommandSpec[], paired: boolean): Command | (Refusal & { id?: number | string }) {
  if (!isPlainObject(message) || typeof message.cmd !== 'string') {
    return refusal(E_BAD_CMD, 'expected an object with a string "cmd"');
  }
  const id = readId(message);
  if (id === null) return refusal(E_BAD_ARG, 'id must be a whole number 0..' + MAX_ID + ' or 1..16 characters');
  const fail = function (code: string, text: string): Refusal & { id?: number | string } {
    const r: Refusal & { id?: number | string } = refusal(code, text);
    if (id !== undefined) r.id = id;
    return r;
  };
  const name = message.cmd;
  const spec = findSpec(specs, name);
  if (!spec) return fail(E_UNKNOWN_CMD, 'no command "' + (name.length > 16 ? name.substring(0, 16) + '...' : name) + '"');
  const args: { [key: string]: unknown } = {};
  for (const key in message) {
    if (key === 'cmd' || key === 'id') continue;
    const arg = findArg(spec, key);
    if (!arg) return fail(E_BAD_ARG, name + ' takes no "' + (key.length > 16 ? key.substring(0, 16) + '...' : key) + '"');
    const problem = argProblem(message[key], arg);
    if (problem) return fail(E_BAD_ARG, problem);
    args[key] = message[key];
  }
  for (let i = 0; i < spec.args.length; i++) {
    if (spec.args[i].need && !(spec.args[i].key in args)) return fail(E_BAD_ARG, name + ' needs ' + spec.args[i].key);
  }
  const command: Command = { name: name, args: args, paired: paired };
  if (id !== undefined) command.id = id;
  return command;
}

/** Whether validate() gave a refusal. */
export function isRefusal(result: Command | Refusal): result is Refusal {
  return (result as Refusal).code !== undefined;
}

/** The spec of a validated command's name. */
export function specOf(specs: CommandSpec[], name: string): CommandSpec | null {
  return findSpec(specs, name);
}

// ---------------------------------------------------------------- channel

export interface ChannelOptions {
  radio: Radio;
  clock: Clock;
  access: Access;
  /** Carries out a valid, allowed command. Returns a Refusal (e.g. not_now) to report; state must then be unchanged. */
  handle(command: Command): Refusal | null | void;
  /** More commands, e.g. refereeCommands(game) of the game in play. */
  commands?: CommandSpec[];
  /** Game ids `new` accepts (default GAME_IDS). */
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
  /** Sends a board → phone message (one line, chunked). */
  send(message: object): void;
  /** Timeouts: partial lines and the confirmation window. Call it from a slow timer (100 ms), not from the scan tick. */
  tick(now: number): void;
  /** The board button was pressed: runs a command waiting for confirmation. True when the press was used. */
  press(now: number): boolean;
  /** The command waiting for the button, if any. */
  pending(): Command | null;
  /** Replaces the extra commands (when a new game starts). */
  setCommands(commands: CommandSpec[]): void;
}

export function createCommandChannel(options: ChannelOptions): CommandChannel {
  const sender = createSender(options.radio);
  const base = baseCommands(options.games || GAME_IDS);
  let specs = base.concat(options.commands || []);
  const limit = createRateLimit(options.perSecond || 5, options.burst || 10);
  const maxLine = options.maxLine || 256;
  let waiting: Command | null = null;
  let deadline = 0;
  let shownSeconds = 0;
  // A line is as trusted as the least trusted chunk it was made of.
  let chunkPaired = false;
  let linePaired = false;
  // Flood: one busy reply, then silence until a command is accepted again.
  let busySaid = false;

  function reply(code: string, message: string, id?: number | string): void {
    sender.send(errorMessage(code, message, id));
  }

  function prompt(seconds: number): void {
    if (seconds !== shownSeconds && options.prompt) options.prompt(seconds);
    shownSeconds = seconds;
  }

  function run(command: Command): void {
    let result: Refusal | null | void;
    try {
      result = options.handle(command);
    } catch (e) {
      result = refusal(E_FAILED, String((e && (e as Error).message) || e));
    }
    if (result) reply(result.code, result.message, command.id);
    else if (command.id !== undefined) sender.send(okMessage(command.name, command.id));
  }

  function line(text: string, paired: boolean, now: number): void {
    if (!limit.take(now)) {
      if (!busySaid) reply(E_BUSY, 'too many commands; slow down');
      busySaid = true;
      return;
    }
    busySaid = false;
    if (jsonDepth(text) > 3) return reply(E_BAD_JSON, 'nested too deep');
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch (e) {
      return reply(E_BAD_JSON, 'not JSON');
    }
    const result = validate(message, specs, paired);
    if (isRefusal(result)) return reply(result.code, result.message, (result as { id?: number | string }).id);
    const spec = findSpec(specs, result.name) as CommandSpec;
    const decision = options.access.decide(spec.edit, paired, now);
    if (decision === ALLOW) return run(result);
    if (decision === CONFIRM) {
      if (waiting) return reply(E_BUSY, 'a command already waits for the board button', result.id);
      waiting = result;
      deadline = now + options.access.confirmMs;
      sender.send(confirmMessage(result.name, options.access.confirmMs, result.id));
      prompt(Math.ceil(options.access.confirmMs / 1000));
      return;
    }
    reply(E_NOT_ALLOWED, 'pair with the passkey to change the game', result.id);
  }

  const assembler = createLineAssembler({
    maxLine: maxLine,
    partialMs: options.partialMs || 2000,
    line: function (text: string): void {
      const paired = linePaired;
      linePaired = chunkPaired;
      line(text, paired, options.clock.now());
    },
    error: function (code: string, message: string): void {
      reply(code, message);
    },
  });

  options.radio.onData(function (data: string, paired: boolean): void {
    linePaired = assembler.holding() ? linePaired && paired : paired;
    chunkPaired = paired;
    assembler.push(data, options.clock.now());
  });

  return {
    send: function (message: object): void {
      sender.send(message);
    },
    tick: function (now: number): void {
      assembler.tick(now);
      if (!waiting) return;
      if (now >= deadline) {
        const expired = waiting;
        waiting = null;
        prompt(0);
        reply(E_TIMEOUT, 'the board button was not pressed to confirm ' + expired.name, expired.id);
      } else prompt(Math.ceil((deadline - now) / 1000));
    },
    press: function (now: number): boolean {
      if (!waiting || now >= deadline) return false;
      const command = waiting;
      waiting = null;
      prompt(0);
      run(command);
      return true;
    },
    pending: function (): Command | null {
      return waiting;
    },
    setCommands: function (commands: CommandSpec[]): void {
      specs = base.concat(commands);
    },
  };
}
