/**
 * SUM(A,N)/SUM(B,N)*100 as the formula engine computes it (BRAR, CR): both
 * sums through the engine's SUM kernel (exact for decimal terms, see
 * exact-sums.ts), a zero denominator giving no value as the engine's
 * division does. `below` is a scratch column for the second sum.
 */
import { sum } from "../formula/kernels/index.ts";

export function sumRatio(out: Float64Array, a: Float64Array, b: Float64Array, N: number, below: Float64Array): void {
  sum(out, a, N);
  sum(below, b, N);
  for (let i = 0; i < out.length; i++) {
    const d = below[i]!;
    out[i] = (d === 0 ? NaN : out[i]! / d) * 100;
  }
}
