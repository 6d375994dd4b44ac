// Forms from a game's command table (firmware/commands.ts): each command's
// fields and their rules, read from the same string the board checks, and the
// board's own validator to check what was typed before it is sent.
import { validate, isRefusal } from '../../firmware/commands';
import type { CommandTable } from '../../firmware/commands';

export interface FieldSpec {
  key: string;
  required: boolean;
  /** `bool`, `int`, `str`, `obj` or `players`. */
  type: string;
  /** For `str x|y|z`: the choices. */
  choices: string[] | null;
  /** For `int a..b` and `players a..b`: the bounds; for `str n`: 1..n characters. */
  min: number;
  max: number;
  /** The rule as the table writes it. */
  rule: string;
}

export interface CommandSpec {
  name: string;
  fields: FieldSpec[];
}

/** A table's commands and their fields. */
export function commandSpecs(table: CommandTable): CommandSpec[] {
  return table.split(';').filter((c) => c !== '').map((c) => {
    const [name, ...args] = c.split(',');
    return { name: name.replace('?', ''), fields: args.map((a) => fieldSpec(a.split(':')[0], a.split(':')[1])) };
  });
}

/** One field: `!key` is required; the rule is a command-table rule. */
export function fieldSpec(key: string, rule: string): FieldSpec {
  const [type, bounds = ''] = rule.split(' ');
  const range = bounds.split('..');
  const textMax = type === 'str' && +bounds ? +bounds : 0;
  return {
    key: key.replace('!', ''),
    required: key.startsWith('!'),
    type,
    choices: type === 'str' && !textMax ? bounds.split('|') : null,
    min: textMax ? 1 : +range[0],
    max: textMax || +range[1],
    rule,
  };
}

/** A value typed in a form field, as the command takes it; undefined for an empty field. */
export function fieldValue(spec: FieldSpec, typed: string | boolean): unknown {
  if (typed === '' || typed === undefined) return undefined;
  if (spec.type === 'bool') return typed === true || typed === 'true';
  if (spec.type === 'int' || spec.type === 'players') return Number(typed);
  return typed;
}

/** What is wrong with a command before it is sent (the board's own check of `table`), or null. */
export function commandProblem(command: Record<string, unknown>, table: CommandTable): string | null {
  const checked = validate(command, table, true);
  return isRefusal(checked) ? checked.message : null;
}

/** The table of a game's options (its companion.json), as a command `options` that `commandProblem` checks. */
export function optionsTable(options: Record<string, string>): CommandTable {
  return ['options'].concat(Object.keys(options).map((k) => k + ':' + options[k])).join(',');
}
