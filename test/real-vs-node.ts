// The same phone, two interpreters: a game's lines from a phone (moves, corrections, undo, new, state,
// diagnostics, garbled text), a power cut among them, played by the firmware in Node's simulator and by its stored
// bundle in the real interpreter (ESPRUINO: pretokenised, minified, ES5, its modules loaded from Storage, its log
// in Storage across the cut), each on a virtual clock, a line every STEP_MS; and shuffleboard's decision of the
// same tables in both. Every line the board sends, and every advert, must be the same in both, in the same order
// (diagnostics reports in their own): the oracle is the simulator's board, the thing checked is what the build and
// the chip's interpreter make of the same source (a number printed, a typed array, a string's method, a module
// loaded, a file read back). A game's rules are checked against the rules text elsewhere (the referees, the chaos
// scorers); here only that the chip plays what Node plays. Used by test/real-vs-node.test.ts (a seeded sample) and
// bench/real-vs-node.bench.ts (at scale). A play's `happenings` are what a digital board's sensors see meanwhile,
// read in the real interpreter through the board's own drivers: test/real-sensors.ts plays those.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { buildGame, moduleFiles } from '../tools/build';
import { CATCH_ERRORS, bootStorage, connectedPhone, deviceRows, writeToStorage } from '../tools/espruino-run';
import { ROOT } from '../tools/games';
import { BOOT_MS, parseScenario, Simulation } from '../sim/replay';
import { chainAtStart, emptyGrid, movesAsCommands, phoneGame, sensorSchedule, sensorWorld, virtualClock } from '../tools/espruino-play';
import { moduleOf } from '../firmware/games/registry';
import type { BankOptions } from '../hal/types';
import type { LevelChange } from '../sim/physics/types';
import { MATCH_MODULE } from '../firmware/modules';
import { mulberry32, setLevel } from '../sim/inputs';
import { generateGame } from './fortress-referee';
import { endRests, gridReadings, randomTable } from './shuffleboard-sweep';
import { decideTable } from './decide-table';

/** A line from the phone every STEP_MS, the first at FIRST_MS (the board booted and its phone connected). */
export const STEP_MS = 250;
export const FIRST_MS = 1000;
/**
 * The phone is silent this long after an undo, and after the board is up again from a power cut (phonePlay): an undo
 * reads the log back over the scan ticks (a board at rest ticks every 500 ms), shuffleboard's first pass over its
 * grid after power-up takes some 0.4 s, and the two interpreters' ticks do not fall at the same instants, so a line
 * sent meanwhile may come out before what they finish in one and after it in the other (hostile round 17: a state
 * 750 ms after the undo of a game of 120 moves).
 */
export const QUIET_MS = 2000;
/** After the last line: the board's slow work, a command's timeouts, its lines sent. */
const TAIL_MS = 3000;

/** A phone's line: a command, or text as it is sent (garbled); null, none (the phone is silent then). */
export type PhoneLine = Record<string, unknown> | string | null;

/**
 * A game played from the phone alone; with `cut`, the power goes at `at` ms (between two of the interpreter's calls:
 * the Linux build cannot stop one in a flash write) and comes back at `on`. The phone's lines meanwhile, and while the
 * board boots (BOOT_MS), are heard by no one.
 */
export interface PhonePlay {
  game: string;
  lines: PhoneLine[];
  cut?: { at: number; on: number };
  /**
   * What the board's sensors see meanwhile: scenario lines (docs/replay.md) with their `t`, `do` (a game's happening,
   * which the simulator's physics turns into level changes), `raw` or `set`. The real interpreter's board reads the
   * same level changes, as the simulator made them (sensorWorld).
   */
  happenings?: Record<string, unknown>[];
  /** false: the board has no wake line (wiring.md, Resting when idle), so a resting board hears its sensors only at its slow ticks. */
  wakeLine?: false;
}

