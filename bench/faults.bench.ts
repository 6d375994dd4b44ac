// The whole fault matrix (test/fault-matrix.ts; CI runs a sample): each case's
// problems, then the cases, how many came out clean, the phantom points (scores
// the game without the fault does not make) and the late reports.
import { allCases, caseName, judge } from '../test/fault-matrix';

export async function run(print: (line: string) => void): Promise<void> {
  const t0 = Date.now();
  let clean = 0;
  let phantoms = 0;
  let late = 0;
  const cases = allCases();
  for (const c of cases) {
    const { problems } = judge(c);
    if (!problems.length) clean++;
    else print(`${caseName(c)}: ${problems.join('; ')}`);
    phantoms += problems.filter((p) => p.startsWith('scored ')).length;
    late += problems.filter((p) => p.startsWith('reported ') || p.startsWith('not reported')).length;
  }
  print(`${cases.length} cases, ${clean} clean: ${phantoms} phantom points, ${late} late reports (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
