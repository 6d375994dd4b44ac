// The whole fault matrix (test/fault-matrix.ts; CI runs a sample): each case's
// problems, and how many cases came out clean.
import { allCases, caseName, judge } from '../test/fault-matrix';

export async function run(print: (line: string) => void): Promise<void> {
  const t0 = Date.now();
  let clean = 0;
  const cases = allCases();
  for (const c of cases) {
    const { problems } = judge(c);
    if (!problems.length) clean++;
    else print(`${caseName(c)}: ${problems.join('; ')}`);
  }
  print(`${clean} of ${cases.length} cases clean (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
