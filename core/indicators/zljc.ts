/**
 * 主力进出 (ZLJC) in one pass plus the engine's MA kernel. It computes exactly
 * what the formula engine makes of TDX's text (the plugin's test compares
 * them):
 *
 *   VAR1:=(CLOSE+LOW+HIGH)/3;
 *   VAR2:=SUM(((VAR1-REF(LOW,1))-(HIGH-VAR1))*VOL/100000/(HIGH-LOW),0);
 *   VAR3:=EMA(VAR2,1);
 *   JCS:VAR3; JCM:MA(VAR3,12); JCL:MA(VAR3,26);
 *
 * The running total skips bars without a term (bar 0, and a bar whose high
 * equals its low, such as a one-price limit day), as SUM does; EMA(X,1) is
 * the recurrence with weights 1 and 0, kept as written so the numbers are
 * the engine's to the bit. No special case is needed for invalid values.
 */
import { ma } from "../formula/kernels/averages.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";

export function zljcKernel(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  vol: Float64Array,
  allocate: Allocate = freshColumn,
): Float64Array[] {
  const n = close.length;
  const jcs = allocate(n);
  const jcm = allocate(n);
  const jcl = allocate(n);
  const nan = 0 / 0;
  let total = 0;
  let started = false;
  let y = nan;
  for (let i = 0; i < n; i++) {
    const h = high[i]!;
    const l = low[i]!;
    const mid = (close[i]! + l + h) / 3;
    const range = h - l;
    const term = i === 0 || range === 0 ? nan : ((mid - low[i - 1]! - (h - mid)) * vol[i]!) / 100000 / range;
    if (term === term) {
      total += term;
      started = true;
    }
    if (!started) {
      jcs[i] = nan;
      continue;
    }
    y = y === y ? 1 * total + 0 * y : total;
    jcs[i] = y;
  }
  ma(jcm, jcs, 12);
  ma(jcl, jcs, 26);
  return [jcs, jcm, jcl];
}
