// Clean fortification billiards with balls into one fort in quick succession (each rings its bell): no fault may be
// told. A ball that went into a fort stays there, so a stroke sends each of the six balls in once at most (a class's
// balls more often than it has are no ball: the board tells chatter, as it should).
// Usage: npx tsx test/hostile-findings/fortress-bells.ts N SEED
import fc from 'fast-check';
import { replay } from '../../sim/replay';

const N = Number(process.argv[2] || 50), SEED = Number(process.argv[3] || 1);
const FORTS = ['FA1', 'FA2', 'FR1', 'FR2', 'FG', 'EA1', 'EA2', 'ER1', 'ER2', 'EG'];
let tried = 0, bad = 0, errs = 0;
fc.assert(fc.property(fc.integer({ min: 1, max: 999 }), fc.constantFrom(...FORTS), fc.shuffledSubarray(['EA', 'ED', 'ED', 'FD', 'FD', 'FA'], { minLength: 2, maxLength: 4 }), (seed, fort, balls) => {
  tried++;
  const happens = balls.map((ball) => ({ ball, into: 'fort', fort, bell: true }));
  const lines = [{ game: 'fortress', players: 2, seed }, { t: 2000, do: 'stroke', happens }];
  let out: any[];
  try { out = replay(lines.map((l) => JSON.stringify(l)).join('\n')).lines.map((l) => JSON.parse(l)); } catch (e) { errs++; if (errs < 3) console.log(String(e).slice(0, 200)); return true; }
  const faults = out.filter((l) => l.phone?.type === 'fault').map((l) => `${l.t}:${l.phone.fault}:${l.phone.sensor ?? ''}`);
  if (faults.length) { bad++; console.log(JSON.stringify({ seed, happens, faults })); }
  return true;
}), { numRuns: N, seed: SEED });
console.log(`tried ${tried}, with a fault told ${bad}, refused ${errs}`);
