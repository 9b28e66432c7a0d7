/**
 * The derived columns every `/bars` and `/bars/index` bar carries (adapters/http/README.md
 * section 2): `pre_close`, `change`, `change_pct`, `amplitude_pct`.
 *
 * - `pre_close` of bar t is the close of bar t − 1; the first bar has no
 *   predecessor in the window, so its `pre_close` is its own open.
 * - A `pre_close` at or below 0.01 (forward-adjusted early prices may be 0 or
 *   negative) is floored to 0.01, and that floored value is the one reported and
 *   divided by, so `change = close − pre_close` and `change_pct = change /
 *   pre_close × 100` hold on every row. (easy_tdx floored only the divisor and
 *   reported the raw value; the spec states the floor on `pre_close` itself.)
 * - `change`, `change_pct` and `amplitude_pct` are rounded to 4 decimals, as the
 *   original service did; percentages are in percent units (2.5 = 2.5 %).
 *   `amplitude_pct = (high − low) / pre_close × 100`.
 * - Missing inputs (NaN) give NaN outputs, never a floor.
 */
import { roundScaled } from "./round.ts";
import type { BarSeries } from "./series.ts";

export const PRE_CLOSE_FLOOR = 0.01;

export interface DerivedFields {
  readonly preClose: Float64Array;
  readonly change: Float64Array;
  readonly changePct: Float64Array;
  readonly amplitudePct: Float64Array;
}

export function deriveBarFields(s: BarSeries): DerivedFields {
  const n = s.length;
  const preClose = new Float64Array(n);
  const change = new Float64Array(n);
  const changePct = new Float64Array(n);
  const amplitudePct = new Float64Array(n);
  const { open, high, low, close } = s;
  for (let i = 0; i < n; i++) {
    let pre = i === 0 ? open[0]! : close[i - 1]!;
    if (pre <= PRE_CLOSE_FLOOR) pre = PRE_CLOSE_FLOOR;
    const ch = close[i]! - pre;
    preClose[i] = pre;
    change[i] = roundScaled(ch, 1e4);
    changePct[i] = roundScaled((ch / pre) * 100, 1e4);
    amplitudePct[i] = roundScaled(((high[i]! - low[i]!) / pre) * 100, 1e4);
  }
  return { preClose, change, changePct, amplitudePct };
}
