import { readFileSync } from 'node:fs';
const { replay } = await import(process.cwd() + '/sim/replay.ts');
const r = replay(readFileSync(process.argv[2], 'utf8'));
for (const l of r.lines) console.log(l.length > 400 ? l.slice(0, 400) + '...' : l);
