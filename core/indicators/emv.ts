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
 * returns null. The ratio's loop runs range by range (see ranges.ts).
 */
import { ma } from "../formula/kernels/averages.ts";
import { doubles } from "../formula/kernels/doubles.ts";
import { RANGE } from "../formula/kernels/ranges.ts";
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
  // an integer index offset (a window longer than the series never fills either way)
  const w = Math.min(Math.trunc(N), n + 1) | 0;
  if (!(w >= 1)) return null;
  const ratio = scratch(0, n);
  // the two rolling sums and the sum of x − x over the inputs (0 unless one is invalid), from range to range
  const state = doubles(3, 0);
  for (let from = 0; from < n; from += RANGE) ratios(state, from, Math.min(n, from + RANGE), high, low, vol, w, ratio);
  if (state[2] !== 0) return null;
  const emv = allocate(n);
  const average = allocate(n);
  ma(emv, ratio, N);
  ma(average, emv, M);
  return [emv, average];
}

function ratios(
  state: number[],
  from: number,
  to: number,
  high: Float64Array,
  low: Float64Array,
  vol: Float64Array,
  w: number,
  ratio: Float64Array,
): void {
  const k = 1 / w;
  const nan = 0 / 0;
  let sv = state[0]!;
  let sr = state[1]!;
  let bad = state[2]!;
  // the previous bar's high + low, carried from bar to bar
  let lhl = from > 0 ? high[from - 1]! + low[from - 1]! : nan;
  for (let i = from; i < to; i++) {
    const h = high[i]!;
    const l = low[i]!;
    const v = vol[i]!;
    const hl = h + l;
    const previous = lhl;
    lhl = hl;
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
    const mid = hl === 0 ? nan : (100 * (hl - previous)) / hl;
    const spread = sr * k;
    ratio[i] = spread === 0 ? nan : (mid * volume * range) / spread;
  }
  state[0] = sv;
  state[1] = sr;
  state[2] = bad;
}
