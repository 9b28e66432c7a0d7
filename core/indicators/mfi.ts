/**
 * MFI in one pass. It computes exactly what the formula engine makes of
 * TDX's text (the plugin's test compares them):
 *
 *   TYP:=(HIGH+LOW+CLOSE)/3;
 *   V1:=SUM(IF(TYP>REF(TYP,1),TYP*VOL,0),N)/SUM(IF(TYP<REF(TYP,1),TYP*VOL,0),N);
 *   MFI:100-(100/(1+V1));
 *
 * The partial sums start on bar 1 (bar 0 has no previous price); the flow
 * leaving a window is recomputed from the stored typical prices. Choices go
 * through two-slot buffers, as the engine's IF does; the loop runs range by
 * range (see ranges.ts). An invalid price or volume would need the engine's
 * gap rules: the kernel then returns null.
 */
import { doubles } from "../formula/kernels/doubles.ts";
import { RANGE } from "../formula/kernels/ranges.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";
import { scratch } from "./scratch.ts";

export function mfiKernel(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  vol: Float64Array,
  N: number,
  allocate: Allocate = freshColumn,
): Float64Array[] | null {
  const n = close.length;
  const mfi = allocate(n);
  // an integer index offset (a window longer than the series never fills either way)
  const w = Math.min(Math.trunc(N), n + 1) | 0;
  if (!(w >= 1)) return null;
  const typ = scratch(0, n);
  // the two partial sums and the sum of x − x over the inputs (0 unless one is invalid), from range to range
  const state = doubles(3, 0);
  for (let from = 0; from < n; from += RANGE) flows(state, from, Math.min(n, from + RANGE), high, low, close, vol, w, typ, mfi);
  return state[2] === 0 ? [mfi] : null;
}

function flows(
  state: number[],
  from: number,
  to: number,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  vol: Float64Array,
  w: number,
  typ: Float64Array,
  mfi: Float64Array,
): void {
  const rise = doubles(2, 0);
  const fall = doubles(2, 0);
  const nan = 0 / 0;
  let sp = state[0]!;
  let sn = state[1]!;
  let bad = state[2]!;
  // the previous bar's typical price, carried from bar to bar
  let lt = from > 0 ? typ[from - 1]! : nan;
  for (let i = from; i < to; i++) {
    const v = vol[i]!;
    const t = (high[i]! + low[i]! + close[i]!) / 3;
    typ[i] = t;
    bad += t - t + (v - v);
    if (i === 0) {
      mfi[0] = nan;
      lt = t;
      continue;
    }
    rise[1] = fall[1] = t * v;
    const xp = rise[+(t > lt)]!;
    const xn = fall[+(t < lt)]!;
    const j = i - w;
    if (j >= 1) {
      const ot = typ[j]!;
      const olt = typ[j - 1]!;
      rise[1] = fall[1] = ot * vol[j]!;
      sp += xp - rise[+(ot > olt)]!;
      sn += xn - fall[+(ot < olt)]!;
    } else {
      sp += xp;
      sn += xn;
    }
    const v1 = sn === 0 ? nan : sp / sn;
    const d = 1 + v1;
    mfi[i] = 100 - (d === 0 ? nan : 100 / d);
    lt = t;
  }
  state[0] = sp;
  state[1] = sn;
  state[2] = bad;
}
