/**
 * A grid's ranking: the objective's direction follows what the metric measures
 * (less risk, cost or loss is better), and points with fewer closed trades than
 * min_trades are ranked after every point that has enough (core/research/point-notes.ts).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { type MetricName, METRIC_NAMES } from "../../../core/backtest/index.ts";
import { METRIC_COUNT, metricValues } from "../../../core/research/grid-search.ts";
import { rankGrid } from "../../../core/research/grid-report.ts";
import { directionOf } from "../../../core/research/objective.ts";

test("lower is better for drawdowns, their durations, volatility, losing and rejected trades and fees; higher for the rest", () => {
  const lowerIsBetter = new Set<MetricName>([
    "max_drawdown",
    "avg_drawdown",
    "max_dd_duration",
    "avg_dd_duration",
    "max_dd_duration_days",
    "avg_dd_duration_days",
    "volatility",
    "lose_trades",
    "rejected_trades",
    "total_fees",
  ]);
  for (const m of ["total_return", "annual_return", "sharpe", "sortino", "calmar", "win_rate", "profit_factor", "expectancy_pct", "total_trades"] as const) assert.equal(directionOf(m), "max", m);
  for (const m of lowerIsBetter) assert.equal(directionOf(m), "min", m);
});

/** A metric matrix from per-point objective values and trade counts (NaN trades: a point the strategy rejected). */
function matrixOf(objective: MetricName, values: readonly number[], trades: readonly number[]): Float64Array {
  const out = new Float64Array(values.length * METRIC_COUNT).fill(0);
  const o = METRIC_NAMES.indexOf(objective);
  const t = METRIC_NAMES.indexOf("total_trades");
  values.forEach((v, i) => {
    out[i * METRIC_COUNT + o] = v;
    out[i * METRIC_COUNT + t] = trades[i]!;
  });
  return out;
}

test("points below min_trades rank after every point with enough trades; rejected points are left out", () => {
  // point 0 has the best Sharpe but 2 trades; point 3 was rejected
  const m = matrixOf("sharpe", [3, 1, 2, 9, 0.5], [2, 8, 6, Number.NaN, 5]);
  const { order, skipped } = rankGrid(m, "sharpe", 5);
  assert.deepEqual([...order], [2, 1, 4, 0]);
  assert.equal(skipped, 1);
  assert.deepEqual([...rankGrid(m, "sharpe", 0).order], [0, 2, 1, 4], "min_trades 0: by value alone");
});

test("ranking property: qualified points first, each group by the objective's direction, ties in grid order", () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ v: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constant(Number.NaN)), t: fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constant(Number.NaN)) }), {
        minLength: 1,
        maxLength: 40,
      }),
      fc.integer({ min: 0, max: 10 }),
      fc.constantFrom<MetricName>("sharpe", "max_drawdown"),
      (points, minTrades, objective) => {
        const m = matrixOf(
          objective,
          points.map((p) => p.v),
          points.map((p) => p.t),
        );
        const { order } = rankGrid(m, objective, minTrades);
        // the plain definition: drop rejected points, sort by (not qualified, NaN last, value by direction, index)
        const sign = directionOf(objective) === "max" ? -1 : 1;
        const values = metricValues(m, objective);
        const want = points
          .map((p, i) => ({ i, q: p.t >= minTrades, v: values[i]!, rejected: Number.isNaN(p.t) }))
          .filter((p) => !p.rejected)
          .sort((a, b) => Number(b.q) - Number(a.q) || Number(Number.isNaN(a.v)) - Number(Number.isNaN(b.v)) || (Number.isNaN(a.v) ? 0 : sign * (a.v - b.v)) || a.i - b.i)
          .map((p) => p.i);
        assert.deepEqual([...order], want);
      },
    ),
  );
});