/**
 * What the board sent from FIRST_MS on: each line to the phone, and each advert (its manufacturer data in hex), after
 * the virtual millisecond it sent it at and a space. (Apart: the simulator records a tick's adverts before its lines.)
 */
export interface Sent {
  lines: string[];
  adverts: string[];
  /** In the real interpreter, with sensors: each time the wake line woke the resting board, the virtual ms it began to rest and the ms it woke. */
  wakes?: string[];
}

/** The play as a scenario `npx tallyboard replay` plays (the simulator's side of the comparison). */
export function scenarioOf(play: PhonePlay): string {
  const lines = play.lines.map((line, i) => ({ t: FIRST_MS + STEP_MS * i, phone: line }) as Record<string, unknown>).filter((l) => l.phone !== null);
  if (play.cut) {
    const { at, on } = play.cut;
    lines.push({ t: at, power: 'cut' }, { t: on, power: 'on' });
  }
  // (A stable sort: what comes at one time keeps its order.)
  const all = lines.concat(play.happenings || []).sort((a, b) => (a.t as number) - (b.t as number));
  return [JSON.stringify({ game: play.game, players: 2 })].concat(all.map((l) => JSON.stringify(l))).join('\n') + '\n';
}

const endOf = (play: PhonePlay): number => Math.max(FIRST_MS + STEP_MS * play.lines.length, play.cut ? play.cut.on + BOOT_MS : 0,
  ...(play.happenings || []).map((h) => (h.t as number) + HAPPENING_MS)) + TAIL_MS;
/** A happening's move is over within this long (a triangle chip at rest, a ring on its peg, a fortress stroke's balls at rest and the 8 s after). */
const HAPPENING_MS = 12000;

/** The levels a board's digital banks read: at the start (channel c at bit c % 32 of word c >> 5), then each change. */
export interface Levels {
  words: number[];
  changes: LevelChange[];
}

/** Each line the simulator's board sends from FIRST_MS on, as `ms line`; and the levels its banks read, as its physics made them. */
export function playInNode(play: PhonePlay): Sent & { levels: Levels } {
  const sim = new Simulation(parseScenario(scenarioOf(play)));
  if (play.wakeLine === false) sim.wakeLine = false;
  const inputs = sim.hal.inputs;
  const levels: Levels = { words: [], changes: [] };
  for (let ch = 0; ch < inputs.channels; ch++) levels.words[ch >> 5] = (levels.words[ch >> 5] | 0) | (inputs.level(ch) << (ch & 31));
  // (Every change the scenario's lines and physics make reaches the inputs' schedule through its `add`.)
  const schedule = inputs as unknown as { add(c: LevelChange): void };
  const add = schedule.add.bind(inputs);
  schedule.add = (c) => {
    levels.changes.push({ t: c.t, ch: c.ch, level: c.level });
    add(c);
  };
  const lines: string[] = [];
  let pending = '';
  sim.onChunk = (chunk) => {
    pending += chunk;
    for (let i = pending.indexOf('\n'); i >= 0; i = pending.indexOf('\n')) {
      if (sim.t >= FIRST_MS) lines.push(`${Math.round(sim.t)} ${pending.slice(0, i)}`);
      pending = pending.slice(i + 1);
    }
  };
  sim.runUntil(endOf(play));
  const adverts = sim.adverts.filter((a) => a.t >= FIRST_MS).map((a) => `${Math.round(a.t)} ${Buffer.from(a.bytes).toString('hex')}`);
  // (In time order: the inputs keep them so, ties in the order made.)
  levels.changes = levels.changes.map((c, i) => [c, i] as [LevelChange, number]).sort((a, b) => a[0].t - b[0].t || a[1] - b[1]).map(([c]) => c);
  return { lines, adverts, levels };
}

/** The words of `levels` at `from` ms, every change before it made. */
function levelsAt(levels: Levels, from: number): number[] {
  const words = levels.words.slice();
  for (const c of levels.changes) {
    if (c.t >= from) break;
    setLevel(words, c.ch, c.level);
  }
  return words;
}

