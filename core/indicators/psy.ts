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
 * is the engine's MA kernel. The loop runs range by range (see ranges.ts).
 * An invalid close would need the engine's rules for invalid comparisons: the
 * kernel then returns null.
 */
import { ma, doubles, RANGE } from "../formula/kernels/index.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";

export function psyKernel(close: Float64Array, N: number, M: number, allocate: Allocate = freshColumn): Float64Array[] | null {
  const n = close.length;
  const psy = allocate(n);
  const average = allocate(n);
  // an integer index offset (a window longer than the series never fills either way)
  const w = Math.min(Math.trunc(N), n + 1) | 0;
  if (!(w >= 1)) return null;
  // the count and the sum of c − c over the closes (0 unless one is invalid), from range to range
  const state = doubles(2, 0);
  for (let from = 0; from < n; from += RANGE) counts(state, from, Math.min(n, from + RANGE), close, w, N, psy);
  if (state[1] !== 0) return null;
  ma(average, psy, M);
  return [psy, average];
}

function counts(state: number[], from: number, to: number, close: Float64Array, w: number, N: number, psy: Float64Array): void {
  let count = state[0]!;
  let bad = state[1]!;
  for (let i = from; i < to; i++) {
    const c = close[i]!;
    bad += c - c;
    if (i > 0) count += +(c > close[i - 1]!);
    const j = i - w;
    if (j > 0) count -= +(close[j]! > close[j - 1]!);
    psy[i] = (count / N) * 100;
  }
  state[0] = count;
  state[1] = bad;
}
