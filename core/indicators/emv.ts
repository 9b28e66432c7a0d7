/**
 * EMV: the engine's MA kernel for its two inner averages, its ratio in one
 * pass, then the MA kernel twice more. It computes exactly what the formula
 * engine makes of TDX's text (the plugin's test compares them):
 *
 *   VOLUME:=MA(VOL,N)/VOL;
 *   MID:=100*(HIGH+LOW-REF(HIGH+LOW,1))/(HIGH+LOW);
 *   EMV:MA(MID*VOLUME*(HIGH-LOW)/MA(HIGH-LOW,N),N);
 *   MAEMV:MA(EMV,M);
 *
 * The inner averages are exact for decimal prices and whole volumes
 * (exact-sums.ts). A zero volume or range leaves the ratio without value
 * and the outer MA kernel applies the gap rules. An invalid price or volume
 * would need the engine's gap rules for the inner averages: the kernel then
 * returns null. The ratio's loop runs range by range (see ranges.ts).
 */
import { ma, doubles, RANGE } from "../formula/kernels/index.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";
import { scratch } from "./scratch.ts";

export function emvKernel(high: Float64Array, low: Float64Array, vol: Float64Array, N: number, M: number, allocate: Allocate = freshColumn): Float64Array[] | null {
  const n = high.length;
  if (!(Math.trunc(N) >= 1)) return null;
  const ratio = scratch(0, n);
  const spread = scratch(1, n);
  const volume = scratch(2, n);
  // the sum of x − x over the inputs (0 unless one is invalid), from range to range
  const state = doubles(1, 0);
  for (let from = 0; from < n; from += RANGE) ranges(state, from, Math.min(n, from + RANGE), high, low, vol, ratio);
  if (state[0] !== 0) return null;
  ma(spread, ratio, N);
  ma(volume, vol, N);
  for (let from = 0; from < n; from += RANGE) ratios(from, Math.min(n, from + RANGE), high, low, vol, volume, spread, ratio);
  const emv = allocate(n);
  const average = allocate(n);
  ma(emv, ratio, N);
  ma(average, emv, M);
  return [emv, average];
}

/** HIGH−LOW into `range`, checking the inputs. */
function ranges(state: number[], from: number, to: number, high: Float64Array, low: Float64Array, vol: Float64Array, range: Float64Array): void {
  let bad = state[0]!;
  for (let i = from; i < to; i++) {
    const h = high[i]!;
    const l = low[i]!;
    const v = vol[i]!;
    bad += h - h + (l - l) + (v - v);
    range[i] = h - l;
  }
  state[0] = bad;
}

/** The ratio averaged by EMV, over the two inner averages (written over `ratio`). */
function ratios(from: number, to: number, high: Float64Array, low: Float64Array, vol: Float64Array, average: Float64Array, spread: Float64Array, ratio: Float64Array): void {
  const nan = 0 / 0;
  // the previous bar's high + low, carried from bar to bar
  let lhl = from > 0 ? high[from - 1]! + low[from - 1]! : nan;
  for (let i = from; i < to; i++) {
    const h = high[i]!;
    const l = low[i]!;
    const v = vol[i]!;
    const hl = h + l;
    const volume = v === 0 ? nan : average[i]! / v;
    const mid = hl === 0 ? nan : (100 * (hl - lhl)) / hl;
    const s = spread[i]!;
    ratio[i] = s === 0 ? nan : (mid * volume * (h - l)) / s;
    lhl = hl;
  }
}
