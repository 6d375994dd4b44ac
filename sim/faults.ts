// Sensor faults as a board's hardware makes them (a scenario's `fault` lines,
// docs/replay.md): from a time on, a sensor, a set of sensors, or an analog
// bank's multiplexer select line reads what the fault makes it read, until the
// fault is lifted (the wire put back). Applied where the board reads: a digital
// bank's word at the moment of the read (a chatter between two reads is not
// seen, as on the chip), an analog channel at its read through the
// multiplexers. Kept with the inputs: a power cut does not mend a wire.
import type { BankOptions } from '../hal/types';
import type { BoardDescription } from '../firmware/board';
import type { Random } from './physics/bounce';

/** Faults of a digital sensor (a bit of a bank's word). */
export const DIGITAL_FAULTS = ['stuck-active', 'stuck-inactive', 'chatter', 'dropout', 'floating'];
/** Faults of an analog sensor (a channel behind the multiplexers), and of the bank's select lines (`dead-line`). */
export const ANALOG_FAULTS = ['stuck', 'drift', 'noise', 'inverted', 'floating', 'dead-line'];

/** An analog fault's place in ANALOG_FAULTS (Fault.analog): a read tells them apart by number, not by name. */
const STUCK = ANALOG_FAULTS.indexOf('stuck');
const DRIFT = ANALOG_FAULTS.indexOf('drift');
const NOISE = ANALOG_FAULTS.indexOf('noise');
const INVERTED = ANALOG_FAULTS.indexOf('inverted');
const FLOATING = ANALOG_FAULTS.indexOf('floating');

/** Faults whose readings change from read to read. */
const CHANGING = ['chatter', 'dropout', 'floating', 'noise'];

/** The fields each fault takes beside `t`, `fault` and what it strikes (`sensor`, or `line` for a dead line). */
const PARAMS: Record<string, string[]> = {
  chatter: ['hz'],
  dropout: ['hz', 'ms'],
  stuck: ['value'],
  drift: ['perS'],
  noise: ['amplitude'],
  'dead-line': ['level'],
};

/** One fault of a channel (or of a select line), as a scenario line gives it, from its time `from`. */
interface Fault {
  kind: string;
  /** Its place in ANALOG_FAULTS (-1: a digital fault). */
  analog: number;
  from: number;
  hz: number;
  ms: number;
  value: number;
  perS: number;
  amplitude: number;
  level: number;
}

/** The analog bank a board has (its interpreter reads it), or null: a board's sensors are all digital or all analog. */
export function analogBankIn(board: BoardDescription): { channels: number; lines: number } | null {
  const banks: BankOptions[] = board.banks || [];
  for (const b of banks) if (b.kind === 'analog') return { channels: b.channels, lines: b.select.length };
  return null;
}

/** How many channels a board's sensors are on: its analog bank's, for a board whose sensors are all analog. */
function sensorChannels(board: BoardDescription): number {
  const analog = analogBankIn(board);
  return analog && board.channels === 0 ? analog.channels : board.channels;
}

/** The channels a `sensor` field names: a sensor's name, or a prefix ending in `*` (`bell.*`; `*` alone: every sensor). */
export function channelsNamed(board: BoardDescription, pattern: string): number[] {
  const n = sensorChannels(board);
  const star = pattern.endsWith('*');
  const stem = star ? pattern.slice(0, -1) : pattern;
  const out: number[] = [];
  for (let ch = 0; ch < n; ch++) {
    const s = board.sensor ? board.sensor(ch) : board.sensors.find((x) => x.ch === ch);
    if (s && (star ? s.name.startsWith(stem) : s.name === pattern)) out.push(ch);
  }
  return out;
}

function isNumberIn(v: unknown, lo: number, hi: number): v is number {
  return typeof v === 'number' && v >= lo && v <= hi;
}

/**
 * What is wrong with a `fault` line's fields on `board`, or null. The line is
 * `{"t":…,"fault":KIND,"sensor":NAME,…}`, `{"t":…,"fault":"dead-line","line":K,"level":0|1}`
 * or `{"t":…,"fault":"lift"}` (every fault lifted; with `sensor` or `line`, theirs).
 */
