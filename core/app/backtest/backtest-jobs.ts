/**
 * The backtest jobs the worker threads run (loaded by the worker pool), over the
 * plugin registry the thread's context carries.
 */
import type { PluginRegistry } from "../../../ports/plugins.ts";
import type { JobHandler } from "../../../ports/task-runner.ts";
import { screenBatch } from "./formula-screen.ts";
import { runMultiStrategyBacktest, runPortfolioBacktest, runSingle } from "./strategy-run.ts";

export function createJobs({ registry }: { registry: PluginRegistry }): Record<string, JobHandler> {
  return {
    "backtest.single": (run) => runSingle(registry, run),
    "backtest.portfolio": (run) => runPortfolioBacktest(registry, run),
    "backtest.multi": (run) => runMultiStrategyBacktest(registry, run),
    "formula.screen": (batch) => screenBatch(batch),
  };
}
