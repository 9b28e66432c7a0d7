/**
 * The evaluation's single-run parts on a worker: the full backtest, the
 * buy-and-hold benchmark under the same rules (entry on the first bar after
 * the warm-up, all-in, held to the end, the same fees, lots and limits), the
 * comparison of the two equity curves, and the suitability check with its
 * train/valid/test segments (each run on its own, as a walk-forward window).
 */
import type { BarSeries } from "../../bars/index.ts";
import { KernelWorkspace, kernelPerformance, planBacktest, runKernel, runMetrics, type BacktestConfig, type Performance, type SecurityInfo } from "../../backtest/index.ts";
import { compareToBenchmark, type BenchmarkComparison, basicChecks, SEGMENT_NAMES, segmentChecks, segmentSpans, type FitnessCheck, isolatedSpan } from "../../research/index.ts";
import type { PluginRegistry, StrategyParams } from "../../../ports/plugins.ts";
import { barLabel } from "./bar-label.ts";
import { pluginOf } from "./grid-job.ts";

export interface EvaluateJob {
  readonly strategy: string;
  readonly params: StrategyParams;
  readonly contextBars: number;
  readonly config: BacktestConfig;
  readonly security: SecurityInfo;
  readonly bars: BarSeries;
}

export interface Segment {
  readonly name: string;
  readonly start: string;
  readonly end: string;
  readonly bars: number;
  readonly performance: Performance;
}

export interface EvaluateOutcome {
  readonly performance: Performance;
  readonly buy_hold: Performance;
  readonly comparison: BenchmarkComparison;
  readonly checks: FitnessCheck[];
  readonly segments: Segment[];
}

/** Long from the first bar on, never out: buy-and-hold through the engine. */
function holdSignals(n: number) {
  return { entries: new Uint8Array(n).fill(1), exits: new Uint8Array(n) };
}

export function evaluateStrategy(registry: PluginRegistry, j: EvaluateJob): EvaluateOutcome {
  const plugin = pluginOf(registry, j.strategy);
  const params = plugin.params.parse(j.params);
  const n = j.bars.length;
  const plan = planBacktest(j.config, j.security);
  const run = runKernel(j.bars, plugin.signals(j.bars, params), plan, new KernelWorkspace(n));
  const performance = kernelPerformance(j.bars, run, plan);
  const holdPlan = planBacktest({ ...j.config, sizing: "all_in", allow_short: false }, j.security);
  const hold = runKernel(j.bars, holdSignals(n), holdPlan, new KernelWorkspace(n));
  const segments = segmentSpans(n).map((span, k) => {
    const s = isolatedSpan(j.bars, span, j.contextBars, j.config);
    const performance = runMetrics(s.bars, plugin.signals(s.bars, params), planBacktest(s.config, j.security), undefined, s.own);
    return { name: SEGMENT_NAMES[k]!, start: barLabel(j.bars.time[span.start]!), end: barLabel(j.bars.time[span.end - 1]!), bars: span.end - span.start, performance };
  });
  return {
    performance,
    buy_hold: kernelPerformance(j.bars, hold, holdPlan),
    comparison: compareToBenchmark(run.equity, hold.equity, j.config.annual_days),
    checks: [...basicChecks(j.bars, performance), ...segmentChecks(segments.map((s) => ({ bars: s.bars, p: s.performance })))],
    segments,
  };
}
