// How many JSON texts a call parses: the lines a channel checks, the log records a tick reads back.

/** The JSON texts `f` parsed (JSON.parse counted while it runs). */
export function parsedIn(f: () => void): number {
  const parse = JSON.parse;
  let parsed = 0;
  JSON.parse = (text: string) => (parsed++, parse(text));
  try {
    f();
  } finally {
    JSON.parse = parse;
  }
  return parsed;
}
