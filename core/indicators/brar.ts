/**
 * BRAR: its four terms in one pass, then the engine's SUM kernel (exact for
 * decimal prices, exact-sums.ts) on each. It computes exactly what the
 * formula engine makes of TDX's text (the plugin's test compares them):
 *
 *   BR:SUM(MAX(0,HIGH-REF(CLOSE,1)),N)/SUM(MAX(0,REF(CLOSE,1)-LOW),N)*100;
 *   AR:SUM(HIGH-OPEN,N)/SUM(OPEN-LOW,N)*100;
 *
 * BR's terms start on bar 1 (bar 0 has no previous close), AR's on bar 0.
 * The terms' loop runs range by range (see ranges.ts). An invalid price
 * would need the engine's gap rules: the kernel then returns null.
 */
import { doubles, RANGE } from "../formula/kernels/index.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";
import { scratch } from "./scratch.ts";
import { sumRatio } from "./sum-ratio.ts";

export function brarKernel(open: Float64Array, high: Float64Array, low: Float64Array, close: Float64Array, N: number, allocate: Allocate = freshColumn): Float64Array[] | null {
  const n = close.length;
  const br = allocate(n);
  const ar = allocate(n);
  if (!(Math.trunc(N) >= 1)) return null;
  const up = scratch(0, n);
  const down = scratch(1, n);
  const rise = scratch(2, n);
  const fall = scratch(3, n);
  // the sum of x − x over the prices (0 unless one is invalid), from range to range
  const state = doubles(1, 0);
  for (let from = 0; from < n; from += RANGE) terms(state, from, Math.min(n, from + RANGE), open, high, low, close, up, down, rise, fall);
  if (state[0] !== 0) return null;
  sumRatio(br, up, down, N, scratch(4, n));
  sumRatio(ar, rise, fall, N, scratch(4, n));
  return [br, ar];
}

function terms(
  state: number[],
  from: number,
  to: number,
  open: Float64Array,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  up: Float64Array,
  down: Float64Array,
  rise: Float64Array,
  fall: Float64Array,
): void {
  const nan = 0 / 0;
  let bad = state[0]!;
  // the previous close, carried from bar to bar
  let lc = from > 0 ? close[from - 1]! : nan;
  for (let i = from; i < to; i++) {
    const h = high[i]!;
    const l = low[i]!;
    const o = open[i]!;
    const c = close[i]!;
    bad += h - h + (l - l) + (o - o) + (c - c);
    rise[i] = h - o;
    fall[i] = o - l;
    up[i] = i === 0 ? nan : Math.max(0, h - lc);
    down[i] = i === 0 ? nan : Math.max(0, lc - l);
    lc = c;
  }
  state[0] = bad;
}
