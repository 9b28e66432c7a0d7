/**
 * CR: its two terms in one pass, the engine's SUM kernel (exact for decimal
 * prices, exact-sums.ts) on each, then the engine's MA kernel for its four
 * averages. It computes exactly what the formula engine makes of TDX's text
 * (the plugin's test compares them):
 *
 *   MID:=REF(HIGH+LOW,1)/2;
 *   CR:SUM(MAX(0,HIGH-MID),N)/SUM(MAX(0,MID-LOW),N)*100;
 *   MA1:REF(MA(CR,M1),M1/2.5+1);  ... MA4 likewise
 *
 * The terms start on bar 1 (bar 0 has no previous bar). Each MAk is the
 * engine's MA kernel shifted by ⌊Mk/2.5+1⌋ bars, as REF truncates its lag.
 * The terms' loop runs range by range (see ranges.ts). An invalid price
 * would need the engine's gap rules: the kernel then returns null.
 */
import { doubles, larger, ma, RANGE } from "../formula/kernels/index.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";
import { scratch } from "./scratch.ts";
import { sumRatio } from "./sum-ratio.ts";

export function crKernel(high: Float64Array, low: Float64Array, N: number, periods: readonly number[], allocate: Allocate = freshColumn): Float64Array[] | null {
  const n = high.length;
  const cr = allocate(n);
  if (!(Math.trunc(N) >= 1)) return null;
  const up = scratch(0, n);
  const down = scratch(1, n);
  // the sum of x − x over the prices (0 unless one is invalid), from range to range
  const state = doubles(1, 0);
  for (let from = 0; from < n; from += RANGE) energies(state, from, Math.min(n, from + RANGE), high, low, up, down);
  if (state[0] !== 0) return null;
  sumRatio(cr, up, down, N, scratch(2, n));
  const lines = [cr];
  for (const M of periods) {
    // the average of the first n − lag values, written `lag` bars later (an MA only reads back)
    const out = allocate(n);
    const lag = Math.min(n, Math.trunc(M / 2.5 + 1));
    out.fill(NaN, 0, lag);
    ma(out.subarray(lag), cr.subarray(0, n - lag), M);
    lines.push(out);
  }
  return lines;
}

function energies(state: number[], from: number, to: number, high: Float64Array, low: Float64Array, up: Float64Array, down: Float64Array): void {
  const nan = 0 / 0;
  let bad = state[0]!;
  // the previous bar's high and low, carried from bar to bar
  let lh = from > 0 ? high[from - 1]! : nan;
  let ll = from > 0 ? low[from - 1]! : nan;
  for (let i = from; i < to; i++) {
    const h = high[i]!;
    const l = low[i]!;
    bad += h - h + (l - l);
    const mid = (lh + ll) / 2;
    up[i] = i === 0 ? nan : larger(0, h - mid);
    down[i] = i === 0 ? nan : larger(0, mid - l);
    lh = h;
    ll = l;
  }
  state[0] = bad;
}
