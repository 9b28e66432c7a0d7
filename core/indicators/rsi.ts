/**
 * RSI over three periods in one pass over the closes. It computes exactly
 * what the formula engine makes of TDX's text (the plugin's test compares
 * them):
 *
 *   LC:=REF(CLOSE,1);
 *   RSIk:SMA(MAX(CLOSE-LC,0),Nk,1)/SMA(ABS(CLOSE-LC),Nk,1)*100;
 *
 * with the same operations in the same order, so the numbers are identical.
 * The six recurrences run in one loop without a branch (V8 boxes a float that
 * a branch may reassign), range by range (see ranges.ts). An invalid close
 * would need the engine's gap rules: it turns the running averages invalid,
 * and the kernel then returns null so the caller falls back to the formula.
 * Each average is the engine's Y = X − b·(X − Y') (averages.ts).
 */
import { doubles, larger, RANGE } from "../formula/kernels/index.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";

export function rsiKernel(close: Float64Array, p1: number, p2: number, p3: number, allocate: Allocate = freshColumn): Float64Array[] | null {
  // SMA truncates its N, and N < 1 gives no value: left to the formula
  const n1 = Math.trunc(p1);
  const n2 = Math.trunc(p2);
  const n3 = Math.trunc(p3);
  if (!(n1 >= 1 && n2 >= 1 && n3 >= 1)) return null;
  const n = close.length;
  const outs = [allocate(n), allocate(n), allocate(n)];
  for (const o of outs) o[0] = NaN;
  if (n < 2) return outs;
  const [r1, r2, r3] = outs as [Float64Array, Float64Array, Float64Array];
  const d0 = close[1]! - close[0]!;
  // SMA seeds with its input on the first bar that has one (bar 1)
  const u = Math.max(d0, 0);
  const m = Math.abs(d0);
  r1[1] = (m === 0 ? NaN : u / m) * 100;
  r2[1] = r1[1]!;
  r3[1] = r1[1]!;
  // the six averages, up moves then all moves, from range to range
  const state = doubles(6, u);
  state[3] = state[4] = state[5] = m;
  for (let from = 2; from < n; from += RANGE) smooth(state, from, Math.min(n, from + RANGE), close, r1, r2, r3, n1, n2, n3);
  return state[0] === state[0] && state[1] === state[1] && state[2] === state[2] ? outs : null;
}

function smooth(state: number[], from: number, to: number, close: Float64Array, r1: Float64Array, r2: Float64Array, r3: Float64Array, n1: number, n2: number, n3: number): void {
  const b1 = (n1 - 1) / n1;
  const b2 = (n2 - 1) / n2;
  const b3 = (n3 - 1) / n3;
  let u1 = state[0]!,
    u2 = state[1]!,
    u3 = state[2]!;
  let m1 = state[3]!,
    m2 = state[4]!,
    m3 = state[5]!;
  const nan = 0 / 0;
  // the previous close, carried from bar to bar
  let lc = close[from - 1]!;
  for (let i = from; i < to; i++) {
    const c = close[i]!;
    const d = c - lc;
    lc = c;
    const up = larger(d, 0);
    const move = Math.abs(d);
    u1 = up - b1 * (up - u1);
    m1 = move - b1 * (move - m1);
    u2 = up - b2 * (up - u2);
    m2 = move - b2 * (move - m2);
    u3 = up - b3 * (up - u3);
    m3 = move - b3 * (move - m3);
    r1[i] = (m1 === 0 ? nan : u1 / m1) * 100;
    r2[i] = (m2 === 0 ? nan : u2 / m2) * 100;
    r3[i] = (m3 === 0 ? nan : u3 / m3) * 100;
  }
  state[0] = u1;
  state[1] = u2;
  state[2] = u3;
  state[3] = m1;
  state[4] = m2;
  state[5] = m3;
}
