// Reading a scenario (docs/replay.md): every line is parsed and
// checked before anything runs, so a malformed scenario is reported with its
// line number and nothing half-run.
import { ALGORITHM_NAMES } from '../firmware/debounce';
import { jsonDepth } from '../firmware/protocol';
import { BUTTON_NAMES } from '../firmware/board';

export class ScenarioError extends Error {
  constructor(readonly line: number, message: string) {
    super(message);
    this.name = 'ScenarioError';
  }
}

export const ACTIONS = ['raw', 'set', 'do', 'button', 'phone', 'power', 'fault'] as const;
export type ActionKind = (typeof ACTIONS)[number];

export interface ScenarioHeader {
  game: string;
  players: number | string[] | undefined;
  options: Record<string, unknown>;
  mode: 'play' | 'diag';
  /** The scan period (ms); left out of the header, the game's board's own (0 until parseScenarioOf knows the game). */
  pollMs: number;
  debounce: { algorithm: string; ms: number } | undefined;
  channels: number | undefined;
  seed: number;
  /** Extension: a busy interpreter delays a scan now and then by up to this many ms. */
  jitterMs: number;
  /** Extension: the bytes the board's log has room for; left out, the game's board's own (sim/game.ts logChunks). */
  logBytes: number | undefined;
}

/** One action line: its number in the file, its time, which action, and the whole object. */
export interface ScenarioAction {
  line: number;
  t: number;
  kind: ActionKind;
  body: Record<string, unknown>;
}

/** Nesting any line may have: far more than a scenario needs, far less than would overflow a stack while it runs. */
const MAX_DEPTH = 32;
/** The latest time a line may have (about 31 years, in ms): every step of a ms stays exact. */
const MAX_T_MS = 1e12;
/** A player's name, as the phone's `new` command takes it (docs/protocol.md). */
const MAX_NAME = 16;
const HEADER_KEYS = ['game', 'players', 'options', 'mode', 'pollMs', 'debounce', 'channels', 'seed', 'jitterMs', 'logBytes'];
/** Fields an action line may carry beside t and its action (a `do` carries its own). */
const EXTRA_KEYS: Record<string, string[]> = { button: ['holdMs'], phone: ['paired'], power: ['afterBytes'] };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isCount(v: unknown, min: number, max: number): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
}

/** Non-empty lines with their 1-based numbers (blank lines are skipped, numbering kept). */
function numberedLines(text: string): { n: number; s: string }[] {
  const out: { n: number; s: string }[] = [];
  text.split(/\r?\n/).forEach((s, i) => { if (s.trim() !== '') out.push({ n: i + 1, s }); });
  return out;
}

function parseJson(n: number, s: string): Record<string, unknown> {
  let v: unknown;
  try {
    v = JSON.parse(s);
  } catch (e) {
    throw new ScenarioError(n, `not JSON: ${(e as Error).message}`);
  }
  if (!isObject(v)) throw new ScenarioError(n, 'expected a JSON object');
  if (jsonDepth(s, MAX_DEPTH) > MAX_DEPTH) throw new ScenarioError(n, `nested more than ${MAX_DEPTH} levels deep`);
  return v;
}

