/**
 * The tables of a finished grid search, from its metric matrix: the points in
 * objective order (points the strategy rejected left out and counted; points
 * with fewer closed trades than `min_trades` after all the others), the
 * `ranking` rows (grid values + the main metrics, flat, as the CSV export
 * writes them), easy_tdx's `results` rows and `best` point (parameters nested,
 * its six summary metrics) and, for a two-parameter grid, easy_tdx's `heatmap`.
 */
import { type MetricName, jsonNumber, type JsonNumber } from "../backtest/index.ts";
import { METRIC_COUNT, metricColumn, metricValues } from "./grid-search.ts";
import { directionOf, rankOrder } from "./objective.ts";
import { type NoteContext, pointNote, qualifies } from "./point-notes.ts";
import { gridValues, type ParamGrid, type ParamValue } from "./param-grid.ts";

/** easy_tdx's GridPointResult metrics. */
export const SUMMARY_METRICS = ["total_return", "sharpe", "max_drawdown", "total_trades", "win_rate", "profit_factor"] as const satisfies readonly MetricName[];

/** Metrics of a ranking row (the objective is added when it is not among them). */
export const RANKING_METRICS = [
  "total_return",
  "annual_return",
  "sharpe",
  "sortino",
  "calmar",
  "max_drawdown",
  "volatility",
  "total_trades",
  "win_rate",
  "profit_factor",
  "expectancy_pct",
  "exposure_time",
  "total_fees",
] as const satisfies readonly MetricName[];

/**
 * Rows of the points the strategy accepted, best first by `objective` (those
 * with at least `minTrades` closed trades first, then the rest, each part in
 * objective order), and how many points it rejected.
 */
export function rankGrid(matrix: Float64Array, objective: MetricName, minTrades: number): { order: Int32Array; skipped: number } {
  const values = metricValues(matrix, objective);
  const accepted = metricValues(matrix, "total_trades");
  const ranked = rankOrder(values, directionOf(objective)).filter((i) => accepted[i] === accepted[i]);
  const first = ranked.filter((i) => qualifies(matrix, i, minTrades));
  const order = Int32Array.from([...first, ...ranked.filter((i) => !qualifies(matrix, i, minTrades))]);
  return { order, skipped: values.length - order.length };
}

/** Writes `names` of matrix row `row` into `out` (columns looked up once per table, not per row). */
function metricWriter(names: readonly MetricName[]): (out: Record<string, unknown>, matrix: Float64Array, row: number) => void {
  const cols = names.map(metricColumn);
  return (out, matrix, row) => {
    const at = row * METRIC_COUNT;
    for (let k = 0; k < names.length; k++) out[names[k]!] = jsonNumber(matrix[at + cols[k]!]!);
  };
}

const writeSummary = metricWriter(SUMMARY_METRICS);

export type SummaryRow = { params: Record<string, ParamValue> } & Record<(typeof SUMMARY_METRICS)[number], JsonNumber>;

/** easy_tdx's row of one point: its grid values and the summary metrics. */
export function summaryRow(grid: ParamGrid, matrix: Float64Array, row: number): SummaryRow {
  const out: Record<string, unknown> = { params: gridValues(grid, row) };
  writeSummary(out, matrix, row);
  return out as SummaryRow;
}

/**
 * Flat ranking rows: rank, the grid values, the ranking metrics (and the
 * objective), then `qualified` (at least `min_trades` closed trades) and
 * `note` (why the point's value cannot be trusted, or null).
 */
export function rankingRows(grid: ParamGrid, matrix: Float64Array, order: Int32Array, q: NoteContext): Record<string, unknown>[] {
  const write = metricWriter((RANKING_METRICS as readonly string[]).includes(q.objective) ? RANKING_METRICS : [...RANKING_METRICS, q.objective]);
  return Array.from(order, (row, k) => {
    const values = gridValues(grid, row);
    const out: Record<string, unknown> = { rank: k + 1, ...values };
    write(out, matrix, row);
    out.qualified = qualifies(matrix, row, q.minTrades);
    out.note = pointNote(matrix, row, values, q);
    return out;
  });
}

export interface Heatmap {
  readonly x_name: string;
  readonly y_name: string;
  readonly x: ParamValue[];
  readonly y: ParamValue[];
  /** [x index, y index, value] per point the strategy accepted. */
  readonly data: [number, number, JsonNumber][];
  readonly metric: MetricName;
}

/** easy_tdx's heatmap of a two-parameter grid (cell value: `metric`); null for other grids. */
export function heatmapOf(grid: ParamGrid, matrix: Float64Array, order: Int32Array, metric: MetricName): Heatmap | null {
  const names = Object.keys(grid);
  if (names.length !== 2) return null;
  const [xName, yName] = names as [string, string];
  const x = [...new Set(grid[xName])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const y = [...new Set(grid[yName])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const col = metricColumn(metric);
  const data = Array.from(order, (row): [number, number, JsonNumber] => {
    const v = gridValues(grid, row);
    return [x.indexOf(v[xName]!), y.indexOf(v[yName]!), jsonNumber(matrix[row * METRIC_COUNT + col]!)];
  });
  return { x_name: xName, y_name: yName, x, y, data, metric };
}

/** A ranking value as JSON (the objective of a row). */
export const metricAt = (matrix: Float64Array, row: number, metric: MetricName): JsonNumber => jsonNumber(matrix[row * METRIC_COUNT + metricColumn(metric)]!);
