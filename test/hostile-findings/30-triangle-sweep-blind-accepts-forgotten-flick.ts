// Round 30 (hostile): fa06e28's new cutAt clause (a triangle flick still being decided at the cut whose chip rests past
// every sensing point is hidden) lets the sweep accept the flick as wholly unseen, not only as short. docs/saving.md
// promises the board takes such a flick up and it looks short (the phone told `resume`). A board that forgets the
// flick it saved (its interpreter never takes it up) passes the three pinned instants all the same.
// Usage: npx tsx test/hostile-findings/30-triangle-sweep-blind-accepts-forgotten-flick.ts
// Prints each instant's outcome with the firmware as it is, then with the forgetting board; exits 1 if the forgetting
// board is not failed at any instant (the finding reproduced).
import { game as triangle } from '../../firmware/games/triangle/index';
import { cutAt, example } from '../power-sweep';

const PINNED: [string, number][] = [['triangle-exact', 74656], ['triangle-exact', 99667], ['triangle-game', 7177]];
const run = (label: string): string[] =>
  PINNED.map(([name, at]) => {
    const r = cutAt(example(name), at);
    console.log(label, name, at, r.outcome, r.detail || '');
    return r.outcome;
  });
run('as it is:');
const make = triangle.interpreter;
triangle.interpreter = function (emit, begin, analog) {
  const it = make(emit, begin, analog);
  const resume = it.resume!;
  // The forgetting board: the flick saved as under way is not taken up (the log still says so: `resume` is sent).
  it.resume = function (t: number, levels: ((ch: number) => number) | null, pending: number | string): void {
    resume.call(it, t, levels, t > 0 ? -1 : pending);
  };
  return it;
} as typeof make;
let passed: string[];
try {
  passed = run('forgetting:');
} finally {
  triangle.interpreter = make;
}
const missed = passed.filter((o) => o !== 'failed').length;
console.log(missed ? `REPRODUCED: the sweep accepts a board that forgets the flick at ${missed} of ${PINNED.length} pinned instants` : 'not reproduced: every pinned instant fails the forgetting board');
process.exit(missed ? 1 : 0);