export function parseHeader(n: number, h: Record<string, unknown>): ScenarioHeader {
  for (const k of Object.keys(h)) if (!HEADER_KEYS.includes(k)) throw new ScenarioError(n, `unknown header field "${k}" (known: ${HEADER_KEYS.join(', ')})`);
  if (typeof h.game !== 'string') throw new ScenarioError(n, 'header "game" must name a game');
  const p = h.players;
  if (p !== undefined && !isCount(p, 1, 16) && !(Array.isArray(p) && p.length > 0 && p.every((x) => typeof x === 'string' && x.length >= 1 && x.length <= MAX_NAME))) {
    throw new ScenarioError(n, `header "players" must be a count or an array of names of 1 to ${MAX_NAME} characters`);
  }
  if (h.options !== undefined && !isObject(h.options)) throw new ScenarioError(n, 'header "options" must be an object');
  if (h.mode !== undefined && h.mode !== 'play' && h.mode !== 'diag') throw new ScenarioError(n, 'header "mode" must be "play" or "diag"');
  if (h.pollMs !== undefined && !isCount(h.pollMs, 1, 1000)) throw new ScenarioError(n, 'header "pollMs" must be a whole number of ms, 1 to 1000');
  let debounce: ScenarioHeader['debounce'];
  if (h.debounce !== undefined) {
    const d = h.debounce;
    if (!isObject(d) || typeof d.algorithm !== 'string' || !ALGORITHM_NAMES.includes(d.algorithm)) {
      throw new ScenarioError(n, `header "debounce.algorithm" must be one of ${ALGORITHM_NAMES.join(', ')}`);
    }
    if (!isCount(d.ms, 0, 1000)) throw new ScenarioError(n, 'header "debounce.ms" must be a whole number of ms, 0 to 1000');
    debounce = { algorithm: d.algorithm, ms: d.ms };
  }
  if (h.channels !== undefined) {
    if (h.game !== 'bench') throw new ScenarioError(n, 'header "channels" is for the bench game only');
    if (!isCount(h.channels, 1, 1024)) throw new ScenarioError(n, 'header "channels" must be 1 to 1024');
  }
  if (h.seed !== undefined && !isCount(h.seed, -4294967296, 4294967296)) throw new ScenarioError(n, 'header "seed" must be an integer from -4294967296 to 4294967296');
  if (h.jitterMs !== undefined && !isCount(h.jitterMs, 0, 1000)) throw new ScenarioError(n, 'header "jitterMs" must be 0 to 1000');
  if (h.logBytes !== undefined && !isCount(h.logBytes, 1, 1_000_000)) throw new ScenarioError(n, 'header "logBytes" must be a whole number of bytes, 1 to 1000000');
  return {
    game: h.game,
    players: p as ScenarioHeader['players'],
    options: (h.options as Record<string, unknown>) ?? {},
    mode: (h.mode as 'play' | 'diag') ?? 'play',
    pollMs: (h.pollMs as number) ?? 0,
    debounce,
    channels: h.channels as number | undefined,
    seed: (h.seed as number) ?? 1,
    jitterMs: (h.jitterMs as number) ?? 0,
    logBytes: h.logBytes as number | undefined,
  };
}

/** What the rest of the checks need to know of the board and the game. */
export interface LineRules {
  channels: number;
  hasSensor(name: string): boolean;
  /** Actions this game and mode accept beside raw and set. */
  actions: string[];
  /** The game's own check of a line (e.g. a `do`'s fields); a message, or null when fine. */
  check?(a: ScenarioAction): string | null;
  /** The check of a `fault` line against the board (sim/faults.ts); without it, no fault line is taken. */
  fault?(o: Record<string, unknown>): string | null;
}

