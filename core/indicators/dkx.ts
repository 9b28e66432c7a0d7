/**
 * DKX (多空线) in two passes plus the engine's MA kernel. It computes exactly
 * what the formula engine makes of TDX's text (the plugin's test compares
 * them):
 *
 *   MID:=(3*CLOSE+LOW+OPEN+HIGH)/6;
 *   DKX:(20*MID+19*REF(MID,1)+...+2*REF(MID,18)+REF(MID,20))/210;
 *   MADKX:MA(DKX,M);
 *
 * The weighted sum is added term by term in the text's order (the published
 * text skips REF(MID,19)); DKX first has a value on bar 20. That order makes
 * each bar's sum a chain of 20 dependent additions, so four bars are summed
 * side by side. Invalid values need no special case: the arithmetic is the
 * engine's, and its MA kernel applies the gap rules.
 */
import { ma } from "../formula/kernels/averages.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";
import { scratch } from "./scratch.ts";

export function dkxKernel(
  open: Float64Array,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  M: number,
  allocate: Allocate = freshColumn,
): Float64Array[] {
  const n = close.length;
  const dkx = allocate(n);
  const average = allocate(n);
  const mid = scratch(0, n);
  for (let i = 0; i < n; i++) mid[i] = (3 * close[i]! + low[i]! + open[i]! + high[i]!) / 6;
  const nan = 0 / 0;
  for (let i = 0; i < n && i < 20; i++) dkx[i] = nan;
  let i = 20;
  for (; i + 3 < n; i += 4) {
    let s0 = 20 * mid[i]!;
    let s1 = 20 * mid[i + 1]!;
    let s2 = 20 * mid[i + 2]!;
    let s3 = 20 * mid[i + 3]!;
    for (let k = 1; k <= 18; k++) {
      const w = 20 - k;
      s0 += w * mid[i - k]!;
      s1 += w * mid[i + 1 - k]!;
      s2 += w * mid[i + 2 - k]!;
      s3 += w * mid[i + 3 - k]!;
    }
    dkx[i] = (s0 + mid[i - 20]!) / 210;
    dkx[i + 1] = (s1 + mid[i - 19]!) / 210;
    dkx[i + 2] = (s2 + mid[i - 18]!) / 210;
    dkx[i + 3] = (s3 + mid[i - 17]!) / 210;
  }
  for (; i < n; i++) {
    let s = 20 * mid[i]!;
    for (let k = 1; k <= 18; k++) s += (20 - k) * mid[i - k]!;
    dkx[i] = (s + mid[i - 20]!) / 210;
  }
  ma(average, dkx, M);
  return [dkx, average];
}
