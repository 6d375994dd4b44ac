// Round 43: score() at ARTICLE_WIDTH against the old word-by-word reading (a6e4885) and the rules text, every article of
// the triangle, fortification billiards and shuffleboard, in Node and in the real interpreter; and fortress' wordIndex
// (a split of the text before the word) against a6e4885's loop, on hostile words, in Node and in the interpreter.
// Usage: ESPRUINO=/work/espruino-build/n64/bin/espruino npx tsx test/hostile-findings/43-articles-wordindex.mts
import { bundle, toEs5 } from '../../tools/es5';
import { runScriptInEspruino } from '../../tools/espruino-run';
import { ROOT } from '../../tools/games';
import { score } from '../../firmware/game';
import { ARTICLES as TRI } from '../../firmware/games/triangle/rules';
import { ARTICLES as FORT } from '../../firmware/games/fortress/rules';
import { ARTICLES as SHUF } from '../../firmware/games/shuffleboard/rules';

// a6e4885's tables and reading.
const OLD: Record<string, string> = {
  triangle: 'T3 1 T3 3 T3 0 T3 1 T8 0 T6 0',
  fortress: 'F6 -2 F9 -2 F11 4 F12 -4 F18 -2 F19 -2 F22 -2 F23 0 F25 6 F26 2 F27 2 F28 2 F29 -2 F30 2 F31 -2 F32 6 F32 -2 F34 -2 F36 -2 F37 2 F37 -2 F38 -2',
  shuffleboard: 'S7 4 S8 3 S8 2 S9 2 S9 1 S10 1 S4 0',
};
function oldScore(articles: string, i: number, player: number) {
  let at = 0;
  for (let k = 2 * i; k--;) at = articles.indexOf(' ', at) + 1;
  const pair = articles.substr(at, 9).split(' ');
  return { player, points: +pair[1], rule: pair[0] };
}
// From the rules text (docs/games/*.md), by article index.
const RULES: Record<string, string[]> = {
  // results partly, perfect, beyond, short (T3), off (T8), past 99 with exact (T6)
  triangle: ['T3 1', 'T3 3', 'T3 0', 'T3 1', 'T8 0', 'T6 0'],
  fortress: ['F6 -2', 'F9 -2', 'F11 4', 'F12 -4', 'F18 -2', 'F19 -2', 'F22 -2', 'F23 0', 'F25 6', 'F26 2', 'F27 2', 'F28 2', 'F29 -2', 'F30 2', 'F31 -2', 'F32 6', 'F32 -2', 'F34 -2', 'F36 -2', 'F37 2', 'F37 -2', 'F38 -2'],
  // zones 0..6: hanging, fully past trey, touching it, fully past deuce, touching it, past the foul line, out of play
  shuffleboard: ['S7 4', 'S8 3', 'S8 2', 'S9 2', 'S9 1', 'S10 1', 'S4 0'],
};
const NEW: Record<string, string> = { triangle: TRI, fortress: FORT, shuffleboard: SHUF };
let checked = 0, bad = 0;
for (const g of Object.keys(RULES)) {
  for (let i = 0; i < RULES[g].length; i++) for (const p of [0, 1, 3]) {
    const [rule, pts] = RULES[g][i].split(' ');
    const want = { player: p, points: +pts, rule };
    const got = score(NEW[g], i, p);
    const old = oldScore(OLD[g], i, p);
    checked++;
    if (JSON.stringify(got) !== JSON.stringify(want) || JSON.stringify(old) !== JSON.stringify(want)) { bad++; console.log('ARTICLE', g, i, p, got, old, want); }
  }
  if (NEW[g].length !== 7 * (RULES[g].length - 1) + RULES[g][RULES[g].length - 1].length) console.log('TABLE LENGTH?', g, NEW[g].length);
}

