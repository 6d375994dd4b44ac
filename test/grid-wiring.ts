// Properties of the shuffleboard grid's wiring faults, played on the simulator, each struck at any time of a game of
// throws and lifted some seconds later, the game at any phase of the board's scans. Written from the promises of
// docs/diagnostics.md, not from the firmware's checks.
// Rails (`rail`, `bank`): a random set of grid sensors stuck at one rail of their supply (a broken line, a missing
// sensor, a dead multiplexer's inputs):
// - more sensors at a rail than one multiplexer's 16 are the grid's fault: `bank` within 6 s (when they last that
//   long; 4 s between throws, 6 s at rest), no `rail` for them, and no throw told from the `bank` until the grid
//   is sound again (`ok`);
// - 16 or fewer: no `bank`; told as `rail` by one of them within 8 s (when they last that long).
// Dead select lines (`select`, `bank`): any line stuck at either level:
// - no throw told from a `bank` until its `ok`; a line named is the dead one, and sound again only after the lift;
// - line 7 stuck high (the second analog input's 124 channels at a rail): `bank` within 6 s, and no `rail`.
import fc from 'fast-check';
import { replay } from '../sim/replay';

type Line = { t: number; phone?: Record<string, unknown> };

type Fault = Record<string, unknown> & { t: number };

/** The multiplexer's inputs: more sensors at a rail than that are the grid's fault (docs/diagnostics.md). */
const ONE_MULTIPLEXER = 16;
/** At worst: a board at rest reads a row again within 3.8 s, a check comes once a second, and one more reads every sensor afresh. */
const BANK_WITHIN_MS = 6000;
const RAIL_WITHIN_MS = 8000;
/** A check comes once a second from the board's first scan: a bound of n seconds is met at a check a little after. */
const SLACK_MS = 200;

/** A game of eight throws a player each 6 s from 1 s, `shift` ms later, with `faults` among them. */
function withThrows(faults: Fault[], shift: number): string {
  const throws = [[300, 250], [800, 120], [150, 380], [1200, 250], [500, 100], [60, 300], [1000, 200], [400, 400]].map(([d, y], i) => ({ t: 1000 + 6000 * i + shift, do: 'slide', to: { d, y } }));
  const lines = [{ game: 'shuffleboard', players: 2, options: { firstPlayer: 0 }, seed: 4 }, ...[...throws, ...faults].sort((a, b) => a.t - b.t)];
  return lines.map((l) => JSON.stringify(l)).join('\n');
}

/** The scenario: `chs` stuck at the top (`high`) or bottom rail from `at` for `lasts` ms among the throws. */
export function railsScenario(chs: number[], at: number, lasts: number, high: boolean, shift: number): string {
  const name = (ch: number) => `grid.${Math.floor(ch / 10)}.${ch % 10}`;
  return withThrows(chs.flatMap((ch) => [{ t: at, fault: 'stuck', sensor: name(ch), value: high ? 0.999 : 0.001 }, { t: at + lasts, fault: 'lift', sensor: name(ch) }]), shift);
}

/**
 * The first throw told (the throws left fewer) while the grid was untrusted: from each `bank` until the `ok` of the
 * grid after it (one never told: to the end).
 */
function toldWhileUntrusted(out: Line[], faults: Line[]): Line | undefined {
  const left = (l: Line) => l.phone!.left as number;
  const states = out.filter((l) => l.phone?.type === 'state');
  for (const bank of faults.filter((l) => l.phone!.fault === 'bank')) {
    const ok = faults.find((l) => l.t > bank.t && l.phone!.fault === 'ok' && l.phone!.line === undefined && l.phone!.ch === undefined);
    const before = [...states].reverse().find((l) => l.t <= bank.t);
    const told = states.find((l) => l.t > bank.t && l.t < (ok ? ok.t : Infinity) && left(l) < (before ? left(before) : 8));
    if (told) return told;
  }
  return undefined;
}

