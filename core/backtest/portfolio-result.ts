/**
 * The result shape shared by portfolio and multi-strategy runs (easy_tdx's
 * PortfolioResult / MultiStrategyResult): total metrics, one full single-symbol
 * result per leg, the capital share of each leg, and the combined equity curve.
 */
import type { Performance } from "./metric-docs.ts";
import type { EquityTrack } from "./metrics.ts";
import { equityRows, performanceJson, type EquityRow, type PerformanceJson } from "./result-rows.ts";
import type { BacktestResult } from "./single-run.ts";

export interface PortfolioResult<C = unknown> {
  readonly total_performance: PerformanceJson & { readonly total_stocks: number; readonly total_cash: number };
  readonly individual_results: Record<string, BacktestResult>;
  /** Capital share of each leg (weights; 1/N for multi-strategy runs). */
  readonly equity_allocation: Record<string, number>;
  readonly combined_equity: EquityRow[];
  readonly config: C;
}

export interface LegResult {
  readonly key: string;
  readonly weight: number;
  readonly result: BacktestResult;
}

export function assemblePortfolioResult<C>(total: EquityTrack, performance: Performance, legs: readonly LegResult[], config: C & { readonly cash: number }): PortfolioResult<C> {
  return {
    total_performance: { ...performanceJson(performance), total_stocks: legs.length, total_cash: config.cash },
    individual_results: Object.fromEntries(legs.map((l) => [l.key, l.result])),
    equity_allocation: Object.fromEntries(legs.map((l) => [l.key, l.weight])),
    combined_equity: equityRows(total),
    config,
  };
}
