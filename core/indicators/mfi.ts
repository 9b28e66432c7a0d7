/**
 * MFI: its typical prices and flows in one pass, the engine's SUM kernel on
 * each flow, then the index. It computes exactly what the formula engine
 * makes of TDX's text (the plugin's test compares them):
 *
 *   TYP:=(HIGH+LOW+CLOSE)/3;
 *   V1:=SUM(IF(TYP>REF(TYP,1),TYP*VOL,0),N)/SUM(IF(TYP<REF(TYP,1),TYP*VOL,0),N);
 *   MFI:100-(100/(1+V1));
 *
 * The flows start on bar 1 (bar 0 has no previous price); a window without
 * a falling flow sums to exactly 0 (exact-sums.ts), so V1 has no value
 * there, as in the engine. Choices go through two-slot buffers, as the
 * engine's IF does; the loop runs range by range (see ranges.ts). An invalid
 * price or volume would need the engine's gap rules: the kernel then returns
 * null.
 */
import { doubles, RANGE, sum } from "../formula/kernels/index.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";
import { scratch } from "./scratch.ts";

export function mfiKernel(high: Float64Array, low: Float64Array, close: Float64Array, vol: Float64Array, N: number, allocate: Allocate = freshColumn): Float64Array[] | null {
  const n = close.length;
  const mfi = allocate(n);
  if (!(Math.trunc(N) >= 1)) return null;
  const rise = scratch(0, n);
  const fall = scratch(1, n);
  const below = scratch(2, n);
  // the sum of x − x over the inputs (0 unless one is invalid), from range to range
  const state = doubles(1, 0);
  for (let from = 0; from < n; from += RANGE) flows(state, from, Math.min(n, from + RANGE), high, low, close, vol, rise, fall);
  if (state[0] !== 0) return null;
  sum(mfi, rise, N);
  sum(below, fall, N);
  for (let i = 0; i < n; i++) {
    const sn = below[i]!;
    const d = 1 + (sn === 0 ? NaN : mfi[i]! / sn);
    mfi[i] = 100 - (d === 0 ? NaN : 100 / d);
  }
  return [mfi];
}

function flows(state: number[], from: number, to: number, high: Float64Array, low: Float64Array, close: Float64Array, vol: Float64Array, rise: Float64Array, fall: Float64Array): void {
  const pick = doubles(2, 0);
  const nan = 0 / 0;
  let bad = state[0]!;
  // the previous bar's typical price, carried from bar to bar
  let lt = from > 0 ? (high[from - 1]! + low[from - 1]! + close[from - 1]!) / 3 : nan;
  for (let i = from; i < to; i++) {
    const v = vol[i]!;
    const t = (high[i]! + low[i]! + close[i]!) / 3;
    bad += t - t + (v - v);
    pick[1] = t * v;
    rise[i] = i === 0 ? nan : pick[+(t > lt)]!;
    fall[i] = i === 0 ? nan : pick[+(t < lt)]!;
    lt = t;
  }
  state[0] = bad;
}
