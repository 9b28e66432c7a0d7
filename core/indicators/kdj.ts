/**
 * KDJ in one pass after the two window extremes. It computes exactly what
 * the formula engine makes of TDX's text (the plugin's test compares them):
 *
 *   RSV:=(CLOSE-LLV(LOW,N))/(HHV(HIGH,N)-LLV(LOW,N))*100;
 *   K:SMA(RSV,M1,1); D:SMA(K,M2,1); J:3*K-2*D;
 *
 * reusing the engine's LLV/HHV kernels and the same operations in the same
 * order. RSV has no value on a bar whose window is flat (a suspended stock);
 * before the first valid RSV the lines are empty, as in the formula. A flat
 * window after that needs the engine's gap rules, so the kernel returns null
 * and the caller falls back to the formula.
 */
import { hhv, llv } from "../formula/kernels/windows.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";
import { scratch } from "./scratch.ts";

export function kdjKernel(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  N: number,
  M1: number,
  M2: number,
  allocate: Allocate = freshColumn,
): Float64Array[] | null {
  const n = close.length;
  const lo = scratch(0, n);
  const hi = scratch(1, n);
  llv(lo, low, N);
  hhv(hi, high, N);
  const K = allocate(n);
  const D = allocate(n);
  const J = allocate(n);
  const nan = 0 / 0;
  const rsv = (i: number) => {
    const range = hi[i]! - lo[i]!;
    return (range === 0 ? nan : (close[i]! - lo[i]!) / range) * 100;
  };
  let f = 0;
  while (f < n && rsv(f) !== rsv(f)) f++;
  for (const line of [K, D, J]) line.fill(nan, 0, f);
  if (f >= n) return [K, D, J];
  const a1 = 1 / M1, b1 = (M1 - 1) / M1;
  const a2 = 1 / M2, b2 = (M2 - 1) / M2;
  let k = rsv(f);
  let d = k;
  K[f] = k;
  D[f] = d;
  J[f] = 3 * k - 2 * d;
  for (let i = f + 1; i < n; i++) {
    const range = hi[i]! - lo[i]!;
    const r = (range === 0 ? nan : (close[i]! - lo[i]!) / range) * 100;
    k = a1 * r + b1 * k;
    d = a2 * k + b2 * d;
    K[i] = k;
    D[i] = d;
    J[i] = 3 * k - 2 * d;
  }
  return k === k && d === d ? [K, D, J] : null;
}
