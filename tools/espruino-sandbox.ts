// A Node sandbox with Espruino's globals stubbed, for booting a shipped bundle
// without a board: the globals Espruino lacks are removed, the ones the
// firmware uses record their calls, and timers run on a manual clock.
import vm from 'node:vm';
import { crc32 } from './crc32';
import { nodeSha256 } from '../sim/sha256';

/** The methods Espruino's Object.prototype has that JavaScript's has not. */
const OBJECT_METHODS = ['on', 'addListener', 'prependListener', 'emit', 'removeListener', 'removeAllListeners', 'clone'];
/** Globals the chip does not have; removed from the sandbox so a bundle that uses them fails. */
const ABSENT = ['Map', 'Set', 'WeakMap', 'WeakSet', 'Symbol', 'Proxy', 'Reflect', 'BigInt', 'Intl',
  'TextEncoder', 'TextDecoder', 'setImmediate', 'queueMicrotask', 'RangeError', 'URIError', 'EvalError', 'globalThis'];

export interface SandboxCall {
  api: string;
  args: unknown[];
}

interface Timer {
  id: number;
  fn: () => void;
  at: number;
  every: number;
}

export interface Sandbox {
  calls: SandboxCall[];
  /** Runs timers due in the next `ms` milliseconds; returns how many callbacks ran. */
  advance(ms: number): number;
  /** Uncaught errors thrown by timer callbacks (Espruino prints them and goes on). */
  errors: unknown[];
  storage: Record<string, string>;
  /** Feeds UART data as a phone would. */
  receive(data: string): void;
  /** Everything the code wrote to the phone (Bluetooth.write), joined. */
  said(): string;
  /**
   * Raises an event of an Espruino object for the handlers the code set; NRF connect/disconnect also change the link's
   * status, and NRF `pair` (no such event in Espruino) makes it paired with a passkey (encrypted, MITM-protected).
   */
  emit(api: string, event: string, ...args: unknown[]): void;
  /** Presses watched pins (D0..D31, several together as `D28+D29`) and lets them go `heldMs` later, as setWatch reports it. */
  press(pins: string, heldMs: number, bounce?: boolean): void;
  /** Lets pins go that were held since before the code watched them (only the release is seen). */
  release(pins: string, heldMs: number): void;
  context: vm.Context;
}

export interface SandboxOptions {
  /** Level of each pin by name (D0..D31), read by digitalRead; default 0. */
  pins?: Record<string, number>;
  /** Bytes a shift-register chain gives SPI.send (74HC165s), first byte first; default 0s. Changes are seen at the next read. */
  chain?: number[];
  storage?: Record<string, string>;
  /**
   * Levels (fractions of the supply) of analog channels behind multiplexers, by channel: what analogRead of the
   * k-th AIN pin (D2, D3, D4, D5, D28-D31) gives is channel 256k + the value last written to an array of pins
   * (the select lines, as many bits as pins); default 0.5, half the supply (a ratiometric sensor with no field). Changes are seen at
   * the next read.
   */
  analog?: Record<number, number>;
}

/** The nRF52's analog inputs AIN0-AIN7, as pins. */
const AIN_PINS = [2, 3, 4, 5, 28, 29, 30, 31];