/** The built bundles, one a game. */
const built = new Map<string, Awaited<ReturnType<typeof buildGame>>>();

/**
 * Each line the stored bundle sends in the real interpreter (ESPRUINO) from FIRST_MS on, as `ms line`. With a cut,
 * the board runs twice on one flash: until the cut, and from its boot after the power comes back, the phone's lines
 * due then sent at the same time after its boot as the simulator's board hears them.
 */
export async function playInEspruino(play: PhonePlay, levels?: Levels): Promise<Sent> {
  // (What its board cannot be given: its sensors are level changes from FIRST_MS on, when the comparison begins; it
  // has no buttons to press, and no fault laid over its banks' reads.)
  for (const h of play.happenings || []) {
    if ((h.t as number) < FIRST_MS || !(h.do !== undefined || h.raw !== undefined || h.set !== undefined)) throw new Error(`a happening the real interpreter's board cannot be given: ${JSON.stringify(h)}`);
  }
  let bundle = built.get(play.game);
  if (!bundle) built.set(play.game, (bundle = await buildGame(play.game)));
  const stubs = readFileSync(join(ROOT, 'tools', 'espruino-linux-stubs.js'), 'utf8');
  // (The board's table as a new game lays it out: fortification billiards' chain, shuffleboard's grid with nothing on
  // it; or, with `levels`, its sensors as the simulator's physics made them, sensorWorld, its bank fed from a file.)
  const table = levels ? '' : (await chainAtStart(play.game)) + (play.game === 'shuffleboard' ? emptyGrid() : '');
  const files = Object.assign({ '.bootcde': bundle.stored }, moduleFiles(bundle, 'stored'));
  const lengths: Record<string, number> = {};
  for (const name of Object.keys(files)) lengths[name] = files[name].length;
  const sensors = levels && Object.assign({ banks: (await moduleOf(play.game)).board.banks! }, levels);
  // (Typed into its console, Storage once lacked a module on a busy machine, and the board said so to the phone: each
  // boot checks that Storage holds what was written, and the play is played afresh, twice at most, if not.)
  for (let attempt = 1; ; attempt++) {
    try {
      return playOnce(play, files, lengths, stubs + table, sensors);
    } catch (e) {
      if (attempt >= 3 || !/harness: Storage lacks/.test((e as Error).message)) throw e;
    }
  }
}

/**
 * playInEspruino's play, once: Storage written with `files` (their `lengths`, which each boot checks) and a .boot0 of
 * the world, `world` (stubs and table).
 */
