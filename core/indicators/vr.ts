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
 * Choices go through two-slot buffers, as the engine's IF does. MAVR is the
 * engine's MA kernel (it handles a VR without value). An invalid close or
 * volume would need the engine's gap rules: the kernel then returns null.
 */
import { ma } from "../formula/kernels/averages.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";

export function vrKernel(close: Float64Array, vol: Float64Array, N: number, M: number, allocate: Allocate = freshColumn): Float64Array[] | null {
  const n = close.length;
  const vr = allocate(n);
  const average = allocate(n);
  const w = Math.trunc(N);
  if (!(w >= 1)) return null;
  const up = new Float64Array(2);
  const down = new Float64Array(2);
  const flat = new Float64Array(2);
  up[0] = down[0] = flat[0] = 0;
  let th = 0;
  let tl = 0;
  let tq = 0;
  let bad = n > 0 ? close[0]! - close[0]! : 0;
  const nan = 0 / 0;
  if (n > 0) vr[0] = nan;
  for (let i = 1; i < n; i++) {
    const c = close[i]!;
    const lc = close[i - 1]!;
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
  }
  if (bad !== 0) return null;
  ma(average, vr, M);
  return [vr, average];
}
