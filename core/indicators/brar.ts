/**
 * BRAR in one pass. It computes exactly what the formula engine makes of
 * TDX's text (the plugin's test compares them):
 *
 *   BR:SUM(MAX(0,HIGH-REF(CLOSE,1)),N)/SUM(MAX(0,REF(CLOSE,1)-LOW),N)*100;
 *   AR:SUM(HIGH-OPEN,N)/SUM(OPEN-LOW,N)*100;
 *
 * BR's partial sums start on bar 1 (bar 0 has no previous close), AR's on
 * bar 0; each rolling sum adds the new value less the one leaving the
 * window, recomputed from the bars, in the engine's order. An invalid price
 * would need the engine's gap rules: the kernel then returns null.
 */
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
  const w = Math.trunc(N);
  if (!(w >= 1)) return null;
  const nan = 0 / 0;
  let bu = 0;
  let bd = 0;
  let au = 0;
  let ad = 0;
  let bad = 0;
  for (let i = 0; i < n; i++) {
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
      continue;
    }
    const lc = close[i - 1]!;
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
  }
  return bad === 0 ? [br, ar] : null;
}
