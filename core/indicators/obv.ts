/**
 * OBV in one pass. It computes exactly what the formula engine makes of
 * TDX's text (the plugin's test compares them):
 *
 *   VA:=IF(CLOSE>REF(CLOSE,1),VOL,-VOL);
 *   OBV:SUM(IF(CLOSE=REF(CLOSE,1),0,VA),0);
 *   MAOBV:MA(OBV,M);
 *
 * The running total starts on bar 1 (bar 0 has no previous close); choices
 * go through a two-slot buffer, as the engine's IF does (a branch mispredicts
 * on every other bar). MAOBV is the engine's own MA kernel. An invalid close
 * or volume would need the engine's gap rules: the kernel then returns null.
 */
import { ma } from "../formula/kernels/averages.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";

export function obvKernel(close: Float64Array, vol: Float64Array, M: number, allocate: Allocate = freshColumn): Float64Array[] | null {
  const n = close.length;
  const obv = allocate(n);
  const average = allocate(n);
  if (n === 0) return [obv, average];
  const pick = new Float64Array(2);
  obv[0] = NaN;
  let total = 0;
  let bad = close[0]! - close[0]! + (vol[0]! - vol[0]!);
  for (let i = 1; i < n; i++) {
    const c = close[i]!;
    const lc = close[i - 1]!;
    const v = vol[i]!;
    bad += c - c + (v - v);
    pick[0] = -v;
    pick[1] = v;
    const va = pick[+(c > lc)]!;
    pick[0] = va;
    pick[1] = 0;
    total += pick[+(c === lc)]!;
    obv[i] = total;
  }
  if (bad !== 0) return null;
  ma(average, obv, M);
  return [obv, average];
}
