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
 * leaving a window is recomputed from the bars. Each MAk is the moving
 * average shifted by ⌊Mk/2.5+1⌋ bars, as REF truncates its lag. An invalid
 * price would need the engine's gap rules: the kernel then returns null.
 */
import { ma } from "../formula/kernels/averages.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";
import { scratch } from "./scratch.ts";

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
    const up = Math.max(0, h - mid);
    const down = Math.max(0, mid - l);
    const j = i - w;
    if (j >= 1) {
      const om = (high[j - 1]! + low[j - 1]!) / 2;
      su += up - Math.max(0, high[j]! - om);
      sd += down - Math.max(0, om - low[j]!);
    } else {
      su += up;
      sd += down;
    }
    cr[i] = (sd === 0 ? nan : su / sd) * 100;
  }
  if (bad !== 0) return null;
  const average = scratch(0, n);
  const lines = [cr];
  for (const M of periods) {
    const out = allocate(n);
    ma(average, cr, M);
    const lag = Math.trunc(M / 2.5 + 1);
    for (let i = 0; i < n; i++) out[i] = i - lag >= 0 && i - lag < n ? average[i - lag]! : nan;
    lines.push(out);
  }
  return lines;
}