/** What the scenario broke of the promises (none: an empty list). */
export function railsProblems(chs: number[], at: number, lasts: number, high: boolean, shift: number): string[] {
  const out = replay(railsScenario(chs, at, lasts, high, shift)).lines.map((l) => JSON.parse(l) as Line);
  const faults = out.filter((l) => l.phone?.type === 'fault');
  const bank = faults.find((l) => l.phone!.fault === 'bank');
  const rails = faults.filter((l) => l.phone!.fault === 'rail');
  const lift = at + lasts;
  const problems: string[] = [];
  if (chs.length > ONE_MULTIPLEXER) {
    if (lasts >= BANK_WITHIN_MS + SLACK_MS && !(bank && bank.t - at <= BANK_WITHIN_MS + SLACK_MS)) problems.push(`no bank within ${BANK_WITHIN_MS} ms (${bank ? bank.t : 'none'})`);
    if (rails.some((l) => l.t < lift)) problems.push(`a rail told for ${chs.length} at a rail: ${rails.map((l) => l.phone!.ch).join(', ')}`);
    const told = toldWhileUntrusted(out, faults);
    if (told) problems.push(`a throw told while the grid was untrusted, at ${told.t}`);
  } else {
    if (bank) problems.push(`bank for ${chs.length} at a rail, at ${bank.t}`);
    if (lasts >= RAIL_WITHIN_MS + SLACK_MS && !rails.some((l) => l.t >= at && l.t - at <= RAIL_WITHIN_MS + SLACK_MS)) problems.push(`no rail within ${RAIL_WITHIN_MS} ms`);
    const strays = rails.filter((l) => !chs.includes(l.phone!.ch as number));
    if (strays.length) problems.push(`a rail told of a sound sensor: ${strays.map((l) => l.phone!.ch).join(', ')}`);
  }
  return problems;
}

/** The rails' property, `runs` cases drawn from `seed`; a failure throws with the scenario, shrunk, to replay. */
export function checkRails(runs: number, seed: number): void {
  fc.assert(fc.property(
    // (Near 16 as often as far from it: a set of up to 40.)
    fc.uniqueArray(fc.integer({ min: 0, max: 379 }), { minLength: 1, maxLength: 40, size: 'max' }),
    fc.integer({ min: 500, max: 50000 }), fc.integer({ min: 1000, max: 15000 }), fc.boolean(), fc.integer({ min: 0, max: 99 }),
    (chs, at, lasts, high, shift) => {
      const problems = railsProblems(chs, at, lasts, high, shift);
      if (problems.length) throw new Error(`${problems.join('; ')}\n${railsScenario(chs, at, lasts, high, shift)}`);
    }), { numRuns: runs, seed });
}

/** The scenario: select line `line` stuck at `level` from `at` for `lasts` ms among the throws. */
export function deadLineScenario(line: number, level: number, at: number, lasts: number, shift: number): string {
  return withThrows([{ t: at, fault: 'dead-line', line, level }, { t: at + lasts, fault: 'lift', line }], shift);
}

/** What the scenario broke of the promises (none: an empty list). */
export function deadLineProblems(line: number, level: number, at: number, lasts: number, shift: number): string[] {
  const out = replay(deadLineScenario(line, level, at, lasts, shift)).lines.map((l) => JSON.parse(l) as Line);
  const faults = out.filter((l) => l.phone?.type === 'fault');
  const problems: string[] = [];
  const told = toldWhileUntrusted(out, faults);
  if (told) problems.push(`a throw told while the grid was untrusted, at ${told.t}`);
  for (const f of faults.filter((l) => l.phone!.line !== undefined)) {
    if (f.phone!.line !== line) problems.push(`line ${f.phone!.line} told (${f.phone!.fault}), line ${line} dead`);
    else if (f.phone!.fault === 'ok' && f.t < at + lasts) problems.push(`line ${line} sound again at ${f.t}, before the lift`);
  }
  if (line === 7 && level === 1) {
    if (lasts >= BANK_WITHIN_MS + SLACK_MS && !faults.some((l) => l.phone!.fault === 'bank' && l.t >= at && l.t - at <= BANK_WITHIN_MS + SLACK_MS)) problems.push(`no bank within ${BANK_WITHIN_MS} ms`);
    // (Its rails are no sensor's fault: none is told as one.)
    const rails = faults.filter((l) => l.phone!.fault === 'rail');
    if (rails.length) problems.push(`a rail told of the dead line's channels: ${rails.map((l) => l.phone!.ch).join(', ')}`);
  }
  return problems;
}

/** The dead lines' property, `runs` cases drawn from `seed`. */
export function checkDeadLines(runs: number, seed: number): void {
  fc.assert(fc.property(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 1 }), fc.integer({ min: 500, max: 50000 }), fc.integer({ min: 1000, max: 20000 }), fc.integer({ min: 0, max: 99 }),
    (line, level, at, lasts, shift) => {
      const problems = deadLineProblems(line, level, at, lasts, shift);
      if (problems.length) throw new Error(`${problems.join('; ')}\n${deadLineScenario(line, level, at, lasts, shift)}`);
    }), { numRuns: runs, seed });
}
