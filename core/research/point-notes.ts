/**
 * Why a grid point's ranking value cannot be trusted, from its own metrics
 * (issue 17 item 4: optimisation crowned points that never traded). In order
 * of cause: a point that never held a position (no entry signal on the bars,
 * typically an indicator window as long as the series, or entries that could
 * not fill); a point with fewer closed trades than `min_trades` (a position
 * still open at the end is no trade: its return is an unrealised mark); an
 * objective that is undefined for the point (e.g. a Sharpe ratio without
 * return variation). Points below `min_trades` are ranked after all others.
 */
import type { MetricName } from "../backtest/index.ts";
import { METRIC_COUNT, metricColumn } from "./grid-search.ts";
import type { ParamValue } from "./param-grid.ts";

const TRADES = metricColumn("total_trades");
const EXPOSURE = metricColumn("exposure_time");
const REJECTED = metricColumn("rejected_trades");

/** Whether matrix row `row` has at least `minTrades` closed trades. */
export const qualifies = (matrix: Float64Array, row: number, minTrades: number): boolean => matrix[row * METRIC_COUNT + TRADES]! >= minTrades;

export interface NoteContext {
  readonly objective: MetricName;
  readonly minTrades: number;
  /** Bars of the series the grid ran on. */
  readonly bars: number;
}

/** The reason row `row` (a point that ran) has no trustworthy value, or null. `values` are the point's grid values. */
export function pointNote(matrix: Float64Array, row: number, values: Readonly<Record<string, ParamValue>>, q: NoteContext): string | null {
  const at = row * METRIC_COUNT;
  const trades = matrix[at + TRADES]!;
  if (matrix[at + EXPOSURE] === 0) {
    const rejected = matrix[at + REJECTED]!;
    if (rejected > 0) return `never held a position: its ${rejected} orders could not fill`;
    const long = Object.entries(values).filter(([, v]) => typeof v === "number" && v >= q.bars);
    const why = long.length ? `; ${long.map(([k, v]) => `${k} = ${v}`).join(", ")} is not shorter than the series, so that window has no value` : "";
    return `cannot trade: no entry signal on these ${q.bars} bars${why}`;
  }
  if (trades < q.minTrades) return `${trades} closed trades, fewer than min_trades = ${q.minTrades} (a position open at the end is no trade); ranked after the others`;
  const value = matrix[at + metricColumn(q.objective)]!;
  if (value !== value) return `${q.objective} is undefined for this point`;
  return null;
}
