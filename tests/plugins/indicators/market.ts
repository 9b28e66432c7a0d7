/** Bar series for indicator tests: a seeded random walk, and the plugin harness's arbitrary of A-share bars. */
import type fc from "fast-check";
import { allocSeries, type BarSeries } from "../../../core/bars/series.ts";
import { barSeries } from "tdx-forge/testing";

/**
 * A deterministic random walk with consistent open/high/low/close and volume.
 * It reverts slowly towards 10 in log terms, so a million bars stay at
 * plausible prices (a free walk drifts towards zero, into denormal numbers).
 */
export function randomWalk(n: number, seed = 1): BarSeries {
  const s = allocSeries(n);
  let state = seed >>> 0 || 1;
  const rnd = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  let logPrice = Math.log(10);
  let price = 10;
  for (let i = 0; i < n; i++) {
    const open = price * (1 + (rnd() - 0.5) * 0.01);
    logPrice += (rnd() - 0.5) * 0.06 - 0.002 * (logPrice - Math.log(10));
    price = Math.exp(logPrice);
    s.time[i] = Date.UTC(2020, 0, 1 + i);
    s.open[i] = Math.round(open * 100) / 100;
    s.close[i] = Math.round(price * 100) / 100;
    s.high[i] = Math.max(s.open[i]!, s.close[i]!) + Math.round(rnd() * 20) / 100;
    s.low[i] = Math.min(s.open[i]!, s.close[i]!) - Math.round(rnd() * 20) / 100;
    s.vol[i] = Math.round(1e5 + rnd() * 1e6);
    s.amount[i] = s.vol[i]! * s.close[i]!;
  }
  return s;
}

/**
 * Valid bars from the plugin harness (tdx-forge/testing): A-share series with
 * one-price limit days and suspensions, whose flat stretches stress divisions
 * by a zero range, and zero-volume days.
 */
export const barsArbitrary: fc.Arbitrary<BarSeries> = barSeries();
