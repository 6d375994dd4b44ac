import { mulberry32 } from '../sim/inputs';
import { randomTable, gridReadings } from './shuffleboard-sweep';
import { locate } from '../firmware/games/shuffleboard/interpret';
import { locate as oldLocate } from '../firmware/games/shuffleboard/zz-old';
let n = 0;
for (let k = 0; k < 400 && n < 3; k++) {
  const rnd = mulberry32(1 * 100003 + k);
  const table = randomTable(rnd);
  const r = gridReadings(table, 1 + k, { scale: 1 });
  const a = JSON.stringify(locate(r)), b = JSON.stringify(oldLocate(r));
  if (a !== b) { n++; console.log(k, JSON.stringify(table.map((w) => [w.colour, w.d, w.y])), '\nnew', a, '\nold', b); }
}