function playOnce(play: PhonePlay, files: Record<string, string>, lengths: Record<string, number>, world: string, levels?: Levels & { banks: BankOptions[] }): Sent {
  const dir = mkdtempSync(join(tmpdir(), 'tallyboard-real-vs-node-'));
  const levelFile = join(dir, 'levels.txt');
  const wakeFile = join(dir, 'wakes.txt');
  const file = join(dir, 'sent.txt');
  const advertFile = join(dir, 'adverts.txt');
  const runFile = join(dir, 'run.json');
  // Written to Storage once: a board's Storage is not written again to change what its world does. Each run's own
  // figures (from when, until when, when the phone's lines are due) are read from run.json as it boots, each line
  // from a file of its own as it is sent. (Kept in the interpreter, a play's lines took some 7 JsVars apiece, the
  // room the board needs; each line the board sends is appended to a file as it comes. One timer sends the phone's
  // lines in turn: a timer each took some 13 JsVars a line.)
  const boot0 = [
    `var __want=${JSON.stringify(lengths)};for(var __n in __want)if((require("Storage").read(__n)||"").length!==__want[__n])__errors.push("harness: Storage lacks "+__n);`,
    `var __run=JSON.parse(require("fs").readFileSync(${JSON.stringify(runFile)})),__fs=require("fs");__run.at=new Int32Array(__run.at);__fs.writeFileSync(${JSON.stringify(file)},"");__fs.writeFileSync(${JSON.stringify(advertFile)},"");`,
    virtualClock('__run.until', 'E.getErrorFlags()'),
    connectedPhone(`if(__vt>=__run.shown)__fs.appendFileSync(${JSON.stringify(file)},Math.round(__vt+__run.from)+" "+l+"\\n");`),
    `NRF.setAdvertising=function(d,o){if(__vt<__run.shown)return;var h="",b=o.manufacturerData;for(var i=0;i<b.length;i++)h+=(b[i]|256).toString(16).slice(1);`
    + `__fs.appendFileSync(${JSON.stringify(advertFile)},Math.round(__vt+__run.from)+" "+h+"\\n");};`,
    world,
    levels ? sensorWorld(levels.banks, '__run.words', levelFile, wakeFile, play.wakeLine !== false) : '',
    // (The phone's lines come at multiples of STEP_MS from FIRST_MS: after a boot, at the same remainder; each before
    // a scan at the same time, as the simulator takes them.)
    `var __next=0;function __send(){if(__next<__run.at.length&&__vt>=__run.at[__next])__data(__fs.readFileSync(${JSON.stringify(dir)}+"/line"+__next++ +".txt"));}`
    + `__vfirst(setTimeout(function(){__send();__vfirst(setInterval(__send,${STEP_MS}));},__run.at.length?__run.at[0]%${STEP_MS}:0));`,
  ].join('\n');
  try {
    writeToStorage(dir, Object.assign({ '.boot0': CATCH_ERRORS + boot0 }, files));
    /** One run from a boot at `from` ms: the phone's lines due from then until `until`, each sent as many ms after the boot; what it sent from `shown` on. */
    const run = (from: number, until: number, shown: number): Sent => {
      const due = play.lines.map((l, i) => [FIRST_MS + STEP_MS * i - from, l] as [number, PhoneLine]).filter(([t, l]) => l !== null && t >= 0 && t < until - from);
      due.forEach(([, l], k) => writeFileSync(join(dir, `line${k}.txt`), (typeof l === 'string' ? l : JSON.stringify(l)) + '\n'));
      // (The sensors' levels as the boot finds them, and their changes from then on.)
      const words = levels && levelsAt(levels, from);
      if (levels) {
        writeFileSync(levelFile, sensorSchedule(levels.changes, from));
        writeFileSync(wakeFile, '');
      }
      writeFileSync(runFile, JSON.stringify({ from, until: until - from, shown: shown - from, at: due.map(([t]) => t), words }));
      const booted = bootStorage(dir, { settleMs: 1800000, timeoutMs: 600000 });
      if (booted.errors.length) throw new Error(`the ${play.game} bundle threw in the real interpreter: ${booted.errors[0]}`);
      // (LOW_MEMORY says a garbage collection was needed; anything else, the interpreter lost something: out of memory.)
      const flags = (booted.probe as string[]).filter((f) => f !== 'LOW_MEMORY');
      if (flags.length) throw new Error(`the ${play.game} bundle ran short in the real interpreter: ${flags.join(', ')}`);
      const read = (name: string) => readFileSync(name, 'latin1').split('\n').filter((l) => l);
      const wakes = levels && read(wakeFile).map((l) => l.split(' ').map((ms) => Math.round(Number(ms) + from)).join(' '));
      return { lines: read(file), adverts: read(advertFile), wakes };
    };
    if (!play.cut) return run(0, endOf(play), FIRST_MS);
    const up = play.cut.on + BOOT_MS;
    const before = run(0, play.cut.at, FIRST_MS);
    const after = run(up, endOf(play), up);
    return { lines: before.lines.concat(after.lines), adverts: before.adverts.concat(after.adverts), wakes: before.wakes && before.wakes.concat(after.wakes || []) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Where two boards' lines first part, or their diagnostics reports, or their adverts, or null when all are the same,
 * each in the same order. (Not when each was sent: the simulator's scan ticks and the virtual clock's timers run in
 * their own order, a line a scan tick apart; and diagnostics reports come on a clock of their own, so a reply may
 * come before a report in one and after it in the other.)
 */
export function parting(node: Sent, real: Sent): string | null {
  const text = (sent: string | undefined) => sent && sent.slice(sent.indexOf(' ') + 1);
  const report = (sent: string) => sent.includes(' {"type":"diag"');
  const kinds: [string, string[], string[]][] = [
    ['line', node.lines.filter((l) => !report(l)), real.lines.filter((l) => !report(l))],
    ['diagnostics report', node.lines.filter(report), real.lines.filter(report)],
    ['advert', node.adverts, real.adverts],
  ];
  for (const [kind, a, b] of kinds) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (text(a[i]) !== text(b[i])) return `${kind} ${i + 1} of what the board sent:\n  in Node:                 ${a[i] ?? '(nothing)'}\n  in the real interpreter: ${b[i] ?? '(nothing)'}`;
    }
  }
  return null;
}

/** Plays both and throws, with the scenario, when they part; else what both sent. */
export async function sameInBoth(play: PhonePlay): Promise<Sent> {
  const node = playInNode(play);
  const real = await playInEspruino(play, play.happenings && node.levels);
  const parted = parting(node, real);
  if (parted) throw new Error(`${parted}\nscenario (npx tallyboard replay plays Node's side):\n${scenarioOf(play)}`);
  return real;
}

// ------------------------------------------------------------------ the phone's lines

/** Each game's own commands and their arguments (docs/protocol.md), as a phone may send them, a few wrong. */
const OWN: Record<string, fc.Arbitrary<PhoneLine>> = {
  triangle: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('partly', 'perfect', 'beyond', 'short').map((r) => ({ cmd: 'flick', r })) },
    { weight: 1, arbitrary: fc.constantFrom('partly', 'perfect', 'beyond', 'short', 'even').map((r) => ({ cmd: 'fix', r })) },
    { weight: 1, arbitrary: fc.constant({ cmd: 'off' }) },
  ),
  ringapeg: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('o1', 'o2', 'o3', 'o4', 'o5', 'o6', 'o7', 'o8', 'i1', 'i2', 'i3', 'i4', 'k', 'none').map((peg) => ({ cmd: 'ring', peg })) },
    { weight: 1, arbitrary: fc.constantFrom('o1', 'i2', 'k', 'zz').map((peg) => ({ cmd: 'lift', peg })) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 4 }).map((player) => ({ cmd: 'claim', player })) },
    { weight: 1, arbitrary: fc.constantFrom({ cmd: 'cleared' }, { cmd: 'end' }) },
  ),
  shuffleboard: fc.oneof(
    { weight: 6, arbitrary: fc.constant({ cmd: 'rest' }) },
    { weight: 3, arbitrary: fc.record({ i: fc.integer({ min: 0, max: 8 }), d: fc.integer({ min: -100, max: 3000 }), c: fc.integer({ min: 0, max: 1 }), h: fc.integer({ min: 0, max: 1 }) }).map((a) => ({ cmd: 'place', ...a })) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 }).map((s) => ({ cmd: 'toss', s })) },
    { weight: 1, arbitrary: fc.constant({ cmd: 'clear' }) },
  ),
  fortress: fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom('EA', 'ED1', 'FD.2', 'FA', 'XX').map((ball) => ({ cmd: 'over', ball })) },
    { weight: 1, arbitrary: fc.constantFrom({ cmd: 'wrong' }, { cmd: 'blind', hit: true }, { cmd: 'lag', p: 1 }) },
    { weight: 1, arbitrary: fc.constantFrom('FA>EA1 EA=', 'ED1.4', 'EA+ FD2-', 'banana').map((h) => ({ cmd: 'fix', h })) },
  ),
};

