/**
 * CR in one pass plus the engine's MA kernel for its four averages. It
 * computes exactly what the formula engine makes of TDX's text (the plugin's
 * test compares them):
 *
 *   MID:=REF(HIGH+LOW,1)/2;
 *   CR:SUM(MAX(0,HIGH-MID),N)/SUM(MAX(0,MID-LOW),N)*100;
 *   MA1:REF(MA(CR,M1),M1/2.5+1);  ... MA4 likewise
 *
 * The partial sums start on bar 1 (bar 0 has no previous bar); the value
 * leaving a window is recomputed from the bars. Each MAk is the engine's MA
 * kernel shifted by ⌊Mk/2.5+1⌋ bars, as REF truncates its lag. An invalid
 * price would need the engine's gap rules: the kernel then returns null.
 */
import { ma } from "../formula/kernels/averages.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";

export function crKernel(
  high: Float64Array,
  low: Float64Array,
  N: number,
  periods: readonly number[],
  allocate: Allocate = freshColumn,
): Float64Array[] | null {
  const n = high.length;
  const cr = allocate(n);
  const w = Math.trunc(N);
  if (!(w >= 1)) return null;
  const nan = 0 / 0;
  // MAX(0,x) picked from a two-slot buffer: whether a bar rose above the midpoint is an unpredictable branch
  const pos = new Float64Array(2);
  let su = 0;
  let sd = 0;
  let bad = 0;
  if (n > 0) cr[0] = nan;
  for (let i = 0; i < n; i++) {
    const h = high[i]!;
    const l = low[i]!;
    bad += h - h + (l - l);
    if (i === 0) continue;
    const mid = (high[i - 1]! + low[i - 1]!) / 2;
    const du = h - mid;
    const dd = mid - l;
    pos[1] = du;
    const up = pos[+(du > 0)]!;
    pos[1] = dd;
    const down = pos[+(dd > 0)]!;
    const j = i - w;
    if (j >= 1) {
      const om = (high[j - 1]! + low[j - 1]!) / 2;
      const ou = high[j]! - om;
      const od = om - low[j]!;
      pos[1] = ou;
      su += up - pos[+(ou > 0)]!;
      pos[1] = od;
      sd += down - pos[+(od > 0)]!;
    } else {
      su += up;
      sd += down;
    }
    cr[i] = (sd === 0 ? nan : su / sd) * 100;
  }
  if (bad !== 0) return null;
  const lines = [cr];
  for (const M of periods) {
    // the average of the first n − lag values, written `lag` bars later (an MA only reads back)
    const out = allocate(n);
    const lag = Math.min(n, Math.trunc(M / 2.5 + 1));
    out.fill(nan, 0, lag);
    ma(out.subarray(lag), cr.subarray(0, n - lag), M);
    lines.push(out);
  }
  return lines;
}
