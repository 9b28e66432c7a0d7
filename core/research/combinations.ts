/**
 * The k-member subsets of a list, in the order itertools.combinations gives
 * them (positions ascending, the last varying fastest), which is the order
 * easy_tdx's CombinationRunner.screen enumerates factor combinations; and
 * their count C(n, k), exact for the sizes a request may ask for.
 */

/** C(n, k); 0 outside 0 ≤ k ≤ n. */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  // c·(n−i)/(i+1) is C(n, i+1), a whole number at every step
  for (let i = 0; i < Math.min(k, n - k); i++) c = (c * (n - i)) / (i + 1);
  return c;
}

/** Every k-subset of `items`, each in the items' order. */
export function combinationsOf<T>(items: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  if (k < 1 || k > items.length) return out;
  const idx = Array.from({ length: k }, (_, i) => i);
  for (;;) {
    out.push(idx.map((i) => items[i]!));
    let j = k - 1;
    while (j >= 0 && idx[j] === items.length - k + j) j--;
    if (j < 0) return out;
    idx[j]!++;
    for (let m = j + 1; m < k; m++) idx[m] = idx[m - 1]! + 1;
  }
}
