/**
 * Single-symbol backtest from bars, signals and a config: the kernel run, its
 * metrics-only summary (for sweeps), and the full JSON-ready result.
 */
import type { BarSeries } from "../bars/index.ts";
import { DEFAULT_CONFIG, type BacktestConfig } from "./config.ts";
import { KernelWorkspace, runKernel, type KernelRun, type SignalArrays } from "./kernel.ts";
import type { Performance } from "./metric-docs.ts";
import { buyHoldReturn, performanceOf, tallyFills, TradeTally, type EquityTrack } from "./metrics.ts";
import { planBacktest, type KernelPlan } from "./plan.ts";
import {
  equityTable,
  performanceJson,
  positionTable,
  tableRows,
  tableTimes,
  tradeRows,
  type EquityRow,
  type EquityTable,
  type PerformanceJson,
  type PositionRow,
  type PositionTable,
  type TradeRow,
} from "./result-rows.ts";
import type { SecurityInfo, SecurityRules } from "../market/index.ts";

/** The settings a run used, echoed back with the resolved security rules. */
export interface ConfigEcho extends BacktestConfig {
  readonly security: SecurityRules;
}

/** easy_tdx's BacktestResultResponse shape. */
export interface BacktestResult {
  readonly performance: PerformanceJson;
  readonly equity_curve: EquityRow[];
  readonly trades: TradeRow[];
  readonly positions: PositionRow[];
  readonly config: ConfigEcho;
}

/** The run's per-bar account state from bar `from` on (views, no copies). */
function trackOf(bars: BarSeries, run: KernelRun, from = 0): EquityTrack {
  const n = run.length;
  if (from === 0) return { length: n, time: bars.time, equity: run.equity, cash: run.cash, held: run.held };
  return { length: n - from, time: bars.time.subarray(from, n), equity: run.equity.subarray(from, n), cash: run.cash.subarray(from, n), held: run.held.subarray(from, n) };
}

/**
 * Metrics of a finished kernel run. With `from` > 0 they are taken over bars
 * `from`… only (an isolated span's own bars after its context bars), so returns,
 * annualisation, drawdowns and exposure count no bar outside the span; fills
 * before `from` cannot exist there (its signals are suppressed as warm-up).
 */
export function kernelPerformance(bars: BarSeries, run: KernelRun, plan: KernelPlan, from = 0): Performance {
  const cfg = plan.config;
  const tally = tallyFills(run.fills, bars.time, -1, new TradeTally());
  return performanceOf(trackOf(bars, run, from), tally, {
    initialCash: cfg.cash,
    annualDays: cfg.annual_days,
    riskFreeRate: cfg.risk_free_rate,
    buyHold: buyHoldReturn(bars.close, cfg.warmup_bars),
    openTrades: run.length > 0 && run.shares[run.length - 1] !== 0 ? 1 : 0,
    rejected: run.refusals.count,
  });
}

/** Metrics-only path: no rows, and no allocation beyond the result when `ws` is reused; `from` as in `kernelPerformance`. */
export function runMetrics(bars: BarSeries, signals: SignalArrays, plan: KernelPlan, ws?: KernelWorkspace, from = 0): Performance {
  return kernelPerformance(bars, runKernel(bars, signals, plan, ws), plan, from);
}

/** A result with its per-bar tables still as columns (the HTTP edge writes them to JSON directly). */
export interface BacktestTables {
  readonly performance: PerformanceJson;
  readonly equity: EquityTable;
  readonly trades: TradeRow[];
  readonly positions: PositionTable;
  readonly config: ConfigEcho;
}

/** The result tables of a finished kernel run. */
export function toTables(bars: BarSeries, run: KernelRun, plan: KernelPlan): BacktestTables {
  const n = run.length;
  const value = new Float64Array(n);
  for (let t = 0; t < n; t++) value[t] = run.equity[t]! - run.cash[t]!;
  return {
    performance: performanceJson(kernelPerformance(bars, run, plan)),
    equity: equityTable(trackOf(bars, run)),
    trades: tradeRows(bars.time, run.fills, run.refusals, -1),
    positions: positionTable(bars.time, run.shares, value, n, run.fills, -1),
    config: { ...plan.config, security: plan.rules.security },
  };
}

/** The row form of result tables. */
export function resultOf(t: BacktestTables): BacktestResult {
  // both tables run over the bars' own times: format them once
  const datetime = tableTimes(t.equity);
  const same = t.positions.time === t.equity.time && t.positions.length === t.equity.length;
  return {
    performance: t.performance,
    equity_curve: tableRows(t.equity, datetime),
    trades: t.trades,
    positions: tableRows(t.positions, same ? datetime : undefined) as PositionRow[],
    config: t.config,
  };
}

/** Full result rows of a finished kernel run. */
export function toResult(bars: BarSeries, run: KernelRun, plan: KernelPlan): BacktestResult {
  return resultOf(toTables(bars, run, plan));
}

/** One-call backtest to result tables: defaults fill in any setting not given. */
export function backtestTables(bars: BarSeries, signals: SignalArrays, config: Partial<BacktestConfig>, security: SecurityInfo): BacktestTables {
  const plan = planBacktest({ ...DEFAULT_CONFIG, ...config }, security);
  return toTables(bars, runKernel(bars, signals, plan, new KernelWorkspace(bars.length)), plan);
}

/** One-call backtest: defaults fill in any setting not given. */
export function backtest(bars: BarSeries, signals: SignalArrays, config: Partial<BacktestConfig>, security: SecurityInfo): BacktestResult {
  return resultOf(backtestTables(bars, signals, config, security));
}