/** The games a phone plays here: each has its own commands above. */
export const PHONE_GAMES = Object.keys(OWN);
/** A random play's lines at most in the test (a few seconds in the interpreter); the bench plays longer ones. */
export const MAX_LINES = 30;

/** What every board takes from a phone: undo, state, new, the display's brightness, diagnostics, and garbled text. */
function common(game: string): fc.Arbitrary<PhoneLine> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({ cmd: 'undo' }) },
    { weight: 1, arbitrary: fc.constant({ cmd: 'state' }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 4 }).map((players) => ({ cmd: 'new', game, players, options: {} })) },
    // (Names a phone may send: quotes, a backslash, an escaped tab, 16 characters and 17. ASCII only: the Linux build
    // has Unicode, a board has not, and a UTF-8 name parts the board from the simulator already, docs/protocol.md.)
    { weight: 1, arbitrary: fc.constantFrom(['Ann', 'Bo'], ['A"b', 'c\\d'], ['a\tb', 'c/d'], ['x'.repeat(16), 'y'], ['x'.repeat(17)], ['', 'z']).map((players) => ({ cmd: 'new', game, players, options: {} })) },
    { weight: 1, arbitrary: fc.integer({ min: -1, max: 16 }).map((level) => ({ cmd: 'bright', level })) },
    { weight: 1, arbitrary: fc.boolean().map((on) => ({ cmd: 'diag', on })) },
    { weight: 1, arbitrary: fc.constantFrom('{"cmd":', '{"cmd":"nope"}', '[]', 'null', '{"cmd":"undo","id":"x"}', '{"cmd":"state","id":7}') },
  );
}

