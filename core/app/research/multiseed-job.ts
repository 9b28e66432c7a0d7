/** One seed's sampled runs on a worker: each a backtest of one stock's sampled stretch, metrics only. */
import { type BarSeries, sliceSeries } from "../../bars/index.ts";
import { planBacktest, runMetrics, type BacktestConfig, type Performance, type SecurityInfo } from "../../backtest/index.ts";
import type { PluginRegistry, StrategyParams } from "../../../ports/plugins.ts";
import { pluginOf } from "./grid-job.ts";

export interface SeedJob {
  readonly strategy: string;
  readonly params: StrategyParams;
  readonly config: BacktestConfig;
  readonly members: readonly { readonly security: SecurityInfo; readonly bars: BarSeries }[];
  /** Bar ranges `[start, end)` of the members to run. */
  readonly runs: readonly { readonly member: number; readonly start: number; readonly end: number }[];
}

export function seedRuns(registry: PluginRegistry, j: SeedJob): Performance[] {
  const plugin = pluginOf(registry, j.strategy);
  const params = plugin.params.parse(j.params);
  return j.runs.map((r) => {
    const m = j.members[r.member]!;
    const bars = sliceSeries(m.bars, r.start, r.end);
    return runMetrics(bars, plugin.signals(bars, params), planBacktest(j.config, m.security));
  });
}
