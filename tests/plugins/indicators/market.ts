/** Bar series for indicator tests: a seeded random walk, and a fast-check arbitrary of valid OHLCV bars. */
import fc from "fast-check";
import { allocSeries, type BarSeries } from "../../../core/bars/series.ts";

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

/** Valid bars (low ≤ open, close ≤ high) with flat stretches, which stress divisions by a zero range. */
export const barsArbitrary: fc.Arbitrary<BarSeries> = fc
  .array(
    fc.record({
      move: fc.oneof(fc.constant(0), fc.integer({ min: -50, max: 50 })),
      open: fc.integer({ min: -20, max: 20 }),
      up: fc.integer({ min: 0, max: 30 }),
      down: fc.integer({ min: 0, max: 30 }),
      vol: fc.integer({ min: 0, max: 1_000_000 }),
    }),
    { minLength: 1, maxLength: 120 },
  )
  .map((rows) => {
    const s = allocSeries(rows.length);
    let price = 1000;
    rows.forEach((r, i) => {
      const open = Math.max(1, price + r.open);
      price = Math.max(1, price + r.move);
      s.time[i] = Date.UTC(2021, 0, 1 + i);
      s.open[i] = open / 100;
      s.close[i] = price / 100;
      s.high[i] = (Math.max(open, price) + r.up) / 100;
      s.low[i] = Math.max(0.001, (Math.min(open, price) - r.down) / 100);
      s.vol[i] = r.vol;
      s.amount[i] = r.vol * s.close[i]!;
    });
    return s;
  });
