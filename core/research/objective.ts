/**
 * What a search optimises: one performance metric and its direction. Risk and
 * cost metrics are minimised, every other metric is maximised. Ranking puts
 * undefined values (NaN, e.g. the Sharpe ratio of a run that never traded) last
 * and keeps grid order among equal values, so a ranking is deterministic.
 */
import type { MetricName } from "../backtest/index.ts";

export const MINIMISED_METRICS: readonly MetricName[] = [
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
];

export type Direction = "max" | "min";

export function directionOf(metric: MetricName): Direction {
  return MINIMISED_METRICS.includes(metric) ? "min" : "max";
}

/** Indices of `values` best first (NaN last, ties in index order). */
export function rankOrder(values: ArrayLike<number>, direction: Direction): Int32Array {
  const order = Int32Array.from({ length: values.length }, (_, i) => i);
  const sign = direction === "max" ? -1 : 1;
  order.sort((a, b) => {
    const x = values[a]!;
    const y = values[b]!;
    if (x !== x || y !== y) return x !== x ? (y !== y ? a - b : 1) : -1;
    return x === y ? a - b : sign * (x - y) > 0 ? 1 : -1;
  });
  return order;
}
