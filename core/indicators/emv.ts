/**
 * EMV: its ratio in one pass, then the engine's MA kernel twice. It computes
 * exactly what the formula engine makes of TDX's text (the plugin's test
 * compares them):
 *
 *   VOLUME:=MA(VOL,N)/VOL;
 *   MID:=100*(HIGH+LOW-REF(HIGH+LOW,1))/(HIGH+LOW);
 *   EMV:MA(MID*VOLUME*(HIGH-LOW)/MA(HIGH-LOW,N),N);
 *   MAEMV:MA(EMV,M);
 *
 * The two inner averages are rolling sums as the engine's MA keeps them (the
 * first ⌊N⌋ values added one by one, then the new value less the leaving
 * one, times 1/⌊N⌋). A zero volume or range leaves the ratio without value
 * and the outer MA kernel applies the gap rules. An invalid price or volume
 * would need the engine's gap rules for the inner averages: the kernel then
 * returns null.
 */
import { ma } from "../formula/kernels/averages.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";
import { scratch } from "./scratch.ts";

export function emvKernel(
  high: Float64Array,
  low: Float64Array,
  vol: Float64Array,
  N: number,
  M: number,
  allocate: Allocate = freshColumn,
): Float64Array[] | null {
  const n = high.length;
  const w = Math.trunc(N);
  if (!(w >= 1)) return null;
  const k = 1 / w;
  const ratio = scratch(0, n);
  const nan = 0 / 0;
  let sv = 0;
  let sr = 0;
  let bad = 0;
  for (let i = 0; i < n; i++) {
    const h = high[i]!;
    const l = low[i]!;
    const v = vol[i]!;
    bad += h - h + (l - l) + (v - v);
    const range = h - l;
    const j = i - w;
    if (j >= 0) {
      sv += v - vol[j]!;
      sr += range - (high[j]! - low[j]!);
    } else {
      sv += v;
      sr += range;
    }
    if (i < w - 1 || i === 0) {
      ratio[i] = nan;
      continue;
    }
    const volume = v === 0 ? nan : (sv * k) / v;
    const hl = h + l;
    const mid = hl === 0 ? nan : (100 * (hl - (high[i - 1]! + low[i - 1]!))) / hl;
    const spread = sr * k;
    ratio[i] = spread === 0 ? nan : (mid * volume * range) / spread;
  }
  if (bad !== 0) return null;
  const emv = allocate(n);
  const average = allocate(n);
  ma(emv, ratio, N);
  ma(average, emv, M);
  return [emv, average];
}
