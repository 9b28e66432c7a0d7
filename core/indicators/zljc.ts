/**
 * 主力进出 (ZLJC): its terms in one pass, the engine's SUM kernel for the
 * running total, then EMA(X,1) and the engine's MA kernel. It computes
 * exactly what the formula engine makes of TDX's text (the plugin's test
 * compares them):
 *
 *   VAR1:=(CLOSE+LOW+HIGH)/3;
 *   VAR2:=SUM(((VAR1-REF(LOW,1))-(HIGH-VAR1))*VOL/100000/(HIGH-LOW),0);
 *   VAR3:=EMA(VAR2,1);
 *   JCS:VAR3; JCM:MA(VAR3,12); JCL:MA(VAR3,26);
 *
 * A bar without a term (bar 0, and a bar whose high equals its low, such as
 * a one-price limit day) is skipped by the total, as SUM does; EMA(X,1) is
 * the engine's recurrence X − b·(X − Y') with b = 0, kept as written so the
 * numbers are the engine's to the bit. No special case is needed for invalid values. The
 * loops run range by range (see ranges.ts).
 */
import { ma, doubles, RANGE, sum } from "../formula/kernels/index.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";
import { scratch } from "./scratch.ts";

export function zljcKernel(high: Float64Array, low: Float64Array, close: Float64Array, vol: Float64Array, allocate: Allocate = freshColumn): Float64Array[] {
  const n = close.length;
  const jcs = allocate(n);
  const jcm = allocate(n);
  const jcl = allocate(n);
  const terms = scratch(0, n);
  for (let from = 0; from < n; from += RANGE) flows(from, Math.min(n, from + RANGE), high, low, close, vol, terms);
  sum(jcs, terms, 0);
  // the EMA, from range to range
  const state = doubles(1, NaN);
  for (let from = 0; from < n; from += RANGE) smooth(state, from, Math.min(n, from + RANGE), jcs);
  ma(jcm, jcs, 12);
  ma(jcl, jcs, 26);
  return [jcs, jcm, jcl];
}

function flows(from: number, to: number, high: Float64Array, low: Float64Array, close: Float64Array, vol: Float64Array, terms: Float64Array): void {
  const nan = 0 / 0;
  // the previous low, carried from bar to bar
  let ll = from > 0 ? low[from - 1]! : nan;
  for (let i = from; i < to; i++) {
    const h = high[i]!;
    const l = low[i]!;
    const mid = (close[i]! + l + h) / 3;
    const range = h - l;
    terms[i] = i === 0 || range === 0 ? nan : ((mid - ll - (h - mid)) * vol[i]!) / 100000 / range;
    ll = l;
  }
}

/** EMA(total,1) in place, seeded on the total's first value. */
function smooth(state: number[], from: number, to: number, jcs: Float64Array): void {
  let y = state[0]!;
  for (let i = from; i < to; i++) {
    const total = jcs[i]!;
    if (total !== total) continue;
    y = y !== y ? total : total - 0 * (total - y);
    jcs[i] = y;
  }
  state[0] = y;
}
