/**
 * OBV in one pass. It computes exactly what the formula engine makes of
 * TDX's text (the plugin's test compares them):
 *
 *   VA:=IF(CLOSE>REF(CLOSE,1),VOL,-VOL);
 *   OBV:SUM(IF(CLOSE=REF(CLOSE,1),0,VA),0);
 *   MAOBV:MA(OBV,M);
 *
 * The terms start on bar 1 (bar 0 has no previous close); choices go through
 * a two-slot buffer, as the engine's IF does (a branch mispredicts on every
 * other bar), range by range (see ranges.ts). The running total is the
 * engine's SUM kernel (exact for whole or decimal volumes, exact-sums.ts),
 * MAOBV its MA kernel. An invalid close or volume would need the engine's gap
 * rules: the kernel then returns null.
 */
import { ma, doubles, RANGE, sum } from "../formula/kernels/index.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";
import { scratch } from "./scratch.ts";

export function obvKernel(close: Float64Array, vol: Float64Array, M: number, allocate: Allocate = freshColumn): Float64Array[] | null {
  const n = close.length;
  const obv = allocate(n);
  const average = allocate(n);
  if (n === 0) return [obv, average];
  const terms = scratch(0, n);
  terms[0] = NaN;
  // the sum of x − x over the inputs (0 unless one is invalid), from range to range
  const state = doubles(1, close[0]! - close[0]! + (vol[0]! - vol[0]!));
  for (let from = 1; from < n; from += RANGE) termsOf(state, from, Math.min(n, from + RANGE), close, vol, terms);
  if (state[0] !== 0) return null;
  sum(obv, terms, 0);
  ma(average, obv, M);
  return [obv, average];
}

function termsOf(state: number[], from: number, to: number, close: Float64Array, vol: Float64Array, terms: Float64Array): void {
  const pick = doubles(2, 0);
  let bad = state[0]!;
  // the previous close, carried from bar to bar
  let lc = close[from - 1]!;
  for (let i = from; i < to; i++) {
    const c = close[i]!;
    const v = vol[i]!;
    bad += c - c + (v - v);
    pick[0] = -v;
    pick[1] = v;
    const va = pick[+(c > lc)]!;
    pick[0] = va;
    pick[1] = 0;
    terms[i] = pick[+(c === lc)]!;
    lc = c;
  }
  state[0] = bad;
}
