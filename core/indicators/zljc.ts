/**
 * 主力进出 (ZLJC) in one pass plus the engine's MA kernel. It computes exactly
 * what the formula engine makes of TDX's text (the plugin's test compares
 * them):
 *
 *   VAR1:=(CLOSE+LOW+HIGH)/3;
 *   VAR2:=SUM(((VAR1-REF(LOW,1))-(HIGH-VAR1))*VOL/100000/(HIGH-LOW),0);
 *   VAR3:=EMA(VAR2,1);
 *   JCS:VAR3; JCM:MA(VAR3,12); JCL:MA(VAR3,26);
 *
 * The running total skips bars without a term (bar 0, and a bar whose high
 * equals its low, such as a one-price limit day), as SUM does; EMA(X,1) is
 * the recurrence with weights 1 and 0, kept as written so the numbers are
 * the engine's to the bit. No special case is needed for invalid values. The
 * loop runs range by range (see ranges.ts).
 */
import { ma } from "../formula/kernels/averages.ts";
import { doubles } from "../formula/kernels/doubles.ts";
import { RANGE } from "../formula/kernels/ranges.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";

export function zljcKernel(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  vol: Float64Array,
  allocate: Allocate = freshColumn,
): Float64Array[] {
  const n = close.length;
  const jcs = allocate(n);
  const jcm = allocate(n);
  const jcl = allocate(n);
  // the running total, whether it has started (1) and the EMA, from range to range
  const state = doubles(3, 0);
  state[2] = NaN;
  for (let from = 0; from < n; from += RANGE) flows(state, from, Math.min(n, from + RANGE), high, low, close, vol, jcs);
  ma(jcm, jcs, 12);
  ma(jcl, jcs, 26);
  return [jcs, jcm, jcl];
}

function flows(
  state: number[],
  from: number,
  to: number,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  vol: Float64Array,
  jcs: Float64Array,
): void {
  const nan = 0 / 0;
  let total = state[0]!;
  let started = state[1] === 1;
  let y = state[2]!;
  // the previous low, carried from bar to bar
  let ll = from > 0 ? low[from - 1]! : nan;
  for (let i = from; i < to; i++) {
    const h = high[i]!;
    const l = low[i]!;
    const mid = (close[i]! + l + h) / 3;
    const range = h - l;
    const term = i === 0 || range === 0 ? nan : ((mid - ll - (h - mid)) * vol[i]!) / 100000 / range;
    ll = l;
    if (term === term) {
      total += term;
      started = true;
    }
    if (!started) {
      jcs[i] = nan;
      continue;
    }
    y = y === y ? 1 * total + 0 * y : total;
    jcs[i] = y;
  }
  state[0] = total;
  state[1] = started ? 1 : 0;
  state[2] = y;
}
