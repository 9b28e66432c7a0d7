/**
 * Public face of the backtest engine. Typical use:
 *
 * - one request: `validateBacktestConfig(body)` → `backtest(bars, signals, config, security)`;
 * - a parameter sweep: `planBacktest(config, security)` and one `KernelWorkspace`
 *   once, then `runMetrics(bars, signals, plan, ws)` per point (no rows built);
 * - portfolios: `backtestPortfolio(legs, config)`; multi-strategy:
 *   `backtestMultiStrategy(slots, config)` (same result shape).
 */
export {
  CONFIG_FIELDS,
  DEFAULT_CONFIG,
  DEFAULT_PORTFOLIO_CONFIG,
  PORTFOLIO_FIELDS,
  validateBacktestConfig,
  validatePortfolioConfig,
  type BacktestConfig,
  type ConfigCheck,
  type ConfigIssue,
  type Execution,
  type FieldSpec,
  type PortfolioConfig,
  type Rebalance,
  type Sizing,
} from "./config.ts";
export { KernelWorkspace, runKernel, type KernelRun, type SignalArrays } from "./kernel.ts";
export { METRIC_DOCS, METRIC_NAMES, type MetricName, type Performance } from "./metric-docs.ts";
export { planBacktest, type KernelPlan } from "./plan.ts";
export {
  backtest,
  backtestTables,
  kernelPerformance,
  resultOf,
  runMetrics,
  toResult,
  toTables,
  type BacktestResult,
  type BacktestTables,
  type ConfigEcho,
} from "./single-run.ts";
export type { BarTable, EquityRow, EquityTable, PerformanceJson, PositionRow, PositionTable, TradeAction, TradeRow } from "./result-rows.ts";
export { runPortfolio, type LegTrack, type PortfolioLeg, type PortfolioRun } from "./portfolio-kernel.ts";
export { backtestPortfolio, portfolioPerformance, toPortfolioResult } from "./portfolio.ts";
export type { PortfolioResult } from "./portfolio-result.ts";
export {
  backtestMultiStrategy,
  multiStrategyPerformance,
  runMultiStrategy,
  toMultiStrategyResult,
  type MultiStrategyRun,
  type StrategySlot,
} from "./multi-strategy.ts";
export { boardOf, exchangeOf, securityRules, type Board, type Exchange, type SecurityInfo, type SecurityRules } from "../market/index.ts";
export { REFUSAL_NAMES } from "./execution-rules.ts";
export {
  compileSignalFormula,
  formulaColumns,
  formulaSignals,
  type SignalFormula,
  type SignalFormulaCheck,
  type SignalFormulaIssue,
} from "./formula-signals.ts";
export { dayIndex, ISO_DATE_TIME_BYTES, isoDateTime, previousDayClose, putIsoDateTime } from "./bar-time.ts";
export { COMBINATION_ID, MAX_MEMBERS, memberIds, MIN_MEMBERS } from "./combination-members.ts";
export { COMBINATION_MODES, type CombinationMode, combineSignals } from "./combine-signals.ts";
export { cashAfterSizedFill, executeFill } from "./execute-fill.ts";
export { ExecutionRules, Refusal, type RefusalCode } from "./execution-rules.ts";
export { type Holding, holdingsOf } from "./holdings.ts";
export { signalTarget } from "./kernel.ts";
export { buyHoldReturn, performanceOf, tallyFills, TradeTally } from "./metrics.ts";
export { PositionBook } from "./position-book.ts";
export { equityRows, jsonNumber, type JsonNumber, performanceJson, tradeRows } from "./result-rows.ts";
export { unionTimeline } from "./timeline.ts";
export { FillLog, RefusalLog } from "./trade-log.ts";
