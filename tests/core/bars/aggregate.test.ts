import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { aggregateBars, periodKey } from "../../../core/bars/aggregate.ts";
import { marketTime } from "../../../core/bars/market-time.ts";
import type { BarSeries } from "../../../core/bars/series.ts";

function series(times: number[], closes: number[]): BarSeries {
  const f = (a: number[]) => Float64Array.from(a);
  return {
    length: times.length,
    time: f(times),
    open: f(closes.map((c) => c - 0.1)),
    high: f(closes.map((c) => c + 0.5)),
    low: f(closes.map((c) => c - 0.5)),
    close: f(closes),
    vol: f(closes.map(() => 100)),
    amount: f(closes.map((c) => c * 100)),
  };
}

test("weeks run Monday to Sunday and are stamped with their last bar", () => {
  const days = [[2026, 11, 16], [2026, 11, 17], [2026, 11, 20], [2026, 11, 23], [2026, 11, 27]].map(([y, m, d]) => marketTime(y, m, d));
  const w = aggregateBars(series(days, [1, 2, 3, 4, 5]), "WEEK");
  assert.equal(w.length, 2);
  assert.deepEqual([...w.time], [marketTime(2026, 11, 20), marketTime(2026, 11, 27)]);
  assert.deepEqual([...w.open], [0.9, 3.9]);
  assert.deepEqual([...w.close], [3, 5]);
  assert.deepEqual([...w.high], [3.5, 5.5]);
  assert.deepEqual([...w.low], [0.5, 3.5]);
  assert.deepEqual([...w.vol], [300, 200]);
});

test("months, seasons and years", () => {
  const days = [[2025, 12, 31], [2026, 1, 5], [2026, 3, 31], [2026, 4, 1]].map(([y, m, d]) => marketTime(y, m, d));
  const s = series(days, [1, 2, 3, 4]);
  assert.equal(aggregateBars(s, "MONTH").length, 4);
  assert.equal(aggregateBars(s, "SEASON").length, 3);
  assert.equal(aggregateBars(s, "YEAR").length, 2);
});

test("5-minute bars from end-stamped minutes respect the lunch break", () => {
  const t = (h: number, m: number) => marketTime(2026, 11, 20, h, m);
  const mins = [t(9, 31), t(9, 35), t(9, 36), t(11, 30), t(13, 1), t(13, 5), t(15, 0)];
  const five = aggregateBars(series(mins, [1, 2, 3, 4, 5, 6, 7]), 5);
  assert.deepEqual([...five.time], [t(9, 35), t(9, 36), t(11, 30), t(13, 5), t(15, 0)]);
  assert.equal(periodKey(t(11, 30), 60), periodKey(t(10, 31), 60));
  assert.notEqual(periodKey(t(13, 1), 60), periodKey(t(11, 30), 60));
});

test("aggregation conserves volume and amount and bounds prices", () => {
  fc.assert(
    fc.property(fc.array(fc.float({ min: 1, max: 100, noNaN: true }), { minLength: 1, maxLength: 300 }), (closes) => {
      const times = closes.map((_, i) => marketTime(2024, 1, 1) + i * 86_400_000);
      const s = series(times, closes);
      for (const p of ["WEEK", "MONTH", "SEASON", "YEAR"] as const) {
        const a = aggregateBars(s, p);
        const sum = (x: Float64Array) => x.reduce((u, v) => u + v, 0);
        if (Math.abs(sum(a.vol) - sum(s.vol)) > 1e-6) return false;
        if (Math.abs(sum(a.amount) - sum(s.amount)) > 1e-6 * sum(s.amount)) return false;
        for (let i = 0; i < a.length; i++) if (a.high[i] < Math.max(a.open[i], a.close[i]) || a.low[i] > Math.min(a.open[i], a.close[i])) return false;
      }
      return true;
    }),
  );
});
