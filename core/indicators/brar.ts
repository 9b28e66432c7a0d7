/**
 * BRAR in one pass. It computes exactly what the formula engine makes of
 * TDX's text (the plugin's test compares them):
 *
 *   BR:SUM(MAX(0,HIGH-REF(CLOSE,1)),N)/SUM(MAX(0,REF(CLOSE,1)-LOW),N)*100;
 *   AR:SUM(HIGH-OPEN,N)/SUM(OPEN-LOW,N)*100;
 *
 * BR's partial sums start on bar 1 (bar 0 has no previous close), AR's on
 * bar 0; each rolling sum adds the new value less the one leaving the
 * window, recomputed from the bars, in the engine's order, range by range
 * (see ranges.ts). An invalid price would need the engine's gap rules: the
 * kernel then returns null.
 */
import { doubles } from "../formula/kernels/doubles.ts";
import { RANGE } from "../formula/kernels/ranges.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";

export function brarKernel(
  open: Float64Array,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  N: number,
  allocate: Allocate = freshColumn,
): Float64Array[] | null {
  const n = close.length;
  const br = allocate(n);
  const ar = allocate(n);
  // an integer index offset (a window longer than the series never fills either way)
  const w = Math.min(Math.trunc(N), n + 1) | 0;
  if (!(w >= 1)) return null;
  // BR's and AR's rolling sums and the sum of x − x over the prices (0 unless one is invalid), from range to range
  const state = doubles(5, 0);
  for (let from = 0; from < n; from += RANGE) sums(state, from, Math.min(n, from + RANGE), open, high, low, close, w, br, ar);
  return state[4] === 0 ? [br, ar] : null;
}

function sums(
  state: number[],
  from: number,
  to: number,
  open: Float64Array,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  w: number,
  br: Float64Array,
  ar: Float64Array,
): void {
  const nan = 0 / 0;
  let bu = state[0]!;
  let bd = state[1]!;
  let au = state[2]!;
  let ad = state[3]!;
  let bad = state[4]!;
  // the previous close, carried from bar to bar
  let lc = from > 0 ? close[from - 1]! : nan;
  for (let i = from; i < to; i++) {
    const h = high[i]!;
    const l = low[i]!;
    const o = open[i]!;
    const c = close[i]!;
    bad += h - h + (l - l) + (o - o) + (c - c);
    const j = i - w;
    if (j >= 0) {
      au += h - o - (high[j]! - open[j]!);
      ad += o - l - (open[j]! - low[j]!);
    } else {
      au += h - o;
      ad += o - l;
    }
    ar[i] = (ad === 0 ? nan : au / ad) * 100;
    if (i === 0) {
      br[0] = nan;
      lc = c;
      continue;
    }
    const up = Math.max(0, h - lc);
    const down = Math.max(0, lc - l);
    if (j >= 1) {
      const olc = close[j - 1]!;
      bu += up - Math.max(0, high[j]! - olc);
      bd += down - Math.max(0, olc - low[j]!);
    } else {
      bu += up;
      bd += down;
    }
    br[i] = (bd === 0 ? nan : bu / bd) * 100;
    lc = c;
  }
  state[0] = bu;
  state[1] = bd;
  state[2] = au;
  state[3] = ad;
  state[4] = bad;
}
