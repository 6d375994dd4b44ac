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
