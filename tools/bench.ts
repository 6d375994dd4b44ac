// npm run bench: every benchmark in bench/, each printing figures measured
// side by side in one run (ratios), never pass/fail on time.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './games';

const dir = join(ROOT, 'bench');
const files = readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).sort();
const only = process.argv[2];
for (const file of files) {
  if (only && !file.includes(only)) continue;
  console.log(`\n== ${file.replace('.bench.ts', '')}`);
  const mod = await import(pathToFileURL(join(dir, file)).href);
  await mod.run((line: string) => console.log(line));
}