/**
 * A game's phone lines: its `new` first, then its own commands and the common ones. Fortification billiards' strokes
 * are a legal game's (test/fortress-referee.ts), its other commands mixed in between them. With `cuts` (`half`: one
 * play in two; `every`), the power is cut once, between two of the phone's lines (never at one), and back 0 to 3 s
 * later. The phone is silent for QUIET_MS after each undo and after the board is up again.
 */
export function phonePlay(game: string, maxLines: number, cuts: 'half' | 'every'): fc.Arbitrary<PhonePlay> {
  const first = { cmd: 'new', game, players: 2, options: {} };
  const mixed = fc.oneof({ weight: 4, arbitrary: OWN[game] }, { weight: 1, arbitrary: common(game) });
  const lines: fc.Arbitrary<PhoneLine[]> = game !== 'fortress'
    ? fc.array(mixed, { minLength: 1, maxLength: maxLines, size: 'max' }).map((own) => [first as PhoneLine].concat(own))
    : fc.tuple(fc.array(fc.nat({ max: 0xffff }), { minLength: 8, maxLength: 6 * maxLines, size: 'max' }), fc.array(fc.tuple(fc.nat(), mixed), { maxLength: Math.floor(maxLines / 3), size: 'max' }))
      .map(([choices, others]) => {
        const played: PhoneLine[] = (phoneGame(generateGame(choices)) as PhoneLine[]).slice(0, maxLines);
        for (const [at, line] of others) played.splice(1 + (at % played.length), 0, line);
        return played;
      });
  const when = fc.noBias(fc.tuple(fc.nat(), fc.integer({ min: 1, max: STEP_MS - 1 }), fc.integer({ min: 0, max: 3000 })));
  const cut = cuts === 'every' ? when : fc.option(when, { freq: 2 });
  return fc.tuple(lines, cut).map(([played, c]) => {
    const quiet: PhoneLine[] = [];
    for (const line of played) {
      quiet.push(line);
      if (line && typeof line === 'object' && line.cmd === 'undo') for (let k = 0; k < QUIET_MS / STEP_MS; k++) quiet.push(null);
    }
    const play = { game, lines: quiet };
    if (!c) return play;
    const at = FIRST_MS + STEP_MS * (c[0] % quiet.length) + c[1];
    return withCut(play, at, at + c[2]);
  });
}

