/**
 * SUM(A,N)/SUM(B,N)*100 as the formula engine computes it (BRAR, CR): both
 * sums through the engine's SUM kernel (exact for decimal terms, see
 * exact-sums.ts), a zero denominator giving no value as the engine's
 * division does. `below` is a scratch column for the second sum.
 */
import { RANGE, sum } from "../formula/kernels/index.ts";

export function sumRatio(out: Float64Array, a: Float64Array, b: Float64Array, N: number, below: Float64Array): void {
  sum(out, a, N);
  sum(below, b, N);
  for (let from = 0; from < out.length; from += RANGE) ratios(out, below, from, Math.min(out.length, from + RANGE));
}

/**
 * Bars [from, to) of the ratio, range by range (see ranges.ts). Its NaN is made here, a double: with the global
 * NaN in the branch, or the whole series in one loop, V8 made a new heap number for every quotient (about 160 KB
 * per ratio on 10,000 bars, in a heap profile of all the indicators).
 */
function ratios(out: Float64Array, below: Float64Array, from: number, to: number): void {
  const nan = 0 / 0;
  for (let i = from; i < to; i++) {
    const d = below[i]!;
    out[i] = (d === 0 ? nan : out[i]! / d) * 100;
  }
}
