/**
 * Random daily bars for the chan property tests: integer tick steps (so ties
 * and equal edges happen), with one-price bars (limit-up/down style) mixed in.
 */
import fc from "fast-check";
import { allocSeries, type BarSeries } from "../../../core/bars/series.ts";

export interface Step {
  readonly move: number;
  readonly wick: number;
  readonly flat: boolean;
}

export const step: fc.Arbitrary<Step> = fc.record({
  move: fc.integer({ min: -60, max: 60 }),
  wick: fc.integer({ min: 0, max: 30 }),
  flat: fc.integer({ min: 0, max: 9 }).map((x) => x === 0),
});

/** A daily random walk from integer steps in ticks; `flat` marks one-price bars. */
export function walk(steps: readonly Step[]): BarSeries {
  const s = allocSeries(steps.length);
  let p = 1000;
  steps.forEach((st, i) => {
    const o = p;
    p = Math.max(10, p + st.move);
    const c = st.flat ? o : p;
    s.time[i] = Date.UTC(2020, 0, 1) + i * 86_400_000;
    s.open[i] = o / 100;
    s.close[i] = c / 100;
    s.high[i] = (Math.max(o, c) + (st.flat ? 0 : st.wick)) / 100;
    s.low[i] = (Math.min(o, c) - (st.flat ? 0 : st.wick)) / 100;
    s.vol[i] = 1000 + i;
    s.amount[i] = NaN;
    if (st.flat) p = o;
  });
  return s;
}