export function faultLineProblem(o: Record<string, unknown>, board: BoardDescription): string | null {
  const kind = o.fault;
  const analog = analogBankIn(board);
  const isAnalog = !!analog && board.channels === 0;
  const kinds = isAnalog ? ANALOG_FAULTS : DIGITAL_FAULTS;
  if (typeof kind !== 'string' || (kind !== 'lift' && kinds.indexOf(kind) < 0)) {
    return `"fault" must be one of ${kinds.join(', ')} (this board's sensors are ${isAnalog ? 'analog' : 'digital'}), or lift`;
  }
  const allowed = ['t', 'fault'].concat(kind === 'dead-line' ? ['line'] : kind === 'lift' ? ['sensor', 'line'] : ['sensor'], PARAMS[kind] || []);
  for (const k of Object.keys(o)) if (allowed.indexOf(k) < 0) return `unexpected field "${k}" in a ${kind} fault line (it takes ${allowed.slice(2).join(', ') || 'no other field'})`;
  if (kind === 'dead-line' || (kind === 'lift' && o.line !== undefined)) {
    if (!analog) return 'a dead select line needs a board with multiplexers (an analog bank)';
    if (!(Number.isInteger(o.line) && isNumberIn(o.line, 0, analog.lines - 1))) return `"line" must be a select line of the multiplexers, 0 to ${analog.lines - 1}`;
    if (kind === 'dead-line' && o.level !== 0 && o.level !== 1) return '"level" (what the dead line reads) must be 0 or 1';
    if (kind === 'lift' && o.sensor !== undefined) return 'a lift names a sensor or a line, not both';
    return null;
  }
  if (kind === 'lift' && o.sensor === undefined) return null;
  if (typeof o.sensor !== 'string' || o.sensor === '') return `a ${kind} fault line names its "sensor" (a name, or a prefix ending in *)`;
  if (channelsNamed(board, o.sensor).length === 0) return `no sensor ${o.sensor.endsWith('*') ? 'name starts with "' + o.sensor.slice(0, -1) + '"' : 'named "' + o.sensor + '"'} on this board`;
  if (kind === 'chatter' || kind === 'dropout') {
    if (!isNumberIn(o.hz, 0.1, 500)) return '"hz" (how often a second) must be a number, 0.1 to 500';
  }
  if (kind === 'dropout' && !isNumberIn(o.ms, 0.1, 1000 / (o.hz as number))) return '"ms" (how long each dropout lasts) must be a number of ms, 0.1 up to one period (1000 / hz)';
  if (kind === 'stuck' && !isNumberIn(o.value, 0, 1)) return '"value" (the reading it is stuck at, a fraction of the supply) must be 0 to 1';
  if (kind === 'drift' && !isNumberIn(o.perS, -1, 1)) return '"perS" (the offset it gains a second, a fraction of the supply) must be -1 to 1';
  if (kind === 'noise' && !isNumberIn(o.amplitude, 0, 0.5)) return '"amplitude" (the noise either way, a fraction of the supply) must be 0 to 0.5';
  return null;
}

/** An integer hash of three numbers to 0..1 (dropout times: the same however often a level is read). */
function hash(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35) ^ Math.imul(c + 0x165667b1, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return ((h ^ (h >>> 15)) >>> 0) / 4294967296;
}

/** The faults struck on a board's sensors so far, and what they make the board read. */
export class SimFaults {
  /**
   * Each channel's fault, by channel (none: undefined), and how many channels have one: a replay asks for each of
   * the hundreds of channels a scan reads, and a list by channel answers faster than a map.
   */
  private channel: (Fault | undefined)[];
  private faulted = 0;
  /** How many channels have a fault that changes their readings from read to read (CHANGING): asked at every scan. */
  private changingCount = 0;
  private lines = new Map<number, Fault>();
  /** The last analog reading the bank gave: what a floating input's line still holds (kept unboxed: it is written at every read). */
  private held = new Float64Array([0.5]);

  constructor(private board: BoardDescription, private random: Random) {
    this.channel = new Array<Fault | undefined>(sensorChannels(board)).fill(undefined);
  }

  /**
   * The least and the most analog channel ch reads at t through its fault, into lies, told from the least and the
   * most of its clean level (`range`, told as the game tells it, against the reading the scan keeps, `kept`: false
   * when it cannot), without reading it: false
   * when that cannot be told so (a dead select line, a noisy or floating input, or one read next: it takes up what
   * this one leaves on the line), and a read in full is needed.
   */
  range(ch: number, t: number, lies: Float64Array, kept: number, range: (ch: number, t: number, lies: Float64Array, kept: number) => boolean): boolean {
    if (this.faulted === 0 && this.lines.size === 0) return range(ch, t, lies, kept);
    if (this.lines.size) return false;
    const next = this.channel[ch + 1];
    if (next && next.analog === FLOATING) return false;
    const f = this.channel[ch];
    if (!f) return range(ch, t, lies, kept);
    // (As analog works them out: each monotone in the clean level.)
    if (f.analog === STUCK) lies[0] = lies[1] = f.value;
    else if (f.analog === DRIFT) {
      if (!range(ch, t, lies, kept)) return false;
      lies[0] += (f.perS * (t - f.from)) / 1000;
      lies[1] += (f.perS * (t - f.from)) / 1000;
    } else if (f.analog === INVERTED) {
      if (!range(ch, t, lies, kept)) return false;
      const lo = lies[0];
      lies[0] = 1 - lies[1];
      lies[1] = 1 - lo;
    } else return false;
    lies[0] = Math.max(0, Math.min(1, lies[0]));
    lies[1] = Math.max(0, Math.min(1, lies[1]));
    return true;
  }