export function parseAction(n: number, o: Record<string, unknown>, prevT: number, rules: LineRules): ScenarioAction {
  const t = o.t;
  if (typeof t !== 'number' || !(t >= 0 && t <= MAX_T_MS)) throw new ScenarioError(n, `"t" must be a number of ms, 0 to ${MAX_T_MS}`);
  if (t < prevT) throw new ScenarioError(n, `"t" goes back in time (${t} after ${prevT})`);
  const kinds = ACTIONS.filter((k) => k in o);
  if (kinds.length !== 1) throw new ScenarioError(n, `expected exactly one action of ${ACTIONS.join(', ')}, got ${kinds.length ? kinds.join(', ') : 'none'}`);
  const kind = kinds[0];
  // A fault line's fields depend on its fault: checked with the board below.
  if (kind !== 'do' && kind !== 'fault') {
    const allowed = ['t', kind].concat(EXTRA_KEYS[kind] ?? []);
    for (const k of Object.keys(o)) if (!allowed.includes(k)) throw new ScenarioError(n, `unexpected field "${k}" in a ${kind} line`);
  }
  const a: ScenarioAction = { line: n, t, kind, body: o };
  // (A board without digital channels, shuffleboard's, has no sensor that reads 0 or 1: its happenings move its weights.)
  if ((kind === 'raw' || kind === 'set') && !rules.channels) throw new ScenarioError(n, `"${kind}" sets digital ${kind === 'raw' ? 'channels' : 'sensors'}, and this board has none`);
  if (kind === 'raw') {
    if (!Array.isArray(o.raw) || o.raw.length === 0) throw new ScenarioError(n, '"raw" must be a non-empty array of {ch, level}');
    for (const r of o.raw) {
      if (!isObject(r) || !isCount(r.ch, 0, rules.channels - 1)) throw new ScenarioError(n, `"raw" channel must be 0 to ${rules.channels - 1}`);
      if (r.level !== 0 && r.level !== 1) throw new ScenarioError(n, '"raw" level must be 0 or 1');
      for (const k of Object.keys(r)) if (k !== 'ch' && k !== 'level') throw new ScenarioError(n, `unexpected field "${k}" in a "raw" entry: each is {ch, level}`);
    }
  } else if (kind === 'set') {
    if (!isObject(o.set) || Object.keys(o.set).length === 0) throw new ScenarioError(n, '"set" must map sensor names to 0 or 1');
    for (const [name, level] of Object.entries(o.set)) {
      if (!rules.hasSensor(name)) throw new ScenarioError(n, `no sensor named "${name}" on this board`);
      if (level !== 0 && level !== 1) throw new ScenarioError(n, `"set" level of ${name} must be 0 or 1`);
    }
  } else if (kind === 'fault') {
    const problem = rules.fault ? rules.fault(o) : 'this board takes no fault lines';
    if (problem) throw new ScenarioError(n, problem);
  } else {
    if (!rules.actions.includes(kind)) throw new ScenarioError(n, `action "${kind}" is not supported here`);
    if (kind === 'do' && typeof o.do !== 'string') throw new ScenarioError(n, '"do" must name a happening');
    if (kind === 'button' && (typeof o.button !== 'string' || !BUTTON_NAMES.includes(o.button))) throw new ScenarioError(n, `"button" must be one of the board's buttons, ${BUTTON_NAMES.join(' or ')}`);
    if (kind === 'button' && o.holdMs !== undefined && !(typeof o.holdMs === 'number' && o.holdMs >= 0)) {
      throw new ScenarioError(n, '"holdMs" must be a number of ms');
    }
    if (kind === 'phone' && !isObject(o.phone) && typeof o.phone !== 'string') throw new ScenarioError(n, '"phone" must be an object or a string');
    if (kind === 'phone' && o.paired !== undefined && typeof o.paired !== 'boolean') throw new ScenarioError(n, '"paired" must be true or false');
    if (kind === 'power' && o.power !== 'cut' && o.power !== 'on') throw new ScenarioError(n, '"power" must be "cut" or "on"');
    if (kind === 'power' && o.afterBytes !== undefined && (o.power !== 'cut' || !isCount(o.afterBytes, 0, 1e6))) {
      throw new ScenarioError(n, '"afterBytes" (a cut in the middle of the next flash write) goes with "power":"cut" and is a whole number');
    }
  }
  const msg = rules.check ? rules.check(a) : null;
  if (msg) throw new ScenarioError(n, msg);
  return a;
}

/** Splits a scenario into its header (line 1) and the raw objects of its action lines. */
export function splitScenario(text: string): { header: ScenarioHeader; headerLine: number; lines: { n: number; o: Record<string, unknown> }[] } {
  const lines = numberedLines(text);
  if (lines.length === 0) throw new ScenarioError(1, 'empty scenario: line 1 must be the header');
  const first = lines[0];
  const header = parseHeader(first.n, parseJson(first.n, first.s));
  return { header, headerLine: first.n, lines: lines.slice(1).map((l) => ({ n: l.n, o: parseJson(l.n, l.s) })) };
}
