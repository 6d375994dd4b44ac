// Round 43: a board's checksum (E.convolve, firmware/persist.ts sealed()) against Node's loop, in the real interpreter
// (ESPRUINO=/work/espruino-build/n64/bin/espruino), for hostile record contents; and the sandbox's E.convolve model
// against the interpreter's for bytes >= 0x80 and negative offsets.
// Usage: ESPRUINO=... npx tsx test/hostile-findings/43-convolve-hostile.ts
import { bundle, toEs5 } from '../../tools/es5';
import { runScriptInEspruino } from '../../tools/espruino-run';
import { ROOT } from '../../tools/games';
import { createSandbox } from '../../tools/espruino-sandbox';
import { record, LOG } from '../../firmware/persist';

const loop = (json: string) => { let s = 0; for (let i = 0; i < json.length; i++) s = (s * 31 + json.charCodeAt(i)) & 0xff; return s; };
const hex = (n: number) => n.toString(16).padStart(2, '0');
const sealNode = (json: string) => json + '*' + hex(loop(json)) + '\n';

// A phone's longest fortress stroke: 40 happenings.
const HAPS = ['EA=', 'ED1>P3', 'FA>FR1!', 'FD2-', 'ED2+', 'FA1_', 'EP^', 'wrong', 'ER2_', 'FG^'];
const stroke = Array.from({ length: 40 }, (_, i) => HAPS[i % HAPS.length]).join(' ');
// Values given as JSON text the board parses (as a phone's line would reach it), so escapes arrive as the phone sends them.
const texts: string[] = [
  JSON.stringify({ h: stroke, k: 'stroke' }),
  JSON.stringify({ h: stroke + ' ' + stroke + ' ' + stroke, k: 'stroke' }),
  JSON.stringify({ g: 'fortress', p: 2, o: {}, n: ['José', 'Zoë'] }),
  JSON.stringify({ g: 'triangle', p: 3, o: { exact: true }, n: ['\u00e9\u00e8', '😀😀😀😀😀😀😀😀', 'ÿÿÿÿ'] }),
  '{"g":"triangle","p":2,"o":{},"n":["\\ud83d\\ude00","\\u00ff\\u0080"]}',
  JSON.stringify({ n: ['a"b', 'c\\d', 'e\nf', 'g\th', '\u0000', '\u007f', '\u001f', '/'] }),
  '{}', '{"o":{}}', '{"a":[]}', '{"a":[{},{},[]]}', '{"b":0}', '{"b":-1}', '{"b":"EA= FP_"}', '{"u":1}', '{"sync":0}', '{"sync":12345}',
  JSON.stringify({ x: 1e21, y: 0.1, z: -0, w: 123456789.125 }),
];
for (let n = 1; n <= 48; n++) texts.push(JSON.stringify({ a: 'xyz~*\n'.repeat(8).slice(0, n) }));
// Raw UTF-8 bytes in names (a phone's JSON.stringify writes them raw): made on the board from their byte values.
const rawNames: number[][] = [[0x4a, 0x6f, 0x73, 0xc3, 0xa9], [0xf0, 0x9f, 0x98, 0x80], [0xe2, 0x82, 0xac, 0x80, 0xfe], Array.from({ length: 16 }, (_, i) => 0x80 + i * 8)];
// Raw high-byte strings sealed by the firmware's own expression (a garbled line's check): random bytes 1..255.
let seed = 43;
const rnd = () => { seed = (seed * 1103515245 + 12345) >>> 0; return seed >>> 8; };
const raws: number[][] = Array.from({ length: 300 }, (_, n) => Array.from({ length: 1 + (n % 260) }, () => 1 + (rnd() % 255)));

const run = async (src: string) => runScriptInEspruino(await toEs5(await bundle({ source: `import { record } from './firmware/persist';
  declare function print(text: string): void;
  declare const E: any;
  const strOf = (codes: number[]) => { let s = ''; for (let j = 0; j < codes.length; j++) s += String.fromCharCode(codes[j]); return s; };
  ${src}`, dir: ROOT })));
