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
 * text skips REF(MID,19)); DKX first has a value on bar 20. Written out as
 * one expression with constant weights, each bar's chain of 20 dependent
 * additions overlaps the next bar's in the processor, faster than four bars
 * summed side by side in a loop over the weights. Invalid values need no
 * special case: the arithmetic is the engine's, and its MA kernel applies the
 * gap rules.
 */
import { ma, RANGE } from "../formula/kernels/index.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";
import { scratch } from "./scratch.ts";

export function dkxKernel(open: Float64Array, high: Float64Array, low: Float64Array, close: Float64Array, M: number, allocate: Allocate = freshColumn): Float64Array[] {
  const n = close.length;
  const dkx = allocate(n);
  const average = allocate(n);
  const mid = scratch(0, n);
  for (let i = 0; i < n; i++) mid[i] = (3 * close[i]! + low[i]! + open[i]! + high[i]!) / 6;
  for (let i = 0; i < n && i < 20; i++) dkx[i] = NaN;
  for (let from = 20; from < n; from += RANGE) weighted(mid, dkx, from, Math.min(n, from + RANGE));
  ma(average, dkx, M);
  return [dkx, average];
}

/** DKX on bars `[from, to)` (see ranges.ts for why in ranges). */
function weighted(mid: Float64Array, dkx: Float64Array, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    dkx[i] =
      (20 * mid[i]! +
        19 * mid[i - 1]! +
        18 * mid[i - 2]! +
        17 * mid[i - 3]! +
        16 * mid[i - 4]! +
        15 * mid[i - 5]! +
        14 * mid[i - 6]! +
        13 * mid[i - 7]! +
        12 * mid[i - 8]! +
        11 * mid[i - 9]! +
        10 * mid[i - 10]! +
        9 * mid[i - 11]! +
        8 * mid[i - 12]! +
        7 * mid[i - 13]! +
        6 * mid[i - 14]! +
        5 * mid[i - 15]! +
        4 * mid[i - 16]! +
        3 * mid[i - 17]! +
        2 * mid[i - 18]! +
        mid[i - 20]!) /
      210;
  }
}
