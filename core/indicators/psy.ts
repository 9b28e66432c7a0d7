/**
 * PSY in one pass over the closes. It computes exactly what the formula
 * engine makes of TDX's text (the plugin's test compares them):
 *
 *   PSY:COUNT(CLOSE>REF(CLOSE,1),N)/N*100;
 *   PSYMA:MA(PSY,M);
 *
 * COUNT reads its condition as 0 or 1 from bar 0 (bar 0 has no previous
 * close, so it counts as false) over a window of ⌊N⌋ bars; the up-close
 * leaving the window is recomputed from the closes instead of stored. PSYMA
 * is the engine's MA kernel. An invalid close would need the engine's rules
 * for invalid comparisons: the kernel then returns null.
 */
import { ma } from "../formula/kernels/averages.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";

export function psyKernel(close: Float64Array, N: number, M: number, allocate: Allocate = freshColumn): Float64Array[] | null {
  const n = close.length;
  const psy = allocate(n);
  const average = allocate(n);
  const w = Math.trunc(N);
  if (!(w >= 1)) return null;
  let count = 0;
  let bad = 0;
  for (let i = 0; i < n; i++) {
    const c = close[i]!;
    bad += c - c;
    if (i > 0) count += +(c > close[i - 1]!);
    const j = i - w;
    if (j > 0) count -= +(close[j]! > close[j - 1]!);
    psy[i] = (count / N) * 100;
  }
  if (bad !== 0) return null;
  ma(average, psy, M);
  return [psy, average];
}
