/**
 * VR: its three terms in one pass, the engine's SUM kernel (exact for whole
 * or decimal volumes, exact-sums.ts) on each, then the ratio and the
 * engine's MA kernel. It computes exactly what the formula engine makes of
 * TDX's text (the plugin's test compares them):
 *
 *   TH:=SUM(IF(CLOSE>REF(CLOSE,1),VOL,0),N);
 *   TL:=SUM(IF(CLOSE<REF(CLOSE,1),VOL,0),N);
 *   TQ:=SUM(IF(CLOSE=REF(CLOSE,1),VOL,0),N);
 *   VR:100*(TH*2+TQ)/(TL*2+TQ);
 *   MAVR:MA(VR,M);
 *
 * The terms start on bar 1 (bar 0 has no previous close). The terms' loop
 * runs range by range (see ranges.ts). MAVR handles a VR without value. An
 * invalid close or volume would need the engine's gap rules: the kernel then
 * returns null.
 */
import { ma, doubles, RANGE, sum } from "../formula/kernels/index.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";
import { scratch } from "./scratch.ts";

export function vrKernel(close: Float64Array, vol: Float64Array, N: number, M: number, allocate: Allocate = freshColumn): Float64Array[] | null {
  const n = close.length;
  const vr = allocate(n);
  const average = allocate(n);
  if (!(Math.trunc(N) >= 1)) return null;
  const up = scratch(0, n);
  const down = scratch(1, n);
  const flat = scratch(2, n);
  // the sum of x − x over the inputs (0 unless one is invalid), from range to range
  const state = doubles(1, 0);
  if (n > 0) {
    state[0] = close[0]! - close[0]!;
    up[0] = down[0] = flat[0] = NaN;
  }
  for (let from = 1; from < n; from += RANGE) terms(state, from, Math.min(n, from + RANGE), close, vol, up, down, flat);
  if (state[0] !== 0) return null;
  sum(vr, up, N);
  sum(up, down, N);
  sum(down, flat, N);
  for (let from = 0; from < n; from += RANGE) ratios(vr, up, down, from, Math.min(n, from + RANGE));
  ma(average, vr, M);
  return [vr, average];
}

/**
 * VR over bars `[from, to)` from its sums (TH in `vr`, TL in `up`, TQ in
 * `down`), in place, range by range (see ranges.ts) with a NaN made here:
 * one loop over the whole series choosing the global NaN in a branch made
 * every result a new heap number in some processes (160 KB on 10,000 bars).
 */
function ratios(vr: Float64Array, up: Float64Array, down: Float64Array, from: number, to: number): void {
  const nan = 0 / 0;
  for (let i = from; i < to; i++) {
    const tq = down[i]!;
    const below = up[i]! * 2 + tq;
    vr[i] = below === 0 ? nan : (100 * (vr[i]! * 2 + tq)) / below;
  }
}

function terms(state: number[], from: number, to: number, close: Float64Array, vol: Float64Array, up: Float64Array, down: Float64Array, flat: Float64Array): void {
  // IF's choices go through two-slot buffers, as the engine's IF does
  const pick = doubles(2, 0);
  let bad = state[0]!;
  // the previous close, carried from bar to bar
  let lc = close[from - 1]!;
  for (let i = from; i < to; i++) {
    const c = close[i]!;
    const v = vol[i]!;
    bad += c - c + (v - v);
    pick[1] = v;
    up[i] = pick[+(c > lc)]!;
    down[i] = pick[+(c < lc)]!;
    flat[i] = pick[+(c === lc)]!;
    lc = c;
  }
  state[0] = bad;
}