// wordIndex, a6e4885's and HEAD's, verbatim.
function oldWordIndex(words: string, w: string): number {
  const text = ' ' + words + ' ';
  const at = text.indexOf(' ' + w + ' ');
  if (at < 0 || at + w.length + 2 > text.length) return -1;
  let i = 0;
  for (let k = text.indexOf(' ', 1); k <= at; k = text.indexOf(' ', k + 1)) i++;
  return i;
}
function newWordIndex(words: string, w: string): number {
  const text = ' ' + words + ' ';
  const at = text.indexOf(' ' + w + ' ');
  return at < 0 || at + w.length + 2 > text.length ? -1 : text.slice(0, at + 1).split(' ').length - 2;
}
const COLOURS = 'FA1 FA2 FR1 FR2 FG EA1 EA2 ER1 ER2 EG EP FP';
const BALLS = 'EA ED1 ED2 FA FD1 FD2';
const stroke40 = Array.from({ length: 40 }, (_, i) => ['EA=', 'ED1>P3', 'wrong', 'FA1_', 'EAwrong', 'wrongs', 'FD2-', 'E', 'EA'][i % 9]).join(' ');
const wordsList = [COLOURS, BALLS, stroke40, '', ' ', '  ', 'a  b', ' a b ', 'a b ', ' a', 'EA EA EA', 'wrong', 'xwrong wrongx wrong', 'EA= FP_', 'E EA EAx xEA EA', stroke40 + ' wrong', stroke40 + '  wrong', 'F FA FA1 FA12', 'FA12 FA1 FA F'];
const ws = ['', ' ', 'EA', 'E', 'A', 'FA', 'FA1', 'FA12', 'wrong', 'EA=', 'FP_', 'FP', 'x', 'a', 'b', 'EA EA', 'wrong ', ' wrong', 'FD2-', 'ED1', 'ED'];
const cases: [string, string][] = [];
for (const words of wordsList) for (const w of ws) cases.push([words, w]);
let nodeBad = 0;
for (const [words, w] of cases) if (oldWordIndex(words, w) !== newWordIndex(words, w)) { nodeBad++; console.log('WORDINDEX node', JSON.stringify(words), JSON.stringify(w), oldWordIndex(words, w), newWordIndex(words, w)); }
// Random words of 'a', 'b' and spaces.
let s = 7; const r = () => (s = (s * 69069 + 1) >>> 0) / 2 ** 32;
for (let n = 0; n < 20000; n++) {
  const words = Array.from({ length: Math.floor(r() * 12) }, () => 'ab '[Math.floor(r() * 3)]).join('');
  const w = Array.from({ length: Math.floor(r() * 3) }, () => 'ab '[Math.floor(r() * 3)]).join('');
  if (oldWordIndex(words, w) !== newWordIndex(words, w)) { nodeBad++; if (nodeBad < 5) console.log('WORDINDEX random', JSON.stringify(words), JSON.stringify(w)); }
  if (n < 150) cases.push([words, w]);
}

const src = `import { score } from './firmware/game';
  declare function print(t: string): void;
  const out: any[] = [];
  const tables = ${JSON.stringify([TRI, FORT, SHUF])}, counts = [6, 22, 7];
  for (let t = 0; t < 3; t++) for (let i = 0; i < counts[t]; i++) { const c = score(tables[t], i, 1); out.push(c.rule + ' ' + c.points); }
  print('ART ' + JSON.stringify(out));`;
const src2 = `declare function print(t: string): void;
  ${oldWordIndex.toString()}
  ${newWordIndex.toString()}
  const wordsList: string[] = ${JSON.stringify([...wordsList, ...cases.slice(wordsList.length * ws.length).map((c) => c[0])])};
  const ws: string[] = ${JSON.stringify([...ws, ...cases.slice(wordsList.length * ws.length).map((c) => c[1])])};
  const nw = ${wordsList.length}, nws = ${ws.length};
  for (let i = 0; i < nw; i++) { let line = ''; for (let j = 0; j < nws; j++) line += oldWordIndex(wordsList[i], ws[j]) + ',' + newWordIndex(wordsList[i], ws[j]) + ';'; print('WI ' + line); }
  for (let k = nw; k < wordsList.length; k++) print('WI ' + oldWordIndex(wordsList[k], ws[k - nw + nws]) + ',' + newWordIndex(wordsList[k], ws[k - nw + nws]) + ';');`;
let devBad = 0, devWi = 0;
if (process.env.ESPRUINO) {
  const printed = runScriptInEspruino(await toEs5(await bundle({ source: src, dir: ROOT }))) + '\n' + runScriptInEspruino(await toEs5(await bundle({ source: src2, dir: ROOT })));
  const grab = (k: string) => { const l = printed.split('\n').find((x) => x.startsWith(k + ' ')); if (!l) throw new Error(printed.slice(0, 3000)); return JSON.parse(l.slice(k.length + 1)); };
  const art: string[] = grab('ART');
  const want = [...RULES.triangle, ...RULES.fortress, ...RULES.shuffleboard];
  for (let i = 0; i < want.length; i++) if (art[i] !== want[i]) { devBad++; console.log('ARTICLE on the interpreter', i, art[i], want[i]); }
  const wi: number[][] = printed.split('\n').filter((l) => l.startsWith('WI ')).map((l) => l.slice(3)).join('').split(';').filter((x) => x).map((x) => x.split(',').map(Number));
  for (let i = 0; i < cases.length; i++) {
    devWi++;
    const node = newWordIndex(cases[i][0], cases[i][1]);
    if (wi[i][0] !== wi[i][1] || wi[i][1] !== node) { devBad++; if (devBad < 10) console.log('WORDINDEX on the interpreter', JSON.stringify(cases[i]), 'old', wi[i][0], 'new', wi[i][1], 'node', node); }
  }
}
console.log(JSON.stringify({ articleChecks: checked, bad, wordIndexNode: cases.length + 20000 - 150, nodeBad, interpreterArticles: 35, interpreterWordIndex: devWi, devBad }));
