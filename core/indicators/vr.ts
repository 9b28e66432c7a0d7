/**
 * VR in one pass. It computes exactly what the formula engine makes of TDX's
 * text (the plugin's test compares them):
 *
 *   TH:=SUM(IF(CLOSE>REF(CLOSE,1),VOL,0),N);
 *   TL:=SUM(IF(CLOSE<REF(CLOSE,1),VOL,0),N);
 *   TQ:=SUM(IF(CLOSE=REF(CLOSE,1),VOL,0),N);
 *   VR:100*(TH*2+TQ)/(TL*2+TQ);
 *   MAVR:MA(VR,M);
 *
 * The three partial sums start on bar 1 (bar 0 has no previous close); the
 * volume leaving a window is recomputed from the bars instead of stored.
 * Choices go through two-slot buffers, as the engine's IF does; the loop
 * runs range by range (see ranges.ts). MAVR is the engine's MA kernel (it
 * handles a VR without value). An invalid close or volume would need the
 * engine's gap rules: the kernel then returns null.
 */
import { ma } from "../formula/kernels/averages.ts";
import { doubles } from "../formula/kernels/doubles.ts";
import { RANGE } from "../formula/kernels/ranges.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";

export function vrKernel(close: Float64Array, vol: Float64Array, N: number, M: number, allocate: Allocate = freshColumn): Float64Array[] | null {
  const n = close.length;
  const vr = allocate(n);
  const average = allocate(n);
  // an integer index offset (a window longer than the series never fills either way)
  const w = Math.min(Math.trunc(N), n + 1) | 0;
  if (!(w >= 1)) return null;
  // the three partial sums and the sum of x − x over the inputs (0 unless one is invalid), from range to range
  const state = doubles(4, 0);
  if (n > 0) {
    state[3] = close[0]! - close[0]!;
    vr[0] = NaN;
  }
  for (let from = 1; from < n; from += RANGE) sums(state, from, Math.min(n, from + RANGE), close, vol, w, vr);
  if (state[3] !== 0) return null;
  ma(average, vr, M);
  return [vr, average];
}

function sums(state: number[], from: number, to: number, close: Float64Array, vol: Float64Array, w: number, vr: Float64Array): void {
  const up = doubles(2, 0);
  const down = doubles(2, 0);
  const flat = doubles(2, 0);
  const nan = 0 / 0;
  let th = state[0]!;
  let tl = state[1]!;
  let tq = state[2]!;
  let bad = state[3]!;
  // the previous close, carried from bar to bar
  let lc = close[from - 1]!;
  for (let i = from; i < to; i++) {
    const c = close[i]!;
    const v = vol[i]!;
    bad += c - c + (v - v);
    up[1] = down[1] = flat[1] = v;
    const xh = up[+(c > lc)]!;
    const xl = down[+(c < lc)]!;
    const xq = flat[+(c === lc)]!;
    const j = i - w;
    if (j >= 1) {
      // the engine's rolling sum adds the difference of the new and the leaving value
      const oc = close[j]!;
      const olc = close[j - 1]!;
      up[1] = down[1] = flat[1] = vol[j]!;
      th += xh - up[+(oc > olc)]!;
      tl += xl - down[+(oc < olc)]!;
      tq += xq - flat[+(oc === olc)]!;
    } else {
      th += xh;
      tl += xl;
      tq += xq;
    }
    const below = tl * 2 + tq;
    vr[i] = below === 0 ? nan : (100 * (th * 2 + tq)) / below;
    lc = c;
  }
  state[0] = th;
  state[1] = tl;
  state[2] = tq;
  state[3] = bad;
}
