/**
 * A strategy plugin driving the engine: the same code for the synchronous run
 * on the request thread and for the jobs on the worker threads. Parameters were
 * checked against the plugin's schema when the request arrived; they are parsed
 * again here for their defaults.
 */
import type { BarSeries } from "../../bars/index.ts";
import {
  backtestMultiStrategy,
  backtestPortfolio,
  backtestTables,
  resultOf,
  type BacktestConfig,
  type BacktestResult,
  type BacktestTables,
  type PortfolioConfig,
  type PortfolioResult,
  type SecurityInfo,
  type SignalArrays,
} from "../../backtest/index.ts";
import type { PluginRegistry, StrategyParams } from "../../../ports/plugins.ts";

export interface StrategyChoice {
  readonly strategy: string;
  readonly params: StrategyParams;
}

export function strategySignals(registry: PluginRegistry, choice: StrategyChoice, bars: BarSeries): SignalArrays {
  const plugin = registry.strategies.get(choice.strategy);
  if (!plugin) throw new RangeError(`unknown strategy ${choice.strategy}`);
  return plugin.signals(bars, plugin.params.parse(choice.params));
}

export interface SingleRun extends StrategyChoice {
  readonly bars: BarSeries;
  readonly config: BacktestConfig;
  readonly security: SecurityInfo;
}

export function runSingle(registry: PluginRegistry, run: SingleRun): BacktestResult {
  return resultOf(runSingleTables(registry, run));
}

/** The same run with its per-bar tables left as columns. */
export function runSingleTables(registry: PluginRegistry, run: SingleRun): BacktestTables {
  return backtestTables(run.bars, strategySignals(registry, run, run.bars), run.config, run.security);
}

export interface PortfolioRunInput extends StrategyChoice {
  readonly legs: readonly { readonly key: string; readonly bars: BarSeries; readonly security: SecurityInfo; readonly weight?: number }[];
  readonly config: PortfolioConfig;
}

/** One strategy on several symbols sharing one account. */
export function runPortfolioBacktest(registry: PluginRegistry, run: PortfolioRunInput): PortfolioResult<PortfolioConfig> {
  const legs = run.legs.map((leg) => ({ ...leg, signals: strategySignals(registry, run, leg.bars) }));
  return backtestPortfolio(legs, run.config);
}

export interface MultiRunInput {
  readonly slots: readonly (StrategyChoice & { readonly key: string; readonly bars: BarSeries; readonly security: SecurityInfo })[];
  readonly config: BacktestConfig;
}

/** Each strategy on its own symbol with 1/N of the capital. */
export function runMultiStrategyBacktest(registry: PluginRegistry, run: MultiRunInput): PortfolioResult<BacktestConfig> {
  const slots = run.slots.map((slot) => ({ ...slot, signals: strategySignals(registry, slot, slot.bars) }));
  return backtestMultiStrategy(slots, run.config);
}
