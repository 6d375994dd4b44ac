// Ids and tokens in a referee's words (a game's companion.json: `names` and
// `tokens`): the names of a game's parts (fortress's balls, forts, pockets),
// and a field whose value is a list of tokens (fortress's happenings, `h`),
// composed from a kind of token and the names it takes, and read back into
// words. No DOM: the tests check every token a picker can compose.

/**
 * A game's names, by kind (`ball`, `fort`): each id with its words; a kind given as a list of ids takes their
 * words from the kinds that give them (fortress's `spot`: the balls that have a spot of their own).
 */
export type Names = Record<string, Record<string, string> | string[]>;

/**
 * A kind of token: its label (what a picker offers), its words and its token, with `{kind}` where a name of that
 * kind goes; `in`: the commands that take it (all, without).
 */
export interface TokenKind {
  label: string;
  words: string;
  token: string;
  in?: string[];
}

/**
 * A field of tokens: the kinds, and the value (and its words) when there is none (fortress: `-`, a miss); `from`:
 * per command, the state field whose tokens it may start from (fortress's `fix`: the last stroke's, `last`).
 */
export interface TokenField {
  none: string;
  words: string;
  kinds: TokenKind[];
  from?: Record<string, string>;
}

/** The names of one kind, id → words (empty for a kind the game does not name). */
export function namesOf(names: Names, kind: string): Record<string, string> {
  const given = names[kind];
  if (!Array.isArray(given)) return given ?? {};
  const out: Record<string, string> = {};
  for (const id of given) {
    const from = Object.values(names).find((n) => !Array.isArray(n) && id in n) as Record<string, string> | undefined;
    out[id] = from ? from[id] : id;
  }
  return out;
}

/** A name as a form offers it: its words, and its id beside them unless the words end with it (`pocket 2`). */
export function nameShown(words: string | undefined, id: string): string {
  if (!words) return id;
  return words === id || words.endsWith(' ' + id) ? words : `${words} (${id})`;
}

const SLOT = /\{(\w+)\}/g;

/** The kinds of names a token takes, in order (`{ball}>{fort}!` → ball, fort). */
export function slotsOf(kind: TokenKind): string[] {
  return [...kind.token.matchAll(SLOT)].map((m) => m[1]);
}

/** The kinds a command takes (fortress's `hand`: balls back on their spots and colours, nothing struck). */
export function kindsFor(field: TokenField, cmd: string): TokenKind[] {
  return field.kinds.filter((k) => !k.in || k.in.includes(cmd));
}

/** A token of a kind, its names chosen (`{ball}>{fort}!`, ball EA, fort FA1 → `EA>FA1!`). */
export function composeToken(kind: TokenKind, chosen: Record<string, string>): string {
  return kind.token.replace(SLOT, (_, slot: string) => chosen[slot]);
}

/** The field's value: the tokens with a space between them, or its `none`. */
export function joinTokens(field: TokenField, tokens: string[]): string {
  return tokens.length ? tokens.join(' ') : field.none;
}

/** The names of each slot of a token of `kind`, or null when the token is not of that kind. */
function match(kind: TokenKind, names: Names, token: string): Record<string, string> | null {
  const slots = slotsOf(kind);
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\!=~<>-]/g, '\\$&');
  const pattern = kind.token.split(SLOT).map((part, i) => (i % 2 ? '(' + Object.keys(namesOf(names, part)).map(escape).join('|') + ')' : escape(part))).join('');
  const m = new RegExp('^' + pattern + '$').exec(token);
  if (!m) return null;
  const chosen: Record<string, string> = {};
  slots.forEach((slot, i) => { chosen[slot] = m[i + 1]; });
  return chosen;
}

/** A kind's words with the words of its names (`{ball}` → "the English attacking ball"). */
export function kindWords(kind: TokenKind, names: Names, chosen: Record<string, string>): string {
  return kind.words.replace(SLOT, (_, slot: string) => namesOf(names, slot)[chosen[slot]] ?? chosen[slot]);
}

/** A token in words, with the token itself (`EA>FA1!` → "the English attacking ball went into … (EA>FA1!)"); the token alone when no kind reads it. */
export function tokenWords(field: TokenField, names: Names, token: string): string {
  for (const kind of field.kinds) {
    const chosen = match(kind, names, token);
    if (chosen) return kindWords(kind, names, chosen) + ' (' + token + ')';
  }
  return token;
}

/** A field's value (tokens with a space between them) in words, one token's a line: its `none`'s words for none. */
export function valueWords(field: TokenField, names: Names, value: string): string[] {
  const tokens = value.split(' ').filter((t) => t !== '' && t !== field.none);
  return tokens.length ? tokens.map((t) => tokenWords(field, names, t)) : [field.words];
}

/**
 * A sensor's id in a player's words (the simulated board's "Under way" line), from its game's `sensors`
 * (companion.json): each key the id's shape, with `{kind}` where a name of that kind goes, and its words with
 * that name's words in its place. The id itself when no shape fits (a maker's word: wiring.md names them so).
 */
export function sensorWords(sensors: Record<string, string> | undefined, names: Names, id: string): string {
  for (const shape of Object.keys(sensors ?? {})) {
    const kinds: string[] = [];
    const source = shape.split(/(\{\w+\})/).map((part) => {
      const kind = /^\{(\w+)\}$/.exec(part);
      if (!kind) return part.replace(/[.*+?^$()[\]\\|]/g, '\\$&');
      kinds.push(kind[1]);
      return '(' + Object.keys(namesOf(names, kind[1])).map((n) => n.replace(/[.*+?^$()[\]\\|]/g, '\\$&')).join('|') + ')';
    }).join('');
    const found = new RegExp('^' + source + '$').exec(id);
    if (!found) continue;
    const named: Record<string, string> = {};
    kinds.forEach((kind, i) => { named[kind] = namesOf(names, kind)[found[i + 1]]; });
    return sensors![shape].replace(/\{(\w+)\}/g, (_, kind: string) => named[kind]);
  }
  return id;
}
