/**
 * One walk-forward window on a worker: optimise the grid on the in-sample span
 * (a slice of the bars that ends before the window, so nothing the optimiser
 * reads comes from the window or later), then run the chosen parameters on the
 * window alone (core/research/walk-forward.ts `isolatedSpan`).
 */
import { type BarSeries, sliceSeries } from "../../bars/index.ts";
import { planBacktest, runMetrics, type BacktestConfig, type MetricName, type Performance, type SecurityInfo } from "../../backtest/index.ts";
import { type ParamGrid, isolatedSpan, type WalkForwardWindow } from "../../research/index.ts";
import type { PluginRegistry, StrategyParams } from "../../../ports/plugins.ts";
import { bestPoint, pluginOf } from "./grid-job.ts";

export interface WindowJob {
  readonly strategy: string;
  readonly grid: ParamGrid;
  readonly base: StrategyParams;
  readonly objective: MetricName;
  readonly window: WalkForwardWindow;
  readonly contextBars: number;
  readonly config: BacktestConfig;
  readonly security: SecurityInfo;
  readonly bars: BarSeries;
}

export interface WindowOutcome {
  /** The parameters chosen in-sample and run on the window. */
  readonly params: StrategyParams;
  /** The objective's value of those parameters in-sample. */
  readonly in_sample_value: number | null;
  readonly performance: Performance;
}

export function walkForwardWindow(registry: PluginRegistry, j: WindowJob): WindowOutcome {
  const w = j.window;
  const inSample = sliceSeries(j.bars, w.inSampleStart, w.inSampleEnd);
  const best = bestPoint(registry, { strategy: j.strategy, grid: j.grid, base: j.base, config: j.config, security: j.security, bars: inSample }, j.objective);
  if (!best) throw new RangeError(`window ${w.index}: the strategy rejects every point of the grid`);
  const run = isolatedSpan(j.bars, w, j.contextBars, j.config);
  const signals = pluginOf(registry, j.strategy).signals(run.bars, best.params);
  return { params: best.params, in_sample_value: best.value, performance: runMetrics(run.bars, signals, planBacktest(run.config, j.security), undefined, run.own) };
}
