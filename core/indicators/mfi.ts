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
 * through two-slot buffers, as the engine's IF does. An invalid price or
 * volume would need the engine's gap rules: the kernel then returns null.
 */
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
  const w = Math.trunc(N);
  if (!(w >= 1)) return null;
  const typ = scratch(0, n);
  const rise = new Float64Array(2);
  const fall = new Float64Array(2);
  rise[0] = fall[0] = 0;
  const nan = 0 / 0;
  let sp = 0;
  let sn = 0;
  let bad = 0;
  for (let i = 0; i < n; i++) {
    const v = vol[i]!;
    const t = (high[i]! + low[i]! + close[i]!) / 3;
    typ[i] = t;
    bad += t - t + (v - v);
    if (i === 0) {
      mfi[0] = nan;
      continue;
    }
    const lt = typ[i - 1]!;
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
  }
  return bad === 0 ? [mfi] : null;
}
