// Espruino's own pretokenisation, as its IDE and command-line tool do it on
// upload ("Minification: pretokenise"): reserved words and operators become
// one byte each, strings and integers carry their length or value in binary.
// The interpreter runs this form straight from Storage. It is what a board
// stores, so the size budget is counted on it. Loaded from the espruino
// package so that the token table is the interpreter's own.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as vm from 'node:vm';
import * as acorn from 'acorn';

/** Integers are tokenised from 2v25.396 and strings from 2v20.48: the bundles need firmware 2v26 or later. */
export const MIN_FIRMWARE = '2v26';

interface Pretokeniser {
  tokenise(code: string): string;
  untokenise(code: string): string;
}

let loaded: Pretokeniser | null = null;

function pretokeniser(): Pretokeniser {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  let source = readFileSync(require.resolve('espruino/plugins/pretokenise.js'), 'utf8');
  // Its untokenise reads raw integers unsigned; the interpreter sign-extends them (jslex.c), as does this copy.
  const unsigned = [/(let val = code\.charCodeAt\(i\+1\));/, /(let val = code\.charCodeAt\(i\+1\) \| \(code\.charCodeAt\(i\+2\)<<8\));/];
  for (const re of unsigned) {
    if (!re.test(source)) throw new Error('the espruino package\'s untokenise changed: ' + re);
    source = source.replace(re, (_m, read: string) => read + (read.indexOf('<<8') >= 0 ? '; val = val << 16 >> 16;' : '; val = val << 24 >> 24;'));
  }
  // It drops all whitespace, so `a+ +b` would be stored as `a++b`, which the interpreter reads as `a ++ b`
  // (and `a/ /b/` as a comment): keep one space where two operator characters would join.
  const joinsIds = /(if \(\(tok\.type=="ID" \|\| tok\.type=="NUMBER"\) &&\s*\(lastTok\.type=="ID" \|\| lastTok\.type=="NUMBER"\)\))/;
  if (!joinsIds.test(source)) throw new Error('the espruino package\'s pretokeniser changed its spacing rule');
  source = source.replace(joinsIds, (rule: string) => rule.slice(0, -1) + ' || (lastTok.type!="TOKENISED" && ["++","--","//","/*"].includes(lastTok.str + tokenString.charAt(0))))');
  // Its untokenise writes `+` then a `++` token as `+++`, which reads back as `++ +`: a space beside every token
  // keeps the text the program the interpreter runs (test/bundles.test.ts compares the two token for token).
  const spacing = /(function needSpaceBetween\(lastch, ch\) \{)/;
  if (!spacing.test(source)) throw new Error('the espruino package\'s untokenise changed its spacing rule');
  source = source.replace(spacing, (head: string) => head + ' if (lastch>=LEX_OPERATOR_START || ch>=LEX_OPERATOR_START) return lastch!==0;');
  // The plugin expects the tool's environment: a board of MIN_FIRMWARE, pretokenising on.
  const espruino = {
    Plugins: {} as { Pretokenise?: Pretokeniser },
    Core: {
      Config: { add: function () {} },
      Env: { getBoardData: function () { return { VERSION: MIN_FIRMWARE }; } },
      Utils: { toJSONishString: jsString },
    },
    Config: { PRETOKENISE: 1, SAVE_ON_SEND: 1 },
    addProcessor: function () {},
  };
  vm.runInNewContext(source, { acorn, Espruino: espruino, console });
  if (!espruino.Plugins.Pretokenise) throw new Error('the espruino package has no pretokeniser');
  loaded = espruino.Plugins.Pretokenise;
  return loaded;
}

/** The stored form of minified ES5 code: one character per byte (latin1). */
export function pretokenise(code: string): string {
  return pretokeniser().tokenise(code);
}

/** Tokenised code back as source text (whitespace may differ). */
export function untokenise(code: string): string {
  return pretokeniser().untokenise(code);
}

/**
 * A JavaScript string literal of 8-bit text in plain ASCII (\xNN for the
 * rest), so an upload goes through any console or tool unchanged.
 */
export function jsString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 255) throw new Error('not 8-bit text at ' + i);
    if (c === 34 || c === 92) out += '\\' + text[i];
    else if (c < 32 || c >= 127) out += '\\x' + (c | 256).toString(16).substring(1);
    else out += text[i];
  }
  return out + '"';
}
