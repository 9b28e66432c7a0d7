/**
 * Random daily bars for the chan property tests: integer tick steps (so ties
 * and equal edges happen), with one-price bars (limit-up/down style) mixed in;
 * and bare (high, low) rows for the inclusion and stroke rules.
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

/** Random bars in integer ticks, as (high, low): a walk of the middle by up to `move` ticks a bar, wicks of up to `wick` ticks, so equal edges are common. */
export function tickRows(maxLength: number, move: number, wick: number, minLength = 1): fc.Arbitrary<(readonly [number, number])[]> {
  const step = fc.record({ move: fc.integer({ min: -move, max: move }), up: fc.integer({ min: 0, max: wick }), down: fc.integer({ min: 0, max: wick }) });
  return fc.array(step, { minLength, maxLength }).map((steps) => {
    let mid = 100;
    return steps.map((s) => ((mid += s.move), [mid + s.up, mid - s.down] as const));
  });
}
