// The tests' and the hostile generators' random stream, from a seed, so that a case is found again from its seed and
// number: a 32-bit linear congruential one. (Math.imul: seed * 1103515245 as a plain number passes 2^53 and loses the low bits
// the stream is made of, so it repeated within a few hundred draws; the cases numbered in README before round 11 came
// from that stream.)
export function seeded(seed: number): { rnd: () => number; ri: (n: number) => number; pick: <T>(a: T[]) => T } {
  const rnd = (): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
  const ri = (n: number): number => Math.floor(rnd() * n);
  return { rnd, ri, pick: <T>(a: T[]): T => a[ri(a.length)] };
}

/**
 * `n` of `items` drawn at random from `seed`'s stream, without repeats, in the order `items` has them (all of them
 * when there are no more than `n`): a test's seeded sample, found again from its seed.
 */
export function sampled<T>(items: readonly T[], n: number, seed: number): T[] {
  const { ri } = seeded(seed);
  const left = items.map((_, i) => i);
  const taken: number[] = [];
  while (taken.length < n && left.length) taken.push(left.splice(ri(left.length), 1)[0]);
  return taken.sort((a, b) => a - b).map((i) => items[i]);
}