/** What E.toUint8Array makes of its arguments: numbers, strings (char codes) and arrays of them, nested. */
function bytesOf(v: unknown): number[] {
  if (typeof v === 'string') return Array.from(v, (c) => c.charCodeAt(0));
  if (Array.isArray(v)) return v.flatMap(bytesOf);
  return [Number(v)];
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const calls: SandboxCall[] = [];
  const errors: unknown[] = [];
  const storage: Record<string, string> = Object.assign({}, options.storage || {});
  const pins = options.pins || {};
  let now = 1000000; // ms; Espruino's getTime() is seconds since 1970
  let nextId = 1;
  // E.hwRand's sequence: the same in every sandbox.
  let random = 1;
  // The multiplexers' select lines: the value last written to an array of pins.
  let selected = 0;
  let timers: Timer[] = [];
  const watches: { fn: (e: object) => void; pin: unknown }[] = [];
  // The link as NRF.getSecurityStatus() reports it; emit('NRF', 'connect' | 'disconnect') changes it.
  const security = { connected: false, encrypted: false, mitm_protected: false, bonded: false };
  const handlers: Record<string, ((...args: any[]) => void)[]> = {};
  const record = (api: string) => (...args: unknown[]) => { calls.push({ api, args }); return undefined; };
  const on = (api: string) => (event: string, fn: (...a: any[]) => void) => {
    calls.push({ api, args: [event] });
    (handlers[api + '.' + event] = handlers[api + '.' + event] || []).push(fn);
  };

  class PinStub {
    constructor(public name: string) {}
    read() { return digitalRead(this); }
    write(v: number) { calls.push({ api: 'Pin.write', args: [this.name, v] }); }
    set() { this.write(1); }
    reset() { this.write(0); }
    mode(m: string) { calls.push({ api: 'pinMode', args: [this.name, m] }); }
    toString() { return this.name; }
  }
  // On the chip a pin is its GPIO number (D14 === 14): code may give either.
  const pinName = (p: unknown) => typeof p === 'number' ? 'D' + p : String(p);
  const pinLevel = (p: unknown) => pins[pinName(p)] | 0;
  function digitalRead(p: unknown): number {
    if (Array.isArray(p)) {
      // First pin is the most significant bit (docs/espruino.md, Platform facts).
      let v = 0;
      for (const q of p) v = (v << 1) | pinLevel(q);
      return v;
    }
    return pinLevel(p);
  }
  class SPIStub {
    setup(o: unknown) { calls.push({ api: 'SPI.setup', args: [o] }); }
    write(...args: unknown[]) { calls.push({ api: 'SPI.write', args }); }
    send(data: unknown) {
      calls.push({ api: 'SPI.send', args: [data] });
      if (typeof data === 'number') return 0;
      if (typeof data === 'string') return '\0'.repeat(data.length);
      const bytes = new Uint8Array((data as { length: number }).length || 0);
      for (let i = 0; i < bytes.length; i++) bytes[i] = (options.chain || [])[i] | 0;
      return bytes;
    }
  }
  const storageApi = {
    // (From `offset`, `length` characters or to the end, as Espruino's; a read of a part of a file is counted: the
    // loads of a board's modules, firmware/modules.ts.)
    read: (n: string, offset?: number, length?: number) => {
      if (offset === undefined || storage[n] === undefined) return storage[n];
      calls.push({ api: 'Storage.read', args: [n, offset, length] });
      return storage[n].substr(offset, length);
    },
    readJSON: (n: string) => { try { return storage[n] === undefined ? undefined : JSON.parse(storage[n]); } catch (e) { return undefined; } },
    write: (n: string, d: string, offset?: number, size?: number) => {
      calls.push({ api: 'Storage.write', args: [n, d.length, offset, size] });
      if (offset === undefined || offset === 0 && size === undefined) storage[n] = String(d);
      else {
        const base = storage[n] !== undefined && offset > 0 ? storage[n] : '\xff'.repeat(size || d.length);
        storage[n] = base.slice(0, offset) + d + base.slice(offset + d.length);
      }
      return true;
    },
    writeJSON: (n: string, v: unknown) => { storage[n] = JSON.stringify(v); return true; },
    erase: (n: string) => { delete storage[n]; },
    list: () => Object.keys(storage),
    getFree: () => 40960 - Object.values(storage).reduce((s, v) => s + v.length + 32, 0),
    compact: record('Storage.compact'),
    // StorageFile: logs appended in place, read line by line.
    open: (n: string, mode: string) => {
      let at = 0;
      const name = n + '\u0001';
      return {
        write: (d: string) => {
          if (mode === 'r') throw new Error('StorageFile opened for reading');
          calls.push({ api: 'StorageFile.write', args: [n, d.length] });
          storage[name] = (mode === 'w' && at === 0 ? '' : storage[name] || '') + d;
          at += d.length;
        },
        read: (len: number) => {
          const text = storage[name] || '';
          if (at >= text.length) return undefined;
          const piece = text.substr(at, len);
          at += piece.length;
          return piece;
        },
        readLine: () => {
          const text = storage[name] || '';
          if (at >= text.length) return undefined;
          const nl = text.indexOf('\n', at);
          const end = nl < 0 ? text.length : nl + 1;
          const line = text.substring(at, end);
          at = end;
          return line;
        },
        erase: () => { delete storage[name]; },
      };
    },
  };
  const context: Record<string, unknown> = {
    print: record('print'),
    load: record('load'),
    console: { log: record('console.log') },
    getTime: () => now / 1000,
    setInterval: (fn: () => void, ms: number) => { timers.push({ id: nextId, fn, at: now + ms, every: Math.max(ms, 0.1) }); return nextId++; },
    setTimeout: (fn: () => void, ms: number) => { timers.push({ id: nextId, fn, at: now + (ms || 0), every: 0 }); return nextId++; },
    changeInterval: (id: number, ms: number) => {
      calls.push({ api: 'changeInterval', args: [id, ms] });
      for (const t of timers) if (t.id === id) t.at = now + (t.every = Math.max(ms, 0.1));
    },
    clearInterval: (id?: number) => { timers = id === undefined ? [] : timers.filter((t) => t.id !== id); },
    clearTimeout: (id?: number) => { timers = id === undefined ? [] : timers.filter((t) => t.id !== id); },
    digitalRead,
    digitalWrite: (p: unknown, v: number) => {
      calls.push({ api: 'digitalWrite', args: [p, v] });
      // The pins take the value's low bits, one each.
      if (Array.isArray(p)) selected = v & ((1 << p.length) - 1);
    },
    digitalPulse: record('digitalPulse'),
    pinMode: record('pinMode'),
    // (A copy of what goes out: the caller may reuse its buffer for the next row.)
    shiftOut: (pin: unknown, o: object, data: Uint8Array) => { calls.push({ api: 'shiftOut', args: [pin, { ...o }, Uint8Array.from(data)] }); },
    // P0.IN (nRF52): bit n is the level of Dn; other addresses read 0.
    peek32: (addr: number) => { let v = 0; if (addr === 0x50000510) for (let i = 0; i < 32; i++) v |= pinLevel('D' + i) << i; return v >>> 0; },
    poke32: record('poke32'),
    analogRead: (pin: number) => {
      const level = (options.analog || {})[selected + 256 * AIN_PINS.indexOf(pin)];
      return level === undefined ? 0.5 : level;
    },
    setWatch: (fn: (e: object) => void, pin: unknown, opts: unknown) => { calls.push({ api: 'setWatch', args: [pinName(pin), opts] }); watches.push({ fn, pin }); return nextId++; },
    clearWatch: record('clearWatch'),
    Pin: (n: number) => new PinStub('D' + n),
    SPI: SPIStub,
    SPI1: new SPIStub(),
    E: {
      setConsole: record('E.setConsole'), enableWatchdog: record('E.enableWatchdog'), kickWatchdog: record('E.kickWatchdog'),
      on: on('E'), getErrorFlags: () => [], hwRand: () => (random = (random * 16807) % 2147483647) * 2, setPassword: record('E.setPassword'), lockConsole: record('E.lockConsole'),
      toUint8Array: (...a: any[]) => new Uint8Array(bytesOf(a)), getBattery: () => 100, reboot: record('E.reboot'), CRC32: (s: string) => crc32(String(s)),
      reverseByte: (x: number) => parseInt((x & 255).toString(2).padStart(8, '0').split('').reverse().join(''), 2),
      mapInPlace: (from: Uint8Array, to: Uint8Array, map: (x: number) => number) => from.forEach((x, i) => { to[i] = map(x); }),
      // As Espruino's reference states it: v = 0; for (i in a) v += a[i] * b[(i + offset) % b.length] (a string's
      // elements its char codes; a negative offset counted back from the end of b).
      convolve: (a: string | ArrayLike<number>, b: string | ArrayLike<number>, offset: number) => {
        const at = (x: string | ArrayLike<number>, i: number) => (typeof x === 'string' ? x.charCodeAt(i) : x[i]);
        const o = ((offset % b.length) + b.length) % b.length;
        let v = 0;
        for (let i = 0; i < a.length; i++) v += at(a, i) * at(b, (i + o) % b.length);
        return v;
      },
    },
    NRF: {
      setServices: record('NRF.setServices'), setAdvertising: record('NRF.setAdvertising'), setScanResponse: record('NRF.setScanResponse'), setSecurity: record('NRF.setSecurity'),
      getSecurityStatus: () => Object.assign({}, security),
      on: on('NRF'), updateServices: record('NRF.updateServices'), setTxPower: record('NRF.setTxPower'), disconnect: record('NRF.disconnect'),
    },
    Bluetooth: { on: on('Bluetooth'), write: record('Bluetooth.write') },
    LoopbackA: { setConsole: record('LoopbackA.setConsole'), on: on('LoopbackA') },
    LoopbackB: { on: on('LoopbackB'), write: record('LoopbackB.write') },
    Serial1: { setup: record('Serial1.setup'), setConsole: record('Serial1.setConsole'), on: on('Serial1') },
    process: { memory: () => ({ free: 2000, usage: 950, total: 2950 }), env: { VERSION: '2v29' } },
    require: (name: string) => {
      if (name === 'Storage') return storageApi;
      // The MDBT42Q's build has the crypto module with SHA256 (signed adverts).
      if (name === 'crypto') return { SHA256: nodeSha256 };
      throw new Error(`Module ${name} not found`);
    },
  };
  context.global = context;
  for (let i = 0; i < 32; i++) context['D' + i] = new PinStub('D' + i);
  context.BTN = context.BTN1 = context.D0;
  context.LED = context.LED1 = context.D17;
  context.LED2 = context.D19;
  const ctx = vm.createContext(context);
  vm.runInContext(ABSENT.map((name) => `${name} = undefined;`).join(' '), ctx);
  // Espruino gives every object its event methods and `clone`: on a board a property of one of those names, not
  // given, is a function, never undefined (a bare `diag` read `on` so, and no report was sent).
  vm.runInContext(OBJECT_METHODS.map((name) => `Object.defineProperty(Object.prototype, '${name}', { value: function () {}, writable: true, configurable: true });`).join(' '), ctx);

  const advance = (ms: number): number => {
    const end = now + ms;
    let ran = 0;
    for (;;) {
      let next: Timer | undefined;
      for (const t of timers) if (t.at <= end && (!next || t.at < next.at)) next = t;
      if (!next) break;
      now = next.at;
      if (next.every) next.at += next.every;
      else timers = timers.filter((t) => t !== next);
      try { next.fn(); } catch (e) { errors.push(e); }
      ran++;
    }
    now = end;
    return ran;
  };
  const receive = (data: string) => {
    for (const fn of handlers['Bluetooth.data'] || []) fn(data);
  };
  const emit = (api: string, event: string, ...args: unknown[]) => {
    if (api === 'NRF' && (event === 'connect' || event === 'disconnect')) security.connected = event === 'connect';
    if (api === 'NRF' && (event === 'pair' || event === 'disconnect')) security.encrypted = security.mitm_protected = event === 'pair';
    for (const fn of handlers[api + '.' + event] || []) fn(...args);
  };
  const edge = (pins: string, state: boolean, time: number, lastTime: number) => {
    for (const pin of pins.split('+')) for (const w of watches) if (pinName(w.pin) === pin) w.fn({ state, time, lastTime, pin: w.pin });
  };
  const release = (pins: string, heldMs: number) => edge(pins, false, now / 1000, (now - heldMs) / 1000);
  // `bounce`: the contacts bounce once as they close and once as they open, an edge a millisecond (the watches
  // debounce nothing: hal/espruino/inputs.ts).
  const press = (pins: string, heldMs: number, bounce?: boolean) => {
    const down = (now - heldMs) / 1000;
    const up = now / 1000;
    edge(pins, true, down, down - 1);
    if (bounce) {
      edge(pins, false, down + 0.001, down);
      edge(pins, true, down + 0.002, down + 0.001);
    }
    edge(pins, false, up, bounce ? down + 0.002 : down);
    if (bounce) {
      edge(pins, true, up + 0.001, up);
      edge(pins, false, up + 0.002, up + 0.001);
    }
  };
  const said = () => calls.filter((c) => c.api === 'Bluetooth.write').map((c) => c.args[0]).join('');
  return { calls, advance, errors, storage, receive, said, emit, press, release, context: ctx };
}

/** Loads `code` into a new sandbox as the boot code; throws what the boot throws. */
export function bootInSandbox(code: string, options: SandboxOptions = {}): Sandbox {
  const sandbox = createSandbox(options);
  try {
    vm.runInContext(code, sandbox.context, { filename: 'bundle.js' });
  } catch (e) {
    // Node prints the offending source line, which for a minified bundle is all of it.
    const err = e as Error;
    throw new Error(`boot failed: ${err && err.message}\n${String(err && err.stack).split('\n').slice(1, 4).join('\n')}`);
  }
  sandbox.advance(0);
  return sandbox;
}
