/**
 * The backtest jobs the worker threads run (loaded by the worker pool). Each
 * thread builds its own plugin registry once.
 */
import type { JobHandler } from "../../../ports/task-runner.ts";
import { loadPlugins } from "../../../plugins/index.ts";
import { screenBatch } from "./formula-screen.ts";
import { runMultiStrategyBacktest, runPortfolioBacktest, runSingle } from "./strategy-run.ts";

const registry = loadPlugins();

export const jobs: Record<string, JobHandler> = {
  "backtest.single": (run) => runSingle(registry, run),
  "backtest.portfolio": (run) => runPortfolioBacktest(registry, run),
  "backtest.multi": (run) => runMultiStrategyBacktest(registry, run),
  "formula.screen": (batch) => screenBatch(batch),
};