  /** Whether a fault is on that makes a sensor read differently from one read to the next (the board is never still). */
  changing(): boolean {
    return this.changingCount > 0;
  }

  /** A checked `fault` line (faultLineProblem) at its time. */
  apply(o: Record<string, unknown>, t: number): void {
    const f: Fault = {
      kind: o.fault as string, analog: ANALOG_FAULTS.indexOf(o.fault as string), from: t, hz: (o.hz as number) ?? 0, ms: (o.ms as number) ?? 0, value: (o.value as number) ?? 0,
      perS: (o.perS as number) ?? 0, amplitude: (o.amplitude as number) ?? 0, level: (o.level as number) ?? 0,
    };
    if (f.kind === 'lift') {
      if (o.line !== undefined) this.lines.delete(o.line as number);
      else if (o.sensor === undefined) {
        this.channel.fill(undefined);
        this.lines.clear();
      } else for (const ch of channelsNamed(this.board, o.sensor as string)) this.channel[ch] = undefined;
    } else if (f.kind === 'dead-line') this.lines.set(o.line as number, f);
    else for (const ch of channelsNamed(this.board, o.sensor as string)) this.channel[ch] = f;
    this.faulted = this.changingCount = 0;
    for (const g of this.channel) {
      if (!g) continue;
      this.faulted++;
      if (CHANGING.indexOf(g.kind) >= 0) this.changingCount++;
    }
  }

  /** Bank b's word as read at time t, its clean word being `word`. */
  word(b: number, word: number, t: number): number {
    if (this.faulted === 0) return word;
    const end = Math.min(this.channel.length, (b + 1) << 5);
    for (let ch = b << 5; ch < end; ch++) {
      const f = this.channel[ch];
      if (!f) continue;
      const bit = 1 << (ch & 31);
      const level = this.digital(f, ch, (word & bit) !== 0, t);
      word = level ? word | bit : word & ~bit;
    }
    return word;
  }

  private digital(f: Fault, ch: number, clean: boolean, t: number): boolean {
    const since = t - f.from;
    switch (f.kind) {
      case 'stuck-active': return true;
      case 'stuck-inactive': return false;
      // A loose wire making and breaking contact `hz` times a second, whatever the sensor sees.
      case 'chatter': return Math.floor((since * 2 * f.hz) / 1000) % 2 === 0;
      case 'dropout': {
        // `hz` times a second, at a random moment of each period, the line is lost for `ms`: the input reads inactive.
        const period = 1000 / f.hz;
        const k = Math.floor(since / period);
        const start = k * period + hash(ch, k, f.from) * (period - f.ms);
        return clean && !(since >= start && since < start + f.ms);
      }
      // No pull-up and no driver: the input reads whatever it picks up, afresh each ms.
      default: return hash(ch, Math.floor(t), f.from) < 0.5;
    }
  }

  /** Analog channel ch read at time t, `level` giving each channel's clean level at a time (0..1 of the supply). */
  analog(ch: number, t: number, level: (ch: number, t: number) => number): number {
    // A dead select line reads its level whatever the scan selects: another channel is read.
    if (this.lines.size) for (const [line, f] of this.lines) ch = f.level ? ch | (1 << line) : ch & ~(1 << line);
    const f = this.faulted ? this.channel[ch] : undefined;
    const kind = f ? f.analog : -1;
    return this.laid(ch, t, kind === STUCK || kind === FLOATING ? 0 : level(ch, t));
  }

  /** Whether a run of channels is read as lay has it, each from its own clean level: not while a select line is dead. */
  lays(): boolean {
    return this.lines.size === 0;
  }

  /** Analog channels from..to read at time t, one after the other, their clean levels in out[from..to): what each reads, into out. */
  lay(from: number, to: number, t: number, out: Float64Array): void {
    for (let ch = from; ch < to; ch++) out[ch] = this.laid(ch, t, out[ch]);
  }

  /** What analog channel ch reads at t through its fault, its clean level being `clean` (none when its fault takes none). */
  private laid(ch: number, t: number, clean: number): number {
    const f = this.faulted ? this.channel[ch] : undefined;
    const kind = f ? f.analog : -1;
    let v: number;
    if (kind < 0) v = clean;
    else if (kind === STUCK) v = f!.value;
    else if (kind === DRIFT) v = clean + (f!.perS * (t - f!.from)) / 1000;
    else if (kind === NOISE) v = clean + f!.amplitude * (2 * this.random() - 1);
    // A hall sensor turned over (or its output taken from the wrong side of a differential stage): the field's sign flips about half the supply.
    else if (kind === INVERTED) v = 1 - clean;
    // An open input: the ADC's sampling capacitor shares its charge with what the line held from the last channel read, and the line picks up hum.
    else v = (this.held[0] + 0.3 + 0.4 * this.random()) / 2;
    v = Math.max(0, Math.min(1, v));
    this.held[0] = v;
    return v;
  }
}
