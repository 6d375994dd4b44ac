// Round 43: a garbled undo record (one flash byte) before an older resync whose count happens to equal the moves
// standing before it. Ring-a-Peg, phone commands: o1, o2, undo (takes back o2), o3, then a cut in the middle of o4's
// record and the board's resync {"sync":2} (o1 o3); o5 played after it. The power goes; one byte of the undo record
// changes while the board is off; power back. docs/saving.md: "The board keeps every move before it and ignores it and
// everything after it ... It then writes a resync" - so o1 o2 (2 moves), and the moves played from then on count.
// The board instead trusts the old {"sync":2} (2 = o1 o2 as it reads them) and plays o5 on o1 o2: o2, taken back by
// the referee, counts again, o3 is gone, and o5 is scored on a game it was never played in; no resync is written.
// Usage: npx tsx test/hostile-findings/43-garbled-undo-stale-resync.mts [ROOT]   (ROOT: a worktree, default HEAD's)
import { writeFileSync } from 'node:fs';
const ROOT = process.argv[2] || new URL('../..', import.meta.url).pathname;
const { Simulation, parseScenario } = await import(ROOT + '/sim/replay.ts');
const lines = [
  { game: 'ringapeg', players: 2, options: { variant: 'primary' }, seed: 1 },
  { t: 500, phone: { cmd: 'ring', peg: 'o1', id: 1 } },
  { t: 1500, phone: { cmd: 'ring', peg: 'o2', id: 2 } },
  { t: 2500, phone: { cmd: 'undo', id: 3 } },
  { t: 5000, phone: { cmd: 'ring', peg: 'o3', id: 4 } },
  { t: 6000, power: 'cut', afterBytes: 10 },
  { t: 6000, phone: { cmd: 'ring', peg: 'o4', id: 5 } },
  { t: 6500, power: 'on' },
  { t: 9000, phone: { cmd: 'ring', peg: 'o5', id: 6 } },
  { t: 10000, power: 'cut' },
  { t: 11000, power: 'on' },
  { t: 14000, phone: { cmd: 'state', id: 7 } },
];
writeFileSync(new URL('43-ringapeg-garbled-undo-stale-resync.jsonl', import.meta.url).pathname, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
const sim = new Simulation(parseScenario(lines.map((l) => JSON.stringify(l)).join('\n')));
sim.runUntil(10500);
const log: string = sim.flash.files['tally.log'];
console.log('log while off:\n' + log);
// One byte of the undo record: its '1' becomes '3' (0x31 -> 0x33: one bit).
const at = log.indexOf('{"u":1}') + 5;
sim.flash.files['tally.log'] = log.slice(0, at) + '3' + log.slice(at + 1);
console.log('garbled:\n' + sim.flash.files['tally.log']);
sim.runToEnd();
for (const l of sim.out) { const o = JSON.parse(l); if (o.t > 10500 && (o.phone?.type === 'restored' || o.phone?.type === 'state' || o.final)) console.log(l.slice(0, 400)); }
console.log('log after:\n' + sim.flash.files['tally.log']);
