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
 * kernel shifted by ⌊Mk/2.5+1⌋ bars, as REF truncates its lag. The sums'
 * loop runs range by range (see ranges.ts). An invalid price would need the
 * engine's gap rules: the kernel then returns null.
 */
import { ma } from "../formula/kernels/averages.ts";
import { doubles } from "../formula/kernels/doubles.ts";
import { RANGE } from "../formula/kernels/ranges.ts";
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
  // an integer index offset (a window longer than the series never fills either way)
  const w = Math.min(Math.trunc(N), n + 1) | 0;
  if (!(w >= 1)) return null;
  if (n > 0) cr[0] = NaN;
  // the two partial sums and the sum of x − x over the prices (0 unless one is invalid), from range to range
  const state = doubles(3, 0);
  for (let from = 0; from < n; from += RANGE) energies(state, from, Math.min(n, from + RANGE), high, low, w, cr);
  if (state[2] !== 0) return null;
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

function energies(state: number[], from: number, to: number, high: Float64Array, low: Float64Array, w: number, cr: Float64Array): void {
  const nan = 0 / 0;
  // MAX(0,x) picked from a two-slot buffer: whether a bar rose above the midpoint is an unpredictable branch
  const pos = doubles(2, 0);
  let su = state[0]!;
  let sd = state[1]!;
  let bad = state[2]!;
  // the previous bar's high and low, carried from bar to bar
  let lh = from > 0 ? high[from - 1]! : nan;
  let ll = from > 0 ? low[from - 1]! : nan;
  for (let i = from; i < to; i++) {
    const h = high[i]!;
    const l = low[i]!;
    bad += h - h + (l - l);
    if (i === 0) {
      lh = h;
      ll = l;
      continue;
    }
    const mid = (lh + ll) / 2;
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
    lh = h;
    ll = l;
  }
  state[0] = su;
  state[1] = sd;
  state[2] = bad;
}