const grabIn = (printed: string, k: string) => { const l = printed.split('\n').find((x) => x.startsWith(k + ' ')); if (!l) throw new Error(printed.slice(-3000)); return JSON.parse(l.slice(k.length + 1)); };
const sealedAll: string[] = [];
for (let at = 0; at < texts.length; at += 8) {
  // (Each text as the UTF-8 bytes a phone's line brings, made into a string on the board byte by byte.)
  sealedAll.push(...grabIn(await run(`const texts: number[][] = ${JSON.stringify(texts.slice(at, at + 8).map((t) => [...Buffer.from(t, 'utf8')]))};
    const out: string[] = [];
    for (let i = 0; i < texts.length; i++) out.push(record(JSON.parse(strOf(texts[i]))));
    print('SEALED ' + JSON.stringify(out));`), 'SEALED'));
}
sealedAll.push(...grabIn(await run(`const raw: number[][] = ${JSON.stringify(rawNames)};
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) out.push(record({ g: 'ringapeg', p: 2, o: {}, n: [strOf(raw[i]), 'x'] }));
  print('SEALED ' + JSON.stringify(out));`), 'SEALED'));
const rawAll: number[] = [];
for (let at = 0; at < raws.length; at += 10) {
  rawAll.push(...grabIn(await run(`const raws: string[] = ${JSON.stringify(raws.slice(at, at + 10).map((r) => Buffer.from(r).toString('hex')))};
    const sums: number[] = [];
    for (let i = 0; i < raws.length; i++) { let s = ''; for (let j = 0; j < raws[i].length; j += 2) s += String.fromCharCode(parseInt(raws[i].substr(j, 2), 16)); sums.push(E.convolve(s, '\\x01\\xdf\\x41\\x9f\\x81\\x5f\\xc1\\x1f', 1 - s.length) & 0xff); }
    print('RAW ' + JSON.stringify(sums));`), 'RAW'));
}
const CASES: [number[], number[], number][] = [[[0x80], [1], 0], [[0xff, 0xfe], [1, 2], 0], [[97, 98, 99], [1, 2, 3, 4], -1], [[97, 98, 99, 100, 101, 102, 103, 104, 105, 106], [1, 2, 3, 4], -9], [[200, 201, 202], [0x81, 0xdf], -7], [[1, 2, 3], [5, 6, 7], -300], [[1, 2, 3], [5, 6, 7], 301], [[0xc3, 0xa9], [0xdf, 0x41, 0x9f], -1], [[97], [1, 2, 3], -3], [[97, 98], [1, 2, 3], -6]];
const convPrinted = await run(`const cases: [number[], number[], number][] = ${JSON.stringify(CASES)};
  const conv: number[] = [];
  for (let i = 0; i < cases.length; i++) conv.push(E.convolve(strOf(cases[i][0]), strOf(cases[i][1]), cases[i][2]));
  print('CONV ' + JSON.stringify([conv, cases]));`);
const grab = (k: string) => k === 'SEALED' ? sealedAll : k === 'RAW' ? rawAll : grabIn(convPrinted, k);
const sealed: string[] = grab('SEALED');
let same = 0, bad = 0, textDiffers = 0;
for (let i = 0; i < sealed.length; i++) {
  const line = sealed[i];
  const json = line.slice(0, -4);
  // The board's checksum of its own JSON text, against Node's loop over the same text.
  if (sealNode(json) !== line) { bad++; console.log('CHECKSUM DIFFERS', JSON.stringify(line)); }
  if (i < texts.length) {
    const node = record(JSON.parse(texts[i]));
    if (node === line) same++; else { textDiffers++; console.log('text differs (Node / board):', JSON.stringify(node), JSON.stringify(line)); }
  }
  if (/[^\x20-\x7e\n]/.test(line)) console.log('NON-ASCII in a board record', JSON.stringify(line));
}
const rawSums: number[] = grab('RAW');
let rawBad = 0;
for (let i = 0; i < raws.length; i++) if (rawSums[i] !== loop(String.fromCharCode(...raws[i]))) { rawBad++; if (rawBad < 5) console.log('RAW DIFFERS', i, raws[i].length, rawSums[i], loop(String.fromCharCode(...raws[i]))); }
const [conv, cases] = grab('CONV') as [number[], [number[], number[], number][]];
const sb = createSandbox() as any;
const E = (sb.context as any).E;
let convBad = 0;
for (let i = 0; i < cases.length; i++) {
  const [a, b, o] = cases[i];
  const model = E ? E.convolve(String.fromCharCode(...a), String.fromCharCode(...b), o) : NaN;
  const agree = model === conv[i];
  const agreeMod = ((model % 256) + 256) % 256 === ((conv[i] % 256) + 256) % 256;
  if (!agree) convBad++;
  console.log('convolve', JSON.stringify(cases[i]), 'interpreter', conv[i], 'sandbox', model, agree ? 'same' : agreeMod ? 'DIFFERS (same mod 256)' : 'DIFFERS');
}
console.log(JSON.stringify({ records: sealed.length, checksumDiffers: bad, sameAsNode: same, textDiffers, raw: raws.length, rawBad, convCases: cases.length, convBad }));
