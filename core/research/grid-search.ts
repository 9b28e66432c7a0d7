/**
 * The inner loop of every parameter search: one kernel workspace and one plan
 * for all points, metrics only (no result rows), each point's metrics written
 * as one row of a flat matrix that crosses thread and process boundaries as a
 * single typed array. Which signals a point has is the caller's business (a
 * strategy plugin with a shared indicator memo); a point without signals
 * (parameters its strategy rejects) gets a row of NaN.
 */
import type { BarSeries } from "../bars/index.ts";
import { KernelWorkspace, type SignalArrays, METRIC_NAMES, type MetricName, type Performance, type KernelPlan, runMetrics } from "../backtest/index.ts";

/** Columns of a metric matrix: every metric, in METRIC_NAMES order. */
export const METRIC_COUNT = METRIC_NAMES.length;

export const metricColumn = (name: MetricName): number => METRIC_NAMES.indexOf(name);

/** Metrics of `count` points, row-major (`count × METRIC_COUNT`). */
export function sweepMetrics(bars: BarSeries, plan: KernelPlan, count: number, signalsAt: (i: number) => SignalArrays | undefined, onPoint?: (done: number) => void): Float64Array {
  const out = new Float64Array(count * METRIC_COUNT).fill(Number.NaN);
  const ws = new KernelWorkspace(bars.length);
  for (let i = 0; i < count; i++) {
    const signals = signalsAt(i);
    if (signals) writeRow(out, i, runMetrics(bars, signals, plan, ws));
    onPoint?.(i + 1);
  }
  return out;
}

function writeRow(out: Float64Array, row: number, p: Performance): void {
  const at = row * METRIC_COUNT;
  for (let m = 0; m < METRIC_COUNT; m++) out[at + m] = p[METRIC_NAMES[m]!];
}

/** One metric of every row. */
export function metricValues(matrix: Float64Array, name: MetricName): Float64Array {
  const col = metricColumn(name);
  const rows = matrix.length / METRIC_COUNT;
  const out = new Float64Array(rows);
  for (let r = 0; r < rows; r++) out[r] = matrix[r * METRIC_COUNT + col]!;
  return out;
}