/**
 * `play` with the power cut at `at` ms and back at `on`; the phone's lines from the cut until QUIET_MS after the boot
 * are not sent (around a boot, a line could be heard before a scan by one and after it by the other).
 */
export function withCut<P extends PhonePlay>(play: P, at: number, on: number): P {
  const silent = (i: number) => FIRST_MS + STEP_MS * i > at && FIRST_MS + STEP_MS * i < on + BOOT_MS + QUIET_MS;
  return Object.assign(play, { lines: play.lines.map((l, i) => (silent(i) ? null : l)), cut: { at, on } });
}

/** Each game's example game, as the phone plays it (as bench peak plays it: its strokes, or each move the board made). */
export const EXAMPLES: [string, string][] = [['triangle', 'triangle-game.jsonl'], ['fortress', 'fortress-game.jsonl'], ['ringapeg', 'ringapeg-advance.jsonl']];

export function examplePlay(game: string, file: string): PhonePlay {
  const text = readFileSync(join(ROOT, 'scenarios', file), 'utf8');
  return { game, lines: (game === 'fortress' ? phoneGame(text) : movesAsCommands(text)) as PhoneLine[] };
}

/**
 * Plays each of the example games of `games` in both, as `playOf` makes it (`how`: from the phone, through its
 * sensors), and prints a line each: the same in both and how many lines, or where they parted. (For the benches.)
 */
export async function examplesInBoth(games: string[], how: string, playOf: (game: string, file: string) => PhonePlay, print: (line: string) => void): Promise<void> {
  for (const [game, file] of EXAMPLES.filter(([g]) => games.includes(g))) {
    const t0 = Date.now();
    try {
      const sent = await sameInBoth(playOf(game, file));
      print(`${game}: its example game (${file}) ${how}, the same in both: ${sent.lines.length} lines (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    } catch (e) {
      print(`${game}: its example game (${file}) ${how} parted: ${(e as Error).message}`);
    }
  }
}

// ------------------------------------------------------------------ shuffleboard's decision

/** A table of the sweep (test/shuffleboard-sweep.ts) as the last of an end: the grid's readings, and the seven throws before it. */
export interface EndTable {
  frame: Int16Array;
  rests: number[][];
}

/** Table k of a sweep seeded `seed` (as sweepTable's), its parts spread by their tolerances, its throws laid as boardEnd lays them. */
export function endTable(seed: number, k: number): EndTable {
  const table = randomTable(mulberry32(seed * 100003 + k));
  return { frame: gridReadings(table, seed + k, { scale: 1 }), rests: endRests(table) };
}

/** What the real interpreter decides of each table (decideTable built for the chip, the matching module in Storage), as JSON. */
export async function decideInEspruino(tables: EndTable[]): Promise<string[]> {
  const source = `import { decideTable } from './test/decide-table';
declare function print(...a: unknown[]): void;
function one(frame: number[], rests: number[][]) { print('<<<' + JSON.stringify([decideTable(new Int16Array(frame), rests)]) + '>>>'); }
${tables.map((t) => `one(${JSON.stringify(Array.from(t.frame))}, ${JSON.stringify(t.rests)});`).join('\n')}`;
  const r = await deviceRows(source, ROOT, 100, { game: 'shuffleboard', names: [MATCH_MODULE] });
  if (r.errors.length) throw new Error(`the decision threw in the real interpreter: ${r.errors[0]}`);
  return r.rows.map((row) => JSON.stringify(row[0]));
}

/** What Node decides of a table, as JSON. */
export function decideInNode(t: EndTable): string {
  return JSON.stringify(decideTable(t.frame, t.rests));
}
